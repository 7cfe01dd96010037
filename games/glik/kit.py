"""The Glik board kit (data/kit.json) and the assembled board a renderer draws.

Coordinates: the assembled board is a grid of `ROWS` x `COLS` fields, addressed (row, col)
with (0, 0) the top-left field (yellow's starting corner); rows grow downwards ("S"), columns
to the right ("E"). A small board sits in a slot (slot_row, slot_col) of a 4 x 6 slot grid and
covers rows 4*slot_row .. 4*slot_row+3 and cols 4*slot_col .. 4*slot_col+3.

Cell kinds: "empty" (a plain field), "excluded" (brown), "start" (a coloured starting field),
"destination" (a coloured destination field) and "void" (a "?" slot not yet filled in setup).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from flickbook import resources

KIT_PATH = resources.path("games.glik", "data", "kit.json")

EMPTY, EXCLUDED, START, DESTINATION, VOID = "empty", "excluded", "start", "destination", "void"
_SYMBOL = {".": EMPTY, "#": EXCLUDED, "S": START, "D": DESTINATION}


@lru_cache(maxsize=1)
def load_kit() -> dict:
    """The kit data file, parsed and checked once."""
    data = json.loads(KIT_PATH.read_text())
    n = data["board_size"]
    ids = [b["id"] for b in data["boards"]]
    if ids != list(range(len(ids))) or len(ids) != 24:
        raise ValueError("kit.json: boards must be 24, numbered 0..23 in order")
    for b in data["boards"]:
        if len(b["rows"]) != n or any(len(r) != n or set(r) - set(_SYMBOL) for r in b["rows"]):
            raise ValueError(f"kit.json: board {b['id']} is not {n}x{n} of . # S D")
    return data


KIT = load_kit()
SIZE = KIT["board_size"]
SLOT_ROWS = len(KIT["layout"])
SLOT_COLS = len(KIT["layout"][0])
ROWS = SLOT_ROWS * SIZE
COLS = SLOT_COLS * SIZE
COLOURS: tuple[str, ...] = tuple(KIT["colours"])
NEUTRAL = "neutral"
#: the "?" slots in row-major order; a layout lists (board, rotation) for each of them
OPEN_SLOTS: tuple[tuple[int, int], ...] = tuple(
    (r, c) for r in range(SLOT_ROWS) for c in range(SLOT_COLS) if KIT["layout"][r][c] == "?")
#: the "?" slot to the right of each colour's starting board, as its player sits at the corner
#: facing the centre: the next slot counter-clockwise round the board edge
FIRST_SLOT: dict[str, tuple[int, int]] = {k: tuple(v) for k, v in KIT["first_slot"].items()}
#: the other reading (house rule first_board_clockwise): the next slot clockwise
FIRST_SLOT_CLOCKWISE: dict[str, tuple[int, int]] = {
    k: tuple(v) for k, v in KIT["first_slot_clockwise"].items()}
FIXED_SLOTS: dict[tuple[int, int], int] = {
    (r, c): v for r in range(SLOT_ROWS) for c in range(SLOT_COLS)
    if (v := KIT["layout"][r][c]) != "?"}
OPEN_BOARDS: tuple[int, ...] = tuple(b["id"] for b in KIT["boards"] if b["kind"] == "open")
STANDARD_FILL: tuple[tuple[int, int], ...] = tuple(tuple(x) for x in KIT["standard_fill"])


def rotate_rows(rows, quarter_turns: int) -> tuple[str, ...]:
    """The board's symbol rows turned `quarter_turns` times clockwise."""
    grid = [list(r) for r in rows]
    for _ in range(quarter_turns % 4):
        n = len(grid)
        grid = [[grid[n - 1 - c][r] for c in range(n)] for r in range(n)]
    return tuple("".join(r) for r in grid)


@dataclass(frozen=True)
class Cell:
    """One field of the assembled board: its kind, its colour (start/destination fields) and
    the small board it belongs to (slot and kit board id; board None for an unfilled slot)."""

    kind: str
    colour: str | None
    slot: tuple[int, int]
    board: int | None


@dataclass(frozen=True)
class SlotInfo:
    """One small board as laid: for renderers drawing board outlines and for setup."""

    slot: tuple[int, int]
    kind: str  # "start", "destination", "open" ("?" slot)
    board: int | None  # kit board id, None while the slot is empty
    rotation: int
    origin: tuple[int, int]  # (row, col) of its top-left field
    size: int


class Board:
    """The assembled board for one layout (immutable; shared between states via a cache)."""

    rows = ROWS
    cols = COLS

    def __init__(self, fill: tuple):
        self.fill = fill  # per OPEN_SLOTS entry: (board, rotation) or None
        kinds: list[str] = []
        cells: list[Cell] = []
        slot_infos: list[SlotInfo] = []
        grid: dict[tuple[int, int], Cell] = {}
        placed = dict(zip(OPEN_SLOTS, fill))
        self.start_cell: dict[str, tuple[int, int]] = {}
        self.dest_cell: dict[str, tuple[int, int]] = {}
        for sr in range(SLOT_ROWS):
            for sc in range(SLOT_COLS):
                if (sr, sc) in FIXED_SLOTS:
                    bid, rot = FIXED_SLOTS[(sr, sc)], 0
                    kind = KIT["boards"][bid]["kind"]
                else:
                    kind = "open"
                    entry = placed[(sr, sc)]
                    bid, rot = (entry if entry is not None else (None, 0))
                slot_infos.append(SlotInfo((sr, sc), kind, bid, rot, (sr * SIZE, sc * SIZE), SIZE))
                if bid is None:
                    rows = ("?" * SIZE,) * SIZE
                    colour = None
                else:
                    b = KIT["boards"][bid]
                    rows = rotate_rows(b["rows"], rot)
                    colour = b.get("colour")
                for r in range(SIZE):
                    for c in range(SIZE):
                        sym = rows[r][c]
                        k = VOID if sym == "?" else _SYMBOL[sym]
                        pos = (sr * SIZE + r, sc * SIZE + c)
                        col = colour if k in (START, DESTINATION) else None
                        grid[pos] = Cell(k, col, (sr, sc), bid)
                        if k == START:
                            self.start_cell[colour] = pos
                        elif k == DESTINATION:
                            self.dest_cell[colour] = pos
        for r in range(ROWS):
            for c in range(COLS):
                cells.append(grid[(r, c)])
                kinds.append(grid[(r, c)].kind)
        self._cells = tuple(cells)
        self.kinds = tuple(kinds)  # flat, index r*COLS+c
        self.slots = tuple(slot_infos)
        self.start_board_cells = frozenset(
            i for i, cell in enumerate(cells) if FIXED_SLOTS.get(cell.slot) in (0, 1, 2, 3))
        #: colour -> the 16 fields of its starting board
        self.start_board_of = {
            colour: frozenset(i for i, cell in enumerate(cells)
                              if FIXED_SLOTS.get(cell.slot) == COLOURS.index(colour))
            for colour in COLOURS}
        self.complete = all(e is not None for e in fill)

    def cell(self, r: int, c: int) -> Cell:
        """The field at (row, col); IndexError outside the board."""
        if not (0 <= r < ROWS and 0 <= c < COLS):
            raise IndexError(f"({r},{c}) is off the board")
        return self._cells[r * COLS + c]

    def in_bounds(self, r: int, c: int) -> bool:
        return 0 <= r < ROWS and 0 <= c < COLS

    def blocks_slide(self, r: int, c: int) -> bool:
        """Fields a sliding stone cannot enter whatever stones lie about: edge, brown
        excluded fields, coloured destination fields (and unfilled slots)."""
        if not self.in_bounds(r, c):
            return True
        return self.kinds[r * COLS + c] in (EXCLUDED, DESTINATION, VOID)

    def ascii(self) -> str:
        """A text picture ('.', '#', 'S', 'D', '?') for debugging and docs."""
        sym = {EMPTY: ".", EXCLUDED: "#", START: "S", DESTINATION: "D", VOID: "?"}
        return "\n".join("".join(sym[self.kinds[r * COLS + c]] for c in range(COLS))
                         for r in range(ROWS))


@lru_cache(maxsize=256)
def board_for(fill: tuple) -> Board:
    """The (cached, shared) Board for a fill of the "?" slots."""
    return Board(fill)
