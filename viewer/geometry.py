"""Procedural meshes: every model the viewer draws is built here from numbers (no files).

Stones are lathed from a rounded profile; boards are boxes; overlays are flat quads, rings and
arrows. All meshes carry normals for the lit shader, and colours/uvs where they need them.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from panda3d.core import (
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
    NodePath,
)


class MeshBuilder:
    """Collects triangles (position, normal, colour, uv) and makes one GeomNode."""

    def __init__(self, name: str):
        self.name = name
        self.vdata = GeomVertexData(name, GeomVertexFormat.getV3n3c4t2(), Geom.UHStatic)
        self.pos = GeomVertexWriter(self.vdata, "vertex")
        self.nrm = GeomVertexWriter(self.vdata, "normal")
        self.col = GeomVertexWriter(self.vdata, "color")
        self.uv = GeomVertexWriter(self.vdata, "texcoord")
        self.tris = GeomTriangles(Geom.UHStatic)
        self.count = 0

    def vertex(self, p, n=(0, 0, 1), c=(1, 1, 1, 1), uv=(0, 0)) -> int:
        self.pos.addData3(*p)
        self.nrm.addData3(*n)
        self.col.addData4(*c)
        self.uv.addData2(*uv)
        self.count += 1
        return self.count - 1

    def tri(self, a: int, b: int, c: int) -> None:
        self.tris.addVertices(a, b, c)

    def quad(self, corners: Sequence, normal, color=(1, 1, 1, 1), uvs=None) -> None:
        """A quad from 4 corners in counter-clockwise order seen from the normal's side."""
        uvs = uvs or ((0, 0), (1, 0), (1, 1), (0, 1))
        i = [self.vertex(p, normal, color, uv) for p, uv in zip(corners, uvs)]
        self.tri(i[0], i[1], i[2])
        self.tri(i[0], i[2], i[3])

    def node(self) -> NodePath:
        geom = Geom(self.vdata)
        geom.addPrimitive(self.tris)
        gn = GeomNode(self.name)
        gn.addGeom(geom)
        return NodePath(gn)


def box(name: str, sx: float, sy: float, sz: float, color=(1, 1, 1, 1), top_uv=True) -> NodePath:
    """An axis-aligned box from (0,0,0) to (sx,sy,sz); the top face maps uv 0..1."""
    m = MeshBuilder(name)
    x0, y0, z0, x1, y1, z1 = 0, 0, 0, sx, sy, sz
    m.quad([(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)], (0, 0, 1), color)
    m.quad([(x0, y1, z0), (x1, y1, z0), (x1, y0, z0), (x0, y0, z0)], (0, 0, -1), color,
           ((0, 0), (0, 0), (0, 0), (0, 0)))
    side_uv = ((0.001, 0.001),) * 4  # sides take the texture's border colour
    m.quad([(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)], (0, -1, 0), color, side_uv)
    m.quad([(x1, y1, z0), (x0, y1, z0), (x0, y1, z1), (x1, y1, z1)], (0, 1, 0), color, side_uv)
    m.quad([(x0, y1, z0), (x0, y0, z0), (x0, y0, z1), (x0, y1, z1)], (-1, 0, 0), color, side_uv)
    m.quad([(x1, y0, z0), (x1, y1, z0), (x1, y1, z1), (x1, y0, z1)], (1, 0, 0), color, side_uv)
    return m.node()


def lathe(name: str, profile: Sequence[tuple[float, float]], segments: int = 32,
          color=(1, 1, 1, 1)) -> NodePath:
    """Revolve a profile of (radius, height) points, bottom to top, around the Z axis.

    Normals come from the profile's slope, so a rounded profile shades smoothly.
    """
    m = MeshBuilder(name)
    pts = list(profile)
    normals = []
    for i, (r, z) in enumerate(pts):
        r0, z0 = pts[max(i - 1, 0)]
        r1, z1 = pts[min(i + 1, len(pts) - 1)]
        tr, tz = r1 - r0, z1 - z0  # tangent along the profile
        nr, nz = tz, -tr  # outward normal (profile runs bottom to top)
        length = math.hypot(nr, nz) or 1.0
        normals.append((nr / length, nz / length))
    rows = []
    for i, ((r, z), (nr, nz)) in enumerate(zip(pts, normals)):
        row = []
        for s in range(segments + 1):
            a = 2 * math.pi * s / segments
            ca, sa = math.cos(a), math.sin(a)
            row.append(m.vertex((r * ca, r * sa, z), (nr * ca, nr * sa, nz), color,
                                (s / segments, i / (len(pts) - 1))))
        rows.append(row)
    for i in range(len(rows) - 1):
        for s in range(segments):
            a, b = rows[i][s], rows[i][s + 1]
            c, d = rows[i + 1][s + 1], rows[i + 1][s]
            m.tri(a, b, c)
            m.tri(a, c, d)
    return m.node()


def stone_profile(radius: float, height: float, steps: int = 8) -> list[tuple[float, float]]:
    """A pebble: flat-ish bottom, bulging side, domed top (a superellipse in profile)."""
    pts = [(0.0, 0.0)]
    n = 2.6  # superellipse exponent: >2 is boxier than an ellipse
    for i in range(steps * 2 + 1):
        t = -math.pi / 2 + math.pi * i / (steps * 2)
        c, s = math.cos(t), math.sin(t)
        r = radius * abs(c) ** (2 / n)
        z = height * 0.5 * (1 + math.copysign(abs(s) ** (2 / n), s))
        pts.append((max(r, 0.0), z))
    pts.append((0.0, height))
    # Drop duplicate points (the poles) so normals stay defined.
    clean = []
    for p in pts:
        if not clean or (abs(p[0] - clean[-1][0]) > 1e-6 or abs(p[1] - clean[-1][1]) > 1e-6):
            clean.append(p)
    return clean


def disc(name: str, radius: float, segments: int = 32, color=(1, 1, 1, 1), inner: float = 0.0) -> NodePath:
    """A flat disc (or ring when `inner` > 0) in the XY plane facing +Z."""
    m = MeshBuilder(name)
    for s in range(segments):
        a0 = 2 * math.pi * s / segments
        a1 = 2 * math.pi * (s + 1) / segments
        o0 = (radius * math.cos(a0), radius * math.sin(a0), 0)
        o1 = (radius * math.cos(a1), radius * math.sin(a1), 0)
        if inner > 0:
            i0 = (inner * math.cos(a0), inner * math.sin(a0), 0)
            i1 = (inner * math.cos(a1), inner * math.sin(a1), 0)
            m.quad([i0, o0, o1, i1], (0, 0, 1), color)
        else:
            c = m.vertex((0, 0, 0), (0, 0, 1), color)
            m.tri(c, m.vertex(o0, (0, 0, 1), color), m.vertex(o1, (0, 0, 1), color))
    return m.node()


def square(name: str, size: float, color=(1, 1, 1, 1), inner: float = 0.0) -> NodePath:
    """A flat square centred at the origin (a frame when `inner` > 0)."""
    m = MeshBuilder(name)
    h = size / 2
    if inner <= 0:
        m.quad([(-h, -h, 0), (h, -h, 0), (h, h, 0), (-h, h, 0)], (0, 0, 1), color)
    else:
        g = inner / 2
        for (ax, ay), (bx, by) in (((-1, -1), (1, -1)), ((1, -1), (1, 1)), ((1, 1), (-1, 1)), ((-1, 1), (-1, -1))):
            m.quad([(ax * g, ay * g, 0), (ax * h, ay * h, 0), (bx * h, by * h, 0), (bx * g, by * g, 0)],
                   (0, 0, 1), color)
    return m.node()


def soft_rect(name: str, w: float, h: float, feather: float, color=(0, 0, 0, 0.5)) -> NodePath:
    """A flat rectangle centred at the origin whose alpha fades to 0 over `feather` outside."""
    m = MeshBuilder(name)
    r, g, b, a = color
    clear = (r, g, b, 0.0)
    x0, y0, x1, y1 = -w / 2, -h / 2, w / 2, h / 2
    f = feather
    m.quad([(x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y1, 0)], (0, 0, 1), color)
    inner = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    outer = [(x0 - f, y0 - f), (x1 + f, y0 - f), (x1 + f, y1 + f), (x0 - f, y1 + f)]
    for k in range(4):
        i0, i1 = inner[k], inner[(k + 1) % 4]
        o0, o1 = outer[k], outer[(k + 1) % 4]
        a0 = m.vertex((*i0, 0), (0, 0, 1), color)
        a1 = m.vertex((*o0, 0), (0, 0, 1), clear)
        a2 = m.vertex((*o1, 0), (0, 0, 1), clear)
        a3 = m.vertex((*i1, 0), (0, 0, 1), color)
        m.tri(a0, a1, a2)
        m.tri(a0, a2, a3)
    return m.node()


def arrow(name: str, start: Iterable[float], end: Iterable[float], width: float,
          color=(1, 1, 1, 1), z: float = 0.0) -> NodePath:
    """A flat arrow in the XY plane from `start` to `end` with a triangular head."""
    (x0, y0), (x1, y1) = tuple(start)[:2], tuple(end)[:2]
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1e-6
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    head = min(width * 2.2, length * 0.6)
    hw = width / 2
    bx, by = x1 - ux * head, y1 - uy * head
    m = MeshBuilder(name)
    m.quad([(x0 + px * hw, y0 + py * hw, z), (x0 - px * hw, y0 - py * hw, z),
            (bx - px * hw, by - py * hw, z), (bx + px * hw, by + py * hw, z)], (0, 0, 1), color)
    a = m.vertex((bx + px * width * 1.1, by + py * width * 1.1, z), (0, 0, 1), color)
    b = m.vertex((bx - px * width * 1.1, by - py * width * 1.1, z), (0, 0, 1), color)
    c = m.vertex((x1, y1, z), (0, 0, 1), color)
    m.tri(b, c, a)
    m.tri(a, c, b)
    return m.node()
