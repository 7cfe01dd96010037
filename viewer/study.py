"""What the student tries in this window goes into their progress database
(`analysis.lessons.progress`): one attempt per puzzle and per lesson question each time it is
opened (the first decision counts, as on puzzle trainers: trying again after seeing the answer
is practice, not a solve), with the seconds it took.

The database never stops play: every query goes through `read` (a fault is said once on the
message line and the Learn list shows what it can), an attempt that cannot be written now
(a locked or damaged database) is kept in memory and written at the next attempt, the next
Learn list or when the window closes, and no query waits more than `BUSY_MS` for another
program's lock, so no long wait falls on the frame thread."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

#: The longest a query of the window waits for another program's lock (milliseconds).
BUSY_MS = 20


class StudyLog:
    def __init__(self, db_path: Path | None = None, say: Callable[[str], None] | None = None):
        self.db_path = db_path
        self.say = say  # the message line (None: the problem is only kept in `problem`)
        self._progress = None
        self.item = None  # the progress Item of the record opened (None: nothing to track)
        self.record = None
        self.path = None
        self.difficulty = None
        self.started = time.monotonic()
        self.counted: set = set()
        self.problem: str | None = None  # why progress cannot be kept now (said once)
        self.pending: list[tuple] = []  # attempts not written yet: (item, solved, s, rating, at)

    def _fault(self, exc: BaseException) -> None:
        """Say a fault of the database once (the same fault again is not said again)."""
        words = f"Progress is not kept now: {exc}"
        if words != self.problem:
            self.problem = words
            if self.say is not None:
                self.say(words)

    @property
    def progress(self):
        """The database, opened on first use (again after a fault: it may be free now; and
        afresh when its file was deleted meanwhile); None when it cannot be (the reason in
        `problem`)."""
        if self._progress is not None and not self._progress.path.exists():
            self._progress.close()  # deleted under the window: writes would go nowhere
            self._progress = None
        if self._progress is None:
            from analysis.lessons.progress import Progress

            try:
                self._progress = Progress(self.db_path, busy_ms=BUSY_MS)
            except Exception as exc:  # noqa: BLE001 - a broken database never stops play
                self._fault(exc)
        return self._progress

    def read(self, query: Callable, default):
        """`query(progress)`, or `default` when the database is not there or fails now."""
        db = self.progress
        if db is None:
            return default
        try:
            return query(db)
        except Exception as exc:  # noqa: BLE001 - the one guard of every query of the window
            self._fault(exc)
            return default

    def opened(self, record, path) -> None:
        """A record was opened (from `path`, None for a new game): start its clock."""
        from analysis.lessons.progress import item_for

        self.counted = set()
        self.started = time.monotonic()
        self.record, self.path = record, path
        teaching = record.kind in ("scenario", "lesson") or any(n.ask for n in record.nodes())
        self.item = item_for(record, path) if teaching and path is not None else None
        difficulty = (record.scenario or {}).get("difficulty")
        self.difficulty = difficulty if isinstance(difficulty, int) else None

    def attempt(self, solved: bool, question: int | None = None) -> bool:
        """Keep the first decision on the opened puzzle (or on its lesson question N): written
        now if the database lets it, else kept here and written later. Returns whether it
        was counted."""
        from analysis.lessons.progress import difficulty_rating, item_for, utc_now

        if self.item is None or question in self.counted:
            return False
        self.counted.add(question)
        item = self.item if question is None else item_for(self.record, self.path, question)
        self.pending.append((item, solved, time.monotonic() - self.started,
                             difficulty_rating(self.difficulty), utc_now()))
        self.started = time.monotonic()
        self.flush()
        return True

    def flush(self) -> bool:
        """Write the attempts kept in memory, oldest first; whether none is left."""
        while self.pending:
            item, solved, seconds, rating, at = self.pending[0]
            db = self.progress
            if db is None:
                return False
            try:
                db.record_attempt(item, solved, seconds, puzzle_rating=rating, at=at)
            except Exception as exc:  # noqa: BLE001 - a full disk or a locked file: say it, play on
                self._fault(exc)
                return False
            self.pending.pop(0)
        if self.problem is not None and self._progress is not None:
            self.problem = None  # written: the database is well again
        return True

    def close(self) -> None:
        if self.pending:
            import contextlib

            from analysis.lessons.progress import Progress

            with contextlib.suppress(Exception):  # the last chance: wait as the command line does
                if self._progress is not None:
                    self._progress.close()
                self._progress = Progress(self.db_path)
            self.flush()
        if self._progress is not None:
            self._progress.close()
            self._progress = None
