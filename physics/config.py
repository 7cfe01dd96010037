"""Every physics tunable in one place (SI units: metres, kilograms, seconds, radians).

The values come from the measurements in FINDINGS.md and bench/physics.py: discs slide on the
mat by the uniform-pressure friction model in `physics.mat`; Bullet steps only the frames in
which discs may touch, in small steps (`SUBSTEPS`) with a stiff contact (`CONTACT_ERP`) so
they do not pass through each other at 3 m/s; resting discs stay out of the world (or asleep
in it) until something moving comes near, so they cost nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

#: Version of the physics: what a recorded Motion was made by. It changes whenever the same
#: flick on the same discs may give a different Motion; records store it in their headers.
#: 1: Bullet's contact friction on a plane mat. 2: the mat's friction by `physics.mat`, discs
#: kept flat, Bullet only for hits between discs. 3: disc rims rub each other with
#: RIM_FRICTION (0.3) instead of 0.02, so spin throws and spins a struck disc. 4: a hit can tip
#: a disc up on its rim and turn it over (`physics.tip`; a disc lying on another, struck by one
#: whose rim band misses its own); discs on one level, as every Glonk position has them, move
#: exactly as in 3.
VERSION = 4
#: The physics versions this program can simulate (`simulate(..., version=N)`): a record keeps
#: the version its flicks were made by, and new flicks from it are simulated by that version,
#: so a branch or a check of an old record is the same physics as its stored motions.
VERSIONS = (4, 5)

#: Gravity (m/s^2), along -z; the mat is the plane z = 0. It presses a disc on the mat (its
#: friction); Bullet's world has none, since discs move in the plane.
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

#: Solver settings. Contact ERP 0.8 resolves an overlap within a few steps.
#: Split impulses (for every penetration: threshold 0) push overlapping discs apart without
#: adding energy; contacts are processed only once they touch (processing threshold 0),
#: because Bullet's speculative contacts silently make a collision perfectly inelastic.
#: Bullet's default restitution threshold (0.2 m/s) made every gentler hit fully plastic.
CONTACT_ERP = 0.8
SOLVER_ITERATIONS = 10
SPLIT_IMPULSE_THRESHOLD = 0.0
CONTACT_PROCESSING_THRESHOLD = 0.0
RESTITUTION_THRESHOLD = 0.001
#: Extra distance (m), beyond what the fastest mover covers in two frames, within which
#: resting discs are put into the world and woken, and pairs are watched for contacts.
REACH_MARGIN = 0.001
#: Once everything is still, discs still overlapping by more than SETTLE_OVERLAP (m) are
#: stepped (for at most SETTLE_FRAMES frames) until Bullet has pushed them apart.
SETTLE_OVERLAP = 0.00002
SETTLE_FRAMES = 24
#: Height (m) of every disc's rim in Bullet, whatever its thickness: discs stay on their
#: level, so only the rim's outline matters, and equal rims meet square.
RIM_HEIGHT = 0.005
#: Rims are a vertical band with a 45-degree chamfer of RIM_CHAMFER (m) at each face (the edge
#: break of a moulded or turned plastic counter, 0.5 to 1 mm): the band decides where two rims
#: press on each other (`physics.tip.contact`), so whether a hit can tip a disc up.
RIM_CHAMFER = 0.0008
#: A hit gives a disc a 3D state (tipping about an edge, `physics.tip.Tip`) only when the turn
#: rate it gets carries at least TIP_MIN of what standing it on its rim costs (a rock of about
#: 2.5 degrees or more); below that the disc is kept flat, as every disc is between hits.
TIP_MIN = 0.05
#: RK4 steps per frame of a tipping disc's turn.
TIP_SUBSTEPS = 8
#: How far (m) a disc's centre may drift from its height in Bullet before it is put back.
HEIGHT_SLACK = 1e-7

#: Default surface properties (RULES-NOTES: sliding friction on the mat about 0.35).
#: `Disc.friction` is the disc's sliding friction ON THE MAT; `Disc.restitution` its
#: bounciness against another disc (Bullet multiplies the two discs' values: 0.9 * 0.9 = 0.81,
#: hard plastic).
DEFAULT_FRICTION = 0.35
DEFAULT_RESTITUTION = 0.9
#: Friction between two disc rims (kinetic): 0.3, moulded plastic against itself. Source:
#: Shackelford, CRC Materials Science and Engineering Handbook (2001), table "Selecting
#: coefficients of static friction for polymers (against self)": ABS-polycarbonate 0.2, cast
#: nylon 6 0.32 (dynamic), polycarbonate 0.52 (static; kinetic values are lower). Physics 2 had
#: 0.02, a leftover from when Bullet also held the mat, which made spin nearly cosmetic in hits.
#: With 0.3 a saucer spinning at 30 rad/s hitting an equal one dead centre at 2 m/s throws it
#: 3.2 degrees and spins it 10 rad/s, as the 2D impulse model (and MuJoCo) says; see
#: physics/README.md. Bullet multiplies the two bodies' coefficients, so each body gets the
#: square root.
RIM_FRICTION = 0.3

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
