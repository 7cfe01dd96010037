"""A text field that lets go of the keyboard on Enter does so in the middle of a frame's input:
the keys typed just before Enter were its own (their keystrokes reached the field first) and
must not run as shortcuts once it has let go. Seen under load: a path typed into Ctrl+O ending
in "...flick" and Enter opened the file, then the "l" of the same frame opened the Learn list.
The same holds for the comment box and every editor field that gives the keyboard back on
Enter (title, description, goal, hand): a title ending in "t" must not turn the camera top-down.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_keys_of_the_frame_a_field_let_go_in_are_the_fields(tmp_path):
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all hand-back checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from direct.gui import DirectGuiGlobals as DGG
    from direct.showbase.MessengerGlobal import messenger

    from scenarios import bundled
    from viewer.app import ViewerApp
    from viewer.dialogs import FileDialog, LearnOverlay
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    app.render_frames(1)
    ctl.files.open()
    assert isinstance(ctl.dialog, FileDialog) and ctl.mode == "dialog"
    path = next(p for p in bundled() if p.name == "02-boarding.flick")
    ctl.dialog._enter(str(path))  # Enter in the path field: the file opens, the dialog closes
    assert ctl.dialog is None and ctl.mode == "play"
    ctl._key("l")  # the same frame's "l" (of "...flick"): the dialog's, not Learn
    assert ctl.dialog is None, "a key typed into the closed dialog ran as a shortcut"
    assert ctl.session.record.scenario["title"] == "Boarding"
    messenger.send("enter")  # the frame's Enter event: keys after it were typed after Enter
    ctl._key("l")
    assert isinstance(ctl.dialog, LearnOverlay), "a key typed after Enter was lost"
    ctl._key("escape")
    app.render_frames(1)
    ctl._key("l")  # a later L is the window's too
    assert isinstance(ctl.dialog, LearnOverlay)
    ctl._key("escape")
    app.render_frames(1)
    assert ctl.dialog is None and ctl.mode == "play"

    def mode():  # the mode the next key goes to (the machine follows the focus then)
        return ctl.modes.sync().name

    # the comment box: "...well" and Enter keep the comment; that frame's "l" is the box's
    panel = ctl.panel
    node = ctl.session.node
    panel.focus_comment(node)
    assert mode() == "typing"
    panel.comment.enterText("Boarding from the left works well")
    panel._comment_entered(panel.comment.get())
    assert mode() == "play" and node.comment == "Boarding from the left works well"
    ctl._key("l")
    assert ctl.dialog is None, "a key typed into the comment box ran as a shortcut"
    messenger.send("enter")
    ctl._key("l")
    assert isinstance(ctl.dialog, LearnOverlay)
    ctl._key("escape")
    app.render_frames(1)
    messenger.send(DGG.OVERFLOW + panel.comment.guiId)
    assert ctl.message_text.startswith("The comment is full (60 lines)"), ctl.message_text

    # every editor field that gives the keyboard back on Enter: "...west" and Enter, then the
    # frame's "t" (top-down camera in edit mode) is the field's
    for game in ("glik", "glonk", "grendizer"):
        assert ctl.files.open_path(bundled(game)[0]) is None
        app.render_frames(1)
        ctl._key("f2")
        ed = ctl.editor.current
        assert mode() == "edit", (game, mode())
        for name, entry in ed.entries.items():
            if name == "hint":  # Enter adds the hint and the field keeps the keyboard
                continue
            app.set_view(app.preset("seat"))
            app.render_frames(1)
            entry["focus"] = 1
            assert mode() == "typing", (game, name)
            text = entry.get() if name == "hand" else f"{game} {name}: two steps west"
            entry.enterText(text)
            ed._entry_enter(text, name)
            assert mode() == "edit", (game, name, mode())
            ctl._key("t")
            assert not app.orbit.moving, f"a key typed into {game}'s {name} moved the camera"
            messenger.send("enter")
            ctl._key("t")  # typed after Enter: the camera's
            assert app.orbit.moving, f"a key typed after Enter in {game}'s {name} was lost"
            if name != "hand":
                assert getattr(ed.model, name) == text, (game, name)
        # text typed past a field's width: a one-line field scrolls, a fuller one says so
        for name, entry in ed.entries.items():
            if entry["numLines"] == 1:
                assert entry.guiItem.getOverflowMode(), f"{game}'s {name} drops what overflows"
            else:
                messenger.send(DGG.OVERFLOW + entry.guiId)  # PGEntry refused a key
                assert ctl.message_text.startswith(f"The {name} is full"), ctl.message_text
        app.set_view(app.preset("seat"))
        app.render_frames(1)
        ctl._key("t")  # a later T is the editor's again
        assert app.orbit.moving, f"T no longer turns the camera in {game}'s editor"
        ctl._key("f2")
        app.render_frames(1)
    print("all hand-back checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
