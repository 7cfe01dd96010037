"""Glonk's cost of one viewer step on the full Galaxy (six armadas, six Asteroids).

After every action the viewer asks the rules what can be done now: the panel's buttons need
only the discrete actions (end turn, pass, boarding, powers), the slingshot needs the flick
spec. This times, cold (every pose new to the Galaxy's caches) unless marked warm, on
positions after setup with several pieces moved, `apply` of a discrete
action, the full `legal_actions` (representative flicks and Jumps included), the cheap
`discrete_actions` query (when the game has one) and `action_spec`. Prints its figures, then
one JSON line: ms per call of each, and legal_share_of_step, the part of (apply + query) that
the viewer's query takes when it asks for the full list, and discrete_share_of_step when it
asks only for the discrete actions.
"""
from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # ahead of bench/ (its analysis.py, physics.py hide the packages)

from bench.benchkit import env_size, report  # noqa: E402

TARGETS = {"legal_actions_ms": None, "discrete_actions_ms": None, "apply_ms": None,
           "discrete_share_of_step": None}


def positions(seed: int = 3):
    """Actions-phase states of a six-armada game after setup (seeded random placements)."""
    from bench.render_glonk import full_galaxy_state
    return [full_galaxy_state(seed + k) for k in range(3)]


def per_call(fn, states, repeat: int, cold: bool = True) -> float:
    """ms per call; `cold` forgets the Galaxy's remembered poses before each call (a state
    whose every piece has moved: the worst case of a viewer step)."""
    from games.glonk.rules import G
    clear = getattr(G, "clear_caches", None)  # absent before the caches (a baseline run)
    total = 0.0
    for _ in range(repeat):
        for s in states:
            if cold and clear is not None:
                clear()
            t0 = time.perf_counter()
            fn(s)
            total += time.perf_counter() - t0
    return total / (repeat * len(states)) * 1000.0


def main() -> int:
    from games.glonk import GAME
    from games.glonk.actions import Move

    states = positions()
    repeat = env_size("REPEAT", 5, 1)
    end = Move("end_turn")
    apply_ms = per_call(lambda s: GAME.apply(s, end), states, repeat)
    legal_ms = per_call(GAME.legal_actions, states, repeat)
    spec_ms = per_call(GAME.action_spec, states, repeat)
    discrete = getattr(GAME, "discrete_actions", None)
    discrete_ms = per_call(discrete, states, repeat) if discrete else None
    warm_legal_ms = per_call(GAME.legal_actions, states, repeat, cold=False)
    warm_spec_ms = per_call(GAME.action_spec, states, repeat, cold=False)
    figures = {"states": len(states), "repeat": repeat,
               "apply_ms": round(apply_ms, 3), "legal_actions_ms": round(legal_ms, 3),
               "action_spec_ms": round(spec_ms, 3),
               "discrete_actions_ms": None if discrete_ms is None else round(discrete_ms, 3),
               "legal_actions_warm_ms": round(warm_legal_ms, 3),
               "action_spec_warm_ms": round(warm_spec_ms, 3),
               "legal_share_of_step": round(legal_ms / (apply_ms + legal_ms), 3),
               "discrete_share_of_step": None if discrete_ms is None else
               round(discrete_ms / (apply_ms + discrete_ms), 3)}
    for k, v in figures.items():
        print(f"{k:24s} {v}")
    report("glonk_step", figures, TARGETS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
