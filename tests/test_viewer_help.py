"""The F1 help lists the keys of the mode the window is in, for the game shown, taken from that
mode's own key map: for every game x mode, each key F1 lists is bound there and each bound key
is listed; a key of one game is not listed in another; the mouse lines say what a left drag
does there. The lines never overlap and stay inside the box (1280x800). Every name a key map
or a bar button gives is in the controller's one command table, and every command there is
reached by one. Each command declares the modes it runs in (viewer.commands.where): a key map
binds it only there (so F1 lists no key that would be refused), a key another mode binds says
where it works, and a command run outside its modes is refused, the message line naming the
command, the mode and where it works."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_help_lists_the_modes_keys_without_overlaps(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all help checks passed" in result.stdout


def label_boxes(dialog):
    out = []
    for label in dialog.labels:  # DirectGUI bounds: (left, right, bottom, top) about its pos
        left, right, bottom, top = label.getBounds()
        p = label.getPos(dialog.box)
        out.append((p.x + left, p.z + bottom, p.x + right, p.z + top, label["text"]))
    return out


def check(ctl, app, mode_name, game):
    """F1 in `mode_name`: it lists exactly the keys that mode binds now, each bound to a
    command that exists, and its mouse lines; the lines fit the box and do not overlap."""
    from viewer.commands.where import WHERE
    from viewer.dialogs import HelpOverlay
    from viewer.keys import help_lines, key_name

    ctl.modes.sync()
    mode = ctl.modes.active
    assert mode.name == mode_name, (game, mode.name, mode_name)
    bound = mode.bindings()
    for k in bound:  # a key F1 lists runs something there, in a mode its command runs in
        assert callable(k.run) or k.run in ctl.commands, k
        assert callable(k.run) or WHERE[k.run].holds(mode_name), (game, mode_name, k)
    # a key the window listens for that this mode does not bind says so, naming the mode
    others = sorted(ctl._keys_accepted - {k.event for k in bound} - {"enter"})
    if others:
        nodes = len(list(ctl.session.record.nodes()))
        ctl._key(others[-1])
        said = ctl.message_text
        assert "does nothing now" in said and mode_name in said and "F1" in said, (others, said)
        key = next((k for k in ctl._every_key() if k.event == others[-1]), None)
        if key is not None and isinstance(key.run, str) and not WHERE[key.run].holds(mode_name):
            assert f"it works {WHERE[key.run].words}" in said, (others[-1], said)
        assert ctl.modes.sync().name == mode_name, (game, mode_name, others[-1])
        assert len(list(ctl.session.record.nodes())) == nodes  # and nothing was played
    ctl._key("f1")
    dialog = ctl.dialog
    assert isinstance(dialog, HelpOverlay) and ctl.mode == "dialog"
    key_lines = help_lines(bound)
    assert dialog.lines[:len(key_lines)] == key_lines, (game, mode_name)
    listed = [n for keys, _ in key_lines for n in keys.split(" / ")]
    assert sorted(listed) == sorted(key_name(k.event) for k in bound), (game, mode_name)
    assert dialog.lines[len(key_lines):] == mode.gestures()  # then the mouse, nothing else
    assert mode.title() == dialog.title["text"] and mode_name in dialog.title["text"]
    app.render_frames(1)
    assert [line for page in dialog.pages for line in page] == dialog.lines  # every line, once
    boxes = label_boxes(dialog)
    assert len(boxes) == 2 * len(dialog.pages[dialog.page])
    w, h = HelpOverlay.W, HelpOverlay.H
    for i, a in enumerate(boxes):
        assert -w / 2 <= a[0] and a[2] <= w / 2 and HelpOverlay.BOTTOM - 0.02 <= a[1] \
            and a[3] <= h / 2, ("outside the box", game, mode_name, a)
        for b in boxes[i + 1:]:
            overlap = a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3 \
                and b[1] < a[3] - 1e-3
            assert not overlap, (game, mode_name, a, b)
    # at 1280x720 a line of help is at least 12 pixels tall (aspect2d: 360 pixels a unit)
    assert dialog.scale * 360 >= 12, (game, mode_name, dialog.scale)
    if os.environ.get("HELP_PNG"):
        app.render_frames(2)
        app.save_png(f"{os.environ['HELP_PNG']}-{game}-{mode_name}.png")
    ctl._key("f1")
    assert ctl.dialog is None
    return {k.event for k in bound}, dict(dialog.lines)


def grendizer_session():
    import numpy as np

    from games.registry import get_game
    from timeline import Record, Session

    game = get_game("grendizer")
    session = Session(Record(game.name, game.default_config(1)), rng=np.random.default_rng(4))
    rng = np.random.default_rng(4)
    for _ in range(6):
        session.auto_chance()
        acts = list(game.legal_actions(session.state))
        if not acts:
            break
        session.play(acts[int(rng.integers(len(acts)))])
    session.auto_chance()
    session.go_to(session.record.root)
    return session


def mode_command_names(ctl) -> set[str]:
    """The command names the modes of the window (the game shown's too) may bind."""
    from viewer import keys as K

    groups = list(K.PLAY_GROUPS + K.EDIT_GROUPS)
    groups += [g for mode in ctl.modes.modes.values() for g in mode.groups]
    return {k.run for g in groups for k in g if isinstance(k.run, str)}


def every_mode(ctl, app, game: str) -> dict:
    """F1 in each mode this game's window can be in; returns each mode's bound events."""
    from viewer.scene import Pick

    seen = {"names": mode_command_names(ctl)}
    seen["play"] = check(ctl, app, "play", game)
    seats = {str(n) for n in range(1, 7)} & seen["play"][0]  # a seat key for each seat there is
    assert seats == {str(n) for n in range(1, ctl.host.seat_count() + 1)}, (game, seats)
    ctl.navigation.start()
    ctl.player.play_pause()  # the clock runs along the line: replay mode, the same keys
    seen["replay"] = check(ctl, app, "replay", game)
    ctl.player.stop()
    ctl.navigation.end()
    ctl._key("f2")  # the editor: its own, shorter key map
    seen["edit"] = check(ctl, app, "edit", game)
    # the bar's Play while setting up: refused, the message line says what, where and why
    assert ctl.mode == "edit" and not ctl.run_command("play_pause")
    assert not ctl.player.playing and ctl.mode == "edit"
    said = ctl.message_text
    assert said.startswith("Space (Play / pause) does not work now, in edit mode"), said
    assert said.endswith("it works in play, replay or log mode"), said
    ctl._key("f2")
    ctl.modes.sync()
    if ctl.mode == "edit":  # a set-up the editor will not play yet: leave it as it is
        ctl.editor.current.close()
        ctl.editor.current = None
        ctl.modes.sync()
    if game == "glonk":
        scene, state = app.scene, ctl.session.node.state
        mine = next(p for p in state.in_play() if p.owner == state.turn_player and p.is_ship
                    and p.speed > 0 and p.active)
        ctl.drag = scene.press(state, Pick(piece=mine.id, point=(mine.x, mine.y, 0.0)), 1, "",
                               ctl.host)
        assert ctl.drag is not None
        seen["aim"] = check(ctl, app, "aim", game)  # F1 ended the aim
        assert ctl.drag is None
        scene.select(state, mine.id)
        scene.set_mode(state, "jump")  # a second choice to pick: the pick mode holds
        seen["pick"] = check(ctl, app, "pick", game)
        ctl._key("escape")
        assert ctl.mode == "play" and scene.mode is None
    ctl.files.new_game(game, log=True)  # log mode: a game from a real table (viewer.tablelog)
    ctl.modes.sync()
    if ctl.mode == "typing":  # typed entry: its field has the keys first
        assert "tab" in {k.event for k in ctl.modes.active.bindings()}  # Tab completes
        ctl.leave_field()
    seen["log"] = check(ctl, app, "log", game)
    assert {"enter", "control-z", "control-l"} <= seen["log"][0], seen["log"][0]
    ctl.table_log.toggle()
    assert ctl.mode == "play"
    return seen


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session
    from viewer.glonk.demo import demo_session as glonk_demo

    app = ViewerApp(demo_session(), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    found = {"glik": every_mode(ctl, app, "glik")}
    ctl.shown.set_session(glonk_demo())
    found["glonk"] = every_mode(ctl, app, "glonk")
    ctl.shown.set_session(grendizer_session())
    found["grendizer"] = every_mode(ctl, app, "grendizer")
    # one command table: every name a key map or a bar button gives is a command there, and
    # every command in it is reached by a key or a button (the controller holds none itself)
    named = set().union(*(seen["names"] for seen in found.values()))
    table, buttons = set(ctl.commands), set(ctl.panel.buttons)
    assert named | buttons <= table, sorted((named | buttons) - table)
    assert table <= named | buttons, sorted(table - named - buttons)
    from viewer.commands.where import WHERE

    assert set(WHERE) == table, sorted(set(WHERE) ^ table)  # each declares where it runs
    assert not [n for n in dir(ctl) if n.startswith("cmd_")]
    # a key of one game is bound, and listed, in that game only
    glonk_only = {"g", "i", "b", "enter"}  # (X: the shot explorer lives in a real window)
    assert glonk_only <= found["glonk"]["play"][0], found["glonk"]["play"][0]
    for game in ("glik", "grendizer"):
        assert not glonk_only & found[game]["play"][0], (game, found[game]["play"][0])
    # a left drag on your disc flicks in Glonk; elsewhere (and in other games) it orbits
    glonk_mouse, glik_mouse = found["glonk"]["play"][1], found["glik"]["play"][1]
    assert "Flick" in glonk_mouse["Left drag on your active disc"]
    assert "Orbit" in glonk_mouse["Left drag elsewhere, middle drag"]
    assert "Left drag, middle drag" not in glonk_mouse
    assert "Orbit" in glik_mouse["Left drag, middle drag"]
    assert not any("Flick" in what for what in glik_mouse.values())
    # a mode with many more keys than today's: a third column opens before the text shrinks
    from viewer.dialogs import HelpOverlay

    # and one with more than three columns hold: further pages, never smaller text
    many = [(f"Ctrl+{c}{n}", f"does thing {c}{n}") for c in "ABCDEFGHIJ" for n in "123456"]
    many += [(f"Alt+{n}", "a longer description of what this key does, which wraps in its "
                          "column over two or three rows") for n in range(40)]
    dialog = HelpOverlay(app, many)
    assert dialog.columns == 3 and len(dialog.pages) > 1 and dialog.scale * 360 >= 12
    assert [line for page in dialog.pages for line in page] == many
    for page in range(len(dialog.pages)):
        if page:
            dialog.turn(1)
        app.render_frames(1)
        boxes = label_boxes(dialog)
        assert len(boxes) == 2 * len(dialog.pages[dialog.page])
        for i, a in enumerate(boxes):
            assert -HelpOverlay.W / 2 <= a[0] and a[2] <= HelpOverlay.W / 2, ("outside", a)
            assert HelpOverlay.BOTTOM - 0.02 <= a[1], ("over the buttons", a)
            for b in boxes[i + 1:]:
                assert not (a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3
                            and b[1] < a[3] - 1e-3), (a, b)
    dialog.turn(1)
    assert dialog.page == 0  # round the end
    dialog.close()
    print("all help checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
