"""Glik puzzle solver against plain breadth-first search, in the same run.

Solves every bundled puzzle (scenarios/glik/*.flick) and seeded generated ones with
`games.glik.solver.solve` (tables, packed positions, lower bound) and with `bfs_solve`
(breadth-first through the rules engine), checks that both agree on the cost and the number
of shortest lines, and prints one line per puzzle. Positions with house rule neutral_slide
are posed with every set of goal action kinds, so "all_agree" covers every action set. Targets: at least 5x faster than BFS;
every bundled puzzle solved optimally within 1 s.
Ends with one JSON line: {"bench": "solver", "speedup_vs_bfs", "max_puzzle_s",
"states_per_s", ...}.
Usage: python bench/solver.py [--generated N] [--seed S] [--ap K] [--action-sets N]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.glik import GAME  # noqa: E402
from games.glik.kit import COLS, ROWS  # noqa: E402
from games.glik.positions import position  # noqa: E402
from games.glik.solver import bfs_solve, solve  # noqa: E402
from scenarios import bundled, load_scenario  # noqa: E402
from bench.benchkit import pick, report, size  # noqa: E402

TARGETS = {"speedup_vs_bfs": ">= 5", "max_puzzle_s": "<= 1", "all_agree": "== true"}


def generated(count: int, seed: int, ap: int):
    """Seeded random puzzles: 2 yellow stones among green and neutral ones, touch within ap."""
    rng = np.random.default_rng(seed)
    board = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board
    cells = [(r, c) for r in range(ROWS) for c in range(COLS)
             if board.kinds[r * COLS + c] == "empty"
             and r * COLS + c not in board.start_board_cells]
    out = []
    while len(out) < count:
        pick = rng.choice(len(cells), size=7, replace=False)
        stones = {}
        for k, i in enumerate(pick):
            stones[cells[i]] = "yellow" if k < 2 else ("green" if k % 2 else "neutral")
        state = position(stones, ap=ap, reserve=[0, 4])
        if state.touching()[0]:
            continue
        first = [list(cells[pick[0]])]
        goal = ({"player": 0, "count": 1} if len(out) % 2 == 0
                else {"player": 0, "stones": first})
        out.append((f"generated-{len(out) + 1:02d}", state, goal))
    return out


def every_action_set(count: int, seed: int):
    """Seeded positions with all 4 neutral stones placed and house rule neutral_slide on (so
    a neutral stone slides), each posed with every set of goal action kinds: the solver and
    BFS must agree on what each set allows."""
    from itertools import combinations

    from games.glik.solver import KINDS
    rng = np.random.default_rng(seed)
    board = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board
    cells = [(r, c) for r in range(ROWS) for c in range(COLS)
             if board.kinds[r * COLS + c] == "empty"
             and r * COLS + c not in board.start_board_cells]
    out = []
    while len(out) < count * 15:
        pick = rng.choice(len(cells), size=8, replace=False)
        stones = {cells[i]: ("yellow" if k < 2 else "green" if k < 4 else "neutral")
                  for k, i in enumerate(pick)}
        state = position(stones, ap=2, reserve=[0, 5], neutral_slide=True)
        if state.touching()[0]:
            continue
        n = len(out) // 15 + 1
        for size in range(1, len(KINDS) + 1):
            for kinds in combinations(KINDS, size):
                out.append((f"slide-{n:02d} {'+'.join(kinds)}", state,
                            {"player": 0, "count": 1, "actions": list(kinds)}))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Glik solver vs plain BFS")
    parser.add_argument("--generated", type=int, default=size(6, 1))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ap", type=int, default=5)
    parser.add_argument("--action-sets", type=int, default=size(2, 0),
                        help="neutral_slide positions posed with every set of action kinds")
    args = parser.parse_args(argv)

    cases = []
    for path in pick(bundled("glik"), 2):
        scenario, record = load_scenario(path)
        cases.append((path.stem, record.root.state, scenario.goal, True))
    cases += [(n, s, g, False) for n, s, g in generated(args.generated, args.seed, args.ap)]
    cases += [(n, s, g, False) for n, s, g in every_action_set(args.action_sets, args.seed)]

    fast_s = bfs_s = 0.0
    fast_states = bfs_states = 0
    max_bundled = 0.0
    agree = True
    ratios = []
    for name, state, goal, is_bundled in cases:
        fast = solve(state, goal)
        plain = bfs_solve(state, goal)
        same = (fast.solved, fast.cost, fast.lines) == (plain.solved, plain.cost, plain.lines)
        agree &= same
        fast_s += fast.seconds
        bfs_s += plain.seconds
        fast_states += fast.states
        bfs_states += plain.states
        ratios.append(plain.seconds / max(fast.seconds, 1e-4))
        if is_bundled:
            max_bundled = max(max_bundled, fast.seconds)
        verdict = f"{fast.cost} AP" if fast.solved else f"none within {fast.bound} AP"
        print(f"{name:28s} {verdict:16s} lines {fast.lines:3d}  solver {fast.seconds:7.3f} s "
              f"({fast.states:6d} states)  bfs {plain.seconds:7.3f} s ({plain.states:6d})  "
              f"{'agree' if same else 'DISAGREE'}", flush=True)
    speedup = bfs_s / fast_s if fast_s else float("inf")
    print(f"solver {fast_s:.3f} s, bfs {bfs_s:.3f} s: {speedup:.1f}x; slowest bundled puzzle "
          f"{max_bundled:.3f} s; solver and bfs {'agree' if agree else 'DISAGREE'}")
    report("solver", {"puzzles": len(cases),
                      "speedup_vs_bfs": round(speedup, 2),
                      "speedup_median": round(float(np.median(ratios)), 2),
                      "max_puzzle_s": round(max_bundled, 4),
                      "states_per_s": round(fast_states / fast_s) if fast_s else None,
                      "bfs_states_per_s": round(bfs_states / bfs_s) if bfs_s else None,
                      "solver_s": round(fast_s, 3), "bfs_s": round(bfs_s, 3),
                      "all_agree": agree, "targets_met": bool(speedup >= 5 and max_bundled <= 1
                                                             and agree)}, TARGETS)
    return 0 if agree else 1


if __name__ == "__main__":
    raise SystemExit(main())
