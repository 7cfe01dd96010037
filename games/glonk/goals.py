"""Goals of Glonk scenarios: words for the player, and optionally a goal the viewer checks.

Glonk has no solver (a flick is a continuous action judged by physics), so a Glonk scenario's
goal is text plus, optionally, one machine-checkable condition, checked on the position after
each action of the line played from the scenario's start:

    {"type": "atomise", "piece": "V1"}             the piece is atomised
    {"type": "score", "player": 0, "points": 1}    the seat has at least that many points
    {"type": "reach", "piece": "G1", "space": "I3"}  the piece rests in play on that space
                                                     (its disc overlaps the space)

Every goal may carry "text" (the goal in the author's words, shown in the puzzle box); a goal
with only "text" is never checked. Games, timeline and physics never import this module.
"""
from __future__ import annotations

from typing import Mapping

from games.glonk.galaxy import load_galaxy
from games.glonk.model import ATOMISED, IN_PLAY, GlonkState

GOAL_TYPES = ("atomise", "score", "reach")
G = load_galaxy()


def goal_problem(state: GlonkState, goal: Mapping | None) -> str | None:
    """Why `goal` cannot be a goal of the position `state`, in words; None when it can."""
    if not goal:
        return None
    kind = goal.get("type")
    if kind is None:
        return None if str(goal.get("text", "")).strip() else "The goal is empty"
    if kind not in GOAL_TYPES:
        return f"Unknown goal type {kind!r}: one of {', '.join(GOAL_TYPES)}"
    if kind in ("atomise", "reach"):
        p = state.get(str(goal.get("piece")))
        if p is None:
            return f"There is no piece {goal.get('piece')} in this game"
        if p.status != IN_PLAY:
            return f"{p.id} must be on the Galaxy at the start"
        if kind == "reach":
            if goal.get("space") not in G.by_id:
                return "Choose the space to reach: click an empty spot of the Galaxy"
            if goal["space"] in G.occupied(p.x, p.y, p.radius):
                return f"{p.id} is on {goal['space']} already: there is nothing to do"
        return None
    seat, points = goal.get("player"), goal.get("points")
    if not isinstance(seat, int) or not 0 <= seat < state.config.players:
        return "The score goal needs a player (a seat number)"
    if not isinstance(points, int) or points < 1:
        return "The score goal needs at least 1 point"
    if state.scores()[seat] >= points:
        return f"P{seat + 1} has {points} point{'s' if points != 1 else ''} already"
    return None


def goal_met(state: GlonkState, goal: Mapping | None) -> bool:
    """Whether the checkable part of `goal` holds in `state` (False for words-only goals)."""
    kind = (goal or {}).get("type")
    if kind == "atomise":
        p = state.get(goal["piece"])
        return p is not None and p.status == ATOMISED
    if kind == "score":
        return state.scores()[goal["player"]] >= goal["points"]
    if kind == "reach":
        p = state.get(goal["piece"])
        return (p is not None and p.status == IN_PLAY
                and goal["space"] in G.occupied(p.x, p.y, p.radius))
    return False


def goal_words(goal: Mapping | None) -> str:
    """The goal for the puzzle box: the author's words, else the checkable goal in words."""
    if not goal:
        return "No goal set"
    text = str(goal.get("text", "")).strip()
    if text:
        return f"Goal: {text}"
    kind = goal.get("type")
    if kind == "atomise":
        return f"Goal: atomise {goal['piece']}"
    if kind == "score":
        n = goal["points"]
        return f"Goal: P{goal['player'] + 1} scores {n} point{'s' if n != 1 else ''}"
    if kind == "reach":
        return f"Goal: {goal['piece']} comes to rest on space {goal['space']}"
    return "No goal set"


def checkable_words(goal: Mapping | None) -> str:
    """The checked condition alone, in words (for the editor panel)."""
    g = {k: v for k, v in (goal or {}).items() if k != "text"}
    return goal_words(g).removeprefix("Goal: ") if g.get("type") else "not checked"
