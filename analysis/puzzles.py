"""Verifying scenario puzzles: the verdict (what the best line achieves), the check of a
verdict a scenario stores, and `verify`, which asks the game's own verifier (its manifest's
`puzzle_verifier`: analysis/<game>/puzzles.py).

Each playout or flick batch is a pure function of its task with its own spawned seed, so a
verdict is the same whatever the executor.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from games.registry import part

from scenarios.verdict import Verdict as StoredVerdict

from .rollouts import Z95


@dataclass(frozen=True)
class PuzzleVerifier:
    """A game's puzzle verifier (its manifest's `puzzle_verifier`): `verify(state, goal, *,
    samples, seed, executor, max_cost) -> Verdict`, and the names of the levels a sampled
    verdict gives chances at, in the order a player reads them (Glonk: most skilled first)."""

    verify: Callable[..., "Verdict"]
    levels: tuple[str, ...] = ()


def _verifier(game_name: str) -> PuzzleVerifier:
    verifier = part(game_name, "puzzle_verifier")
    if verifier is None:
        raise ValueError(f"{game_name} puzzles cannot be verified")
    return verifier


def _level_order(game_name: str) -> tuple[str, ...]:
    """The reading order of a game's verdict levels; none for a game unknown here (a file's)."""
    try:
        verifier = part(game_name, "puzzle_verifier")
    except ValueError:
        return ()
    return verifier.levels if verifier is not None else ()


@dataclass
class Verdict(StoredVerdict):
    """A verdict as verifying gives it and checks it: a sampled one reads its levels in its
    game's order (the verifier's `levels`: Glonk's most skilled first)."""

    def level_order(self) -> tuple[str, ...]:
        return _level_order(self.game)


def verdict_problem(stored: dict, fresh: "Verdict") -> str | None:
    """Why a scenario's stored verdict is not what verifying its position finds now, in
    words; None when it is. Exact verdicts must agree on every figure a player reads
    (solved, cost, unique, lines); sampled ones on solved, and their success chances within
    both error bars. The stored words must be its own figures' words (a forged "win in 1
    AP" over a cost of 2 is caught even before solving)."""
    told = Verdict.from_json(stored)
    if stored.get("verdict") is not None and stored["verdict"] != told.words():
        return (f"the stored verdict says {stored['verdict']!r}, but its own figures say "
                f"{told.words()!r}")
    if told.exact != fresh.exact:
        return (f"the stored verdict is {'exact' if told.exact else 'sampled'}; verifying now "
                f"is {'exact' if fresh.exact else 'sampled'}: {fresh.words()}")
    if fresh.exact:
        keys = ("solved", "cost", "unique", "lines")
        differ = [k for k in keys if getattr(told, k) != getattr(fresh, k)]
        if differ:
            return f"the stored verdict says {told.words()!r}; verifying finds {fresh.words()!r}"
        return None
    if told.solved != fresh.solved:
        return f"the stored verdict says {told.words()!r}; verifying finds {fresh.words()!r}"
    pairs = [(told.success, told.error, fresh.success, fresh.error)]
    pairs += [(told.levels[k][0], told.levels[k][1], *fresh.levels[k])
              for k in told.levels if k in fresh.levels]
    for a, ea, b, eb in pairs:
        if a is not None and b is not None and abs(a - b) > (ea or 0.0) + (eb or 0.0):
            return (f"the stored verdict says {told.words()!r}; verifying finds "
                    f"{fresh.words()!r}, outside both error bars")
    return None


def verify(game_name: str, state, goal, *, samples: int = 200, seed: int = 0,
           executor=None, max_cost: int | None = None) -> Verdict:
    """The verdict on the puzzle `goal` from `state` (see the module's docstring)."""
    start = time.perf_counter()
    v = _verifier(game_name).verify(state, goal, samples=samples, seed=seed, executor=executor,
                                    max_cost=max_cost)
    v.seconds = time.perf_counter() - start
    return v


def chance_and_error(hits: int, n: int) -> tuple[float, float]:
    """A chance from `hits` of `n` and its 95 % half-width (at least 3/n when all agree)."""
    p = hits / max(1, n)
    err = Z95 * np.sqrt(p * (1 - p) / max(1, n))
    if hits in (0, n):
        err = max(err, 3.0 / max(1, n))
    return float(p), float(min(1.0, err))
