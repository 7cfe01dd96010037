"""Glonk edit mode in the real app drawing offscreen: F2 on a Glonk record opens the Glonk
editor (not a Glik board); a disc dragged to a new place is drawn there, a drop on another
disc is refused, a right click flips a disc, the goal and words are set, Save writes a
scenario under $FLICKBOOK_SCENARIOS/glonk (asking before replacing), leaving edit mode plays
from the set-up position, and an opened tutorial gives its prompt and says when the goal is
met.

Panda allows one ShowBase per process, so the checks run in a child process (this file run
as a script), like tests/test_viewer_editor.py.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_glonk_edit_mode_in_a_child_process(tmp_path):
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all glonk editor checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    import numpy as np

    from games.glonk import GAME
    from games.glonk.positions import position
    from scenarios import bundled, load_scenario
    from timeline import Record, Session
    from viewer.app import ViewerApp
    from scenarios.glonk.puzzle import Puzzle as GlonkPuzzle
    from viewer.glonk.editor import GlonkEditor
    from viewer.scene import Pick

    start = position(("little_greys", "invaders"),
                     at={"BH": (0, 0), "G0": (0, -0.5), "G1": (0, -0.3), "V0": (0, 0.5),
                         "V1": (0, 0.3)})
    record = Record(GAME.name, {"players": 2, "armadas": ["little_greys", "invaders"]},
                    start_state_json=GAME.state_to_json(start))
    app = ViewerApp(Session(record), offscreen=True, size=(960, 540), interactive=True)
    ctl = app.controller

    def frames(n=3):
        for _ in range(n):
            app.taskMgr.step()

    def colour_at(img, xy, r=3):
        x, y = int(round(xy[0])), int(round(xy[1]))
        return np.median(img[y - r:y + r + 1, x - r:x + r + 1].reshape(-1, 3), axis=0)

    ctl._key("f2")
    ed = ctl.editor.current
    assert ctl.editor.active and isinstance(ed, GlonkEditor) and ed.active, "no Glonk editor"
    assert ctl.panel.side.isHidden() and ed.frame is not None
    frames()
    assert ctl.panel.turn_buttons == [], "no End turn for the game behind the editor"
    status = app.status.getText()  # says what a press does here: it moves discs, not flicks
    assert "Setting up: drag discs" in status and "flick" not in status, status
    from games.glonk.actions import Move

    assert not ctl.moves.play(Move("end_turn")) and "F2" in ctl.message_text
    assert ed.model.state() == GAME.state_from_json(GAME.state_to_json(start))
    app.set_view(app.preset("top"))
    frames()
    old, new = (0.0, -0.3), (0.25, -0.1)
    px_old, px_new = app.project((*old, 0.005)), app.project((*new, 0.005))
    before = app.capture()
    disc, mat_new = colour_at(before, px_old), colour_at(before, px_new)
    # a left drag on G1: pressed on the disc, moved, released at the new place
    assert ed.grab_disc(Pick(piece="G1", point=(0.004, -0.302, 0.0)))
    ed.drag_to(new[0] + 0.004, new[1] - 0.002)  # the grab point keeps its offset
    ed.drop_here()
    g1 = ed.model.state().piece("G1")
    assert (round(g1.x, 6), round(g1.y, 6)) == new and ctl.message_text == "G1 placed"
    frames()
    after = app.capture()
    now_new, now_old = colour_at(after, px_new), colour_at(after, px_old)
    assert np.abs(now_new - disc).sum() < np.abs(now_new - mat_new).sum(), (disc, mat_new, now_new)
    assert np.abs(now_old - disc).sum() > 60, (disc, now_old)  # the old place shows the mat
    # a drop onto V1 is refused, the disc stays where it was
    assert ed.grab_disc(Pick(piece="G1", point=(*new, 0.0)))
    ed.drag_to(0.01, 0.31)
    ed.drop_here()
    assert ctl.message_text.startswith("G1 would overlap V1"), ctl.message_text
    assert ed.model.state().piece("G1").x == new[0]
    # dropped on the box beside the Galaxy, a disc leaves the scenario; dragged back, it returns
    from viewer.glonk.scene import BOX_ANGLE, BOX_R

    import math

    box = (BOX_R * math.cos(BOX_ANGLE), BOX_R * math.sin(BOX_ANGLE))
    assert ed.grab_disc(Pick(piece="V1", point=(0.0, 0.3, 0.0)))
    ed.drag_to(*box)
    ed.drop_here()
    assert ed.model.state().piece("V1").status == "removed", ctl.message_text
    x, y, _ = app.scene.poses["V1"]  # now drawn in the box
    assert math.hypot(x - box[0], y - box[1]) < 0.2
    assert ed.grab_disc(Pick(piece="V1", point=(x, y, 0.0)))
    ed.drag_to(0.0, 0.3)
    ed.drop_here()
    assert ed.model.state().piece("V1").status == "in_play"
    # right click flips; the panel's Next and goal buttons; words typed in the entries
    ed.board_click(Pick(piece="V1"), 3)
    assert ed.model.state().piece("V1").active is False
    ed.board_click(Pick(piece="V1"), 3)
    ed.board_click(Pick(piece="V1"), 1)
    # the seats' table: a third player, a starting score; Ctrl+Z and Ctrl+Y are the editor's
    # (the record behind the editor stays as it is)
    behind = [str(n.action) for n in ctl.session.record.nodes()]
    rows = ed.seat_rows
    ed._players(1)
    assert ed.model.seats == ("little_greys", "invaders", "sinistrum"), ctl.message_text
    assert not rows[2]["armada"].isHidden() and rows[3]["armada"].isHidden()
    assert rows[2]["armada"]["text"] == "P3 Sinistrum" and "S0" in app.scene.poses
    ed._score(2, 1)
    assert ed.model.score(2) == 1 and rows[2]["score"]["text"] == "1 pt"
    ed._score(2, -1)
    ed._score(2, -1)
    assert ctl.message_text == "A score cannot be negative: the lowest is 0"
    ctl._key("control-z")
    assert ctl.message_text == "Undone: P3 starts with 0 points" and ed.model.score(2) == 1
    ctl._key("control-z")
    ctl._key("control-z")
    assert ed.model.players == 2 and rows[2]["armada"].isHidden(), ctl.message_text
    assert "S0" not in app.scene.poses  # its discs went with it
    ctl._key("control-y")
    assert ed.model.players == 3 and ctl.message_text == "Redone: 3 players"
    ctl._key("control-z")
    assert [str(n.action) for n in ctl.session.record.nodes()] == behind
    ed.set_goal("atomise")
    assert ed.model.check == {"type": "atomise", "piece": "V1"}
    ed.entries["title"].enterText("Editor test")
    ed.entries["goal_text"].enterText("Atomise V1")
    ed.entries["hint"].enterText("The Black Hole is your friend.")
    ed._entry_done("hint")
    frames()
    app.save_png(tmp / "editor-glonk.png")  # docs/img/editor-glonk.png
    ed.save()
    saved = tmp / "scen" / "glonk" / "editor-test.flick"
    assert saved.exists() and ctl.message_text == f"Saved {saved}", ctl.message_text
    ed.save()
    assert ctl.dialog is not None  # never overwritten silently
    ctl.dialog._answer(ed.asked["Keep both"])
    assert (tmp / "scen" / "glonk" / "editor-test-2.flick").exists()
    sc, _ = load_scenario(saved)
    assert sc.goal == {"type": "atomise", "piece": "V1", "text": "Atomise V1"}
    assert GAME.state_from_json(sc.start).piece("G1").x == new[0]
    # leaving edit mode plays from the set-up position
    ctl._key("f2")
    assert not ctl.editor.active and not ed.active and not ctl.panel.side.isHidden()
    frames()
    assert "release to flick" in app.status.getText(), app.status.getText()
    assert ctl.session.record.kind == "scenario"
    assert isinstance(ctl.puzzle_box.puzzle, GlonkPuzzle)
    assert ctl.session.node.state.piece("G1").x == new[0]
    # a bundled tutorial: its prompt at the start, "Goal met" after its solution flick
    path = bundled("glonk")[2]
    tut, _ = load_scenario(path)
    assert ctl.files.open_path(path) is None
    ctl.navigation.go_to(ctl.session.record.root)
    assert ctl.message_text.startswith("The Black Hole: flick G1"), ctl.message_text
    assert "Goal: Score a point" in ctl.puzzle_box.goal_label["text"]
    ctl._key("h")
    assert ctl.message_text.startswith("Hint 1: "), ctl.message_text
    action = ctl.session.game.parse_action(ctl.session.node.state, tut.solution[0])
    assert ctl.session.record.root.variations == [], "the solution flick is not shown"
    assert ctl.moves.play(action)
    while ctl.moves.pending is not None:  # the flick is simulated off the frame thread
        ctl.moves.pending.wait(60)
        frames(1)
    assert "Goal met in 1 action!" in ctl.message_text, ctl.message_text
    # F2 on the tutorial's start edits that tutorial
    ctl.navigation.go_to(ctl.session.record.root)
    ctl._key("f2")
    assert ed.active and ed.model.title == "The black hole" and ed.model.check == {
        "type": "score", "player": 0, "points": 1}
    ctl._key("f2")
    frames(2)
    print("all glonk editor checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
