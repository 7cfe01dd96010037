"""simulate(): one flick in a fresh, headless PyBullet world, recorded as a Motion.

Why it is built this way (FINDINGS.md and the measurements in config.py):
- A fresh world per call (a private DIRECT client, emptied), built from the caller's
  snapshot, with `deterministicOverlappingPairs`, gives bit-identical results; branching
  with `restoreState` would not.
- Thin discs need a stiff contact and small steps: the solver runs at FRAME_HZ * SUBSTEPS
  (1920 Hz), stepped one step at a time so that every contact between discs is seen, with split
  impulses so that resolving an overlap adds no energy.
- Resting discs cost nothing. Adding a body to a Bullet world costs about 0.5 ms and 85 awake
  discs about 0.1-1.6 ms a step, so a disc enters the world only when a moving disc comes within
  reach of it (two frames of travel plus a margin), asleep discs are woken the same way, and a
  disc that has really rested (it moved under 2 mm/s and turned under 0.5 rad/s for 0.1 s) with
  nothing moving near it is put to sleep. Only awake discs are read each frame.
"""
from __future__ import annotations

import math
import os
import threading
from typing import Mapping, Sequence

import numpy as np

from . import config
from .motion import Contact, Disc, Flick, Motion, is_upside_down, quantise_poses, yaw_of



class _QuietStdout:
    """Send C-level stdout to /dev/null for a moment: pybullet prints its "build time" line
    when it connects, which would end up inside the command line's `--json` output."""

    def __init__(self, fd: int = 1):
        self.fd = fd

    def __enter__(self):
        import sys

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
        if self.saved is not None:
            try:
                import ctypes

                ctypes.CDLL(None).fflush(None)  # flush C's buffer into /dev/null
            except (OSError, AttributeError):
                pass
            os.dup2(self.saved, self.fd)
            os.close(self.saved)
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


def simulate(discs: Sequence[Disc], flick: Flick, *,
             vanish_on_touch: Mapping[str, frozenset[str]] = _EMPTY,
             table_radius: float | None = None, max_seconds: float = 20.0,
             all_awake: bool = False) -> Motion:
    """Flick `flick.piece` among `discs` and record everything until all discs rest.

    `vanish_on_touch[a]` holds ids that make disc `a` leave the simulation the moment it
    touches one of them. With `table_radius`, a disc whose centre goes further than that from
    the origin falls off the table: it leaves the simulation and is listed in `left_table`.
    The run stops after `max_seconds` even if something still moves. `all_awake` keeps every
    disc awake for the whole run (slow; only for measuring what sleeping saves).
    """
    return _World(discs, flick, vanish_on_touch, table_radius, max_seconds, all_awake).run()


class _World:
    def __init__(self, discs, flick, vanish_on_touch, table_radius, max_seconds, all_awake):
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
        self.n = len(discs)
        self.piece = ids.index(flick.piece)
        self.vanish = {ids.index(a): {ids.index(b) for b in bs}
                       for a, bs in vanish_on_touch.items()}
        self.table_radius = table_radius
        self.max_seconds = float(max_seconds)
        self.all_awake = all_awake
        self.radius = np.array([d.radius for d in discs])
        self.elevated = np.array([d.z > 0 for d in discs])
        self.thick = np.array([d.thickness for d in discs])

    # --- world ---------------------------------------------------------------------------

    def _build(self):
        cid = _fresh_world()
        self.cid = cid
        pb.setPhysicsEngineParameter(
            numSubSteps=0, numSolverIterations=config.SOLVER_ITERATIONS,
            deterministicOverlappingPairs=1, contactERP=config.CONTACT_ERP,
            useSplitImpulse=1, splitImpulsePenetrationThreshold=config.SPLIT_IMPULSE_THRESHOLD,
            physicsClientId=cid)
        pb.setPhysicsEngineParameter(fixedTimeStep=1.0 / (config.FRAME_HZ * config.SUBSTEPS),
                                     physicsClientId=cid)
        pb.setGravity(0, 0, -config.GRAVITY, physicsClientId=cid)
        plane = pb.createCollisionShape(pb.GEOM_PLANE, physicsClientId=cid)
        self.mat = pb.createMultiBody(0, plane, useMaximalCoordinates=True, physicsClientId=cid)
        # Bullet combines rolling (spinning) friction as r0 * f1 + f0 * r1: with the mat's own
        # at 0, a disc's rolling friction r acts on the mat as r * MAT_FRICTION.
        pb.changeDynamics(self.mat, -1, lateralFriction=config.MAT_FRICTION,
                          restitution=config.MAT_RESTITUTION, rollingFriction=0.0,
                          spinningFriction=0.0, physicsClientId=cid)
        self.shapes: dict[tuple[float, float], int] = {}
        self.body: list[int | None] = [None] * self.n
        pose = np.zeros((self.n, 7))
        for i, d in enumerate(self.discs):
            pose[i, :3] = (d.x, d.y, d.z + d.thickness / 2)
            pose[i, 3:] = disc_quaternion(d.yaw, d.upside_down)
        self.pose = pose

    def _create(self, i):
        """Put disc i into the world, at rest where the snapshot has it.

        Discs enter the world only when something moving comes within reach of them: adding a
        body costs about 0.5 ms, so a flick pays only for the discs it can affect.
        """
        d, cid = self.discs[i], self.cid
        key = (d.radius, d.thickness)
        if key not in self.shapes:
            self.shapes[key] = pb.createCollisionShape(
                pb.GEOM_CYLINDER, radius=d.radius, height=d.thickness, physicsClientId=cid)
        b = pb.createMultiBody(d.mass, self.shapes[key], basePosition=tuple(self.pose[i, :3]),
                               baseOrientation=tuple(self.pose[i, 3:]),
                               useMaximalCoordinates=True, physicsClientId=cid)
        pb.changeDynamics(
            b, -1,
            lateralFriction=(config.DEFAULT_FRICTION if d.friction is None else d.friction)
            / config.MAT_FRICTION,
            restitution=config.DEFAULT_RESTITUTION if d.restitution is None else d.restitution,
            rollingFriction=config.ROLLING_FRICTION / config.MAT_FRICTION,
            spinningFriction=config.SPINNING_FRICTION / config.MAT_FRICTION,
            linearDamping=0.0, angularDamping=0.0, contactProcessingThreshold=config.CONTACT_PROCESSING_THRESHOLD,
            activationState=pb.ACTIVATION_STATE_DISABLE_SLEEPING, physicsClientId=cid)
        self.body[i] = b

    def _sleep(self, i):
        """Send disc i to sleep: zero its residual velocity and freeze it in Bullet."""
        b = self.body[i]
        pb.resetBaseVelocity(b, (0, 0, 0), (0, 0, 0), physicsClientId=self.cid)
        pb.changeDynamics(b, -1, activationState=pb.ACTIVATION_STATE_SLEEP,
                          physicsClientId=self.cid)
        self.awake[i] = False

    def _wake(self, i):
        created = self.body[i] is None
        if created:
            self._create(i)
        pb.changeDynamics(self.body[i], -1, activationState=pb.ACTIVATION_STATE_WAKE_UP,
                          physicsClientId=self.cid)
        self.awake[i] = True
        self.ever_awake[i] = True
        self.rest_frames[i] = 0
        if created:
            # A disc lying on another (or under one) enters the world with it.
            xy = self.pose[:, :2]
            over = (np.linalg.norm(xy - xy[i], axis=1) < self.radius + self.radius[i]) & (
                (self.elevated[i] | self.elevated))
            for j in np.flatnonzero(over):
                if self.body[j] is None and not self.gone[j]:
                    self._wake(int(j))

    # --- run -----------------------------------------------------------------------------

    def run(self) -> Motion:
        self._build()
        try:
            return self._run()
        finally:
            if config.REUSE_CONNECTION:
                pb.resetSimulation(physicsClientId=self.cid)  # free the bodies now
            else:
                pb.disconnect(self.cid)

    def _run(self) -> Motion:
        cid, n = self.cid, self.n
        self.awake = np.zeros(n, dtype=bool)
        self.ever_awake = np.zeros(n, dtype=bool)
        self.gone = np.zeros(n, dtype=bool)
        self.rest_frames = np.zeros(n, dtype=np.int64)
        rest_needed = max(1, int(round(config.REST_SECONDS * config.FRAME_HZ)))
        for i in range(n):
            if self.all_awake or i == self.piece:
                self._wake(i)

        f = self.flick
        pb.resetBaseVelocity(
            self.body[self.piece],
            (f.speed * math.cos(f.angle), f.speed * math.sin(f.angle), 0.0),
            (0.0, 0.0, f.spin), physicsClientId=cid)

        frame_dt = 1.0 / config.FRAME_HZ
        sub_hz = config.FRAME_HZ * config.SUBSTEPS
        # Pairs already touching before the flick are not new contacts until they push on
        # each other or come apart and meet again.
        touching_before = self._initially_touching()
        touching: set[tuple[int, int]] = set(touching_before)
        contacts: list[Contact] = []
        vanished: list[tuple[str, float]] = []
        left_table: list[tuple[str, float]] = []
        vel = np.zeros((n, 6))
        vel[self.piece, :3] = (f.speed * math.cos(f.angle), f.speed * math.sin(f.angle), 0)
        vel[self.piece, 5] = f.spin

        frames = [self.pose.copy()]
        ticks = [0]
        max_frames = int(math.ceil(self.max_seconds * config.FRAME_HZ))
        moving = np.zeros(n, dtype=bool)
        moving[self.piece] = True
        frame = 0
        while True:
            frame += 1
            # Everything a moving disc could reach before the next frame is put in the world
            # and woken, and its pairs with the mover are watched for contacts.
            speed = float(np.max(np.linalg.norm(vel[moving, :3], axis=1), initial=0.0))
            reach = 2.0 * speed * frame_dt + config.REACH_MARGIN
            pairs = self._pairs_in_reach(moving, reach, speed * frame_dt + 0.001)
            checked = set(pairs)
            for i, j in pairs:
                for k in (i, j):
                    if not self.awake[k]:
                        self._wake(k)
            doomed = [(i, j) for i, j in pairs
                      if j in self.vanish.get(i, ()) or i in self.vanish.get(j, ())]
            for s in range(config.SUBSTEPS):
                t = ((frame - 1) * config.SUBSTEPS + s + 1) / sub_hz
                # A disc that will touch one it vanishes on leaves before that step, so that
                # it does not push what it touched.
                for i, j in doomed:
                    if self.gone[i] or self.gone[j] or not self._will_touch(i, j):
                        continue
                    contacts.append(Contact(t, self.ids[i], self.ids[j]))
                    touching_before.discard((i, j))
                    for x, y in ((i, j), (j, i)):
                        if y in self.vanish.get(x, ()) and not self.gone[x]:
                            self._remove(x)
                            vanished.append((self.ids[x], t))
                pb.stepSimulation(physicsClientId=cid)
                now: set[tuple[int, int]] = set()
                for i, j in pairs:
                    if self.gone[i] or self.gone[j]:
                        continue
                    pts = pb.getContactPoints(self.body[i], self.body[j], physicsClientId=cid)
                    if not pts:
                        continue
                    pushing = any(pt[9] > 0 for pt in pts)
                    if not (pushing or any(pt[8] <= config.TOUCH_DISTANCE for pt in pts)):
                        continue
                    now.add((i, j))
                    if (i, j) in touching_before:
                        # Touching since before the flick: a touch only once one shoves the
                        # other, harder than a disc lying on another weighs on it.
                        force = sum(pt[9] for pt in pts)
                        if force <= config.SHOVE_FACTOR * config.GRAVITY * self.mass_of(i, j):
                            continue
                        touching_before.discard((i, j))
                    elif (i, j) in touching:
                        continue
                    contacts.append(Contact(t, self.ids[i], self.ids[j]))
                    for x, y in ((i, j), (j, i)):
                        if y in self.vanish.get(x, ()) and not self.gone[x]:
                            self._remove(x)
                            vanished.append((self.ids[x], t))
                # A pair stops touching only when it was checked and found apart.
                touching_before = {pq for pq in touching_before
                                   if pq in now or pq not in checked}
                touching = {pq for pq in touching if pq not in checked} | now
            # Read the awake discs.
            before = self.pose.copy()
            for i in np.flatnonzero(self.awake & ~self.gone):
                b = self.body[i]
                pos, orn = pb.getBasePositionAndOrientation(b, physicsClientId=cid)
                lin, ang = pb.getBaseVelocity(b, physicsClientId=cid)
                self.pose[i, :3] = pos
                self.pose[i, 3:] = orn
                vel[i, :3] = lin
                vel[i, 3:] = ang
                if (self.table_radius is not None
                        and math.hypot(pos[0], pos[1]) > self.table_radius):
                    self._remove(i)
                    left_table.append((self.ids[i], frame * frame_dt))
            live = self.awake & ~self.gone
            vel[~live] = 0.0
            # Rest is judged on how far a disc went in the frame: the solver's instantaneous
            # velocities of a disc lying still jitter above the thresholds.
            shift = np.linalg.norm(self.pose[:, :3] - before[:, :3], axis=1) / frame_dt
            dot = np.clip(np.abs(np.sum(self.pose[:, 3:] * before[:, 3:], axis=1)), 0.0, 1.0)
            turn = 2.0 * np.arccos(dot) / frame_dt
            resting = (shift < config.REST_SPEED) & (turn < config.REST_SPIN)
            hit = np.linalg.norm(vel[:, :3], axis=1) > 10 * config.REST_SPEED
            moving = live & (~resting | hit)
            self.rest_frames = np.where(live & resting, self.rest_frames + 1, 0)
            done = not np.any(live & (self.rest_frames < rest_needed))
            if frame % config.SAMPLE_EVERY == 0 or done or frame >= max_frames:
                frames.append(self.pose.copy())
                ticks.append(frame)
            if done or frame >= max_frames:
                break
            if not self.all_awake:
                self._settle(rest_needed, moving, reach)

        times = np.array(ticks, dtype=np.float64) / config.FRAME_HZ
        poses = quantise_poses(np.stack(frames))
        final = tuple(self._final_disc(i) for i in range(n) if not self.gone[i])
        first = next((c for c in contacts if c.involves(f.piece)), None)
        return Motion(ids=self.ids, times=times, poses=poses, contacts=tuple(contacts),
                      first_contact=first, vanished=tuple(vanished), final=final,
                      duration=float(times[-1]), piece=f.piece,
                      frame_hz=float(config.FRAME_HZ), left_table=tuple(left_table))

    def _will_touch(self, i: int, j: int) -> bool:
        """Whether discs i and j, approaching each other, touch within the next step."""
        cid = self.cid
        vi = np.array(pb.getBaseVelocity(self.body[i], physicsClientId=cid)[0])
        vj = np.array(pb.getBaseVelocity(self.body[j], physicsClientId=cid)[0])
        dt = 1.0 / (config.FRAME_HZ * config.SUBSTEPS)
        look = (np.linalg.norm(vi) + np.linalg.norm(vj)) * dt + config.TOUCH_DISTANCE
        for pt in pb.getClosestPoints(self.body[i], self.body[j], look, physicsClientId=cid):
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
        self.awake[i] = False

    def _initially_touching(self) -> set[tuple[int, int]]:
        out = set()
        for i, j in self._pairs_within(np.ones(self.n, dtype=bool), config.TOUCH_DISTANCE):
            out.add((i, j))
        return out

    def _pairs_within(self, movers: np.ndarray, reach: float) -> list[tuple[int, int]]:
        """Pairs (i < j), at least one of them in `movers`, whose rims are within `reach`."""
        live = ~self.gone
        m = np.flatnonzero(movers & live)
        if len(m) == 0:
            return []
        xy = self.pose[:, :2]
        d = np.linalg.norm(xy[m, None, :] - xy[None, :, :], axis=2)
        gap = d - self.radius[m, None] - self.radius[None, :]
        near = (gap < reach) & live[None, :]
        near[np.arange(len(m)), m] = False
        out = set()
        for a, j in zip(*np.nonzero(near)):
            i = int(m[a])
            j = int(j)
            out.add((i, j) if i < j else (j, i))
        return sorted(out)

    def _pairs_in_reach(self, moving: np.ndarray, reach: float, knock: float):
        """Pairs to watch this frame: each moving disc with every disc within `reach`, and,
        since a disc struck during the frame moves at most `knock` before the frame ends, each
        disc so involved with the discs within `knock` of it, and so on."""
        pairs = set(self._pairs_within(moving, reach))
        involved = moving.copy()
        while True:
            touched = np.zeros(self.n, dtype=bool)
            for i, j in pairs:
                touched[i] = touched[j] = True
            frontier = touched & ~involved
            if not np.any(frontier):
                return sorted(pairs)
            involved |= frontier
            pairs.update(self._pairs_within(frontier, knock))

    def _settle(self, rest_needed: int, moving: np.ndarray, reach: float):
        """Put discs to sleep that have rested long enough with nothing moving near them."""
        rested = self.awake & ~self.gone & (self.rest_frames >= rest_needed)
        if not np.any(rested):
            return
        blocked = set()
        for i, j in self._pairs_within(moving, reach):
            blocked.update((i, j))
        for i in np.flatnonzero(rested):
            if int(i) not in blocked:
                self._sleep(int(i))

    def _final_disc(self, i: int) -> Disc:
        """Disc i at rest; exactly the given disc when it never really moved (a disc that
        was only woken settles by a few nanometres, which must not creep into the game)."""
        d = self.discs[i]
        if not self.ever_awake[i]:
            return d
        q0 = disc_quaternion(d.yaw, d.upside_down)
        turned = 2.0 * math.acos(min(1.0, abs(float(np.dot(self.pose[i, 3:], q0)))))
        if (math.hypot(self.pose[i, 0] - d.x, self.pose[i, 1] - d.y) < config.STILL_DISTANCE
                and turned < config.STILL_ANGLE):
            return d
        x, y, z = (float(v) for v in self.pose[i, :3])
        q = tuple(float(v) for v in self.pose[i, 3:])
        bottom = z - d.thickness / 2
        return Disc(id=d.id, radius=d.radius, thickness=d.thickness, mass=d.mass, x=x, y=y,
                    yaw=yaw_of(q), upside_down=is_upside_down(q), friction=d.friction,
                    restitution=d.restitution, z=bottom if bottom > 0.001 else 0.0)
