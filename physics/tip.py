"""A disc tipped up on its rim by a hit: the 3D state a flat disc takes only after a violent hit.

Bullet holds the discs flat (they move in the plane); this module adds, from the impulse Bullet
resolved between two rims, what that impulse does about a horizontal axis. No Bullet here.

The rim. A disc's rim is a vertical band with a 45-degree chamfer of `config.RIM_CHAMFER` at
each face: the band runs from z + c to z + t - c (z: the lower face's height, t: thickness).
Two rims whose bands overlap in height press on each other horizontally over the overlap, at its
middle (`contact`): equal discs on one level meet at their centres' height, so the hit has no
moment about a horizontal axis at all, however hard or far off centre it is. Rims whose bands
miss each other (a disc lying on another, struck by one on the mat) meet chamfer to chamfer: the
force on the upper disc points up as much as away, on the lower one down.

The kick (`kick`). A disc resting on a support (the mat, or the disc it lies on) that receives a
horizontal impulse Jh, at height d above its centre of mass on the side it is struck, and a
vertical one Jv there, either keeps lying flat or starts turning about one edge of its lower
face: about the far edge (the struck side rises) or about the struck edge (the far side rises).
The support pushes up at that edge only (unilateral, without friction during the instant of the
hit); solving the rigid-body impulse with that constraint gives its turn rate
(I = m (3 R^2 + t^2) / 12 about a diameter):

    far edge:    w = (d Jh + 2 R Jv) / (I + m R^2),  if w > 0 and the edge is pushed, m w R >= Jv
    struck edge: w = d Jh / (I + m R^2),             if w < 0 and m |w| R >= Jv

(else the disc stays flat). A flat-mat hit between two 5 mm discs has d = 0 and Jv = 0: no turn.

The tip (`Tip`). The edge slides with the disc (its centre keeps the slide the mat model gives),
so the centre of mass moves straight up and down as the disc turns by a about that edge:
H(a) = L sin(phi0 + a) with L = hypot(R, t / 2), phi0 = atan2(t / 2, R), and
(I + m H'^2) a'' + m H' H'' a'^2 + m g H' = 0 (Lagrange), integrated with fixed RK4 steps. Past
standing on its rim (a = pi / 2) it rolls onto the band's other edge, the mirror image
(H(a) = H(pi - a)), and lands on its other face at a = pi: turned over. If it does not reach
the balance over its edge (H = L), it falls back flat at a = 0, the same face up. Whether it goes
over is decided by its energy: (I + m R^2) w^2 / 2 > m g (L - t / 2), what standing it on its
rim costs. Either way it lands and lies still on its face (the face's impact with the support is
taken as fully inelastic).
"""
from __future__ import annotations

import math

from . import config


def contact(za: float, ta: float, zb: float, tb: float,
            chamfer: float = config.RIM_CHAMFER) -> tuple[float, float]:
    """(h, slope) of a hit between the rims of two discs with lower faces at za and zb and
    thicknesses ta and tb: h is the height of the middle of the contact; slope the tangent of
    the contact normal's elevation, 0 when the bands overlap (a horizontal push), 1 when only
    chamfers meet (the upper disc is pushed up as much as away, the lower one down)."""
    lo = max(za, zb) + chamfer
    hi = min(za + ta, zb + tb) - chamfer
    if hi >= lo:
        return (lo + hi) / 2, 0.0
    if za + ta / 2 <= zb + tb / 2:
        return (za + ta - chamfer + zb + chamfer) / 2, 1.0
    return (zb + tb - chamfer + za + chamfer) / 2, 1.0


def kick(mass: float, radius: float, thickness: float, d: float, jh: float, jv: float) -> float:
    """Turn rate (rad/s) a hit gives a disc lying flat: horizontal impulse `jh` >= 0 (N s) and
    vertical `jv` (up positive) at height `d` (m) above its centre on its struck side. Positive:
    the struck side rises (it turns about its far edge); negative: the far side rises (about the
    struck edge); 0: it stays flat."""
    i = mass * (3 * radius * radius + thickness * thickness) / 12
    a = i + mass * radius * radius
    w = (d * jh + 2 * radius * jv) / a
    if w > 0 and mass * w * radius >= jv:
        return w
    w = d * jh / a
    if w < 0 and -mass * w * radius >= jv:
        return w
    return 0.0


def tip_energy(mass: float, radius: float, thickness: float, w: float) -> float:
    """Fraction of what standing the disc on its rim costs that a turn rate `w` from flat
    carries (over 1: it turns over)."""
    i = mass * (3 * radius * radius + thickness * thickness) / 12
    rise = math.hypot(radius, thickness / 2) - thickness / 2
    return 0.5 * (i + mass * radius * radius) * w * w / (mass * config.GRAVITY * rise)


def kicks(a: tuple[float, float, float], b: tuple[float, float, float], da: float, db: float,
          slope: float, jh: float, a_upper: bool) -> tuple[float, float, float]:
    """Turn rates of two discs (mass, radius, thickness) a and b from one hit in which Bullet,
    holding them flat, exchanged the horizontal impulse `jh`; da, db: the contact's height
    above each centre; `slope`: of the contact normal (`contact`), which pushes the upper disc
    up and the lower one down.

    Along a sloping normal the rims exchange less than Bullet's horizontal impulse, since the
    upper disc gives way upwards at its struck side: the impulse along the normal is
    jh cos(b) (1/ma + 1/mb) / (ka + kb), where k is how fast each rim's contact point moves
    along the normal per unit impulse there (its translation, plus its turn about the edge it
    turns about, if any). Returns (wa, wb, the horizontal part of that impulse)."""
    cos_b = 1.0 / math.sqrt(1.0 + slope * slope)
    sin_b = slope * cos_b
    out, ks = [], []
    for (m, r, t), d, up in ((a, da, a_upper), (b, db, not a_upper)):
        sv = sin_b if up else -sin_b
        w1 = kick(m, r, t, d, cos_b, sv)  # per unit impulse along the normal
        k = cos_b * (cos_b / m + w1 * d)
        if w1 > 0:
            k += sv * 2 * r * w1  # about the far edge, the struck side rises at 2 w R
        out.append(w1)
        ks.append(k)
    p = jh * cos_b * (1 / a[0] + 1 / b[0]) / (ks[0] + ks[1])
    return out[0] * p, out[1] * p, p * cos_b


class Tip:
    """One disc turning about an edge of its lower face.

    `ex`, `ey`: unit vector, in the plane, from the disc's centre to that edge; `a`: the angle
    turned (0 flat, pi turned over); `rate`: da/dt. `step(dt)` advances it; `done` is None while
    it turns, then "flat" (it fell back) or "over" (it landed on its other face)."""

    __slots__ = ("ex", "ey", "a", "rate", "done", "_m", "_i", "_l", "_phi0", "_g")

    def __init__(self, mass: float, radius: float, thickness: float, ex: float, ey: float,
                 rate: float):
        self.ex, self.ey = ex, ey
        self.a = 0.0
        self.rate = rate
        self.done: str | None = None
        self._m = mass
        self._i = mass * (3 * radius * radius + thickness * thickness) / 12
        self._l = math.hypot(radius, thickness / 2)
        self._phi0 = math.atan2(thickness / 2, radius)
        self._g = config.GRAVITY

    def height(self, a: float | None = None) -> float:
        """Height of the centre of mass above the support (t / 2 when flat)."""
        a = self.a if a is None else a
        if a > math.pi / 2:
            a = math.pi - a
        return self._l * math.sin(self._phi0 + a)

    def _accel(self, a: float, rate: float) -> float:
        mirror = a > math.pi / 2
        b = math.pi - a if mirror else a
        c, s = math.cos(self._phi0 + b), math.sin(self._phi0 + b)
        h1 = self._l * c * (-1.0 if mirror else 1.0)  # dH/da
        h2 = -self._l * s  # d2H/da2 (the same on both sides)
        m = self._m
        return -(m * h1 * h2 * rate * rate + m * self._g * h1) / (self._i + m * h1 * h1)

    def step(self, dt: float, substeps: int = config.TIP_SUBSTEPS):
        h = dt / substeps
        for _ in range(substeps):
            if self.done is not None:
                return
            a, v = self.a, self.rate
            k1a, k1v = v, self._accel(a, v)
            k2a, k2v = v + 0.5 * h * k1v, self._accel(a + 0.5 * h * k1a, v + 0.5 * h * k1v)
            k3a, k3v = v + 0.5 * h * k2v, self._accel(a + 0.5 * h * k2a, v + 0.5 * h * k2v)
            k4a, k4v = v + h * k3v, self._accel(a + h * k3a, v + h * k3v)
            self.a = a + h / 6 * (k1a + 2 * k2a + 2 * k3a + k4a)
            self.rate = v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if self.a <= 0.0:
                self.a, self.rate, self.done = 0.0, 0.0, "flat"
            elif self.a >= math.pi:
                self.a, self.rate, self.done = math.pi, 0.0, "over"

    def quaternion(self) -> tuple[float, float, float, float]:
        """Rotation (x, y, z, w) by the angle turned, about the horizontal axis z x e."""
        s, c = math.sin(self.a / 2), math.cos(self.a / 2)
        return (-self.ey * s, self.ex * s, 0.0, c)


def compose(q1, q2) -> tuple[float, float, float, float]:
    """Quaternion product q1 q2 (x, y, z, w): q2 first, then q1."""
    x1, y1, z1, w1 = q1
    x2, y2, z2, w2 = q2
    return (w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
            w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
            w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2)
