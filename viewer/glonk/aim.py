"""Slingshot aiming: a drag back from a disc becomes a flick, with a reach estimate.

Pure functions (no Panda3D), so the numbers the viewer shows are tested on their own. The
estimate is the textbook slide of a lone disc, v^2 / (2 mu g), with the mat's sliding
friction from physics.config; collisions are not foreseen (the real flick is simulated).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from games.glonk import rules as R
from games.glonk.actions import MAX_SPEED
from games.glonk.galaxy import load_galaxy
from physics import config as PC

#: Sliding deceleration on the mat (m/s^2): a disc's friction on the mat times g
#: (physics.config: `DEFAULT_FRICTION` is the disc-on-mat coefficient).
MU_G = PC.DEFAULT_FRICTION * PC.GRAVITY
#: A pull of this length (m) on the table gives the full 3 m/s.
FULL_PULL = 0.25
#: Pulls shorter than this (m) are a click, not a flick.
MIN_PULL = 0.008


def slide_distance(speed: float) -> float:
    """How far a lone disc launched at `speed` slides before it stops: v^2 / (2 mu g)."""
    return speed * speed / (2 * MU_G)


def pull_to_speed(pull: float) -> float:
    """Speed for a pull of `pull` metres on the table (whatever the zoom): the speed grows in
    step with the pull, 1 cm of pull = 0.12 m/s, so a few pixels never make a hard flick."""
    frac = min(max(pull / FULL_PULL, 0.0), 1.0)
    return frac * MAX_SPEED


def speed_to_pull(speed: float) -> float:
    return min(max(speed, 0.0), MAX_SPEED) / MAX_SPEED * FULL_PULL


#: The aim line's words for how a flick ends (the simulated path's judgment uses them too).
STANDARD_WORDS = "standard propulsion"
HYPER_WORDS = "HYPER-PROPULSION (ends the turn)"
LOST_WORDS = "out of the Galaxy (lost in space)"
#: What the aim line says of how the flick ends while the simulator works it out.
SIMULATING = "simulating..."


@dataclass(frozen=True)
class Aim:
    """A flick being aimed: direction (degrees, 0 = +x, counter-clockwise), speed, and what
    the textbook slide predicts: resting point, spaces occupied there, parsecs from the start,
    whether that stays a standard propulsion, or leaves the Galaxy."""

    piece: str
    angle: float
    speed: float
    distance: float
    rest: tuple[float, float]
    spaces: frozenset[str]
    parsecs: int | None
    standard: bool
    lost: bool

    def words(self, speed_limit: int | None, kind: str | None = None) -> str:
        """The aim in words; `kind` is the judgment where the simulator gives it (what the
        path line says too), else the textbook slide's."""
        reach = f"{self.speed:.2f} m/s, slides about {self.distance * 100:.0f} cm"
        if self.lost and kind is None:
            return f"{reach}: out of the Galaxy (lost in space)"
        ps = "?" if self.parsecs is None else str(self.parsecs)
        if kind is None:
            kind = STANDARD_WORDS if self.standard else HYPER_WORDS
        limit = f" (speed {speed_limit})" if speed_limit is not None else ""
        return f"{reach}, {ps} parsec{'s' if ps != '1' else ''}{limit}: {kind}"


def aim_from_pull(state, piece_id: str, pull_from: tuple[float, float],
                  at: tuple[float, float]) -> Aim | None:
    """The flick of `piece_id` (centre `pull_from`) when the mouse is pulled back to `at`:
    the flick goes the opposite way, harder the longer the pull. None for a tiny pull."""
    dx, dy = pull_from[0] - at[0], pull_from[1] - at[1]
    pull = math.hypot(dx, dy)
    if pull < MIN_PULL:
        return None
    return estimate(state, piece_id, math.degrees(math.atan2(dy, dx)), pull_to_speed(pull))


def estimate(state, piece_id: str, angle: float, speed: float) -> Aim:
    """Where a lone slide of `piece_id` ends, and how the rules would read that ending."""
    galaxy = load_galaxy()
    p = state.piece(piece_id)
    d = slide_distance(speed)
    a = math.radians(angle)
    x, y = p.x + d * math.cos(a), p.y + d * math.sin(a)
    spaces = galaxy.occupied(x, y, p.radius)
    lost = galaxy.lost_in_space(x, y, p.radius)
    start = R.occupied(p)
    parsecs = galaxy.set_distance(start, spaces) if start and spaces else None
    if parsecs is not None and start:
        # The farthest space it would occupy decides a strict reading: report that one.
        parsecs = max(galaxy.set_distance(start, [s]) for s in spaces)
    standard = (not lost) and p.speed > 0 and R.is_standard(state, spaces, R.allowed_spaces(p))
    return Aim(piece_id, angle % 360.0, speed, d, (x, y), spaces, parsecs, standard, lost)


def reachable_spaces(piece) -> frozenset[str]:
    """Spaces a standard propulsion of `piece` may end in (its speed in parsecs)."""
    if piece.speed <= 0:
        return frozenset()
    return R.allowed_spaces(piece)
