"""The Galaxy (Glonk's play mat) as data: spaces, parsec distances, occupied spaces of a disc.

Everything is computed from `data/galaxy.json` (RULES-NOTES defaults): a centre disc and rings
split by radial lines at equal angles. Two spaces are 1 parsec apart when they share a
boundary of positive length; a disc occupies every space its footprint overlaps by more than
`occupy_depth` (1 mm), so a disc on a line occupies 2 spaces and one on an intersection up to 4.
"""
from __future__ import annotations

import json
import math
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from flickbook import resources

_DATA = str(resources.path("games.glonk", "data", "galaxy.json"))
_EPS = 1e-9


@dataclass(frozen=True)
class Space:
    """One space: the region r0 <= r <= r1, a0 <= angle <= a1 (radians, ccw from +x).

    The centre has r0 = 0 and the full circle of angles.
    """

    id: str
    ring: str  # "centre", "inner", "middle", "outer"
    index: int  # 1-based number within its ring (0 for the centre)
    r0: float
    r1: float
    a0: float
    a1: float

    @property
    def is_centre(self) -> bool:
        return self.ring == "centre"

    @property
    def centroid(self) -> tuple[float, float]:
        """The point in the middle of the space (radius and angle midpoints; origin for C)."""
        if self.is_centre:
            return (0.0, 0.0)
        r = 0.5 * (self.r0 + self.r1)
        a = 0.5 * (self.a0 + self.a1)
        return (r * math.cos(a), r * math.sin(a))

    def distance_to_point(self, x: float, y: float) -> float:
        """Euclidean distance from (x, y) to this region (0 inside)."""
        rho = math.hypot(x, y)
        if self.is_centre:
            return max(0.0, rho - self.r1)
        ang = math.atan2(y, x) % (2 * math.pi)
        if _angle_in(ang, self.a0, self.a1):
            return max(0.0, self.r0 - rho, rho - self.r1)
        # Outside the wedge (every wedge here is narrower than pi): the nearest point lies on
        # one of the two radial edges.
        return min(_segment_distance(x, y, self.r0, self.r1, self.a0),
                   _segment_distance(x, y, self.r0, self.r1, self.a1))

    def to_json(self) -> dict:
        return {"id": self.id, "ring": self.ring, "index": self.index, "r0": self.r0,
                "r1": self.r1, "a0": self.a0, "a1": self.a1,
                "centroid": list(self.centroid)}


_CACHE_SIZE = 1 << 16  # entries kept per query cache (a few MB at most)


def _angle_in(a: float, a0: float, a1: float) -> bool:
    return a0 - _EPS <= a <= a1 + _EPS or a0 - _EPS <= a + 2 * math.pi <= a1 + _EPS


def _segment_distance(x: float, y: float, r0: float, r1: float, a: float) -> float:
    ux, uy = math.cos(a), math.sin(a)
    t = min(max(x * ux + y * uy, r0), r1)
    return math.hypot(x - t * ux, y - t * uy)


class Galaxy:
    """The spaces, their adjacency (parsec graph) and the geometry queries the rules need."""

    def __init__(self, data: dict):
        self.data = data
        self.version = int(data.get("version", 1))
        self.centre_radius = float(data["centre"]["radius"])
        self.occupy_depth = float(data.get("occupy_depth", 0.001))
        self.touch_gap = float(data.get("touch_gap", 0.001))
        offset = math.radians(float(data.get("angle_offset_deg", 0.0)))
        spaces = [Space(data["centre"].get("id", "C"), "centre", 0, 0.0, self.centre_radius,
                        0.0, 2 * math.pi)]
        self.ring_radii = {"centre": (0.0, self.centre_radius)}
        r0 = self.centre_radius
        for ring in data["rings"]:
            r1 = float(ring["outer_radius"])
            n = int(ring["spaces"])
            for i in range(n):
                a0 = offset + 2 * math.pi * i / n
                a1 = offset + 2 * math.pi * (i + 1) / n
                spaces.append(Space(f"{ring['prefix']}{i + 1}", ring["name"], i + 1, r0, r1,
                                    a0, a1))
            self.ring_radii[ring["name"]] = (r0, r1)
            r0 = r1
        self.radius = r0
        self.spaces: tuple[Space, ...] = tuple(spaces)
        self.by_id = {s.id: s for s in spaces}
        self.rings = ("centre",) + tuple(r["name"] for r in data["rings"])
        self.adjacent = self._adjacency()
        self._dist = {s.id: self._bfs(s.id) for s in spaces}
        # Pieces keep their poses from state to state, and the rules ask what a disc
        # occupies many times per state: each pose is computed once (see occupied).
        self._occupied_cache: dict[tuple[float, float, float], frozenset[str]] = {}
        self._within_cache: dict[tuple[frozenset[str], int], frozenset[str]] = {}

    # --- graph ---------------------------------------------------------------------------

    def _shared_boundary(self, a: Space, b: Space) -> float:
        """Length of the boundary two spaces share (0 when they only meet at a point)."""
        if a.id == b.id:
            return 0.0
        if a.is_centre or b.is_centre:
            other = b if a.is_centre else a
            if abs(other.r0 - self.centre_radius) < _EPS:
                return other.r0 * (other.a1 - other.a0)
            return 0.0
        if a.ring == b.ring:
            # Neighbours in one ring share a radial segment of the ring's depth.
            n = round(2 * math.pi / (a.a1 - a.a0))
            if abs(a.index - b.index) in (1, n - 1) and n > 2:
                return a.r1 - a.r0
            return 0.0
        if abs(a.r1 - b.r0) < _EPS or abs(b.r1 - a.r0) < _EPS:
            radius = a.r1 if abs(a.r1 - b.r0) < _EPS else a.r0
            overlap = _arc_overlap(a.a0, a.a1, b.a0, b.a1)
            return radius * overlap
        return 0.0

    def _adjacency(self) -> dict[str, frozenset[str]]:
        adj = {}
        for a in self.spaces:
            adj[a.id] = frozenset(b.id for b in self.spaces
                                  if self._shared_boundary(a, b) > 1e-6)
        return adj

    def _bfs(self, start: str) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            s = queue.popleft()
            for t in sorted(self.adjacent[s]):
                if t not in dist:
                    dist[t] = dist[s] + 1
                    queue.append(t)
        return dist

    def clear_caches(self) -> None:
        """Forget the remembered occupied spaces and ranges (benchmarks time a cold query)."""
        self._occupied_cache.clear()
        self._within_cache.clear()

    def distance(self, a: str, b: str) -> int:
        """Parsecs between two spaces: the shortest path in the shared-boundary graph."""
        return self._dist[a][b]

    def set_distance(self, a: Iterable[str], b: Iterable[str]) -> int | None:
        """Fewest parsecs between any space of `a` and any of `b` (None if either is empty)."""
        a, b = list(a), list(b)
        if not a or not b:
            return None
        return min(self._dist[x][y] for x in a for y in b)

    def within(self, spaces: Iterable[str], parsecs: int) -> frozenset[str]:
        """Every space at most `parsecs` from one of `spaces`."""
        key = (frozenset(spaces), int(parsecs))
        found = self._within_cache.get(key)
        if found is None:
            out = set()
            for s in key[0]:
                out.update(t for t, d in self._dist[s].items() if d <= parsecs)
            found = frozenset(out)
            if len(self._within_cache) >= _CACHE_SIZE:
                self._within_cache.clear()
            self._within_cache[key] = found
        return found

    # --- geometry ------------------------------------------------------------------------

    def occupied(self, x: float, y: float, radius: float) -> frozenset[str]:
        """Spaces a disc at (x, y) of `radius` overlaps by more than `occupy_depth` (1 mm).

        A space is overlapped by more than d when some point of the disc lies deeper than d
        inside the disc's edge and in the space, i.e. the space comes closer than radius - d
        to the disc's centre.
        """
        key = (x, y, radius)
        found = self._occupied_cache.get(key)
        if found is None:
            reach = radius - self.occupy_depth
            found = frozenset() if reach <= 0 else frozenset(
                s.id for s in self.spaces if s.distance_to_point(x, y) < reach)
            if len(self._occupied_cache) >= _CACHE_SIZE:
                self._occupied_cache.clear()
            self._occupied_cache[key] = found
        return found

    def space_at(self, x: float, y: float) -> str | None:
        """The space containing the point (x, y) (None beyond the outer edge)."""
        rho = math.hypot(x, y)
        if rho <= self.centre_radius:
            return self.spaces[0].id
        for s in self.spaces[1:]:
            if s.r0 <= rho <= s.r1 and _angle_in(math.atan2(y, x) % (2 * math.pi), s.a0, s.a1):
                return s.id
        return None

    def lost_in_space(self, x: float, y: float, radius: float) -> bool:
        """A disc lies entirely outside the Galaxy's outer edge."""
        return math.hypot(x, y) - radius >= self.radius

    def entirely_outside(self, x: float, y: float, radius: float, ring_radius: float) -> bool:
        """The disc lies entirely beyond the circle of `ring_radius`."""
        return math.hypot(x, y) - radius >= ring_radius

    def inside(self, x: float, y: float, radius: float) -> bool:
        """The disc lies entirely on the Galaxy (within the outer edge)."""
        return math.hypot(x, y) + radius <= self.radius + 1e-12

    def ring_of(self, space_id: str) -> str:
        return self.by_id[space_id].ring

    def ring_spaces(self, ring: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces if s.ring == ring)

    def to_json(self) -> dict:
        """Everything a viewer needs to draw the mat: radii, spaces with their bounds."""
        return {"version": self.version, "radius": self.radius,
                "centre_radius": self.centre_radius,
                "rings": {k: list(v) for k, v in self.ring_radii.items()},
                "spaces": [s.to_json() for s in self.spaces],
                "adjacent": {k: sorted(v) for k, v in self.adjacent.items()}}


def _arc_overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    best = 0.0
    for shift in (-2 * math.pi, 0.0, 2 * math.pi):
        lo = max(a0, b0 + shift)
        hi = min(a1, b1 + shift)
        best = max(best, hi - lo)
    return best


def sorted_spaces(ids) -> list[str]:
    """Space ids in mat order: C, then I1.., M1.., O1.. ."""
    order = {"C": 0, "I": 1, "M": 2, "O": 3}
    return sorted(ids, key=lambda s: (order.get(s[0], 9), int(s[1:] or 0) if s[1:].isdigit()
                                      else 0, s))


@lru_cache(maxsize=None)
def load_galaxy(path: str = _DATA) -> Galaxy:
    """The Galaxy from its data file (cached: it is immutable)."""
    with open(path, encoding="utf-8") as fh:
        return Galaxy(json.load(fh))
