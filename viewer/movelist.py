"""The move list of the right panel, with the Lichess analysis board as the model.

The record tree becomes a flat list of `Row`s (`move_rows`): the main line one move a row;
each move's alternatives follow it, indented one level deeper, before the main line goes on;
a comment is a row of its own under its move. A variation opens and closes on the marker
beside its first move (or the O key); a closed one shows that first move and how many moves it
hides. Long moves and comments wrap inside the panel (their height is measured with the font's
own text layout). Only the window of rows on screen is measured and drawn: a long record costs
its flat list (cheap tuples) and a screenful of text, whatever its length.

The pure parts (`move_rows`, `fill_window`, `first_showing`) know nothing of Panda, so the
scrolling rules are tested without a window; `MoveList` draws the window of rows.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Callable, Container

#: Aspect2d units: each variation level indents its rows by this much (up to MAX_INDENT levels,
#: so that a deep line keeps room for its words).
INDENT = 0.05
MAX_INDENT = 6
MARKER_W = 0.036  # the open/close marker's square, in the indent left of a variation's move
MOVE_SCALE = 0.034
COMMENT_SCALE = 0.034  # viewer.layout.SMALL
MOVE_PAD = 0.0085  # above and below a move's text
COMMENT_PAD = 0.004
TEXT_GAP = 0.008  # between a row's left edge and its text
COMMENT_MAX_LINES = 12  # a longer comment row ends in an ellipsis (the comment box has it all)

#: Lichess's glyph colours: good green, brilliant teal, mistake orange, blunder red.
GLYPH_COLOURS = {"!": (0.42, 0.80, 0.42, 1), "!!": (0.30, 0.82, 0.82, 1),
                 "?": (1.0, 0.66, 0.20, 1), "??": (1.0, 0.40, 0.36, 1),
                 "!?": (0.92, 0.52, 0.90, 1), "?!": (0.45, 0.72, 0.98, 1)}
DIM = (0.62, 0.63, 0.66, 1)
NBSP = "\u00a0"  # glyphs and marks stay on their move's last word when a line wraps
COMMENT_FG = (0.78, 0.80, 0.74, 1)


@dataclass(slots=True)
class Row:
    """One line of the move list: a move, or the comment under a move.

    `head` marks a variation's first move (it carries the open/close marker); a `closed` head
    hides the `hidden` moves after it. A mark of another part of the viewer (a lesson's "your
    turn") is a function in `MoveList.badges`."""

    node: object
    depth: int
    kind: str = "move"  # "move" or "comment"
    head: bool = False
    closed: bool = False
    hidden: int = 0


def move_rows(root, closed: Container = frozenset(), comments: bool = True) -> list[Row]:
    """The rows of the tree under `root`, chess-style: each move's alternatives follow it, one
    level deeper, before the main line goes on; a closed variation is its first move alone."""
    out: list[Row] = []

    def add(node, depth: int, head: bool) -> bool:
        shut = head and node in closed
        hidden = sum(1 for _ in node.iter_subtree()) - 1 if shut else 0
        out.append(Row(node, depth, "move", head, shut, hidden))
        if comments and node.comment and not shut:
            out.append(Row(node, depth, "comment"))
        return shut

    def line(start, depth: int) -> None:  # recursion only per nested variation
        cur = start
        while cur.variations:
            main, alts = cur.variations[0], cur.variations[1:]
            add(main, depth, False)
            for alt in alts:
                if not add(alt, depth + 1, True):
                    line(alt, depth + 1)
            cur = main

    line(root, 0)
    return out


def tree_rows(root) -> list[tuple[object, int]]:
    """(node, depth) for every node but the root, every variation open, comments left out."""
    return [(r.node, r.depth) for r in move_rows(root, comments=False)]


def fill_window(rows, first: int, height: float, height_of: Callable) -> list[tuple[int, float, float]]:
    """(row index, top, height) of the whole rows that fit from `first` down into `height`
    (the first one always, so a row taller than the list still shows)."""
    out = []
    y = 0.0
    k = max(0, first)
    while k < len(rows):
        h = height_of(rows[k])
        if out and y + h > height + 1e-9:
            break
        out.append((k, y, h))
        y += h
        k += 1
    return out


def last_first(rows, height: float, height_of: Callable) -> int:
    """The largest first row that still fills the list (no blank space after the last row)."""
    k, y = len(rows), 0.0
    while k > 0:
        h = height_of(rows[k - 1])
        if y + h > height + 1e-9:
            break
        y += h
        k -= 1
    return k


def _with_its_move(rows, k: int) -> int:
    """A window starting on a comment starts on its move instead (the move says whose)."""
    return k - 1 if 0 < k < len(rows) and getattr(rows[k], "kind", "move") == "comment" else k


def first_showing(rows, target: int, first: int, height: float, height_of: Callable,
                  above: float = 1 / 3) -> int:
    """The first row to show so that row `target` is whole in view: `first` when it already
    is, else `target` about `above` of the list's height from the top."""
    if not 0 <= target < len(rows):
        return max(0, min(first, last_first(rows, height, height_of)))
    window = fill_window(rows, first, height, height_of)
    if window and window[0][0] <= target <= window[-1][0]:
        return first
    k, y = target, 0.0
    while k > 0:
        h = height_of(rows[k - 1])
        if y + h > height * above:
            break
        y += h
        k -= 1
    k = max(0, min(k, last_first(rows, height, height_of)))
    earlier = _with_its_move(rows, k)
    if earlier != k and fill_window(rows, earlier, height, height_of)[-1][0] >= target:
        return earlier
    return k


def inside(node, head) -> bool:
    """Whether `node` lies in the variation that starts at `head` (past `head` itself)."""
    cur = node.parent if node is not None else None
    while cur is not None:
        if cur is head:
            return True
        cur = cur.parent
    return False


# --- drawing ------------------------------------------------------------------------------------

def _properties():
    """Register the move list's text colours (Panda's embedded \\1name\\1 ... \\2 runs)."""
    from panda3d.core import TextProperties, TextPropertiesManager

    manager = TextPropertiesManager.getGlobalPtr()
    if manager.hasProperties("ml-dim"):
        return
    from viewer.scene import DRAWING_RGBA

    for name, colour in ([("ml-dim", DIM)]
                         + [(f"ml-glyph{i}", c) for i, c in enumerate(GLYPH_COLOURS.values())]
                         + [(f"ml-draw-{k}", c[:3] + (1,)) for k, c in DRAWING_RGBA.items()]):
        tp = TextProperties()
        tp.setTextColor(*colour)
        manager.setProperties(name, tp)


def _glyph_run(glyph: str) -> str:
    names = list(GLYPH_COLOURS)
    if glyph in names:
        return f"\1ml-glyph{names.index(glyph)}\1{glyph}\2"
    return glyph


def _plain(text: str) -> str:
    """User text without Panda's embedded-property control characters."""
    return text.replace("\1", "").replace("\2", "")


class RowSlot:
    """One drawn row: a flat button (click: go there; right click: the menu), its text, and
    for a variation's first move a small open/close marker to its left."""

    def __init__(self, moves: "MoveList", index: int):
        from direct.gui import DirectGuiGlobals as DGG
        from direct.gui.DirectGui import DirectButton
        from panda3d.core import TextNode

        self.moves = moves
        self.index = index
        self.button = DirectButton(parent=moves.parent, relief=DGG.FLAT, pressEffect=0,
                                   frameSize=(0, 0.1, -0.05, 0), text="",
                                   frameColor=moves.ROW_COLOURS,
                                   command=moves.clicked, extraArgs=[index])
        self.button.bind(DGG.B3PRESS, moves.menu_asked, [index])
        self.number = TextNode(f"move-number-{index}")  # "12." in a column of its own
        self.number.setAlign(TextNode.ALeft)
        self.number.setTextColor(*DIM)
        self.number_np = self.button.attachNewNode(self.number)
        self.text = TextNode(f"move-row-{index}")  # so that wrapped lines hang under the move
        self.text.setAlign(TextNode.ALeft)
        self.text_np = self.button.attachNewNode(self.text)
        self.marker = None
        self.guides: list = []  # one thin line per variation level the row lies in
        self.shown: dict = {}  # what the widgets show now, so a refresh changes only what differs

    def set(self, key: str, value, apply) -> None:
        if self.shown.get(key, object()) != value:
            self.shown[key] = value
            apply(value)

    def show_marker(self, x: float, z: float, closed: bool) -> None:
        """The open/close square: a minus while the variation is open, a plus when closed
        (drawn as bars: the font's own signs are too small to aim at)."""
        from direct.gui import DirectGuiGlobals as DGG
        from direct.gui.DirectGui import DirectButton
        from panda3d.core import CardMaker

        if self.marker is None:
            h = MARKER_W / 2
            self.marker = DirectButton(parent=self.moves.parent, relief=DGG.FLAT, pressEffect=1,
                                       frameSize=(-h, h, -h, h), text="",
                                       frameColor=((0.26, 0.28, 0.34, 1), (0.42, 0.46, 0.55, 1),
                                                   (0.42, 0.46, 0.55, 1), (0.26, 0.28, 0.34, 1)),
                                       command=self.moves.marker_clicked, extraArgs=[self.index])
            bars = []
            for w, t in ((MARKER_W * 0.56, 0.005), (0.005, MARKER_W * 0.56)):
                card = CardMaker("marker-bar")
                card.setFrame(-w / 2, w / 2, -t / 2, t / 2)
                bar = self.marker.attachNewNode(card.generate())
                bar.setColor(0.95, 0.95, 0.92, 1)
                bars.append(bar)
            self.marker_bars = bars
        self.marker.show()
        self.set("marker_pos", (x, z), lambda p: self.marker.setPos(p[0], 0, p[1]))
        self.set("marker_closed", closed,
                 lambda shut: self.marker_bars[1].show() if shut else self.marker_bars[1].hide())

    def show_guides(self, spans) -> None:
        """Vertical lines (x, bottom, top) down the left of each variation the row is in."""
        from panda3d.core import CardMaker

        while len(self.guides) < len(spans):
            card = CardMaker(f"variation-guide-{self.index}")
            card.setFrame(-0.5, 0.5, 0, 1)
            guide = self.moves.parent.attachNewNode(card.generate())
            guide.setColor(0.36, 0.39, 0.45, 1)
            self.guides.append(guide)
        for guide, span in zip(self.guides, spans):
            guide.show()
            guide.setPos(span[0], 0, span[1])
            guide.setScale(0.003, 1, max(span[2] - span[1], 1e-4))
        for guide in self.guides[len(spans):]:
            guide.hide()

    def hide(self) -> None:
        self.button.hide()
        if self.marker is not None:
            self.marker.hide()
        for guide in self.guides:
            guide.hide()
        self.shown.pop("visible", None)


class MoveList:
    """The window of rows drawn in the panel's box `(left, top, right, bottom)` (the parent's
    coordinates). It keeps which variations are closed and the first row shown."""

    def __init__(self, app, parent, box, *, go_to, menu):
        from panda3d.core import CardMaker, TextNode

        _properties()
        self.app = app
        self.parent = parent
        self.left, self.top, self.right, self.bottom = box
        self.go_to, self.menu = go_to, menu
        self.closed: weakref.WeakSet = weakref.WeakSet()
        #: Functions node -> str or None: words added after a move (a lesson's "your turn").
        self.badges: list[Callable] = []
        self.first = 0
        self.rows: list[Row] = []
        self.window: list[tuple[int, float, float]] = []
        self.slots: list[RowSlot] = []
        self._session = None
        self._cursor = None
        self._stale = True  # the rows are rebuilt when the tree or its annotations changed
        self._index: dict = {}  # node -> its move row
        self._labels: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._lines: dict = {}
        self._widths: dict = {}
        self._measure = TextNode("move-list-measure")
        self._measure.setAlign(TextNode.ALeft)
        self._measure.setText("Ag")
        self._font_top = self._measure.getFrameActual()[3]  # the font's ascent (text units)
        self._line_h = self._measure.getLineHeight()
        card = CardMaker("move-list-cursor")  # drawn before the rows, so behind them
        card.setFrame(0, 1, -1, 0)
        self.cursor_card = parent.attachNewNode(card.generate())
        self.cursor_card.setColor(0.30, 0.24, 0.12, 1)
        self.cursor_card.hide()

    # --- geometry (parent coordinates) -----------------------------------------------------------
    @property
    def height(self) -> float:
        return self.top - self.bottom

    def text_left(self, depth: int) -> float:
        """Where a row of this variation depth starts (its marker sits just left of it)."""
        return self.left + min(depth, MAX_INDENT) * INDENT

    def wrap_width(self, row: Row) -> float:
        """The width the row's text may take, in aspect2d units."""
        extra = INDENT * 0.5 if row.kind == "comment" else 0.0
        return self.right - self.text_left(row.depth) - extra - 2 * TEXT_GAP

    @staticmethod
    def scale(row: Row) -> float:
        return COMMENT_SCALE if row.kind == "comment" else MOVE_SCALE

    def text_of(self, row: Row) -> str:
        """The row's words after its number column."""
        if row.kind == "comment":
            return _plain(row.node.comment)
        return self.move_text(row)

    @staticmethod
    def number_of(row: Row) -> str:
        return f"{row.node.ply}. " if row.kind == "move" else ""

    def number_width(self, number: str) -> float:
        """The number column's width in text units (its wrapped lines hang right of it)."""
        w = self._widths.get(number)
        if w is None:
            w = self._widths[number] = self._measure.calcWidth(number) if number else 0.0
        return w

    def move_text(self, row: Row) -> str:
        """A move's words: the game's notation, glyphs, the analysis' loss, a dot per colour
        drawn, badges, and for a closed variation how many moves it hides."""
        node = row.node
        label = self._labels.get(node)
        if label is None:
            label = self._labels[node] = _plain(self.app.scene.action_label(node))
        text = label
        if node.glyphs:
            text += NBSP + "".join(_glyph_run(g) for g in node.glyphs)
        found = node.analysis or {}
        if found.get("glyph") and found.get("loss"):  # what the analysis says it cost
            text += f" \1ml-dim\1-{found['loss']:.2f}\2"
        if node.drawings:  # a dot in each colour drawn here: arrows or marked fields to see
            colours = dict.fromkeys(d.colour for d in node.drawings)
            text += NBSP + "".join(f"\1ml-draw-{c}\1\u2022\2" for c in colours)
        for badge in self.badges:
            words = badge(node)
            if words:
                text += " " + _plain(words)
        if row.closed:
            more = f"{row.hidden}{NBSP}more{NBSP}move" + ("s" if row.hidden != 1 else "")
            text += f" \1ml-dim\1({more})\2"
        return text

    def lines_of(self, row: Row) -> int:
        """How many lines the row's text wraps to (the font's own layout, cached by text)."""
        text, scale = self.text_of(row), self.scale(row)
        wrap = self.wrap_width(row) / scale - self.number_width(self.number_of(row))
        key = (text, round(wrap, 4))
        n = self._lines.get(key)
        if n is None:
            if len(self._lines) > 20000:
                self._lines.clear()
            self._measure.setWordwrap(wrap)
            self._measure.setText(text)
            n = self._lines[key] = max(1, self._measure.getNumRows())
        return min(n, COMMENT_MAX_LINES) if row.kind == "comment" else n

    def height_of(self, row: Row) -> float:
        pad = COMMENT_PAD if row.kind == "comment" else MOVE_PAD
        return self.lines_of(row) * self._line_h * self.scale(row) + 2 * pad

    # --- what is shown ---------------------------------------------------------------------------
    def refresh(self, session, force: bool = False) -> None:
        """Lay out the tree as rows; bring the cursor's row into view when the cursor moved
        (a jump from the scrub bar, the win graph, a key, a branch change) or `force`.
        The rows are rebuilt only when the tree or an annotation changed (the session says
        so), so stepping along a long record costs a screenful of rows, not the record."""
        cursor = session.node
        if self._session is not session:
            if self._session is not None and self._heard in self._session.listeners:
                self._session.listeners.remove(self._heard)
            session.listeners.append(self._heard)
            self._session = session
            self.first = 0
            self._stale = True
        self._open_to(cursor)
        if self._stale or force:
            self._stale = False
            self.rows = move_rows(session.record.root, self.closed)
            self._index = {r.node: i for i, r in enumerate(self.rows) if r.kind == "move"}
        if force or cursor is not self._cursor:
            self._cursor = cursor
            self.first = first_showing(self.rows, self.row_of(cursor), self.first, self.height,
                                       self.height_of)
        self.first = max(0, min(self.first, last_first(self.rows, self.height, self.height_of)))
        self.draw()

    def _heard(self, what: str) -> None:
        if what != "cursor":
            self._stale = True

    def _open_to(self, node) -> None:
        """Open every closed variation that hides `node` (the cursor is always on a row)."""
        if not self.closed:
            return
        cur = node.parent
        while cur is not None:
            if cur in self.closed:
                self.closed.discard(cur)
                self._stale = True
            cur = cur.parent

    def row_of(self, node) -> int:
        return self._index.get(node, -1)

    def scroll_by(self, n: int) -> None:
        first = max(0, min(self.first + n, last_first(self.rows, self.height, self.height_of)))
        self.first = _with_its_move(self.rows, first)
        self.draw()

    def draw(self) -> None:
        self.window = fill_window(self.rows, self.first, self.height, self.height_of)
        while len(self.slots) < len(self.window):
            self.slots.append(RowSlot(self, len(self.slots)))
        cursor = self._cursor
        self.cursor_card.hide()
        for slot, (k, y, h) in zip(self.slots, self.window):
            row = self.rows[k]
            current = row.node is cursor
            self._draw_row(slot, row, self.top - y, h, current)
            if current and row.kind == "move":
                x = self.text_left(row.depth)
                self.cursor_card.setPos(x, 0, self.top - y)
                self.cursor_card.setScale(self.right - x, 1, h)
                self.cursor_card.show()
        for slot in self.slots[len(self.window):]:
            slot.hide()

    def _draw_row(self, slot: RowSlot, row: Row, z: float, h: float, current: bool) -> None:
        if "visible" not in slot.shown:
            slot.button.show()
            slot.shown["visible"] = True
        x = self.text_left(row.depth)
        slot.set("pos", (x, z), lambda p: slot.button.setPos(p[0], 0, p[1]))
        slot.set("frame", (0, self.right - x, -h, 0),
                 lambda f: slot.button.__setitem__("frameSize", f))
        scale = self.scale(row)
        indent = INDENT * 0.5 if row.kind == "comment" else 0.0
        pad = COMMENT_PAD if row.kind == "comment" else MOVE_PAD
        number = self.number_of(row)
        shift = self.number_width(number)
        baseline = -pad - self._font_top * scale
        slot.set("number", number, slot.number.setText)
        slot.set("number_at", (indent + TEXT_GAP, baseline, scale),
                 lambda t: (slot.number_np.setPos(t[0], 0, t[1]), slot.number_np.setScale(t[2])))
        slot.set("text_at", (indent + TEXT_GAP + shift * scale, baseline, scale),
                 lambda t: (slot.text_np.setPos(t[0], 0, t[1]), slot.text_np.setScale(t[2])))
        wrap = self.wrap_width(row) / scale - shift
        slot.set("wrap", wrap, slot.text.setWordwrap)
        slot.set("max_rows", COMMENT_MAX_LINES if row.kind == "comment" else 0,
                 slot.text.setMaxRows)
        slot.set("text", self.text_of(row), slot.text.setText)
        slot.set("slant", 0.18 if row.kind == "comment" else 0.0, slot.text.setSlant)
        if row.kind == "comment":
            fg = COMMENT_FG
        elif current:
            fg = (0.98, 0.80, 0.40, 1)
        else:
            fg = self.app.scene.action_colour(row.node) or (0.93, 0.93, 0.90, 1)
        slot.set("fg", tuple(fg), lambda c: slot.text.setTextColor(*c))
        marker_z = z - MOVE_PAD - self._line_h * MOVE_SCALE / 2  # beside the move's first line
        if row.head:
            slot.show_marker(x - INDENT / 2, marker_z, row.closed)
        elif slot.marker is not None:
            slot.marker.hide()
        spans = []
        for level in range(1, min(row.depth, MAX_INDENT) + 1):
            gx = self.text_left(level) - INDENT / 2
            top = marker_z - MARKER_W / 2 if row.head and level == min(row.depth, MAX_INDENT) else z
            if not (row.head and row.closed and level == min(row.depth, MAX_INDENT)):
                spans.append((gx, z - h, top))
        slot.set("guides", tuple(spans), slot.show_guides)

    #: A row's frame: clear, lit under the pointer (the cursor's row has a card behind it).
    ROW_COLOURS = ((0, 0, 0, 0), (0.34, 0.38, 0.46, 0.8), (0.34, 0.38, 0.46, 0.8), (0, 0, 0, 0))

    # --- what a click does -----------------------------------------------------------------------
    def row_at(self, slot: int) -> Row | None:
        if 0 <= slot < len(self.window):
            return self.rows[self.window[slot][0]]
        return None

    def clicked(self, slot: int) -> None:
        row = self.row_at(slot)
        if row is not None:
            self.go_to(row.node)

    def menu_asked(self, slot: int, _event=None) -> None:
        row = self.row_at(slot)
        if row is not None:
            self.menu(row.node, self.slots[slot].button)

    def marker_clicked(self, slot: int) -> None:
        row = self.row_at(slot)
        if row is not None and row.head:
            self.toggle(row.node)

    def toggle(self, head) -> None:
        """Open or close the variation that starts at `head`; closing the one the cursor is in
        takes the cursor to its first move (still shown), so the cursor is never hidden."""
        self._stale = True
        if head in self.closed:
            self.closed.discard(head)
        else:
            self.closed.add(head)
            session = self._session
            if session is not None and inside(session.node, head):
                self.go_to(head)
        if self._session is not None:
            self.refresh(self._session, force=True)

    def toggle_here(self, node) -> str:
        """The O key: open or close the variations that branch at `node` (its alternatives,
        shown under it); with none there, close the variation `node` lies in."""
        if node.parent is not None and node.is_main_variation() and len(node.parent.variations) > 1:
            alts = node.parent.variations[1:]
            self._stale = True
            if any(a in self.closed for a in alts):
                for a in alts:
                    self.closed.discard(a)
                said = "Variations opened"
            else:
                for a in alts:
                    self.closed.add(a)
                said = "Variations closed"
            if self._session is not None:
                self.refresh(self._session, force=True)
            return said
        cur = node
        while cur is not None and cur.parent is not None:
            if not cur.is_main_variation():
                self.toggle(cur)
                return "Variation closed" if cur in self.closed else "Variation opened"
            cur = cur.parent
        return "No variation here"

    # --- for tests and the probe -------------------------------------------------------------
    def boxes(self, text: bool = True) -> list[dict]:
        """The rows on screen: kind, node path, depth, and the row's, its text's and its
        marker's boxes in the parent's coordinates (left, bottom, right, top)."""
        out = []
        for slot, (k, y, h) in zip(self.slots, self.window):
            row = self.rows[k]
            lo = hi = None
            if text:
                lo, hi = slot.text_np.getTightBounds(self.parent) or (None, None)
                if row.kind == "move" and lo is not None:  # with its number column
                    lo = lo.fmin(slot.number_np.getTightBounds(self.parent)[0])
            item = {"kind": row.kind, "path": list(row.node.path), "depth": row.depth,
                    "head": row.head, "closed": row.closed,
                    "row": [self.text_left(row.depth), self.top - y - h, self.right, self.top - y],
                    "text": [lo.x, lo.z, hi.x, hi.z] if lo is not None else None}
            if row.head and slot.marker is not None:
                b = slot.marker.getBounds()
                p = slot.marker.getPos()
                item["marker"] = [p.x + b[0], p.z + b[2], p.x + b[1], p.z + b[3]]
            out.append(item)
        return out

    def pixels(self) -> list[dict]:
        """`boxes` in window pixels (left, top, right, bottom), for the probe and real-window
        tests: where a hand clicks a row or its marker."""
        win = self.app.win
        w, h = win.getXSize(), win.getYSize()
        render2d = self.app.render2d

        def px(box):
            a = render2d.getRelativePoint(self.parent, (box[0], 0, box[3]))
            b = render2d.getRelativePoint(self.parent, (box[2], 0, box[1]))
            return [round((a.x + 1) / 2 * w, 1), round((1 - a.z) / 2 * h, 1),
                    round((b.x + 1) / 2 * w, 1), round((1 - b.z) / 2 * h, 1)]

        out = []
        for item in self.boxes(text=False):
            row = {k: item[k] for k in ("kind", "path", "depth", "head", "closed")}
            row["row"] = px(item["row"])
            if "marker" in item:
                row["marker"] = px(item["marker"])
            out.append(row)
        return out
