"""Seeded Glonk self-play games as pure batches (the evaluator's training and test data).

`play_game(SelfPlayGame(...))` plays one game between shot bots at the named strengths and
returns small, picklable facts: the canonical text of every action, the state JSON of every
position of the main line, the winners and the seconds it took. It is a top-level function of
a frozen argument, so `run_batches` can spread games over any executor (the local pool, Dask,
Ray) and the same seed gives the same game on every one of them.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

#: The strength pairs of the data, drawn per game from its seed (mixed strengths, so the
#: evaluator sees novice and club hands alike).
STRENGTH_MIX = (("novice", "novice"), ("novice", "club"), ("club", "novice"), ("club", "club"))
MIX_WEIGHTS = (0.4, 0.25, 0.25, 0.1)


@dataclass(frozen=True)
class SelfPlayGame:
    seed: int
    strengths: tuple[str, ...]
    players: int = 2
    max_actions: int = 1500


def strengths_for(seed: int) -> tuple[str, ...]:
    """The strength pair game `seed` is played at (seeded draw from STRENGTH_MIX)."""
    rng = np.random.default_rng([seed, 7])
    return STRENGTH_MIX[int(rng.choice(len(STRENGTH_MIX), p=MIX_WEIGHTS))]


def play_game(task: SelfPlayGame) -> dict:
    """One seeded game (see the module docstring)."""
    from games.api import CHANCE, sample_chance
    from games.glonk import GAME

    from analysis.glonk import ShotBot

    start = time.perf_counter()
    rng = np.random.default_rng(task.seed)
    state = GAME.new_initial_state(GAME.default_config(task.players))
    bots = [ShotBot(name) for name in task.strengths]
    actions, states = [], [GAME.state_to_json(state)]
    for _ in range(task.max_actions):
        if GAME.is_terminal(state):
            break
        seat = GAME.current_player(state)
        action = sample_chance(GAME, state, rng) if seat == CHANCE else bots[seat](state, rng)
        actions.append(str(action))
        state = GAME.apply(state, action).state
        states.append(GAME.state_to_json(state))
    return {"seed": task.seed, "strengths": list(task.strengths), "players": task.players,
            "actions": actions, "states": states,
            "winners": list(state.winners) if GAME.is_terminal(state) else None,
            "scores": list(state.scores()), "seconds": round(time.perf_counter() - start, 2)}
