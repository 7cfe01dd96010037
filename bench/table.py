"""Games from the real table (issue 25): how well and how fast the flick is inferred from the
resting places a hand enters, and how well a player's own scatter is recovered.

- Inference on N seeded synthetic flicks (Galaxy positions set up at random, a random own ship
  flicked at 0.3-1.8 m/s, discs that moved entered with 3 mm of hand noise): the share whose
  inferred intent is within 1 deg and 5 % speed, the share flagged ambiguous, the median CPU
  seconds a flick; the share within tolerance split by slide length (noise over distance sets
  what can be read at all).
- What can be read at all: the Cramer-Rao bound of each flick at its true values
  (`analysis.glonk.table.precision`: the entered places' Jacobian in angle, speed and spin on the real
  simulator, 3 mm on each coordinate, the spin prior). A flick is readable when 1 deg and 5 % are
  each at least 1.645 of its sd (a 90 % two-sided interval of an estimator that reaches the
  bound); `readable` is their share, `within_1deg_5pct_of_readable` the share of those inferred
  within 1 deg and 5 % (the issue's 90 % target, which a short lone slide cannot meet: 3 mm
  across at 10 cm is 1.7 deg), `readable_flagged_right` how often the inference's own bound (at
  the flick it found) agrees, `within_1deg_5pct_of_said_readable` the share within tolerance of
  the flicks the inference itself calls readable (not ambiguous by noise), `readable_angle_error_over_sd_p90` the 90th percentile of the
  angle error over the bound on readable flicks (1.645 for an estimator that reaches it),
  `search_missed_truth` the share where the true flick explains the entry better (chi-square
  more than 1 lower) than the one found: a failure of the search, not of the positions.
- Personal skill: a known hand's scatter recovered from 40 synthetic intent/execution pairs.

FLICKBOOK_BENCH=smoke: 4 flicks. TABLE_FLICKS=N sets the count.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from analysis.glonk.skill import Skill, scattered  # noqa: E402
from analysis.glonk.table import _Fit, fit_hand, infer_flick, precision, synthetic_flick  # noqa: E402
from games.glonk.actions import Flick  # noqa: E402

from bench.benchkit import SMOKE, env_size, report  # noqa: E402,F401

TARGETS = {"within_1deg_5pct": ">= 0.9", "within_1deg_5pct_of_readable": ">= 0.9",
           "median_cpu_s": "<= 10", "hand_angle_error": "<= 0.25", "hand_speed_error": "<= 0.25"}


def inference(n: int) -> dict:
    good, ambiguous, cpu, by_slide = 0, 0, [], {"under_15cm": [0, 0], "15cm_up": [0, 0]}
    readable, good_readable, flagged_right, z_angle, missed, said, good_said = 0, 0, 0, [], 0, 0, 0
    for seed in range(n):
        case = synthetic_flick(seed)
        t = time.process_time()
        found = infer_flick(case.state, case.observation)
        cpu.append(time.process_time() - t)
        # what the entered positions can say at all: the bound at the true flick (not timed)
        bound = precision(case.state, case.observation, case.flick)
        fit = _Fit(case.state, case.observation)  # did the search miss a better fit (the truth)?
        f, g = case.flick, found.flick
        missed += fit.cost(g.angle, g.speed, g.spin) > fit.cost(f.angle, f.speed, f.spin) + 1.0
        da = abs(((found.flick.angle - case.flick.angle + 180) % 360) - 180)
        dv = abs(found.flick.speed / case.flick.speed - 1)
        ok = da <= 1.0 and dv <= 0.05
        good += ok
        ambiguous += found.ambiguous
        readable += bound.readable
        good_readable += ok and bound.readable
        flagged_right += found.readable == bound.readable
        said += found.readable
        good_said += ok and found.readable
        if bound.readable:
            z_angle.append(da / bound.angle_sd)
        band = by_slide["under_15cm" if not case.slide >= 0.15 else "15cm_up"]
        band[0] += ok
        band[1] += 1
    return {"flicks": n, "within_1deg_5pct": round(good / n, 3), "ambiguous": round(ambiguous / n, 3),
            "readable": round(readable / n, 3),
            "within_1deg_5pct_of_readable": round(good_readable / readable, 3) if readable else None,
            "readable_flagged_right": round(flagged_right / n, 3),
            "within_1deg_5pct_of_said_readable": round(good_said / said, 3) if said else None,
            "readable_angle_error_over_sd_p90": (round(float(np.percentile(z_angle, 90)), 2)
                                                 if z_angle else None),
            "search_missed_truth": round(missed / n, 3),
            "median_cpu_s": round(float(np.median(cpu)), 2),
            "within_by_slide": {k: (round(a / b, 3) if b else None) for k, (a, b) in by_slide.items()},
            "slides_counted": {k: b for k, (_, b) in by_slide.items()}}


def hand(pairs: int = 40, seed: int = 5) -> dict:
    truth = Skill("alice", 2.2, 0.06, 1.0)
    rng = np.random.default_rng(seed)
    made = []
    for _ in range(pairs):
        intent = Flick.make("S1", float(rng.uniform(0, 360)), float(rng.uniform(0.4, 1.8)))
        made.append((intent, scattered(intent, truth, rng)))
    fitted = fit_hand("Alice", made)
    return {"hand_pairs": pairs,
            "hand_angle_error": round(abs(fitted.skill.angle_sd / truth.angle_sd - 1), 3),
            "hand_speed_error": round(abs(fitted.skill.speed_sd / truth.speed_sd - 1), 3)}


def main() -> None:
    n = env_size("TABLE_FLICKS", 500, 2)
    t = time.time()
    figures = {**inference(n), **hand()}
    figures["wall_s"] = round(time.time() - t, 1)
    report("table", figures, TARGETS)


if __name__ == "__main__":
    main()
