"""Every physics tunable in one place (SI units: metres, kilograms, seconds, radians).

The values come from the measurements in FINDINGS.md: thin discs need a stiff contact
(`CONTACT_ERP`) and small steps (`SUBSTEPS`) so they neither sink into the mat nor pass
through each other at 3 m/s; resting discs stay out of the world (or asleep in it) until
something moving comes near, so they cost nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

#: Gravity (m/s^2), along -z; the mat is the plane z = 0.
GRAVITY = 9.81

#: Keep one private PyBullet client per thread and empty it for each flick (saves ~10 ms a
#: flick); False connects anew every time. Both give bit-identical motions.
REUSE_CONNECTION = True

#: Frame rate of the recorded motion and of rest detection (Hz).
FRAME_HZ = 240
#: Physics steps per frame: the solver runs at FRAME_HZ * SUBSTEPS = 1920 Hz, so a hit at 3 m/s
#: overlaps by at most 1.6 mm for one step before it is resolved (contacts are checked after
#: every step). Measured: at 960 Hz a lone disc flicked at 30 degrees curved to 31 and sank
#: 0.16 mm, at 480 Hz it sank 0.4 mm; at 1920 Hz it goes straight and sinks under 0.06 mm.
SUBSTEPS = 8
#: Record one pose sample every SAMPLE_EVERY frames (240 / 2 = 120 Hz playback data).
SAMPLE_EVERY = 2

#: Solver settings. FINDINGS: contact ERP 0.8 keeps a 6 mm disc within 0.1 mm of the mat.
#: Split impulses (for every penetration: threshold 0) push overlapping discs apart without
#: adding energy; contacts are processed only once they touch (processing threshold 0),
#: because Bullet's speculative contacts silently make a collision perfectly inelastic.
CONTACT_ERP = 0.8
SOLVER_ITERATIONS = 20
SPLIT_IMPULSE_THRESHOLD = 0.0
CONTACT_PROCESSING_THRESHOLD = 0.0
#: Extra distance (m), beyond what the fastest mover covers in two frames, within which
#: resting discs are put into the world and woken, and pairs are watched for contacts.
REACH_MARGIN = 0.005

#: Default surface properties (RULES-NOTES: sliding friction on the mat about 0.35).
#: `Disc.friction` is the disc's sliding friction ON THE MAT; `Disc.restitution` its
#: bounciness against another disc (Bullet multiplies the two discs' values: 0.9 * 0.9 = 0.81,
#: hard plastic). The mat does not bounce.
DEFAULT_FRICTION = 0.35
DEFAULT_RESTITUTION = 0.9
#: Bullet multiplies the two bodies' friction. A disc's own friction coefficient in Bullet is
#: `friction / MAT_FRICTION`, so disc-on-mat friction is `friction` while smooth disc rims
#: rub each other with only (0.35 / 2.5)^2 = 0.02.
MAT_FRICTION = 2.5
MAT_RESTITUTION = 0.0
#: Rolling and spinning friction of a disc on the mat (Bullet's units, metres). A flat disc
#: does not roll, and Bullet's rolling friction on a cylinder turns a straight slide into a
#: curve (a disc flicked at 30 degrees ended at 39), so it is off. A spinning disc is braked by
#: the sliding friction of its contact points, which already gives the textbook (4/3) mu g / R
#: for a flat disc; the spinning friction only adds a little.
ROLLING_FRICTION = 0.0
SPINNING_FRICTION = 0.0002

#: A disc is at rest when, frame after frame for REST_SECONDS, it moves slower than REST_SPEED
#: (m/s) and turns slower than REST_SPIN (rad/s), judged from its pose one frame to the next
#: (FINDINGS: single-instant tests fire too early; the solver's velocities jitter at rest).
REST_SPEED = 0.002
REST_SPIN = 0.5
REST_SECONDS = 0.1

#: A woken disc that ends within this distance (m) and angle (rad) of where it started did
#: not move: it is returned exactly as given.
STILL_DISTANCE = 1e-5
STILL_ANGLE = 1e-3

#: A pair of discs "touches" during motion when Bullet reports a contact point closer than
#: this (m) or a positive normal force between them.
TOUCH_DISTANCE = 0.0001
#: Two discs that already touched before the flick touch anew only when the normal force
#: between them exceeds SHOVE_FACTOR times their weight (a disc lying on another, or two
#: discs leaning on each other, press with at most their weight; a shove at 0.1 m/s is ~20x).
SHOVE_FACTOR = 3.0
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
