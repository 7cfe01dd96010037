"""Time along a line of the record: seek, scrub and play at any speed, both ways.

A line is a list of nodes from the root. Each node after the root occupies a span of line
time: the duration of its recorded motion (flicks), or `step_seconds` for actions that the
viewer animates briefly (slides, placements, card draws). A position is (index, t) where `t`
runs through that node's span; seeking is a bisection over prefix sums, so it answers at
once on any length of record and never re-simulates.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Callable

from timeline.record import Node

STEP_SECONDS = 0.5
SPEEDS = (-4.0, -2.0, -1.0, -0.5, -0.25, 0.25, 0.5, 1.0, 2.0, 4.0)


def node_duration(node: Node, step_seconds: float = STEP_SECONDS) -> float:
    if node.parent is None:
        return 0.0
    motion = node.stored_motion if node.stored_motion is not None else node.motion
    if motion is not None:
        return float(motion.duration)
    return step_seconds


@dataclass(frozen=True)
class LinePosition:
    index: int  # index into the line; the node whose action is under way (or done at t=span)
    t: float  # seconds into that node's span


@dataclass(frozen=True)
class ReadingPace:
    """The pace of a replay made to be read (an export, a presentation): after a step's own
    motion, its caption stays `base` seconds plus `per_word` for each word of its comment, and a
    set-up step with nothing to read (a deal, a placement before play) passes in `setup` seconds.
    Reading speed: about 200-250 words a minute for a caption beside a moving picture, so 0.3 s a
    word, and 2 s to find the caption and the move it names."""

    base: float = 2.0
    per_word: float = 0.3
    setup: float = 0.15

    def __post_init__(self):
        for name in ("base", "per_word", "setup"):
            value = getattr(self, name)
            if not 0.0 <= value <= 600.0:
                raise ValueError(f"the reading pace's {name} must be 0 to 600 seconds, not {value}")

    def reading_seconds(self, comment: str | None) -> float:
        """How long a caption with `comment` must stay up (0 for a step without a comment)."""
        words = len(comment.split()) if comment else 0
        return self.base + self.per_word * words if words else 0.0

    def span(self, node: Node, action_span: float) -> float:
        """The node's span at this pace: its action, then long enough to read its comment; a
        set-up step without a comment or motion goes quicker."""
        if node.parent is None:
            return action_span
        reading = self.reading_seconds(node.comment)
        if reading:
            return max(action_span, reading)
        if node.stored_motion is None and node.motion is None and _in_setup(node):
            return min(action_span, self.setup)
        return action_span


def _in_setup(node: Node) -> bool:
    """Whether the node's action was played during its game's set-up (games declaring it)."""
    game = node.record.game
    return bool(game.game_type.setup) and game.in_setup(node.parent.state)


class LineClock:
    """Maps line time (seconds from the start of the line) to (node index, local time).

    `spans` are the nodes' spans of line time; `action_spans` how much of each the action's
    own animation takes (the rest, at a reading pace, holds the finished step)."""

    def __init__(self, line: list[Node], step_seconds: float = STEP_SECONDS,
                 duration_of: Callable[[Node], float | None] | None = None,
                 pace: ReadingPace | None = None):
        """`duration_of(node)` may give a node's own span (e.g. a viewer's staged animation
        of a card draw); None or a missing callable falls back to motion or `step_seconds`.
        `pace` holds commented steps long enough to read and hurries set-up steps."""
        self.line = line
        self.spans = []
        self.action_spans = []
        for node in line:
            span = duration_of(node) if duration_of is not None and node.parent is not None else None
            span = float(span) if span is not None else node_duration(node, step_seconds)
            self.action_spans.append(span)
            self.spans.append(pace.span(node, span) if pace is not None else span)
        self.starts = []
        total = 0.0
        for span in self.spans:
            self.starts.append(total)
            total += span
        self.total = total

    def action_fraction(self, position: LinePosition) -> float | None:
        """How far through its action the node at `position` is (None: the action is done and
        the step is held, or it has none)."""
        span = self.action_spans[position.index]
        return position.t / span if span > 0 and position.t < span else None

    def time_of(self, index: int, t: float = None) -> float:
        """Line time at which node `index` is complete (or `t` seconds into its span)."""
        if t is None:
            t = self.spans[index]
        return self.starts[index] + min(max(t, 0.0), self.spans[index])

    def position(self, time: float) -> LinePosition:
        """The node under way at line time `time` (clamped to the line)."""
        time = min(max(time, 0.0), self.total)
        if time <= 0.0 or len(self.line) == 1:
            return LinePosition(0, 0.0)
        # the last node whose span starts strictly before `time`
        index = bisect.bisect_left(self.starts, time) - 1
        index = max(1, min(index, len(self.line) - 1))
        return LinePosition(index, time - self.starts[index])


class Playback:
    """A clock that advances along a line at a signed speed; the viewer ticks it each frame."""

    def __init__(self, clock: LineClock, time: float = 0.0):
        self.clock = clock
        self.time = min(max(time, 0.0), clock.total)
        self.speed = 1.0
        self.playing = False
        #: Line times at which playing stops by itself (a presentation pausing on each
        #: comment); a stop is met only when crossed, so playing on from one leaves it.
        self.stops: tuple[float, ...] = ()

    def set_speed(self, speed: float) -> None:
        if not 0.25 <= abs(speed) <= 4.0:
            raise ValueError("playback speed must be between 0.25x and 4x, forwards or in reverse")
        self.speed = float(speed)

    def faster(self) -> None:
        self._step_speed(+1)

    def slower(self) -> None:
        self._step_speed(-1)

    def _step_speed(self, direction: int) -> None:
        magnitudes = [s for s in SPEEDS if s > 0]
        i = magnitudes.index(abs(self.speed)) if abs(self.speed) in magnitudes else 4
        i = min(max(i + direction, 0), len(magnitudes) - 1)
        self.speed = magnitudes[i] * (1 if self.speed > 0 else -1)

    def reverse(self) -> None:
        self.speed = -self.speed

    def tick(self, dt: float) -> LinePosition:
        """Advance by `dt` wall seconds when playing; stops at either end of the line."""
        if self.playing:
            before = self.time
            self.time += dt * self.speed
            met = [s for s in self.stops if before < s <= self.time or self.time <= s < before]
            if met:  # the first stop crossed in the direction of play
                self.time = min(met) if self.speed > 0 else max(met)
                self.playing = False
            elif self.time >= self.clock.total or self.time <= 0.0:
                self.time = min(max(self.time, 0.0), self.clock.total)
                self.playing = False
        return self.clock.position(self.time)

    def seek(self, time: float) -> LinePosition:
        self.time = min(max(time, 0.0), self.clock.total)
        return self.clock.position(self.time)
