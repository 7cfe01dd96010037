"""Glonk geometry: bevelled discs with a sticker on each face, the round mat, space sectors.

A disc's origin is its centre (half-way up), so a physics pose (centre position and
orientation) places it directly. Its +z face carries the active sticker and its -z face the
passive one, mapped so that the passive sticker reads upright once the disc is turned over
about its x axis (as physics turns an upside-down disc).
"""
from __future__ import annotations

import math

from panda3d.core import NodePath

from games.glonk.model import IN_PLAY
from viewer.geometry import MeshBuilder
from viewer.glonk.textures import MAT_HALF, face_uv

WHITE_KEY = ("white",)


def disc_mesh(name: str, radius: float, thickness: float, top_key: tuple, bottom_key: tuple,
              side_rgba, segments: int = 32, bevel: float = 0.0) -> NodePath:
    """A thin cylinder (with bevelled edges when `bevel` > 0: off by default, as software GL
    pays for every vertex twice a frame, shadow pass included); faces from the sticker atlas."""
    m = MeshBuilder(name)
    h = thickness / 2
    b = min(bevel, h * 0.45, radius * 0.1)
    ri = radius - b
    white = face_uv(WHITE_KEY, 0.0, 0.0)
    side = tuple(side_rgba)
    rim = tuple(min(1.0, c * 1.15) for c in side[:3]) + (side[3],)
    ring = [(math.cos(2 * math.pi * s / segments), math.sin(2 * math.pi * s / segments))
            for s in range(segments + 1)]
    # Faces: fans around the centre.
    for z, nz, key, flip in ((h, 1.0, top_key, 1.0), (-h, -1.0, bottom_key, -1.0)):
        centre = m.vertex((0, 0, z), (0, 0, nz), (1, 1, 1, 1), face_uv(key, 0.0, 0.0))
        rim_ids = [m.vertex((ri * c, ri * s, z), (0, 0, nz), (1, 1, 1, 1),
                            face_uv(key, c * ri / radius, flip * s * ri / radius))
                   for c, s in ring]
        for k in range(segments):
            if nz > 0:
                m.tri(centre, rim_ids[k], rim_ids[k + 1])
            else:
                m.tri(centre, rim_ids[k + 1], rim_ids[k])
    # Bevels and the side wall: rings of (radius, z, normal r, normal z) joined by quads.
    d = math.sqrt(0.5)
    profile = [(ri, -h, -d, -d, side), (radius, -h + b, d, -d, rim), (radius, -h + b, 1, 0, side),
               (radius, h - b, 1, 0, side), (radius, h - b, d, d, rim), (ri, h, d, d, side)]
    for (r0, z0, nr0, nz0, c0), (r1, z1, nr1, nz1, c1) in zip(profile[:-1], profile[1:]):
        if (r0, z0) == (r1, z1):
            continue
        lo = [m.vertex((r0 * c, r0 * s, z0), (nr0 * c, nr0 * s, nz0), c0, white) for c, s in ring]
        hi = [m.vertex((r1 * c, r1 * s, z1), (nr1 * c, nr1 * s, nz1), c1, white) for c, s in ring]
        for k in range(segments):
            m.tri(lo[k], lo[k + 1], hi[k + 1])
            m.tri(lo[k], hi[k + 1], hi[k])
    return m.node()


def mat_mesh(radius: float, segments: int = 180, thickness: float = 0.0015) -> NodePath:
    """The printed mat: a round cloth `thickness` thick whose top face (z = 0) maps the mat
    texture (uv from table x, y over [-MAT_HALF, MAT_HALF])."""
    m = MeshBuilder("galaxy-mat")

    def uv(x, y):
        return ((x + MAT_HALF) / (2 * MAT_HALF), (y + MAT_HALF) / (2 * MAT_HALF))

    centre = m.vertex((0, 0, 0), (0, 0, 1), (1, 1, 1, 1), uv(0, 0))
    pts = [(radius * math.cos(2 * math.pi * s / segments),
            radius * math.sin(2 * math.pi * s / segments)) for s in range(segments + 1)]
    ids = [m.vertex((x, y, 0), (0, 0, 1), (1, 1, 1, 1), uv(x, y)) for x, y in pts]
    for k in range(segments):
        m.tri(centre, ids[k], ids[k + 1])
    # The cloth's edge: a dark band down to the table.
    edge_uv = uv(radius * 0.999, 0)
    for k in range(segments):
        (x0, y0), (x1, y1) = pts[k], pts[k + 1]
        n0 = (x0 / radius, y0 / radius, 0)
        n1 = (x1 / radius, y1 / radius, 0)
        a = m.vertex((x0, y0, -thickness), n0, (0.5, 0.5, 0.5, 1), edge_uv)
        b = m.vertex((x1, y1, -thickness), n1, (0.5, 0.5, 0.5, 1), edge_uv)
        c = m.vertex((x1, y1, 0), n1, (0.5, 0.5, 0.5, 1), edge_uv)
        d = m.vertex((x0, y0, 0), n0, (0.5, 0.5, 0.5, 1), edge_uv)
        m.tri(a, b, c)
        m.tri(a, c, d)
    return m.node()


def sector_mesh(name: str, r0: float, r1: float, a0: float, a1: float, rgba,
                inset: float = 0.0) -> NodePath:
    """A flat annular sector (a Galaxy space) in the XY plane; `inset` shrinks it inwards."""
    m = MeshBuilder(name)
    r0 += inset if r0 > 0 else 0.0
    r1 -= inset
    if r0 > 0 and inset:
        da0 = inset / max(r0, 1e-6)
        a0, a1 = a0 + da0, a1 - da0
    steps = max(2, int((a1 - a0) / (math.pi / 48)) + 1)
    for k in range(steps):
        t0 = a0 + (a1 - a0) * k / steps
        t1 = a0 + (a1 - a0) * (k + 1) / steps
        c0, s0, c1, s1 = math.cos(t0), math.sin(t0), math.cos(t1), math.sin(t1)
        if r0 <= 0:
            o = m.vertex((0, 0, 0), (0, 0, 1), rgba)
            m.tri(o, m.vertex((r1 * c0, r1 * s0, 0), (0, 0, 1), rgba),
                  m.vertex((r1 * c1, r1 * s1, 0), (0, 0, 1), rgba))
        else:
            m.quad([(r0 * c0, r0 * s0, 0), (r1 * c0, r1 * s0, 0), (r1 * c1, r1 * s1, 0),
                    (r0 * c1, r0 * s1, 0)], (0, 0, 1), rgba)
    return m.node()


def ring_mesh(name: str, radius: float, width: float, rgba, segments: int = 48) -> NodePath:
    """A flat ring (an outline around a disc) in the XY plane."""
    m = MeshBuilder(name)
    ri, ro = radius, radius + width
    for s in range(segments):
        a0 = 2 * math.pi * s / segments
        a1 = 2 * math.pi * (s + 1) / segments
        m.quad([(ri * math.cos(a0), ri * math.sin(a0), 0), (ro * math.cos(a0), ro * math.sin(a0), 0),
                (ro * math.cos(a1), ro * math.sin(a1), 0), (ri * math.cos(a1), ri * math.sin(a1), 0)],
               (0, 0, 1), rgba)
    return m.node()


def ring_round_disc(parent, name: str, piece, pose, gap: float, width: float, rgba,
                    lift: float) -> NodePath:
    """A ring `gap` outside a disc where its pose puts it, `lift` above the mat or above the
    disc it rests on (a stacked disc's ring sits on the one below)."""
    ring = ring_mesh(name, piece.radius + gap, width, rgba)
    ring.setPos(pose[0], pose[1], lift + (0 if piece.status == IN_PLAY else piece.thickness))
    ring.reparentTo(parent)
    return ring


def polyline_mesh(name: str, points, width: float, rgba) -> NodePath:
    """A flat strip of `width` along 2D `points` (a dashed look comes from gaps in points)."""
    m = MeshBuilder(name)
    for (x0, y0), (x1, y1) in zip(points[:-1], points[1:]):
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        if length < 1e-9:
            continue
        px, py = -dy / length * width / 2, dx / length * width / 2
        m.quad([(x0 - px, y0 - py, 0), (x1 - px, y1 - py, 0), (x1 + px, y1 + py, 0),
                (x0 + px, y0 + py, 0)], (0, 0, 1), rgba)
    return m.node()
