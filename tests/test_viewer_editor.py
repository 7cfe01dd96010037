"""Edit mode in the real app drawing offscreen: F2 enters it, board clicks put stones that are
drawn in their colour at their projected field, right clicks mark goal stones, Verify and
Save write a puzzle, leaving edit mode plays it, and an opened puzzle gives hints and says
"Solved in N AP (best: M)".

Panda allows one ShowBase per process, so the checks run in a child process (this file run
as a script), like tests/test_viewer_controller.py.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_edit_mode_in_a_child_process(tmp_path):
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all editor checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from scenarios import bundled, load_scenario
    from test_viewer_glik_render import classify, patch
    from timeline import Session
    from viewer.app import ViewerApp
    from viewer.glik.scene import STONE_H, TILE_H, cell_xy
    from viewer.scene import Pick

    from games.glik import GAME
    from games.glik.positions import position
    from timeline import Record

    # a game on the standard layout with a few stones (the editor starts from them)
    start = position({(8, 3): "green", (3, 10): "yellow"}, ap=5)
    record = Record(GAME.name, {"players": 2, "setup": "fixed"},
                    start_state_json=GAME.state_to_json(start))
    app = ViewerApp(Session(record), offscreen=True, size=(960, 540), interactive=True)
    ctl = app.controller
    game_record = ctl.session.record

    def frames(n=2):
        for _ in range(n):
            app.taskMgr.step()

    # F2 enters edit mode from the position shown; the eraser clears it
    ctl._key("f2")
    ed = ctl.editor.current
    assert ed.active and ed.frame is not None and ctl.panel.side.isHidden()
    assert ed.model.stones == {(8, 3): "green", (3, 10): "yellow"}
    ed.choose(None)
    ed.board_click(Pick(cell=(8, 3)), 1)
    ed.board_click(Pick(cell=(3, 10)), 1)
    assert ed.model.stones == {}
    # keys that would act on the game behind the editor do nothing
    node = ctl.session.node
    ctl._key("arrow_left")
    assert ctl.session.node is node
    # palette + clicks: two stones, a refusal on an excluded field
    ed.choose("yellow")
    ed.board_click(Pick(cell=(8, 20)), 1)
    ed.choose("neutral")
    ed.board_click(Pick(cell=(8, 8)), 1)
    ed.board_click(Pick(cell=(0, 12)), 1)
    assert ctl.message_text == "Nothing stands on a brown excluded field", ctl.message_text
    ed.board_click(Pick(cell=(8, 8)), 3)
    assert ctl.message_text.startswith("Only yellow stones"), ctl.message_text
    ed.board_click(Pick(cell=(8, 20)), 3)  # the goal: this yellow stone touches
    assert ed.model.goal() == {"player": 0, "stones": [[8, 20]]}
    assert ed.marks.getNumChildren() == 1  # a ring round the goal stone
    ctl._key("escape")  # drops a selection, not the goal rings
    assert ed.marks.getNumChildren() == 1
    # the position drawn: each stone's colour where its field projects
    app.set_view(app.preset("top"))
    frames(3)
    img = app.capture()
    for (r, c), want in ((8, 20), "yellow"), ((8, 8), "neutral"):
        x, y = cell_xy(r, c)
        px = app.project((x, y, TILE_H + STONE_H * 0.9))
        got = classify(patch(img, px))
        assert got == want, f"({r},{c}) shows {got}, not {want}"
    # AP and words, then verify (in a thread) and save under $FLICKBOOK_SCENARIOS/glik
    for _ in range(3):
        ed._ap(-1)  # 5 -> 2
    assert ed.model.ap == 2
    ed.entries["title"].enterText("Two steps west")
    ed.entries["description"].enterText("Make the yellow stone touch.")
    ed.entries["hint"].enterText("The neutral stone stops you.")
    ed._entry_done("hint")
    ed.verify()
    ed.wait()
    assert ed.model.verified and ed.model.result.cost == 2, ed.model.result_words()
    assert ed.result_label["text"].startswith("Best: 2 AP, unique"), ed.result_label["text"]
    # the solution in the board's own names, not "slide 8,20 W" (tried in a real window)
    line = ed.line_label["text"]
    assert line == "Line: Y u8 left to j8; Y j8 up to j10, touches", line
    # every word of the panel inside the window (the key help ran off its right edge)
    from direct.gui.DirectGuiBase import DirectGuiWidget
    from direct.gui.DirectLabel import DirectLabel
    from panda3d.core import Point3

    frames(1)
    labels = [w for w in DirectGuiWidget.guiDict.values() if isinstance(w, DirectLabel)
              and not w.isEmpty() and w.hasParent() and ed.frame.isAncestorOf(w)
              and str(w["text"]).strip()]
    assert len(labels) > 10, len(labels)
    for w in labels:
        left, right, _, _ = w.getBounds()
        x0 = app.pixel2d.getRelativePoint(w, Point3(left, 0, 0))[0]
        x1 = app.pixel2d.getRelativePoint(w, Point3(right, 0, 0))[0]
        assert 0 <= x0 and x1 <= app.size[0] + 0.5, (w["text"], x0, x1, app.size)
    frames(2)
    app.save_png(tmp / "editor.png")  # the editor after Verify (docs/img/editor.png)
    ed.save()
    saved = tmp / "scen" / "glik" / "two-steps-west.flick"
    assert saved.exists() and ctl.message_text == f"Saved {saved}", ctl.message_text
    # saving again asks before replacing; "Keep both" writes a second file
    ed.save()
    assert ctl.dialog is not None
    ctl.dialog._answer(ed.asked["Keep both"])  # what the "Keep both" button does
    assert ctl.dialog is None
    assert (tmp / "scen" / "glik" / "two-steps-west-2.flick").exists()
    sc, rec = load_scenario(saved)
    assert sc.hints == ["The neutral stone stops you."] and len(sc.solution) == 2
    # leaving edit mode plays the set-up position as a puzzle, its solution hidden; the
    # record behind the editor is kept, and Ctrl+Z / Ctrl+Y swap between the two
    ctl._key("f2")
    assert not ed.active and not ctl.panel.side.isHidden() and ed.marks.getNumChildren() == 0
    assert ctl.session.record.kind == "scenario" and ctl.puzzle_box.puzzle is not None
    assert ctl.session.record.root.variations == [], "the solution is not in the move list"
    assert ctl.puzzle_box.puzzle.best == 2
    puzzle_record = ctl.session.record
    ctl._key("control-z")
    assert ctl.session.record is game_record, "Ctrl+Z goes back to the record behind the editor"
    ctl._key("control-y")
    assert ctl.session.record is puzzle_record
    ctl.navigation.go_to(ctl.session.record.root)
    for text in sc.solution:  # the author plays the solution
        action = ctl.session.game.parse_action(ctl.session.node.state, text)
        assert ctl.moves.play(action)
    assert ctl.message_text.startswith("Solved in 2 AP (best: 2)"), ctl.message_text
    # an opened bundled puzzle: title, goal, hints one at a time
    path = bundled("glik")[4]
    assert ctl.files.open_path(path) is None
    box = ctl.puzzle_box
    assert box.frame is not None and box.puzzle.scenario.title == "Round the corner"
    root = ctl.session.record.root
    assert root.variations == [] and box.solution_button is not None, "no solution shown"
    ctl._key("arrow_right")
    assert ctl.session.node is root, "Right does not step into the hidden solution"
    box.show_solution()
    assert [n.action_text for n in root.variations[0].line_to_end()[1:]] == box.solution.texts
    # said as players write it, in the board's names, not "slide 6,19 N ; ..."
    assert ctl.message_text.startswith("The solution (4 moves) is shown as the main line: Y "), \
        ctl.message_text
    assert "slide" not in ctl.message_text, ctl.message_text
    assert not ctl.session.dirty, "showing the stored solution is no change to save"
    ctl._key("arrow_right")
    assert ctl.session.node is root.variations[0]
    ctl._key("control-z")
    assert root.variations == [] and ctl.session.node is root
    assert "Goal: the yellow stone on t10 touches" in box.goal_label["text"]
    ctl._key("h")
    assert ctl.message_text == "Hint 1: The top edge is a road too.", ctl.message_text
    # F2 on a puzzle's start edits that puzzle
    ctl.navigation.go_to(ctl.session.record.root)
    ctl._key("f2")
    ed = ctl.editor.current
    assert ed.model.title == "Round the corner" and ed.model.goal() == box.puzzle.goal
    ctl._key("f2")
    frames(2)
    print("all editor checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
