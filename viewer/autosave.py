"""Autosave: every window keeps its session in its own file, written off the frame thread.

Files live in the user's data folder (`flickbook.places`: platformdirs' folder of each system,
or `$FLICKBOOK_HOME`). A window writes `autosave.flick`
(or `autosave-<pid>.flick` when another window holds that name) and holds a lock on
`.<name>.lock` while it runs; a clean exit renames its file to `last-session.flick`. So an
autosave whose lock nobody holds was left by a viewer that died: only those are offered back,
never the file of a window that is still open.

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
LAST_NAME = "last-session.flick"


def data_dir() -> Path:
    return places.data_dir()


def alternative_dir() -> Path:
    """Where to autosave when the data folder cannot be written: the temporary folder."""
    return Path(tempfile.gettempdir()) / f"flickbook-autosave-{os.getuid()}"


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
        for path in candidates:
            if path == getattr(self, "path", None):
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

    def set_aside(self, crashed: CrashedSession) -> None:
        """Keep a crashed session as last-session.flick (after a restore or a Discard)."""
        from viewer.opened_from import forget

        try:
            os.replace(crashed.path, self.dir / LAST_NAME)
        except OSError:
            pass
        forget(crashed.path)
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
                while self._pending is None and not self._source_dirty and not self._closing:
                    self._cond.wait()
                if self._pending is None and not self._source_dirty:
                    return
                data, self._pending = self._pending, None
                source = self._source if self._source_dirty else _UNCHANGED
                self._source_dirty = False
                self._busy = True
                path = self.path
            try:
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
            while self._pending is not None or self._source_dirty or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

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

    def close(self) -> None:
        """Clean exit: the last save is written, then becomes last-session.flick."""
        self.flush()
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join(timeout=30)
        if self.path.is_file() and self._lock_fd is not None:
            try:
                os.replace(self.path, self.dir / LAST_NAME)
            except OSError:
                pass
        from viewer.opened_from import forget

        forget(self.path)
        if self.path.name != AUTOSAVE_NAME:
            try:
                _lock_path(self.path).unlink()
            except OSError:
                pass
        self._release_own_lock()
        for crashed in list(self._claimed.values()):
            crashed.release()
        self._claimed.clear()


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
    import json

    try:
        with open(path, "rb") as handle:
            game = json.loads(handle.read(64 << 20)).get("game")
        return game if isinstance(game, str) else "?"
    except (OSError, ValueError, AttributeError, RecursionError):
        return "?"


def _game_title(name: str) -> str:
    from games.registry import get_game

    try:
        return get_game(name).title
    except ValueError:
        return name


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
    (the autosave is kept as last-session.flick); Discard
    sets it aside and asks about the next one; a file that cannot be loaded is said so and
    set aside, and the window keeps its own record.
    """
    from timeline import RecordFileError, Session

    sessions = autosaver.crashed_sessions()
    if not sessions:
        start_autosave()
        return
    crashed = sessions[0]

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
            ctl.set_session(session, source)  # attaches the autosaver to the restored session
            ctl.go_to(record.root.end())
        except Exception as exc:  # noqa: BLE001 - a record the window cannot show: keep ours
            ctl.set_session(previous)
            ctl.say(f"Could not restore {crashed.path.name}: {exc}")
            autosaver.set_aside(crashed)
            return
        autosaver.set_aside(crashed)
        for other in autosaver.crashed_sessions():
            other.release()  # left for the next window to offer
            autosaver._claimed.pop(other.path, None)
        ctl.say(f"Restored {crashed.describe()[2:]}"
                + (f" (from {source.name}: Ctrl+S saves to it)" if source else ""))

    def discard():
        autosaver.set_aside(crashed)
        offer_restore(ctl, autosaver, start_autosave)

    ctl.ask(f"{crashed.describe()} did not end cleanly. Restore it?",
            [("Restore", restore), ("Discard", discard)])


def watch_failures(app, ctl, autosaver: Autosaver) -> None:
    """Show a failed autosave once, plainly, and offer the temporary folder instead."""

    def poll(task):
        failure = autosaver.take_failure()
        if failure is None:
            return task.again
        alt = alternative_dir()
        if alt == autosaver.dir:
            ctl.ask(f"{failure}. Your changes are not being autosaved; save with Ctrl+S.",
                    [("OK", None)])
            return task.again

        def use_alternative():
            autosaver.relocate(alt)
            ctl.say(f"Autosaving to {autosaver.path}")

        print(f"flickbook: {failure}", flush=True)
        ctl.ask(f"{failure}. Your changes are not being autosaved. Autosave to {alt} instead?",
                [("Autosave there", use_alternative), ("Keep playing", None)])
        return task.again

    app.taskMgr.doMethodLater(0.25, poll, "flickbook-autosave-watch")
