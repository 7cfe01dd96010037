"""Glik's goals and fields in words (`Goal: the yellow stone on e7 touches`), apart from the
notation of moves so the rules can describe a goal without importing the notation (which
reads the rules)."""
from __future__ import annotations

from typing import Mapping

from games.glik.kit import COLS, ROWS

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"[:COLS]


def cell_name(cell) -> str:
    """The chess-style name of field (row, col): `(0, 0)` is `a16`, `(15, 23)` is `x1`."""
    r, c = int(cell[0]), int(cell[1])
    if not (0 <= r < ROWS and 0 <= c < COLS):
        raise ValueError(f"field {r},{c} is off the board")
    return f"{COLUMN_LETTERS[c]}{ROWS - r}"


def cells_text(cells) -> str:
    """Fields in words: `e7`, `e7 and f7`, `e7, f7 and g8`."""
    names = [cell_name(c) for c in cells]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def goal_text(goal: Mapping | None, colours) -> str:
    """A puzzle goal in words and coordinates (`Goal: the yellow stone on e7 touches`)."""
    if not goal:
        return "No goal set"
    who = colours[goal["player"]]
    if goal.get("count") is not None:
        n = goal["count"]
        text = f"Goal: {who.capitalize()} has {n} stone{'s' if n != 1 else ''} touching"
    else:
        stones = goal.get("stones", [])
        one = len(stones) == 1
        text = (f"Goal: the {who} stone{'' if one else 's'} on {cells_text(stones)} "
                f"touch{'es' if one else ''}")
    acts = goal.get("actions")
    if acts:
        text += f" (allowed: {', '.join(acts)})"
    return text


def describe_goal(state, goal: Mapping | None) -> str:
    """`goal_text` for a scenario whose starting position is `state`."""
    return goal_text(goal, state.colours)
