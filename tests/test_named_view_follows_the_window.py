"""A named view (top, a seat's) follows the window when it changes shape: made at 1280x720
and the window made 1280x800 (and back), the view is fitted again, so what it frames lies in
the window's free part (a top view made at 1280x720 was kept at 1280x800, with the board's
sides and the reserves past the side panel's edge and under the tray).

Panda allows one ShowBase per process, so the checks run in a child process.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_named_view_is_fitted_again_when_the_window_changes_shape():
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "named view checks passed" in result.stdout


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from games.glik import GAME
    from timeline import Record, Session
    from viewer.app import ViewerApp

    app = ViewerApp(Session(Record(GAME.name, GAME.default_config(2))), offscreen=True,
                    size=(1280, 720), interactive=True)

    def frames(n=40):
        for _ in range(n):
            app.taskMgr.step()

    def framed(points):
        """The points' pixels, and whether each lies in the free part (a pixel of slack)."""
        free = app.free_region()
        out = []
        for p in points:
            px = app.project(p)
            out.append(px is not None and free.x0 - 1 <= px[0] <= free.x1 + 1
                       and free.y0 - 1 <= px[1] <= free.y1 + 1)
        return out

    frames(5)
    # what the top view must show: the board with its coordinates, and every reserve stone
    points = app.scene.seat_fit(app.session.state)[0]
    app.set_view(app.preset("top"))
    frames()
    assert all(framed(points)), "1280x720 to begin with"
    for size in ((1280, 800), (1280, 720)):
        app.resize(size)
        app.controller.panel.layout()  # what a window's resize event does
        frames()
        assert app.view_to_save(app.orbit.goal) == {"view": "top"}, size
        assert all(framed(points)), (size, framed(points))
    # a seat's view is the one the seat's preset fits for the new shape
    app.set_view(app.preset("seat", 1))
    frames()
    for size in ((1280, 800), (1280, 720)):
        app.resize(size)
        app.controller.panel.layout()
        frames()
        assert app.view_to_save(app.orbit.goal) == {"view": "seat", "seat": 1}, size
    print("named view checks passed")


if __name__ == "__main__":
    child()
