"""A Grendizer puzzle's goal in words (the puzzle box, the loader's `goals` capability): apart
from the solver, which reads the rules that declare it."""
from __future__ import annotations

from .data import BEASTS


def goal_words(goal) -> str:
    """The goal in words for the puzzle box."""
    if not goal:
        return "No goal set"
    text = str(goal.get("text", "")).strip()
    if text:
        return f"Goal: {text}"
    k = goal.get("turns", 0)
    within = f"{k} turn{'s' if k != 1 else ''}"
    kind = goal.get("type")
    if kind == "destroy" and goal.get("beast") in BEASTS:
        return f"Goal: destroy {BEASTS[goal['beast']].name} within {within}"
    if kind == "destroy":
        n = goal.get("count", 1)
        return f"Goal: destroy {n} Saucer Beast{'s' if n != 1 else ''} within {within}"
    if kind == "threat":
        return f"Goal: keep the threat below {goal.get('below')} for {within}"
    if kind == "survive":
        return f"Goal: hold Earth for {within}"
    return "No goal set"
