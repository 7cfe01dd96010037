"""Finding free spots for pieces the rules place by hand (setup, returns, stellar phase).

The rulebook lets players put a piece "on a space" or "against a Base"; the program chooses
the exact spot deterministically: the free spot nearest the space's centroid (or around the
Base, starting from the side facing the Galaxy centre) that keeps a clear gap to every disc.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Iterable, Sequence

import numpy as np

from .model import Piece

#: Clearance kept to other discs when the rules place a piece (m): more than the 1 mm touch gap.
CLEAR = 0.0015
#: Gap left between a returning saucer and the Base it is placed against (touching: < 1 mm).
AGAINST = 0.0003


def _others_arrays(others: Iterable[Piece]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    o = list(others)
    return (np.array([p.x for p in o], dtype=float), np.array([p.y for p in o], dtype=float),
            np.array([p.radius for p in o], dtype=float))


def _clear_mask(cx: np.ndarray, cy: np.ndarray, radius: float, others: Sequence[Piece],
                clearance: float) -> np.ndarray:
    ox, oy, orad = _others_arrays(others)
    if len(ox) == 0:
        return np.ones(cx.shape, dtype=bool)
    d = np.hypot(cx[:, None] - ox[None, :], cy[:, None] - oy[None, :]) - orad[None, :] - radius
    return np.all(d >= clearance, axis=1)


@lru_cache(maxsize=16)
def _offsets(step: float, max_dist: float) -> np.ndarray:
    """Grid of offsets on rings of radius k * step, nearest first."""
    pts = [(0.0, 0.0)]
    k = 1
    while k * step <= max_dist:
        r = k * step
        n = max(6, int(2 * math.pi * r / step))
        for i in range(n):
            a = 2 * math.pi * i / n
            pts.append((r * math.cos(a), r * math.sin(a)))
        k += 1
    arr = np.array(pts)
    arr.setflags(write=False)
    return arr


def spot_near(anchor: tuple[float, float], radius: float, others: Sequence[Piece],
              accept: Callable[[float, float], bool], *, clearance: float = CLEAR,
              step: float = 0.004, max_dist: float = 0.35) -> tuple[float, float] | None:
    """The free spot nearest `anchor` (on a grid of `step`) where `accept(x, y)` holds."""
    ax, ay = anchor
    arr = _offsets(step, max_dist)
    others = list(others)
    for lo in range(0, len(arr), 512):  # nearest first; most searches end in the first chunk
        cx, cy = ax + arr[lo:lo + 512, 0], ay + arr[lo:lo + 512, 1]
        ok = _clear_mask(cx, cy, radius, others, clearance)
        for i in np.flatnonzero(ok):
            x, y = float(cx[i]), float(cy[i])
            if accept(x, y):
                return (round(x, 5), round(y, 5))
    return None


def spot_against(target: Piece, radius: float, others: Sequence[Piece],
                 accept: Callable[[float, float], bool], *, gap: float = AGAINST,
                 clearance: float = CLEAR) -> tuple[float, float] | None:
    """A free spot touching `target` (gap `gap`), starting from its side facing the centre."""
    r = target.radius + radius + gap
    start = math.atan2(-target.y, -target.x) if (target.x or target.y) else 0.0
    angles = []
    for k in range(181):
        for sgn in ((1,) if k in (0, 180) else (1, -1)):
            angles.append(start + sgn * math.radians(k))
    arr = np.array(angles)
    cx, cy = target.x + r * np.cos(arr), target.y + r * np.sin(arr)
    rest = [o for o in others if o.id != target.id]
    ok = _clear_mask(cx, cy, radius, rest, clearance)
    for i in np.flatnonzero(ok):
        x, y = float(cx[i]), float(cy[i])
        if accept(x, y):
            return (x, y)
    return None


def spot_at_angle(target: Piece, radius: float, angle_deg: float, *, gap: float = AGAINST
                  ) -> tuple[float, float]:
    """The spot touching `target` (gap `gap`) in the direction `angle_deg` from its centre
    (degrees, 0 = +x, counter-clockwise): where a player puts a piece "against" another."""
    r = target.radius + radius + gap
    a = math.radians(angle_deg)
    return (round(target.x + r * math.cos(a), 5), round(target.y + r * math.sin(a), 5))


def clear_of(x: float, y: float, radius: float, others: Sequence[Piece],
             clearance: float) -> bool:
    """A disc of `radius` at (x, y) keeps at least `clearance` to every disc of `others`."""
    return bool(_clear_mask(np.array([x]), np.array([y]), radius, list(others), clearance)[0])
