"""Every physics tunable in one place (SI units: metres, kilograms, seconds, radians).

The values come from the measurements in FINDINGS.md: thin discs need a stiff contact
(`CONTACT_ERP`) and small steps (`SUBSTEPS`) so they neither sink into the mat nor pass
through each other at 3 m/s; resting discs are put to sleep so they cost nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

#: Gravity (m/s^2), along -z; the mat is the plane z = 0.
GRAVITY = 9.81

#: Frame rate of the recorded motion and of rest detection (Hz).
FRAME_HZ = 240
#: Physics steps per frame; the solver runs at FRAME_HZ * SUBSTEPS Hz (contacts checked each).
SUBSTEPS = 4
#: Record one pose sample every SAMPLE_EVERY frames (240 / 2 = 120 Hz playback data).
SAMPLE_EVERY = 2

#: Solver settings (FINDINGS: ERP 0.8 keeps a 6 mm disc within 0.1 mm of the mat surface).
CONTACT_ERP = 0.8
SOLVER_ITERATIONS = 20
#: Bullet's contact breaking threshold is kept small because discs are a few mm thick.
CONTACT_BREAKING_THRESHOLD = 0.01

#: Default surface properties (RULES-NOTES: sliding friction on the mat about 0.35).
DEFAULT_FRICTION = 0.35
DEFAULT_RESTITUTION = 0.7
#: Rolling and spinning friction (coefficients in Bullet's units, metres).
ROLLING_FRICTION = 0.0002
SPINNING_FRICTION = 0.0008
#: Friction and restitution of the mat itself (Bullet multiplies the two bodies' values).
MAT_FRICTION = 1.0
MAT_RESTITUTION = 0.2
#: Disc-to-disc friction, as a fraction of the discs' friction (plastic on plastic).
DISC_DISC_FRICTION_SCALE = 0.6

#: A disc is at rest when its speed stays below REST_SPEED and its spin below REST_SPIN
#: for REST_SECONDS (FINDINGS: single-instant tests fire too early).
REST_SPEED = 0.002
REST_SPIN = 0.5
REST_SECONDS = 0.1

#: A pair of discs "touches" during motion when Bullet reports a contact point closer than
#: this (m) or a positive normal force between them.
TOUCH_DISTANCE = 0.0001
#: Gap under which two resting discs touch (RULES-NOTES: "a gap under 1 mm at rest").
TOUCH_AT_REST = 0.001

#: Storage grid of a Motion: positions in steps of 10 micrometres, quaternion components in
#: steps of 1/32767.
POSITION_QUANTUM = 1e-5
QUATERNION_SCALE = 32767

#: Largest flick speed the rules allow (m/s).
MAX_FLICK_SPEED = 3.0


@dataclass(frozen=True)
class PieceSize:
    """Default physical size of one kind of Glonk piece (RULES-NOTES)."""

    radius: float
    thickness: float
    mass: float


#: RULES-NOTES piece table (diameter halved to a radius), for benches, tests and the rules.
PIECE_SIZES: dict[str, PieceSize] = {
    "base": PieceSize(radius=0.0325, thickness=0.006, mass=0.020),
    "saucer": PieceSize(radius=0.020, thickness=0.005, mass=0.008),
    "kiboom": PieceSize(radius=0.015, thickness=0.005, mass=0.006),
    "black_hole": PieceSize(radius=0.040, thickness=0.004, mass=0.030),
    "asteroid": PieceSize(radius=0.0225, thickness=0.005, mass=0.012),
    "molten_mass": PieceSize(radius=0.0225, thickness=0.005, mass=0.012),
}
