"""Saved camera views: the one format a node's `camera` has in every file.

    {"view": "top"}                    straight down, framed to the window it is shown in
    {"view": "seat"}                   from the side of the player to move
    {"view": "seat", "seat": 1}        from the side of seat id 1 (file ids count from 0: P2)
    {"view": "orbit", "target": [x, y, z], "distance": d, "heading": h, "pitch": p}
                                       an exact orbit camera: looking at `target` (metres)
                                       from `distance` metres, `heading` degrees (0 looks
                                       along +y), `pitch` degrees (-90 straight down .. 0)

Named views ("top", "seat") follow the window and the table, so a tutorial reads the same in
any window; "orbit" is what K keeps when the camera is anywhere else. Older files stored
`{"preset": "top"}` (or "seat", "seatN") and bare orbit views without "view"; `read_view`
turns them into this format, so they load and are re-saved in it.
"""
from __future__ import annotations

import math
from typing import Any

VIEWS = ("top", "seat", "orbit")
ORBIT_KEYS = ("target", "distance", "heading", "pitch")


def read_view(data: Any) -> dict:
    """`data` as a saved view in the current format (older forms migrated); ValueError with
    what is wrong, in words."""
    if not isinstance(data, dict):
        raise ValueError("a camera view is an object such as {\"view\": \"top\"}")
    data = _migrate(dict(data))
    kind = data.get("view")
    if kind not in VIEWS:
        raise ValueError(f"camera view {kind!r} is unknown: use one of {', '.join(VIEWS)}")
    allowed = {"top": {"view"}, "seat": {"view", "seat"}, "orbit": {"view", *ORBIT_KEYS}}[kind]
    extra = sorted(set(data) - allowed)
    if extra:
        raise ValueError(f"a {kind!r} camera view has no {', '.join(map(repr, extra))}")
    if kind == "seat" and "seat" in data:
        seat = data["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise ValueError(f"camera seat {seat!r} is not a seat number (0, 1, ...)")
    if kind == "orbit":
        missing = [k for k in ORBIT_KEYS if k not in data]
        if missing:
            raise ValueError(f"an orbit camera view needs {', '.join(missing)}")
        target = data["target"]
        if not (isinstance(target, list) and len(target) == 3 and all(_number(v) for v in target)):
            raise ValueError("camera target must be three numbers [x, y, z]")
        for key in ("distance", "heading", "pitch"):
            if not _number(data[key]):
                raise ValueError(f"camera {key} must be a number")
        if data["distance"] <= 0:
            raise ValueError("camera distance must be more than 0")
        if not -90 <= data["pitch"] <= 0:
            raise ValueError("camera pitch must lie between -90 (straight down) and 0")
    return data


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _migrate(data: dict) -> dict:
    """Older forms: {"preset": "top" | "seat" | "seatN"}, and orbit views without "view"."""
    if "view" in data:
        return data
    if "preset" in data:
        preset = data.pop("preset")
        if data:
            raise ValueError(f"an old preset camera view has no {', '.join(map(repr, sorted(data)))}")
        if preset in ("top", "seat"):
            return {"view": preset}
        if isinstance(preset, str) and preset.startswith("seat") and preset[4:].isdigit():
            return {"view": "seat", "seat": int(preset[4:])}
        raise ValueError(f"camera preset {preset!r} is unknown: use top, seat or seatN")
    if "target" in data:
        return {"view": "orbit", **data}
    return data
