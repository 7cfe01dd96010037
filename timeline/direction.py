"""A record's direction: how its replay is filmed (camera keyframes, speed, holds, notes).

Everything here is a value kept in the record (`Record.direction`, docs/file-format.md) and
one evaluation of it along a line of the record, so the window and `flickbook export` play
the same thing. Times are *moments*: a node (its path of child indices) and seconds into that
node's span (inside its motion, for a flick). A moment on a node that is not on the line being
played is not part of that line's direction (directions follow the line they were made on).

    {"camera": [{"at": {"path": [0, 0], "t": 0.4}, "view": VIEW, "blend": "smooth",
                 "kind": "view" | "follow"}, ...],
     "speed":  [{"from": MOMENT, "to": MOMENT, "rate": 0.25}, ...],
     "holds":  [{"at": MOMENT, "seconds": 1.5}, ...],
     "notes":  [{"at": MOMENT, "duration": 3.0, "fade": 0.4, "kind": "text" | "arrow" | "ring",
                 "text": "...", "anchor": {"disc": "P1-s2"} | {"table": [x, y]},
                 "colour": "yellow"}, ...],
     "markers": [{"at": MOMENT, "label": "..."}, ...]}        (version 2)

A camera keyframe's `blend` says how the camera arrives at it from the keyframe before: `cut`
(the earlier view holds until the keyframe's moment), `linear` or `smooth` (eased) across the
stretch between the two. A `follow` keyframe keeps the discs that the flick under way has moved
so far (the flicked disc and those it hit) framed, from its view's heading and pitch, and is
back at its view when they rest. Saved views on nodes are cuts at the start of their node.

Film time (what a viewer watches) runs at `rate` x line time inside a speed stretch (0.25: four
times slower), stands still on a line moment for each hold's `seconds`, and equals line time
elsewhere. A note shows from its moment for `duration` film seconds (as watched: slow motion
and holds keep it up longer in line time), fading in and out over `fade`.

A marker (M in the window) is a moment an author wants in the highlight reel
(`flickbook export FILE --reel`, timeline/reel.py); markers came with direction version 2, and
a direction is written at the lowest version that holds it (`versioned`), so one without
markers still reads where version 1 is the newest known.

Every keyframe has a place on the scrub bar (`ticks`): camera keyframes, both ends of a speed
stretch, holds, notes and markers; `moved`, `removed` and `with_blend` are the edits the
window makes of one (each a new direction, for the session's undo).

No Panda3D here: callers resolve named views ("top", "seat") into orbit views.
"""
from __future__ import annotations

import bisect
import copy
import math
from dataclasses import dataclass
from typing import Callable

from timeline.record import DRAWING_COLOURS
from timeline.schema import Either, ListOf, Num, Obj, OneOf, SchemaError, Str, Int
from timeline.views import read_view

DIRECTION_VERSION = 2
#: The first direction version with markers.
MARKERS_VERSION = 2
BLENDS = ("cut", "linear", "smooth")
CAMERA_KINDS = ("view", "follow")
NOTE_KINDS = ("text", "arrow", "ring")
MIN_RATE, MAX_RATE = 0.05, 8.0
#: How much room a follow camera leaves around the discs it frames (x their spread), and the
#: least distance it comes to (metres).
FOLLOW_MARGIN, FOLLOW_MIN_DISTANCE = 2.2, 0.35
#: Film seconds a follow camera takes to ease from its view onto the discs, and back once
#: they rest, and the least it holds them framed between: a follow shot lasts at least
#: FOLLOW_MIN_SHOT film seconds. A motion shorter than that under a follow keyframe is slowed
#: to last it (a short flick is slowed, never chased: the camera zoomed in and out within
#: 0.55 s on one), unless the author slowed it already (their stretch wins).
FOLLOW_EASE = 0.4
FOLLOW_MIN_HOLD = 0.8
FOLLOW_MIN_SHOT = 2 * FOLLOW_EASE + FOLLOW_MIN_HOLD

_MOMENT = Obj(required={"path": ListOf(Int(0), max_len=1_000_000), "t": Num(0, 1e6)})
_VIEW_SPEC = Obj(required={"view": OneOf("top", "seat", "orbit")},
                 optional={"seat": Int(0, 64), "target": ListOf(Num(-1e6, 1e6), 3, 3),
                           "distance": Num(1e-6, 1e6), "heading": Num(-1e6, 1e6),
                           "pitch": Num(-90, 0)})
_CAMERA = Obj(required={"at": _MOMENT, "view": _VIEW_SPEC},
              optional={"blend": OneOf(*BLENDS), "kind": OneOf(*CAMERA_KINDS)})
_SPEED = Obj(required={"from": _MOMENT, "to": _MOMENT, "rate": Num(MIN_RATE, MAX_RATE)})
_HOLD = Obj(required={"at": _MOMENT, "seconds": Num(0.0, 600.0)})
_ANCHOR = Either(Obj(required={"disc": Str(200)}),
                 Obj(required={"table": ListOf(Num(-1e6, 1e6), 2, 2)}),
                 what='{"disc": ID} or {"table": [x, y]}')
_NOTE = Obj(required={"at": _MOMENT, "duration": Num(0.05, 3600.0), "kind": OneOf(*NOTE_KINDS),
                      "anchor": _ANCHOR},
            optional={"fade": Num(0.0, 60.0), "text": Str(2000), "colour": OneOf(*DRAWING_COLOURS),
                      "offset": ListOf(Num(-100, 100), 2, 2)})
_MARKER = Obj(required={"at": _MOMENT}, optional={"label": Str(200)})
#: Where a marked moment of the highlight reel comes from (timeline.reel).
REEL_SOURCES = ("author", "mistake", "score", "end")
_DROPPED = Obj(required={"at": _MOMENT, "source": OneOf(*REEL_SOURCES)})
DIRECTION = Obj(required={"version": Int(1, DIRECTION_VERSION)},
                optional={"camera": ListOf(_CAMERA, max_len=10_000),
                          "speed": ListOf(_SPEED, max_len=10_000),
                          "holds": ListOf(_HOLD, max_len=10_000),
                          "notes": ListOf(_NOTE, max_len=10_000),
                          "markers": ListOf(_MARKER, max_len=10_000),
                          "dropped": ListOf(_DROPPED, max_len=10_000)})
#: The lists of a direction whose entries have a place in time, in the order ticks are listed.
TIMED = ("camera", "speed", "holds", "notes", "markers")
#: Every list of moments (the reel's dropped moments have no tick).
MOMENT_LISTS = TIMED + ("dropped",)


def read_direction(data) -> dict:
    """`data` checked as a direction (types, ranges, views); ValueError says what is wrong."""
    try:
        DIRECTION(data, "direction")
    except SchemaError as exc:
        raise ValueError(str(exc)) from None
    data = copy.deepcopy(data)
    for i, key in enumerate(data.get("camera", [])):
        try:
            key["view"] = read_view(key["view"])
        except ValueError as exc:
            raise ValueError(f"direction: camera[{i}]: {exc}") from None
    for i, stretch in enumerate(data.get("speed", [])):
        if stretch["to"]["path"] == stretch["from"]["path"] and stretch["to"]["t"] <= stretch["from"]["t"]:
            raise ValueError(f"direction: speed[{i}]: 'to' must come after 'from'")
    for name in ("markers", "dropped"):
        if data.get(name) and data["version"] < MARKERS_VERSION:
            raise ValueError(f"direction: {name} need direction version {MARKERS_VERSION} "
                             f"(this one says {data['version']})")
    return data


def empty_direction() -> dict:
    return {"version": 1}


def versioned(data: dict) -> dict:
    """`data` at the lowest direction version that holds it (markers or a reel's dropped
    moments: 2, else 1), lists left empty by edits dropped."""
    data = {k: v for k, v in data.items() if k == "version" or v}
    data["version"] = MARKERS_VERSION if data.get("markers") or data.get("dropped") else 1
    return data


def moment(node, t: float) -> dict:
    """The moment `t` seconds into `node`'s span."""
    return {"path": list(node.path), "t": round(float(t), 4)}


# --- keyframes on the scrub bar ----------------------------------------------------------------
@dataclass(frozen=True)
class Tick:
    """One keyframe's place on the scrub bar: `key` names it in the direction (`("camera", 2)`,
    `("speed", 0, "from")`), `time` is its line time, `kind` one of camera, follow, speed, hold,
    note, marker, and `blend` a camera keyframe's blend (None for the others)."""

    key: tuple
    time: float
    kind: str
    blend: str | None = None


_KINDS = {"speed": "speed", "holds": "hold", "notes": "note", "markers": "marker"}


def line_index(clock) -> dict:
    """Each node of `clock`'s line by its path, to its index in the line (the paths built
    along the line, one step a node, not each from the root)."""
    out, path = {}, ()
    for i, node in enumerate(clock.line):
        if i == 0 or node.parent is not clock.line[i - 1]:
            path = tuple(node.path)
        else:
            path = path + (node.parent.variations.index(node),)
        out[path] = i
    return out


def time_of(moment: dict, clock, index: dict | None = None) -> float | None:
    """The line time of `moment` on `clock`'s line, or None when its node is not on it."""
    i = (index if index is not None else line_index(clock)).get(tuple(moment["path"]))
    return None if i is None else clock.time_of(i, moment["t"])


def moment_at(clock, time: float) -> dict:
    """The moment shown at line time `time` of `clock`."""
    pos = clock.position(min(max(time, 0.0), clock.total))
    return moment(clock.line[pos.index], pos.t)


def ticks(data: dict | None, clock) -> list[Tick]:
    """The keyframes of `data` on `clock`'s line, in the order of `TIMED` (those of other
    lines left out)."""
    if not data:
        return []
    index = line_index(clock)
    out = []
    for name in TIMED:
        for i, entry in enumerate(data.get(name, [])):
            ends = (("from", entry["from"]), ("to", entry["to"])) if name == "speed" else \
                ((None, entry["at"]),)
            for end, at in ends:
                time = time_of(at, clock, index)
                if time is None:
                    continue
                key = (name, i) if end is None else (name, i, end)
                if name == "camera":
                    out.append(Tick(key, time, entry.get("kind", "view") == "follow" and "follow"
                                    or "camera", entry.get("blend", "smooth")))
                else:
                    out.append(Tick(key, time, _KINDS[name]))
    return out


def moment_of(data: dict, key: tuple) -> dict:
    """The moment the keyframe `key` stands at."""
    entry = data[key[0]][key[1]]
    return entry[key[2]] if len(key) > 2 else entry["at"]


def moved(data: dict, key: tuple, at: dict, clock=None) -> dict:
    """`data` with the keyframe `key` at moment `at` (a new direction). A speed stretch's start
    stays before its end (ValueError, judged on `clock`'s line where given)."""
    data = copy.deepcopy(data)
    entry = data[key[0]][key[1]]
    if len(key) > 2:
        entry[key[2]] = dict(at)
        if clock is not None:
            a, b = time_of(entry["from"], clock), time_of(entry["to"], clock)
            if a is not None and b is not None and b <= a:
                raise ValueError("a slow-motion or faster stretch ends after it starts")
    else:
        entry["at"] = dict(at)
    return versioned(data)


def removed(data: dict, key: tuple) -> dict:
    """`data` without the keyframe `key` (either end of a speed stretch removes the stretch)."""
    data = copy.deepcopy(data)
    del data[key[0]][key[1]]
    return versioned(data)


def with_blend(data: dict, key: tuple, blend: str) -> dict:
    """`data` with camera keyframe `key` arriving by `blend` (cut, linear or smooth)."""
    if key[0] != "camera":
        raise ValueError("only a camera keyframe has a blend")
    if blend not in BLENDS:
        raise ValueError(f"a blend is one of {', '.join(BLENDS)}")
    data = copy.deepcopy(data)
    data["camera"][key[1]]["blend"] = blend
    return versioned(data)


#: What Shift+B goes round on a speed stretch (its rate) and on a hold (its seconds).
RATES = (0.1, 0.25, 0.5, 2.0, 4.0)
HOLD_SECONDS = (0.5, 1.0, 2.0, 3.0)


def _next_of(values: tuple, value: float) -> float:
    """The value after `value` in `values` (round again; one not in them: the first above it)."""
    later = [v for v in values if v > value + 1e-9]
    return later[0] if later else values[0]


def with_next_setting(data: dict, key: tuple) -> tuple[dict, str]:
    """`data` with the keyframe `key`'s next setting (a camera keyframe's blend, a speed
    stretch's rate, a hold's seconds), and that setting in words."""
    name = key[0]
    data = copy.deepcopy(data)
    entry = data[name][key[1]]
    if name == "camera":
        entry["blend"] = next_blend(entry.get("blend", "smooth"))
        words = entry["blend"]
    elif name == "speed":
        entry["rate"] = _next_of(RATES, entry["rate"])
        words = f"{entry['rate']:g}x"
    elif name == "holds":
        entry["seconds"] = _next_of(HOLD_SECONDS, entry["seconds"])
        words = f"{entry['seconds']:g} s"
    else:
        raise ValueError("a note or a marker has no setting to change here")
    return versioned(data), words


def with_entry(data: dict | None, name: str, entry: dict) -> dict:
    """`data` with `entry` added to its list `name` (a new direction)."""
    data = copy.deepcopy(data) if data else empty_direction()
    data.setdefault(name, []).append(entry)
    return versioned(data)


def next_blend(blend: str | None) -> str:
    """The blend after `blend` in the order cut, linear, smooth (round again)."""
    return BLENDS[(BLENDS.index(blend or "smooth") + 1) % len(BLENDS)]


def with_marker(data: dict | None, at: dict, label: str = "") -> dict:
    """`data` with a marker at moment `at` (a new direction, version 2)."""
    data = copy.deepcopy(data) if data else empty_direction()
    marker = {"at": dict(at)}
    if label:
        marker["label"] = label
    data.setdefault("markers", []).append(marker)
    return versioned(data)


# --- moments that follow their nodes -------------------------------------------------------------
def _moment_slots(entry: dict, name: str) -> tuple[str, ...]:
    return ("from", "to") if name == "speed" else ("at",)


def moment_nodes(data: dict | None, record) -> dict:
    """Each moment's path in `data`, to the node it names in `record` now (paths naming no
    node are left out)."""
    out = {}
    for name in MOMENT_LISTS:
        for entry in (data or {}).get(name, []):
            for slot in _moment_slots(entry, name):
                path = tuple(entry[slot]["path"])
                if path not in out:
                    try:
                        out[path] = record.node_at(path)
                    except ValueError:
                        pass
    return out


def _path_in_tree(node) -> list | None:
    """`node`'s child-index path, or None when it hangs in no tree any more (deleted)."""
    path = []
    while node.parent is not None:
        siblings = node.parent.variations
        index = next((i for i, n in enumerate(siblings) if n is node), None)
        if index is None:
            return None
        path.append(index)
        node = node.parent
    return path[::-1]


def remapped(data: dict | None, nodes: dict) -> dict | None:
    """`data` after the tree's variations were reordered or cut: each moment names the node it
    named before (`nodes`, from `moment_nodes` taken then) by its path now; an entry whose node
    was cut away is left out (Ctrl+Z brings the old direction back with the tree)."""
    if not data:
        return data
    out = copy.deepcopy(data)
    for name in MOMENT_LISTS:
        kept = []
        for entry in out.get(name, []):
            alive = True
            for slot in _moment_slots(entry, name):
                node = nodes.get(tuple(entry[slot]["path"]))
                if node is None:
                    continue  # a path that named nothing stays as it was
                path = _path_in_tree(node)
                if path is None:
                    alive = False
                else:
                    entry[slot]["path"] = path
            if alive:
                kept.append(entry)
        if name in out:
            out[name] = kept
    return versioned(out)


# --- evaluation -----------------------------------------------------------------------------
@dataclass(frozen=True)
class NoteShown:
    """A note as it shows at a line time: where (table metres), how opaque, what it says."""

    index: int
    kind: str
    text: str
    colour: str
    at: tuple[float, float]
    offset: tuple[float, float]
    alpha: float


def _ease(u: float) -> float:
    return u * u * (3.0 - 2.0 * u)


def _lerp_angle(a: float, b: float, u: float) -> float:
    d = (b - a + 180.0) % 360.0 - 180.0
    return a + d * u


def blend_views(a: dict, b: dict, u: float) -> dict:
    """Orbit views `a` to `b` at `u` (0..1): targets and distances in a line, angles the short
    way round."""
    return {"view": "orbit",
            "target": [x + (y - x) * u for x, y in zip(a["target"], b["target"])],
            "distance": a["distance"] * (b["distance"] / a["distance"]) ** u,
            "heading": _lerp_angle(a["heading"], b["heading"], u),
            "pitch": a["pitch"] + (b["pitch"] - a["pitch"]) * u}


class Direction:
    """One direction evaluated along one line (its LineClock): camera, film time and notes at
    any line time."""

    def __init__(self, data: dict | None, clock, resolve: Callable[[dict, object], dict] | None = None):
        """`resolve(view, node)`: the orbit view a saved view stands for where `node` is shown
        (named views follow the window); None keeps only orbit views as they are."""
        self.data = data or empty_direction()
        self.clock = clock
        self.resolve = resolve or (lambda view, node: view)
        self._index = line_index(clock)
        self._build_camera()
        self._build_time()
        self.notes = []
        for i, note in enumerate(self.data.get("notes", [])):
            start = self.line_time(note["at"])
            if start is not None:
                self.notes.append((start, i, note))

    # moments ---------------------------------------------------------------------------------
    def line_time(self, moment: dict) -> float | None:
        """The line time of a moment, or None when its node is not on this line."""
        index = self._index.get(tuple(moment["path"]))
        if index is None:
            return None
        return self.clock.time_of(index, moment["t"])

    # camera ----------------------------------------------------------------------------------
    def _build_camera(self) -> None:
        keys = []
        for i, node in enumerate(self.clock.line):
            if node.camera:  # saved views are cuts at their node's start
                keys.append((self.clock.starts[i], -1, {"view": node.camera, "blend": "cut",
                                                         "kind": "view"}))
        for order, key in enumerate(self.data.get("camera", [])):
            at = self.line_time(key["at"])
            if at is not None:
                keys.append((at, order, key))
        keys.sort(key=lambda k: (k[0], k[1]))
        self.camera_keys = keys
        self._camera_times = [k[0] for k in keys]

    def has_camera(self) -> bool:
        return bool(self.camera_keys)

    def camera_at(self, time: float, default: dict | None = None) -> dict | None:
        """The orbit view at line time `time` (None: no keyframe or saved view yet and no
        `default`)."""
        i = bisect.bisect_right(self._camera_times, time) - 1
        if i < 0:
            if default is None:
                return None
            if not self.camera_keys:
                return self._view_of(default, None, time)
            return default
        at, _, key = self.camera_keys[i]
        here = self._view_of(key, at, time)
        if i + 1 < len(self.camera_keys):
            nxt_at, _, nxt = self.camera_keys[i + 1]
            blend = nxt.get("blend", "smooth")
            if blend != "cut" and nxt_at > at:
                u = (time - at) / (nxt_at - at)
                u = _ease(u) if blend == "smooth" else u
                return blend_views(here, self._view_of(nxt, nxt_at, nxt_at), u)
        return here

    def _view_of(self, key: dict, at: float | None, time: float) -> dict:
        node = self.clock.line[self.clock.position(time).index]
        base = self.resolve(key["view"], node)
        if key.get("kind") != "follow":
            return base
        framed = self._follow_target(time)
        if framed is None:
            return base
        (cx, cy), spread, weight = framed
        followed = {"view": "orbit", "target": [cx, cy, base["target"][2]],
                    "distance": max(FOLLOW_MIN_DISTANCE, spread * FOLLOW_MARGIN),
                    "heading": base["heading"], "pitch": base["pitch"]}
        return blend_views(base, followed, weight)

    def _follow_target(self, time: float):
        """Centre, spread and weight (0..1, eased in and out) of the discs the motion under
        way at `time` has moved so far, or None outside a motion."""
        pos = self.clock.position(time)
        node = self.clock.line[pos.index]
        motion = node.stored_motion if node.stored_motion is not None else node.motion
        if motion is None or motion.duration <= 0:
            return None
        t = min(pos.t, motion.duration)
        now = motion.positions_at(t)
        start = motion.positions_at(0.0)
        moved = [i for i in range(len(motion.ids))
                 if math.hypot(*(now[i][:2] - start[i][:2])) > 0.002 or motion.ids[i] == motion.piece]
        if not moved:
            return None
        xs = [float(now[i][0]) for i in moved]
        ys = [float(now[i][1]) for i in moved]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        spread = max(max(xs) - min(xs), max(ys) - min(ys), 0.1)
        # eased in film seconds (what a viewer watches): slow motion keeps the shot calm
        begin = self.clock.starts[pos.index]
        shot = self.film_time(begin + motion.duration) - self.film_time(begin)
        into = self.film_time(begin + t) - self.film_time(begin)
        ease = min(FOLLOW_EASE, shot / 4)
        weight = _ease(min(1.0, into / ease, max(0.0, shot - into) / ease)) if ease > 0 else 0.0
        return (cx, cy), spread, weight

    # time ------------------------------------------------------------------------------------
    def _build_time(self) -> None:
        """Knots (line time, film time) of a piecewise-linear map; a hold is two knots at one
        line time."""
        total = self.clock.total
        rates = self._follow_stretches()  # (start, end, rate): later stretches win where they overlap
        for stretch in self.data.get("speed", []):
            a, b = self.line_time(stretch["from"]), self.line_time(stretch["to"])
            if a is not None and b is not None and b > a:
                rates.append((a, b, float(stretch["rate"])))
        holds = {}
        for hold in self.data.get("holds", []):
            at = self.line_time(hold["at"])
            if at is not None:
                holds[at] = holds.get(at, 0.0) + float(hold["seconds"])
        cuts = sorted({0.0, total, *[x for a, b, _ in rates for x in (a, b)], *holds})
        line, film = [0.0], [0.0]
        if 0.0 in holds:
            line.append(0.0)
            film.append(holds[0.0])
        for a, b in zip(cuts, cuts[1:]):
            mid = (a + b) / 2
            rate = 1.0
            for lo, hi, r in rates:
                if lo <= mid < hi:
                    rate = r
            line.append(b)
            film.append(film[-1] + (b - a) / rate)
            if b in holds:
                line.append(b)
                film.append(film[-1] + holds[b])
        self._line_knots, self._film_knots = line, film
        self.film_total = film[-1]

    def _follow_stretches(self) -> list[tuple[float, float, float]]:
        """Each motion under a follow keyframe that is shorter than a follow shot, slowed to
        last FOLLOW_MIN_SHOT film seconds (at most to MIN_RATE); one the author paced (a speed
        stretch or a hold inside it) is left as they directed."""
        paced = [t for stretch in self.data.get("speed", [])
                 for t in (self.line_time(stretch["from"]), self.line_time(stretch["to"]))]
        paced += [self.line_time(hold["at"]) for hold in self.data.get("holds", [])]
        paced = [t for t in paced if t is not None]
        out = []
        for i, node in enumerate(self.clock.line):
            motion = node.stored_motion if node.stored_motion is not None else node.motion
            if motion is None or not 0 < motion.duration < FOLLOW_MIN_SHOT:
                continue
            start = self.clock.starts[i]
            if any(start <= t <= start + motion.duration for t in paced):
                continue
            k = bisect.bisect_right(self._camera_times, start + motion.duration / 2) - 1
            if k >= 0 and self.camera_keys[k][2].get("kind") == "follow":
                rate = max(MIN_RATE, motion.duration / FOLLOW_MIN_SHOT)
                out.append((start, start + motion.duration, rate))
        return out

    def film_time(self, time: float) -> float:
        """Film seconds at line time `time` (on a hold: its start)."""
        time = min(max(time, 0.0), self.clock.total)
        i = bisect.bisect_left(self._line_knots, time)
        if i < len(self._line_knots) and self._line_knots[i] == time:
            return self._film_knots[i]
        a, b = self._line_knots[i - 1], self._line_knots[i]
        fa, fb = self._film_knots[i - 1], self._film_knots[i]
        return fa + (fb - fa) * (time - a) / (b - a)

    def line_time_at(self, film: float) -> float:
        """Line time at film second `film` (a hold answers its line moment throughout)."""
        film = min(max(film, 0.0), self.film_total)
        i = bisect.bisect_right(self._film_knots, film)
        if i >= len(self._film_knots):
            return self._line_knots[-1]
        a, b = self._film_knots[i - 1], self._film_knots[i]
        la, lb = self._line_knots[i - 1], self._line_knots[i]
        return la if b == a else la + (lb - la) * (film - a) / (b - a)

    def rate_at(self, time: float) -> float:
        """How fast line time passes per film second at `time` (0 on a hold's moment)."""
        f = self.film_time(time)
        return (self.line_time_at(f + 1e-3) - time) / 1e-3

    # notes -----------------------------------------------------------------------------------
    def notes_at(self, time: float, rest_position: Callable | None = None,
                 film: float | None = None) -> list[NoteShown]:
        """The notes showing at line time `time` (film second `film`, which tells the moments
        of a hold apart; by default the film time of `time`), each where its anchor is then.
        A note's duration and fade are film seconds, so slow motion and holds keep it up
        for as long as it is watched. `rest_position(state, disc_id)`: a disc's place at
        rest, for a disc no motion moves."""
        shown = []
        film = self.film_time(time) if film is None else film
        for start, i, note in self.notes:
            begin = self.film_time(start)
            end = begin + note["duration"]
            if not begin <= film < end:
                continue
            fade = min(note.get("fade", 0.0), note["duration"] / 2)
            alpha = 1.0 if fade <= 0 else min(1.0, (film - begin) / fade, (end - film) / fade)
            at = self.anchor_at(note["anchor"], time, rest_position)
            if at is None:
                continue  # the disc is off the table by now
            shown.append(NoteShown(i, note["kind"], note.get("text", ""), note.get("colour", "yellow"),
                                   at, tuple(note.get("offset", (0.0, 0.0))), max(0.0, alpha)))
        return shown

    def anchor_at(self, anchor: dict, time: float, rest_position: Callable | None = None):
        """Table (x, y) of an anchor at line time `time`: a disc follows its motion."""
        if "table" in anchor:
            return tuple(float(v) for v in anchor["table"])
        disc = anchor["disc"]
        pos = self.clock.position(time)
        node = self.clock.line[pos.index]
        motion = node.stored_motion if node.stored_motion is not None else node.motion
        if motion is not None and disc in motion.ids:
            t = min(pos.t, motion.duration)
            i = motion.index(disc)
            if not motion.present_at(t)[i]:
                return None
            x, y = motion.positions_at(t)[i][:2]
            return (float(x), float(y))
        state = node.state if pos.t >= self.clock.spans[pos.index] or node.parent is None \
            else node.parent.state
        if rest_position is None:
            discs = node.record.game.discs
            rest_position = discs.disc_position if discs is not None else None
        return rest_position(state, disc) if rest_position is not None else None
