"""Write `glik-directed.flick` and `grendizer-directed.flick`: a bundled puzzle's solution
played out as a record and directed as a tutorial (timeline.direction), like
`glonk-directed.flick`: a camera path (cuts and smooth moves between the top view, the seat
view and close orbits over where the play is), slow motion through the key move, a hold on
its result, notes in time on the table where it happens, and markers for the highlight reel
(`flickbook export FILE --reel`). Run it again after the puzzles are rewritten:

    python authoring/demo/make_directed_tutorials.py [--check]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from timeline import Record, dumps, load_record  # noqa: E402
from timeline.direction import moment, read_direction, versioned  # noqa: E402

FOLDER = ROOT / "scenarios" / "demo"  # the bundled files this script writes
#: Where each tutorial's moves come from, and where it is written.
SOURCES = {"glik": (ROOT / "scenarios" / "glik" / "05-round-the-corner.flick", FOLDER / "glik-directed.flick"),
           "grendizer": (ROOT / "scenarios" / "grendizer" / "02-two-strikes.flick",
                         FOLDER / "grendizer-directed.flick")}


def _played(source: Path, title: str, comments: dict[int, str]) -> Record:
    """The puzzle's solution line as a record (its start, config and moves), named `title`,
    with `comments` on the nodes after those plies."""
    src = load_record(source)
    headers = {k: v for k, v in src.headers.items() if k in ("created", "game", "rules_version")}
    headers.update({"title": title, "annotator": "Flickbook"})
    record = Record(src.game_name, dict(src.config), headers=headers,
                    start_state_json=src.start_state_json, kind="record")
    node = record.root
    for step in src.mainline()[1:]:
        node = record.add_child(node, record.game.parse_action(node.state, str(step.action)))
    line = record.mainline()
    for ply, text in comments.items():
        line[ply].comment = text
    return record


def _orbit(x: float, y: float, distance: float, heading: float, pitch: float) -> dict:
    return {"view": "orbit", "target": [round(x, 4), round(y, 4), 0.0], "distance": distance,
            "heading": heading, "pitch": pitch}


def glik() -> Record:
    from games.glik.kit import COLS, ROWS

    def cell(r, c):  # the centre of field (r, c) on the table (viewer.glik.scene.cell_xy)
        return (c - COLS / 2 + 0.5, ROWS / 2 - r - 0.5)

    record = _played(SOURCES["glik"][0], "Glik, directed: round the corner", {
        1: "Up the right-hand edge: the stone slides until the edge stops it.",
        2: "Along the top: it stops against the brown field.",
        3: "Down again: four action points spent in a chain of slides.",
        4: "Round the corner and onto the destination field: a touch."})
    line = record.mainline()
    first, second, third, last = line[1:5]
    start, corner, goal = cell(6, 19), cell(0, 13), cell(5, 10)
    record.direction = read_direction(versioned({
        "version": 1,
        "camera": [
            {"at": moment(line[0], 0.0), "view": {"view": "top"}, "blend": "cut"},
            {"at": moment(first, 0.0), "view": _orbit(*start, 16.0, 20.0, -58.0), "blend": "smooth"},
            {"at": moment(second, 0.3), "view": _orbit(*corner, 18.0, -10.0, -62.0), "blend": "smooth"},
            {"at": moment(last, 0.0), "view": _orbit(*goal, 13.0, -25.0, -50.0), "blend": "smooth"},
            {"at": moment(last, 2.2), "view": {"view": "seat"}, "blend": "smooth"},
        ],
        "speed": [{"from": moment(last, 0.0), "to": moment(last, 0.6), "rate": 0.35}],
        "holds": [{"at": moment(last, 0.6), "seconds": 1.2}],
        "notes": [
            {"at": moment(first, 0.0), "duration": 2.0, "fade": 0.3, "kind": "ring",
             "text": "the yellow stone starts here", "anchor": {"table": list(start)}, "colour": "yellow",
             "offset": [0.6, 0.6]},
            {"at": moment(third, 0.0), "duration": 2.2, "fade": 0.3, "kind": "arrow",
             "text": "the corner", "anchor": {"table": list(corner)}, "colour": "blue",
             "offset": [1.8, -1.8]},
            {"at": moment(last, 0.3), "duration": 3.0, "fade": 0.4, "kind": "text",
             "text": "the destination field: slowed 3x", "anchor": {"table": list(goal)},
             "colour": "green", "offset": [0.6, -0.6]},
        ],
        "markers": [{"at": moment(last, 0.3), "label": "the touch"}]}))
    return record


def grendizer() -> Record:
    from viewer.grendizer import layout as L  # the board's table geometry (no window)

    record = _played(SOURCES["grendizer"][0], "Grendizer, directed: two strikes", {
        1: "First strike: Drill Spazer hits the Saucer Beast in lane 3 for one hit point.",
        2: "Grendizer moves up to zone 5, in reach of the beast.",
        3: "The draw advances the beast one space.",
        6: "Screw Crusher: two hit points more, and the Saucer Beast is destroyed."})
    line = record.mainline()
    strike, move, draw, reveal2, reveal3, finish = line[1:7]
    beast = (L.box_x(2), L.space_y(3))
    beast_later = (L.box_x(2), L.space_y(4))
    record.direction = read_direction(versioned({
        "version": 1,
        "camera": [
            {"at": moment(line[0], 0.0), "view": {"view": "seat"}, "blend": "cut"},
            {"at": moment(strike, 0.0), "view": _orbit(*beast, 14.0, 15.0, -55.0), "blend": "smooth"},
            {"at": moment(move, 0.0), "view": {"view": "top"}, "blend": "smooth"},
            {"at": moment(finish, 0.0), "view": _orbit(*beast_later, 12.0, -15.0, -50.0), "blend": "smooth"},
            {"at": moment(finish, 1.6), "view": _orbit(*beast_later, 11.0, 5.0, -55.0), "blend": "linear"},
            {"at": moment(finish, 3.0), "view": {"view": "seat"}, "blend": "smooth"},
        ],
        "speed": [{"from": moment(finish, 0.0), "to": moment(finish, 0.6), "rate": 0.4}],
        "holds": [{"at": moment(strike, 0.6), "seconds": 1.0}],
        "notes": [
            {"at": moment(strike, 0.0), "duration": 2.5, "fade": 0.3, "kind": "ring",
             "text": "the Saucer Beast", "anchor": {"table": [round(v, 4) for v in beast]},
             "colour": "red", "offset": [0.9, 0.5]},
            {"at": moment(finish, 0.2), "duration": 3.0, "fade": 0.4, "kind": "arrow",
             "text": "two strikes: destroyed", "anchor": {"table": [round(v, 4) for v in beast_later]},
             "colour": "yellow", "offset": [1.5, 1.0]},
        ],
        "markers": [{"at": moment(strike, 0.3), "label": "the first strike"},
                    {"at": moment(finish, 0.3), "label": "the beast destroyed"}]}))
    return record


BUILDERS = {"glik": glik, "grendizer": grendizer}


def main(argv) -> int:
    stale = 0
    for game, build in BUILDERS.items():
        out = SOURCES[game][1]
        data = dumps(build())
        if "--check" in argv:
            same = out.exists() and out.read_bytes() == data
            print(f"{out.name}: {'up to date' if same else 'out of date'}")
            stale += not same
        else:
            out.write_bytes(data)
            print(f"wrote {out}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
