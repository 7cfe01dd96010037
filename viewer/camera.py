"""An orbit camera around the table: orbit, pan, zoom, presets with smooth transitions.

The camera is a value (`View`: target, distance, heading, pitch) plus an animator that eases
the shown view towards a goal. A `View` converts to and from JSON so it can be kept in a
record node (session camera views).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

PITCH_MIN = -89.5
PITCH_MAX = -5.0


@dataclass(frozen=True)
class View:
    """Where the camera looks from: a point on the table and spherical offsets around it.

    heading 0 looks along +Y (north); pitch is negative looking down (-90 straight down).
    """

    target: tuple[float, float, float] = (0.0, 0.0, 0.0)
    distance: float = 10.0
    heading: float = 0.0
    pitch: float = -50.0

    def clamped(self, min_dist: float = 0.05, max_dist: float = 1e4) -> "View":
        return replace(
            self,
            distance=min(max(self.distance, min_dist), max_dist),
            pitch=min(max(self.pitch, PITCH_MIN), PITCH_MAX),
        )

    def eye(self) -> tuple[float, float, float]:
        """The camera position for this view."""
        h = math.radians(self.heading)
        p = math.radians(self.pitch)
        dx = -math.sin(h) * math.cos(p)
        dy = math.cos(h) * math.cos(p)
        dz = math.sin(p)
        tx, ty, tz = self.target
        d = self.distance
        return (tx - dx * d, ty - dy * d, tz - dz * d)

    def to_json(self) -> dict:
        """The view as a saved "orbit" camera view (timeline.views)."""
        return {"view": "orbit", "target": [round(v, 4) for v in self.target],
                "distance": round(self.distance, 4),
                "heading": round(self.heading, 3), "pitch": round(self.pitch, 3)}

    @classmethod
    def from_json(cls, data) -> "View":
        try:
            t = tuple(float(v) for v in data["target"])
            if len(t) != 3:
                raise ValueError
            return cls(t, float(data["distance"]), float(data["heading"]), float(data["pitch"])).clamped()
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a camera view: {data!r}") from exc


def _wrap(angle: float) -> float:
    return (angle + 180.0) % 360.0 - 180.0


def lerp_view(a: View, b: View, s: float) -> View:
    """Blend two views; the heading turns the short way round."""
    dh = _wrap(b.heading - a.heading)
    return View(
        tuple(x + (y - x) * s for x, y in zip(a.target, b.target)),
        a.distance * (b.distance / a.distance) ** s if a.distance > 0 and b.distance > 0
        else a.distance + (b.distance - a.distance) * s,
        a.heading + dh * s,
        a.pitch + (b.pitch - a.pitch) * s,
    )


def smoothstep(s: float) -> float:
    s = min(max(s, 0.0), 1.0)
    return s * s * (3 - 2 * s)


class OrbitController:
    """Holds the current view and an optional eased transition to a goal view.

    Pure Python: the app calls `step(dt)` each frame and places the Panda camera at `view`.
    """

    def __init__(self, view: View, min_dist: float = 0.05, max_dist: float = 1e4):
        self.min_dist = min_dist
        self.max_dist = max_dist
        self.view = view.clamped(min_dist, max_dist)
        self._from: View | None = None
        self._goal: View | None = None
        self._t = 0.0
        self._dur = 0.0
        self.changed = True

    @property
    def moving(self) -> bool:
        return self._goal is not None

    @property
    def goal(self) -> View:
        return self._goal or self.view

    def go(self, goal: View, duration: float = 0.6) -> None:
        """Ease from the current view to `goal` over `duration` seconds (0: jump)."""
        goal = goal.clamped(self.min_dist, self.max_dist)
        if duration <= 0:
            self.view, self._goal = goal, None
            self.changed = True
            return
        self._from, self._goal, self._t, self._dur = self.view, goal, 0.0, duration

    def step(self, dt: float) -> bool:
        """Advance a transition; True when the view changed since the last call."""
        if self._goal is not None:
            self._t += dt
            s = smoothstep(self._t / self._dur)
            self.view = lerp_view(self._from, self._goal, s)
            if self._t >= self._dur:
                self.view, self._goal = self._goal, None
            self.changed = True
        changed, self.changed = self.changed, False
        return changed

    def _set(self, view: View) -> None:
        self._goal = None
        self.view = view.clamped(self.min_dist, self.max_dist)
        self.changed = True

    def orbit(self, d_heading: float, d_pitch: float) -> None:
        v = self.view
        self._set(replace(v, heading=_wrap(v.heading + d_heading), pitch=v.pitch + d_pitch))

    def zoom(self, factor: float) -> None:
        self._set(replace(self.view, distance=self.view.distance * factor))

    def pan(self, dx: float, dy: float) -> None:
        """Move the target across the table by screen-relative amounts (fractions of distance)."""
        v = self.view
        h = math.radians(v.heading)
        right = (math.cos(h), math.sin(h))
        fwd = (-math.sin(h), math.cos(h))
        d = v.distance
        tx, ty, tz = v.target
        self._set(replace(v, target=(tx + (right[0] * dx + fwd[0] * dy) * d,
                                     ty + (right[1] * dx + fwd[1] * dy) * d, tz)))
