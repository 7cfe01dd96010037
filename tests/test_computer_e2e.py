"""End-to-end: computer opponents in a real viewer window under Xvfb, driven by xdotool.

A seat given to the computer (F4 in the window, or `play --computer SEAT=STRENGTH`) plays its
own turns: the window shows the computer thinking (its own mode, for at least the pause), then
the move enters the record and the message line says what it chose. A seat that is a person's
is never played for them, and Esc while the computer thinks takes the seat back. Skipped only
when Xvfb or xdotool is missing.
"""
from __future__ import annotations

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


@pytest.fixture
def desk(tmp_path):
    d = Desk(tmp_path)
    yield d
    d.stop()


def test_f4_gives_the_seat_to_move_to_the_glik_bot_and_esc_takes_the_next_one_back(desk):
    desk.start("play", "glik", "--seed", "1")
    start = desk.settled()
    assert start["computer"]["seats"] == {}
    desk.key("F4")
    desk.wait(lambda p: p["computer"]["seats"] == {"0": "bot"}, 30, "seat 1 given to the bot")
    desk.wait(lambda p: p["mode"] == "computer", 60, "the computer thinking")
    p = desk.wait(lambda p: p["computer"]["played"] == 1, 90, "the bot's move")
    assert p["computer"]["chose"].startswith("Computer (bot, seat 1) chose board ")
    p = desk.wait(lambda p: p["message"].startswith("Computer (bot, seat 1) chose")
                  and p["nodes"] == start["nodes"] + 1 and p["mode"] == "play", 30,
                  "the move in the record")
    # seat 2 is a person's: the computer does not move for them; F4 gives it, Esc takes it back
    desk.key("F4")
    desk.wait(lambda p: p["computer"]["thinking"], 30, "the computer thinking for seat 2")
    p = desk.key("Escape")
    p = desk.wait(lambda p: p["computer"]["seats"] == {"0": "bot"}
                  and not p["computer"]["thinking"], 30, "seat 2 a person's again")
    assert p["message"] == "Seat 2 is played by a person again"
    assert p["computer"]["played"] == 1 and p["nodes"] == start["nodes"] + 1
    assert p["mode"] == "play"


def test_the_glonk_shot_bot_plays_its_setup_and_its_flicks_in_the_window(desk):
    desk.start("play", "glonk", "--seed", "3", "--computer", "1=novice", "--computer", "2=club")
    p = desk.wait(lambda p: p["computer"]["played"] >= 1, 120, "the first bot move")
    assert p["computer"]["seats"] == {"0": "novice", "1": "club"}
    p = desk.wait(lambda p: (p["node_action"] or "").startswith("flick ")
                  and p["computer"]["chose"].startswith("Computer ("), 240, "a bot flick")
    assert p["message"].startswith(p["computer"]["chose"])
    desk.screenshot()
