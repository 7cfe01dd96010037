"""Write the bundled Glonk tutorials (scenarios/glonk/*.flick).

Each tutorial is a small hand-made position (games.glonk.positions) with a title, a
description, hints, a goal in words plus a checked goal (games.glonk.goals), a tutorial
prompt on the start position, and as its main line a solution found here with the real
physics: a grid of angles and speeds round the obvious aim, plus seeded random tries, keeping
the flick whose neighbours (a degree and a few cm/s either way) also meet the goal most often,
so the line shown is one a person can repeat. Run it again after a change to rules or physics:

    python authoring/glonk/make_tutorials.py [--check]
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.api import IllegalAction  # noqa: E402
from games.glonk import GAME  # noqa: E402
from games.glonk.actions import Flick  # noqa: E402
from games.glonk.positions import position  # noqa: E402
from scenarios import Scenario  # noqa: E402
from games.glonk.goals import goal_met, goal_problem  # noqa: E402
from timeline import save_record  # noqa: E402

FOLDER = ROOT / "scenarios" / "glonk"  # the bundled files this script writes
SEED = 11
ARMADAS = ("little_greys", "invaders")

TUTORIALS = [
    {
        "file": "01-your-first-flick.flick",
        "title": "Your first flick",
        "description": "Flick your Small Saucer G1 onto the Inner Ring space I6, "
                       "without touching the Black Hole.",
        "at": {"BH": (0.0, 0.0), "G0": (0.0, -0.50), "G1": (0.0, -0.33), "V0": (0.0, 0.50),
               "V1": (-0.20, 0.30)},
        "goal": {"type": "reach", "piece": "G1", "space": "I6",
                 "text": "G1 comes to rest on the Inner Ring space I6"},
        "hints": ["Press on G1, drag back away from I6 and release: the arrow shows where it "
                  "should stop.",
                  "A Small Saucer has speed 2: I6 is within 2 parsecs, so this is a standard "
                  "propulsion.",
                  "Aim up and to the right (about 60 degrees), gently: the Black Hole in the "
                  "centre atomises any ship that touches it."],
        "prompt": "Your first flick: press on your saucer G1, drag back and release. "
                  "Bring it to rest on I6 (H for a hint).",
        "piece": "G1", "aim": "I6",
        "done": "Well done: G1 rests on I6. A flick that ends within the piece's speed in "
                "parsecs is a standard propulsion; further is a hyper-propulsion and ends "
                "your turn.",
    },
    {
        "file": "02-boarding.flick",
        "title": "Boarding",
        "description": "Bring your Small Saucer G1 to rest touching the enemy Larva Ship V1, "
                       "then board it.",
        # V1 lies against its Hive, which is heavier: a gentle flick leaves G1 against V1
        "at": {"G0": (0.0, -0.50), "G1": (0.0, -0.30), "V0": (0.0, -0.0872), "V1": (0.0, -0.14),
               "V2": (0.30, 0.30)},
        "goal": {"type": "atomise", "piece": "V1",
                 "text": "Atomise the Larva Ship V1 by boarding it"},
        "hints": ["A saucer that ends a standard propulsion touching an enemy ship may board "
                  "it: the touched ship is atomised and scores for you.",
                  "V1 is docked against its heavy Hive: flick G1 straight at V1, softly, and "
                  "it stops against it. Too hard and G1 bounces off.",
                  "After the flick, press Board with G1 (the button above the message)."],
        "prompt": "Boarding: flick G1 gently so that it comes to rest touching V1, "
                  "then choose 'Board with G1'.",
        "piece": "G1", "aim": "V1", "then": "board G1",
        "done": "V1 is atomised and in your trophy stack: 1 point.",
    },
    {
        "file": "03-the-black-hole.flick",
        "title": "The black hole",
        "description": "Push the enemy Larva Ship V1 into the Black Hole with your Small "
                       "Saucer G1.",
        "at": {"BH": (0.0, 0.0), "G0": (0.0, -0.50), "G1": (0.0, -0.30), "V0": (0.0, 0.50),
               "V1": (0.0, -0.13), "V2": (0.30, 0.30)},
        "goal": {"type": "score", "player": 0, "points": 1,
                 "text": "Score a point: V1 must touch the Black Hole"},
        "hints": ["Any ship that touches the Black Hole is atomised; an enemy ship atomised "
                  "in your turn scores for you.",
                  "Aim straight through V1 at the Black Hole.",
                  "Hard enough to drive V1 in, but G1 should stop before the Black Hole too."],
        "prompt": "The Black Hole: flick G1 into V1 so that V1 is pushed onto the "
                  "Black Hole.",
        "piece": "G1", "aim": "BH",
        "done": "V1 touched the Black Hole and is atomised: your point.",
    },
]


def start_state(t):
    return position(ARMADAS, at=t["at"])


def outcome(state, flick, then=None):
    """The position after `flick` (and the follow-up action), or None if it is illegal."""
    try:
        step = GAME.apply(state, flick)
        s = step.state
        if then is not None:
            s = GAME.apply(s, then).state
    except IllegalAction:
        return None
    return s


def meets(t, state, flick) -> bool:
    s = outcome(state, flick, t.get("then"))
    if s is None or not goal_met(s, t["goal"]):
        return False
    p = s.get(t["piece"])  # the flicked saucer survives
    return p is not None and p.status == "in_play"


def search(t, rng) -> Flick:
    state = start_state(t)
    p = state.piece(t["piece"])
    target = state.get(t["aim"])
    tx, ty = (target.x, target.y) if target is not None else \
        GAME.galaxy().by_id[t["aim"]].centroid
    base = math.degrees(math.atan2(ty - p.y, tx - p.x))
    dist = math.hypot(tx - p.x, ty - p.y)
    v0 = math.sqrt(2 * 0.35 * 9.81 * dist)
    tries = [(base + da, v0 * f) for da in (-2, -1, 0, 1, 2)
             for f in np.linspace(0.5, 1.5, 21)]
    tries += [(base + rng.uniform(-3, 3), v0 * rng.uniform(0.4, 1.6)) for _ in range(30)]
    good = [(a, v) for a, v in tries if meets(t, state, Flick.make(p.id, a % 360, v))]
    if not good:
        raise SystemExit(f"{t['title']}: no flick meets the goal")

    def robustness(av):
        a, v = av
        return sum(meets(t, state, Flick.make(p.id, (a + da) % 360, v + dv))
                   for da in (-1, 0, 1) for dv in (-0.04, 0.0, 0.04))

    scored = sorted(good, key=lambda av: (-robustness(av), abs(av[0] - base), av[1]))
    a, v = scored[0]
    return Flick.make(p.id, a % 360, v)


def build(t, rng):
    state = start_state(t)
    problem = goal_problem(state, t["goal"])
    assert problem is None, problem
    flick = search(t, rng)
    solution = [str(flick)] + ([t["then"]] if t.get("then") else [])
    sc = Scenario("glonk", GAME.state_to_json(state), t["title"], t["description"],
                  list(t["hints"]), dict(t["goal"]), solution, state.config.to_json(), 1)
    record = sc.to_record()
    record.headers["created"] = None  # the same bytes each run
    record.root.prompt = t["prompt"]
    record.root.camera = {"view": "top"}
    end = record.root.end()
    assert goal_met(end.state, t["goal"]), f"{t['title']}: the recorded line misses the goal"
    end.comment = t["done"]
    return record, solution


def main() -> None:
    rng = np.random.default_rng(SEED)
    for t in TUTORIALS:
        record, solution = build(t, rng)
        path = FOLDER / t["file"]
        if "--check" not in sys.argv:
            save_record(record, path)
        print(f"{path.name}: {' ; '.join(solution)}")


if __name__ == "__main__":
    main()
