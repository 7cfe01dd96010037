"""What every text field does beyond Panda's own typing, arrows, Home and End: Ctrl+A selects
the whole text (its box shown lit; the next key typed, Backspace or Delete replaces it), Ctrl+C and
Ctrl+X copy and cut it to the system clipboard, Ctrl+V pastes at the cursor (a field of one
line gets the pasted lines joined by spaces). One listener serves every field of the window:
the field with the keyboard is found among the window's PGEntry nodes, so no field needs to
register.

A field of several lines scrolls (`FieldKeys.scroll`): it holds up to `MAX_LINES` lines, shows
its own few, and keeps the line with the cursor in view as the text grows past them (a long
comment is no longer refused when its box is full); away from the keyboard it shows its top.
"""
from __future__ import annotations

from direct.showbase.DirectObject import DirectObject
from panda3d.core import PGEntry, Point3, ScissorEffect, TextNode

from viewer import clipboard

SELECTED_BG = (0.30, 0.42, 0.66, 1)
#: The most lines a scrolling field holds (a comment of a few paragraphs).
MAX_LINES = 60


class Scrolling:
    """One field of several lines that scrolls: the entry holds `MAX_LINES`, its frame (what
    is drawn and clicked) stays the box of its `visible` lines, a scissor clips the text to
    that box, and the entry moves up by whole lines to keep the cursor's line inside it."""

    def __init__(self, entry_np, visible: int):
        self.np = entry_np
        self.entry: PGEntry = entry_np.node()
        self.visible = visible
        self.frame = tuple(self.entry.getFrame())  # (l, r, b, t): the box, entry units
        self.lines = 0  # lines scrolled up
        self.home = entry_np.getZ()  # where the owner put it, unscrolled
        self.entry.setNumLines(MAX_LINES)
        self.sync()

    def line_height(self) -> float:
        text = self.entry.getTextDef(0)
        return text.getLineHeight() if text is not None else 1.0

    def sync(self) -> None:
        """Scroll to keep the cursor's line in the box while the field has the keyboard, to
        the top when it has not; clip to the box."""
        np, entry = self.np, self.entry
        if np.isEmpty():
            return
        lh = self.line_height()
        if abs(np.getZ() - self._z(self.lines)) > 1e-6:  # the owner moved it (a new layout)
            self.home = np.getZ()
        lines = 0
        if entry.getFocus():
            row = max(0, round(-entry.getCursorY() / lh))  # the cursor's line, 0 at the top
            lines = min(max(self.lines, row - self.visible + 1), row)
            # never past the text's end: a text that shrank (pasted over, cut) fills the box
            # from its top again instead of showing its last line alone
            lines = max(0, min(lines, self.rows() - self.visible))
        self.lines = lines
        l, r, b, t = self.frame
        off = lines * lh
        entry.setFrame(l, r, b - off, t - off)
        np.setZ(self._z(lines))
        parent = np.getParent()
        sx, sz = np.getSx(parent), np.getSz(parent)
        x, z = np.getX(parent), self.home
        # the clip: the box's lines, from their capitals' tops to a little below the last
        # baseline, so no sliver of a line scrolled out shows at an edge
        bot, top = -(self.visible - 1 + 0.2) * lh, 0.85 * lh
        corners = [Point3(x + u * sx, 0, z + v * sz)
                   for u, v in ((l, bot), (r, bot), (r, top), (l, top))]
        np.setEffect(ScissorEffect.makeNode(*corners, parent))

    def rows(self) -> int:
        """How many lines the field's text takes, wrapped as the field wraps it."""
        text = self.entry.getTextDef(0)
        node = TextNode("rows", text) if text is not None else TextNode("rows")
        node.setWordwrap(self.entry.getMaxWidth())
        node.setWtext(self.entry.getPlainWtext())
        return max(1, node.getNumRows())

    def _z(self, lines: int) -> float:
        return self.home + lines * self.line_height() * self.np.getSz(self.np.getParent())



class FieldKeys(DirectObject):
    def __init__(self, app):
        super().__init__()
        self.app = app
        self.selected: PGEntry | None = None  # the field whose whole text is selected
        self._kept_bg = None
        self.accept("control-a", self.select_all)
        self.accept("control-c", self.copy)
        self.accept("control-x", self.cut)
        self.accept("control-v", self.paste)
        self.accept("shift-insert", self.paste)
        #: The fields of the window at the last look, by node key: the same wrapper for a field
        #: each time (so `is` compares), none kept for a field that is gone.
        self._known: dict[int, PGEntry] = {}
        self._watched: set[str] = set()  # the fields whose events we hear (by type event)
        self.scrolling: dict[str, Scrolling] = {}  # type event -> the field's scroller

    # --- fields of several lines ------------------------------------------------------------
    def scroll(self, entry_np, visible: int | None = None) -> Scrolling:
        """Make a field of several lines scroll (see the module's words); `visible`: its lines
        on screen (default: those it was made with)."""
        entry = entry_np.node()
        name = entry.getTypeEvent()
        known = self.scrolling.get(name)
        if known is not None and not known.np.isEmpty():
            return known
        self.scrolling = {k: v for k, v in self.scrolling.items() if not v.np.isEmpty()}
        box = self.scrolling[name] = Scrolling(entry_np, visible or entry.getNumLines())
        self._watch(entry)
        return box

    # --- the field with the keyboard ---------------------------------------------------------
    def focused(self) -> PGEntry | None:
        """The field with the keyboard; the same Python object for it each time (Panda gives a
        new wrapper for each lookup, so `is` compares the field it keeps)."""
        found, focused = {}, None
        for root in (self.app.aspect2d, self.app.pixel2d):
            for np in root.findAllMatches("**/+PGEntry"):
                key = np.getKey()
                entry = self._known.get(key)
                found[key] = entry = np.node() if entry is None else entry
                if focused is None and entry.getFocus():
                    focused = entry
        for key in set(self._known) - set(found):  # a field taken down: forget it
            self._forget(key, self._known[key])
        self._known = found
        return focused

    def _watch(self, entry: PGEntry) -> None:
        """Hear the field's own typing and erasing (to replace a selection), its cursor and its
        focus (to scroll)."""
        name = entry.getTypeEvent()
        if name in self._watched:
            return
        self._watched.add(name)
        for kind, event in (("type", name), ("erase", entry.getEraseEvent()),
                            ("move", entry.getCursormoveEvent()),
                            ("focus", entry.getFocusInEvent()),
                            ("focus", entry.getFocusOutEvent())):
            self.accept(event, self._heard, [kind, name, entry])

    def _heard(self, kind: str, name: str, entry: PGEntry, *_event) -> None:
        selected = self.selected is not None and self.selected.getTypeEvent() == name
        if selected:
            {"type": self._typed, "erase": self._erased, "move": self._moved}.get(
                kind, lambda e: None)(self.selected)
        box = self.scrolling.get(name)
        if box is not None:
            box.sync()

    def _forget(self, key: int, entry: PGEntry) -> None:
        name = entry.getTypeEvent()
        if name in self._watched:
            self._watched.discard(name)
            self.scrolling.pop(name, None)
            for event in (name, entry.getEraseEvent(), entry.getCursormoveEvent(),
                          entry.getFocusInEvent(), entry.getFocusOutEvent()):
                self.ignore(event)
        if entry is self.selected:
            self.selected = None

    def known(self) -> int:
        """How many fields are kept (the window's own, no more: a test reads it)."""
        return len(self._known)

    # --- commands ----------------------------------------------------------------------------
    def select_all(self) -> None:
        entry = self.focused()
        if entry is None or not entry.getPlainWtext():
            return
        self._watch(entry)
        self._clear()
        self.selected = entry
        self._before = entry.getPlainWtext()
        self._light(entry, True)
        wake = getattr(self.app, "wake", None)
        if wake is not None:
            wake()

    def copy(self) -> None:
        entry = self.focused()
        if entry is not None and entry is self.selected:
            clipboard.copy(entry.getPlainWtext())

    def cut(self) -> None:
        entry = self.focused()
        if entry is not None and entry is self.selected:
            clipboard.copy(entry.getPlainWtext())
            self._replace(entry, "")

    def paste(self) -> None:
        entry = self.focused()
        if entry is None:
            return
        text = clipboard.paste().replace("\r\n", "\n").replace("\r", "\n")
        if entry.getNumLines() <= 1:
            text = " ".join(part.strip() for part in text.split("\n") if part.strip())
        text = "".join(ch for ch in text if ch == "\n" or ch.isprintable())
        if not text:
            return
        if entry is self.selected:
            self._replace(entry, text)
            return
        old = entry.getPlainWtext()
        at = entry.getCursorPosition()
        entry.setWtext(old[:at] + text + old[at:])
        if entry.getPlainWtext() == old:  # it did not fit: as much as fits, word by word
            for cut in range(len(text) - 1, 0, -1):
                entry.setWtext(old[:at] + text[:cut] + old[at:])
                if entry.getPlainWtext() != old:
                    text = text[:cut]
                    break
        entry.setCursorPosition(at + len(text))
        self._changed(entry)

    # --- a selection replaced ----------------------------------------------------------------
    def _typed(self, entry: PGEntry, *_event) -> None:
        now = entry.getPlainWtext()
        before = self._before
        at = entry.getCursorPosition()
        added = now[max(0, at - (len(now) - len(before))):at] if len(now) > len(before) else ""
        self._replace(entry, added)

    def _erased(self, entry: PGEntry, *_event) -> None:
        self._replace(entry, "")

    def _moved(self, entry: PGEntry, *_event) -> None:
        if entry.getPlainWtext() == self._before:
            self._clear()  # an arrow, Home or End: the selection goes, the text stays

    def _replace(self, entry: PGEntry, text: str) -> None:
        self._clear()
        entry.setWtext(text)
        entry.setCursorPosition(len(text))
        self._changed(entry)

    def _changed(self, entry: PGEntry) -> None:
        """Tell the field's owner, as typing would (DirectEntry's own type event)."""
        self.app.messenger.send(entry.getTypeEvent(), [None])

    def _light(self, entry: PGEntry, on: bool) -> None:
        """The field's box lit while its whole text is selected. (Its text node's card would
        not do: a PGEntry lays its text out without the node's card, so nothing showed.)"""
        state = PGEntry.S_focus
        if on:
            self._kept_bg = entry.getFrameStyle(state)
            lit = type(self._kept_bg)(self._kept_bg)
            lit.setColor(*SELECTED_BG)
            entry.setFrameStyle(state, lit)
        elif self._kept_bg is not None:
            entry.setFrameStyle(state, self._kept_bg)
            self._kept_bg = None

    def _clear(self) -> None:
        if self.selected is not None:
            self._light(self.selected, False)
        self.selected = None
