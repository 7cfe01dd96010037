"""End-to-end: the puzzle editor in a real window under Xvfb, driven with xdotool.

F2 enters edit mode, two stones are put with real clicks (a yellow one, then a neutral one
after choosing it in the palette), a right click makes the yellow stone the goal, the AP is
lowered with the panel's buttons, the title typed, Verify and Save puzzle clicked. The saved
file must pass `flickbook check` and `flickbook solve --json` must find the 2-AP line.
Where to click on the board comes from an offscreen mirror seen through the window's own
camera (tests/xvfb/mirror.py); the panel's controls from viewer.glik.editor.SPOTS.
Skipped only when Xvfb/xdotool are missing.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from xvfb import pace
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk, wait_for_file
from xvfb.mirror import Mirror, corner_px
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)

# puzzle 01's position without the two stones the test puts
STONES = {(8, 3): "green", (5, 20): "green", (6, 17): "neutral", (3, 10): "green",
          (1, 8): "neutral"}


def panel_px(name: str, i: int = 0):
    """Window pixel of a panel control (its spot is in a2dTopRight units)."""
    from viewer.glik.editor import spot

    return corner_px(*spot(name, i), "top_right")


def test_set_up_verify_and_save_a_puzzle_in_a_real_window(tmp_path):
    from games.glik import GAME
    from games.glik.positions import position
    from scenarios import load_scenario
    from timeline import Record, save_record

    start = tmp_path / "start.flick"
    record = Record(GAME.name, {"players": 2, "setup": "fixed"},
                    start_state_json=GAME.state_to_json(position(STONES, ap=5)))
    save_record(record, start)
    desk = Desk(tmp_path)
    desk.env["FLICKBOOK_SCENARIOS"] = str(tmp_path / "scen")
    mirror = Mirror(desk, record)
    cell = mirror.cell
    try:
        desk.start("open", str(start))
        desk.key("F2")
        desk.wait(lambda p: p["editor"] and p["mode"] == "edit", 20, "edit mode")
        desk.key("t")  # top-down camera
        mirror.sync(position=False)  # the board's fields, where the window draws them
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
        mirror.close()
        desk.stop()
