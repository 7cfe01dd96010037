"""Autosave: the session is written after every change, and offered back after a crash.

Files live in the user's data directory: `$FLICKBOOK_HOME` if set, else
`$XDG_DATA_HOME/flickbook` or `~/.local/share/flickbook`. `autosave.flick` exists only while a
viewer runs (or after it died); a clean exit renames it to `last-session.flick`, so finding
`autosave.flick` at start means the last session did not end cleanly.
"""
from __future__ import annotations

import os
from pathlib import Path

AUTOSAVE_NAME = "autosave.flick"
LAST_NAME = "last-session.flick"


def data_dir() -> Path:
    home = os.environ.get("FLICKBOOK_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "flickbook"


class Autosaver:
    """Writes the session's record atomically whenever the session reports a change."""

    def __init__(self, directory: Path | None = None):
        self.dir = Path(directory) if directory is not None else data_dir()
        self.path = self.dir / AUTOSAVE_NAME
        self.error: str | None = None
        self.saves = 0

    def crashed_session(self) -> Path | None:
        """The autosave a crashed (or still running) viewer left, if any."""
        return self.path if self.path.is_file() else None

    def attach(self, session, source: Path | None = None) -> None:
        """Save now and after every tree or annotation change of `session` (opened from the
        file `source`, if any)."""
        session.listeners.append(self._on_change)
        self.session = session
        self.set_source(source)
        self.save()

    def set_source(self, source: Path | None) -> None:
        """Remember the file the autosaved record belongs to (viewer.opened_from)."""
        from viewer.opened_from import remember

        try:
            remember(self.path, source)
        except OSError as exc:
            self.error = f"autosave failed: {exc}"

    def crashed_source(self) -> Path | None:
        """The file the crashed session's record was opened from or saved to, if any."""
        from viewer.opened_from import recall

        return recall(self.path)

    def detach(self, session) -> None:
        if self._on_change in session.listeners:
            session.listeners.remove(self._on_change)

    def _on_change(self, what: str) -> None:
        if what in ("tree", "annotation"):
            self.save()

    def save(self) -> None:
        from timeline import save_record

        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            save_record(self.session.record, self.path)
            self.saves += 1
            self.error = None
        except OSError as exc:  # a full disk must not take the viewer down
            self.error = f"autosave failed: {exc}"

    def load_crashed(self):
        from timeline import load_record

        return load_record(self.path)

    def discard(self) -> None:
        """Keep the crashed session aside (as last-session.flick) instead of restoring it."""
        if self.path.is_file():
            os.replace(self.path, self.dir / LAST_NAME)
        from viewer.opened_from import forget

        forget(self.path)

    def close(self) -> None:
        """Clean exit: the autosave becomes last-session.flick."""
        self.discard()
