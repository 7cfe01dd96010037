"""Autosave: every window keeps its session in its own file, written off the frame thread.

Files live in the user's data folder (`flickbook.places`: platformdirs' folder of each system,
or `$FLICKBOOK_HOME`). A window writes `autosave.flick`
(or `autosave-<pid>.flick` when another window holds that name) and holds a lock on
`.<name>.lock` while it runs. A record the window keeps behind the one shown (opened over,
or set aside by "Keep theirs") with unsaved changes is written too, to
`autosave-<pid>-held<k>.flick`, locked the same way. So an autosave whose lock nobody holds
was left by a viewer that died: only those are offered back (each in turn), never the file
of a window that is still open.

Nothing is overwritten on the way out: a clean exit moves the window's files that hold work
found nowhere else (a record that differs from its file, and was not thrown away with the
close prompt's Discard) into the `sessions/` folder under a name of their own
(`session-<time>-<pid>-<k>.flick`), and so do sessions offered back and answered "Keep
aside" or restored. Two windows closing, or a Discard then a Restore, keep both sessions;
only "Throw away" (or the close prompt's Discard) removes one.

After an edit the frame thread only copies the tree (`timeline.fileformat.snapshot`, well
under a millisecond for hundreds of nodes); encoding, compression and the disk happen on one
writer thread, which always writes the newest snapshot and skips the ones it never reached.
A write that fails is reported once (`take_failure`), so the window can say so and offer
`alternative_dir()` instead of playing on silently unsaved.
"""
from __future__ import annotations

import datetime as _dt
import errno
import fcntl
import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from flickbook import places

AUTOSAVE_NAME = "autosave.flick"
#: Where earlier versions kept the one last session (overwritten by every clean exit); still
#: offered on the kept shelf when found.
LAST_NAME = "last-session.flick"
#: The folder of sessions kept aside (one file each, never overwritten).
KEPT_DIR = "sessions"


def data_dir() -> Path:
    return places.data_dir()


def alternative_dir() -> Path:
    """Where to autosave when the data folder cannot be written: the temporary folder."""
    return Path(tempfile.gettempdir()) / f"flickbook-autosave-{os.getuid()}"


def kept_dir() -> Path:
    return data_dir() / KEPT_DIR


def keep_aside(path: Path, directory: Path) -> Path | None:
    """Move the file at `path` (and its note of the file it belongs to) into `directory`'s
    `sessions/` folder under a name no other file there has; never replaces a file. The new
    path, or None when it could not be moved (it then stays where it is)."""
    from viewer.opened_from import forget, recall, remember

    folder = Path(directory) / KEPT_DIR
    source = recall(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    for k in range(1, 10_000):
        target = folder / f"session-{stamp}-{os.getpid()}-{k}.flick"
        try:
            os.link(path, target)  # fails when the name is taken: nothing is replaced
        except FileExistsError:
            continue
        except OSError:
            try:  # a file system without hard links: claim the name, then move over it
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                continue
            except OSError:
                return None
            os.close(fd)
            try:
                os.replace(path, target)
            except OSError:
                target.unlink(missing_ok=True)
                return None
        else:
            try:
                os.unlink(path)
            except OSError:
                pass
        try:
            if source is not None:
                remember(target, source)
        except OSError:
            pass
        forget(path)
        return target
    return None


def kept_sessions(directory: Path | None = None) -> list[Path]:
    """The sessions kept aside in `directory` (the data folder), newest first."""
    directory = Path(directory) if directory is not None else data_dir()
    found = []
    try:
        found = list((directory / KEPT_DIR).glob("session-*.flick"))
        if (directory / LAST_NAME).is_file():
            found.append(directory / LAST_NAME)
    except OSError:
        pass

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    return sorted(found, key=mtime, reverse=True)


def throw_away_file(path: Path) -> None:
    """Remove a session file the user threw away (and its note)."""
    from viewer.opened_from import forget

    try:
        Path(path).unlink(missing_ok=True)
    except OSError:
        pass
    forget(path)


def _lock_path(autosave: Path) -> Path:
    return autosave.with_name(f".{autosave.name}.lock")


def _try_lock(path: Path):
    """An open, exclusively locked file descriptor for `path`, or None if someone holds it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


@dataclass
class CrashedSession:
    """An autosave nobody holds: what it is (game, when, length) and the lock we now hold."""

    path: Path
    game: str
    saved_at: float
    plies: int
    lock_fd: int | None

    def describe(self) -> str:
        when = _dt.datetime.fromtimestamp(self.saved_at)
        today = _dt.date.today()
        day = "today" if when.date() == today else when.strftime("%d %b %Y")
        return f"A {self.game} session autosaved {day} at {when:%H:%M} ({self.plies} plies)"

    def release(self) -> None:
        if self.lock_fd is not None:
            os.close(self.lock_fd)
            self.lock_fd = None


_UNCHANGED = object()


class Autosaver:
    """Writes the session's record after every change, atomically, on a writer thread."""

    def __init__(self, directory: Path | None = None):
        self.dir = Path(directory) if directory is not None else data_dir()
        self.error: str | None = None
        self.saves = 0
        self.session = None
        #: record -> a context in which it holds what the window withholds from view (a
        #: lesson's answers, a puzzle's solution), so an autosave keeps them (the controller's
        #: `whole_record`); None: the record as it is.
        self.whole = None
        #: Frame-thread seconds of the last save request (the snapshot), for benchmarks.
        self.last_request_seconds = 0.0
        self._lock_fd: int | None = None
        self._claimed: dict[Path, CrashedSession] = {}
        self.path = self._choose_path()
        self._pending = None
        #: autosave path -> (snapshot, source) to write, or None to remove (held records)
        self._extra: dict[Path, tuple | None] = {}
        #: id(session) -> [session, source, path, lock fd] of the records held behind the shown one
        self._held: dict[int, list] = {}
        self._held_count = 0
        #: ids of sessions whose changes the user threw away (the close prompt's Discard)
        self._thrown: set[int] = set()
        self._source: Path | None = None
        self._source_dirty = False
        self._busy = False
        self._closing = False
        self._reported = False
        self._failure: str | None = None
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._writer, name="flickbook-autosave", daemon=True)
        self._thread.start()

    # --- which file is ours -----------------------------------------------------------------
    def _choose_path(self) -> Path:
        """`autosave.flick` when no live window and no crashed session holds it, else one
        named after this process; the lock is taken before anything is written."""
        crashed = {c.path for c in self.crashed_sessions()}
        for name in (AUTOSAVE_NAME, f"autosave-{os.getpid()}.flick"):
            path = self.dir / name
            if path in crashed:
                continue
            fd = _try_lock(_lock_path(path))
            if fd is not None:
                self._release_own_lock()
                self._lock_fd = fd
                return path
        return self.dir / f"autosave-{os.getpid()}.flick"  # unwritable folder: saves will say so

    def _release_own_lock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def crashed_sessions(self) -> list[CrashedSession]:
        """Autosaves left by viewers that are gone, newest first; each stays locked by us
        until restored, discarded or released, so no other window offers it meanwhile."""
        from timeline.fileformat import RecordFileError, read_json

        found = []
        try:
            candidates = sorted(self.dir.glob("autosave*.flick"))
        except OSError:
            return []
        own = {h[2] for h in getattr(self, "_held", {}).values()}
        for path in candidates:
            if path == getattr(self, "path", None) or path in own:
                continue
            if path in self._claimed:
                found.append(self._claimed[path])
                continue
            fd = _try_lock(_lock_path(path))
            if fd is None:
                continue  # a live window's file
            try:
                data = read_json(path)
                game = str(data.get("game", "?"))
                nodes = data.get("nodes")
                plies = _main_line_length(nodes) if isinstance(nodes, list) else 0
                saved_at = path.stat().st_mtime
                title = _game_title(game)
            except (RecordFileError, OSError):
                title, plies, saved_at = f"damaged {_game_title(_lenient_game(path))}", 0, time.time()
            crashed = CrashedSession(path, title, saved_at, plies, fd)
            self._claimed[path] = crashed
            found.append(crashed)
        found.sort(key=lambda c: c.saved_at, reverse=True)
        return found

    def crashed_session(self) -> Path | None:
        """The newest autosave a crashed viewer left, if any (never a live window's)."""
        sessions = self.crashed_sessions()
        return sessions[0].path if sessions else None

    def load_crashed(self, crashed: CrashedSession | None = None):
        from timeline import load_record

        crashed = crashed or self.crashed_sessions()[0]
        return load_record(crashed.path)

    def set_aside(self, crashed: CrashedSession) -> Path | None:
        """Keep a crashed session in the sessions folder under a name of its own (after a
        restore or "Keep aside"); the path it has there (None: it could not be moved and is
        left where it was, to be offered again)."""
        kept = keep_aside(crashed.path, self.dir)
        self._forget(crashed)
        return kept

    def throw_away(self, crashed: CrashedSession) -> None:
        """The user threw a crashed session away: its file is removed."""
        throw_away_file(crashed.path)
        self._forget(crashed)

    def _forget(self, crashed: CrashedSession) -> None:
        self._claimed.pop(crashed.path, None)
        if crashed.path.name != AUTOSAVE_NAME:
            try:
                _lock_path(crashed.path).unlink()
            except OSError:
                pass
        crashed.release()

    def discard(self, crashed: CrashedSession | None = None) -> None:
        """Keep crashed sessions aside (none is lost; see `throw_away`)."""
        for c in [crashed] if crashed is not None else list(self._claimed.values()):
            self.set_aside(c)

    # --- saving -----------------------------------------------------------------------------
    def attach(self, session, source: Path | None = None) -> None:
        """Save now and after every tree or annotation change of `session` (opened from the
        file `source`, if any)."""
        session.listeners.append(self._on_change)
        self.session = session
        self.set_source(source)
        self.save()

    def set_source(self, source: Path | None) -> None:
        """Remember the file the autosaved record belongs to (viewer.opened_from); written
        by the writer thread beside the autosave."""
        with self._cond:
            self._source = source
            self._source_dirty = True
            self._cond.notify()

    def crashed_source(self, crashed: CrashedSession | None = None) -> Path | None:
        """The file a crashed session's record was opened from or saved to, if any."""
        from viewer.opened_from import recall

        crashed = crashed or self.crashed_sessions()[0]
        return recall(crashed.path)

    # --- records held behind the one shown ----------------------------------------------------
    def keep_held(self, held) -> None:
        """`held`: (session, source file) of each record the window keeps behind the one shown
        with changes not saved. Each is written to a file of its own (locked like the
        window's autosave, so a crash offers it back); a record no longer listed (shown again,
        saved, thrown away) has its file removed."""
        from contextlib import nullcontext

        from timeline.fileformat import snapshot

        wanted = {id(session): (session, source) for session, source in held
                  if session is not self.session}
        with self._cond:
            for key in [k for k in self._held if k not in wanted]:
                _, _, path, fd = self._held.pop(key)
                self._extra[path] = (None, fd)
            for key, (session, source) in wanted.items():
                entry = self._held.get(key)
                if entry is None:
                    self._held_count += 1
                    path = self.dir / f"autosave-{os.getpid()}-held{self._held_count}.flick"
                    entry = self._held[key] = [session, source, path, _try_lock(_lock_path(path))]
                entry[1] = source
                record = session.record
                with self.whole(record) if self.whole is not None else nullcontext():
                    data = snapshot(record)
                self._extra[entry[2]] = (data, source)
            self._cond.notify()

    def held_paths(self) -> list[Path]:
        """The files the records held behind the shown one are written to."""
        return [entry[2] for entry in self._held.values()]

    def discarded(self, session) -> None:
        """The user threw away `session`'s changes (the close prompt's Discard): its autosave
        is removed on a clean exit instead of being kept aside."""
        self._thrown.add(id(session))

    def detach(self, session) -> None:
        if self._on_change in session.listeners:
            session.listeners.remove(self._on_change)

    def _on_change(self, what: str) -> None:
        if what in ("tree", "annotation"):
            self.save()

    def save(self) -> None:
        """Hand a copy of the record to the writer; returns at once (the frame goes on)."""
        from timeline.fileformat import snapshot

        from contextlib import nullcontext

        start = time.perf_counter()
        record = self.session.record
        with self.whole(record) if self.whole is not None else nullcontext():
            data = snapshot(record)
        with self._cond:
            self._pending = data
            self._cond.notify()
        self.last_request_seconds = time.perf_counter() - start

    def _writer(self) -> None:
        from timeline.fileformat import encode_snapshot, write_atomic
        from viewer.opened_from import remember

        while True:
            with self._cond:
                while (self._pending is None and not self._source_dirty and not self._extra
                       and not self._closing):
                    self._cond.wait()
                if self._pending is None and not self._source_dirty and not self._extra:
                    return
                extra, self._extra = self._extra, {}
                data, self._pending = self._pending, None
                source = self._source if self._source_dirty else _UNCHANGED
                self._source_dirty = False
                self._busy = True
                path = self.path
            try:
                self._write_held(extra)
                if source is not _UNCHANGED:
                    remember(path, source)
                if data is None:
                    continue
                if self._lock_fd is None:  # the folder was unwritable when we started
                    path.parent.mkdir(parents=True, exist_ok=True)  # raises with the reason
                    fd = _try_lock(_lock_path(path))
                    if fd is None:
                        raise OSError(errno.EACCES, "cannot create files there")
                    self._lock_fd = fd
                write_atomic(path, encode_snapshot(data))
                self.saves += 1
                self.error = None
                self._reported = False
            except Exception as exc:  # noqa: BLE001 - a full disk must not take the viewer down
                reason = getattr(exc, "strerror", None) or str(exc)
                if isinstance(exc, FileExistsError):
                    reason = "a file of that name is in the way"
                self.error = f"Autosave cannot write to {path.parent} ({reason})"
                if not self._reported:
                    self._reported = True
                    self._failure = self.error
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every requested save is written (or has failed)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._source_dirty or self._extra or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _write_held(self, extra: dict) -> None:
        """Write (or remove) the files of the records held behind the shown one."""
        from timeline.fileformat import encode_snapshot, write_atomic
        from viewer.opened_from import forget, remember

        for path, (data, other) in extra.items():
            if data is None:  # no longer held with unsaved changes
                throw_away_file(path)
                try:
                    _lock_path(path).unlink()
                except OSError:
                    pass
                if other is not None:
                    os.close(other)
                continue
            remember(path, other)
            write_atomic(path, encode_snapshot(data))
            self.saves += 1

    def take_failure(self) -> str | None:
        """The first failure since the last good save, once (for the window to show)."""
        failure, self._failure = self._failure, None
        return failure

    def relocate(self, directory: Path) -> None:
        """Autosave into another folder from now on, and save there at once."""
        with self._cond:
            self._release_own_lock()
            self.dir = Path(directory)
            self.path = self._choose_path()
            self._source_dirty = True  # the note of the record's file moves with it
        if self.session is not None:
            self.save()

    def close(self) -> list[Path]:
        """Clean exit: the last saves are written; each of the window's files that holds work
        found nowhere else is kept aside in the sessions folder (under a name of its own, so
        another window's is never replaced), the others are removed. The kept paths."""
        self.flush()
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join(timeout=30)
        kept = []
        files = [(self.session, self._source, self.path, self._lock_fd)]
        files += [tuple(entry) for entry in self._held.values()]
        for session, source, path, fd in files:
            if fd is None or not path.is_file():
                continue
            if self._worth_keeping(session, source, path):
                moved = keep_aside(path, self.dir)
                if moved is not None:
                    kept.append(moved)
            else:
                throw_away_file(path)
        from viewer.opened_from import forget

        forget(self.path)
        for _, _, path, fd in files[1:]:
            try:
                _lock_path(path).unlink()
            except OSError:
                pass
            if fd is not None:
                os.close(fd)
        self._held.clear()
        if self.path.name != AUTOSAVE_NAME:
            try:
                _lock_path(self.path).unlink()
            except OSError:
                pass
        self._release_own_lock()
        for crashed in list(self._claimed.values()):
            crashed.release()
        self._claimed.clear()
        return kept

    def _worth_keeping(self, session, source, path: Path) -> bool:
        """Whether the autosave at `path` holds work found nowhere else: not thrown away by
        the user, not the same as the file it belongs to, and (a record of no file) changed."""
        if session is not None and id(session) in self._thrown:
            return False
        if source is None:
            return session is None or bool(getattr(session, "dirty", True))
        return not _same_files(path, source)


def _main_line_length(nodes: list) -> int:
    """Plies of the main line of a flat node list (the first child of each node)."""
    first_child: dict[int, int] = {}
    for i, entry in enumerate(nodes):
        parent = entry.get("parent") if isinstance(entry, dict) else None
        if isinstance(parent, int) and parent not in first_child:
            first_child[parent] = i
    plies, node = 0, 0
    while node in first_child and plies < len(nodes):
        node, plies = first_child[node], plies + 1
    return plies


def _lenient_game(path: Path) -> str:
    """The game a damaged autosave names, if plain JSON can still read it."""
    from timeline.fileformat import named_game

    return named_game(path) or "?"


def _game_title(name: str) -> str:
    from games.registry import get_game

    try:
        return get_game(name).title
    except ValueError:
        return name


def _same_files(a: Path, b: Path) -> bool:
    """Whether two record files hold the same record (False when either cannot be read)."""
    from timeline import RecordFileError, dumps, load_record

    try:
        return dumps(load_record(a)) == dumps(load_record(b))
    except (RecordFileError, OSError, ValueError):
        return False


def same_as_file(record, path) -> bool:
    """Whether `record` holds exactly what the file at `path` holds (nothing unsaved)."""
    from timeline import RecordFileError, dumps, load_record

    if path is None:
        return False
    try:
        return dumps(load_record(path)) == dumps(record)
    except (RecordFileError, OSError, ValueError):
        return False


def offer_restore(ctl, autosaver: Autosaver, start_autosave) -> None:
    """At start: offer each session a dead viewer left, newest first, naming game and time.

    Restore replaces the window's record, which then saves back to the file it came from
    (the autosave file is kept aside in the sessions folder); Keep aside moves it there under
    a name of its own and asks about the next one (so a later Restore never replaces it);
    Throw away removes it. A file that cannot be loaded is said so and kept aside, and the
    window keeps its own record.
    """
    from timeline import RecordFileError, Session

    sessions = autosaver.crashed_sessions()
    if not sessions:
        start_autosave()
        return
    crashed = sessions[0]
    more = len(sessions) - 1

    def kept_words(kept: Path | None) -> str:
        return f"kept as {KEPT_DIR}/{kept.name} (Ctrl+O opens it)" if kept is not None else \
            "left where it was"

    def restore():
        try:
            record = autosaver.load_crashed(crashed)
        except RecordFileError as exc:
            ctl.say(f"Could not restore: {exc}")
            autosaver.set_aside(crashed)
            offer_restore(ctl, autosaver, start_autosave)
            return
        previous = ctl.session
        source = autosaver.crashed_source(crashed)
        try:
            session = Session(record)
            session.dirty = not same_as_file(record, source)  # work not saved to its file
            ctl.shown.set_session(session, source)  # attaches the autosaver to the restored session
            ctl.navigation.go_to(record.root.end())
        except Exception as exc:  # noqa: BLE001 - a record the window cannot show: keep ours
            ctl.shown.set_session(previous)
            ctl.say(f"Could not restore {crashed.path.name}: {exc}")
            autosaver.set_aside(crashed)
            return
        autosaver.set_aside(crashed)
        for other in autosaver.crashed_sessions():
            other.release()  # left for the next window to offer
            autosaver._claimed.pop(other.path, None)
        ctl.say(f"Restored {crashed.describe()[2:]}"
                + (f" (from {source.name}: Ctrl+S saves to it)" if source else "")
                + (f"; {more} more left to offer next time" if more else ""))

    def keep():
        kept = autosaver.set_aside(crashed)
        ctl.say(f"{crashed.describe()} is {kept_words(kept)}")
        offer_restore(ctl, autosaver, start_autosave)

    def throw_away():
        autosaver.throw_away(crashed)
        offer_restore(ctl, autosaver, start_autosave)

    text = f"{crashed.describe()} did not end cleanly. Restore it?"
    if more:
        text += f" ({more} more after this one)"
    ctl.dialogs.ask(text, [("Restore", restore), ("Keep aside", keep), ("Throw away", throw_away)])


def watch_failures(app, ctl, autosaver: Autosaver) -> None:
    """Show a failed autosave once, plainly, and offer the temporary folder instead."""

    def poll(task):
        failure = autosaver.take_failure()
        if failure is None:
            return task.again
        alt = alternative_dir()
        if alt == autosaver.dir:
            ctl.dialogs.ask(f"{failure}. Your changes are not being autosaved; save with Ctrl+S.",
                    [("OK", None)])
            return task.again

        def use_alternative():
            autosaver.relocate(alt)
            ctl.say(f"Autosaving to {autosaver.path}")

        print(f"flickbook: {failure}", flush=True)
        ctl.dialogs.ask(f"{failure}. Your changes are not being autosaved. Autosave to {alt} instead?",
                [("Autosave there", use_alternative), ("Keep playing", None)])
        return task.again

    app.taskMgr.doMethodLater(0.25, poll, "flickbook-autosave-watch")
