"""Glik actions: immutable values with one canonical text each (see docs/rules/glik.md).

    deal 12                      chance: the next board of the deal (to the next seat in turn)
    board 12 rot 1 at 0,1        lay board 12, turned 1 quarter clockwise, in slot (0,1)
    place@0,0                    put one of your stones on your starting field (0,0)
    neutral@5,7                  put a neutral stone on field (5,7)
    slide 3,4 E                  slide the stone on (3,4) east (N, E, S or W)
    move-neutral 5,7>9,2         pick up the neutral stone on (5,7) and put it on (9,2)
    end                          end your turn (unspent action points are lost)
    offer-end                    offer to end the game by agreement (ends your turn)
    agree                        accept the standing offer (ends your turn)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from games.api import IllegalAction

DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


@dataclass(frozen=True)
class Deal:
    board: int

    def __str__(self) -> str:
        return f"deal {self.board}"


@dataclass(frozen=True)
class LayBoard:
    board: int
    rotation: int
    slot: tuple[int, int]

    def __str__(self) -> str:
        return f"board {self.board} rot {self.rotation} at {self.slot[0]},{self.slot[1]}"


@dataclass(frozen=True)
class Place:
    cell: tuple[int, int]

    def __str__(self) -> str:
        return f"place@{self.cell[0]},{self.cell[1]}"


@dataclass(frozen=True)
class PlaceNeutral:
    cell: tuple[int, int]

    def __str__(self) -> str:
        return f"neutral@{self.cell[0]},{self.cell[1]}"


@dataclass(frozen=True)
class Slide:
    cell: tuple[int, int]
    direction: str  # N E S W

    def __str__(self) -> str:
        return f"slide {self.cell[0]},{self.cell[1]} {self.direction}"


@dataclass(frozen=True)
class MoveNeutral:
    cell: tuple[int, int]
    to: tuple[int, int]

    def __str__(self) -> str:
        return f"move-neutral {self.cell[0]},{self.cell[1]}>{self.to[0]},{self.to[1]}"


@dataclass(frozen=True)
class EndTurn:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class OfferEnd:
    def __str__(self) -> str:
        return "offer-end"


@dataclass(frozen=True)
class Agree:
    def __str__(self) -> str:
        return "agree"


_N = r"(\d+)"
_CELL = rf"{_N},{_N}"
_PATTERNS = [
    (re.compile(rf"deal {_N}"), lambda m: Deal(int(m[1]))),
    (re.compile(rf"board {_N} rot ([0-3]) at {_CELL}"),
     lambda m: LayBoard(int(m[1]), int(m[2]), (int(m[3]), int(m[4])))),
    (re.compile(rf"place@{_CELL}"), lambda m: Place((int(m[1]), int(m[2])))),
    (re.compile(rf"neutral@{_CELL}"), lambda m: PlaceNeutral((int(m[1]), int(m[2])))),
    (re.compile(rf"slide {_CELL} ([NESW])"), lambda m: Slide((int(m[1]), int(m[2])), m[3])),
    (re.compile(rf"move-neutral {_CELL}>{_CELL}"),
     lambda m: MoveNeutral((int(m[1]), int(m[2])), (int(m[3]), int(m[4])))),
    (re.compile("end"), lambda m: EndTurn()),
    (re.compile("offer-end"), lambda m: OfferEnd()),
    (re.compile("agree"), lambda m: Agree()),
]


def parse(text: str):
    """The action whose canonical text is `text` (syntax only; legality is `apply`'s job)."""
    t = text.strip()
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(t)
        if m:
            return make(m)
    raise IllegalAction("Not a Glik action (see docs/rules/glik.md for the action texts)", text)
