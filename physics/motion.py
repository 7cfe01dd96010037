"""The values physics takes and gives: discs, a flick, and the recorded Motion.

Everything here is immutable. A `Motion` keeps every disc's pose sampled at a fixed rate on a
10 micrometre grid, so that its compact byte form (`to_bytes`) decodes to a Motion that is
bit-equal to the one the simulator produced: a stored flick and a fresh re-simulation of it can
be compared exactly.
"""
from __future__ import annotations

import json
import math
import struct
import zlib
from dataclasses import dataclass, field, replace
from typing import Sequence

import numpy as np

from . import config


@dataclass(frozen=True)
class Disc:
    """One flat disc on the mat: its size, where it lies, and which face is up.

    `x`, `y` are the centre in metres (galaxy centre at the origin), `yaw` the rotation about
    the vertical axis. `friction` / `restitution` of None mean the defaults in `config`.
    `z` is the height of the disc's lower face above the mat (0: lying on the mat; larger
    when it came to rest on top of another disc).
    """

    id: str
    radius: float
    thickness: float
    mass: float
    x: float
    y: float
    yaw: float = 0.0
    upside_down: bool = False
    friction: float | None = None
    restitution: float | None = None
    z: float = 0.0

    def __post_init__(self):
        if not (self.radius > 0 and self.thickness > 0 and self.mass > 0):
            raise ValueError(f"disc {self.id!r}: radius, thickness and mass must be positive")
        for name in ("x", "y", "yaw", "z"):
            if not math.isfinite(getattr(self, name)):
                raise ValueError(f"disc {self.id!r}: {name} must be finite")

    def moved(self, x: float, y: float, yaw: float | None = None,
              upside_down: bool | None = None) -> "Disc":
        """This disc somewhere else (a convenience for rules and tests)."""
        return replace(self, x=x, y=y, yaw=self.yaw if yaw is None else yaw,
                       upside_down=self.upside_down if upside_down is None else upside_down)

    def to_json(self) -> dict:
        return {"id": self.id, "radius": self.radius, "thickness": self.thickness,
                "mass": self.mass, "x": self.x, "y": self.y, "yaw": self.yaw,
                "upside_down": self.upside_down, "friction": self.friction,
                "restitution": self.restitution, "z": self.z}

    @classmethod
    def from_json(cls, d: dict) -> "Disc":
        return cls(id=str(d["id"]), radius=float(d["radius"]), thickness=float(d["thickness"]),
                   mass=float(d["mass"]), x=float(d["x"]), y=float(d["y"]),
                   yaw=float(d.get("yaw", 0.0)), upside_down=bool(d.get("upside_down", False)),
                   friction=None if d.get("friction") is None else float(d["friction"]),
                   restitution=None if d.get("restitution") is None else float(d["restitution"]),
                   z=float(d.get("z", 0.0)))


@dataclass(frozen=True)
class Flick:
    """A flick of one piece: direction (radians, 0 = +x, counter-clockwise), speed (m/s) and
    optional spin about the vertical axis (rad/s, counter-clockwise positive)."""

    piece: str
    angle: float
    speed: float
    spin: float = 0.0

    def __post_init__(self):
        for name in ("angle", "speed", "spin"):
            if not math.isfinite(getattr(self, name)):
                raise ValueError(f"flick {name} must be finite")
        if self.speed < 0:
            raise ValueError("flick speed must not be negative")


@dataclass(frozen=True)
class Contact:
    """Two discs started touching at time `t` (seconds after the flick).

    `a` comes before `b` in the Motion's `ids`.
    """

    t: float
    a: str
    b: str

    def involves(self, disc_id: str) -> bool:
        return disc_id in (self.a, self.b)

    def other(self, disc_id: str) -> str:
        """The disc `disc_id` touched."""
        if disc_id == self.a:
            return self.b
        if disc_id == self.b:
            return self.a
        raise KeyError(f"{disc_id!r} is not part of this contact")


def _normalised(pose: np.ndarray) -> np.ndarray:
    """Poses (N, 7) with unit quaternions (stored ones are off by up to ~1e-5)."""
    pose[:, 3:] /= np.linalg.norm(pose[:, 3:], axis=1)[:, None]
    return pose


def _readonly(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    a.setflags(write=False)
    return a


def quantise_poses(poses: np.ndarray) -> np.ndarray:
    """Snap poses (…, 7) to the storage grid (10 um positions, 1/32767 quaternion parts)."""
    pos, quat = _to_ints(poses)
    return _from_ints(pos, quat)


def _to_ints(poses: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    p = np.asarray(poses, dtype=np.float64)
    pos = np.rint(p[..., :3] / config.POSITION_QUANTUM).astype(np.int64)
    q = np.clip(np.rint(p[..., 3:] * config.QUATERNION_SCALE),
                -config.QUATERNION_SCALE, config.QUATERNION_SCALE).astype(np.int64)
    return pos, q


def _from_ints(pos: np.ndarray, quat: np.ndarray) -> np.ndarray:
    out = np.empty(pos.shape[:-1] + (7,), dtype=np.float32)
    out[..., :3] = pos.astype(np.float64) * config.POSITION_QUANTUM
    out[..., 3:] = quat.astype(np.float64) / config.QUATERNION_SCALE
    return out


# --- compact integer coding: deltas along time, zigzag, byte planes, zlib -----------------

def _pack_ints(a: np.ndarray) -> bytes:
    """Integer array (F, ...) -> bytes: time deltas, zigzag, byte-plane shuffled (for zlib)."""
    a = np.asarray(a, dtype=np.int64)
    d = np.diff(a, axis=0, prepend=np.zeros_like(a[:1])) if len(a) else a
    # One disc's whole time series lies together, so resting discs become runs of zeros.
    d = np.moveaxis(d, 0, -1).reshape(-1)
    z = ((d << 1) ^ (d >> 63)).astype(np.uint64)
    width = 1
    top = int(z.max()) if z.size else 0
    while top >> (8 * width):
        width += 1
    planes = z.astype("<u8").view(np.uint8).reshape(-1, 8)[:, :width].T
    return bytes([width]) + np.ascontiguousarray(planes).tobytes()


def _unpack_ints(b: bytes, shape: tuple[int, ...]) -> np.ndarray:
    count = math.prod(shape)
    if not b or not 1 <= b[0] <= 8:
        raise ValueError("corrupt Flickbook motion: byte planes must be 1 to 8 bytes wide, "
                         f"not {b[0] if b else 'missing'}")
    width = b[0]
    if len(b) != 1 + width * count:  # checked before anything of that size is allocated
        raise ValueError(f"corrupt Flickbook motion: {len(b) - 1} bytes of planes where "
                         f"{count} values {width} bytes wide need {width * count}")
    planes = np.frombuffer(b, dtype=np.uint8, offset=1).reshape(width, count)
    full = np.zeros((count, 8), dtype=np.uint8)
    full[:, :width] = planes.T
    z = full.reshape(-1).view("<u8").astype(np.uint64)
    d = (z >> np.uint64(1)).astype(np.int64) ^ -(z & np.uint64(1)).astype(np.int64)
    moved = shape[1:] + shape[:1]
    d = np.moveaxis(d.reshape(moved), -1, 0)
    return np.cumsum(d, axis=0)


_MAGIC = b"FBM1"
#: A stored motion may inflate to at most this (a 20 s flick of 40 discs needs about 2 MB),
#: so a file cannot make the loader allocate without bound.
MAX_MOTION_BYTES = 64 << 20
#: A stored motion holds at most this many disc poses (frames x discs; a 20 s flick, the
#: longest the simulation runs, of 60 discs is 2,401 x 60 = 144,060), checked before decoding.
MAX_MOTION_POSES = 1_000_000


@dataclass(frozen=True, eq=False)
class Motion:
    """The recorded result of one flick.

    `times` (F,) are seconds after the flick, at `config.FRAME_HZ / config.SAMPLE_EVERY` Hz plus
    the final moment; `poses` (F, N, 7) are float32 (x, y, z, qx, qy, qz, qw) of each disc of
    `ids` (z is the disc's centre height). A disc that vanished keeps its last pose; see
    `vanished` and `present_at`. `contacts` lists each moment two discs start touching,
    ordered by time; `first_contact` is the first one involving the flicked `piece`. `final`
    holds every disc that did not vanish or fall off the table, at rest, in the order of `ids`.
    `left_table` lists discs that went beyond `table_radius` (they left the simulation then).
    """

    ids: tuple[str, ...]
    times: np.ndarray
    poses: np.ndarray
    contacts: tuple[Contact, ...]
    first_contact: Contact | None
    vanished: tuple[tuple[str, float], ...]
    final: tuple[Disc, ...]
    duration: float
    piece: str = ""
    frame_hz: float = field(default=float(config.FRAME_HZ))
    left_table: tuple[tuple[str, float], ...] = ()

    def __post_init__(self):
        times = np.asarray(self.times, dtype=np.float64)
        poses = np.asarray(self.poses, dtype=np.float32)
        if times.ndim != 1 or len(times) < 1:
            raise ValueError("a Motion needs at least one time")
        if poses.shape != (len(times), len(self.ids), 7):
            raise ValueError(f"poses shape {poses.shape} does not match times and ids")
        if np.any(np.diff(times) <= 0):
            raise ValueError("times must increase")
        object.__setattr__(self, "times", _readonly(times))
        object.__setattr__(self, "poses", _readonly(poses))
        object.__setattr__(self, "ids", tuple(self.ids))
        object.__setattr__(self, "_index", {d: i for i, d in enumerate(self.ids)})

    # --- sampling ---------------------------------------------------------------------

    def index(self, disc_id: str) -> int:
        return self._index[disc_id]

    def track(self, disc_id: str, per_second: float = 40, most: int = 120) -> list[tuple[float, float]]:
        """The (x, y) path of one disc, sampled `per_second` (at most `most` + 1 points, at
        least 3), points closer than 0.1 mm to the last one dropped: what a drawn path needs."""
        i = self.index(disc_id)
        n = max(2, min(most, int(self.duration * per_second)))
        pts: list[tuple[float, float]] = []
        for k in range(n + 1):
            x, y = self.pose_at(self.duration * k / n)[i][:2]
            if not pts or math.hypot(x - pts[-1][0], y - pts[-1][1]) > 1e-4:
                pts.append((float(x), float(y)))
        return pts

    def pose_at(self, t: float) -> np.ndarray:
        """Poses (N, 7) at time t: positions interpolated linearly, rotations by nlerp.

        Times outside the motion clamp to its ends, so scrubbing in either direction and at any
        speed is smooth; the lookup is a binary search (O(log F)).
        """
        times = self.times
        if t <= times[0] or len(times) == 1:
            return _normalised(self.poses[0].astype(np.float64))
        if t >= times[-1]:
            return _normalised(self.poses[-1].astype(np.float64))
        i = int(np.searchsorted(times, t, side="right")) - 1
        t0, t1 = times[i], times[i + 1]
        u = (t - t0) / (t1 - t0)
        p0 = self.poses[i].astype(np.float64)
        p1 = self.poses[i + 1].astype(np.float64)
        out = np.empty_like(p0)
        out[:, :3] = p0[:, :3] + (p1[:, :3] - p0[:, :3]) * u
        q0, q1 = p0[:, 3:], p1[:, 3:]
        sign = np.where(np.sum(q0 * q1, axis=1) < 0, -1.0, 1.0)[:, None]
        out[:, 3:] = q0 + (q1 * sign - q0) * u
        return _normalised(out)

    def positions_at(self, t: float) -> np.ndarray:
        """Disc centres (N, 3) at time t."""
        return self.pose_at(t)[:, :3]

    def present_at(self, t: float) -> np.ndarray:
        """Which discs (N,) are still in the simulation at time t (not yet vanished)."""
        mask = np.ones(len(self.ids), dtype=bool)
        for disc_id, tv in self.vanished + self.left_table:
            if t >= tv:
                mask[self._index[disc_id]] = False
        return mask

    @property
    def moved_ids(self) -> tuple[str, ...]:
        """Discs whose pose changed at some moment of the motion."""
        changed = np.any(self.poses != self.poses[:1], axis=(0, 2))
        return tuple(d for d, c in zip(self.ids, changed) if c)

    # --- comparison -------------------------------------------------------------------

    def bit_equal(self, other: "Motion") -> bool:
        """True when both motions hold exactly the same data, bit for bit."""
        if not isinstance(other, Motion):
            return False
        return (self.ids == other.ids and self.piece == other.piece
                and self.frame_hz == other.frame_hz
                and self.times.shape == other.times.shape
                and self.poses.shape == other.poses.shape
                and self.times.tobytes() == other.times.tobytes()
                and self.poses.tobytes() == other.poses.tobytes()
                and self.contacts == other.contacts
                and self.first_contact == other.first_contact
                and self.vanished == other.vanished
                and self.left_table == other.left_table
                and self.final == other.final
                and self.duration == other.duration)

    def __eq__(self, other):
        if not isinstance(other, Motion):
            return NotImplemented
        return self.bit_equal(other)

    def __hash__(self):
        return hash((self.ids, self.duration, self.poses.tobytes()))

    def __repr__(self):
        return (f"Motion(piece={self.piece!r}, discs={len(self.ids)}, frames={len(self.times)}, "
                f"duration={self.duration:.3f}s, contacts={len(self.contacts)}, "
                f"vanished={list(self.vanished)})")

    # --- storage ----------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """Compact encoding: poses on the 10 um grid as time deltas, zlib-compressed.

        `Motion.from_bytes(m.to_bytes())` is bit-equal to `m` when m came from `simulate`
        (whose poses already lie on the grid); otherwise it is within 5 um and 1/65534.
        """
        ticks = np.rint(self.times * self.frame_hz).astype(np.int64)
        exact_times = bool(np.array_equal(ticks / self.frame_hz, self.times))
        pos, quat = _to_ints(self.poses)
        head = {
            "ids": list(self.ids), "piece": self.piece, "frame_hz": self.frame_hz,
            "frames": len(self.times), "duration": self.duration,
            "contacts": [[c.t, c.a, c.b] for c in self.contacts],
            "first_contact": (None if self.first_contact is None
                              else self.contacts.index(self.first_contact)
                              if self.first_contact in self.contacts
                              else [self.first_contact.t, self.first_contact.a,
                                    self.first_contact.b]),
            "vanished": [[d, t] for d, t in self.vanished],
            "left_table": [[d, t] for d, t in self.left_table],
            "final": [d.to_json() for d in self.final],
            "times": None if exact_times else [float(t) for t in self.times],
        }
        hb = json.dumps(head, separators=(",", ":")).encode()
        body = b"".join(_chunk(x) for x in (
            hb, _pack_ints(ticks[:, None]), _pack_ints(pos), _pack_ints(quat)))
        return _MAGIC + zlib.compress(body, 9)

    @classmethod
    def from_bytes(cls, data: bytes) -> "Motion":
        """Decode `to_bytes`; raises ValueError on anything that is not a stored Motion."""
        if not isinstance(data, (bytes, bytearray, memoryview)) or bytes(data[:4]) != _MAGIC:
            raise ValueError("not a Flickbook motion (bad header)")
        try:
            inflate = zlib.decompressobj()
            body = inflate.decompress(bytes(data[4:]), MAX_MOTION_BYTES)
            if inflate.unconsumed_tail:
                raise ValueError(f"a stored motion inflates to more than {MAX_MOTION_BYTES >> 20} MB")
            parts = _unchunk(body, 4)
            try:
                head = json.loads(parts[0].decode())
            except RecursionError:  # a hostile header nested past the stack
                raise ValueError("corrupt Flickbook motion: its header nests too deep") from None
            ids = tuple(head["ids"])
            f, n = head["frames"], len(ids)
            if not isinstance(f, int) or isinstance(f, bool) or f < 1:
                raise ValueError(f"corrupt Flickbook motion: {f!r} frames")
            if f * n > MAX_MOTION_POSES:
                raise ValueError(f"a stored motion holds at most {MAX_MOTION_POSES:,} disc poses "
                                 f"(frames x discs), not {f:,} x {n:,}")
            ticks = _unpack_ints(parts[1], (f, 1))[:, 0]
            pos = _unpack_ints(parts[2], (f, n, 3))
            quat = _unpack_ints(parts[3], (f, n, 4))
            frame_hz = float(head["frame_hz"])
            times = (ticks / frame_hz if head["times"] is None
                     else np.array(head["times"], dtype=np.float64))
            contacts = tuple(Contact(float(t), a, b) for t, a, b in head["contacts"])
            fc = head["first_contact"]
            first = (None if fc is None else contacts[fc] if isinstance(fc, int)
                     else Contact(float(fc[0]), fc[1], fc[2]))
            return cls(ids=ids, times=times, poses=_from_ints(pos, quat), contacts=contacts,
                       first_contact=first,
                       vanished=tuple((d, float(t)) for d, t in head["vanished"]),
                       final=tuple(Disc.from_json(d) for d in head["final"]),
                       duration=float(head["duration"]), piece=head["piece"],
                       frame_hz=frame_hz,
                       left_table=tuple((d, float(t)) for d, t in head.get("left_table", [])))
        except (zlib.error, KeyError, TypeError, IndexError, json.JSONDecodeError,
                UnicodeDecodeError, struct.error) as e:
            raise ValueError(f"corrupt Flickbook motion: {e}") from e


def _chunk(b: bytes) -> bytes:
    return struct.pack("<I", len(b)) + b


def _unchunk(b: bytes, count: int) -> list[bytes]:
    out, at = [], 0
    for _ in range(count):
        (n,) = struct.unpack_from("<I", b, at)
        out.append(b[at + 4:at + 4 + n])
        at += 4 + n
        if len(out[-1]) != n:
            raise ValueError("corrupt Flickbook motion: truncated")
    return out


def yaw_of(quat: Sequence[float]) -> float:
    """Rotation about the vertical axis of a quaternion (x, y, z, w), of the disc's x axis."""
    qx, qy, qz, qw = quat
    # Direction of the body's x axis in the world, projected on the mat.
    xx = 1 - 2 * (qy * qy + qz * qz)
    xy = 2 * (qx * qy + qz * qw)
    return math.atan2(xy, xx)


def is_upside_down(quat: Sequence[float]) -> bool:
    """True when the disc's own +z face points down."""
    qx, qy, qz, qw = quat
    zz = 1 - 2 * (qx * qx + qy * qy)
    return zz < 0
