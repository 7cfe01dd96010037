"""A simple Glik bot for self-play: greedy one-action look-ahead on a slide-distance map.

Each decision it computes, for the stones as they lie, how many slides a stone on each field
needs to reach a field where it would touch (next to its destination field or to one of its
touching stones). It values a position by touching stones, then stones brought into play,
then the slides its free stones still need, and plays the spending action that improves that
value most; when nothing improves it, it ends its turn. Setup boards are laid at random.
Deterministic given the injected generator.
"""
from __future__ import annotations

import numpy as np

from games.api import CHANCE
from games.glik import actions as A
from games.glik.kit import COLS, ROWS
from games.glik.rules import GAME, _neighbours, chain_components, code_of, slide_path

TOUCH_WEIGHT = 100.0
IN_PLAY_WEIGHT = 12.0
UNREACHABLE = 8  # slides charged for a field from which no touching field is in reach


def slide_distances(state, seat: int) -> list[int]:
    """Per field: fewest slides from there to a touching field, stones held where they lie."""
    board, stones = state.board, state.stones
    colour = state.colours[seat]
    dest = board.dest_cell[colour]
    touching, _ = chain_components(stones, board, colour, state.chain_any)
    targets = set(_neighbours(dest[0] * COLS + dest[1]))
    for i in touching:
        targets.update(_neighbours(i))
    size = ROWS * COLS
    dist = [UNREACHABLE] * size
    for i in targets:
        if not board.blocks_slide(*divmod(i, COLS)):
            dist[i] = 0
    stops = []
    for i in range(size):
        cell = divmod(i, COLS)
        ends = []
        for d in "NESW":
            path = slide_path(stones, board, cell, d)
            if path:
                r, c = path[-1]
                ends.append(r * COLS + c)
        stops.append(ends)
    for _ in range(UNREACHABLE - 1):  # relax: dist[i] = 1 + min over slide ends
        changed = False
        for i in range(size):
            best = min((dist[j] for j in stops[i]), default=UNREACHABLE) + 1
            if best < dist[i]:
                dist[i] = best
                changed = True
        if not changed:
            break
    return dist


def value(state, seat: int, dist: list[int]) -> float:
    """How good `state` is for `seat` (higher is better), with a precomputed distance map."""
    code = code_of(state.colours[seat])
    touching, _ = chain_components(state.stones, state.board, state.colours[seat], state.chain_any)
    remaining = sum(dist[i] for i, v in enumerate(state.stones) if v == code and i not in touching)
    start = state.board.start_cell[state.colours[seat]]
    remaining += state.reserve[seat] * (dist[start[0] * COLS + start[1]] + 1)
    in_play = sum(1 for v in state.stones if v == code)
    return TOUCH_WEIGHT * len(touching) + IN_PLAY_WEIGHT * in_play - remaining


def choose_action(state, rng: np.random.Generator):
    """The bot's action for the player to move (not for chance nodes)."""
    if GAME.current_player(state) == CHANCE:
        raise ValueError("the bot does not play chance nodes")
    legal = GAME.legal_actions(state)
    if state.phase != "play":
        return legal[int(rng.integers(len(legal)))]
    for action in legal:
        if isinstance(action, A.Agree):
            return action  # agree when someone offers to end the game
    seat = state.turn
    dist = slide_distances(state, seat)
    here = value(state, seat, dist)
    best, best_gain = None, 0.0
    for action in legal:
        if isinstance(action, (A.EndTurn, A.OfferEnd, A.PlaceNeutral, A.MoveNeutral)):
            continue
        gain = value(GAME.apply(state, action).state, seat, dist) - here + float(rng.random()) * 1e-3
        if gain > best_gain:
            best, best_gain = action, gain
    return best if best is not None else A.EndTurn()
