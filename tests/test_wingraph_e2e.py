"""End-to-end: the win-chance graph of an analysed record in a real window under Xvfb.

A Glik game is played by the bots and analysed by `flickbook analyse` (the engine's solver
finds its one mistake, at ply 72); opened in the viewer, the graph shows at the foot of the side panel
with a dot on that mistake, `]` goes to it and says what it cost, `[` finds none before the
start, and a click on the graph goes to the move under the pointer. Skipped only when Xvfb
or xdotool is missing.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)

#: Where the graph lies in the 1280x720 window (viewer.wingraph geometry: aspect2d units are
#: 360 pixels; the graph sits at the foot of the side panel, beside the table).
UNIT = 360.0
GRAPH_LEFT = 1280 + (-0.80 + 0.04) * UNIT
GRAPH_WIDTH = (0.80 - 0.08) * UNIT
GRAPH_MIDDLE_Y = 720 - (0.035 + 0.20 / 2) * UNIT


def flickbook(*args):
    subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), *args], cwd=ROOT,
                   check=True, capture_output=True)


@pytest.fixture
def analysed(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    flickbook("selfplay", "glik", "--games", "1", "--seed", "2", "--out", str(games))
    out = tmp_path / "analysed.flick"
    flickbook("analyse", str(games / "glik-2-001.flick"), "--out", str(out),
              "--executor", "inprocess")
    return out


@pytest.fixture
def desk(tmp_path):
    d = Desk(tmp_path)
    yield d
    d.stop()


def test_the_graph_shows_the_mistake_and_the_keys_and_a_click_move_the_cursor(desk, analysed):
    desk.start("open", str(analysed))
    p = desk.wait(lambda p: p["graph"]["shown"], 60, "the win-chance graph")
    assert p["graph"]["dots"] == [72]
    p = desk.key("bracketright")
    p = desk.wait(lambda p: len(p["node"]) == 72, 30, "the cursor on the mistake")
    assert p["message"].startswith("Ply 72 Y q8 down to q1: win ")  # the move list's words
    assert "?! loses 0.06 win chance, better Y a15 right to r15" in p["message"]  # in notation too
    desk.key("bracketright")
    desk.wait(lambda p: p["message"] == "No later mistake", 30, "no later mistake")
    desk.screenshot()
    desk.click(GRAPH_LEFT + GRAPH_WIDTH * 30 / 100, GRAPH_MIDDLE_Y)
    p = desk.wait(lambda p: len(p["node"]) == 30, 30, "the cursor at the clicked move")
    assert p["message"].startswith("Ply 30 ")
    desk.key("bracketleft")
    p = desk.wait(lambda p: p["message"] == "No earlier mistake", 30, "no earlier mistake")
    assert len(p["node"]) == 30
