"""Glonk shot bot benchmark: how soon bot against bot scores from the demo setup, and how
often the stronger bot wins.

From the demo's opening position (scenarios/demo/glonk-demo.flick, where setup ends) bots
play with fixed seeds:
- to_score: each strength against itself until POINTS (2) points are scored or MAX_TURNS (12)
  turns pass; its turns, seconds and the turns a bot ended without a flick while it could;
- versus: the stronger of PAIRS (club-novice) against the weaker over SEEDS (3) games, the
  seats swapped each game, to the end of the game or GAME_TURNS (30) turns (then the score
  decides); the stronger side's wins, losses and ties.
Sizes come from the environment (STRENGTHS, PAIRS "club-novice,expert-club", SEEDS,
FIRST_SEED), as the whole run takes minutes on the 2-core machine. Prints figures, then one
JSON line.
"""
from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
sys.path[:] = [ROOT] + [p for p in sys.path if os.path.abspath(p or ".") != BENCH] + [BENCH]

from analysis.glonk import bot_match  # noqa: E402
from bench.benchkit import env_size, report, size  # noqa: E402

STRENGTHS = [s for s in os.environ.get("STRENGTHS", size("novice,club,expert", "novice")).split(",")
             if s]
PAIRS = [p.split("-") for p in os.environ.get("PAIRS", size("club-novice", "novice-novice")).split(",")
         if p]
SEEDS = env_size("SEEDS", 3, 1)
FIRST_SEED = int(os.environ.get("FIRST_SEED", "1"))
POINTS = int(os.environ.get("POINTS", "2"))
MAX_TURNS = env_size("MAX_TURNS", 12, 1)
GAME_TURNS = env_size("GAME_TURNS", 30, 1)
TARGETS = {"versus.club-novice.wins": None, "versus.club-novice.losses": None}


def demo_start():
    from scenarios import SCENARIO_DIR
    from timeline import load_record

    record = load_record(SCENARIO_DIR / "demo" / "glonk-demo.flick")
    return next(n for n in record.mainline() if n.comment).state


def main() -> None:
    s = demo_start()
    figures: dict = {"to_score": {}, "versus": {}}
    for name in STRENGTHS:
        t = time.perf_counter()
        r = bot_match(s, [name, name], seed=1, max_turns=MAX_TURNS, points=POINTS)
        row = {"turns": r["turns"], "scored": sum(r["scores"]), "ended_idle": sum(r["ended_idle"]),
               "flicks": sum(r["flicks"]), "seconds": round(time.perf_counter() - t, 1)}
        figures["to_score"][name] = row
        print(f"{name} v {name}: {row}", flush=True)
    for strong, weak in PAIRS:
        wins = losses = ties = 0
        games = []
        for seed in range(FIRST_SEED, FIRST_SEED + SEEDS):
            seats = [strong, weak] if seed % 2 else [weak, strong]
            t = time.perf_counter()
            r = bot_match(s, seats, seed=seed, max_turns=GAME_TURNS)
            me = seats.index(strong)
            won = r["winners"] == [me]
            lost = bool(r["winners"]) and me not in r["winners"]
            wins, losses, ties = wins + won, losses + lost, ties + (not won and not lost)
            games.append({"seats": seats, "scores": r["scores"], "over": r["over"],
                          "turns": r["turns"], "seconds": round(time.perf_counter() - t, 1)})
            print(f"{seats[0]} v {seats[1]} seed {seed}: {games[-1]}", flush=True)
        figures["versus"][f"{strong}-{weak}"] = {"wins": wins, "losses": losses, "ties": ties,
                                                 "games": games}
    report("glonk_bot", figures, TARGETS)


if __name__ == "__main__":
    main()
