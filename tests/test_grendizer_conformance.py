"""Grendizer XperienZ random playouts for every player count and both tracks reach the end
and obey the state API (the shared conformance test runs only the default configuration)."""
import json

import numpy as np
import pytest

from games.api import CHANCE, TERMINAL, random_action
from games.grendizer import GAME


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", ["easy", "difficult"])
def test_seeded_random_playout_reaches_the_end(players, difficulty):
    rng = np.random.default_rng(100 * players + len(difficulty))
    s = GAME.new_initial_state({"players": players, "difficulty": difficulty})
    for _ in range(5000):
        legal = GAME.legal_actions(s)
        player = GAME.current_player(s)
        assert (len(legal) == 0) == GAME.is_terminal(s) == (player == TERMINAL)
        assert GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s)))) == s
        if player == TERMINAL:
            break
        if player == CHANCE:
            probs = [p for _, p in GAME.chance_outcomes(s)]
            assert all(p > 0 for p in probs) and sum(probs) == pytest.approx(1.0)
        for a in legal:
            assert GAME.parse_action(s, str(a)) == a
        before = GAME.state_to_json(s)
        step = GAME.apply(s, random_action(GAME, s, rng))
        assert GAME.state_to_json(s) == before
        s = step.state
    assert GAME.is_terminal(s) and GAME.outcome(s) in ([0.0] * players, [1.0] * players)


def test_every_event_kind_the_viewer_needs_occurs():
    seen = set()
    rng = np.random.default_rng(7)
    from games.grendizer.bot import choose_action
    for g in range(6):
        s = GAME.new_initial_state({"players": 1 + g % 4, "difficulty": "easy"})
        while not GAME.is_terminal(s):
            step = GAME.apply(s, choose_action(s, rng))
            seen.update(e.kind for e in step.events)
            s = step.state
    assert {"card_drawn", "invaded", "moved", "attacked", "damaged", "destroyed",
            "threat_changed"} <= seen
    assert "victory" in seen or "defeat" in seen
