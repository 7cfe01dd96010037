"""The highlight reel (`flickbook export FILE --reel`): the marked moments of a line, each with
a few seconds around it, in order, cut together.

A line's marked moments come from three places:

- the author's markers (M in the window; `markers` of the record's direction, a point in time),
- the analysis' mistakes (a node whose analysis gave it a mistake glyph: its move),
- the game's scoring moments (a move after which some seat's score changed, where the game
  keeps a score, `game.scores(state)`; and the move that ends the game).

A move's moment lasts from its start to the end of its action (a flick: its whole motion). A
clip runs from `lead_in` film seconds before a moment to `lead_out` after it (film time:
slow motion and holds play as directed); clips that meet are one clip.

The window's review list (F7) keeps or drops each marked moment before the export: a dropped
one is named in the direction's `dropped` (its source and moment), so a moment marked later,
or by an analysis run again, is in the reel until it is dropped too. No Panda3D here.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import copy

from games.notation import node_text

from timeline.direction import empty_direction, moment, time_of, versioned

#: Film seconds a clip shows before and after its moment.
LEAD_IN, LEAD_OUT = 2.0, 2.0


@dataclass(frozen=True)
class Marked:
    """A marked moment of a line: line times `start` to `end`, where it came from (author,
    mistake, score, end), what it is in words, the index of its node on the line, and its
    moment (the marker's, or the start of the move)."""

    start: float
    end: float
    source: str
    label: str
    index: int
    at: dict

    def drop_entry(self) -> dict:
        """How the direction's `dropped` names this moment."""
        return {"at": dict(self.at), "source": self.source}


def _scores(game, state):
    return None if game.scoring is None else tuple(game.scoring.scores(state))


def marked_moments(record, clock, dropped: bool = False) -> list[Marked]:
    """Every marked moment on `clock`'s line (the author's, mistakes, scoring moments), in
    line time order; those the review dropped (the direction's `dropped`) only with
    `dropped`."""
    out = []
    game = record.game
    for i, entry in enumerate((record.direction or {}).get("markers", [])):
        at = time_of(entry["at"], clock)
        if at is not None:
            pos = clock.position(at)
            node = clock.line[pos.index]
            where = f"ply {node.ply}, {pos.t:.2f} s"
            label = f"{where}: {entry['label']}" if entry.get("label") else where
            out.append(Marked(at, at, "author", label, pos.index, entry["at"]))
    for i, node in enumerate(clock.line):
        if i == 0 or node.parent is None:
            continue
        start, end = clock.starts[i], clock.starts[i] + clock.action_spans[i]
        at = moment(node, 0.0)
        glyph = (node.analysis or {}).get("glyph")
        if glyph:
            out.append(Marked(start, end, "mistake", f"ply {node.ply}: {node_text(node)} {glyph}", i, at))
        before, after = _scores(game, node.parent.state), _scores(game, node.state)
        if before is not None and after != before:
            gained = ", ".join(f"P{seat + 1} {a} to {b}"
                               for seat, (a, b) in enumerate(zip(before, after)) if a != b)
            out.append(Marked(start, end, "score", f"ply {node.ply}: score {gained}", i, at))
        if game.is_terminal(node.state) and not game.is_terminal(node.parent.state):
            out.append(Marked(start, end, "end", f"ply {node.ply}: the game ends", i, at))
    out.sort(key=lambda m: (m.start, m.end))
    if not dropped:
        gone = (record.direction or {}).get("dropped", [])
        out = [m for m in out if m.drop_entry() not in gone]
    return out


def is_dropped(record, marked: Marked) -> bool:
    return marked.drop_entry() in (record.direction or {}).get("dropped", [])


def with_kept(data: dict | None, marked: Marked, keep: bool) -> dict:
    """`data` with `marked` kept in the reel (`keep`) or dropped from it (a new direction)."""
    data = copy.deepcopy(data) if data else empty_direction()
    entry = marked.drop_entry()
    gone = [e for e in data.get("dropped", []) if e != entry]
    if not keep:
        gone.append(entry)
    data["dropped"] = gone
    return versioned(data)


def clips(direction, marked, lead_in: float = LEAD_IN, lead_out: float = LEAD_OUT):
    """The reel's clips: (film start, film end, [Marked ...]) in order, each marked moment
    with `lead_in` and `lead_out` film seconds around it, clips that meet joined."""
    if lead_in < 0 or lead_out < 0:
        raise ValueError("a reel's lead-in and lead-out are seconds from 0 up")
    out = []
    for m in sorted(marked, key=lambda m: (direction.film_time(m.start), m.end)):
        a = max(0.0, direction.film_time(m.start) - lead_in)
        b = min(direction.film_total, direction.film_time(m.end) + lead_out)
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b), out[-1][2] + [m])
        else:
            out.append((a, b, [m]))
    return out


def reel_frame_times(direction, reel_clips, fps: float, speed: float):
    """Line times and film times of every frame of the reel at `fps`, film time at `speed`:
    each clip from its start to its end, one after another."""
    if fps <= 0 or speed <= 0:
        raise ValueError("fps and speed must be positive")
    times, films = [], []
    for a, b, _ in reel_clips:
        n = int(np.ceil((b - a) / speed * fps)) + 1
        film = np.minimum(a + np.arange(n) * speed / fps, b)
        films.append(film)
        times.append(np.array([direction.line_time_at(float(f)) for f in film]))
    if not times:
        return np.zeros(0), np.zeros(0)
    return np.concatenate(times), np.concatenate(films)
