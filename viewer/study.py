"""What the student tries in this window goes into their progress database
(`analysis.lessons.progress`): one attempt per puzzle and per lesson question each time it is
opened (the first decision counts, as on puzzle trainers: trying again after seeing the answer
is practice, not a solve), with the seconds it took."""
from __future__ import annotations

import time
from pathlib import Path


class StudyLog:
    def __init__(self, db_path: Path | None = None):
        self.db_path = db_path
        self._progress = None
        self.item = None  # the progress Item of the record opened (None: nothing to track)
        self.record = None
        self.path = None
        self.difficulty = None
        self.started = time.monotonic()
        self.counted: set = set()
        self.problem: str | None = None  # why progress cannot be kept (said once, never raised)

    @property
    def progress(self):
        """The database, opened on first use; None when it cannot be (the reason in `problem`)."""
        if self._progress is None and self.problem is None:
            from analysis.lessons.progress import Progress

            try:
                self._progress = Progress(self.db_path)
            except Exception as exc:  # noqa: BLE001 - a broken database never stops play
                self.problem = f"Progress is not kept this time: {exc}"
        return self._progress

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
        """Keep the first decision on the opened puzzle (or on its lesson question N); returns
        whether it was kept."""
        from analysis.lessons.progress import difficulty_rating, item_for

        if self.item is None or question in self.counted:
            return False
        self.counted.add(question)
        item = self.item if question is None else item_for(self.record, self.path, question)
        db = self.progress
        if db is None:
            return False
        try:
            db.record_attempt(item, solved, time.monotonic() - self.started,
                              puzzle_rating=difficulty_rating(self.difficulty))
        except Exception as exc:  # noqa: BLE001 - a full disk or a locked file: say it, play on
            self.problem = f"Progress is not kept this time: {exc}"
            return False
        self.started = time.monotonic()
        return True

    def close(self) -> None:
        if self._progress is not None:
            self._progress.close()
            self._progress = None
