"""Verifying a Glik puzzle: the game's exact solver (fewest AP, and whether the shortest line
is unique)."""
from __future__ import annotations

from analysis.puzzles import PuzzleVerifier, Verdict


def verify_puzzle(state, goal, *, max_cost, **_) -> Verdict:
    from games.glik.solver import solve

    r = solve(state, goal, max_ap=max_cost)
    return Verdict("glik", True, bool(r.solved), list(r.line), r.cost, "AP", r.unique,
                   r.lines, states=r.states, bound=r.bound)


VERIFIER = PuzzleVerifier(verify_puzzle)
