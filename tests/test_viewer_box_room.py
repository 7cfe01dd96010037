"""A box that opens beside a view of the user's own (or a record's saved camera, not a named
top or seat view) does not lie over the table: the camera moves back by as much as the view's
room shrank, and in again when the box closes (tried in a real window: the F3 panel covered
the yellow stones and the a-file of the Glik demo's own view). Named views re-fit as before.

Panda allows one ShowBase per process, so the checks run in a child process (this file run
as a script)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_f3_panel_does_not_cover_the_board_of_an_own_view(tmp_path):
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all room checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from dataclasses import replace

    from games.glik.notation import parse_cell
    from scenarios import bundled
    from viewer.app import ViewerApp
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller

    def frames(n=3):
        for _ in range(n):
            app.taskMgr.step()

    assert ctl.files.open_path(bundled("glik")[0]) is None
    frames()
    top = app.preset("top")
    own = replace(top, pitch=-80.0, distance=top.distance * 1.1)  # the user's own view
    app.set_view(own)
    frames()
    assert app.view_to_save(app.orbit.goal)["view"] == "orbit"

    corners = [app.scene.cell_center(parse_cell(c)) for c in ("a1", "a16", "x1", "x16")]

    def clear_of(box, free):
        for c in corners:
            x, y = app.project(c)
            assert free[0] <= x <= free[2] and free[1] <= y <= free[3], (c, x, y, free)
            assert not (box[0] <= x <= box[2] and box[1] <= y <= box[3]), (c, x, y, box)

    before = app.orbit.goal.distance
    clear_of((0, 0, 0, 0), app.screen.probe()["free"])  # the whole board in the view's room
    ctl._key("f3")
    frames()
    plan = app.screen.probe()
    assert "lesson_panel" in plan["boxes"]
    clear_of(plan["boxes"]["lesson_panel"], plan["free"])
    assert app.orbit.goal.distance > 1.2 * before  # moved back, same heading and pitch
    assert (app.orbit.goal.heading, app.orbit.goal.pitch) == (own.heading, own.pitch)
    ctl._key("f3")
    frames()
    assert abs(app.orbit.goal.distance - before) < 0.02 * before  # and in again
    print("all room checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
