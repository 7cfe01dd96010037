"""The Galaxy mat and the disc stickers, painted by code (numpy) and saved as PNGs.

`python -m viewer.glonk.textures` regenerates assets/glonk/galaxy_mat.png and
assets/glonk/stickers.png (see assets/PROVENANCE.md). The viewer loads the committed PNGs and
paints them in memory only when they are missing. Text (space numbers, ship names, speeds)
is drawn with Panda3D's PNMTextMaker and a DejaVu font when one is installed; without a font
the images are the same minus their words.

Image arrays here are float32 RGB in [0, 1], top row first; `to_texture` flips them into
Panda's bottom-row-first order.
"""
from __future__ import annotations

import colorsys
import math
import os
from functools import lru_cache
from pathlib import Path

import numpy as np

from flickbook import resources
from games.glonk.galaxy import load_galaxy
from games.glonk.model import load_book

ASSET_DIR = resources.asset("glonk", missing_ok=True)
MAT_PNG = ASSET_DIR / "galaxy_mat.png"
STICKER_PNG = ASSET_DIR / "stickers.png"

#: The mat texture covers the square [-MAT_HALF, MAT_HALF]^2 (metres) of the table.
MAT_HALF = 0.64
#: The printed mat is a disc: the Galaxy (0.60 m) plus a rim with the title.
MAT_RADIUS = 0.630
MAT_SIZE = 2048

#: Sticker atlas: ATLAS_GRID x ATLAS_GRID cells of CELL pixels.
CELL = 256
ATLAS_GRID = 8
#: Fraction of a cell's half-width the disc's face maps to (keeps filtering inside the cell).
FACE_FILL = 0.97

FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    "/Library/Fonts/Arial Bold.ttf",
    "C:/Windows/Fonts/arialbd.ttf",
)


def hex_rgb(text: str) -> np.ndarray:
    text = text.lstrip("#")
    return np.array([int(text[i:i + 2], 16) / 255.0 for i in (0, 2, 4)], dtype=np.float32)


def find_font() -> str | None:
    """A bold TrueType font for labels (FLICKBOOK_FONT overrides), or None."""
    env = os.environ.get("FLICKBOOK_FONT")
    for path in ((env,) if env else ()) + FONT_CANDIDATES:
        if path and os.path.exists(path):
            return path
    return None


# --- text masks -------------------------------------------------------------------------------

@lru_cache(maxsize=512)
def text_mask(text: str, px: int) -> np.ndarray | None:
    """Coverage (h, w) in [0, 1] of `text` set `px` pixels high (None without a font)."""
    font = find_font()
    if font is None or not text:
        return None
    from panda3d.core import Filename, PNMImage, PNMTextMaker, Texture

    maker = PNMTextMaker(Filename.fromOsSpecific(font), 0)
    if not maker.isValid():
        return None
    maker.setPixelSize(px)
    maker.setScaleFactor(1.0)
    maker.setFg((1, 1, 1, 1))
    maker.setAlign(PNMTextMaker.A_left)
    width = max(1, maker.calcWidth(text)) + 8
    height = int(px * 1.5) + 8
    img = PNMImage(width, height, 1)
    img.fill(0)
    maker.generateInto(text, img, 4, int(px * 1.1) + 4)
    tex = Texture("text")
    tex.load(img)
    arr = np.frombuffer(bytes(tex.getRamImage()), dtype=np.uint8)
    arr = arr.reshape(tex.getYSize(), tex.getXSize(), -1)[::-1, :, 0].astype(np.float32) / 255
    rows = np.flatnonzero(arr.max(axis=1) > 0.02)
    cols = np.flatnonzero(arr.max(axis=0) > 0.02)
    if len(rows) == 0:
        return None
    return np.ascontiguousarray(arr[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1])


def _bilinear(mask: np.ndarray, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    h, w = mask.shape
    inside = (i >= -0.5) & (i <= h - 0.5) & (j >= -0.5) & (j <= w - 0.5)
    i = np.clip(i, 0, h - 1)
    j = np.clip(j, 0, w - 1)
    i0 = np.floor(i).astype(int)
    j0 = np.floor(j).astype(int)
    i1 = np.minimum(i0 + 1, h - 1)
    j1 = np.minimum(j0 + 1, w - 1)
    fi, fj = i - i0, j - j0
    v = (mask[i0, j0] * (1 - fi) * (1 - fj) + mask[i0, j1] * (1 - fi) * fj
         + mask[i1, j0] * fi * (1 - fj) + mask[i1, j1] * fi * fj)
    return np.where(inside, v, 0.0)


class Canvas:
    """An RGB image with a world frame: pixel (row, col) <-> point (x, y), y up."""

    def __init__(self, size: int, half: float, fill=(0, 0, 0)):
        self.size = size
        self.half = half
        self.img = np.empty((size, size, 3), dtype=np.float32)
        self.img[:] = fill
        c = (np.arange(size, dtype=np.float32) + 0.5) / size * 2 * half - half
        self.X = c[None, :].repeat(size, 0)
        self.Y = -c[:, None].repeat(size, 1)
        self.px = 2 * half / size  # world units per pixel

    def blend(self, colour, alpha) -> None:
        a = np.clip(np.asarray(alpha, dtype=np.float32), 0, 1)
        if a.ndim == 2:
            a = a[..., None]
        self.img = self.img * (1 - a) + np.asarray(colour, dtype=np.float32) * a

    def stamp(self, mask: np.ndarray | None, cx: float, cy: float, height: float, angle: float,
              colour, opacity: float = 1.0) -> None:
        """Draw `mask` centred on (cx, cy), `height` world units high, its right-hand side
        pointing at `angle` (radians, counter-clockwise from +x)."""
        if mask is None:
            return
        h, w = mask.shape
        scale = height / h
        reach = 0.5 * math.hypot(w, h) * scale + 2 * self.px
        c0 = max(int((cx - reach + self.half) / self.px), 0)
        c1 = min(int((cx + reach + self.half) / self.px) + 1, self.size)
        r0 = max(int((self.half - cy - reach) / self.px), 0)
        r1 = min(int((self.half - cy + reach) / self.px) + 1, self.size)
        if c0 >= c1 or r0 >= r1:
            return
        X = self.X[r0:r1, c0:c1] - cx
        Y = self.Y[r0:r1, c0:c1] - cy
        ca, sa = math.cos(angle), math.sin(angle)
        along = X * ca + Y * sa
        up = -X * sa + Y * ca
        j = along / scale + w / 2 - 0.5
        i = h / 2 - up / scale - 0.5
        cover = _bilinear(mask, i, j) * opacity
        sub = self.img[r0:r1, c0:c1]
        self.img[r0:r1, c0:c1] = sub * (1 - cover[..., None]) + np.asarray(colour) * cover[..., None]


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def value_noise(size: int, cells: int, rng: np.random.Generator) -> np.ndarray:
    """Smooth noise in [0, 1]: a random grid of `cells`, upsampled with smoothstep weights."""
    grid = rng.random((cells + 2, cells + 2)).astype(np.float32)
    t = (np.arange(size, dtype=np.float32) + 0.5) / size * cells
    i = t.astype(int)
    f = t - i
    f = f * f * (3 - 2 * f)
    rows = grid[i] * (1 - f)[:, None] + grid[i + 1] * f[:, None]  # (size, cells+2)
    return rows[:, i] * (1 - f)[None, :] + rows[:, i + 1] * f[None, :]


def fractal_noise(size: int, rng: np.random.Generator, base: int = 4, octaves: int = 4) -> np.ndarray:
    total = np.zeros((size, size), dtype=np.float32)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        total += value_noise(size, base * 2 ** o, rng) * amp
        norm += amp
        amp *= 0.5
    return total / norm


# --- the Galaxy mat ---------------------------------------------------------------------------

RING_TINTS = {  # two alternating fills per ring, laid over the starfield
    "inner": ((0.50, 0.14, 0.50), (0.40, 0.10, 0.42)),
    "middle": ((0.20, 0.15, 0.52), (0.15, 0.11, 0.42)),
    "outer": ((0.07, 0.20, 0.45), (0.05, 0.15, 0.36)),
}
LINE_CORE = (0.80, 0.96, 1.00)
LINE_GLOW = (0.25, 0.65, 1.00)
RIM = (0.035, 0.04, 0.08)
GOLD = (0.93, 0.76, 0.32)
TITLE = "GLONK  \u00b7  THE CLASH OF THE ALIENS  \u00b7  "


def mat_image(size: int = MAT_SIZE, seed: int = 11) -> np.ndarray:
    """The printed Galaxy: starfield and nebula, the centre vortex, three rings of spaces with
    glowing lines, subtle space numbers, and a rim with the title. (size, size, 3) float32."""
    rng = np.random.default_rng(seed)
    galaxy = load_galaxy()
    cv = Canvas(size, MAT_HALF, (0.02, 0.03, 0.08))
    X, Y = cv.X, cv.Y
    rho = np.hypot(X, Y)
    theta = np.arctan2(Y, X) % (2 * math.pi)
    # Deep space: two nebula clouds and stars.
    n1 = fractal_noise(size, rng, 3, 5)
    n2 = fractal_noise(size, rng, 4, 5)
    cv.blend((0.42, 0.12, 0.48), smoothstep(0.45, 0.85, n1) * 0.55)
    cv.blend((0.06, 0.42, 0.50), smoothstep(0.50, 0.85, n2) * 0.45)
    _stars(cv, rng, count=int(5200 * (size / 2048) ** 2))
    # Ring fills: alternating tints per space, a little transparent so the sky shows through.
    for ring, (r0, r1) in galaxy.ring_radii.items():
        if ring == "centre":
            continue
        n = len(galaxy.ring_spaces(ring))
        band = (rho >= r0) & (rho < r1)
        index = np.floor(theta / (2 * math.pi / n)).astype(int)
        a, b = RING_TINTS[ring]
        fill = np.where((index % 2 == 0)[..., None], np.array(a), np.array(b))
        shade = 0.85 + 0.15 * (rho - r0) / (r1 - r0)  # a soft radial gradient in each band
        cv.img = np.where(band[..., None],
                          cv.img * 0.35 + fill * 0.65 * shade[..., None], cv.img)
    # The centre: a dark vortex with spiral arms (the Black Hole stands on it).
    rc = galaxy.centre_radius
    centre = rho < rc
    arms = 0.5 + 0.5 * np.cos(3 * theta + 9.0 * np.log(np.maximum(rho, 1e-3) / rc))
    glow = smoothstep(0.0, rc, rho)
    vortex = (np.array([0.30, 0.08, 0.42])[None, None] * (glow * (0.5 + 0.5 * arms))[..., None]
              + np.array([0.9, 0.5, 1.0])[None, None] * (glow ** 3 * arms * 0.25)[..., None])
    cv.img = np.where(centre[..., None], vortex, cv.img)
    # Lines: ring circles and the radial splits of each ring.
    dist = np.full(rho.shape, 1.0, dtype=np.float32)
    for ring, (r0, r1) in galaxy.ring_radii.items():
        dist = np.minimum(dist, np.abs(rho - r1))
        if ring == "centre":
            continue
        n = len(galaxy.ring_spaces(ring))
        step = 2 * math.pi / n
        d_ang = np.abs(((theta + step / 2) % step) - step / 2)
        radial = np.where((rho >= r0) & (rho <= r1), rho * np.sin(d_ang), 1.0)
        dist = np.minimum(dist, radial)
    core = 1 - smoothstep(0.0011, 0.0011 + cv.px * 1.2, dist)
    halo = np.exp(-dist / 0.0035) * 0.45
    inside = rho <= galaxy.radius + 0.003
    cv.blend(LINE_GLOW, np.where(inside, halo, 0.0))
    cv.blend(LINE_CORE, np.where(inside, core, 0.0))
    # Space numbers, small and faint, near each space's outer edge, read from outside.
    for s in galaxy.spaces:
        if s.is_centre:
            continue
        a = 0.5 * (s.a0 + s.a1)
        r = s.r1 - 0.016
        height = 0.0105 if s.ring != "inner" else 0.013
        cv.stamp(text_mask(s.id, 48), r * math.cos(a), r * math.sin(a), height, a + math.pi / 2,
                 (0.92, 0.96, 1.0), 0.42)
    # Rim: dark band, gold edge lines, the title around it.
    rim = rho > galaxy.radius + 0.0022
    cv.img = np.where(rim[..., None], np.array(RIM, dtype=np.float32), cv.img)
    for edge, width in ((galaxy.radius + 0.0045, 0.0008), (MAT_RADIUS - 0.0035, 0.0010)):
        cv.blend(GOLD, 1 - smoothstep(width, width + cv.px * 1.2, np.abs(rho - edge)))
    _arc_text(cv, TITLE, radius=0.5 * (galaxy.radius + MAT_RADIUS) - 0.0005, height=0.0105,
              colour=GOLD)
    cv.img = np.where((rho > MAT_RADIUS)[..., None], np.array(RIM, dtype=np.float32), cv.img)
    return np.clip(cv.img, 0, 1)


def _stars(cv: Canvas, rng: np.random.Generator, count: int) -> None:
    size = cv.size
    rows = rng.integers(3, size - 3, count)
    cols = rng.integers(3, size - 3, count)
    bright = rng.random(count) ** 3 * 0.9 + 0.1
    radius = 0.6 + rng.random(count) ** 4 * 1.8
    tint = rng.random(count)
    k = np.arange(-3, 4, dtype=np.float32)
    dd = k[:, None] ** 2 + k[None, :] ** 2
    for r, c, b, rad, t in zip(rows, cols, bright, radius, tint):
        blob = np.exp(-dd / (2 * rad * rad))[..., None] * b
        colour = np.array([0.85 + 0.15 * t, 0.9, 1.0 - 0.2 * t], dtype=np.float32)
        sub = cv.img[r - 3:r + 4, c - 3:c + 4]
        cv.img[r - 3:r + 4, c - 3:c + 4] = sub + (colour - sub) * np.clip(blob, 0, 1)


def _arc_text(cv: Canvas, text: str, radius: float, height: float, colour) -> None:
    """`text` repeated around a circle, reading clockwise from the top, tops outwards."""
    cap = text_mask("H", 64)
    if cap is None:
        return
    unit = height / cap.shape[0]  # every letter shares the scale of a capital H
    spacing = height * 0.12
    space = height * 0.45

    def width(ch):
        m = text_mask(ch, 64) if ch.strip() else None
        return (m.shape[1] * unit if m is not None else space) + spacing

    once = sum(width(ch) for ch in text)
    circumference = 2 * math.pi * radius
    repeats = max(1, round(circumference / once))
    fit = circumference / (once * repeats)  # stretch the spacing so the ring closes evenly
    a = math.pi / 2
    for ch in text * repeats:
        m = text_mask(ch, 64) if ch.strip() else None
        w = m.shape[1] * unit if m is not None else space
        step = w + spacing
        extra = step * (fit - 1)
        a_mid = a - (w / 2 + extra / 2) / radius
        if m is not None:
            cx, cy = radius * math.cos(a_mid), radius * math.sin(a_mid)
            cv.stamp(m, cx, cy, m.shape[0] * unit, a_mid - math.pi / 2, colour, 0.95)
        a -= step * fit / radius


# --- stickers -----------------------------------------------------------------------------------

def sticker_keys() -> list[tuple]:
    """Atlas cells in order: each ship type's active and passive face, then stellar faces."""
    keys = []
    for armada in load_book().armadas:
        for ship in armada.ships:
            keys.append(("ship", armada.id, ship.type, "active"))
            keys.append(("ship", armada.id, ship.type, "passive"))
    keys += [("black_hole",), ("asteroid",), ("molten",), ("white",)]
    if len(keys) > ATLAS_GRID * ATLAS_GRID:
        raise ValueError("too many stickers for the atlas")
    return keys


def cell_of(key: tuple) -> tuple[int, int]:
    """(row from the top, column) of a sticker in the atlas."""
    i = sticker_keys().index(key)
    return divmod(i, ATLAS_GRID)


class Face:
    """Sticker coordinates: u right, v up, both in [-1, 1] across one cell."""

    def __init__(self, size: int = CELL):
        c = (np.arange(size, dtype=np.float32) + 0.5) / size * 2 - 1
        self.U = c[None, :].repeat(size, 0)
        self.V = -c[:, None].repeat(size, 1)
        self.R = np.hypot(self.U, self.V)
        self.A = np.arctan2(self.V, self.U)
        self.px = 2.0 / size
        self.img = np.zeros((size, size, 3), dtype=np.float32)

    def aa(self, sdf: np.ndarray) -> np.ndarray:
        """Coverage of a signed distance field (negative inside), anti-aliased over a pixel."""
        return np.clip(0.5 - sdf / self.px, 0, 1)

    def blend(self, colour, alpha) -> None:
        a = np.clip(np.asarray(alpha, dtype=np.float32), 0, 1)[..., None]
        self.img = self.img * (1 - a) + np.asarray(colour, dtype=np.float32) * a

    def text(self, text: str, v: float, height: float, colour, opacity=1.0, max_width=1.5) -> None:
        mask = text_mask(text, 64)
        if mask is None:
            return
        h, w = mask.shape
        height = min(height, max_width * h / w)
        scale = height / h
        j = self.U / scale + w / 2 - 0.5
        i = h / 2 - (self.V - v) / scale - 0.5
        self.blend(colour, _bilinear(mask, i, j) * opacity)


def _ellipse_sdf(U, V, cx, cy, a, b):
    # Approximate: scaled circle distance (good enough for icons).
    k = np.hypot((U - cx) / a, (V - cy) / b)
    return (k - 1) * min(a, b)


def _box_sdf(U, V, cx, cy, hw, hh):
    dx = np.abs(U - cx) - hw
    dy = np.abs(V - cy) - hh
    return np.hypot(np.maximum(dx, 0), np.maximum(dy, 0)) + np.minimum(np.maximum(dx, dy), 0)


def _segment_sdf(U, V, ax, ay, bx, by):
    """Distance to the segment (ax, ay)-(bx, by)."""
    px, py = U - ax, V - ay
    dx, dy = bx - ax, by - ay
    t = np.clip((px * dx + py * dy) / (dx * dx + dy * dy), 0.0, 1.0)
    return np.hypot(px - t * dx, py - t * dy)


def _stroke_sdf(U, V, pts, width):
    """A stroke `width` wide along the polyline `pts`."""
    d = np.minimum.reduce([_segment_sdf(U, V, *a, *b) for a, b in zip(pts[:-1], pts[1:])])
    return d - width / 2


def _convex_sdf(U, V, pts):
    """A convex polygon (exact inside and along edges, which is all anti-aliasing needs)."""
    area = sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]))
    if area < 0:
        pts = pts[::-1]
    d = np.full(U.shape, -9.0, dtype=np.float32)
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
        ex, ey = bx - ax, by - ay
        d = np.maximum(d, ((U - ax) * ey - (V - ay) * ex) / math.hypot(ex, ey))
    return d


def _hexagon_sdf(U, V, cx, cy, r):
    """A hexagon with flat top and bottom, `r` from its centre to an edge."""
    kx, ky, kz = -0.866025404, 0.5, 0.577350269
    px, py = np.abs(V - cy), np.abs(U - cx)  # swapped axes: flat top
    dot = np.minimum(kx * px + ky * py, 0.0)
    px, py = px - 2 * dot * kx, py - 2 * dot * ky
    qx = px - np.clip(px, -kz * r, kz * r)
    qy = py - r
    return np.hypot(qx, qy) * np.sign(qy)


def _rotated(U, V, degrees):
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return U * c + V * s, -U * s + V * c


def _saucer(U, V):
    body = _ellipse_sdf(U, V, 0, -0.04, 0.50, 0.15)
    dome = np.maximum(np.hypot(U, V - 0.02) - 0.23, -(V - 0.0))
    return np.minimum(body, dome)


def _eye(U, V):
    """Telekinesis: an eye that moves things, with three rays above it."""
    lens = np.maximum(np.hypot(U, V + 0.30) - 0.52, np.hypot(U, V - 0.26) - 0.52)
    iris = np.abs(np.hypot(U, V + 0.02) - 0.135) - 0.045
    rays = np.minimum.reduce([_segment_sdf(U, V, 0.34 * math.cos(a), 0.32 * math.sin(a),
                                           0.50 * math.cos(a), 0.48 * math.sin(a)) - 0.045
                              for a in (math.radians(55), math.radians(90), math.radians(125))])
    return np.minimum(np.maximum(lens, -iris), rays)


def _chevrons(U, V):
    """Jump: two chevrons pointing up."""
    return np.minimum(_stroke_sdf(U, V, [(-0.40, 0.04), (0, 0.40), (0.40, 0.04)], 0.15),
                      _stroke_sdf(U, V, [(-0.40, -0.34), (0, 0.02), (0.40, -0.34)], 0.15))


def _sabres(U, V):
    """Two crossed cutlasses."""
    parts = []
    for m in (1, -1):
        parts.append(_stroke_sdf(U, V, [(-0.30 * m, -0.26), (0.10 * m, 0.20), (0.40 * m, 0.44)],
                                 0.085))
        parts.append(_stroke_sdf(U, V, [(-0.36 * m, -0.10), (-0.16 * m, -0.30)], 0.07))  # guard
        parts.append(_stroke_sdf(U, V, [(-0.32 * m, -0.28), (-0.44 * m, -0.42)], 0.10))  # hilt
    return np.minimum.reduce(parts)


def _sail(U, V):
    """A sloop: mainsail, jib, mast and hull."""
    main = _convex_sdf(U, V, [(0.05, -0.12), (0.40, -0.12), (0.05, 0.46)])
    jib = _convex_sdf(U, V, [(-0.05, -0.12), (-0.05, 0.32), (-0.32, -0.12)])
    mast = _segment_sdf(U, V, 0, -0.20, 0, 0.48) - 0.03
    hull = _convex_sdf(U, V, [(-0.28, -0.42), (0.30, -0.42), (0.46, -0.20), (-0.46, -0.20)])
    return np.minimum.reduce([main, jib, mast, hull])


def _torpedo(U, V):
    """A torpedo climbing to the right, fins at its tail and a wake behind."""
    U, V = _rotated(U, V, 28)
    body = _segment_sdf(U, V, -0.24, 0, 0.26, 0) - 0.12
    fins = _convex_sdf(U, V, [(-0.20, 0.0), (-0.42, 0.22), (-0.44, -0.22)])
    wake = np.minimum(_segment_sdf(U, V, -0.62, 0.12, -0.50, 0.12),
                      _segment_sdf(U, V, -0.62, -0.12, -0.50, -0.12)) - 0.035
    return np.minimum.reduce([body, fins, wake])


def _ray(U, V):
    """The Anaesthetic Ray: a beacon sending three waves."""
    ox, oy = -0.30, -0.28
    r = np.hypot(U - ox, V - oy)
    a = np.arctan2(V - oy, U - ox)
    sector = np.abs(a - math.pi / 4) - math.radians(40)
    waves = [np.maximum(np.abs(r - rk) - 0.05, sector * r) for rk in (0.30, 0.50, 0.70)]
    return np.minimum.reduce([r - 0.13] + waves)


def _hammers(U, V):
    """Destruktor: two crossed hammers."""
    parts = []
    for m in (1, -1):
        parts.append(_segment_sdf(U, V, -0.36 * m, -0.38, 0.20 * m, 0.20) - 0.05)
        hu, hv = _rotated(U - 0.22 * m, V - 0.22, 45 * m)
        parts.append(_box_sdf(hu, hv, 0, 0, 0.09, 0.20))
    return np.minimum.reduce(parts)


def _mine(U, V):
    """A spiked mine (the Kiboom)."""
    r = np.hypot(U, V)
    a = np.arctan2(V, U)
    return r - (0.26 + 0.16 * np.maximum(0, np.cos(8 * a)) ** 6)


def _larva(U, V):
    """A segmented grub with feelers."""
    parts = [np.hypot(U - cx, V - cy) - r for cx, cy, r in
             ((-0.36, -0.24, 0.10), (-0.17, -0.12, 0.13), (0.06, -0.02, 0.15), (0.26, 0.12, 0.16))]
    parts.append(_stroke_sdf(U, V, [(0.30, 0.24), (0.26, 0.44)], 0.05))
    parts.append(_stroke_sdf(U, V, [(0.38, 0.20), (0.48, 0.38)], 0.05))
    body = np.minimum.reduce(parts)
    eye = np.hypot(U - 0.32, V - 0.14) - 0.045
    return np.maximum(body, -eye)


def _station(U, V):
    """A ringed space station with spokes and four pods."""
    r = np.hypot(U, V)
    ring = np.abs(r - 0.34) - 0.055
    hub = r - 0.16
    spokes = np.minimum(_box_sdf(U, V, 0, 0, 0.34, 0.035), _box_sdf(U, V, 0, 0, 0.035, 0.34))
    pods = np.full(U.shape, 9.0, dtype=np.float32)
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        pods = np.minimum(pods, np.hypot(U - 0.42 * math.cos(a), V - 0.42 * math.sin(a)) - 0.075)
    return np.minimum.reduce([ring, hub, spokes, pods])


def _skull(U, V):
    """Lethal: a skull."""
    cranium = np.hypot(U, V - 0.10) - 0.34
    jaw = _box_sdf(U, V, 0, -0.22, 0.19, 0.14) - 0.03
    eyes = np.minimum(np.hypot(U - 0.14, V - 0.06) - 0.095, np.hypot(U + 0.14, V - 0.06) - 0.095)
    nose = _convex_sdf(U, V, [(0, -0.04), (0.05, -0.13), (-0.05, -0.13)])
    teeth = np.minimum.reduce([_box_sdf(U, V, x, -0.30, 0.018, 0.07) for x in (-0.09, 0.0, 0.09)])
    return np.maximum.reduce([np.minimum(cranium, jaw), -eyes, -nose, -teeth])


def _shield(U, V):
    """Shield: a shield bearing a cross."""
    shield = _convex_sdf(U, V, [(-0.36, 0.40), (0.36, 0.40), (0.36, 0.02), (0.0, -0.46),
                                (-0.36, 0.02)])
    cross = np.minimum(_box_sdf(U, V, 0, 0.04, 0.05, 0.22), _box_sdf(U, V, 0, 0.08, 0.20, 0.05))
    return np.maximum(shield, -cross)


def _honeycomb(U, V):
    """The Hive: seven cells of a honeycomb."""
    step = 0.27
    cells = [_hexagon_sdf(U, V, 0, 0, 0.115)]
    for k in range(6):
        a = math.pi / 6 + k * math.pi / 3
        cells.append(_hexagon_sdf(U, V, step * math.cos(a), step * math.sin(a), 0.115))
    return np.minimum.reduce(cells)


def _great_saucer(U, V):
    """The Great Saucer: a wide saucer with a ring of lights."""
    body = _ellipse_sdf(U, V, 0, -0.06, 0.50, 0.18)
    dome = np.maximum(np.hypot(U, V - 0.02) - 0.26, -V)
    lights = np.minimum.reduce([np.hypot(U - x, V + 0.06) - 0.045 for x in (-0.32, -0.16, 0, 0.16, 0.32)])
    beam = _convex_sdf(U, V, [(-0.14, -0.24), (0.14, -0.24), (0.26, -0.46), (-0.26, -0.46)])
    return np.minimum(np.maximum(np.minimum(body, dome), -lights), beam)


def _wheel(U, V):
    """The Galleon: a ship's wheel."""
    r = np.hypot(U, V)
    a = np.arctan2(V, U)
    rim = np.abs(r - 0.30) - 0.055
    hub = r - 0.11
    spokes = np.full(U.shape, 9.0, dtype=np.float32)
    for k in range(8):
        t = k * math.pi / 4
        spokes = np.minimum(spokes, _segment_sdf(U, V, 0, 0, 0.44 * math.cos(t), 0.44 * math.sin(t)) - 0.035)
        spokes = np.minimum(spokes, np.hypot(U - 0.44 * math.cos(t), V - 0.44 * math.sin(t)) - 0.06)
    return np.minimum.reduce([rim, hub, spokes])


def _factory(U, V):
    """The Kabane: a hut with a chimney, where Kibooms are made."""
    roof = _convex_sdf(U, V, [(-0.44, 0.04), (0.44, 0.04), (0.0, 0.40)])
    walls = _box_sdf(U, V, 0, -0.20, 0.34, 0.24)
    chimney = _box_sdf(U, V, 0.24, 0.26, 0.06, 0.14)
    door = _box_sdf(U, V, 0, -0.30, 0.10, 0.14)
    return np.maximum(np.minimum.reduce([roof, walls, chimney]), -door)


#: Emblem shapes, each a signed distance in units where the emblem fits in [-0.5, 0.5]^2.
EMBLEM_SHAPES = {
    "saucer": _saucer, "eye": _eye, "chevrons": _chevrons, "sabres": _sabres, "sail": _sail,
    "torpedo": _torpedo, "ray": _ray, "hammers": _hammers, "mine": _mine, "larva": _larva,
    "station": _station, "skull": _skull, "shield": _shield, "honeycomb": _honeycomb,
    "great_saucer": _great_saucer, "wheel": _wheel, "factory": _factory,
}

#: Each ship type's emblem and face scheme. "field": the armada's colour with the emblem in
#: its accent; "inverse": the accent colour with the emblem in the armada's colour. Within an
#: armada no two types share both, so a Jumper and a Small Saucer differ in shape and colour
#: even when a disc is twenty pixels wide (tests/test_viewer_glonk_look.py measures it).
EMBLEMS = {
    "death_satellite": ("skull", "field"), "disciple": ("saucer", "field"),
    "master": ("eye", "inverse"),
    "kabane": ("factory", "field"), "kogneur": ("saucer", "field"),
    "kasseur": ("hammers", "inverse"), "kiboom": ("mine", "field"),
    "great_saucer": ("great_saucer", "field"), "small_saucer": ("saucer", "field"),
    "jumper": ("chevrons", "inverse"),
    "galleon": ("wheel", "field"), "corsair": ("sabres", "field"), "sloop": ("sail", "inverse"),
    "sanctuary": ("shield", "field"), "torpedo_boat": ("torpedo", "field"),
    "corvette": ("ray", "inverse"),
    "hive": ("honeycomb", "field"), "larva_ship": ("larva", "field"),
}
#: Where the emblem sits on a face and how large it is (face units: the face spans [-1, 1]).
EMBLEM_CENTRE = 0.05
EMBLEM_SCALE = 0.95


def emblem_of(ship) -> tuple[str, str]:
    """(shape, scheme) of a ship type; a type missing from EMBLEMS gets its kind's shape."""
    default = {"base": "station", "kiboom": "mine"}.get(ship.kind, "saucer")
    return EMBLEMS.get(ship.type, (default, "field"))


def emblem_sdf(f: Face, shape: str, cy: float = EMBLEM_CENTRE, s: float = EMBLEM_SCALE) -> np.ndarray:
    """The emblem `shape` on face `f`, centred at height `cy`, scaled by `s`."""
    return EMBLEM_SHAPES[shape](f.U / s, (f.V - cy) / s) * s


def icon_sdf(f: Face, kind: str, cy: float = 0.12, s: float = 1.0) -> np.ndarray:
    """The generic silhouette of a kind of piece: a base's station, a saucer, a Kiboom's mine."""
    shape = {"base": "station", "kiboom": "mine"}.get(kind, "saucer")
    return emblem_sdf(f, shape, cy, s)


def _lighter(c, k):
    return np.clip(np.asarray(c) + (1 - np.asarray(c)) * k, 0, 1)


def _lum(c) -> float:
    return float(0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2])


def _readable_on(c) -> np.ndarray:
    """Black or white, whichever reads better on colour `c`."""
    return np.array([0.05, 0.05, 0.07]) if _lum(c) > 0.55 else np.array([0.98, 0.98, 0.96])


def _contrasting(c, on) -> np.ndarray:
    """Colour `c`, darkened or lightened until it stands out from `on` (luminance apart)."""
    c = np.asarray(c, dtype=np.float32)
    if abs(_lum(c) - _lum(on)) >= 0.3:
        return c
    return c * 0.35 if _lum(on) > 0.3 else _lighter(c, 0.6)


def ship_face(armada, ship, active: bool, size: int = CELL) -> np.ndarray:
    """A ship's sticker: its type's emblem (EMBLEMS), name and speed badge. Active: on a
    field of the armada's colour, or of its accent for the "inverse" types, with a rim of the
    other colour. Passive: dark, hatched, the emblem dimmed (on a plate for "inverse" types),
    no speed (it cannot move this turn)."""
    f = Face(size)
    col = hex_rgb(armada.colour)
    acc = hex_rgb(armada.accent)
    shape, scheme = emblem_of(ship)
    inverse = scheme == "inverse"
    one_faced = ship.faces == 1
    icon = emblem_sdf(f, shape)
    t = np.clip(f.R, 0, 1)[..., None]
    if active or one_faced:
        field, rim = (acc, col) if inverse else (col, acc)
        ink = _contrasting(col, acc) if inverse else _lighter(acc, 0.15)
        f.img = _lighter(field, 0.28) * (1 - t) + (field * 0.72) * t
        f.blend(_contrasting(rim, field) if inverse else rim, f.aa(np.abs(f.R - 0.93) - 0.07))
        f.blend((0.02, 0.02, 0.03), f.aa(np.abs(f.R - 0.855) - 0.012))
        words = _readable_on(field)
        outline = ink * 0.3 if _lum(ink) > 0.3 else _lighter(ink, 0.75)
        f.blend(outline, f.aa(icon - 0.035))
        f.blend(ink, f.aa(icon))
        f.text(ship.name.upper(), -0.58, 0.15, words, 1.0, 1.15)
        if ship.speed > 0:
            badge = np.hypot(f.U, f.V - 0.68) - 0.16
            f.blend((0.02, 0.02, 0.03), f.aa(badge - 0.025))
            f.blend(rim if not inverse else _contrasting(rim, field), f.aa(badge))
            f.text(str(ship.speed), 0.675, 0.21, _readable_on(rim))
        if one_faced:
            f.text("\u2605", -0.78, 0.12, rim, 0.9)
    else:
        dark_armada = _lum(col) <= 0.2
        if not dark_armada:  # dark passive face, unless the armada itself is dark (then light)
            f.img = np.array([0.20, 0.20, 0.23]) * (1 - t) + np.array([0.09, 0.09, 0.11]) * t
            stripe = (0.27, 0.27, 0.31)
        else:
            f.img = np.array([0.74, 0.74, 0.76]) * (1 - t) + np.array([0.55, 0.55, 0.58]) * t
            stripe = (0.62, 0.62, 0.66)
        stripes = (np.floor((f.U + f.V) / 0.16) % 2 == 0)
        f.blend(stripe, stripes * 0.35)
        tone = col if col.max() > 0.25 else acc
        f.blend(tone, f.aa(np.abs(f.R - 0.92) - 0.08))
        dim = tone * 0.85
        if inverse:  # a plate of the armada's colour with the emblem cut out of it
            plate = np.hypot(f.U, f.V - EMBLEM_CENTRE) - 0.55
            f.blend((0.02, 0.02, 0.03), f.aa(plate - 0.03))
            f.blend(_lighter(tone, 0.3), f.aa(plate))
            f.blend(_contrasting(tone * 0.25, tone), f.aa(icon))
        else:
            f.blend(dim, f.aa(np.abs(icon) - 0.035))
            f.blend(dim * 0.6, f.aa(icon) * 0.8)
        f.text(ship.name.upper(), -0.58, 0.14, (0.62, 0.62, 0.66) if not dark_armada
               else (0.15, 0.15, 0.17), 1.0, 1.15)
    f.img = np.where((f.R > 1.0)[..., None], f.img * 0.6, f.img)
    return np.clip(f.img, 0, 1)


def black_hole_face(size: int = CELL, seed: int = 3) -> np.ndarray:
    f = Face(size)
    rng = np.random.default_rng(seed)
    r = np.maximum(f.R, 1e-3)
    swirl = 0.5 + 0.5 * np.cos(2 * f.A + 7.0 * np.log(r))
    disk = np.exp(-((f.R - 0.62) / 0.26) ** 2)
    purple = np.array([0.48, 0.25, 0.89])
    hot = np.array([1.0, 0.55, 0.85])
    f.img[:] = 0.01
    f.blend(purple, disk * (0.35 + 0.65 * swirl))
    f.blend(hot, np.exp(-((f.R - 0.36) / 0.05) ** 2) * 0.9)
    f.blend((0, 0, 0), f.aa(f.R - 0.31))
    noise = value_noise(size, 24, rng)
    f.img *= (0.85 + 0.3 * noise)[..., None]
    f.blend((0.75, 0.6, 1.0), f.aa(np.abs(f.R - 0.97) - 0.02))
    return np.clip(f.img, 0, 1)


def asteroid_face(size: int = CELL, seed: int = 5) -> np.ndarray:
    f = Face(size)
    rng = np.random.default_rng(seed)
    rock = fractal_noise(size, rng, 6, 4)
    base = hex_rgb(load_book().stellar["asteroid"]["colour"])
    f.img = base[None, None] * (0.65 + 0.6 * rock)[..., None]
    for _ in range(9):
        cx, cy = rng.uniform(-0.65, 0.65, 2)
        rad = rng.uniform(0.08, 0.22)
        d = np.hypot(f.U - cx, f.V - cy)
        f.blend((0.22, 0.20, 0.18), f.aa(d - rad) * 0.55)
        f.blend((0.80, 0.76, 0.70), np.exp(-((d - rad) / 0.025) ** 2) * 0.45)
    f.text("ASTEROID", -0.62, 0.14, (0.95, 0.93, 0.88), 0.85, 1.2)
    return np.clip(f.img, 0, 1)


def molten_face(size: int = CELL, seed: int = 6) -> np.ndarray:
    f = Face(size)
    rng = np.random.default_rng(seed)
    n = fractal_noise(size, rng, 5, 4)
    body = np.array([0.35, 0.04, 0.02])
    f.img = body[None, None] * (0.6 + 0.8 * n)[..., None]
    veins = np.exp(-((n - 0.5) / 0.035) ** 2)
    f.blend((1.0, 0.45, 0.06), veins)
    f.blend((1.0, 0.9, 0.35), veins ** 4)
    f.blend((1.0, 0.42, 0.1), np.exp(-f.R ** 2 / 0.08) * 0.5)
    f.text("MOLTEN MASS", -0.62, 0.13, (1.0, 0.92, 0.6), 0.9, 1.3)
    return np.clip(f.img, 0, 1)


def sticker_atlas() -> np.ndarray:
    """Every face in one (ATLAS_GRID * CELL)^2 RGB image (one texture for all discs)."""
    book = load_book()
    atlas = np.zeros((ATLAS_GRID * CELL, ATLAS_GRID * CELL, 3), dtype=np.float32)
    for key in sticker_keys():
        if key[0] == "ship":
            armada = book.by_id[key[1]]
            face = ship_face(armada, book.ship(key[1], key[2]), key[3] == "active")
        elif key[0] == "black_hole":
            face = black_hole_face()
        elif key[0] == "asteroid":
            face = asteroid_face()
        elif key[0] == "molten":
            face = molten_face()
        else:
            face = np.ones((CELL, CELL, 3), dtype=np.float32)
        r, c = cell_of(key)
        atlas[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL] = face
    return atlas


def ship_sheet(cell: int = 128) -> np.ndarray:
    """The armada sheets in pictures: one row per armada, the active face of each ship type,
    then the passive faces of those that have one, each drawn at its disc's size (a Base in a
    whole cell); docs/img/glonk-ships.png, for the README."""
    book = load_book()
    biggest = max(book.sizes[s.kind][0] for a in book.armadas for s in a.ships)
    rows = []
    for armada in book.armadas:
        row = [(s, True) for s in armada.ships] + [(s, False) for s in armada.ships if s.faces == 2]
        rows.append(row)
    cols = max(len(r) for r in rows)
    sheet = np.full((len(rows) * cell, cols * cell, 3), 0.11, dtype=np.float32)
    for r, (armada, row) in enumerate(zip(book.armadas, rows)):
        for c, (ship, active) in enumerate(row):
            size = int(round(cell * book.sizes[ship.kind][0] / biggest)) // 2 * 2
            face = np.where((Face(size).R <= 1.0)[..., None],
                            ship_face(armada, ship, active, size), 0.11)
            y0 = r * cell + (cell - size) // 2
            x0 = c * cell + (cell - size) // 2
            sheet[y0:y0 + size, x0:x0 + size] = face
    return sheet


def face_uv(key: tuple, su: float, sv: float) -> tuple[float, float]:
    """Texture coordinate of sticker point (su, sv) in [-1, 1]^2 of `key`'s cell."""
    r, c = cell_of(key)
    u = (c + 0.5 + 0.5 * su * FACE_FILL) / ATLAS_GRID
    v = 1 - (r + 0.5 - 0.5 * sv * FACE_FILL) / ATLAS_GRID
    return u, v


# --- Panda textures and PNG files ---------------------------------------------------------------

def to_uint8(img: np.ndarray) -> np.ndarray:
    return (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)


def to_texture(img: np.ndarray, name: str, mipmap: bool = True):
    """A Panda Texture from an RGB array (float in [0, 1] or uint8), top row first."""
    from panda3d.core import SamplerState, Texture

    data = img if img.dtype == np.uint8 else to_uint8(img)
    h, w = data.shape[:2]
    tex = Texture(name)
    tex.setup2dTexture(w, h, Texture.T_unsigned_byte, Texture.F_rgb8)
    tex.setRamImage(np.ascontiguousarray(data[::-1, :, ::-1]).tobytes())  # BGR, bottom row first
    tex.setWrapU(SamplerState.WM_clamp)
    tex.setWrapV(SamplerState.WM_clamp)
    tex.setMinfilter(SamplerState.FT_linear_mipmap_linear if mipmap else SamplerState.FT_linear)
    tex.setMagfilter(SamplerState.FT_linear)
    # No anisotropic filtering: under software GL (llvmpipe) it halves the frame rate.
    tex.setAnisotropicDegree(1)
    return tex


def write_png(img: np.ndarray, path: Path) -> None:
    from panda3d.core import Filename, PNMImage

    tex = to_texture(img, path.stem, mipmap=False)
    pnm = PNMImage()
    tex.store(pnm)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not pnm.write(Filename.fromOsSpecific(str(path))):
        raise OSError(f"could not write {path}")


def read_png(path: Path) -> np.ndarray | None:
    """RGB uint8 array (top row first) of a PNG, or None when it is missing or unreadable."""
    if not path.exists():
        return None
    from panda3d.core import Filename, PNMImage, Texture

    pnm = PNMImage()
    if not pnm.read(Filename.fromOsSpecific(str(path))):
        return None
    tex = Texture(path.stem)
    tex.load(pnm)
    arr = np.frombuffer(bytes(tex.getRamImageAs("RGB")), dtype=np.uint8)
    return arr.reshape(tex.getYSize(), tex.getXSize(), 3)[::-1].copy()


@lru_cache(maxsize=None)
def mat_pixels() -> np.ndarray:
    """The mat image (uint8, top row first): the committed PNG, else painted now."""
    img = read_png(MAT_PNG)
    return img if img is not None else to_uint8(mat_image())


@lru_cache(maxsize=None)
def sticker_pixels() -> np.ndarray:
    img = read_png(STICKER_PNG)
    expected = ATLAS_GRID * CELL
    if img is not None and img.shape[:2] == (expected, expected):
        return img
    return to_uint8(sticker_atlas())


def main() -> None:
    """Regenerate the committed PNGs."""
    if find_font() is None:
        print("warning: no TrueType font found; the images will have no words")
    write_png(mat_image(), MAT_PNG)
    write_png(sticker_atlas(), STICKER_PNG)
    written = [MAT_PNG, STICKER_PNG]
    docs = ASSET_DIR.parents[1] / "docs" / "img"
    if docs.is_dir():  # a source checkout: the README's picture of the ship types too
        write_png(ship_sheet(), docs / "glonk-ships.png")
        written.append(docs / "glonk-ships.png")
    for p in written:
        print(f"wrote {p} ({p.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
