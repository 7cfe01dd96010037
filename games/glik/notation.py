"""Glik's readable notation: board coordinates for people, beside the canonical action text.

The canonical text (`slide 11,23 S`) is what files keep; this module writes the same action the
way a player reads it off the board (`Y x5 down to x3`), like SAN beside UCI in chess.

Coordinates are a chess board's: columns are letters a, b, c, ... from the west edge, rows are
numbers 1, 2, 3, ... from the south edge (the edge nearest the first seat), so field (row 0,
col 0), yellow's starting corner, is `a16`. Slides go up (north), down (south), left (west) or
right (east) as seen from the south edge. Stones are written by colour: Y yellow, R red,
G green, B blue, N neutral.
"""
from __future__ import annotations

import re
from typing import Iterable

from games.api import Event
from games.glik import actions as A
from games.glik.goal_words import (COLUMN_LETTERS, cell_name, cells_text,  # noqa: F401
                                   describe_goal, goal_text)
from games.glik.kit import COLS, NEUTRAL, ROWS, SIZE
from games.glik.rules import colour_of, slide_path

DIRECTION_WORDS = {"N": "up", "S": "down", "E": "right", "W": "left"}
STONE_LETTERS = {"yellow": "Y", "red": "R", "green": "G", "blue": "B", NEUTRAL: "N"}
_CELL = re.compile(r"([a-z])(\d{1,2})")


def parse_cell(text: str) -> tuple[int, int]:
    """The (row, col) of a field written like `e7`; ValueError if it is not a field."""
    m = _CELL.fullmatch(text.strip().lower())
    if not m or m[1] not in COLUMN_LETTERS or not 1 <= int(m[2]) <= ROWS:
        raise ValueError(f"{text!r} is not a Glik field (a1 to {COLUMN_LETTERS[-1]}{ROWS})")
    return ROWS - int(m[2]), COLUMN_LETTERS.index(m[1])


def column_labels() -> list[tuple[int, str]]:
    """(column, letter) for the labels along the south and north edges."""
    return list(enumerate(COLUMN_LETTERS))


def row_labels() -> list[tuple[int, str]]:
    """(row, number) for the labels along the west and east edges."""
    return [(r, str(ROWS - r)) for r in range(ROWS)]


def slot_name(slot) -> str:
    """The fields a small board covers in slot (slot_row, slot_col), e.g. `e9-h12`."""
    r0, c0 = slot[0] * SIZE, slot[1] * SIZE
    return f"{cell_name((r0 + SIZE - 1, c0))}-{cell_name((r0, c0 + SIZE - 1))}"


def stone_letter(colour: str | None) -> str:
    return STONE_LETTERS.get(colour, "?")


def move_text(state, action, events: Iterable[Event] = ()) -> str:
    """`action`, played in `state` (the position before it), as a player writes it.

    `events` (the Step's, when known) add what came of it: a stone that comes to touch its
    destination is marked `, touches`.
    """
    events = tuple(events)
    if isinstance(action, A.Deal):
        return f"deal board {action.board}"
    if isinstance(action, A.LayBoard):
        turn = f", turned {action.rotation * 90} deg" if action.rotation else ""
        return f"board {action.board} on {slot_name(action.slot)}{turn}"
    mover = _mover_letter(state)
    if isinstance(action, A.Place):
        text = f"{mover} in at {cell_name(action.cell)}"
    elif isinstance(action, A.PlaceNeutral):
        text = f"N in at {cell_name(action.cell)}"
    elif isinstance(action, A.Slide):
        text = _slide_text(state, action)
    elif isinstance(action, A.MoveNeutral):
        text = f"N {cell_name(action.cell)} to {cell_name(action.to)}"
    elif isinstance(action, A.EndTurn):
        return f"{mover} ends the turn"
    elif isinstance(action, A.OfferEnd):
        return f"{mover} offers to end"
    elif isinstance(action, A.Agree):
        return f"{mover} agrees to end"
    else:
        return str(action)
    touched = [e for e in events if e.kind == "touched"]
    if touched:
        text += ", touches" if len(touched) == 1 else ", " + " and ".join(
            f"{stone_letter(e.data.get('colour'))} touches" for e in touched)
    return text


def _mover_letter(state) -> str:
    try:
        return stone_letter(state.colours[state.turn])
    except (AttributeError, IndexError):
        return "?"


def _slide_text(state, action: A.Slide) -> str:
    """`Y e7 up to e12`: the stone, where it starts, which way, and where the rules stop it."""
    r, c = action.cell
    start = f"{cell_name(action.cell)} {DIRECTION_WORDS[action.direction]}"
    try:
        colour = colour_of(state.stones[r * COLS + c])
        path = slide_path(state.stones, state.board, action.cell, action.direction)
    except (AttributeError, IndexError, ValueError):
        return f"? {start}"
    text = f"{stone_letter(colour)} {start}"
    return f"{text} to {cell_name(path[-1])}" if path else text
