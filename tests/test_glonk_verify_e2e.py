"""End-to-end: verifying a Glonk puzzle in the window. A bundled puzzle is opened, F2 enters
the Glonk editor, Verify runs the shot explorer (the window says the verdict: each skill's
success chance), Save scenario writes it with its verdict and best flick, and the saved file
opens again with the editor showing it verified. Waits are on what the window says."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from xvfb import pace
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk, wait_for_file

W, H = 1280, 720
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def panel_px(name: str, i: int = 0):
    from viewer.glonk.editor import spot

    x, y = spot(name, i)
    aspect = W / H
    return ((aspect + x) / aspect + 1) / 2 * W, -y / 2 * H


def test_verify_save_and_reopen_a_glonk_puzzle_in_a_real_window(tmp_path):
    from scenarios import bundled, load_scenario
    from scenarios.authoring import slugify

    path = next(p for p in bundled("glonk") if p.name.startswith("11-"))
    desk = Desk(tmp_path)
    desk.env["FLICKBOOK_SCENARIOS"] = str(tmp_path / "scen")
    try:
        desk.start("open", str(path))
        desk.key("F2")
        desk.wait(lambda p: p["editor"] and p["mode"] == "edit", 20, "edit mode")
        desk.click(*panel_px("verify"))
        p = desk.wait(lambda p: "novice" in p["message"] or (
            "verify" in p["message"].lower() and "Verifying" not in p["message"]), 120, "the verdict")
        assert "expert" in p["message"] and "club" in p["message"], p["message"]
        desk.click(*panel_px("save"))
        saved = tmp_path / "scen" / "glonk" / f"{slugify(load_scenario(path)[0].title)}.flick"
        wait_for_file(saved)
        sc, _ = load_scenario(saved)
        assert sc.verdict["verdict"] == p["message"]
        assert sc.solution and sc.solution[0].startswith("flick G1")
        out = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "solve", "--json",
                              "--samples", "4", str(saved)], capture_output=True, text=True,
                             cwd=ROOT, timeout=pace.scaled(120))
        got = json.loads(out.stdout)
        assert got["solved"] and got["error"] > 0 and "levels" in got
        desk.key("F2")
        desk.wait(lambda p: not p["editor"], 20, "play mode")
        desk.open(saved)
        desk.key("F2")
        desk.wait(lambda p: p["editor"], 20, "the editor on the saved puzzle")
        from test_grendizer_editor_e2e import screenshot

        screenshot(desk, tmp_path / "reopened.png")
    except BaseException:
        desk.key("F12")
        raise
    finally:
        desk.stop()
