"""End-to-end: "Analyse this game" (F6) in a real viewer window under Xvfb.

The engine runs in a worker process while the window stays live: the win-chance graph fills
in position by position, F6 again cancels and leaves the record as it was; a finished run
marks the mistakes (the graph's dots, the move list) as one edit that Ctrl+Z takes back. A
worker that dies is said on the message line, and the next F6 gets a fresh one.
Skipped only when Xvfb or xdotool is missing.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def bot_game(tmp_path, game: str, *args: str):
    out = tmp_path / "games"
    out.mkdir(exist_ok=True)
    subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "selfplay", game,
                    "--games", "1", "--seed", "2", "--out", str(out), *args], cwd=ROOT,
                   check=True, capture_output=True)
    return out / f"{game}-2-001.flick"


@pytest.fixture
def desk(tmp_path):
    d = Desk(tmp_path)
    yield d
    d.stop()


def test_f6_analyses_the_glik_game_and_ctrl_z_takes_the_analysis_back(desk, tmp_path):
    desk.start("open", str(bot_game(tmp_path, "glik")))
    start = desk.settled()
    assert not start["graph"]["shown"]
    desk.key("F6")
    p = desk.wait(lambda p: p["analysing"]["finished"] == 1 and p["graph"]["dots"], 120,
                  "the analysis to end")
    assert p["graph"]["shown"] and p["graph"]["dots"] == [72]
    assert p["nodes"] == start["nodes"] + 1  # the better move, as a variation
    assert p["message"].startswith("Analysed 101 positions: 1 mistake marked")
    desk.key("bracketright")
    desk.wait(lambda p: len(p["node"]) == 72, 30, "the cursor on the mistake")
    desk.screenshot()
    desk.key("ctrl+z")
    p = desk.wait(lambda p: not p["graph"]["shown"], 30, "the analysis undone")
    assert p["nodes"] == start["nodes"] and p["graph"]["dots"] == []


def test_the_graph_fills_while_grendizer_is_analysed_and_f6_cancels(desk, tmp_path):
    desk.start("open", str(bot_game(tmp_path, "grendizer", "--players", "2",
                                    "--difficulty", "easy")))
    start = desk.settled()
    desk.key("F6")
    p = desk.wait(lambda p: 0 < p["graph"]["preview"] and p["graph"]["shown"], 120,
                  "the first positions analysed")
    assert p["analysing"]["running"] and p["graph"]["preview"] < p["nodes"]
    assert p["message"].startswith("Analysing this game: ")
    desk.key("F6")
    p = desk.wait(lambda p: not p["analysing"]["running"], 30, "the analysis cancelled")
    assert p["message"] == "Analysis cancelled; the record is as it was"
    assert not p["graph"]["shown"] and p["nodes"] == start["nodes"]
    assert p["analysing"]["finished"] == 0


def test_a_killed_analysis_worker_is_said_and_the_next_f6_gets_a_fresh_one(desk, tmp_path):
    desk.start("open", str(bot_game(tmp_path, "grendizer", "--players", "2",
                                    "--difficulty", "easy")))
    start = desk.settled()
    desk.key("F6")
    p = desk.wait(lambda p: 0 < p["graph"]["preview"], 120, "the first positions analysed")
    worker = p["workers"]["flickbook-game-analysis"]  # F6's own process, by its own name
    assert worker is not None and p["workers"].get("flickbook-analysis") != worker
    os.kill(worker, signal.SIGKILL)
    p = desk.wait(lambda p: not p["analysing"]["running"] and not p["graph"]["shown"], 30,
                  "the loss noticed")
    assert p["message"] == "The analysis stopped without a result"
    assert p["nodes"] == start["nodes"] and p["analysing"]["finished"] == 0
    assert p["workers"]["flickbook-game-analysis"] is None
    desk.key("F6")
    p = desk.wait(lambda p: 0 < p["graph"]["preview"], 120, "analysed again")
    assert p["workers"]["flickbook-game-analysis"] not in (None, worker)
    assert p["message"].startswith("Analysing this game: ")
