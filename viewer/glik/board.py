"""The Glik table's measures: one field is one world unit, the board centred on the origin,
row 0 its north edge; a board tile's and a stone's size; where the coordinates stand. The
scene and each of its rooms place things by these."""
from __future__ import annotations

import math

from games.glik.kit import COLS, ROWS

TILE_H = 0.16
GAP = 0.05
STONE_R = 0.37
STONE_H = 0.30
COORD_GAP = 0.72  # board coordinates lie this far outside the board's edge
COORD_SIZE = 0.52


def cell_xy(r: float, c: float) -> tuple[float, float]:
    """World (x, y) of the centre of field (r, c)."""
    return (c - COLS / 2 + 0.5, ROWS / 2 - r - 0.5)


def xy_cell(x: float, y: float):
    c = math.floor(x + COLS / 2)
    r = math.floor(ROWS / 2 - y)
    if 0 <= r < ROWS and 0 <= c < COLS:
        return (r, c)
    return None
