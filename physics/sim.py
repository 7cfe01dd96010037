"""simulate(): one flick, recorded as a Motion. Discs slide on the mat by the textbook; Bullet
resolves the hits between them.

Why it is built this way (FINDINGS.md and the measurements in config.py):
- The mat is not a Bullet body. A flat disc's friction with the mat is `physics.mat`'s
  uniform-pressure model (slide and spin decay together, no sideways force), applied by this
  module. Bullet's own contact friction on a plane bent spinning slides, stopped spins early and
  shortened slides at an angle to the world axes.
- Discs move in the plane in Bullet: there is no gravity and no mat in its world, and every
  disc has no inertia about horizontal axes (`localInertiaDiagonal` (0, 0, I)), so Bullet can
  neither tilt nor lift one. What a hit does about a horizontal axis is `physics.tip`'s: from
  the impulse Bullet resolved and where the two rims press (bands side by side: horizontally,
  at the middle of their overlap; chamfers only: sloping), a disc turned hard enough gets a
  3D state, turning about an edge until it lies flat again or on its other face. Equal discs
  on one level press at their centres' height, so no hit on the mat tips them. A disc that
  starts lying on another keeps its height while it is supported, and drops flat onto what is
  below once it is not; Bullet collides it only with discs whose rims reach its own.
- A frame in which no two discs can meet (the movers' travel is less than the smallest gap)
  does not touch Bullet at all: the movers slide by the model alone. Only frames in which two
  discs may touch are stepped in Bullet, at FRAME_HZ * SUBSTEPS, with the mat's friction
  applied after every step, split impulses and a restitution threshold low enough that a
  0.05 m/s tap still bounces.
- A fresh world per call (a private DIRECT client, emptied), built from the caller's
  snapshot, with `deterministicOverlappingPairs`, gives bit-identical results; branching
  with `restoreState` would not. Adding a body costs ~0.3 ms, so a disc enters the world only
  when something may touch it within the frame.
"""
from __future__ import annotations

import math
import os
import threading
from typing import Callable, Mapping, Sequence

import numpy as np

from . import config
from .mat import slide_and_spin
from .tip import Tip, compose, contact, kicks, tip_energy
from .motion import Contact, Disc, Flick, Motion, is_upside_down, quantise_poses, yaw_of

class _QuietStdout:
    """Send C-level stdout to /dev/null for a moment: pybullet prints its "build time" line
    when it connects, which would end up inside the command line's `--json` output.

    The file descriptor is the process's, so threads connecting at once (the viewer's ghost
    path, its motion check, a flick being simulated) take turns: otherwise one could save the
    other's /dev/null as "the" stdout and leave it there for good."""

    _turn = threading.Lock()

    def __init__(self, fd: int = 1):
        self.fd = fd

    def __enter__(self):
        import sys

        self._turn.acquire()
        self.saved = None
        try:
            (sys.stdout if self.fd == 1 else sys.stderr).flush()
            self.saved = os.dup(self.fd)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.fd)
            os.close(devnull)
        except (OSError, ValueError, AttributeError):  # no real stdout: nothing to hide
            self.saved = None
        return self

    def __exit__(self, *exc):
        try:
            if self.saved is not None:
                try:
                    import ctypes

                    ctypes.CDLL(None).fflush(None)  # flush C's buffer into /dev/null
                except (OSError, AttributeError):
                    pass
                os.dup2(self.saved, self.fd)
                os.close(self.saved)
        finally:
            self._turn.release()
        return False


with _QuietStdout(fd=2):  # pybullet prints its build time on stderr when first imported
    import pybullet as pb




_EMPTY: Mapping[str, frozenset[str]] = {}
_clients = threading.local()


def _fresh_world() -> int:
    """A private DIRECT client holding an empty world.

    Connecting costs ~5-10 ms, so each thread keeps its own client and empties it with
    `resetSimulation`, which deletes every body and rebuilds the dynamics world: the results are
    bit-identical to a new connection (tests/test_physics.py checks it). Never the global
    default client, never `restoreState`.
    """
    if config.REUSE_CONNECTION:
        cid = getattr(_clients, "cid", None)
        if cid is not None and _clients.pid == os.getpid() and pb.isConnected(cid):
            pb.resetSimulation(physicsClientId=cid)
            return cid
    with _QuietStdout():
        cid = pb.connect(pb.DIRECT)
    if config.REUSE_CONNECTION:
        _clients.cid, _clients.pid = cid, os.getpid()
    return cid


def disc_quaternion(yaw: float, upside_down: bool) -> tuple[float, float, float, float]:
    """Quaternion (x, y, z, w) of a flat disc turned by `yaw`, flipped when upside down."""
    c, s = math.cos(yaw / 2), math.sin(yaw / 2)
    if upside_down:  # Rz(yaw) * Rx(pi)
        return (c, s, 0.0, 0.0)
    return (0.0, 0.0, s, c)


#: Sampled frames after which a run's first frames are handed to `on_frames` (at 120 Hz:
#: 1/40 s, then twice as long each time, up to 0.4 s): enough for a window to start playing
#: while the rest is simulated, at the cost of a few small copies.
STREAM_AT = (3, 6, 12, 24, 48)


def simulate(discs: Sequence[Disc], flick: Flick, *,
             vanish_on_touch: Mapping[str, frozenset[str]] = _EMPTY,
             table_radius: float | None = None, max_seconds: float = 20.0,
             all_awake: bool = False,
             on_frames: Callable[[Motion], None] | None = None,
             version: int = config.VERSION) -> Motion:
    """Flick `flick.piece` among `discs` and record everything until all discs rest.

    `vanish_on_touch[a]` holds ids that make disc `a` leave the simulation the moment it
    touches one of them. With `table_radius`, a disc whose centre goes further than that from
    the origin falls off the table: it leaves the simulation and is listed in `left_table`.
    The run stops after `max_seconds` even if something still moves. `all_awake` keeps every
    disc awake for the whole run (slow; only for measuring what sleeping saves).

    `on_frames(first)` is called, on this thread, with the motion's first frames while the
    rest is simulated (after each count of samples in STREAM_AT): a Motion of those frames
    only (no contacts, no final discs, `duration` its last time), bit-equal to the start of
    the one returned. It is not called once a disc has vanished or left the table (whoever
    streams need not know what a vanishing changes next).

    `version` is the physics version to simulate by (one of `config.VERSIONS`): a record's
    flicks are simulated by the version that made its stored motions; ValueError for another.
    """
    check_version(version)
    return _World(discs, flick, vanish_on_touch, table_radius, max_seconds, all_awake,
                  on_frames).run()


def check_version(version) -> None:
    """ValueError naming `version` and the versions this program has, unless it has it."""
    if type(version) is not int or version not in config.VERSIONS:
        have = " and ".join(str(v) for v in config.VERSIONS)
        raise ValueError(f"physics version {version!r} is not one this program has "
                         f"(it simulates {have})")


def warm_up() -> None:
    """Ready this thread for its first flick: connect its PyBullet client and simulate one
    two-disc hit. A thread's first `simulate` pays for both (20-50 ms on 2 cores, 170 ms
    measured in a window drawing beside it): a viewer runs this on its job threads when a
    position with flicks opens, so the first flick a player makes shows as soon as later
    ones do."""
    size = config.PIECE_SIZES["saucer"]
    simulate([Disc("a", size.radius, size.thickness, size.mass, 0.0, 0.0),
              Disc("b", size.radius, size.thickness, size.mass, 3 * size.radius, 0.0)],
             Flick("a", 0.0, 0.5))


class _World:
    def __init__(self, discs, flick, vanish_on_touch, table_radius, max_seconds, all_awake,
                 on_frames=None):
        self.on_frames = on_frames
        ids = [d.id for d in discs]
        if len(set(ids)) != len(ids):
            raise ValueError("disc ids must be unique")
        if flick.piece not in ids:
            raise ValueError(f"flicked piece {flick.piece!r} is not among the discs")
        unknown = (set(vanish_on_touch) | {b for v in vanish_on_touch.values() for b in v}) - set(ids)
        if unknown:
            raise ValueError(f"vanish_on_touch names unknown discs: {sorted(unknown)}")
        self.discs = tuple(discs)
        self.ids = tuple(ids)
        self.flick = flick
        self.n = n = len(discs)
        self.piece = ids.index(flick.piece)
        self.vanish = {ids.index(a): {ids.index(b) for b in bs}
                       for a, bs in vanish_on_touch.items()}
        self.table_radius = table_radius
        self.max_seconds = float(max_seconds)
        self.all_awake = all_awake
        self.radius = np.array([d.radius for d in discs])
        self.r = [d.radius for d in discs]
        self.mu_g = [(config.DEFAULT_FRICTION if d.friction is None else d.friction)
                     * config.GRAVITY for d in discs]
        # Each disc's state, kept here (Python floats): the world is the truth only for discs
        # stepped in Bullet this frame (`synced`).
        self.x = [d.x for d in discs]
        self.y = [d.y for d in discs]
        self.yaw = [d.yaw for d in discs]
        self.z = [d.z for d in discs]  # lower face above the mat
        self.vx = [0.0] * n
        self.vy = [0.0] * n
        self.w = [0.0] * n
        self.synced = [True] * n
        self.turned = [False] * n  # whether yaw changed (the pose's quaternion is rebuilt)
        self.up = [d.upside_down for d in discs]  # which face is down now (a tip may turn it)
        self.tip: list[Tip | None] = [None] * n  # a disc turning about an edge after a hit
        self.tipping: list[int] = []
        self._rims: dict[tuple[int, int], tuple | None] = {}
        self.kicked: set[tuple[int, int]] = set()  # pairs that kicked, until they come apart
        self.hits: dict[tuple[int, int], list] = {}  # hits being summed: [impulse, frames]

    # --- world ---------------------------------------------------------------------------

    def _build(self):
        cid = _fresh_world()
        self.cid = cid
        pb.setPhysicsEngineParameter(
            numSubSteps=0, numSolverIterations=config.SOLVER_ITERATIONS,
            deterministicOverlappingPairs=1, contactERP=config.CONTACT_ERP,
            useSplitImpulse=1, splitImpulsePenetrationThreshold=config.SPLIT_IMPULSE_THRESHOLD,
            restitutionVelocityThreshold=config.RESTITUTION_THRESHOLD,
            physicsClientId=cid)
        pb.setPhysicsEngineParameter(fixedTimeStep=1.0 / (config.FRAME_HZ * config.SUBSTEPS),
                                     physicsClientId=cid)
        pb.setGravity(0, 0, 0, physicsClientId=cid)
        self.shapes: dict[tuple[float, float], int] = {}
        self.visual: int | None = None
        self.body: list[int | None] = [None] * self.n
        pose = np.zeros((self.n, 7))
        for i, d in enumerate(self.discs):
            pose[i, :3] = (d.x, d.y, d.z + d.thickness / 2)
            pose[i, 3:] = disc_quaternion(d.yaw, d.upside_down)
        self.pose = pose

    def _create(self, i):
        """Put disc i into the world where it lies now (a flat disc: turning about the
        vertical axis only, no gravity, no mat)."""
        d, cid = self.discs[i], self.cid
        key = d.radius
        if key not in self.shapes:
            # Every disc on one level has the same height in Bullet: rims of different
            # heights made Bullet's contact normals lean (a head-on hit went 1-2 degrees off).
            self.shapes[key] = pb.createCollisionShape(
                pb.GEOM_CYLINDER, radius=d.radius, height=config.RIM_HEIGHT, physicsClientId=cid)
        if self.visual is None:
            # A token visual shape: given none, PyBullet makes one for its software renderer
            # from the collision shape, building a convex hull of the cylinder, which was
            # two thirds of the cost of adding a disc (0.49 ms; 0.17 ms with this). Nothing
            # draws it, and it takes no part in the dynamics.
            self.visual = pb.createVisualShape(pb.GEOM_BOX, halfExtents=(1e-4, 1e-4, 1e-4),
                                               physicsClientId=cid)
        b = pb.createMultiBody(d.mass, self.shapes[key], self.visual,
                               basePosition=self._body_position(i),
                               baseOrientation=tuple(self.pose[i, 3:]),
                               useMaximalCoordinates=True, physicsClientId=cid)
        pb.changeDynamics(
            b, -1, mass=d.mass, localInertiaDiagonal=(0.0, 0.0, d.mass * d.radius ** 2 / 2),
            lateralFriction=math.sqrt(config.RIM_FRICTION),  # Bullet multiplies the two
            restitution=config.DEFAULT_RESTITUTION if d.restitution is None else d.restitution,
            rollingFriction=0.0, spinningFriction=0.0,
            linearDamping=0.0, angularDamping=0.0,
            contactProcessingThreshold=config.CONTACT_PROCESSING_THRESHOLD,
            activationState=pb.ACTIVATION_STATE_DISABLE_SLEEPING, physicsClientId=cid)
        self.body[i] = b
        if self.raised:
            self._filter(i, created=True)
        self.awake[i] = True
        self.synced[i] = not self._moving(i)
        if not self.synced[i]:
            self._push(i)

    def _body_position(self, i) -> tuple[float, float, float]:
        # Every disc lies at one height in Bullet; which discs' rims can meet, whatever their
        # levels, is the collision filter's (`_filter`).
        return (self.x[i], self.y[i], config.RIM_HEIGHT / 2)

    def _meet(self, i: int, k: int) -> bool:
        """Whether the rims of discs i and k can meet: they span heights in common."""
        a, b = self.discs[i], self.discs[k]
        return min(self.z[i] + a.thickness, self.z[k] + b.thickness) - max(self.z[i], self.z[k]) > 1e-9

    def _filter(self, i: int, created: bool):
        """Let Bullet collide disc i only with the discs whose rims it can meet. Only discs
        lying on others need it (discs on the mat all meet): for a disc just created, against
        the raised ones, or, for a raised disc or one whose level changed, against all."""
        if self.body[i] is None:
            return
        others = range(self.n) if (self.z[i] > 0 or not created) else self.raised
        for k in others:
            if k == i or self.body[k] is None or self.gone[k]:
                continue
            meet = self._meet(i, k)
            if created and meet:
                continue
            pb.setCollisionFilterPair(self.body[i], self.body[k], -1, -1, int(meet),
                                      physicsClientId=self.cid)

    def _moving(self, i) -> bool:
        return self.vx[i] != 0.0 or self.vy[i] != 0.0 or self.w[i] != 0.0

    def _push(self, i):
        """Give Bullet disc i's pose and velocity as kept here."""
        b, cid = self.body[i], self.cid
        pb.resetBasePositionAndOrientation(b, self._body_position(i), tuple(self.pose[i, 3:]),
                                           physicsClientId=cid)
        pb.resetBaseVelocity(b, (self.vx[i], self.vy[i], 0.0), (0.0, 0.0, self.w[i]),
                             physicsClientId=cid)
        self.synced[i] = True

    def _sleep(self, i):
        pb.resetBaseVelocity(self.body[i], (0, 0, 0), (0, 0, 0), physicsClientId=self.cid)
        pb.changeDynamics(self.body[i], -1, activationState=pb.ACTIVATION_STATE_SLEEP,
                          physicsClientId=self.cid)
        self.awake[i] = False

    def _wake(self, i):
        if self.body[i] is None:
            self._create(i)
            return
        if not self.awake[i]:
            pb.changeDynamics(self.body[i], -1, activationState=pb.ACTIVATION_STATE_WAKE_UP,
                              physicsClientId=self.cid)
            self.awake[i] = True
        if not self.synced[i]:
            self._push(i)

    # --- run -----------------------------------------------------------------------------

    def run(self) -> Motion:
        self._build()
        try:
            return self._run()
        finally:
            if not config.REUSE_CONNECTION:
                pb.disconnect(self.cid)  # (a reused client is emptied by the next flick)

    def _run(self) -> Motion:
        n = self.n
        self.awake = [False] * n
        self.ever_moved = [False] * n
        # Discs that left: a list for the loops, the same as an array for the gap sums.
        self.gone = [False] * n
        self.gone_mask = np.zeros(n, dtype=bool)
        self.raised = [i for i in range(n) if self.z[i] > 0]  # lying on another disc
        f = self.flick
        p = self.piece
        self.vx[p] = f.speed * math.cos(f.angle)
        self.vy[p] = f.speed * math.sin(f.angle)
        self.w[p] = f.spin
        movers = {p} if self._moving(p) else set()
        if self.all_awake:
            for i in range(n):
                self._wake(i)

        frame_dt = 1.0 / config.FRAME_HZ
        # Pairs already touching before the flick are not new contacts until they push on
        # each other or come apart and meet again.
        self.touching_before = self._initially_touching()
        self.touching: set[tuple[int, int]] = set(self.touching_before)
        self.contacts: list[Contact] = []
        self.vanished: list[tuple[str, float]] = []
        left_table: list[tuple[str, float]] = []

        frames = [self.pose.copy()]
        ticks = [0]
        max_frames = int(math.ceil(self.max_seconds * config.FRAME_HZ))
        clear = 0.0  # how far the movers may still travel, together, before two discs can meet
        settle = []  # discs last stepped in Bullet, checked for overlaps once all is still
        settle_frames = 0
        frame = 0
        while True:
            frame += 1
            speeds = [math.hypot(self.vx[i], self.vy[i]) for i in movers]
            vmax = max(speeds, default=0.0)
            travel = 2.0 * sum(speeds) * frame_dt
            pairs = []
            if self.all_awake:
                stepped = [i for i in range(n) if not self.gone[i]]
                pairs = self._pairs_within(np.ones(n, dtype=bool), 2.0 * vmax * frame_dt
                                           + config.REACH_MARGIN)
            elif movers and travel + config.REACH_MARGIN >= clear:
                reach = 2.0 * vmax * frame_dt + config.REACH_MARGIN
                mask = np.zeros(n, dtype=bool)
                mask[list(movers)] = True
                pairs, clear = self._pairs_in_reach(mask, reach, reach)
                stepped = sorted(movers.union(*pairs)) if pairs else []
            else:
                stepped = []
            if not movers and settle:
                # Everything is still: discs left overlapping by the last hits are stepped
                # (without moving) until Bullet has pushed them apart.
                stepped = self._overlapping(settle) if settle_frames < config.SETTLE_FRAMES else []
                settle_frames += 1
                if not stepped:
                    settle = []
            if stepped:
                clear = 0.0
                self._bullet_frame(frame, stepped, pairs)
                settle = stepped
            else:
                clear -= travel / 2.0
                for i in movers:
                    self._slide(i, frame_dt)
                if self.hits:  # a hit summed in the last Bullet frame kicks now
                    self._hits({})
            moved = stepped or movers
            for i in moved:
                if self.gone[i]:
                    continue
                self.ever_moved[i] = True
                self.pose[i, 0] = self.x[i]
                self.pose[i, 1] = self.y[i]
                if self.turned[i]:
                    self.pose[i, 3:] = disc_quaternion(self.yaw[i], self.up[i])
                    self.turned[i] = False
                if (self.table_radius is not None
                        and math.hypot(self.x[i], self.y[i]) > self.table_radius):
                    self._remove(i)
                    left_table.append((self.ids[i], frame * frame_dt))
            if moved and self.raised:
                self._drop_unsupported()
            if self.tipping:
                self._turn_tips(frame_dt)
            movers = {i for i in moved if not self.gone[i] and self._moving(i)}
            movers.update(self.tipping)
            if movers:
                settle_frames = 0
            done = not movers and not settle
            if frame % config.SAMPLE_EVERY == 0 or done or frame >= max_frames:
                frames.append(self._tipped(self.pose.copy()) if self.tipping else self.pose.copy())
                ticks.append(frame)
            if done or frame >= max_frames:
                break
            if self.on_frames is not None and len(frames) in STREAM_AT and ticks[-1] == frame:
                if self.vanished or left_table:
                    self.on_frames = None
                else:
                    self.on_frames(self._first_frames(frames, ticks))

        final = tuple(self._final_disc(i) for i in range(n) if not self.gone[i])
        first = next((c for c in self.contacts if c.involves(f.piece)), None)
        return self._motion(frames, ticks, contacts=tuple(self.contacts), first_contact=first,
                            vanished=tuple(self.vanished), final=final,
                            left_table=tuple(left_table))

    def _first_frames(self, frames, ticks) -> Motion:
        """The frames sampled so far as a Motion (what `on_frames` gets)."""
        return self._motion(frames, ticks, contacts=(), first_contact=None, vanished=(), final=())

    def _motion(self, frames, ticks, **outcome) -> Motion:
        """A Motion of the frames sampled at `ticks`, with what the run came to (`outcome`)."""
        times = np.array(ticks, dtype=np.float64) / config.FRAME_HZ
        return Motion(ids=self.ids, times=times, poses=quantise_poses(np.stack(frames)),
                      duration=float(times[-1]), piece=self.flick.piece,
                      frame_hz=float(config.FRAME_HZ), **outcome)

    def _slide(self, i: int, dt: float):
        """Disc i slides and spins freely on the mat for dt (the model in `physics.mat`)."""
        vx, vy, w = self.vx[i], self.vy[i], self.w[i]
        speed = math.hypot(vx, vy)
        new_speed, new_w, slid, turned = slide_and_spin(speed, w, self.r[i], self.mu_g[i], dt)
        if speed > 0.0:
            ux, uy = vx / speed, vy / speed
            self.x[i] += ux * slid
            self.y[i] += uy * slid
            self.vx[i], self.vy[i] = ux * new_speed, uy * new_speed
        if turned:
            self.yaw[i] += turned
            self.turned[i] = True
        self.w[i] = new_w
        self.synced[i] = False

    def _bullet_frame(self, frame: int, stepped: list[int], pairs: list[tuple[int, int]]):
        """One frame in Bullet for the discs that may touch: SUBSTEPS steps, each followed by
        the mat's friction; contacts are recorded as they start.

        A resting disc that is not yet in the world enters it only in the step before
        something could reach it (adding a body is the costliest thing here)."""
        cid = self.cid
        stepped_set = set(stepped)
        world = [k for k in stepped if self.body[k] is not None or self._moving(k)]
        for k in world:
            self._wake(k)
        if not self.all_awake:
            for k in range(self.n):
                if self.awake[k] and k not in stepped_set and not self.gone[k]:
                    self._sleep(k)
        # Discs still outside the world, with the gaps (at the start of the frame) to the
        # discs that may reach them.
        waiting: dict[int, list[tuple[int, float]]] = {}
        for i, j in pairs:
            for a, b in ((i, j), (j, i)):
                if self.body[a] is None:
                    g = (math.hypot(self.x[a] - self.x[b], self.y[a] - self.y[b])
                         - self.r[a] - self.r[b])
                    waiting.setdefault(a, []).append((b, g))
        travelled = dict.fromkeys(world, 0.0)
        checked = {(i, j) for i, j in pairs
                   if self.body[i] is not None and self.body[j] is not None}
        doomed = [(i, j) for i, j in pairs
                  if j in self.vanish.get(i, ()) or i in self.vanish.get(j, ())]
        sub_hz = config.FRAME_HZ * config.SUBSTEPS
        dt = 1.0 / sub_hz
        gone, body, r, mu_g = self.gone, self.body, self.r, self.mu_g
        vxs, vys, ws = self.vx, self.vy, self.w
        get_contacts, get_velocity = pb.getContactPoints, pb.getBaseVelocity
        set_velocity, hypot = pb.resetBaseVelocity, math.hypot
        touch_distance = config.TOUCH_DISTANCE
        live = [k for k in world if not gone[k]]
        pushed: dict[tuple[int, int], float] = {}  # normal impulse of the pairs a hit may tip
        tippable = {pq for pq in pairs if self._rim(*pq) is not None}
        # The pairs whose contacts are read after each step, in the order of `pairs` (it
        # changes only when a waiting disc enters the world).
        watched = [pq for pq in pairs if pq in checked]
        for s in range(config.SUBSTEPS):
            t = ((frame - 1) * config.SUBSTEPS + s + 1) / sub_hz
            if waiting:
                # What may reach a waiting disc within this step: anything in the world, at
                # up to twice the fastest speed now (a disc struck in the step may go faster).
                step = 2.0 * dt * max((math.hypot(self.vx[k], self.vy[k]) for k in live),
                                      default=0.0) + config.REACH_MARGIN
                for a in sorted(waiting):
                    if any(b in travelled and not self.gone[b] and g - travelled[b] <= step
                           for b, g in waiting[a]):
                        del waiting[a]
                        self._wake(a)
                        live.append(a)
                        travelled[a] = 0.0
                        checked.update(pq for pq in pairs if a in pq and
                                       self.body[pq[0]] is not None
                                       and self.body[pq[1]] is not None)
                        watched = [pq for pq in pairs if pq in checked]
            # A disc that will touch one it vanishes on leaves before that step, so that
            # it does not push what it touched.
            for i, j in doomed:
                if (self.gone[i] or self.gone[j] or (i, j) not in checked
                        or not self._will_touch(i, j, dt)):
                    continue
                self._touch(t, i, j)
                self.touching_before.discard((i, j))
            if any(self.gone[k] for k in live):
                live = [k for k in live if not self.gone[k]]
            pb.stepSimulation(physicsClientId=cid)
            now: set[tuple[int, int]] = set()
            for i, j in watched:
                if gone[i] or gone[j]:
                    continue
                pts = get_contacts(body[i], body[j], physicsClientId=cid)
                if not pts:
                    continue
                if (i, j) in tippable:
                    pushed[(i, j)] = pushed.get((i, j), 0.0) + sum(pt[9] for pt in pts) * dt
                for pt in pts:
                    if pt[9] > 0 or pt[8] <= touch_distance:
                        break
                else:
                    continue  # neither pushing nor within touching distance
                now.add((i, j))
                if (i, j) in self.touching_before:
                    # Touching since before the flick: a touch only once one shoves the
                    # other, harder than a disc lying on another weighs on it.
                    force = sum(pt[9] for pt in pts)
                    if force <= config.SHOVE_FACTOR * config.GRAVITY * self.mass_of(i, j):
                        continue
                    self.touching_before.discard((i, j))
                elif (i, j) in self.touching:
                    continue
                self._touch(t, i, j)
            # A pair stops touching only when it was checked and found apart.
            self.touching_before = {pq for pq in self.touching_before
                                    if pq in now or pq not in checked}
            self.touching = {pq for pq in self.touching if pq not in checked} | now
            # The mat's friction over the step just taken.
            for k in live:
                if gone[k]:
                    continue
                b = body[k]
                lin, ang = get_velocity(b, physicsClientId=cid)
                vx, vy, w = lin[0], lin[1], ang[2]
                speed = hypot(vx, vy)
                travelled[k] += speed * dt
                if speed == 0.0 and w == 0.0 and lin[2] == 0.0:
                    vxs[k] = vys[k] = ws[k] = 0.0
                    continue
                new_speed, new_w, _, _ = slide_and_spin(speed, w, r[k], mu_g[k], dt)
                scale = new_speed / speed if speed > 0.0 else 0.0
                vx, vy = vx * scale, vy * scale
                set_velocity(b, (vx, vy, 0.0), (0.0, 0.0, new_w), physicsClientId=cid)
                vxs[k], vys[k], ws[k] = vx, vy, new_w
        for k in live:
            if self.gone[k]:
                continue
            pos, orn = pb.getBasePositionAndOrientation(self.body[k], physicsClientId=cid)
            self.x[k], self.y[k] = pos[0], pos[1]
            yaw = yaw_of(orn)
            if yaw != self.yaw[k]:
                self.yaw[k] = yaw
                self.turned[k] = True
            height = config.RIM_HEIGHT / 2
            if abs(pos[2] - height) > config.HEIGHT_SLACK:
                # A disc stays at its height: a hit between discs of different thickness can
                # lean its contact normal a little. (Resetting a pose clears the velocity.)
                pb.resetBasePositionAndOrientation(self.body[k], (pos[0], pos[1], height), orn,
                                                   physicsClientId=cid)
                pb.resetBaseVelocity(self.body[k], (self.vx[k], self.vy[k], 0.0),
                                     (0.0, 0.0, self.w[k]), physicsClientId=cid)
            self.synced[k] = True
        if pushed or self.hits:
            self._hits(pushed)

    # --- tipping (physics.tip) -----------------------------------------------------------

    def _rim(self, i: int, j: int):
        """How a hit between discs i and j presses on each about a horizontal axis: None when
        it cannot tip either (equal rims on one level meet at their centres' height), else
        (slope, d_i, d_j): the contact normal's slope and the contact's height above each
        centre. Kept per pair and level."""
        key = (i, j)
        levels = (self.z[i], self.z[j])
        got = self._rims.get(key)
        if got is not None and got[0] == levels:
            return got[1]
        a, b = self.discs[i], self.discs[j]
        h, slope = contact(self.z[i], a.thickness, self.z[j], b.thickness)
        di = h - (self.z[i] + a.thickness / 2)
        dj = h - (self.z[j] + b.thickness / 2)
        rim = None if slope == 0.0 and di == 0.0 and dj == 0.0 else (slope, di, dj)
        self._rims[key] = (levels, rim)
        return rim

    def _hits(self, pushed: dict[tuple[int, int], float]):
        """A hit's impulse is summed over the frame it starts in and the next (an impact takes
        a few solver steps and may straddle two frames), then kicks once: a push that goes on
        while the rims stay in touch is not a new hit."""
        for pq, impulse in pushed.items():
            if impulse > 0.0 and pq not in self.kicked:
                got = self.hits.setdefault(pq, [0.0, 0])
                got[0] += impulse
        for pq in sorted(self.hits):
            got = self.hits[pq]
            got[1] += 1
            if got[1] >= 2 or pq not in self.touching:
                del self.hits[pq]
                self.kicked.add(pq)
                self._kick(*pq, got[0])
        self.kicked &= self.touching

    def _kick(self, i: int, j: int, impulse: float):
        """Discs i and j pushed each other with `impulse` (N s) in the frame just stepped:
        each that the hit turns violently enough about an edge starts tipping."""
        slope, di, dj = self._rim(i, j)
        dx, dy = self.x[j] - self.x[i], self.y[j] - self.y[i]
        dist = math.hypot(dx, dy)
        if dist == 0.0:
            return
        ux, uy = dx / dist, dy / dist  # the push on j, away from i
        a, b = self.discs[i], self.discs[j]
        i_upper = self.z[i] + a.thickness / 2 > self.z[j] + b.thickness / 2
        *rates, _ = kicks((a.mass, a.radius, a.thickness), (b.mass, b.radius, b.thickness),
                          di, dj, slope, impulse, i_upper)
        for k, w, sx, sy in ((i, rates[0], -ux, -uy), (j, rates[1], ux, uy)):
            if self.gone[k] or self.tip[k] is not None or w == 0.0:
                continue
            disc = self.discs[k]
            if tip_energy(disc.mass, disc.radius, disc.thickness, w) < config.TIP_MIN:
                continue
            # w > 0: the struck side rises, about the far edge (along the push); w < 0: the far
            # side rises, about the struck edge.
            ex, ey = (sx, sy) if w > 0 else (-sx, -sy)
            self.tip[k] = Tip(disc.mass, disc.radius, disc.thickness, ex, ey, abs(w))
            self.tipping.append(k)
            self.ever_moved[k] = True

    def _turn_tips(self, dt: float):
        """Tipping discs turn for a frame; those that land lie flat again, the ones that went
        over on their other face (yaw mirrored about the edge they turned about)."""
        for k in list(self.tipping):
            tip = self.tip[k]
            if self.gone[k]:
                self.tip[k] = None
                self.tipping.remove(k)
                continue
            tip.step(dt)
            if tip.done is None:
                continue
            if tip.done == "over":
                q = compose(tip.quaternion(), tuple(self.pose[k, 3:]))
                self.yaw[k] = float(yaw_of(q))
                self.up[k] = bool(is_upside_down(q))
                self.pose[k, 3:] = disc_quaternion(self.yaw[k], self.up[k])
                if self.body[k] is not None:
                    self.synced[k] = False  # Bullet gets the new face when next woken
            self.tip[k] = None
            self.tipping.remove(k)

    def _tipped(self, pose: np.ndarray) -> np.ndarray:
        """The poses to record: tipping discs raised and turned about their edge."""
        q = config.POSITION_QUANTUM
        for k in self.tipping:
            tip = self.tip[k]
            # Up to the storage grid (and past the quaternion's rounding), so that the lowest
            # point of the stored pose is never below what the disc turns on.
            pose[k, 2] = math.ceil((self.z[k] + tip.height() + 3e-6) / q) * q
            pose[k, 3:] = compose(tip.quaternion(), tuple(pose[k, 3:]))
        return pose

    def _touch(self, t: float, i: int, j: int):
        """Discs i and j start touching at t; either may vanish on it."""
        self.contacts.append(Contact(t, self.ids[i], self.ids[j]))
        for x, y in ((i, j), (j, i)):
            if y in self.vanish.get(x, ()) and not self.gone[x]:
                self._remove(x)
                self.vanished.append((self.ids[x], t))

    def _will_touch(self, i: int, j: int, dt: float) -> bool:
        """Whether discs i and j, approaching each other, touch within the next step."""
        vi = np.array((self.vx[i], self.vy[i], 0.0))
        vj = np.array((self.vx[j], self.vy[j], 0.0))
        look = (np.linalg.norm(vi) + np.linalg.norm(vj)) * dt + config.TOUCH_DISTANCE
        for pt in pb.getClosestPoints(self.body[i], self.body[j], look, physicsClientId=self.cid):
            closing = float(np.dot(vj - vi, pt[7]))  # pt[7]: normal on j, towards i
            if closing > 0 and pt[8] - closing * dt <= config.TOUCH_DISTANCE:
                return True
        return False

    def mass_of(self, i: int, j: int) -> float:
        return self.discs[i].mass + self.discs[j].mass

    def _remove(self, i):
        if self.body[i] is not None:
            pb.removeBody(self.body[i], physicsClientId=self.cid)
        self.gone[i] = True
        self.gone_mask[i] = True
        self.awake[i] = False
        self.vx[i] = self.vy[i] = self.w[i] = 0.0

    def _drop_unsupported(self):
        """A disc lying on another that no longer has anything under it drops flat onto the
        highest disc still under it, or onto the mat."""
        for i in list(self.raised):
            if self.gone[i]:
                self.raised.remove(i)
                continue
            d = self.discs[i]
            under = 0.0
            for j, o in enumerate(self.discs):
                if j == i or self.gone[j] or self.z[j] >= self.z[i]:
                    continue
                if math.hypot(self.x[i] - self.x[j], self.y[i] - self.y[j]) < d.radius + o.radius:
                    under = max(under, self.z[j] + o.thickness)
            if under < self.z[i] - 1e-9:
                self.z[i] = under
                self.pose[i, 2] = under + d.thickness / 2
                self.ever_moved[i] = True
                if under <= 0.0:
                    self.raised.remove(i)
                if self.body[i] is not None:
                    self.synced[i] = False
                    self._filter(i, created=False)

    def _overlapping(self, group: list[int]) -> list[int]:
        """Discs of `group` that overlap another disc on their level by more than
        SETTLE_OVERLAP (Bullet pushes them apart while they are stepped)."""
        out = set()
        for a in group:
            if self.gone[a]:
                continue
            for b in range(self.n):
                if b == a or self.gone[b] or self.body[b] is None:
                    continue
                if abs(self.z[a] - self.z[b]) > 1e-9:  # on different levels
                    continue
                gap = math.hypot(self.x[a] - self.x[b], self.y[a] - self.y[b]) - self.r[a] - self.r[b]
                if gap < -config.SETTLE_OVERLAP:
                    out.update((a, b))
        return sorted(out)

    def _initially_touching(self) -> set[tuple[int, int]]:
        out = set()
        for i, j in self._pairs_within(np.ones(self.n, dtype=bool), config.TOUCH_DISTANCE):
            out.add((i, j))
        return out

    def _gaps(self, movers: np.ndarray):
        """Rim gaps (M, N) of the discs in `movers` to every disc, and the movers' indices;
        gaps to themselves, and to discs gone, are infinite."""
        live = ~self.gone_mask
        m = np.flatnonzero(movers & live)
        x, y = self.pose[:, 0], self.pose[:, 1]
        dx = x[m, None] - x[None, :]
        dy = y[m, None] - y[None, :]
        d = np.sqrt(dx * dx + dy * dy)  # the same sums as the norm over (dx, dy), bit for bit
        gap = d - self.radius[m, None] - self.radius[None, :]
        gap[:, ~live] = np.inf
        gap[np.arange(len(m)), m] = np.inf
        return gap, m

    def _pairs_within(self, movers: np.ndarray, reach: float) -> list[tuple[int, int]]:
        """Pairs (i < j), at least one of them in `movers`, whose rims are within `reach`."""
        gap, m = self._gaps(movers)
        out = set()
        for a, j in zip(*np.nonzero(gap < reach)):
            i = int(m[a])
            j = int(j)
            out.add((i, j) if i < j else (j, i))
        return sorted(out)

    def _pairs_in_reach(self, moving: np.ndarray, reach: float, knock: float):
        """Pairs to watch this frame: each moving disc with every disc within `reach`, and,
        since a disc struck during the frame travels at most `knock` before the frame ends
        (less what it took to reach it), each disc so involved with the discs within what is
        left of `knock`, and so on. Also returns the smallest gap from a moving disc to any
        other (how far the movers may travel, together, before anything can touch)."""
        gap, m = self._gaps(moving)
        clear = float(gap.min()) if gap.size else math.inf
        pairs = set()
        left: dict[int, float] = {}
        for a, j in zip(*np.nonzero(gap < reach)):
            i, j = int(m[a]), int(j)
            pairs.add((i, j) if i < j else (j, i))
            if not moving[j]:
                left[j] = max(left.get(j, 0.0), knock - max(0.0, float(gap[a, j])))
        frontier = sorted(left)
        seen = set(int(i) for i in m)
        while frontier:
            nxt: dict[int, float] = {}
            for i in frontier:
                seen.add(i)
            mask = np.zeros(self.n, dtype=bool)
            mask[frontier] = True
            g, fm = self._gaps(mask)
            for a, j in zip(*np.nonzero(g < np.array([left[int(i)] for i in fm])[:, None])):
                i, j = int(fm[a]), int(j)
                pairs.add((i, j) if i < j else (j, i))
                if j not in seen:
                    nxt[j] = max(nxt.get(j, 0.0), left[i] - max(0.0, float(g[a, j])))
            left = nxt
            frontier = sorted(nxt)
        return sorted(pairs), clear

    def _final_disc(self, i: int) -> Disc:
        """Disc i at rest; exactly the given disc when it never really moved (a disc that
        was only woken settles by a few nanometres, which must not creep into the game)."""
        d = self.discs[i]
        if not self.ever_moved[i]:
            return d
        q0 = disc_quaternion(d.yaw, d.upside_down)
        q = tuple(float(v) for v in self.pose[i, 3:])
        turned = 2.0 * math.acos(min(1.0, abs(float(np.dot(q, q0)))))
        if (math.hypot(self.x[i] - d.x, self.y[i] - d.y) < config.STILL_DISTANCE
                and turned < config.STILL_ANGLE and self.z[i] == d.z
                and self.up[i] == d.upside_down):
            return d
        return Disc(id=d.id, radius=d.radius, thickness=d.thickness, mass=d.mass,
                    x=float(self.pose[i, 0]), y=float(self.pose[i, 1]), yaw=yaw_of(q),
                    upside_down=self.up[i], friction=d.friction,
                    restitution=d.restitution, z=self.z[i])
