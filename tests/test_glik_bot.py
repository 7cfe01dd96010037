"""The self-play bot plays legal, purposeful Glik."""
import numpy as np

from games.glik import GAME
from games.glik.bot import choose_action, slide_distances


def test_bot_brings_a_stone_into_play_first():
    state = GAME.new_initial_state({"players": 2, "setup": "fixed"})
    action = choose_action(state, np.random.default_rng(0))
    assert str(action).startswith("place")


def test_distance_is_zero_next_to_the_destination():
    state = GAME.new_initial_state({"players": 2, "setup": "fixed"})
    dist = slide_distances(state, 0)
    r, c = state.board.dest_cell[state.colours[0]]
    from games.glik.kit import COLS
    neighbours = [(r + dr) * COLS + c + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    assert min(dist[i] for i in neighbours) == 0


def test_bot_game_ends_with_a_winner():
    state = GAME.new_initial_state({"players": 2, "setup": "fixed"})
    rng = np.random.default_rng(3)
    for _ in range(2000):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, choose_action(state, rng)).state
    assert GAME.is_terminal(state)
    assert max(state.touching()) >= 1
