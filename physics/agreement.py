"""Does a stored Motion belong to this flick among these discs? (A file may have been edited.)

A motion read from a file is played instead of a fresh simulation, so it must not be able to
change the game: its discs must start where the position has them, the flicked disc must be
the flick's and leave at the flick's velocity, its frames must be well formed and its resting
places must be where its last frame has the discs. Checking costs a few array operations, far
less than simulating again (which `verify` in the file format still offers, bit for bit).
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from . import config
from .motion import Disc, Flick, Motion

#: Allowed gap between a stored pose and the position (poses lie on a 10 um grid).
POSE_SLACK = 10 * config.POSITION_QUANTUM
#: Allowed error of the flicked disc's first-frame velocity (friction slows it a little).
SPEED_SLACK = 0.05
ANGLE_SLACK_DEG = 2.0


def motion_disagreement(motion: Motion, discs: Sequence[Disc], flick: Flick) -> str | None:
    """None when `motion` can be the result of `flick` among `discs`, else what is wrong."""
    ids = tuple(d.id for d in discs)
    if motion.piece != flick.piece:
        return f"the stored motion flicks {motion.piece!r}, not {flick.piece!r}"
    if set(motion.ids) != set(ids) or len(motion.ids) != len(ids):
        return "the stored motion does not hold the pieces of this position"
    times, poses = motion.times, motion.poses
    if not (np.all(np.isfinite(times)) and np.all(np.isfinite(poses))):
        return "the stored motion holds numbers that are not finite"
    if times[0] != 0.0 or not math.isfinite(motion.duration) or abs(motion.duration - times[-1]) > 1e-9:
        return "the stored motion's times do not run from 0 to its duration"
    if motion.frame_hz != float(config.FRAME_HZ):
        return f"the stored motion's frame rate {motion.frame_hz} is not {config.FRAME_HZ} Hz"
    quat_norms = np.linalg.norm(poses[:, :, 3:].astype(np.float64), axis=2)
    if np.any(np.abs(quat_norms - 1.0) > 1e-3):
        return "the stored motion holds a rotation that is not a unit quaternion"
    problem = (_start_problem(motion, discs) or _launch_problem(motion, discs, flick)
               or _end_problem(motion))
    return problem


def _start_problem(motion: Motion, discs: Sequence[Disc]) -> str | None:
    for disc in discs:
        x, y = motion.poses[0, motion.index(disc.id), :2]
        if abs(float(x) - disc.x) > POSE_SLACK or abs(float(y) - disc.y) > POSE_SLACK:
            return f"the stored motion starts {disc.id} away from where the position has it"
    return None


def _radius(discs: Sequence[Disc], disc_id: str) -> float:
    return next(d.radius for d in discs if d.id == disc_id)


def _launch_problem(motion: Motion, discs: Sequence[Disc], flick: Flick) -> str | None:
    """The flicked disc's velocity over the first frame, unless it may touch something sooner
    (it lies within one frame's travel of another disc, or a contact is listed that early)."""
    if len(motion.times) < 2:
        return None if flick.speed == 0 else "the stored motion never moves the flicked piece"
    dt = float(motion.times[1] - motion.times[0])
    i = motion.index(flick.piece)
    start = motion.poses[0, :, :2].astype(np.float64)
    gaps = np.hypot(*(start - start[i]).T) - _radius(discs, flick.piece) - np.array(
        [_radius(discs, d) for d in motion.ids])
    gaps[i] = np.inf
    near = bool(np.any(gaps < flick.speed * dt + 2e-3))  # it may touch within the first frame
    early = near or any(c.t < motion.times[1] and c.involves(flick.piece) for c in motion.contacts)
    gone = any(d == flick.piece and t <= motion.times[1]
               for d, t in motion.vanished + motion.left_table)
    if early or gone:
        return None
    dx, dy = (motion.poses[1, i, :2].astype(np.float64) - motion.poses[0, i, :2])
    speed = math.hypot(dx, dy) / dt
    if abs(speed - flick.speed) > SPEED_SLACK * max(1.0, flick.speed) + 2 * POSE_SLACK / dt:
        return (f"the stored motion launches {flick.piece} at {speed:.3f} m/s, "
                f"not the flick's {flick.speed:.3f} m/s")
    if flick.speed > 0.1:
        angle = math.degrees(math.atan2(dy, dx) - flick.angle)
        angle = (angle + 180.0) % 360.0 - 180.0
        if abs(angle) > ANGLE_SLACK_DEG:
            return f"the stored motion launches {flick.piece} in another direction than the flick"
    return None


def _end_problem(motion: Motion) -> str | None:
    known = set(motion.ids)
    duration = motion.duration
    for c in motion.contacts:
        if c.a not in known or c.b not in known or not 0.0 <= c.t <= duration:
            return "the stored motion lists a contact that is not between its discs and times"
    gone = {}
    for d, t in motion.vanished + motion.left_table:
        if d not in known or not 0.0 <= t <= duration or d in gone:
            return "the stored motion lists a disc leaving that is not one of its discs"
        gone[d] = t
    resting = [d for d in motion.ids if d not in gone]
    if [d.id for d in motion.final] != resting:
        return "the stored motion's resting discs are not the discs still on the table"
    last = motion.poses[-1]
    for d in motion.final:
        x, y = last[motion.index(d.id), :2]
        if abs(float(x) - d.x) > POSE_SLACK or abs(float(y) - d.y) > POSE_SLACK:
            return f"the stored motion's resting place of {d.id} is not where its last frame has it"
    return None
