"""Nothing a user made is lost by the window (in the real app, drawing offscreen): F2 on a
game without an editor says so and keeps the game; leaving an editor keeps the record behind
it (Ctrl+Z goes back, Ctrl+Y forward); closing asks Save / Discard / Cancel for every record
with unsaved changes, and Cancel keeps the window; a saved view is applied when its node is
reached.

Panda allows one ShowBase per process, so the checks run in a child process (this file run
as a script), like tests/test_viewer_controller.py.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_records_are_kept_and_closing_asks_in_a_child_process(tmp_path):
    env = dict(os.environ, FLICKBOOK_HOME=str(tmp_path / "home"),
               FLICKBOOK_SCENARIOS=str(tmp_path / "scen"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all record-keeping checks passed" in result.stdout


def glik_game(plies: int, seed: int = 7):
    """A Glik game of `plies` plies played by a seeded random hand (chance included)."""
    import numpy as np

    from games.glik import GAME
    from games.api import CHANCE, sample_chance
    from timeline import Record, Session

    rng = np.random.default_rng(seed)
    session = Session(Record.new(GAME.name, {"players": 2, "setup": "fixed"}), rng=rng)
    while session.node.ply < plies:
        state = session.state
        if GAME.current_player(state) == CHANCE:
            session.play(sample_chance(GAME, state, rng))
            continue
        actions = list(GAME.legal_actions(state))
        if not actions:
            break
        session.play(actions[int(rng.integers(len(actions)))])
    assert session.node.ply == plies
    return session.record


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from timeline import Record, Session, load_record, save_record
    from viewer.app import ViewerApp

    import numpy as np

    grendizer = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(3))
    grendizer.auto_chance()
    grendizer.clear_history()  # the deal is no edit (as `flickbook play` does)
    app = ViewerApp(grendizer, offscreen=True, size=(960, 540), interactive=True)
    ctl = app.controller
    quits = []
    ctl.closing.quit = lambda: quits.append(True)  # what closes the window, counted instead

    def frames(n=2):
        for _ in range(n):
            app.taskMgr.step()

    # F2 on a game without an editor: one clear line, and the game stays as it was
    import games.grendizer
    from games.registry import Manifest

    parts = {k: v for k, v in games.grendizer.MANIFEST.parts.items() if k != "editor"}
    games.grendizer.MANIFEST = Manifest("grendizer", parts)  # (a child process: only this test's)
    before = (ctl.session, ctl.session.node, len(list(ctl.session.record.nodes())))
    ctl._key("f2")
    assert not ctl.editor.active
    assert ctl.message_text == "Grendizer XperienZ has no position editor yet: the game stays as it is", ctl.message_text
    assert (ctl.session, ctl.session.node, len(list(ctl.session.record.nodes()))) == before
    frames()

    # nothing unsaved: the window closes at once
    ctl.closing.request()
    assert quits == [True] and ctl.dialog is None
    quits.clear()

    # a 47-ply Glik game, opened from a file; F2 and Done keep it behind the set-up position
    path = tmp / "game47.flick"
    save_record(glik_game(47), path)
    assert ctl.files.open_path(path) is None
    game = ctl.session
    ctl.navigation.go_to(game.record.root.end())
    ctl._key("f2")
    assert ctl.editor.active
    ctl._key("f2")  # Done: play the set-up position
    assert not ctl.editor.active and ctl.session is not game
    assert "game47.flick is kept: Ctrl+Z goes back to it" in ctl.message_text, ctl.message_text
    ctl._key("control-z")
    assert ctl.session is game and ctl.path == path and game.node.ply == 47
    assert ctl.message_text.startswith("Undone: back to game47.flick"), ctl.message_text
    ctl._key("control-y")
    assert ctl.session is not game
    ctl._key("control-z")
    assert ctl.session is game

    # an unsaved change: closing asks; Cancel keeps the window; Save writes the file
    ctl.views.view_top()
    frames()
    app.set_view(app.preset("top"))
    ctl.views.save_view()
    assert game.dirty
    ctl.closing.request()
    assert ctl.dialog is not None and not quits
    assert ctl.dialog.text == "Save the changes to game47.flick before closing?", ctl.dialog.text
    ctl.dialog._answer(ctl.closing._cancel)  # what the Cancel button does
    assert not quits and ctl.dialog is None and ctl.message_text.startswith("Not closed")
    ctl.closing.request()
    ctl.dialog._answer(ctl.closing._save)
    assert quits == [True] and not game.dirty
    assert load_record(path).mainline()[-1].camera == {"view": "top"}, "Save wrote the file"
    quits.clear()

    # a kept record with unsaved changes is asked about too, by its name; no file: a dialog
    ctl.navigation.go_to(game.record.root.end())
    ctl.session.set_comment("a note")
    ctl._key("f2")
    ctl._key("f2")
    setup = ctl.session
    setup.set_comment("a note on the set-up")
    ctl.closing.request()
    assert len(ctl.closing.queue) == 2 and "Untitled puzzle" in ctl.dialog.text, ctl.dialog.text
    ctl.dialog._answer(ctl.closing._save)  # the set-up record has no file: a file dialog
    from viewer.dialogs import FileDialog

    assert isinstance(ctl.dialog, FileDialog)
    ctl.dialog._finish(str(tmp / "setup.flick"))
    assert (tmp / "setup.flick").exists() and not quits
    assert ctl.dialog is not None and "game47.flick" in ctl.dialog.text, "then the kept one"
    ctl.dialog._answer(ctl.closing._discard)
    assert quits == [True]
    quits.clear()

    # a saved view is applied when its node is reached
    from scenarios import SCENARIO_DIR

    assert ctl.files.open_path(SCENARIO_DIR / "glonk" / "01-your-first-flick.flick") is None
    frames(3)
    top = app.preset("top")
    assert abs(app.orbit.goal.pitch - top.pitch) < 0.5 and abs(app.orbit.goal.distance - top.distance) < 1e-3
    print("all record-keeping checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
