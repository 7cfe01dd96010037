"""The Glonk shot bot plays on: from the demo's opening it flicks towards the enemy instead of
ending its turn idle, bot against bot scores within a few turns, and the best-shot search
screens every kind of shot (aimed, advancing, assaulting) even on a small budget.

The figures of whole games (each strength to its first points, the stronger against the
weaker over several seeds) take minutes: bench/glonk_bot.py measures them."""
from __future__ import annotations

import math

import numpy as np
import pytest

from analysis.glonk import (ShotBot, advance_flicks, bot_match, candidate_flicks,
                            flick_outcome, search_flicks)
from games.glonk import GAME
from games.glonk import rules as R
from games.glonk.actions import Flick
from scenarios import SCENARIO_DIR
from timeline import load_record


@pytest.fixture(scope="module")
def opening():
    """The demo's position where setup ends: Invaders to flick, the Little Greys 0.6 m away."""
    record = load_record(SCENARIO_DIR / "demo" / "glonk-demo.flick")
    return next(n for n in record.mainline() if n.comment).state


def nearest_enemy(s, p):
    return min(math.hypot(e.x - p.x, e.y - p.y) for e in s.in_play() if R.enemies(p, e))


def test_an_advance_brings_the_piece_nearer_the_enemy_and_stays_in_range(opening):
    advances = advance_flicks(opening)
    movers = {f.piece for f in advances}
    mine = {p.id for p in opening.in_play()
            if p.owner == opening.turn_player and p.speed > 0}
    assert movers == mine  # every piece that can be flicked has its advances
    nearer = 0
    for f in advances[:4]:  # the pieces nearest the enemy first
        o = flick_outcome(opening, f, f)
        before, after = opening.piece(f.piece), o["step"].state.piece(f.piece)
        assert o["standard"] and not o["hyper"], f  # the turn goes on
        nearer += nearest_enemy(o["step"].state, after) < nearest_enemy(opening, before) - 0.02
    assert nearer >= 2  # (a piece inside its armada's cluster may be stopped by a neighbour)


def test_the_search_screens_aimed_shots_advances_and_assaults_in_turn(opening):
    order = search_flicks(opening)
    assert {str(f) for f in candidate_flicks(opening)} <= {str(f) for f in order}
    assert len({str(f) for f in order}) == len(order)
    first = order[:8]  # what a novice's budget of 16 screens
    assert any(f in advance_flicks(opening) for f in first)
    assert len({f.piece for f in first}) >= 3  # not one piece's fan


def test_every_strength_opens_the_demo_with_a_flick_towards_the_enemy(opening):
    for strength in ("novice", "club", "expert"):
        action = ShotBot(strength)(opening, np.random.default_rng(4))
        assert isinstance(action, Flick), (strength, action)
        p = opening.piece(action.piece)
        toward = min((e for e in opening.in_play() if R.enemies(p, e)),
                     key=lambda e: math.hypot(e.x - p.x, e.y - p.y))
        bearing = math.degrees(math.atan2(toward.y - p.y, toward.x - p.x))
        assert abs((action.angle - bearing + 180) % 360 - 180) < 60, (strength, action)


def test_novice_bots_score_within_eight_turns_of_the_demo_opening(opening):
    r = bot_match(opening, ["novice", "novice"], seed=3, max_turns=8, points=2)
    assert sum(r["scores"]) >= 2, r  # (seeds 1 and 2 take 9 and 5 turns: bench/glonk_bot.py)
    assert min(r["flicks"]) >= 3 and r["ended_idle"] == [0, 0], r  # never a turn idle
