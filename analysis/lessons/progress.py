"""A student's progress from one day to the next: what they solved and failed and how long it
took, failed puzzles and lesson questions brought back for review on a spaced-repetition
schedule, and a rating for each puzzle from the solves.

It is a real local database (SQLite, in the user's data folder) so that two windows writing at
once, or a window killed mid-write, lose nothing: every change is one transaction, the journal
is write-ahead (WAL) and writers wait for each other (`busy_timeout`) instead of failing. The
schema carries its version (`PRAGMA user_version`) and each older version has a migration.

Scheduling is the maintained FSRS algorithm (the `fsrs` package) with fuzzing off, so a fixed
clock gives a fixed schedule; a failed item is reviewed as "Again", a solved review as "Good".
Ratings are Glicko-2 (the `glicko2` package): a solve is a win of the student over the puzzle.

An item is a puzzle, a tutorial, a lesson question or a course chapter, named by `item_id`:
the hash of the record's canonical bytes (see `scenarios.courses.chapter_id`), with `#qN` for a
lesson's question N, so a copy of a file or the same puzzle inside a course counts as one.
"""
from __future__ import annotations

import datetime as _dt
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

SCHEMA_VERSION = 3
DB_NAME = "progress.sqlite"
EXPORT_FORMAT = "flickbook-progress"
EXPORT_VERSION = 1
START_RATING = 1500.0
START_RD = 350.0

Clock = Callable[[], _dt.datetime]


def utc_now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


@dataclass(frozen=True)
class Item:
    """What was tried: its identity, and enough to name it and open it again."""

    item_id: str
    title: str
    game: str
    kind: str  # puzzle, tutorial, lesson question, chapter
    path: str  # the file to open it from (a course chapter's own file)
    themes: tuple[str, ...] = ()  # what it is about (its scenario's "themes": "fork", "carom")


@dataclass(frozen=True)
class Due:
    item: Item
    due: _dt.datetime
    failures: int


@dataclass(frozen=True)
class Standing:
    """An item's record for the student: attempts, solves, best time, and its rating."""

    attempts: int
    solved: int
    best_seconds: float | None
    rating: float


#: Each migration takes the database from version N-1 to N, in one transaction.
MIGRATIONS = {
    1: """
        CREATE TABLE items (item_id TEXT PRIMARY KEY, title TEXT NOT NULL, game TEXT NOT NULL,
                            kind TEXT NOT NULL, path TEXT NOT NULL);
        CREATE TABLE attempts (id INTEGER PRIMARY KEY AUTOINCREMENT,
                               item_id TEXT NOT NULL REFERENCES items(item_id),
                               at TEXT NOT NULL, solved INTEGER NOT NULL, seconds REAL NOT NULL);
        CREATE TABLE cards (item_id TEXT PRIMARY KEY REFERENCES items(item_id),
                            card TEXT NOT NULL, due TEXT NOT NULL);
        CREATE INDEX attempts_by_item ON attempts(item_id);
    """,
    2: """
        CREATE TABLE ratings (item_id TEXT PRIMARY KEY, rating REAL NOT NULL, rd REAL NOT NULL,
                              vol REAL NOT NULL);
        CREATE INDEX cards_by_due ON cards(due);
    """,
    3: """
        ALTER TABLE items ADD COLUMN themes TEXT NOT NULL DEFAULT '[]';
        CREATE TABLE student_ratings (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL,
                                      rating REAL NOT NULL);
    """,
}


#: The tables every database of this schema holds.
TABLES = frozenset({"items", "attempts", "cards", "ratings", "student_ratings"})


def default_path() -> Path:
    from flickbook import places

    return places.data_dir() / DB_NAME


class ProgressError(RuntimeError):
    """The progress database cannot be read or written now (damaged, locked by another
    program, made by a newer Flickbook, in a place that cannot be written): one line, the file
    and what to do. Every query of `Progress` raises this and nothing else."""


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return "it is in use by another program (locked); what could not be written is kept " \
               "and written when it can"
    if isinstance(exc, OSError):
        return f"it cannot be opened ({exc.strerror or text})"
    return f"it is damaged ({text}); move it aside and a new one is started"


def _guarded(method):
    """A query behind the one guard: any fault of the database is a ProgressError."""
    import functools

    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except ProgressError:
            raise
        except (sqlite3.Error, OSError, ValueError, TypeError, KeyError, IndexError,
                OverflowError) as exc:
            raise ProgressError(f"your progress {self.path}: {_reason(exc)}") from None
    return guarded


class Progress:
    """The student's progress database. Use one per window; every method is one transaction,
    and every fault of the database is a ProgressError (`_guarded`)."""

    STUDENT = "__student__"  # the student's own Glicko-2 rating lives beside the puzzles'
    #: How long a query waits for another writer by default (the command line); a window passes
    #: a few milliseconds, so that no wait falls on its frame thread (it writes again later).
    BUSY_MS = 5000

    def __init__(self, path: Path | str | None = None, clock: Clock = utc_now,
                 busy_ms: int | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self.db = None
        busy = self.BUSY_MS if busy_ms is None else int(busy_ms)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path), timeout=busy / 1000, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {busy}")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")
            self._migrate()
        except ProgressError:
            self.close()
            raise
        except (sqlite3.Error, OSError, ValueError) as exc:
            self.close()
            raise ProgressError(f"your progress {self.path}: {_reason(exc)}") from None
        from fsrs import Scheduler

        self.scheduler = Scheduler(enable_fuzzing=False)

    def close(self) -> None:
        if self.db is not None:
            self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ----------------------------------------------------------------- schema
    def _migrate(self) -> None:
        with self._write():
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise ProgressError(f"your progress {self.path}: made by a newer Flickbook "
                                    f"(progress schema {version}; this one knows up to "
                                    f"{SCHEMA_VERSION}): update Flickbook to keep it")
            if version < 0:
                raise ProgressError(f"your progress {self.path}: it is damaged (schema version "
                                    f"{version}, which no Flickbook writes); move it aside and "
                                    "a new one is started")
            for v in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[v].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {v}")
        present = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        missing = sorted(TABLES - present)
        if missing:
            raise ProgressError(f"your progress {self.path}: it is damaged (no table "
                                f"{', '.join(missing)}); move it aside and a new one is started")

    @_guarded
    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    class _Tx:
        def __init__(self, db):
            self.db = db

        def __enter__(self):
            self.db.execute("BEGIN IMMEDIATE")  # take the write lock now: no lost updates
            return self.db

        def __exit__(self, kind, exc, tb):
            try:
                self.db.execute("ROLLBACK" if kind else "COMMIT")
            except sqlite3.Error:
                if self.db.in_transaction:  # a COMMIT that could not take its lock
                    self.db.execute("ROLLBACK")
                raise

    def _write(self):
        return Progress._Tx(self.db)

    # ----------------------------------------------------------------- writing
    @_guarded
    def record_attempt(self, item: Item, solved: bool, seconds: float,
                       puzzle_rating: float | None = None, at: _dt.datetime | None = None) -> None:
        """One try at `item`: kept, the review schedule and both ratings updated together.
        A failure schedules the item for review (or brings its review forward); a solve
        pushes an item under review further out. Only the first try at an item is a rated
        game (a review re-solves what the student has seen, as Lichess rates only a puzzle's
        first try); the schedule learns from every try. `puzzle_rating` seeds a new puzzle's
        rating (e.g. from its difficulty)."""
        from fsrs import Card, Rating

        now = self.clock() if at is None else at  # `at`: an attempt written later than made
        seconds = max(0.0, float(seconds))
        with self._write() as db:
            db.execute("INSERT INTO items(item_id, title, game, kind, path, themes) VALUES "
                       "(?,?,?,?,?,?) ON CONFLICT(item_id) DO UPDATE SET title=excluded.title, "
                       "path=excluded.path, themes=excluded.themes",
                       (item.item_id, item.title, item.game, item.kind, item.path,
                        json.dumps(list(item.themes))))
            first_try = db.execute("SELECT 1 FROM attempts WHERE item_id=? LIMIT 1",
                                   (item.item_id,)).fetchone() is None
            db.execute("INSERT INTO attempts(item_id, at, solved, seconds) VALUES (?,?,?,?)",
                       (item.item_id, now.isoformat(), int(bool(solved)), seconds))
            row = db.execute("SELECT card FROM cards WHERE item_id=?", (item.item_id,)).fetchone()
            if row is not None or not solved:
                card = Card.from_json(row[0]) if row is not None else Card()
                card, _ = self.scheduler.review_card(card, Rating.Good if solved else Rating.Again,
                                                     review_datetime=now)
                db.execute("INSERT INTO cards(item_id, card, due) VALUES (?,?,?) ON CONFLICT(item_id)"
                           " DO UPDATE SET card=excluded.card, due=excluded.due",
                           (item.item_id, card.to_json(), _iso(card.due)))
            if first_try:
                self._rate(db, item.item_id, solved, puzzle_rating)
                db.execute("INSERT INTO student_ratings(at, rating) SELECT ?, rating FROM ratings"
                           " WHERE item_id=?", (_iso(now), self.STUDENT))

    def _rate(self, db, item_id: str, solved: bool, puzzle_rating: float | None) -> None:
        import glicko2

        def player(key, start):
            row = db.execute("SELECT rating, rd, vol FROM ratings WHERE item_id=?", (key,)).fetchone()
            return glicko2.Player(*(row if row else (start, START_RD, 0.06)))

        puzzle = player(item_id, puzzle_rating if puzzle_rating is not None else START_RATING)
        student = player(self.STUDENT, START_RATING)
        p_before, s_before = (puzzle.getRating(), puzzle.getRd()), (student.getRating(), student.getRd())
        student.update_player([p_before[0]], [p_before[1]], [1.0 if solved else 0.0])
        puzzle.update_player([s_before[0]], [s_before[1]], [0.0 if solved else 1.0])
        for key, p in ((item_id, puzzle), (self.STUDENT, student)):
            db.execute("INSERT INTO ratings(item_id, rating, rd, vol) VALUES (?,?,?,?) "
                       "ON CONFLICT(item_id) DO UPDATE SET rating=excluded.rating, rd=excluded.rd,"
                       " vol=excluded.vol", (key, p.getRating(), p.getRd(), p.vol))

    # ----------------------------------------------------------------- reading
    @_guarded
    def due(self) -> list[Due]:
        """The items due for review now, the longest overdue first."""
        now = _iso(self.clock())
        rows = self.db.execute(
            "SELECT i.item_id, i.title, i.game, i.kind, i.path, c.due, "
            "(SELECT COUNT(*) FROM attempts a WHERE a.item_id=i.item_id AND a.solved=0), "
            "i.themes FROM cards c JOIN items i ON i.item_id=c.item_id WHERE c.due <= ? "
            "ORDER BY c.due", (now,)).fetchall()
        return [Due(Item(*r[:5], _themes_of(r[7])), _dt.datetime.fromisoformat(r[5]), r[6])
                for r in rows]

    @_guarded
    def next_due(self) -> _dt.datetime | None:
        row = self.db.execute("SELECT MIN(due) FROM cards").fetchone()
        return _dt.datetime.fromisoformat(row[0]) if row and row[0] else None

    @_guarded
    def standing(self, item_id: str) -> Standing | None:
        row = self.db.execute("SELECT COUNT(*), SUM(solved), MIN(CASE WHEN solved THEN seconds END)"
                              " FROM attempts WHERE item_id=?", (item_id,)).fetchone()
        if not row or not row[0]:
            return None
        rating = self.rating(item_id)
        return Standing(row[0], row[1] or 0, row[2], rating if rating is not None else START_RATING)

    @_guarded
    def rating(self, item_id: str) -> float | None:
        row = self.db.execute("SELECT rating FROM ratings WHERE item_id=?", (item_id,)).fetchone()
        return row[0] if row else None

    @_guarded
    def student_rating(self) -> float:
        rating = self.rating(self.STUDENT)
        return rating if rating is not None else START_RATING

    @_guarded
    def solved_ids(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT DISTINCT item_id FROM attempts WHERE solved=1")}

    @_guarded
    def attempts(self) -> list[tuple[str, str, bool, float]]:
        """Every attempt in order: (item_id, when, solved, seconds)."""
        return [(r[0], r[1], bool(r[2]), r[3]) for r in self.db.execute(
            "SELECT item_id, at, solved, seconds FROM attempts ORDER BY id")]

    @_guarded
    def rating_history(self) -> list[tuple[_dt.date, float]]:
        """The student's rating after each rated (first) try, one point a day: the day's last
        (days in UTC)."""
        return _daily([(r[0], r[1]) for r in self.db.execute(
            "SELECT at, rating FROM student_ratings ORDER BY id")])

    @_guarded
    def dashboard(self, courses=()) -> "Dashboard":
        """The student's dashboard: rating now and its history, each course's chapters solved,
        failed and due, and the themes failed most. `courses`: (title, [[item ids of chapter
        1], [of chapter 2], ...]) for each course (`scenarios.courses.course_items`)."""
        themes = {r[0]: _themes_of(r[1]) for r in self.db.execute("SELECT item_id, themes FROM items")}
        due = {r[0] for r in self.db.execute("SELECT item_id FROM cards WHERE due <= ?",
                                             (_iso(self.clock()),))}
        return make_dashboard(self.student_rating(), self.rating_history(),
                              [(i, ok) for i, _, ok, _ in self.attempts()], themes, due,
                              courses, self.clock())

    # ----------------------------------------------------------------- sharing
    def export(self, path, student: str = "") -> Path:
        """The student's progress as a file a teacher can open (no server): every item tried
        and every attempt (ProgressError for the database, OSError for the file)."""
        from timeline.fileformat import write_atomic

        data = self._export_data(student)
        return write_atomic(path, json.dumps(data, indent=1, sort_keys=True).encode("utf-8"))

    @_guarded
    def _export_data(self, student: str) -> dict:
        items = [dict(zip(("item_id", "title", "game", "kind", "path"), r[:5]),
                      **({"themes": list(_themes_of(r[5]))} if _themes_of(r[5]) else {}))
                 for r in self.db.execute("SELECT item_id, title, game, kind, path, themes "
                                          "FROM items ORDER BY item_id")]
        ratings = [{"at": r[0], "rating": r[1]} for r in
                   self.db.execute("SELECT at, rating FROM student_ratings ORDER BY id")]
        due = [r[0] for r in self.db.execute("SELECT item_id FROM cards WHERE due <= ? "
                                             "ORDER BY item_id", (_iso(self.clock()),))]
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "student": student,
                "exported": self.clock().isoformat(), "items": items, "ratings": ratings,
                "due": due,
                "attempts": [{"item_id": i, "at": at, "solved": ok, "seconds": s}
                             for i, at, ok, s in self.attempts()]}


def _themes_of(text) -> tuple[str, ...]:
    """An item's themes as the items table keeps them (JSON text); none when it holds no list
    of words (a database written before themes, or a value changed by hand)."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return ()
    return tuple(t for t in value if isinstance(t, str)) if isinstance(value, list) else ()


def _daily(points) -> list[tuple[_dt.date, float]]:
    """(moment, rating) in order -> one (day, rating) a day: the day's last (days in UTC)."""
    days: dict[_dt.date, float] = {}
    for at, rating in points:
        when = _dt.datetime.fromisoformat(at)
        if when.tzinfo is None:
            when = when.replace(tzinfo=_dt.timezone.utc)
        days[when.astimezone(_dt.timezone.utc).date()] = float(rating)
    return sorted(days.items())


#: A theme counts on the dashboard after this many tries at its items.
THEME_MIN_TRIES = 2
#: The rating's change is told over this many days.
CHANGE_DAYS = 7


@dataclass(frozen=True)
class CourseStanding:
    """A course's chapters as the student stands on them: solved (each of its items solved),
    failed (tried and failed, not solved yet) and due (an item of it due for review now)."""

    title: str
    chapters: int
    solved: int
    failed: int
    due: int


@dataclass(frozen=True)
class ThemeStanding:
    theme: str
    tries: int
    failures: int

    @property
    def failure_rate(self) -> float:
        return self.failures / self.tries


@dataclass(frozen=True)
class Dashboard:
    """What the student's dashboard shows (the Learn list's "Your progress" and `flickbook
    progress show`): one value, so both say the same."""

    rating: float | None  # None: an export made before ratings were exported
    history: list[tuple[_dt.date, float]]
    change: float | None  # the rating's change over the last CHANGE_DAYS days
    courses: list[CourseStanding]
    themes: list[ThemeStanding]  # failed most first, each tried THEME_MIN_TRIES times or more
    attempts: int

    def weakest(self, n: int = 3) -> list[ThemeStanding]:
        """The `n` themes failed most (those never failed left out)."""
        return [t for t in self.themes if t.failures][:n]

    def lines(self) -> list[str]:
        """The dashboard in words, as `flickbook progress show` prints it."""
        if self.rating is None:
            out = ["Rating: not in this file (exported by an older Flickbook)"]
        elif not self.history:
            out = [f"Rating: {self.rating:.0f} (no rated puzzle yet)"]
        else:
            change = self.change or 0.0
            out = [f"Rating: {self.rating:.0f} ({change:+.0f} over the last {CHANGE_DAYS} days; "
                   f"{_plural(len(self.history), 'day')} rated since {self.history[0][0]:%d %b %Y})"]
        for c in self.courses:
            out.append(f"  {c.title}: {c.solved}/{c.chapters} solved, {c.failed} failed, "
                       f"{c.due} due")
        weakest = self.weakest()
        if weakest:
            out.append("Themes failed most: " + "; ".join(
                f"{t.theme} ({t.failures} of {t.tries} tries failed)" for t in weakest))
        else:
            out.append(f"Themes failed most: none yet (a theme counts after {THEME_MIN_TRIES} "
                       "tries with a failure)")
        return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def make_dashboard(rating, history, attempts, themes, due, courses, now) -> Dashboard:
    """The dashboard from plain facts (the database's or an export's): `attempts` [(item id,
    solved)] in order, `themes` {item id: themes}, `due` the item ids due now, `courses`
    [(title, [[item ids of each chapter]])], `now` the moment it is for."""
    solved = {i for i, ok in attempts if ok}
    failed = {i for i, ok in attempts if not ok}
    standings = []
    for title, chapters in courses:
        done = [bool(keys) and all(k in solved for k in keys) for keys in chapters]
        standings.append(CourseStanding(
            title, len(chapters), sum(done),
            sum(1 for keys, d in zip(chapters, done) if not d and any(k in failed for k in keys)),
            sum(1 for keys in chapters if any(k in due for k in keys))))
    tries: dict[str, list[int]] = {}
    for item_id, ok in attempts:
        for theme in dict.fromkeys(themes.get(item_id, ())):
            count = tries.setdefault(theme, [0, 0])
            count[0] += 1
            count[1] += not ok
    ranked = sorted((ThemeStanding(t, n, f) for t, (n, f) in tries.items() if n >= THEME_MIN_TRIES),
                    key=lambda t: (-t.failure_rate, -t.failures, t.theme))
    change = None
    if history and rating is not None:
        today = now.astimezone(_dt.timezone.utc).date() if now.tzinfo else now.date()
        before = [r for day, r in history if day <= today - _dt.timedelta(days=CHANGE_DAYS)]
        change = rating - (before[-1] if before else START_RATING)
    return Dashboard(rating, list(history), change, standings, ranked, len(attempts))


def course_items(course) -> tuple[str, list[list[str]]]:
    """A course as the dashboard counts it: its title and each chapter's progress items (a
    lesson's questions, `<chapter id>#qN`; any other chapter, its id)."""
    from analysis.lessons import questions_of

    return course.title, [[f"{c.id}#q{q.number}" for q in questions_of(c.record)]
                          if c.kind == "lesson" else [c.id] for c in course.chapters]


def _iso(when: _dt.datetime) -> str:
    """UTC ISO text, which sorts as time does (the due index compares text)."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=_dt.timezone.utc)
    return when.astimezone(_dt.timezone.utc).isoformat()


class ProgressFileError(ValueError):
    pass


@dataclass(frozen=True)
class Report:
    """A student's exported progress as a teacher reads it."""

    student: str
    exported: str
    solved: dict[str, int]  # item_id -> solves
    tried: dict[str, int]  # item_id -> attempts
    titles: dict[str, str]
    history: list[tuple[_dt.date, float]] = ()  # the student's rating, a point a day
    rated: bool = False  # whether the file carries the ratings (older exports do not)
    themes: dict[str, tuple[str, ...]] | None = None
    due: frozenset[str] = frozenset()
    attempts: tuple[tuple[str, bool], ...] = ()

    def dashboard(self, courses=()) -> Dashboard:
        """The student's dashboard as it was when the file was exported."""
        when = _dt.datetime.fromisoformat(self.exported) if self.exported else utc_now()
        rating = (self.history[-1][1] if self.history else START_RATING) if self.rated else None
        return make_dashboard(rating, list(self.history), list(self.attempts),
                              self.themes or {}, set(self.due), courses, when)


def _when(value, where):
    """A moment as `datetime.isoformat` writes it."""
    from timeline.schema import Str, fail

    Str(100)(value, where)
    try:
        _dt.datetime.fromisoformat(value)
    except ValueError:
        fail(where, f"must be an ISO 8601 date and time, not {value[:40]!r}")


def _export_spec():
    """What `Progress.export` writes, every value of its type and range."""
    from timeline.schema import Bool, Int, ListOf, Num, Obj, OneOf, Str

    from timeline.fileformat import THEMES

    item = Obj(required={"item_id": Str(1000), "title": Str(10_000), "game": Str(200),
                         "kind": Str(200), "path": Str(10_000)}, optional={"themes": THEMES})
    rating = Obj(required={"at": _when, "rating": Num(0.0, 10_000.0)})
    attempt = Obj(required={"item_id": Str(1000), "at": _when, "solved": Bool,
                            "seconds": Num(0.0, 1e9)})
    return Obj(required={"format": OneOf(EXPORT_FORMAT), "version": Int(1, EXPORT_VERSION),
                         "items": ListOf(item, max_len=MAX_EXPORT_ITEMS),
                         "attempts": ListOf(attempt, max_len=MAX_EXPORT_ITEMS)},
               optional={"student": Str(200), "exported": _when,
                         "ratings": ListOf(rating, max_len=MAX_EXPORT_ITEMS),
                         "due": ListOf(Str(1000), max_len=MAX_EXPORT_ITEMS)})


#: The most items, and attempts, an export may list.
MAX_EXPORT_ITEMS = 1_000_000


def read_export(path) -> Report:
    """Read a progress file a student exported, through the one strict door of every file
    kind (`timeline.fileformat.read_strict`); ProgressFileError with the reason, one line."""
    from timeline.fileformat import RecordFileError, read_strict
    from timeline.schema import show

    try:
        data = read_strict(path, "progress")
    except RecordFileError as exc:
        raise ProgressFileError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ProgressFileError(f"{path}: not a progress file (no \"format\": \"{EXPORT_FORMAT}\")")
    version = data.get("version")
    if type(version) is int and version != EXPORT_VERSION:
        raise ProgressFileError(f"{path}: progress file version {show(version)} is not "
                                f"supported (this Flickbook reads version {EXPORT_VERSION})")
    from timeline.schema import SchemaError

    try:
        _export_spec()(data, "")
    except SchemaError as exc:
        raise ProgressFileError(f"{path}: {exc}") from None
    solved: dict[str, int] = {}
    tried: dict[str, int] = {}
    titles = {i["item_id"]: i["title"] for i in data["items"]}
    for a in data["attempts"]:
        key = a["item_id"]
        tried[key] = tried.get(key, 0) + 1
        if a["solved"]:
            solved[key] = solved.get(key, 0) + 1
    return Report(data.get("student", ""), data.get("exported", ""), solved, tried, titles,
                  _daily((r["at"], r["rating"]) for r in data.get("ratings", [])),
                  "ratings" in data, {i["item_id"]: tuple(i.get("themes", ())) for i in data["items"]},
                  frozenset(data.get("due", [])),
                  tuple((a["item_id"], a["solved"]) for a in data["attempts"]))


def item_for(record, path, question: int | None = None) -> Item:
    """The progress item of a record opened from `path` (a lesson's question N with `question`)."""
    from scenarios.catalogue import kind_of
    from scenarios.courses import chapter_id

    info = record.scenario or {}
    title = str(info.get("title") or Path(path).stem)
    key = chapter_id(record)
    kind = kind_of(record)
    themes = tuple(t for t in info.get("themes") or () if isinstance(t, str))
    if question is not None:
        return Item(f"{key}#q{question}", f"{title}, question {question}", record.game.name,
                    "lesson question", str(path), themes)
    return Item(key, title, record.game.name, kind, str(path), themes)


def difficulty_rating(difficulty: int | None) -> float:
    """A new puzzle's starting rating from its author's difficulty (1 easy .. 5 hard)."""
    return START_RATING if difficulty is None else 1100.0 + 200.0 * (int(difficulty) - 1)
