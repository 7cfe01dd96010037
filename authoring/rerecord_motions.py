"""Simulate again every stored flick of bundled Glonk records with today's physics and store
the new motions (and `headers.physics_version`), after a physics change.

For each flick it says whether the outcome changed: which pieces ended atomised, lost,
captured or turned over, the scores, whose turn, and how far any disc's resting place moved.
A record whose outcome changed is reported and left as it is (its stored motions still play)
unless --force; a puzzle's saved verdict is kept (re-grade it with make_puzzles.py).

    python authoring/rerecord_motions.py [--check] [--force] FILE...
"""
from __future__ import annotations

import base64
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games import get_game  # noqa: E402
from timeline import save_record  # noqa: E402
from timeline.fileformat import read_json, record_from_json  # noqa: E402


def outcome(state) -> tuple:
    """What the rules made of a flick, leaving out exact resting places."""
    pieces = tuple((p.id, p.status, p.owner, p.active, p.molten) for p in state.pieces)
    return (pieces, state.scores(), state.phase, state.turn_player, state.winners)


def rerecord(path: Path) -> tuple[dict, list[str], int]:
    data = read_json(path)
    game = get_game(data["game"])
    start = (game.state_from_json(data["start"]) if data.get("start") is not None
             else game.new_initial_state(data.get("config") or {}))
    nodes = data["nodes"]
    old_states, new_states = [start], [start]
    changed: list[str] = []
    flicks = 0
    from physics import Motion
    for i, entry in enumerate(nodes[1:], start=1):
        p = int(entry["parent"])
        old_parent, new_parent = old_states[p], new_states[p]
        action = game.parse_action(new_parent, entry["action"])
        fresh = game.apply(new_parent, action)
        if "motion" in entry:
            flicks += 1
            stored = Motion.from_bytes(base64.b64decode(entry["motion"]))
            old = game.apply_with_motion(old_parent, game.parse_action(old_parent,
                                                                       entry["action"]), stored)
            if outcome(old.state) != outcome(fresh.state):
                changed.append(f"node {i} ({entry['action']}): the outcome changed")
            else:
                moved = max((math.hypot(a.x - b.x, a.y - b.y) for a, b in
                             zip(old.state.pieces, fresh.state.pieces)), default=0.0)
                if moved > 0.005:
                    changed.append(f"node {i} ({entry['action']}): same outcome, a disc rests "
                                   f"{moved * 1000:.0f} mm from where it did")
            entry["motion"] = base64.b64encode(fresh.motion.to_bytes()).decode("ascii")
            old_states.append(old.state)
        else:
            old_states.append(game.apply(old_parent, game.parse_action(old_parent,
                                                                       entry["action"])).state)
        new_states.append(fresh.state)
    data["headers"]["physics_version"] = game.physics_version
    return data, changed, flicks


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    bad = 0
    for name in args:
        path = Path(name)
        data, changed, flicks = rerecord(path)
        worse = [c for c in changed if "outcome changed" in c]
        for c in changed:
            print(f"{path.name}: {c}")
        if worse and "--force" not in sys.argv:
            print(f"{path.name}: left as it is ({len(worse)} outcome(s) changed)")
            bad += 1
            continue
        if "--check" not in sys.argv:
            save_record(record_from_json(data, path.name), path)
        print(f"{path.name}: {flicks} flick(s) re-recorded with physics "
              f"{data['headers']['physics_version']}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
