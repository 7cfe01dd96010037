"""Records to and from files: save (Ctrl+S), open (Ctrl+O), the Learn list (L), a new game
(Ctrl+N).

A save writes the record whole (a hidden solution and a lesson's withheld answers go back in,
`viewer.shown.Shown.whole_record`) and notes the file as written (`viewer.conflicts`: a file
another window wrote since is asked about, never overwritten unasked). An open or a new game
swaps the record shown (`viewer.records`: the one before is kept, Ctrl+Z brings it back); a
file this window cannot read or show leaves the record shown as it was.
"""
from __future__ import annotations

from pathlib import Path

from timeline import RecordFileError, Session, load_record, save_record
from viewer.dialogs import FileDialog, LearnOverlay


class Files:
    """Ctrl+S, Ctrl+O, L and Ctrl+N, and the saves the close prompt and the autosave ask."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app

    def commands(self) -> dict:
        return {"save": self.save, "open": self.open, "learn": self.learn,
                "new_game": self.ask_new_game}

    def default_path(self) -> Path:
        if self.ctl.path is not None:
            return self.ctl.path
        from viewer.autosave import data_dir

        return data_dir() / f"{self.ctl.session.game.name}-game.flick"

    # --- saving ---------------------------------------------------------------------------------
    def save(self) -> None:
        self.save_as_dialog(self.default_path())

    def save_as_dialog(self, default: Path) -> None:
        dialogs = self.ctl.dialogs
        dialogs.open(FileDialog(self.app, "save", default, self.save_to, on_close=dialogs.closed))

    def save_to(self, path: Path, force: bool = False) -> str | None:
        """Save the record; returns an error message for the dialog, or None. When another
        window or program wrote the file since this window read or wrote it, nothing is
        written yet: once the dialog closes, the window asks (viewer.conflicts); `force`
        writes over it (the answer Keep mine)."""
        ctl = self.ctl
        if path.suffix == "":
            path = path.with_suffix(".flick")
        theirs = None if force else ctl.disk.conflict(ctl.session, path)
        if theirs is not None:
            from viewer.conflicts import ask_save_conflict

            session = ctl.session
            ctl.dialogs.then(lambda: ask_save_conflict(ctl, session, path, theirs))
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.write_record(ctl.session, path)
        except OSError as exc:
            return f"Could not save: {exc.strerror or exc}"
        ctl.path = path
        autosaver = getattr(self.app, "autosaver", None)
        if autosaver is not None:
            autosaver.set_source(path)  # a restore after a crash saves back here
        ctl.say(f"Saved {path}")
        return None

    def write_record(self, session, path: Path) -> None:
        """Save `session`'s record to `path`, whole: a hidden solution line and a lesson's
        withheld answers are put back in the file (`whole_record`)."""
        with self.ctl.shown.whole_record(session.record):
            save_record(session.record, path)
        session.dirty = False
        self.ctl.disk.note(session, path)
        self.held_changed()  # a record saved behind the shown one needs no file of its own

    def held_changed(self) -> None:
        """The records kept behind the shown one changed: the autosave writes each that has
        unsaved changes to a file of its own (a crash loses none of them)."""
        autosaver = getattr(self.app, "autosaver", None)
        if autosaver is not None:
            autosaver.keep_held([(h.session, h.path) for h in self.ctl.records.held()[1:]
                                 if h.session.dirty])

    # --- opening --------------------------------------------------------------------------------
    def open(self) -> None:
        ctl = self.ctl
        start = ctl.path or self.default_path()
        ctl.dialogs.open(FileDialog(self.app, "open", start, self.open_path,
                                    on_close=ctl.dialogs.closed))

    def learn(self) -> None:
        ctl = self.ctl
        from viewer.learning import dashboard_of, shelves

        found, note = shelves(ctl.study)
        ctl.dialogs.open(LearnOverlay(self.app, [], self.open_path, shelves=found, note=note,
                                      on_close=ctl.dialogs.closed,
                                      dashboard=dashboard_of(ctl.study)))

    def open_path(self, path: Path) -> str | None:
        """Open a file (a record, or a course: its first chapter); on any problem the message
        is returned and the current record stays."""
        from scenarios.courses import is_course_file
        from viewer.ondisk import Fingerprint

        if is_course_file(path):
            return self.open_course(path)
        ctl = self.ctl
        fingerprint = Fingerprint.of(path)  # before reading: a write racing the read is seen
        try:
            record = load_record(path)
        except (RecordFileError, OSError, ValueError) as exc:
            return str(exc)
        previous, previous_path = ctl.session, ctl.path
        try:
            opened = Session(record)
            ctl.disk.note(opened, fingerprint)
            kept = ctl.records.swap(opened, path, f"open {path.name}")
        except Exception as exc:  # noqa: BLE001 - a record this window cannot show: keep ours
            ctl.shown.set_session(previous, previous_path)
            return f"{path}: cannot be shown ({type(exc).__name__}: {exc})"
        if not (record.scenario or {}).get("title"):  # a scenario says its title instead
            ctl.say(f"Opened {path}" + (f". {kept}" if kept else ""))
        return None

    def open_course(self, path: Path) -> str | None:
        """A course handed out as a file: its first chapter is shown, and a course the Courses
        shelf does not list yet is offered to be added to the library."""
        from scenarios.courses import CourseFileError
        from viewer.learning import first_chapter

        try:
            course, chapter = first_chapter(path)
        except (CourseFileError, OSError) as exc:
            return str(exc)
        problem = self.open_path(chapter)
        if problem is not None:
            return problem
        self.offer_course(path, course)
        return None

    def offer_course(self, path: Path, course) -> None:
        """Say the course shown, and ask (once no dialog is up) to add it to the library."""
        from viewer.learning import add_to_library, in_library

        ctl = self.ctl
        chapters = len(course.chapters)
        ctl.say(f"Course {course.title!r}: chapter 1 of {chapters} shown; L lists them all")
        if in_library(path):
            return

        def add():
            try:
                kept = add_to_library(path)
            except OSError as exc:
                ctl.say(f"Could not add {course.title!r} to your courses: {exc.strerror or exc}")
                return
            ctl.say(f"Added {course.title!r} to your courses ({kept}): L lists it under Courses")

        def not_now():
            ctl.say(f"{course.title!r} is not added: open {path.name} again to add it")

        ctl.dialogs.then(lambda: ctl.dialogs.ask(
            f"Add the course {course.title!r} ({chapters} chapters) to your library?\n"
            "The Learn list (L) then lists it under Courses, with your progress.",
            [("Add it", add), ("Not now", not_now)]))

    # --- a new game -----------------------------------------------------------------------------
    def ask_new_game(self) -> None:
        """Ctrl+N: a new game of any game, played here or logged from a real table."""
        ctl = self.ctl
        from viewer.newgame import NewGameDialog

        ctl.dialogs.open(NewGameDialog(self.app, self.new_game, on_close=ctl.dialogs.closed))

    def new_game(self, game_name: str, log: bool) -> None:
        """Start a new game of `game_name` (its default players); `log`: logged from a real
        table (log mode, chance as it comes). The record shown before is kept (Ctrl+Z)."""
        from viewer.newgame import new_session

        try:
            session = new_session(game_name, log=log)
        except ValueError as exc:
            self.ctl.say(f"No new game: {exc}")
            return
        kept = self.ctl.records.swap(session, None, f"a new game of {session.game.title}")
        self.ctl.say(("Logging a table game" if log else "New game")
                     + f" of {session.game.title}. " + kept)
