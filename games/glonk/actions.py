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


def at_arg(angle_deg: float) -> str:
    """The canonical `at=DEG` argument: where around a Base (or Kabane, Great Saucer) the
    player puts a piece, degrees 0-360 counter-clockwise from +x, 1 decimal."""
    a = round(float(angle_deg) % 360.0, 1)
    return f"at={0.0 if a >= 360.0 else a + 0.0:.1f}"


def xy_args(x: float, y: float) -> tuple[str, str]:
    """The canonical `x=M y=M` arguments of a spot the player chose (metres, 4 decimals)."""
    return (f"x={round(float(x), 4) + 0.0:.4f}", f"y={round(float(y), 4) + 0.0:.4f}")


def named_value(move: "Move", name: str) -> float | None:
    """The number of a move's `name=NUM` argument (None when the move has none)."""
    for a in move.args:
        if a.startswith(name + "="):
            return float(a[len(name) + 1:])
    return None


def plain_args(move: "Move") -> tuple[str, ...]:
    """A move's arguments without its `name=NUM` ones."""
    return tuple(a for a in move.args if "=" not in a)


# kind -> number of plain arguments (discrete actions); a range is (fewest, most)
MOVE_ARITY = {
    "armada": 1, "first": 1, "place": 1, "asteroid": 2, "return_base": 2, "return": 3,
    "ray": 2, "pass": 0, "board": (1, 14), "fabricate": (1, 2), "teleport": 2, "jump": 3,
    "end_turn": 0, "timeout": 0,
}
#: kind -> the `name=NUM` arguments it may end with (all of them or none)
MOVE_NAMED = {"return": ("at",), "fabricate": ("at",), "teleport": ("at",),
              "asteroid": ("x", "y")}

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
    named = MOVE_NAMED.get(kind, ())
    tail = [a for a in args if "=" in a]
    if tail and [a.split("=", 1)[0] for a in tail] != list(named):
        raise IllegalAction(f"{text!r}: {kind} ends with "
                            f"{' '.join(n + '=NUMBER' for n in named) or 'no name=value'}")
    values = {}
    for a in tail:
        name, _, num = a.partition("=")
        if not re.fullmatch(_NUM, num) or not math.isfinite(float(num)):
            raise IllegalAction(f"{text!r}: {name}= needs a number")
        values[name] = float(num)
    args = args[:len(args) - len(tail)]
    lo, hi = arity if isinstance(arity, tuple) else (arity, arity)
    if not lo <= len(args) <= hi or not all(re.fullmatch(r"[A-Za-z0-9_]+", a) for a in args):
        raise IllegalAction(f"{text!r} is not a well-formed {kind} action")
    if kind == "return" and args[1] != "to":
        raise IllegalAction(f"{text!r}: write 'return SAUCER to BASE [at=DEG]'")
    if kind == "board" and len(args) >= 2 and args[1] != "contagion":
        raise IllegalAction(f"{text!r}: write 'board PIECE' or 'board PIECE contagion "
                            "[LARVA ...]'")
    if "at" in values:
        args += (at_arg(values["at"]),)
    elif "x" in values:
        args += xy_args(values["x"], values["y"])
    return Move(kind, args)
