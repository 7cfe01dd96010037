"""Glik analysis: win chances from the solver's distance to touching for each player.

Glik has no chance once play starts, so no rollouts: for every seat the puzzle solver finds
the fewest action points that seat needs, acting alone from this position, to bring one more
stone into touch (exact up to `bound` AP; beyond it the distance counts as bound + 1). A seat's
standing is its touching stones minus the turns that next touch needs; the win chances are a
softmax of the standings with `temperature` (a model of the race, stated as such: method
"solver", no error bar). One case is no model but a fact: when the player to move can bring
all their stones into touch with this turn's AP left, they win (1.0, everyone else 0.0), and
the first action of that finishing line is the best one. Other decisions are compared with the
Glik bot's choice.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from games.glik.bot import choose_action
from games.glik.rules import AP_PER_TURN, STONES_PER_PLAYER
from games.glik.solver import solve

from analysis.executors import InProcessExecutor, run_batches
from analysis.record import WinAnalyser


@dataclass(frozen=True)
class DistanceBatch:
    states: tuple
    bound: int


def distances(state, bound: int) -> list[int | None]:
    """Per seat: the fewest AP to its next touching stone (None: more than `bound`)."""
    out = []
    touching = state.touching()
    for seat in range(state.players):
        alone = replace(state, turn=seat, ap_left=bound, ap_spent=0, offer=None)
        result = solve(alone, {"player": seat, "count": touching[seat] + 1}, max_ap=bound)
        out.append(result.cost if result.solved else None)
    return out


def finishing_line(state, next_touch: int | None = None) -> list[str] | None:
    """The shortest line (canonical texts) by which the player to move brings all their
    stones into touch with this turn's AP left, or None when they cannot. `next_touch`, the
    AP to their next touching stone when known, skips the search when even that is out of
    reach this turn."""
    if state.phase != "play" or state.ap_left <= 0:
        return None
    if next_touch is not None and next_touch > state.ap_left:
        return None
    result = solve(state, {"player": state.turn, "count": STONES_PER_PLAYER},
                   max_ap=state.ap_left)
    return list(result.line) if result.solved else None


def distance_batch(batch: DistanceBatch) -> list[tuple | None]:
    """Per play-phase state, (`distances`, whether the mover finishes this turn); None for
    setup states."""
    out = []
    for s in batch.states:
        if s.phase != "play":
            out.append(None)
            continue
        dist = distances(s, batch.bound)
        out.append((dist, finishing_line(s, dist[s.turn]) is not None))
    return out


class GlikAnalyser(WinAnalyser):
    game = "glik"
    method = "solver"
    bound = AP_PER_TURN
    temperature = 0.5
    batch_size = 4
    default_budget = 1  # the solver is exact: no rollouts

    def viewpoint(self, state) -> int:
        return state.turn

    def best_action(self, state, rng, executor=None):
        if state.phase != "play":
            return None
        line = finishing_line(state)
        if line:
            return self._game().parse_action(state, line[0])
        return choose_action(state, rng)

    def standing(self, state, dist) -> list[float]:
        touching = state.touching()
        out = []
        for seat, d in enumerate(dist):
            need = self.bound + 1 if d is None else d
            if seat == state.turn:  # the mover spends this turn's AP first
                need = max(0, need - state.ap_left)
            out.append(touching[seat] - need / AP_PER_TURN)
        return out

    def chances(self, state, dist, finishes: bool = False) -> list[float]:
        if state.phase == "over":
            return [float(x) for x in self._game().outcome(state)]
        if dist is None:
            return [1.0 / state.players] * state.players
        if finishes:  # the mover wins this very turn
            return [1.0 if seat == state.turn else 0.0 for seat in range(state.players)]
        z = np.array(self.standing(state, dist)) / self.temperature
        e = np.exp(z - z.max())
        return [float(x) for x in e / e.sum()]

    def _game(self):
        from games.glik.rules import GAME

        return GAME

    def win(self, states, *, budget, seeds, executor=None, progress=None, on_result=None):
        chunks = [tuple(states[i:i + self.batch_size])
                  for i in range(0, len(states), self.batch_size)]
        if progress is not None:
            progress.add_total(len(chunks))
        results = run_batches(executor or InProcessExecutor(), distance_batch,
                              [DistanceBatch(c, self.bound) for c in chunks], progress=progress)
        out = []
        for state, found in zip(states, [d for r in results for d in r]):
            dist, finishes = found if found is not None else (None, False)
            figures = {"win": self.chances(state, dist, finishes), "win_error": None,
                       "method": self.method, "samples": 1,
                       "extra": {"distance_ap": dist, "bound_ap": self.bound,
                                 "touching": list(state.touching()),
                                 "finishes_this_turn": finishes}}
            if on_result is not None:
                on_result(len(out), figures)
            out.append(figures)
        return out


ANALYSER = GlikAnalyser()
