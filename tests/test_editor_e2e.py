"""End-to-end: the puzzle editor in a real window under Xvfb, driven with xdotool.

F2 enters edit mode, two stones are put with real clicks (a yellow one, then a neutral one
after choosing it in the palette), a right click makes the yellow stone the goal, the AP is
lowered with the panel's buttons, the title typed, Verify and Save puzzle clicked. The saved
file must pass `flickbook check` and `flickbook solve --json` must find the 2-AP line.
Where to click on the board comes from an offscreen mirror at the window's size and camera;
the panel's controls from viewer.glik.editor.SPOTS. Skipped only when Xvfb/xdotool are missing.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from xvfb import pace
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk, wait_for_file

W, H = 1280, 720
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)

# puzzle 01's position without the two stones the test puts
STONES = {(8, 3): "green", (5, 20): "green", (6, 17): "neutral", (3, 10): "green",
          (1, 8): "neutral"}


def panel_px(name: str, i: int = 0):
    """Window pixel of a panel control (its spot is in a2dTopRight units)."""
    from viewer.glik.editor import spot

    x, y = spot(name, i)
    aspect = W / H
    return ((aspect + x) / aspect + 1) / 2 * W, -y / 2 * H


def test_set_up_verify_and_save_a_puzzle_in_a_real_window(tmp_path):
    from games.glik import GAME
    from games.glik.positions import position
    from scenarios import load_scenario
    from timeline import Record, Session, save_record
    from viewer.panel import BAR_H, PANEL_W
    from viewer.render import offscreen_app

    start = tmp_path / "start.flick"
    record = Record(GAME.name, {"players": 2, "setup": "fixed"},
                    start_state_json=GAME.state_to_json(position(STONES, ap=5)))
    save_record(record, start)
    mirror = offscreen_app(Session(record), (W, H))
    mirror.set_insets(PANEL_W, BAR_H)
    mirror.set_view(mirror.preset("top"))
    mirror.render_frames(1)

    def cell(rc):
        p = mirror.project(mirror.scene.cell_center(rc))
        assert p is not None
        return p

    desk = Desk(tmp_path)
    desk.env["FLICKBOOK_SCENARIOS"] = str(tmp_path / "scen")
    try:
        desk.start("open", str(start))
        desk.key("F2")
        desk.wait(lambda p: p["editor"] and p["mode"] == "edit", 20, "edit mode")
        desk.key("t")  # top-down camera, as in the mirror
        desk.settled()
        desk.click(*cell((8, 20)))  # yellow: the palette's first colour
        desk.click(*panel_px("swatch", 4))  # the neutral stone
        desk.click(*cell((8, 8)))
        desk.click(*cell((8, 20)), button=3)  # the goal: this yellow stone touches
        for _ in range(3):  # 5 AP -> 2 AP
            desk.click(*panel_px("ap", 1))
        desk.click(*panel_px("title"))
        desk.type("E2E two steps")
        desk.key("Return")
        # hints: Enter adds each and the field keeps the keys (V and T are camera keys)
        view = desk.settled()["view"]
        desk.click(*panel_px("hint"))
        desk.wait(lambda p: p["mode"] == "typing", 20, "the hint field")
        desk.type("Move over the top")
        desk.key("Return")
        desk.wait(lambda p: p["editor_hints"] == ["Move over the top"] and p["typing"], 20,
                  "the first hint added, the field still typing")
        desk.type("Then stop")
        desk.key("Return")
        desk.wait(lambda p: len(p["editor_hints"]) == 2, 20, "the second hint")
        desk.key("Escape")
        p = desk.wait(lambda p: p["mode"] == "edit", 20, "Esc to leave the hint field")
        assert p["view"] == view, "no key reached the camera while typing"
        desk.click(*panel_px("verify"))
        desk.wait(lambda p: p["message"].startswith(("Solved", "No solution")), 60, "the solver")
        desk.click(*panel_px("save"))
        saved = tmp_path / "scen" / "glik" / "e2e-two-steps.flick"
        wait_for_file(saved)
        sc, _ = load_scenario(saved)
        assert sc.title == "E2E two steps"
        assert sc.hints == ["Move over the top", "Then stop"]
        assert sc.goal == {"player": 0, "stones": [[8, 20]]}
        state = GAME.state_from_json(sc.start)
        assert state.stone_at(8, 20) == "yellow" and state.stone_at(8, 8) == "neutral"
        assert state.ap_left == 2
        cli = [sys.executable, str(ROOT / "flickbook_cli.py")]
        check = subprocess.run(cli + ["check", str(saved)], capture_output=True, text=True,
                               cwd=ROOT, timeout=pace.scaled(60))
        assert check.returncode == 0 and "valid glik scenario" in check.stdout, check.stdout
        solve = subprocess.run(cli + ["solve", "--json", str(saved)], capture_output=True,
                               text=True, cwd=ROOT, timeout=pace.scaled(60))
        out = json.loads(solve.stdout)
        assert out["solved"] and out["cost"] == 2 and out["unique"]
        assert out["line"] == sc.solution
    except BaseException:
        desk.screenshot()  # of the failure, in tmp_path/home/screenshots
        raise
    finally:
        mirror.set_insets(0, 0)
        desk.stop()
