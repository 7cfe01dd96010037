"""Glonk actions and their one canonical text form.

Two shapes: `Flick` (a continuous flick, possibly a heroic assault, a Telekinesis or a
Meteoric Fission) and `Move` (every discrete choice: placements, boarding, specials, end of
turn, chance outcomes). Numbers are kept at fixed decimals so text round-trips exactly:
angle in degrees with 2 decimals in [0, 360), speed in m/s with 3, spin in rad/s with 2,
jump coordinates in metres with 4.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from games.api import IllegalAction

MAX_SPEED = 3.0
MAX_SPIN = 30.0
FLICK_POWERS = ("telekinesis", "fission")


def norm_angle(deg: float) -> float:
    a = round(float(deg) % 360.0, 2)
    return 0.0 if a >= 360.0 else a + 0.0


@dataclass(frozen=True)
class Flick:
    """Flick `piece` towards `angle` degrees (0 = +x, counter-clockwise) at `speed` m/s with
    `spin` rad/s. `assault` names the announced heroic-assault target. `power` is None for a
    propulsion, "telekinesis" (a Master `by` propels enemy saucer `piece`) or "fission" (a Great
    Saucer `by` propels asteroid `piece`)."""

    piece: str
    angle: float
    speed: float
    spin: float = 0.0
    assault: str | None = None
    power: str | None = None
    by: str | None = None

    @classmethod
    def make(cls, piece: str, angle: float, speed: float, spin: float = 0.0,
             assault: str | None = None, power: str | None = None,
             by: str | None = None) -> "Flick":
        """The flick with its numbers rounded to the canonical decimals."""
        for name, v in (("angle", angle), ("speed", speed), ("spin", spin)):
            if not math.isfinite(float(v)):
                raise IllegalAction(f"a flick's {name} must be a finite number")
        return cls(piece, norm_angle(angle), round(float(speed), 3) + 0.0,
                   round(float(spin), 2) + 0.0, assault, power, by)

    @property
    def angle_rad(self) -> float:
        return math.radians(self.angle)

    def __str__(self) -> str:
        nums = f"a={self.angle:.2f} v={self.speed:.3f} s={self.spin:.2f}"
        if self.power is None:
            text = f"flick {self.piece} {nums}"
            if self.assault:
                text += f" assault={self.assault}"
            return text
        return f"{self.power} {self.by} {self.piece} {nums}"


@dataclass(frozen=True)
class Move:
    """A discrete action: `kind` plus its arguments, written `kind arg1 arg2 ...`."""

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind,) + self.args)


def jump_move(piece: str, x: float, y: float) -> Move:
    return Move("jump", (piece, f"x={round(float(x), 4) + 0.0:.4f}",
                         f"y={round(float(y), 4) + 0.0:.4f}"))


def jump_xy(move: Move) -> tuple[float, float]:
    return float(move.args[1][2:]), float(move.args[2][2:])


# kind -> number of arguments (discrete actions)
MOVE_ARITY = {
    "armada": 1, "first": 1, "place": 1, "asteroid": 2, "return_base": 2, "return": 3,
    "ray": 2, "pass": 0, "board": (1, 2), "fabricate": 1, "teleport": 2, "jump": 3,
    "end_turn": 0, "timeout": 0,
}

_ID = r"[A-Za-z][A-Za-z0-9_]*"
_NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)"
_FLICK = re.compile(rf"^flick ({_ID}) a=({_NUM}) v=({_NUM}) s=({_NUM})(?: assault=({_ID}))?$")
_POWER = re.compile(rf"^(telekinesis|fission) ({_ID}) ({_ID}) a=({_NUM}) v=({_NUM}) s=({_NUM})$")
_JUMP = re.compile(rf"^jump ({_ID}) x=({_NUM}) y=({_NUM})$")


def parse(text: str):
    """The action written `text` (whitespace-normalised); IllegalAction when it is none."""
    if not isinstance(text, str):
        raise IllegalAction("an action is written as text")
    t = " ".join(text.split())
    m = _FLICK.match(t)
    if m:
        return Flick.make(m[1], float(m[2]), float(m[3]), float(m[4]), assault=m[5])
    m = _POWER.match(t)
    if m:
        return Flick.make(m[3], float(m[4]), float(m[5]), float(m[6]), power=m[1], by=m[2])
    m = _JUMP.match(t)
    if m:
        return jump_move(m[1], float(m[2]), float(m[3]))
    parts = t.split(" ")
    kind, args = parts[0], tuple(parts[1:])
    arity = MOVE_ARITY.get(kind)
    if arity is None:
        raise IllegalAction(f"{text!r} is not a Glonk action")
    ok = len(args) in arity if isinstance(arity, tuple) else len(args) == arity
    if not ok or not all(re.fullmatch(r"[A-Za-z0-9_]+", a) for a in args):
        raise IllegalAction(f"{text!r} is not a well-formed {kind} action")
    if kind == "return" and args[1] != "to":
        raise IllegalAction(f"{text!r}: write 'return SAUCER to BASE'")
    if kind == "board" and len(args) == 2 and args[1] != "contagion":
        raise IllegalAction(f"{text!r}: write 'board PIECE' or 'board PIECE contagion'")
    return Move(kind, args)
