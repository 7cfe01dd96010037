"""The cooperative Grendizer bot plays legal, sensible moves."""
import dataclasses

import numpy as np

from games.grendizer import GAME
from games.grendizer.actions import PASS, Move, Play
from games.grendizer.bot import choose_action, danger
from games.grendizer.data import ACTIONS
from games.grendizer.rules import A, LOC
from games.grendizer.state import Lane

REST = (("action",), ("move",), ("end",))


def _mk(hand, lanes, queue=REST, **kw):
    s = GAME.new_initial_state({"players": 1})
    return dataclasses.replace(s, queue=queue, hands=(tuple(sorted(hand)),), lanes=tuple(lanes),
                               **kw)


def _card(name):
    return next(c.id for c in ACTIONS.values() if c.name == name)


EMPTY = Lane(reserve=8)


def test_bot_games_finish_with_legal_actions_and_some_wins():
    wins = 0
    for g in range(8):
        rng = np.random.default_rng(g)
        s = GAME.new_initial_state({"players": 1 + g % 4, "difficulty": "easy"})
        while not GAME.is_terminal(s):
            a = choose_action(s, rng)
            assert a in GAME.legal_actions(s)
            s = GAME.apply(s, a).state
        wins += s.result == "victory"
    assert wins >= 2  # the bench measures about 60% on the easy track


def test_bot_hits_a_saucer_beast_in_the_strategic_location():
    sc = _card("Screw Crusher")
    beast = Lane((), LOC, 8, "board", 0, "S05", 0)
    s = _mk([sc], [EMPTY, beast, EMPTY, EMPTY], grendizer=3)
    assert choose_action(s, np.random.default_rng(0)) == Play(sc, target="beast")


def test_bot_keeps_a_card_whose_play_would_barely_help():
    d = _card("Danbei's Lookout")
    far = Lane((1,), None, 8, "pile", 0, None, 0)  # one MiniFO in the second Airspace box
    s = _mk([d], [far, EMPTY, EMPTY, EMPTY])
    assert Play(d, lane=0) in GAME.legal_actions(s)
    assert choose_action(s, np.random.default_rng(0)) == PASS
    near = Lane((LOC - 1, LOC - 1), None, 8, "pile", 0, None, 0)
    s2 = _mk([d], [near, EMPTY, EMPTY, EMPTY])
    assert choose_action(s2, np.random.default_rng(0)) == Play(d, lane=0)
    assert danger(s2) > danger(s)


def test_bot_moves_grendizer_towards_a_saucer_beast():
    beast = Lane((), A, 8, "board", 0, "S05", 0)
    s = _mk([], [EMPTY, EMPTY, beast, EMPTY], queue=(("move",), ("end",)), grendizer=3)
    assert choose_action(s, np.random.default_rng(0)) == Move(5)
