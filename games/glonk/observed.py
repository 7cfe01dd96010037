"""The observed flick: a flick made at a real table, logged as the flick inferred from where the
discs stopped plus the resting places the user entered, which are what the rules judge.

An observed node keeps, beside its (inferred) flick, `observed`:
`{"entered": {ID: [x, y]}, "removed": [ID], "fit_error": metres, "ambiguous": bool}`: the
resting places of the discs that moved, the discs that left the Galaxy, how well the inferred
flick explains them and whether it is ambiguous: another flick explains them as well, or they
cannot fix it to 1 deg and 5 % at all (`analysis.glonk.table.precision`; a short lone slide). Its stored motion is the
inferred flick's simulation with its tail blended (a smooth correction over the second half of
the motion, on the storage grid) so that its resting places are exactly the entered
ones (its last frame within the 10 um grid); a disc the user removed that the simulation left on the mat leaves the Galaxy at
the motion's end. Outcomes, touches at rest and scoring are then judged from the entered
positions by the ordinary `judge_flick`. A disc the simulation takes out of the Galaxy that the
user placed on the mat cannot be blended (the inference did not find a flick that fits) and is
refused.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Mapping

import numpy as np

#: The part of the motion over which the correction is blended in (the second half).
BLEND_FROM = 0.5
OBSERVED_KEYS = ("entered", "removed", "fit_error", "ambiguous")


def observed_problem_data(start: Mapping[str, tuple[float, float]], piece: str,
                          observed: Mapping) -> str | None:
    """Why `observed` is not an observation of a flick of `piece` among the discs `start`
    (id -> (x, y)), or None."""
    if not isinstance(observed, Mapping) or set(observed) != set(OBSERVED_KEYS):
        return f"an observation holds exactly {', '.join(OBSERVED_KEYS)}"
    entered, removed = observed["entered"], observed["removed"]
    if not isinstance(entered, Mapping) or not isinstance(removed, (list, tuple)):
        return "entered is an object of ID: [x, y] and removed a list of IDs"
    for pid, xy in entered.items():
        if pid not in start:
            return f"{pid} is entered but is not in play before the flick"
        if (not isinstance(xy, (list, tuple)) or len(xy) != 2
                or not all(type(v) in (int, float) and math.isfinite(v) for v in xy)):
            return f"{pid}'s entered place is not two finite numbers"
    for pid in removed:
        if not isinstance(pid, str) or pid not in start:
            return f"{pid!r} is removed but is not in play before the flick"
        if pid in entered:
            return f"{pid} is both entered on the mat and removed"
    if len(set(removed)) != len(removed) or list(removed) != sorted(removed):
        return "removed lists each ID once, in sorted order"
    if piece not in entered and piece not in removed:
        return f"the flicked disc {piece} is neither entered nor removed"
    fit = observed["fit_error"]
    if type(fit) not in (int, float) or not math.isfinite(fit) or fit < 0:
        return "fit_error is a distance in metres, not negative"
    if type(observed["ambiguous"]) is not bool:
        return "ambiguous is true or false"
    return None


def blend(motion, start: Mapping[str, tuple[float, float]], observed: Mapping):
    """The motion with its tail blended to rest exactly at the observed places (see module)."""
    from physics import Motion
    from physics.motion import quantise_poses

    entered = {pid: (float(x), float(y)) for pid, (x, y) in observed["entered"].items()}
    removed = set(observed["removed"])
    gone_sim = {pid for pid, _ in motion.vanished} | {pid for pid, _ in motion.left_table}
    placed = sorted(gone_sim & set(entered)) + sorted(gone_sim - removed - set(entered))
    if placed:
        raise ValueError(f"the inferred flick takes {', '.join(placed)} out of the Galaxy, "
                         "but the entered positions keep it on the mat")
    target = {pid: entered.get(pid, start[pid]) for pid in motion.ids if pid not in removed}
    poses = np.array(motion.poses, dtype=np.float64)
    times = np.asarray(motion.times, dtype=np.float64)
    duration = float(motion.duration)
    t0 = BLEND_FROM * duration
    u = np.clip((times - t0) / max(duration - t0, 1e-9), 0.0, 1.0)
    w = u * u * (3.0 - 2.0 * u)  # smoothstep: 0 before the blend, exactly 1 at the end
    w[-1] = 1.0
    final_sim = {d.id: d for d in motion.final}
    for pid, (x, y) in target.items():
        if pid not in final_sim:
            continue
        i = motion.index(pid)
        poses[:, i, 0] += w * (x - poses[-1, i, 0])
        poses[:, i, 1] += w * (y - poses[-1, i, 1])
    poses = quantise_poses(poses)
    final = tuple(replace(d, x=target[d.id][0], y=target[d.id][1])
                  for d in motion.final if d.id not in removed)
    left = tuple(motion.left_table) + tuple(
        (pid, duration) for pid in sorted(removed - gone_sim))
    return Motion(ids=motion.ids, times=motion.times, poses=poses, contacts=motion.contacts,
                  first_contact=motion.first_contact, vanished=motion.vanished, final=final,
                  duration=motion.duration, piece=motion.piece, frame_hz=motion.frame_hz,
                  left_table=left)


def agrees(motion, start: Mapping[str, tuple[float, float]], observed: Mapping) -> str | None:
    """Why a stored motion does not end at the observed places, or None: every disc rests
    exactly where it was entered (or where it was, if not entered), the removed ones are gone."""
    removed = set(observed["removed"])
    gone = {pid for pid, _ in motion.vanished} | {pid for pid, _ in motion.left_table}
    if gone != removed:
        return "the stored motion does not take out of the Galaxy the discs the observation removed"
    for d in motion.final:
        x, y = observed["entered"].get(d.id, start[d.id])
        if (d.x, d.y) != (float(x), float(y)):
            return f"the stored motion does not rest {d.id} where the observation entered it"
    return None
