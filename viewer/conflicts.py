"""Two windows on one file: a save notices that the file changed on disk since this window
opened or last saved it, and asks before anything of the other writer's is replaced.

Each record the window holds keeps the `Fingerprint` (viewer.ondisk) of its file as the
window last read or wrote it. A save to that file whose bytes are no longer those asks:

- **Keep mine** writes this window's record over the file;
- **Keep theirs** shows the file as the other writer left it; this window's record is kept
  behind it (Ctrl+Z goes back to it) and autosaved, so it stays recoverable;
- **Save as** asks for another name (the file stays theirs);
- **Cancel** saves nothing.
"""
from __future__ import annotations

import weakref
from pathlib import Path

from viewer.ondisk import Fingerprint


class DiskWatch:
    """The file fingerprint of each record a window holds (weakly: a record let go is forgotten)."""

    def __init__(self):
        self._prints: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def note(self, session, fingerprint: Fingerprint | Path) -> None:
        """`session`'s record is what its file held at `fingerprint` (or: is the file now)."""
        if not isinstance(fingerprint, Fingerprint):
            fingerprint = Fingerprint.of(fingerprint)
        self._prints[session] = fingerprint

    def noted(self, session) -> Fingerprint | None:
        return self._prints.get(session)

    def conflict(self, session, path: Path) -> Fingerprint | None:
        """The file at `path` now, when `session` came from or was saved to it and it has been
        written with other bytes since; None when a save there replaces nothing unseen."""
        known = self._prints.get(session)
        if known is None or not known.same_file(path):
            return None
        return known.changed_since()


def conflict_text(path: Path, theirs: Fingerprint) -> str:
    """The question, in words a person reads at a glance."""
    return (f"{path.name} was changed on disk {theirs.when()} by another window or program, "
            f"since this window opened or saved it.\n"
            f"Keep mine: write over theirs. Keep theirs: show the file as it is now (yours "
            f"stays: Ctrl+Z). Save as: yours to another file.")


def ask_save_conflict(ctl, session, path: Path, theirs: Fingerprint) -> None:
    """Ask what to do with `session` whose file at `path` another writer changed."""

    def keep_mine():
        problem = ctl.files.save_to(path, force=True)
        if problem:
            ctl.say(problem)

    def keep_theirs():
        show_theirs(ctl, session, path)

    def save_as():
        default = path.with_name(f"{path.stem}-mine{path.suffix or '.flick'}")
        ctl.files.save_as_dialog(default)

    def cancel():
        ctl.say(f"Not saved: {path.name} stays as the other window left it")

    ctl.dialogs.ask(conflict_text(path, theirs), [("Keep mine", keep_mine), ("Keep theirs", keep_theirs),
                                          ("Save as", save_as), ("Cancel", cancel)])


def show_theirs(ctl, session, path: Path) -> str | None:
    """Show the file as it is on disk now; `session` (mine) is kept behind it. A message when
    the file cannot be read (then mine stays shown)."""
    from timeline import RecordFileError, Session, load_record

    fingerprint = Fingerprint.of(path)
    try:
        record = load_record(path)
    except (RecordFileError, OSError, ValueError) as exc:
        ctl.say(f"Could not read theirs, yours stays: {exc}")
        return str(exc)
    theirs = Session(record)
    ctl.disk.note(theirs, fingerprint)
    previous, previous_path = ctl.session, ctl.path
    try:
        ctl.records.swap(theirs, path, f"show theirs of {path.name}")
    except Exception as exc:  # noqa: BLE001 - a record this window cannot show: keep mine
        ctl.shown.set_session(previous, previous_path)
        ctl.say(f"{path.name}: theirs cannot be shown ({type(exc).__name__}: {exc}); yours stays")
        return str(exc)
    ctl.say(f"Showing theirs: {path.name} as written {fingerprint.when()}. "
            f"Yours is kept (autosaved): Ctrl+Z goes back to it")
    return None
