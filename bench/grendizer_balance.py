"""Grendizer XperienZ balance: seeded bot games per difficulty and player count.

Prints one line per (difficulty, players) and ends with one JSON line:
{"bench": "grendizer_balance", "mode": "full" or "smoke", "games": N,
 "win_rate": {"easy": {"1": ..}, "difficult": {..}},
 "mean_turns": {...}, "games_per_s": ...}
Usage: python bench/grendizer_balance.py [--games N] [--seed S]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.grendizer import GAME  # noqa: E402
from games.grendizer.bot import choose_action  # noqa: E402
from bench.benchkit import report, size  # noqa: E402

# Both tracks winnable but not trivial, the difficult one harder (docs/rules/grendizer.md).
TARGETS = {"win_rate.easy.2": None, "win_rate.difficult.2": None, "games_per_s": None}


def play_one(players: int, difficulty: str, seed: int):
    """One bot game; returns (victory?, turns). Actions are checked only by the bot's choice
    of legal actions, so the engine's fast path is used."""
    rng = np.random.default_rng(seed)
    s = GAME.new_initial_state({"players": players, "difficulty": difficulty})
    while not GAME.is_terminal(s):
        s = GAME.apply_legal(s, choose_action(s, rng)).state
    return s.result == "victory", s.turn


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=size(1000, 3),
                    help="games per difficulty and count")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    win_rate, turns = {}, {}
    total, t0 = 0, time.perf_counter()
    for difficulty in ("easy", "difficult"):
        win_rate[difficulty], turns[difficulty] = {}, {}
        for players in (1, 2, 3, 4):
            wins, nturns = 0, 0
            t1 = time.perf_counter()
            for g in range(args.games):
                seed = args.seed * 1_000_003 + players * 100_000 + g
                won, n = play_one(players, difficulty, seed)
                wins += won
                nturns += n
            total += args.games
            rate = wins / args.games
            win_rate[difficulty][str(players)] = round(rate, 4)
            turns[difficulty][str(players)] = round(nturns / args.games, 2)
            print(f"{difficulty:9s} {players}p: win rate {rate:.3f}, mean turns "
                  f"{nturns / args.games:.1f} ({time.perf_counter() - t1:.1f} s)", flush=True)
    elapsed = time.perf_counter() - t0
    report("grendizer_balance", {"games": args.games, "win_rate": win_rate, "mean_turns": turns,
                                 "games_per_s": round(total / elapsed, 2)}, TARGETS)


if __name__ == "__main__":
    main()
