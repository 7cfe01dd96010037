"""Records made under Glonk rules version 1, brought up to this version.

Version 1 put lost saucers back against a lone Base by itself (in id order, at the default
spots); now the player places each one (`return SAUCER to BASE [at=DEG]`). A version-1
record therefore lacks those actions: they are put back in, each the default return, which
puts the saucers exactly where version 1 did, so every later action (and stored motion)
still applies.
"""
from __future__ import annotations

import base64
import copy

from . import moves as M
from .actions import Flick
from .model import GlonkState


def upgrade_record(game, data: dict) -> dict:
    """`data` (a record's file JSON, format 2) with the rules version of `game`."""
    data = copy.deepcopy(data)
    headers = data.setdefault("headers", {})
    if str(headers.get("rules_version", "1")) == "1":
        data["nodes"] = _with_returns(game, data)
    headers["rules_version"] = game.rules_version
    return data


def _start(game, data: dict) -> GlonkState:
    """The record's starting position, simulating by the physics its header names (the
    version its stored motions were made by), as the record itself will."""
    if data.get("start") is not None:
        state = game.state_from_json(data["start"])
    else:
        state = game.new_initial_state(data.get("config") or {})
    version = data.get("headers", {}).get("physics_version")
    return state if version is None else game.with_physics(state, version)


def _step(game, state: GlonkState, entry: dict) -> GlonkState:
    action = game.parse_action(state, entry["action"])
    if isinstance(action, Flick) and "motion" in entry:
        from physics import Motion
        motion = Motion.from_bytes(base64.b64decode(entry["motion"], validate=True))
        return game.apply_with_motion(state, action, motion).state
    return game.apply(state, action).state


def _with_returns(game, data: dict) -> list[dict]:
    """The node list with the default return of every lost saucer that version 1 placed by
    itself, each a node of its own before the action that followed it."""
    nodes = data["nodes"]
    out: list[dict] = [dict(nodes[0])]
    states = [_start(game, data)]
    where: dict[int, int] = {0: 0}  # old index -> new index
    inserted: dict[tuple[int, str], int] = {}  # (new parent, action) -> new index
    for i, entry in enumerate(nodes[1:], start=1):
        index = entry.get("parent") if isinstance(entry, dict) else None
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < i:
            raise ValueError(f"node {i}: bad parent {index!r} (must name an earlier node)")
        if not isinstance(entry.get("action"), str):
            raise ValueError(f"node {i}: the action is missing")
        parent = where[index]
        state = states[parent]
        while state.phase == "return_saucer" and entry["action"].split(" ")[0] not in (
                "return", "pass"):
            default = str(M.discrete_actions(state)[0])
            key = (parent, default)
            if key not in inserted:
                out.append({"parent": parent, "action": default})
                states.append(game.apply(state, game.parse_action(state, default)).state)
                inserted[key] = len(out) - 1
            parent = inserted[key]
            state = states[parent]
        out.append({**entry, "parent": parent})
        states.append(_step(game, state, entry))
        where[i] = len(out) - 1
    return out
