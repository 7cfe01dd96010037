"""End-to-end: Grendizer XperienZ in a real viewer window under Xvfb, driven by xdotool.

`flickbook play grendizer --players 2 --difficulty easy --seed 1` opens the game; the test
clicks a card of the active player's hand and then its target (a MiniFO of the card's lane),
clicks a zone next to Grendizer to move him (which ends the turn: the session draws the next
turn's cards and tokens by itself), steps back with the Left key to the last draw and clicks
another outcome in the outcome list: a branch at a draw. After each step the viewer's autosave
must hold exactly the tree of a mirror session played the same way offscreen, seen through the
window's own camera (tests/xvfb/mirror.py); the cards in hand and the outcome list are where
the window's probe says it drew them. Skipped only when Xvfb or xdotool is missing.
"""
from __future__ import annotations

import time
from argparse import Namespace
from pathlib import Path

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk, wait_for_autosave_tree
from xvfb.mirror import Mirror

ARGS = ["play", "grendizer", "--players", "2", "--difficulty", "easy", "--seed", "1"]

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def _same_record(tmp: Path, mirror, seconds: float = 10.0) -> None:
    """The viewer's autosave holds the mirror's tree."""
    wait_for_autosave_tree(tmp, mirror.session, seconds)


def test_a_turn_and_a_branch_at_a_draw_with_real_clicks(tmp_path):
    from games.api import CHANCE
    from games.grendizer.actions import Move, Play
    from games.grendizer.data import ACTIONS
    from timeline import load_record
    from viewer.grendizer import layout as L

    desk = Desk(tmp_path)
    mirror = Mirror(desk, Namespace(command="play", game="grendizer", players=2, seed=1,
                                    difficulty="easy"))
    try:
        desk.start(*ARGS)  # card faces are drawn at start-up
        desk.key("t")  # top-down camera
        mirror.sync()
        game = mirror.session.game
        state = mirror.session.state
        assert game.current_player(state) == state.player and state.queue[0][0] == "action"
        # 1. a card of the hand, then its target: a MiniFO of the card's lane
        play = next(a for a in game.legal_actions(state)
                    if isinstance(a, Play) and a.target == "minifo"
                    and ACTIONS[a.card].kind == "eagle")
        lane = ACTIONS[play.card].lane
        space = max(state.lanes[lane].minifos)
        desk.click(*mirror.screen(f"hand {play.card}"))
        desk.click(*mirror.px(L.minifo_slot(lane, space, 0)))
        mirror.play(play)
        _same_record(tmp_path, mirror)
        # 2. Grendizer moves to a zone next to his: the turn ends, the next one is drawn
        state = mirror.session.state
        assert state.queue[0][0] == "move"
        move = next(a for a in game.legal_actions(state) if isinstance(a, Move))
        x, y = L.zone_center(move.zone)
        desk.click(*mirror.px((x - 0.3, y, L.SURFACE)))
        mirror.play(move)
        _same_record(tmp_path, mirror)
        assert mirror.session.state.player != state.player  # the other player's turn
        # 3. back to the last draw, and another outcome from the list: a branch at a draw
        desk.key("Left")
        mirror.session.back()
        mirror.sync()
        at = mirror.session.node
        assert game.current_player(at.state) == CHANCE
        played = str(at.variations[0].action)
        shown = [n for n in mirror.probe["screen"] if n.startswith("outcome ")]  # page 1
        other = next(a for a, _ in game.chance_outcomes(at.state)
                     if str(a) != played and f"outcome {a}" in shown)
        desk.click(*mirror.screen(f"outcome {other}"))
        mirror.play(other)
        _same_record(tmp_path, mirror)
        rec = load_record(tmp_path / "home" / "autosave.flick")
        branch = rec.node_at(at.path)  # the draw where the line now forks
        assert [str(v.action) for v in branch.variations] == [played, str(other)]
    finally:
        mirror.close()
        desk.stop()
