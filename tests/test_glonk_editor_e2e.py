"""End-to-end: the Glonk scenario editor in a real window under Xvfb, driven with xdotool.

A bundled tutorial is opened, F2 enters the Glonk editor, G1 is moved with a real left drag
(press on the disc, move, release), and Save scenario is clicked: the saved file must hold G1
where it was dropped and pass `flickbook check`. Where to press on the table comes from an
offscreen mirror seen through the window's own camera (tests/xvfb/mirror.py); the panel's
buttons from viewer.glonk.editor.SPOTS. Skipped only when Xvfb/xdotool are missing.
"""
from __future__ import annotations

import math
import subprocess
import sys
import time

import pytest

from xvfb import pace
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk, wait_for_file
from xvfb.mirror import Mirror, corner_px
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def panel_px(name: str, i: int = 0):
    """Window pixel of a panel control (its spot is in a2dTopRight units)."""
    from viewer.glonk.editor import spot

    return corner_px(*spot(name, i), "top_right")


def test_drag_a_disc_and_save_the_scenario_in_a_real_window(tmp_path):
    from games.glonk import GAME
    from scenarios import bundled, load_scenario

    path = bundled("glonk")[2]  # The black hole: G1 at (0, -0.3)
    _, record = load_scenario(path)
    start, goal = (0.0, -0.30), (0.22, -0.18)
    desk = Desk(tmp_path)
    desk.env["FLICKBOOK_SCENARIOS"] = str(tmp_path / "scen")
    mirror = Mirror(desk, record)
    try:
        desk.start("open", str(path))
        desk.key("F2")
        desk.wait(lambda p: p["editor"] and p["mode"] == "edit", 20, "edit mode")
        desk.key("t")  # top-down camera
        mirror.sync(position=False)
        a, b = mirror.px((*start, 0.005)), mirror.px((*goal, 0.005))
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
                               timeout=pace.scaled(60))
        assert check.returncode == 0 and "valid glonk scenario" in check.stdout, check.stdout
    except BaseException:
        desk.screenshot()  # of the failure, in tmp_path/home/screenshots
        raise
    finally:
        mirror.close()
        desk.stop()


def seat_px(part: str, seat: int):
    """Window pixel of a seat row's control in the editor's panel."""
    from viewer.glonk.editor import seat_spot

    return corner_px(*seat_spot(part, seat), "top_right")


def test_players_armadas_and_starting_scores_set_with_clicks_saved_and_reopened(tmp_path):
    """A third player joins, P2 changes armada, the starting scores are clicked up, a
    negative score is refused, Ctrl+Z takes the last click back; the saved scenario holds
    it all, passes `flickbook check`, and shows it again when opened and edited."""
    from games.glonk import GAME
    from scenarios import bundled, load_scenario

    path = bundled("glonk")[2]  # The black hole: Little Greys against Invaders
    desk = Desk(tmp_path)
    desk.env["FLICKBOOK_SCENARIOS"] = str(tmp_path / "scen")

    def says(text, what=None):
        return desk.wait(lambda p: text in p["message"], 20, what or repr(text))

    try:
        desk.start("open", str(path))
        desk.key("F2")
        desk.wait(lambda p: p["editor"] and p["mode"] == "edit", 20, "edit mode")
        desk.click(*panel_px("players", 1))
        says("P3 Sinistrum joins")
        desk.click(*seat_px("armada", 1))  # the Invaders' seat: the next free armada
        says("P2 Zorgs: its ships take")
        for _ in range(2):
            desk.click(*seat_px("plus", 0))
        says("P1 starts with 2 points")
        desk.click(*seat_px("plus", 2))
        says("P3 starts with 1 point")
        desk.click(*seat_px("minus", 1))
        says("A score cannot be negative")
        desk.click(*seat_px("plus", 2))
        says("P3 starts with 2 points")
        desk.key("ctrl+z")
        says("Undone: P3 starts with 2 points")
        p = desk.wait(lambda p: "P3 Sinistrum: 1" in p["status"], 20, "the scores shown")
        assert "P1 Little Greys: 2" in p["status"] and "P2 Zorgs: 0" in p["status"], p["status"]
        desk.click(*panel_px("save"))
        saved = tmp_path / "scen" / "glonk" / "the-black-hole.flick"
        wait_for_file(saved)
        says("Saved")
        sc, _ = load_scenario(saved)
        state = GAME.state_from_json(sc.start)
        assert sc.config["players"] == 3
        assert state.seats == ("little_greys", "zorgs", "sinistrum")
        assert state.scores() == (2, 0, 1)
        assert sc.goal["type"] == "score" and sc.goal["points"] == 3  # P1 still needs 1 more
        check = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "check",
                                str(saved)], capture_output=True, text=True, cwd=ROOT,
                               timeout=pace.scaled(60))
        assert check.returncode == 0 and "valid glonk scenario" in check.stdout, check.stdout
        # reopened: the window shows the three armadas and their scores, and so does F2
        desk.key("F2")
        desk.wait(lambda p: not p["editor"], 20, "play mode")
        desk.open(saved)
        shown = "P1 Little Greys: 2", "P2 Zorgs: 0", "P3 Sinistrum: 1"
        desk.wait(lambda p: all(t in p["status"] for t in shown), 20, "the reopened scores")
        desk.key("F2")
        desk.wait(lambda p: p["editor"] and all(t in p["status"] for t in shown), 20,
                  "the editor on the reopened scenario")
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()
