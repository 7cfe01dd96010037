"""Write the bundled Glonk puzzles (scenarios/glonk/1x-*.flick), each verified with the shot
explorer (analysis.puzzles): its verdict (the most robust flick's success chance for a novice,
a club player and an expert) is saved with it, and that flick is its solution line. They are
graded by the club player's chance. Run from the checkout's root after a change to rules or
physics:

    python scenarios/glonk/make_puzzles.py [--samples N]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from analysis.puzzles import verify  # noqa: E402
from games.glonk import GAME  # noqa: E402
from games.glonk.positions import position  # noqa: E402
from scenarios import Scenario, load_scenario  # noqa: E402
from scenarios.glonk.goals import goal_problem  # noqa: E402
from timeline import save_record  # noqa: E402

HERE = Path(__file__).resolve().parent
ARMADAS = ("little_greys", "invaders")


def space_at(x: float, y: float) -> str:
    """The Galaxy space holding the point (x, y)."""
    return sorted(GAME.galaxy().occupied(x, y, 0.0015))[0]


PUZZLES = [
    {"title": "Short Hop", "at": {"BH": (0, 0), "G0": (0, -0.50), "G1": (0, -0.33),
                                  "V0": (0, 0.50), "V1": (-0.2, 0.3)},
     "goal": {"type": "reach", "piece": "G1", "space": space_at(0.12, -0.33)},
     "description": "Slide G1 one space to the right, no further.",
     "hints": ["A short slide needs a soft flick: it slows at the same rate whatever its speed."]},
    {"title": "Long Haul", "at": {"BH": (0, 0), "G0": (0, -0.50), "G1": (-0.40, -0.38),
                                  "V0": (0, 0.50), "V1": (-0.2, 0.3)},
     "goal": {"type": "reach", "piece": "G1", "space": space_at(0.40, -0.20)},
     "description": "Take G1 across the Galaxy's south to the far middle-ring space.",
     "hints": ["The further the slide, the more a small error in speed costs."]},
    {"title": "Into the Void", "at": {"BH": (0, 0), "G0": (-0.2, -0.50), "G1": (0, -0.45),
                                      "V0": (0, 0.50), "V1": (0, -0.16), "V2": (0.3, 0.3)},
     "goal": {"type": "atomise", "piece": "V1"},
     "description": "Drive the Larva Ship V1 onto the Black Hole from a distance.",
     "hints": ["Straight through V1 at the centre; hard enough for V1 to reach it."]},
    {"title": "Off Centre", "at": {"BH": (0, 0), "G0": (0, -0.50), "G1": (0.2, -0.36),
                                   "V0": (0, 0.50), "V1": (0.05, -0.15), "V2": (0.3, 0.3)},
     "goal": {"type": "atomise", "piece": "V1"},
     "description": "V1 is not in line with you and the Black Hole: cut it in.",
     "hints": ["Hit V1 on the side away from the Black Hole."]},
    {"title": "Needle's Eye", "at": {"BH": (0, 0), "G0": (0, -0.50), "G1": (0, -0.30),
                                     "V0": (0, 0.50), "V1": (-0.04, -0.42), "V2": (0.04, -0.42)},
     "goal": {"type": "reach", "piece": "G1", "space": space_at(0.0, -0.53)},
     "description": "Thread G1 between the two Larva Ships to the outer ring behind them.",
     "hints": ["The gap is a few millimetres wider than G1: aim dead straight."]},
]


def build(p, samples: int):
    state = position(ARMADAS, at=p["at"])
    problem = goal_problem(state, p["goal"])
    if problem:
        raise SystemExit(f"{p['title']}: {problem}")
    v = verify("glonk", state, p["goal"], samples=samples)
    if not v.solved:
        raise SystemExit(f"{p['title']}: {v.words()}")
    return state, v


def main() -> int:
    samples = int(sys.argv[sys.argv.index("--samples") + 1]) if "--samples" in sys.argv else 60
    built = [(p, *build(p, samples)) for p in PUZZLES]
    built.sort(key=lambda b: -b[2].levels["club"][0])  # graded: the club player's chance
    for old in HERE.glob("1[0-9]-*.flick"):
        old.unlink()
    for rank, (p, state, v) in enumerate(built, 1):
        sc = Scenario("glonk", GAME.state_to_json(state), p["title"], p["description"],
                      list(p["hints"]), dict(p["goal"]), list(v.line), state.config.to_json(),
                      min(5, rank), v.to_json())
        record = sc.to_record()
        record.headers["created"] = None
        record.root.camera = {"view": "top"}
        path = HERE / f"1{rank}-{p['title'].lower().replace(' ', '-').replace(chr(39), '')}.flick"
        save_record(record, path)
        load_scenario(path)
        print(f"{path.name}: {v.words()}  {v.line[0]}  ({v.seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
