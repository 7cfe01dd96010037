"""What `flickbook flick FILE --piece ID --angle DEG --speed M_PER_S [--spin RAD_PER_S]
[--assault TARGET] [--by POWER_PIECE] --json` prints.

`flick_report` applies one flick to a position (the end of a record's main line, a state, or
a state's JSON) and returns the judged outcome as a JSON-friendly dict, without a window.
"""
from __future__ import annotations

import math
from typing import Any, Mapping

from games.api import IllegalAction

from .actions import Flick
from .game import GlonkGame
from .model import ATOMISED, IN_PLAY, OUT, GlonkState

_GAME = GlonkGame()


def _state_of(record_or_state: Any) -> GlonkState:
    if isinstance(record_or_state, GlonkState):
        return record_or_state
    if isinstance(record_or_state, Mapping):
        return _GAME.state_from_json(record_or_state)
    root = getattr(record_or_state, "root", None)
    if root is not None:  # a timeline Record: follow the main line to its end
        node = root
        while getattr(node, "variations", None):
            node = node.variations[0]
        return node.state
    state = getattr(record_or_state, "state", None)
    if isinstance(state, GlonkState):
        return state
    raise TypeError("flick_report needs a Glonk state, its JSON, or a record")


def flick_action(state: GlonkState, piece: str, angle_deg: float, speed: float,
                 spin: float = 0.0, assault: str | None = None, by: str | None = None
                 ) -> Flick:
    """The flick of `piece`: a propulsion of the turn player's piece (a heroic assault on
    `assault`), or (for an enemy saucer or an asteroid) the Telekinesis / Meteoric Fission of
    `by`, or of the first piece that may propel it when `by` is not given."""
    p = state.get(piece)
    if p is None:
        raise IllegalAction(f"there is no piece {piece}")
    if by is None and (p.owner == state.turn_player or p.kind not in ("saucer", "asteroid")):
        return Flick.make(piece, angle_deg, speed, spin, assault=assault)
    if by is not None and assault is not None:
        raise IllegalAction("a heroic assault is a propulsion of your own piece; it cannot be "
                            "made with Telekinesis or Meteoric Fission")
    from . import rules as R
    power = "telekinesis" if p.kind == "saucer" else "fission"
    if by is not None:
        if state.get(by) is None:
            raise IllegalAction(f"there is no piece {by}")
        return Flick.make(piece, angle_deg, speed, spin, power=power, by=by)
    for q in sorted(state.in_play(), key=lambda q: q.id):
        if R.activatable(state, q) and p in R.power_flick_targets(state, q, power):
            return Flick.make(piece, angle_deg, speed, spin, power=power, by=q.id)
    return Flick.make(piece, angle_deg, speed, spin, assault=assault)


def flick_report(record_or_state: Any, piece: str, angle_deg: float, speed: float,
                 spin: float = 0.0, assault: str | None = None, by: str | None = None) -> dict:
    """Apply one flick and describe the outcome (events, standard or hyper-propulsion,
    atomised and lost pieces, scores, resting poses).

    Given a timeline Record, the flick is added at the end of its main line (so saving the
    record keeps it); given a state (or its JSON), nothing is stored. An illegal flick raises
    games.api.IllegalAction naming the rule.
    """
    record = record_or_state if hasattr(record_or_state, "add_child") and \
        hasattr(record_or_state, "root") else None
    if record is not None:
        end = record.root.end()
        state = end.state
    else:
        state = _state_of(record_or_state)
    if not isinstance(state, GlonkState):
        raise TypeError("flick_report needs a Glonk position")
    action = flick_action(state, piece, angle_deg, speed, spin, assault, by)
    if record is not None:
        node = record.add_child(end, action, main=True)
        step = node.step
    else:
        step = _GAME.apply(state, action)
    new = step.state
    kinds = [e.kind for e in step.events]
    propulsion = ("standard" if "standard_propulsion" in kinds
                  else "hyper" if "hyper_propulsion" in kinds else None)
    motion = step.motion
    ended = [e.data.get("reason") for e in step.events if e.kind == "turn_ended"]
    return {
        "legal": True,
        "action": str(action),
        "propulsion": propulsion,
        "events": [e.to_json() for e in step.events],
        "atomised": [e.data["piece"] for e in step.events if e.kind == "atomised"],
        "lost_in_space": [e.data["piece"] for e in step.events if e.kind == "lost_in_space"],
        "turn_ended": ended[0] if ended else None,
        "scores": list(new.scores()),
        "winners": list(new.winners) if new.phase == "over" else None,
        "duration_s": None if motion is None else round(float(motion.duration), 4),
        "motion_bytes": None if motion is None else len(motion.to_bytes()),
        "poses": {p.id: {"x": round(p.x, 5), "y": round(p.y, 5),
                         "yaw_deg": round(math.degrees(p.yaw), 2), "status": p.status,
                         "face": ("molten" if p.molten else "asteroid") if p.kind == "asteroid"
                         else ("active" if p.active else "passive")}
                  for p in new.pieces if p.status in (IN_PLAY, OUT, ATOMISED)},
        "next": _GAME.describe(new),
    }
