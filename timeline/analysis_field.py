"""The per-node `analysis` field of the file format: what the analysis engine found there.

Version 1 (docs/file-format.md, docs/analysis.md):

    {"version": 1,
     "win": [0.62, 0.38],        # per seat, the chance to win from this position
     "win_error": 0.07,          # half-width of the 95 % interval of `win` (0: exact)
     "method": "rollouts",       # how `win` was found: rollouts | solver | evaluator
     "samples": 200,             # rollouts (or searches) behind it
     "unit": "win",              # unit of loss and luck: win (chance) or points
     "loss": 0.12,               # decisions: value lost against the best alternative found
     "luck": -0.05,              # chance steps: value after it minus its expected value
     "execution": -0.3,          # a flick: what the executed flick did minus the intent's
                                 # expected value (its `loss` is the choice of intent)
     "best": "play ...",         # the better action found (text), or null
     "glyph": "?",               # ?!, ? or ?? from the loss, or null
     "alternative": false,       # true on a variation the engine inserted
     "extra": {...}}             # game-specific figures (e.g. Glik distances)

The record layer only stores and checks it; `analysis/` computes it. `read_analysis` returns
the field migrated to the current version, or raises ValueError naming the problem.
"""
from __future__ import annotations

import math
from typing import Any, Callable

ANALYSIS_VERSION = 1
METHODS = ("rollouts", "solver", "explorer", "evaluator")
UNITS = ("win", "points")
ANALYSIS_GLYPHS = ("?!", "?", "??")
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def _number(value, what: str, lo: float | None = None, hi: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"analysis {what} must be a finite number")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"analysis {what} must be between {lo} and {hi}")
    return float(value)


def seat_count(state) -> int:
    """Seats of a game state (every game's state has `players`, as `games.api` asks)."""
    return int(state.players)


def read_analysis(value: Any, seats: int | None = None) -> dict | None:
    """The checked (and migrated) analysis of a node, or None when there is none; `seats`:
    how many seats the game has (`win` holds one chance per seat)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("analysis is not an object")
    version = value.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("analysis version is missing or not a whole number")
    if version > ANALYSIS_VERSION:
        raise ValueError(f"analysis version {version} is newer than this Flickbook reads "
                         f"({ANALYSIS_VERSION})")
    data = dict(value)
    while data["version"] < ANALYSIS_VERSION:
        migrate = MIGRATIONS.get(data["version"])
        if migrate is None:
            raise ValueError(f"analysis version {data['version']} is not supported")
        data = migrate(data)
    win = data.get("win")
    if win is not None:
        if not isinstance(win, list) or not win:
            raise ValueError("analysis win must be a list of chances, one per seat")
        if seats is not None and len(win) != seats:
            raise ValueError(f"analysis win must hold one chance per seat ({seats}), "
                             f"not {len(win)}")
        data["win"] = [_number(w, "win", 0.0, 1.0) for w in win]
    for key in ("win_error", "loss"):
        if data.get(key) is not None:
            data[key] = _number(data[key], key, 0.0, None)
    for key in ("luck", "execution"):
        if data.get(key) is not None:
            data[key] = _number(data[key], key)
    if data.get("samples") is not None and (not isinstance(data["samples"], int)
                                            or isinstance(data["samples"], bool)
                                            or data["samples"] < 0):
        raise ValueError("analysis samples must be a whole number")
    if data.get("method") is not None and data["method"] not in METHODS:
        raise ValueError(f"analysis method must be one of {', '.join(METHODS)}")
    if data.get("unit") is not None and data["unit"] not in UNITS:
        raise ValueError(f"analysis unit must be one of {', '.join(UNITS)}")
    if data.get("glyph") is not None and data["glyph"] not in ANALYSIS_GLYPHS:
        raise ValueError(f"analysis glyph must be one of {' '.join(ANALYSIS_GLYPHS)}")
    if data.get("best") is not None and not isinstance(data["best"], str):
        raise ValueError("analysis best must be an action's text")
    if data.get("glyph") is not None and data.get("loss") is None:
        raise ValueError(f"analysis glyph {data['glyph']} needs the loss it marks "
                         "(loss is null)")
    if not isinstance(data.get("alternative", False), bool):
        raise ValueError("analysis alternative must be true or false")
    if data.get("extra") is not None and not isinstance(data["extra"], dict):
        raise ValueError("analysis extra must be an object")
    return data
