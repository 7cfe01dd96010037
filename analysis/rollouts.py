"""Monte-Carlo rollouts: play a position out many times with a policy and count who wins.

`rollout_batch` is the pure unit of work. A `Rollouts` task names the game (by registry key,
so a worker imports only what it needs), the position, how many playouts, the policy (a
picklable callable `policy(state, rng) -> action` that also samples chance nodes), an optional
`prepare(state, rng)` that samples what the player to move cannot see, and an optional
`leaf(state0, state, actions)` that stops a playout early and values it. Each playout draws
from its own spawned `SeedSequence`, and the sums come back small, so the answer is the same
bytes on every executor.

`win_chances` spreads the rollouts of many positions over one executor and gives, per
position, each seat's win chance with the half-width of its 95 % interval
(1.96 x the standard error of the mean of the per-playout results).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from games.registry import get_game
from timeline.analysis_field import seat_count  # noqa: F401 - analysis names it here too

from .executors import InProcessExecutor, Progress, run_batches

Z95 = 1.96


@dataclass(frozen=True)
class Rollouts:
    game: str
    state: Any
    seeds: tuple[np.random.SeedSequence, ...]  # one per playout
    policy: Callable
    prepare: Callable | None = None
    leaf: Callable | None = None
    max_actions: int = 5000


def rollout_batch(task: Rollouts) -> dict:
    """Play each seeded playout to the end (or to `leaf`); sums of per-seat results."""
    game = get_game(task.game)
    wins = sq = None
    actions = 0
    for seed in task.seeds:
        rng = np.random.default_rng(seed)
        state = task.state if task.prepare is None else task.prepare(task.state, rng)
        result = None
        for n in range(task.max_actions + 1):
            if game.is_terminal(state):
                result = game.outcome(state)
                break
            if task.leaf is not None:
                result = task.leaf(task.state, state, n)
                if result is not None:
                    break
            if n == task.max_actions:
                break
            state = game.apply(state, task.policy(state, rng)).state
            actions += 1
        if result is None:  # not finished within max_actions: an even share
            players = seat_count(task.state)
            result = [1.0 / players] * players
        r = np.asarray(result, dtype=float)
        wins = r.copy() if wins is None else wins + r
        sq = r * r if sq is None else sq + r * r
    return {"n": len(task.seeds), "wins": wins, "wins_sq": sq, "actions": actions}


def summarise(parts: Sequence[dict], players: int) -> dict:
    """Win chance per seat and the 95 % half-width (the widest over seats)."""
    n = sum(p["n"] for p in parts)
    wins = np.zeros(players)
    sq = np.zeros(players)
    for p in parts:  # in batch order: reproducible float sums
        wins = wins + p["wins"][:players]
        sq = sq + p["wins_sq"][:players]
    mean = wins / max(1, n)
    var = np.maximum(0.0, sq / max(1, n) - mean * mean)
    err = Z95 * np.sqrt(var / n) if n > 1 else np.full(players, 0.5)
    # Every playout agreeing is no proof: the rule of three bounds such a chance by 3/n.
    err = np.where(var == 0, np.maximum(err, 3.0 / max(1, n)), err)
    err = np.minimum(err, 1.0)  # a chance is in [0, 1]: no interval is wider than that
    return {"win": [float(x) for x in mean], "win_error": float(np.max(err)) if players else 0.0,
            "samples": n, "actions": sum(p["actions"] for p in parts)}


def win_chances(game_name: str, states: Sequence, policy: Callable, *, rollouts: int,
                seeds: Sequence[np.random.SeedSequence], players: Callable[[Any], int],
                prepare: Callable | None = None, leaf: Callable | None = None,
                batch_size: int = 25, executor=None, progress: Progress | None = None,
                on_result: Callable[[int, dict], None] | None = None) -> list[dict]:
    """`summarise`d rollouts of each state; `seeds[i]` seeds state i (spawned per playout)."""
    tasks, owner = [], []
    for i, (state, seed) in enumerate(zip(states, seeds)):
        playout_seeds = seed.spawn(rollouts)
        for k in range(0, rollouts, batch_size):
            tasks.append(Rollouts(game_name, state, tuple(playout_seeds[k:k + batch_size]),
                                  policy, prepare, leaf))
            owner.append(i)
    if progress is not None:
        progress.add_total(len(tasks))
    parts: list[list[dict]] = [[] for _ in states]
    pending = [sum(1 for o in owner if o == i) for i in range(len(states))]
    got: dict[int, dict] = {}

    def arrived(t, result):
        got[t] = result
        i = owner[t]
        pending[i] -= 1
        if pending[i] == 0 and on_result is not None:
            mine = [got[k] for k in range(len(tasks)) if owner[k] == i]
            on_result(i, summarise(mine, players(states[i])))

    results = run_batches(executor or InProcessExecutor(), rollout_batch, tasks,
                          on_result=arrived, progress=progress)
    for t, r in enumerate(results):
        parts[owner[t]].append(r)
    return [summarise(parts[i], players(states[i])) for i in range(len(states))]
