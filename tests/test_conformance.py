"""Every registered game obeys the shared state API (OpenSpiel-style random-playout test)."""
import copy

import numpy as np
import pytest

from games.api import CHANCE, TERMINAL, IllegalAction, random_action
from games.api import is_legal as api_is_legal
from games.registry import available_games, get_game
from timeline import Record, loads, dumps

# Actions per playout: enough to pass through every phase; flick games simulate physics.
MAX_ACTIONS = {"glonk": 120, "glik": 500}
SEEDS = {"glonk": (1,)}


def playout_cases():
    for name in available_games():
        for seed in SEEDS.get(name, (1, 2, 3)):
            yield pytest.param(name, seed, id=f"{name}-{seed}")


@pytest.mark.parametrize("name,seed", list(playout_cases()))
def test_random_playout_obeys_the_api(name, seed):
    game = get_game(name)
    rng = np.random.default_rng(seed)
    record = Record.new(name, headers={"created": None})
    node = record.root
    for _ in range(MAX_ACTIONS.get(name, 1500)):
        state = node.state
        player = game.current_player(state)
        legal = list(game.legal_actions(state))
        assert (len(legal) == 0) == game.is_terminal(state) == (player == TERMINAL)
        assert game.state_from_json(game.state_to_json(state)) == state
        if player == TERMINAL:
            outcome = game.outcome(state)
            assert outcome is not None and len(outcome) >= 1
            break
        if player == CHANCE:
            probs = [p for _, p in game.chance_outcomes(state)]
            assert probs and all(p > 0 for p in probs)
            assert sum(probs) == pytest.approx(1.0)
        else:
            assert 0 <= player < 8
        sample = legal if len(legal) <= 40 else [legal[i] for i in rng.choice(len(legal), 40, replace=False)]
        for action in sample:
            assert game.parse_action(state, str(action)) == action, str(action)
        action = random_action(game, state, rng)
        before = copy.deepcopy(state)
        node = record.add_child(node, action)
        assert state == before, "apply mutated its input"
    again = loads(dumps(record), "playout")
    for a, b in zip(record.nodes(), again.nodes()):
        assert a.action_text == b.action_text
        assert game.state_to_json(a.state) == game.state_to_json(b.state)


@pytest.mark.parametrize("name", available_games())
def test_a_game_offers_exactly_the_optional_parts_its_game_type_declares(name):
    game = get_game(name)
    kind = game.game_type
    assert kind.min_players <= kind.max_players and kind.utility in ("zero_sum", "identical")
    optional = {"continuous_actions": ("action_spec", "is_legal"),
                "motion": ("apply_with_motion",), "discrete_actions": ("discrete_actions",),
                "upgrades_records": ("upgrade_record",)}
    for flag, methods in optional.items():
        for method in methods:
            assert callable(getattr(game, method, None)) == getattr(kind, flag), method
    state = Record.new(name).root.state
    for action in list(game.legal_actions(state))[:5]:
        assert api_is_legal(game, state, action)
    if kind.discrete_actions:
        assert set(map(str, game.discrete_actions(state))) <= set(map(str, game.legal_actions(state)))


@pytest.mark.parametrize("name", available_games())
def test_garbage_action_text_is_an_illegal_action(name):
    game = get_game(name)
    state = Record.new(name).root.state
    with pytest.raises(IllegalAction):
        game.parse_action(state, "no such action ~~~")
