"""End-to-end: the Grendizer puzzle editor in a real window under Xvfb, driven with xdotool.

F2 on a Grendizer position opens the Grendizer editor (from the editor registry); with real
clicks a Saucer Beast is put on Tokyo's first battlefield square and damaged twice, it becomes
the goal within 1 turn, the hand is typed, the hidden cards put in a fixed order, the title
typed, Verify shows the verdict and Save writes the puzzle, which `flickbook check` and
`flickbook solve --json` accept; opened again, F2 edits it with its goal. Every step waits on
what the window says (its probe), never on a fixed sleep. Where to click on the board comes
from an offscreen mirror seen through the window's own camera (tests/xvfb/mirror.py); the
panel's controls from viewer.grendizer.editor.SPOTS.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from xvfb import pace
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk, wait_for_file
from xvfb.mirror import Mirror, corner_px
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def panel_px(name: str, i: int = 0):
    from viewer.grendizer.editor import spot

    return corner_px(*spot(name, i), "top_right")


def said(desk, text, what=None):
    return desk.wait(lambda p: text in (p.get("message") or ""), 60, what or repr(text))


def screenshot(desk, path):
    """The window as drawn now: a pointer move makes it draw a frame after what it said."""
    before = desk.probe().get("frames_drawn", 0)
    desk.move(640, 700)
    desk.move(650, 705)
    desk.wait(lambda p: p.get("frames_drawn", 0) > before, 10, "a fresh frame")
    subprocess.run(["import", "-window", "root", str(path)], env=desk.env, check=False,
                   capture_output=True)


def test_set_up_verify_save_and_reopen_a_grendizer_puzzle_in_a_real_window(tmp_path):
    from games.grendizer import GAME
    from scenarios import load_scenario
    from authoring.grendizer.make_puzzles import blank
    from timeline import Record, save_record

    start = tmp_path / "start.flick"
    record = Record(GAME.name, {"players": 1, "difficulty": "easy"},
                    start_state_json=GAME.state_to_json(blank().state()))
    save_record(record, start)

    desk = Desk(tmp_path)
    desk.env["FLICKBOOK_SCENARIOS"] = str(tmp_path / "scen")
    mirror = Mirror(desk, record)
    try:
        desk.start("open", str(start))
        desk.key("F2")
        desk.wait(lambda p: p["editor"], 30, "the editor")
        said(desk, "Set up: choose a tool")
        desk.key("t")
        mirror.sync(position=False)
        target = mirror.cell((2, 3))
        desk.click(*panel_px("tool", 1))  # Beast
        said(desk, "Tool: beast")
        desk.click(*target)
        said(desk, "on space 3", "the Saucer Beast placed")
        desk.click(*panel_px("damage", 1))
        said(desk, "Damage 1")
        desk.click(*panel_px("damage", 1))
        said(desk, "Damage 2")
        desk.click(*panel_px("goal", 0))  # destroy it
        said(desk, "Goal: destroy Gilgil within 2 turns")
        desk.click(*panel_px("turns", 0))
        desk.click(*panel_px("hand"))
        desk.type("C05 C16")
        desk.key("Return")
        said(desk, "Hand set")
        desk.click(*panel_px("order", 0))
        said(desk, "fixed order")
        desk.click(*panel_px("title"))
        desk.type("E2E last blow")
        desk.key("Return")
        desk.click(*panel_px("verify"))
        said(desk, "Best: win in 1 turn, unique", "the verdict")
        screenshot(desk, tmp_path / "editor.png")
        desk.click(*panel_px("save"))
        saved = tmp_path / "scen" / "grendizer" / "e2e-last-blow.flick"
        wait_for_file(saved)
        said(desk, "Saved")
        sc, _ = load_scenario(saved)
        assert sc.title == "E2E last blow"
        assert sc.goal["beast"] == "S01" and sc.goal["turns"] == 1
        assert sc.verdict["verdict"] == "Best: win in 1 turn, unique"
        state = GAME.state_from_json(sc.start)
        assert state.lanes[2].beast_pos == 3 and state.lanes[2].damage == 2
        assert state.hands[0] == ("C05", "C16")
        cli = [sys.executable, str(ROOT / "flickbook_cli.py")]
        check = subprocess.run(cli + ["check", str(saved)], capture_output=True, text=True,
                               cwd=ROOT, timeout=pace.scaled(60))
        assert check.returncode == 0 and "valid grendizer scenario" in check.stdout
        solve = subprocess.run(cli + ["solve", "--json", str(saved)], capture_output=True,
                               text=True, cwd=ROOT, timeout=pace.scaled(60))
        out = json.loads(solve.stdout)
        assert out["solved"] and out["cost"] == 1 and out["unique"]
        assert out["line"] == ["play C05 target=beast"]

        desk.key("F2")  # leave the editor: play from the set-up position
        desk.wait(lambda p: not p["editor"], 30, "the editor to close")
        desk.open(saved)
        desk.key("F2")
        p = desk.wait(lambda p: p["editor"], 30, "the editor on the reopened puzzle")
        assert "new game" not in p["message"]  # it edits the saved puzzle, not a new game
        desk.click(*panel_px("verify"))  # verified when saved; verifying again says the same
        said(desk, "Best: win in 1 turn, unique", "the reopened puzzle's verdict")
        screenshot(desk, tmp_path / "reopened.png")
    except BaseException:
        desk.key("F12")
        raise
    finally:
        mirror.close()
        desk.stop()
