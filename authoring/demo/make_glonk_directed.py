"""Write `glonk-directed.flick`: the Glonk demo replay, directed as a tutorial.

It keeps the demo's moves, comments and drawings and adds a direction (timeline.direction):
a camera path (a smooth move from the seat view to a high orbit over the set-up), a follow
camera through the first flicks, slow motion and a hold at the first flick's first contact,
and notes: a ring that rides on the flicked saucer and a text on the table. Run it again after
the demo is rewritten:

    python authoring/demo/make_glonk_directed.py [--check]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from timeline import dumps, load_record  # noqa: E402
from timeline.direction import moment, read_direction  # noqa: E402

FOLDER = ROOT / "scenarios" / "demo"  # the bundled files this script writes
DEMO = FOLDER / "glonk-demo.flick"
OUT = FOLDER / "glonk-directed.flick"


def build():
    record = load_record(DEMO)
    line = record.mainline()
    flicks = [n for n in line if n.stored_motion is not None]
    first = flicks[0]
    motion = first.stored_motion
    # the first contact after the flick is under way (discs touching at the start are not one)
    contact = next((c.t for c in motion.contacts if c.t > 0.05), motion.duration / 2)
    high = {"view": "orbit", "target": [0.0, 0.0, 0.0], "distance": 1.5, "heading": 30.0, "pitch": -62.0}
    low = {"view": "orbit", "target": [0.0, 0.0, 0.0], "distance": 1.1, "heading": -20.0, "pitch": -40.0}
    record.headers["title"] = "Glonk, directed: the first flicks"
    record.direction = read_direction({
        "version": 1,
        "camera": [
            {"at": moment(line[0], 0.0), "view": {"view": "seat"}, "blend": "cut"},
            {"at": moment(line[len(line) // 6], 0.0), "view": high, "blend": "smooth"},
            {"at": moment(first.parent, 0.0), "view": low, "blend": "smooth"},
            {"at": moment(first, 0.0), "view": low, "blend": "cut", "kind": "follow"},
            {"at": moment(flicks[3], 0.0), "view": high, "blend": "smooth", "kind": "follow"},
        ],
        "speed": [
            {"from": moment(line[1], 0.0), "to": moment(first.parent, 0.0), "rate": 3.0},
            {"from": moment(first, max(0.0, contact - 0.08)), "to": moment(first, contact + 0.12),
             "rate": 0.1},
        ],
        "holds": [{"at": moment(first, contact), "seconds": 1.0}],
        "notes": [
            {"at": moment(first, 0.0), "duration": motion.duration + 1.5, "fade": 0.3,
             "kind": "ring", "text": "the flicked saucer", "anchor": {"disc": motion.piece},
             "colour": "yellow", "offset": [0.05, 0.05]},
            {"at": moment(first, contact), "duration": 2.5, "fade": 0.3, "kind": "text",
             "text": "first contact: slowed 10x", "anchor": {"table": [0.0, -0.3]},
             "colour": "green"},
        ]})
    return record


def main(argv) -> int:
    data = dumps(build())
    if "--check" in argv:
        same = OUT.exists() and OUT.read_bytes() == data
        print(f"{OUT.name}: {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    OUT.write_bytes(data)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
