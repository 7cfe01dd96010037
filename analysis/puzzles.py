"""Verifying scenario puzzles: the verdict (what the best line achieves), the check of a
verdict a scenario stores, and `verify`, which asks the game's own verifier (its manifest's
`puzzle_verifier`: analysis/<game>/puzzles.py).

Each playout or flick batch is a pure function of its task with its own spawned seed, so a
verdict is the same whatever the executor.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from games.registry import part

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
class Verdict:
    """What verifying a puzzle found; `to_json` is what `flickbook solve --json` prints and
    the scenario stores."""

    game: str
    exact: bool  # an exact search (True) or a success chance from samples (False)
    solved: bool
    line: list = field(default_factory=list)
    cost: int | None = None  # exact: turns (Grendizer) or AP (Glik)
    unit: str = "turns"  # what `cost` counts (turns, AP); "flick": a Glonk shot's chances
    unique: bool | None = None
    lines: int | None = None
    success: float | None = None  # sampled: the best line's success chance
    error: float | None = None  # its 95 % half-width
    samples: int = 0
    levels: dict = field(default_factory=dict)  # Glonk: skill -> [chance, error]
    trivial: bool = False
    note: str = ""
    states: int = 0
    bound: int | None = None  # exact: the most turns or AP searched
    seconds: float = 0.0

    def words(self) -> str:
        if self.exact:
            if not self.solved:
                return f"No win within the goal's {self.unit}" + (f" ({self.note})" if self.note else "")
            how = "unique" if self.unique else f"{self.lines} lines"
            unit = self.unit if self.cost != 1 else self.unit.rstrip("s")
            return f"Best: win in {self.cost} {unit}, {how}"
        if self.unit == "flick":
            if not self.solved:
                return f"Impossible: {self.note or 'no flick found meets the goal'}"
            known = _level_order(self.game)
            order = ([k for k in self.levels if k not in known]
                     + [k for k in known if k in self.levels])
            text = ", ".join(f"{k} {round(100 * self.levels[k][0])} %" for k in order)
            return text + (" (trivial: " + self.note + ")" if self.trivial else "")
        if not self.solved:
            return "No line found that meets the goal"
        return f"Best line succeeds {round(100 * self.success)} % +- {round(100 * self.error)} %"

    def to_json(self) -> dict:
        out = {"game": self.game, "exact": self.exact, "solved": self.solved,
               "line": list(self.line), "verdict": self.words(), "unit": self.unit,
               "seconds": round(self.seconds, 6)}
        if self.exact:
            out.update({"cost": self.cost, "unique": self.unique,
                        "lines": self.lines, "states": self.states, "bound": self.bound})
        else:
            out.update({"success": self.success, "error": self.error, "samples": self.samples})
        if self.unit == "flick":
            out.update({"levels": self.levels, "trivial": self.trivial})
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Verdict":
        keys = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in keys})


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
