"""Write the bundled Glonk puzzles (scenarios/glonk/1x-*.flick), each verified with the shot
explorer (analysis.puzzles): its verdict (the most robust flick's success chance for a novice,
a club player and an expert) is saved with it, and that flick is its solution line. They are
numbered in the order of PUZZLES, easiest first (the test checks the verdicts fall). Run from the checkout's root after a change to rules or
physics:

    python authoring/glonk/make_puzzles.py [--samples N]
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from analysis.puzzles import verify  # noqa: E402
from games.glonk import GAME  # noqa: E402
from games.glonk.positions import position  # noqa: E402
from scenarios import Scenario, load_scenario  # noqa: E402
from games.glonk.goals import goal_problem  # noqa: E402
from timeline import save_record  # noqa: E402

FOLDER = ROOT / "scenarios" / "glonk"  # the bundled files this script writes
ARMADAS = ("little_greys", "invaders")


def space_at(x: float, y: float) -> str:
    """The Galaxy space holding the point (x, y)."""
    return sorted(GAME.galaxy().occupied(x, y, 0.0015))[0]


def gap_in_a_belt(start, space: str, *, along: float, clearance: float) -> dict:
    """Four asteroids across the line from `start` to `space`'s centre, `along` of the way
    there, leaving a gap `clearance` wider than a saucer on each side of that line."""
    sizes = position(ARMADAS, at={})
    saucer, asteroid = sizes.get("G1").radius, sizes.get("A1").radius
    tx, ty = GAME.galaxy().by_id[space].centroid
    length = math.hypot(tx - start[0], ty - start[1])
    ux, uy = (tx - start[0]) / length, (ty - start[1]) / length
    mx, my = start[0] + ux * length * along, start[1] + uy * length * along
    first = saucer + clearance + asteroid  # from the line to the nearer asteroids' centres
    offsets = (first, -first, first + 2 * asteroid, -first - 2 * asteroid)
    return {f"A{i}": (round(mx - uy * k, 4), round(my + ux * k, 4))
            for i, k in enumerate(offsets, 1)}


HAUL_FROM = (-0.45, -0.30)

#: Easiest first: each its own idea, the verdicts saved with them falling across the set
#: (tests/test_glonk_puzzles.py checks that they do).
PUZZLES = [
    {"title": "Backstop",
     "at": {"BH": (0.3, 0.1), "G0": (0, -0.50), "G1": (0, -0.30), "V0": (0, -0.0872),
            "V1": (0, -0.14), "V2": (0.3, 0.3)},
     "goal": {"type": "reach", "piece": "G1", "space": space_at(0, -0.20)},
     "description": "Bring G1 to rest on I5, the inner-ring space ahead. The Larva Ship V1, "
                    "docked at its heavy Hive, stops a flick that is too hard: an easy start, "
                    "even a novice manages it.",
     "hints": ["Straight at V1: a flick a little too hard bounces off V1 and still ends on I5.",
               "To board V1 as well, G1 must end touching it (within 1 mm): a gentler flick, "
               "as in the Boarding tutorial."]},
    {"title": "Heroic Assault",
     "at": {"BH": (0, 0), "G0": (-0.2, -0.50), "G1": (0, -0.445), "V0": (0, 0.50),
            "V1": (0, -0.16), "V2": (0.3, 0.3)},
     "goal": {"type": "atomise", "piece": "V1"},
     "description": "Atomise the Larva Ship V1, a long way off. Pushing it onto the Black Hole "
                    "needs a hard, exact flick; a heroic assault on V1 atomises it (and G1) as "
                    "soon as G1 touches it first, so the speed only has to be enough: a club "
                    "player mostly manages it, a novice about half the time.",
     "hints": ["Choose Heroic assault (above the message), click V1, then flick G1 straight "
               "at it.",
               "Too soft and G1 stops short of V1: then G1 alone is atomised."]},
    {"title": "Carom",
     "at": {"BH": (0, 0), "G0": (-0.3, -0.45), "G1": (0.0718, -0.3773), "V0": (0, 0.50),
            "V1": (0, -0.14), "V2": (0.0308, -0.2646)},
     "goal": {"type": "atomise", "piece": "V1"},
     "description": "V2 stands between G1 and V1: knock V2 into V1 so that V1 is cut onto the "
                    "Black Hole. Two collisions double any error: a club player manages it about "
                    "half the time.",
     "hints": ["Aim G1 at V1 itself: V2, in the way, takes the hit and passes it on.",
               "V2 strikes V1 off-centre; V1 leaves along the line between their centres."]},
    {"title": "Long Haul",
     "at": {"BH": (0, 0), "G0": (0, -0.50), "G1": (-0.40, -0.38), "V0": (0, 0.50),
            "V1": (-0.2, 0.3)},
     "goal": {"type": "reach", "piece": "G1", "space": space_at(0.40, -0.20)},
     "description": "Take G1 across the Galaxy's south to the far outer-ring space O23. "
                    "The skill is in the speed: an expert usually stops on it, a club player "
                    "half the time.",
     "hints": ["The further the slide, the more a small error in speed costs."]},
    {"title": "Needle's Eye",
     "at": {"BH": (0, 0), "G0": (0, -0.50), "G1": HAUL_FROM, "V0": (0, 0.50),
            "V1": (-0.2, 0.3),
            **gap_in_a_belt(HAUL_FROM, "O23", along=0.45, clearance=0.003)},
     "goal": {"type": "reach", "piece": "G1", "space": "O23"},
     "description": "Thread G1 through the gap in the asteroid belt and on across the Galaxy "
                    "to O23. Hard: an expert gets through and stops there now and then, a club "
                    "player rarely.",
     "hints": ["The gap is 6 mm wider than G1 and far away: aim dead straight at O23.",
               "Hard enough for the whole slide: the gap is under half of the way."]},
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
    samples = int(sys.argv[sys.argv.index("--samples") + 1]) if "--samples" in sys.argv else 100
    built = [(p, *build(p, samples)) for p in PUZZLES]
    for old in FOLDER.glob("1[0-9]-*.flick"):
        old.unlink()
    for rank, (p, state, v) in enumerate(built, 1):
        sc = Scenario("glonk", GAME.state_to_json(state), p["title"], p["description"],
                      list(p["hints"]), dict(p["goal"]), list(v.line), state.config.to_json(),
                      min(5, rank), v.to_json())
        record = sc.to_record()
        record.headers["created"] = None
        record.root.camera = {"view": "top"}
        path = FOLDER / f"1{rank}-{p['title'].lower().replace(' ', '-').replace(chr(39), '')}.flick"
        save_record(record, path)
        load_scenario(path)
        print(f"{path.name}: {v.words()}  {v.line[0]}  ({v.seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
