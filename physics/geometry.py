"""Pure geometry of resting discs (no PyBullet): gaps and which discs touch at rest."""
from __future__ import annotations

import math
from typing import Sequence

from . import config
from .motion import Disc


def gap_at_rest(a: Disc, b: Disc) -> float:
    """Distance (m) between the edges of two discs lying flat; negative when they overlap.

    Discs are treated as upright cylinders: side by side, the gap is between their rims; one
    above the other (footprints overlapping), it is the vertical gap.
    """
    horizontal = math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius
    vertical = max(a.z - (b.z + b.thickness), b.z - (a.z + a.thickness))
    if horizontal < 0 and vertical < 0:
        return max(horizontal, vertical)  # they overlap; the shallower way out
    if horizontal <= 0:
        return vertical  # one above the other
    if vertical <= 0:
        return horizontal  # side by side
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
