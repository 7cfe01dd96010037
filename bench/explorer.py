"""Shot explorer benchmark: how soon the heatmap starts and how fast it fills.

On the Glonk demo's last position (two armadas and asteroids, 27 discs in play) the window's
explorer job (viewer.glonk.explorer.explore_in_steps, the steps its worker runs, run here in
process) explores one aim at club skill,
WINDOW_SAMPLES flicks (6 in smoke mode): `first_report_s` is the time from the request to the
first report (the first heat on the mat), `all_s` to the last, `flicks_per_s` the rate; then a second aim
replaces it after its first report and `replace_s` is the time until the new aim's first
report (how fast a moved pull is answered: the job service drops the old aim between two steps,
so it is the new aim's first step). Prints figures, then one JSON line.
"""
from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from timeline import Session, load_record  # noqa: E402
from viewer.glonk.explorer import WINDOW_SAMPLES, WINDOW_SEED, explore_in_steps  # noqa: E402
from bench.benchkit import report, size  # noqa: E402

SAMPLES = size(WINDOW_SAMPLES, 6)
TARGETS = {"first_report_s": None, "flicks_per_s": None, "replace_s": None}


def main() -> None:
    session = Session(load_record(os.path.join(ROOT, "scenarios", "demo", "glonk-demo.flick")))
    session.go_to(session.record.root.end())
    state = session.state
    game = session.game
    # two of the mover's discs that may be flicked at the demo's end (the demo is remade when
    # the rules change, so which ones are active is read, not assumed)
    from games.glonk.rules import activatable

    mine = sorted(p.id for p in state.in_play()
                  if p.is_ship and p.owner == state.turn_player and activatable(state, p)
                  and p.speed > 0)
    if len(mine) < 2:
        raise SystemExit(f"bench/explorer.py: the demo's end has {len(mine)} flickable discs")
    aim = game.parse_action(state, f"flick {mine[0]} a=0.00 v=2.000 s=0.00")
    other = game.parse_action(state, f"flick {mine[1]} a=350.00 v=1.600 s=0.00")
    start = time.perf_counter()
    steps = explore_in_steps(state, aim, "club", SAMPLES, WINDOW_SEED)
    first = None
    try:
        while True:
            next(steps)
            first = first if first is not None else time.perf_counter() - start
    except StopIteration as done:
        found = done.value
    last = time.perf_counter() - start
    first = first if first is not None else last
    if "refused" in found:
        raise SystemExit(f"bench/explorer.py: the explorer refused the aim: {found['refused']}")
    older = explore_in_steps(state, aim, "novice", SAMPLES, WINDOW_SEED)
    next(older, None)  # a first report of the aim the pull then leaves
    older.close()
    asked = time.perf_counter()
    newer = explore_in_steps(state, other, "club", SAMPLES, WINDOW_SEED)
    try:
        next(newer)
    except StopIteration:
        pass
    replace = time.perf_counter() - asked
    figures = {"samples": SAMPLES, "discs": len(state.in_play()),
               "first_report_s": round(first, 3), "all_s": round(last, 3),
               "flicks_per_s": round(SAMPLES / last, 1),
               "replace_s": round(replace, 3)}
    for k, v in figures.items():
        print(f"{k:>16}: {v}")
    report("explorer", figures, TARGETS)


if __name__ == "__main__":
    main()
