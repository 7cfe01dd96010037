"""Pure geometry of resting discs (no PyBullet): gaps and which discs touch at rest."""
from __future__ import annotations

import math
from typing import Sequence

from . import config
from .motion import Disc


def gap_at_rest(a: Disc, b: Disc) -> float:
    """Distance (m) between the edges of two discs lying flat; negative when they overlap.

    Discs at different heights (one resting on another) that do not overlap vertically are as
    far apart as their vertical gap, when their footprints overlap.
    """
    horizontal = math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius
    lo_a, hi_a = a.z, a.z + a.thickness
    lo_b, hi_b = b.z, b.z + b.thickness
    vertical = max(lo_a - hi_b, lo_b - hi_a)
    if vertical <= 0:
        return horizontal
    if horizontal <= 0:
        return vertical
    return math.hypot(horizontal, vertical)


def touching_at_rest(discs: Sequence[Disc], tol: float = config.TOUCH_AT_REST
                     ) -> tuple[tuple[str, str], ...]:
    """Pairs (a, b) of discs, in input order, whose gap at rest is under `tol` (1 mm)."""
    out = []
    for i, a in enumerate(discs):
        for b in discs[i + 1:]:
            if gap_at_rest(a, b) < tol:
                out.append((a.id, b.id))
    return tuple(out)
