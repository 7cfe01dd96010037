"""The textbook 2D impulse model of a hit between two flat discs with rim friction (the oracle
the physics tests compare throw and English against; independent of physics/).

Disc 1 hits disc 2; `n` is the unit normal from 1's centre to 2's at contact, `t` = n turned
+90 degrees. The normal impulse is (1 + e) m1 m2 / (m1 + m2) times the closing speed. The
tangential impulse opposes the slip of the contact points (each point's velocity v + w x r),
capped by Coulomb friction: |Jt| <= mu Jn; when the cap is not reached the slip stops
(solid discs, I = m R^2 / 2: each unit of Jt changes the slip by 3 (1/m1 + 1/m2)).
"""
from __future__ import annotations

import math


def hit(m1, r1, v1, w1, m2, r2, v2, w2, n, e, mu):
    """Velocities (2-tuples) and spins (rad/s) of both discs right after the hit."""
    nx, ny = n
    tx, ty = -ny, nx
    c1 = (v1[0] + w1 * r1 * tx, v1[1] + w1 * r1 * ty)  # disc 1's contact point
    c2 = (v2[0] - w2 * r2 * tx, v2[1] - w2 * r2 * ty)  # disc 2's, on its -n side
    un = (c1[0] - c2[0]) * nx + (c1[1] - c2[1]) * ny
    ut = (c1[0] - c2[0]) * tx + (c1[1] - c2[1]) * ty
    jn = (1 + e) * m1 * m2 / (m1 + m2) * max(0.0, un)
    stick = ut / (3 / m1 + 3 / m2)
    jt = math.copysign(min(abs(stick), mu * jn), ut)
    px, py = jn * nx + jt * tx, jn * ny + jt * ty  # impulse on disc 2 (disc 1 gets -P)
    v1n = (v1[0] - px / m1, v1[1] - py / m1)
    v2n = (v2[0] + px / m2, v2[1] + py / m2)
    w1n = w1 - jt * r1 / (m1 * r1 * r1 / 2)
    w2n = w2 - jt * r2 / (m2 * r2 * r2 / 2)
    return v1n, w1n, v2n, w2n


def throw_and_spin(m1, r1, m2, r2, speed, spin, e, mu):
    """A dead-centre hit along +x by a disc spinning `spin`: the struck disc's direction
    (degrees from the line of centres) and spin."""
    _, _, (vx, vy), w2 = hit(m1, r1, (speed, 0.0), spin, m2, r2, (0.0, 0.0), 0.0, (1.0, 0.0),
                             e, mu)
    return math.degrees(math.atan2(vy, vx)), w2
