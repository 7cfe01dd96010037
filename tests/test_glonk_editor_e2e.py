"""End-to-end: the Glonk scenario editor in a real window under Xvfb, driven with xdotool.

A bundled tutorial is opened, F2 enters the Glonk editor, G1 is moved with a real left drag
(press on the disc, move, release), and Save scenario is clicked: the saved file must hold G1
where it was dropped and pass `flickbook check`. Where to press on the table comes from an
offscreen mirror at the window's size and camera; the panel's buttons from
viewer.glonk.editor.SPOTS. Skipped only when Xvfb/xdotool are missing.
"""
from __future__ import annotations

import math
import subprocess
import sys
import time

import pytest

from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk, wait_for_file

W, H = 1280, 720
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def panel_px(name: str, i: int = 0):
    """Window pixel of a panel control (its spot is in a2dTopRight units)."""
    from viewer.glonk.editor import spot

    x, y = spot(name, i)
    aspect = W / H
    return ((aspect + x) / aspect + 1) / 2 * W, -y / 2 * H


def test_drag_a_disc_and_save_the_scenario_in_a_real_window(tmp_path):
    from games.glonk import GAME
    from scenarios import bundled, load_scenario
    from timeline import Session
    from viewer.panel import BAR_H, PANEL_W
    from viewer.render import offscreen_app

    path = bundled("glonk")[2]  # The black hole: G1 at (0, -0.3)
    _, record = load_scenario(path)
    mirror = offscreen_app(Session(record), (W, H))
    mirror.set_insets(PANEL_W, BAR_H)
    mirror.set_view(mirror.preset("top"))
    mirror.render_frames(1)
    start, goal = (0.0, -0.30), (0.22, -0.18)
    a, b = mirror.project((*start, 0.005)), mirror.project((*goal, 0.005))
    assert a is not None and b is not None
    desk = Desk(tmp_path)
    desk.env["FLICKBOOK_SCENARIOS"] = str(tmp_path / "scen")
    try:
        desk.start("open", str(path))
        desk.key("F2")
        desk.wait(lambda p: p["editor"] and p["mode"] == "edit", 20, "edit mode")
        desk.key("t")  # top-down camera, as in the mirror
        desk.settled()
        # a person's drag: several small moves
        desk.drag([a] + [(a[0] + (b[0] - a[0]) * k / 8, a[1] + (b[1] - a[1]) * k / 8)
                         for k in range(1, 9)])
        desk.wait(lambda p: p["message"].startswith("G1"), 20, "the disc dropped")
        desk.click(*panel_px("save"))
        saved = tmp_path / "scen" / "glonk" / "the-black-hole.flick"
        wait_for_file(saved)
        sc, _ = load_scenario(saved)
        g1 = GAME.state_from_json(sc.start).piece("G1")
        assert math.hypot(g1.x - goal[0], g1.y - goal[1]) < 0.01, (g1.x, g1.y)
        assert sc.title == "The black hole" and sc.goal["type"] == "score"
        check = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "check",
                                str(saved)], capture_output=True, text=True, cwd=ROOT,
                               timeout=60)
        assert check.returncode == 0 and "valid glonk scenario" in check.stdout, check.stdout
    except BaseException:
        desk.screenshot()  # of the failure, in tmp_path/home/screenshots
        raise
    finally:
        mirror.set_insets(0, 0)
        desk.stop()
