"""The Learn list's shelves: every game's files (bundled and the user's own), the courses with
a tick for each chapter the student has done, and the items due for review today.

Entries are (heading, title, path): a course chapter is opened from a `.flick` file of its own
written once into the user's data folder (`scenarios.courses.chapter_file`), so opening,
saving and autosave treat it like any record."""
from __future__ import annotations

from pathlib import Path

Entry = tuple[str, str, Path]
_COURSES: dict[Path, tuple[float, object]] = {}  # path -> (mtime, Course): read once a change


def file_entries(progress=None) -> list[Entry]:
    """(heading, title, path) of each tutorial, puzzle, lesson and demo: the heading names the
    game (the user's own files under "<game>: your own"), the title says what the file is and
    the verdict it saved (`scenarios.catalogue`; damaged files are left out), and a puzzle the
    student has tried its rating from their solves ("rated 1380")."""
    from games.registry import get_game
    from scenarios.catalogue import catalogue

    out = []
    for entry in catalogue():
        if entry.error:
            continue
        heading = get_game(entry.game).title + (": your own" if entry.own else "")
        facts = [entry.kind] + ([entry.verdict] if entry.verdict else [])
        if progress is not None and entry.kind == "puzzle" and entry.item_id:
            rating = progress.rating(entry.item_id)
            if rating is not None:
                facts.append(f"rated {rating:.0f}")
        out.append((heading, f"{entry.title} ({', '.join(facts)})", entry.path))
    return sorted(out, key=lambda e: e[0])  # stable: each game's own files after its bundled ones


def course_files() -> list[Path]:
    """The bundled courses, then the user's own (`scenarios.courses.library_files`)."""
    from scenarios.courses import library_files

    return library_files()


def _course(path: Path):
    from scenarios.courses import load_course

    mtime = path.stat().st_mtime
    cached = _COURSES.get(path)
    if cached is None or cached[0] != mtime:
        cached = (mtime, load_course(path))
        _COURSES[path] = cached
    return cached[1]


def chapter_done(chapter, solved: set[str]) -> bool:
    """A puzzle or tutorial is done once solved; a lesson once each of its questions is."""
    from analysis.lessons import questions_of

    if chapter.kind == "lesson":
        numbers = [q.number for q in questions_of(chapter.record)]
        return bool(numbers) and all(f"{chapter.id}#q{n}" in solved for n in numbers)
    return chapter.id in solved


def course_entries(solved: set[str], folder: Path) -> tuple[list[Entry], list[str]]:
    """Each course's chapters under a heading with its progress ("3/14 done"), and the
    problems of courses that could not be read (said, not shown as entries)."""
    from scenarios.courses import CourseFileError, chapter_file

    out, problems = [], []
    for path in course_files():
        try:
            course = _course(path)
        except (CourseFileError, OSError) as exc:
            problems.append(str(exc))
            continue
        done = [chapter_done(c, solved) for c in course.chapters]
        heading = f"{course.title} ({sum(done)}/{len(done)} done)"
        for i, (chapter, tick) in enumerate(zip(course.chapters, done), 1):
            try:
                file = chapter_file(path, i, chapter, folder)
            except OSError as exc:
                problems.append(f"{path.name}: chapter {i} cannot be opened: {exc.strerror or exc}")
                continue
            mark = ", done" if tick else ""
            out.append((heading, f"{i}. {chapter.title} ({chapter.kind}{mark})", file))
    return out, problems


def in_library(course_path: Path) -> bool:
    """Whether a course file is one the Courses shelf lists (bundled or the user's own)."""
    course_path = Path(course_path).resolve()
    raw = None
    for known in course_files():
        if known.resolve() == course_path:
            return True
        if known.name == course_path.name:
            try:
                raw = course_path.read_bytes() if raw is None else raw
                if known.read_bytes() == raw:
                    return True
            except OSError:
                pass
    return False


def add_to_library(course_path: Path) -> Path:
    """A copy of the course in the user's own courses folder, which the Courses shelf lists
    (a course of the same name there is not overwritten: the copy is numbered); OSError."""
    from scenarios.authoring import own_root
    from timeline.fileformat import write_atomic

    folder = own_root() / "courses"
    course_path = Path(course_path)
    target, n = folder / course_path.name, 1
    while target.exists():
        n += 1
        target = folder / f"{course_path.stem}-{n}{course_path.suffix}"
    return write_atomic(target, course_path.read_bytes())


def first_chapter(course_path: Path):
    """A handed-out course opened: (the course, its first chapter's own `.flick` file); the
    chapters are written once into the data folder, as the Courses shelf writes them."""
    from flickbook import places
    from scenarios.courses import chapter_file

    course = _course(Path(course_path))
    folder = places.data_dir() / "course-chapters"
    return course, chapter_file(course_path, 1, course.chapters[0], folder)


def review_entries(progress) -> list[Entry]:
    """The items due for review now, longest overdue first (a lesson question opens its lesson)."""
    out = []
    for due in progress.due():
        times = "once" if due.failures == 1 else f"{due.failures} times"
        out.append(("Due for review", f"{due.item.title} (failed {times})", Path(due.item.path)))
    return out


#: Kept sessions the Learn list shows (the newest; the others stay in the sessions folder).
KEPT_SHOWN = 40


def kept_entries(directory: Path | None = None) -> list[Entry]:
    """(heading, title, path) of the sessions kept aside (viewer.autosave: two windows that
    closed, a session kept aside or restored after a crash), newest first, each named by its
    game, when it was kept and the file it belongs to."""
    import datetime as _dt
    import json

    from games.registry import get_game
    from timeline.fileformat import named_game
    from viewer.autosave import kept_sessions
    from viewer.opened_from import recall

    out = []
    for path in kept_sessions(directory)[:KEPT_SHOWN]:
        try:
            game = named_game(path)
            title = get_game(game).title if game is not None else "?"
            when = _dt.datetime.fromtimestamp(path.stat().st_mtime)
        except (OSError, ValueError):
            title, when = "damaged", None
        source = recall(path)
        words = f"{title}, {when:%d %b %H:%M}" if when else title
        out.append(("Kept sessions (not lost: open one, or delete its file)",
                    words + (f" (of {source.name})" if source else ""), path))
    return out


class _Ratings:
    """The progress a Files shelf asks for ratings, each query behind the study's guard."""

    def __init__(self, study):
        self.study = study

    def rating(self, item_id: str):
        return self.study.read(lambda db: db.rating(item_id), None)


def shelves(study) -> tuple[dict[str, list[Entry]], str]:
    """The Learn list's shelves and a note for an empty review shelf (when the next review is)."""
    from flickbook import places

    study.flush()  # attempts kept while the database could not take them
    solved = study.read(lambda db: db.solved_ids(), set())
    courses, problems = course_entries(solved, places.data_dir() / "course-chapters")
    review = study.read(review_entries, [])
    upcoming = study.read(lambda db: db.next_due(), None) if not review else None
    note = study.problem or ""
    if not review and study.problem is None:
        note = ("Nothing is due: a puzzle or question you fail comes back here "
                + (f"(next review {upcoming:%d %b %H:%M} UTC)" if upcoming else "for review"))
    if problems:
        note = (note + "  " if note else "") + "; ".join(problems)
    found = {"Files": file_entries(_Ratings(study) if study.progress is not None else None), "Courses": courses,
             f"Review ({len(review)} due)": review}
    kept = kept_entries(places.data_dir())
    if kept:  # sessions kept aside are listed, so none is out of sight
        found["Kept sessions"] = kept
    return found, note


def dashboard_of(study):
    """The student's dashboard (`Progress.dashboard`) over the library's courses, or None when
    the database cannot be read now (said once on the message line by the study's guard)."""
    from analysis.lessons.progress import course_items
    from scenarios.courses import CourseFileError

    courses = []
    for path in course_files():
        try:
            courses.append(course_items(_course(path)))
        except (CourseFileError, OSError):
            continue  # said by the Courses shelf
    return study.read(lambda db: db.dashboard(courses), None)
