"""The records a window holds: the one shown and the ones it replaced, so none is ever lost.

Opening a file or leaving the editor shows another record; the record it replaces is kept,
with its file path and cursor, and Ctrl+Z (once the shown record has no edit of its own left
to undo) goes back to it; Ctrl+Y comes forward again. The close prompt asks about every kept
record with unsaved changes, not only the one shown.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Held:
    """A record in the window: its session (cursor, undo) and the file it was opened from."""

    session: object
    path: Path | None

    def label(self) -> str:
        """How the close prompt and the messages name it."""
        s = self.session
        if self.path is not None:
            return self.path.name
        title = (s.record.scenario or {}).get("title") or s.record.headers.get("title")
        if title:
            return f"\"{title}\""
        plies = max((n.ply for n in s.record.nodes()), default=0)
        return f"your {s.game.title} game ({plies} pl{'y' if plies == 1 else 'ies'})"


@dataclass
class _Swap:
    before: Held
    after: Held
    what: str


class RecordHistory:
    """Swaps of the shown record, undoable like edits (`viewer.shown.Shown.set_session` shows one)."""

    def __init__(self, controller):
        self.ctl = controller
        self._undo: list[_Swap] = []
        self._redo: list[_Swap] = []

    def shown(self) -> Held:
        return Held(self.ctl.session, self.ctl.path)

    def swap(self, session, path: Path | None, what: str) -> str:
        """Show `session` instead of the record shown now, which is kept; returns the words
        that tell the user where it went."""
        before = self.shown()
        self.ctl.shown.set_session(session, path)
        self._undo.append(_Swap(before, self.shown(), what))
        self._redo.clear()
        self._changed()
        name = before.label()
        name = "Y" + name[1:] if name.startswith("your ") else name
        return f"{name} is kept: Ctrl+Z goes back to it"

    def undo(self) -> str | None:
        """Back to the record the shown one replaced; None when it replaced none."""
        if not self._undo or self._undo[-1].after.session is not self.ctl.session:
            return None
        swap = self._undo.pop()
        swap.after = self.shown()  # the path may have changed (saved as)
        self.ctl.shown.set_session(swap.before.session, swap.before.path)
        self._redo.append(swap)
        self._changed()
        return f"back to {swap.before.label()} (Ctrl+Y: {swap.what} again)"

    def redo(self) -> str | None:
        if not self._redo or self._redo[-1].before.session is not self.ctl.session:
            return None
        swap = self._redo.pop()
        swap.before = self.shown()
        self.ctl.shown.set_session(swap.after.session, swap.after.path)
        self._undo.append(swap)
        self._changed()
        return f"{swap.what} again"

    def _changed(self) -> None:
        files = getattr(self.ctl, "files", None)  # (a window's: a test's stand-in has none)
        if files is not None:
            files.held_changed()  # the autosave keeps each unsaved record held behind the shown one

    def held(self) -> list[Held]:
        """Every record in the window: the shown one first, then the kept ones."""
        out, seen = [self.shown()], {id(self.ctl.session)}
        for swap in reversed(self._undo + self._redo):
            for h in (swap.before, swap.after):
                if id(h.session) not in seen:
                    seen.add(id(h.session))
                    out.append(h)
        return out

    def unsaved(self) -> list[Held]:
        """The records with changes since they were last saved (or never saved)."""
        return [h for h in self.held() if h.session.dirty]

