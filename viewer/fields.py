"""What every text field does beyond Panda's own typing, arrows, Home and End: Ctrl+A selects
the whole text (shown lit; the next key typed, Backspace or Delete replaces it), Ctrl+C and
Ctrl+X copy and cut it to the system clipboard, Ctrl+V pastes at the cursor (a field of one
line gets the pasted lines joined by spaces). One listener serves every field of the window:
the field with the keyboard is found among the window's PGEntry nodes, so no field needs to
register."""
from __future__ import annotations

from direct.showbase.DirectObject import DirectObject
from panda3d.core import PGEntry

from viewer import clipboard

SELECTED_BG = (0.30, 0.42, 0.66, 1)


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
        self._watched: set[int] = set()  # keys of the known fields whose events we hear

    # --- the field with the keyboard ---------------------------------------------------------
    def focused(self) -> PGEntry | None:
        """The field with the keyboard; the same Python object for it each time (Panda gives a
        new wrapper for each lookup, so `is` compares the field it keeps)."""
        found, focused = {}, None
        for root in (self.app.aspect2d, self.app.pixel2d):
            for np in root.findAllMatches("**/+PGEntry"):
                key = np.getKey()
                entry = found[key] = self._known.get(key) or np.node()
                if focused is None and entry.getFocus():
                    focused = entry
        for key in set(self._known) - set(found):  # a field taken down: forget it
            self._forget(key, self._known[key])
        self._known = found
        return focused

    def _watch(self, entry: PGEntry) -> None:
        """Hear the field's own typing and erasing (to replace a selection) and its cursor."""
        key = next((k for k, e in self._known.items() if e is entry), None)
        if key is None or key in self._watched:
            return
        self._watched.add(key)
        self.accept(entry.getTypeEvent(), self._typed, [entry])
        self.accept(entry.getEraseEvent(), self._erased, [entry])
        self.accept(entry.getCursormoveEvent(), self._moved, [entry])

    def _forget(self, key: int, entry: PGEntry) -> None:
        if key in self._watched:
            self._watched.discard(key)
            for event in (entry.getTypeEvent(), entry.getEraseEvent(),
                          entry.getCursormoveEvent()):
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
        if entry is not self.selected:
            return
        now = entry.getPlainWtext()
        before = self._before
        at = entry.getCursorPosition()
        added = now[max(0, at - (len(now) - len(before))):at] if len(now) > len(before) else ""
        self._replace(entry, added)

    def _erased(self, entry: PGEntry, *_event) -> None:
        if entry is self.selected:
            self._replace(entry, "")

    def _moved(self, entry: PGEntry, *_event) -> None:
        if entry is self.selected and entry.getPlainWtext() == self._before:
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
        text_node = entry.getTextDef(0)
        if text_node is None:
            return
        if on:
            self._kept_bg = (text_node.getCardColor() if text_node.hasCard() else None)
            text_node.setCardColor(*SELECTED_BG)
            text_node.setCardAsMargin(0.1, 0.1, 0.15, 0.15)
        else:
            if self._kept_bg is not None:
                text_node.setCardColor(self._kept_bg)
            else:
                text_node.clearCard()

    def _clear(self) -> None:
        if self.selected is not None:
            self._light(self.selected, False)
        self.selected = None
