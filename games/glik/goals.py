"""What a Glik goal is as files store it, apart from solving it: the rules' loader checks a
goal's form (games/glik/rules.py) and the solver reads the same kinds of action, so both import
this and neither imports the other."""
from __future__ import annotations

from games.glik.kit import COLS, ROWS

#: The kinds of action a goal may let the mover use, and those it uses by default.
KINDS = ("place", "slide", "neutral", "move-neutral")
DEFAULT_KINDS = ("place", "slide")


GOAL_KEYS = ("player", "count", "stones", "actions")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def form_problem(goal, players: int | None = None) -> str | None:
    """Why `goal` is not a Glik goal as files store it (types exact: `count` 1.5 or a player
    "0" is no goal; every field on the board), in words; None when it is one. Whether the
    position makes it a puzzle (the goal's stones are the mover's) is `_check`'s, later."""
    if not isinstance(goal, dict):
        return "a Glik goal is an object"
    unknown = sorted(set(goal) - set(GOAL_KEYS))
    if unknown:
        return f"a Glik goal has no {unknown[0]!r} (only {', '.join(GOAL_KEYS)})"
    player = goal.get("player")
    if not _whole(player) or player < 0 or (players is not None and player >= players):
        seats = f" (0 for seat 1 to {players - 1} for seat {players})" if players else ""
        return f"the goal's 'player' must be a seat's index{seats}, not {player!r}"
    count, stones = goal.get("count"), goal.get("stones")
    if (count is None) == (stones is None):
        return 'a Glik goal has either "count" or "stones"'
    if count is not None and (not _whole(count) or not 1 <= count <= ROWS * COLS):
        return f"the goal's 'count' must be a whole number of stones from 1, not {count!r}"
    if stones is not None:
        if not isinstance(stones, list) or not stones or len(stones) > ROWS * COLS:
            return "the goal's 'stones' must be a list of fields [row, column]"
        for cell in stones:
            if (not isinstance(cell, list) or len(cell) != 2 or not all(map(_whole, cell))
                    or not (0 <= cell[0] < ROWS and 0 <= cell[1] < COLS)):
                return (f"the goal's stone {cell!r} is not a field of the board "
                        f"([row, column], rows 0 to {ROWS - 1}, columns 0 to {COLS - 1})")
    kinds = goal.get("actions", list(DEFAULT_KINDS))
    if not isinstance(kinds, list) or not kinds or not all(isinstance(k, str) for k in kinds) \
            or set(kinds) - set(KINDS):
        return f"the goal's 'actions' must be a list of {', '.join(KINDS)}"
    return None
