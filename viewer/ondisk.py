"""What a record's file held when this window last read or wrote it, so a save notices when
another window (or program) has written the file since.

A `Fingerprint` keeps the file's modification time, size and a SHA-256 of its bytes. The
window takes one when it opens a record (before reading it, so a write racing the read shows
up as a change rather than being missed) and after every save; a later save to the same file
first asks `changed_since`: only different bytes count (a `touch`, or a copy of the same
bytes, is no change), and a file that is gone is no conflict (saving loses nothing).
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

_CHUNK = 1 << 20


@dataclass(frozen=True)
class Fingerprint:
    """A file as it was: `digest` None when there was no file at `path`."""

    path: Path
    mtime_ns: int
    size: int
    digest: str | None

    @classmethod
    def of(cls, path: str | os.PathLike) -> "Fingerprint":
        """The file at `path` now (its resolved path; no file: digest None). Never raises."""
        path = Path(os.path.abspath(Path(path).expanduser()))
        try:
            path = path.resolve()
        except (OSError, RuntimeError):
            pass
        try:
            with open(path, "rb") as handle:
                stat = os.fstat(handle.fileno())
                h = hashlib.sha256()
                while chunk := handle.read(_CHUNK):
                    h.update(chunk)
            return cls(path, stat.st_mtime_ns, stat.st_size, h.hexdigest())
        except OSError:
            return cls(path, 0, 0, None)

    def same_file(self, path: str | os.PathLike) -> bool:
        """Whether `path` names the file this fingerprint is of."""
        return Fingerprint.of_name(path) == self.path

    @staticmethod
    def of_name(path: str | os.PathLike) -> Path:
        path = Path(os.path.abspath(Path(path).expanduser()))
        try:
            return path.resolve()
        except (OSError, RuntimeError):
            return path

    def changed_since(self) -> "Fingerprint | None":
        """The file now, when its bytes differ from these (another writer); None when they
        are the same, or when the file is gone (nothing of theirs to lose)."""
        now = Fingerprint.of(self.path)
        if now.digest is None or now.digest == self.digest:
            return None
        return now

    def when(self) -> str:
        """The modification time, for a person ("today at 14:05:09" / "03 Dec 2026 at ...")."""
        moment = _dt.datetime.fromtimestamp(self.mtime_ns / 1e9)
        day = "today" if moment.date() == _dt.date.today() else moment.strftime("%d %b %Y")
        return f"{day} at {moment:%H:%M:%S}"
