"""Where each Glonk piece lies on the table: in play where the state has it, beside the Galaxy
after the Galactic Convention otherwise (viewer.glonk.drawing draws what this lays out).

Each player has an area left or right of the Galaxy (where a landscape window has room) for
their out-of-play pieces, active face up in rows, and the trophy stack of the pieces they
atomised, passive face up; pieces that count for nobody go in the box; recovered stellar
objects wait at the top left. Pure arithmetic on the state: no Panda3D.
"""
from __future__ import annotations

import math

from games.glonk.model import ATOMISED, IN_PLAY, OUT
from viewer.glonk import textures

#: Beside the Galaxy (radii from the centre, metres).
ROW_R = 0.69       # out-of-play pieces of a seat (first row)
ZONE_SPREAD = 76   # degrees each side of the Galaxy given to seat areas
BOX_R = 0.80       # pieces that count for nobody / left the game
BOX_ANGLE = math.radians(-48)
BOX_GAP = 0.01     # between pieces in the box, and between the box and the mat's rim
STELLAR_R = 0.72   # recovered stellar objects
STELLAR_ANGLE = math.radians(132)


def shows_back(piece) -> bool:
    """Whether the disc lies back face up: a passive ship, a Molten Mass."""
    if piece.is_ship:
        return not piece.active
    return piece.kind == "asteroid" and piece.molten


def zone_of(seat: int, players: int) -> tuple[float, float]:
    """Centre angle and angular width of the area beside the Galaxy that holds a seat's
    out-of-play pieces, trophy stack and label: seats alternate right and left of the
    Galaxy (seen from seat 0), where a landscape window has room for them."""
    side = seat % 2
    per_side = (players + 1) // 2
    k = seat // 2
    width = min(math.radians(ZONE_SPREAD) / per_side, math.radians(60))
    offset = (k - (per_side - 1) / 2) * width
    return (offset if side == 0 else math.pi - offset), width


def lay_out(state) -> tuple[dict, dict, float]:
    """(piece id -> (x, y, z, yaw, back face up) for every piece on the table, seat -> outer
    radius of its out-of-play rows, the outer radius of the box)."""
    out = {}
    seat_edge: dict[int, float] = {}
    n = state.config.players
    rows: dict[int, list] = {}
    stacks: dict[int, list] = {}
    box, stellar = [], []
    for p in state.pieces:
        if p.status == IN_PLAY:
            out[p.id] = (p.x, p.y, p.z + p.thickness / 2, p.yaw, shows_back(p))
        elif p.status == OUT and p.is_ship and p.owner is not None:
            rows.setdefault(p.owner, []).append(p)
        elif p.status == OUT and not p.is_ship:
            stellar.append(p)
        elif p.status == ATOMISED and p.stack is not None:
            stacks.setdefault(p.stack, []).append(p)
        else:
            box.append(p)
    for seat in range(n):
        centre, width = zone_of(seat, n)
        r = arc_row(out, rows.get(seat, []), centre, ROW_R, width * 0.85, back=False)
        seat_edge[seat] = r + 0.02
        z = 0.0
        sx, sy = (r + 0.045) * math.cos(centre), (r + 0.045) * math.sin(centre)
        for p in sorted(stacks.get(seat, []), key=lambda q: (-q.radius, q.id)):
            out[p.id] = (sx, sy, z + p.thickness / 2, centre, True)
            z += p.thickness
    arc_row(out, stellar, STELLAR_ANGLE, STELLAR_R, 0.35, back=None)
    box_edge = grid(out, box, BOX_ANGLE, BOX_R)
    return out, seat_edge, box_edge


def arc_row(out, pieces, centre, radius, max_span, back) -> float:
    """Pieces side by side along arcs centred on angle `centre`, further rows outwards.
    Returns the radius of the outermost row."""
    if not pieces:
        return radius - 0.03
    pieces = sorted(pieces, key=lambda q: (-q.radius, q.id))
    gap = 0.005
    r = radius
    row: list = []

    def flush(row, r):
        total = sum(2 * q.radius + gap for q in row) - gap
        a = centre + (total / 2) / r
        for q in row:
            a -= q.radius / r
            face = shows_back(q) if back is None else back
            out[q.id] = (r * math.cos(a), r * math.sin(a), q.thickness / 2,
                         a + math.pi / 2, face)
            a -= (q.radius + gap) / r

    width = 0.0
    for q in pieces:
        w = 2 * q.radius + gap
        if row and (width + w) / r > max_span:
            flush(row, r)
            r += max(2 * q.radius for q in row) + gap
            row, width = [], 0.0
        row.append(q)
        width += w
    flush(row, r)
    return r


def grid(out, pieces, angle, radius) -> float:
    """Loose pieces (the box) in a small grid, passive face up, squared to the Galaxy at
    `angle`: centred `radius` from the centre, pushed outwards as it grows so that no
    piece reaches the mat's rim. Returns the radius of its outer edge."""
    if not pieces:
        return radius
    cols = max(1, int(math.ceil(math.sqrt(len(pieces)))))
    rows = int(math.ceil(len(pieces) / cols))
    big = max(q.radius for q in pieces)
    step = 2 * big + BOX_GAP
    nearest = textures.MAT_RADIUS + BOX_GAP + big  # the closest a row's centre may come
    centre = max(radius, nearest + (rows - 1) / 2 * step)
    ux, uy = math.cos(angle), math.sin(angle)  # outwards
    tx, ty = -uy, ux  # along the rim
    edge = 0.0
    for i, q in enumerate(sorted(pieces, key=lambda q: q.id)):
        r, c = divmod(i, cols)
        out_r = centre + (r - (rows - 1) / 2) * step
        along = ((cols - 1) / 2 - c) * step
        out[q.id] = (out_r * ux + along * tx, out_r * uy + along * ty, q.thickness / 2,
                     angle + math.pi / 2, q.is_ship or q.molten)
        edge = max(edge, math.hypot(out_r, along) + q.radius)
    return edge


def seat_view_points(state, layout: dict, seat_edge: dict) -> list[tuple[float, float, float]]:
    """What a seat view must show whole: the mat's rim, every piece laid out beside the
    Galaxy (`layout`) and every seat's area, even while it holds no piece."""
    r = textures.MAT_RADIUS
    out = [(r * math.cos(k * math.pi / 16), r * math.sin(k * math.pi / 16), 0.0)
           for k in range(32)]
    if not hasattr(state, "pieces"):  # no position yet (or another game's)
        return out
    beside = {p.id: p for p in state.pieces if p.status != IN_PLAY}
    for pid, (x, y, z, _, _) in layout.items():
        p = beside.get(pid)
        if p is not None:
            out += [(x + dx * p.radius, y + dy * p.radius, 0.0)
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    n = state.config.players
    for seat in range(n):  # each seat's area and label, even while it holds no piece
        centre, width = zone_of(seat, n)
        edge = max(seat_edge.get(seat, ROW_R), ROW_R) + 0.05
        out += [(edge * math.cos(a), edge * math.sin(a), 0.0)
                for a in (centre - width / 2, centre, centre + width / 2)]
    return out
