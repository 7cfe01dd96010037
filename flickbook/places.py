"""Where the program keeps the user's own files: settings (the config folder) and autosaves,
sessions, screenshots and saved puzzles (the data folder).

Each system's folders come from platformdirs: on Linux `~/.local/share/flickbook` and
`~/.config/flickbook` (or under `$XDG_DATA_HOME` / `$XDG_CONFIG_HOME`), on macOS
`~/Library/Application Support/flickbook`, on Windows `%LOCALAPPDATA%\\flickbook` (both kinds
in one folder there). `$FLICKBOOK_HOME` puts both in that one folder (tests, portable copies).

Before this, every system kept everything in `$XDG_DATA_HOME/flickbook` or
`~/.local/share/flickbook`. The first time a place is asked for, what is still there is moved
to the new places (`migrate`), losing nothing: a file the new place already holds with other
bytes is kept beside it under a new name. What was moved is said once (`take_notice`).
"""
from __future__ import annotations

import filecmp
import os
import shutil
import sys
from pathlib import Path

APP = "flickbook"
#: Files of the old folder that belong in the config folder; everything else is data.
CONFIG_FILES = ("settings.json",)

_migrated = False
_notice: str | None = None


def _system_dirs():
    """platformdirs' folders for the system the program runs on, chosen when asked (so tests can
    pretend to be another system), the same way `platformdirs.PlatformDirs` is chosen."""
    if sys.platform == "win32":
        from platformdirs.windows import Windows as Dirs
    elif sys.platform == "darwin":
        from platformdirs.macos import MacOS as Dirs
    else:
        from platformdirs.unix import Unix as Dirs
    return Dirs(APP, appauthor=False)


def _home() -> Path | None:
    home = os.environ.get("FLICKBOOK_HOME")
    return Path(home).expanduser() if home else None


def data_dir() -> Path:
    """The folder of autosaves, last sessions, screenshots and the user's puzzles."""
    migrate()
    return _home() or Path(_system_dirs().user_data_dir)


def config_dir() -> Path:
    """The folder of the user's settings."""
    migrate()
    return _home() or Path(_system_dirs().user_config_dir)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def legacy_dir() -> Path:
    """Where every earlier version kept everything, on every system."""
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / APP


def take_notice() -> str | None:
    """What the move from the old folder did, once per move (None when nothing was moved)."""
    global _notice
    notice, _notice = _notice, None
    return notice


def migrate() -> None:
    """Move the old folder's files to the new places, once per process; errors are said, never
    raised (the files stay where they were, and are found there again next time)."""
    global _migrated, _notice
    if _migrated:
        return
    _migrated = True
    if _home() is not None:
        return
    dirs = _system_dirs()
    old = legacy_dir()
    new_data, new_config = Path(dirs.user_data_dir), Path(dirs.user_config_dir)
    moved, failed, to = [], [], set()
    try:
        if not old.is_dir():
            return
        todo = [(entry, new_config if entry.name in CONFIG_FILES else new_data)
                for entry in sorted(old.iterdir()) if not entry.name.endswith(".lock")]
        todo = [(entry, target) for entry, target in todo if not _same(target, old)]
        if not todo or _held_lock(old):
            return  # nothing to move, or a window of an earlier version still writes there
        for entry, target in todo:
            try:
                _move(entry, target / entry.name)
                moved.append(entry.name)
                to.add(str(target))
            except OSError as exc:
                failed.append(f"{entry.name} ({exc.strerror or exc})")
        _tidy(old)
    except OSError:
        pass
    if not moved and not failed:
        return
    parts = []
    if moved:
        parts.append(f"Moved your Flickbook files ({', '.join(moved)}) from {old} to "
                     f"{' and '.join(sorted(to))}")
    if failed:
        parts.append(f"could not move {', '.join(failed)}: they stay in {old}")
    _notice = "; ".join(parts) + "."


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _held_lock(folder: Path) -> bool:
    """Whether a running window holds one of the autosave locks in `folder`."""
    try:
        import fcntl
    except ImportError:  # Windows: its earlier versions could not lock either
        return False
    for lock in folder.glob(".*.lock"):
        try:
            fd = os.open(lock, os.O_RDWR)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        finally:
            os.close(fd)  # closing lets go of a lock we took
    return False


def _move(source: Path, dest: Path) -> None:
    """Move a file or folder to `dest`; folders merge; a different file already at `dest`
    stays, and the moved one takes the first free name `name (old N).ext`."""
    if source.is_dir() and not source.is_symlink():
        dest.mkdir(parents=True, exist_ok=True)
        for entry in sorted(source.iterdir()):
            _move(entry, dest / entry.name)
        source.rmdir()
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.exists():
        if dest.is_file() and filecmp.cmp(source, dest, shallow=False):
            source.unlink()
            return
        dest = _free_name(dest)
    shutil.move(str(source), str(dest))


def _free_name(dest: Path) -> Path:
    suffix = "".join(dest.suffixes) if dest.name.endswith(".flick.gz") else dest.suffix
    stem = dest.name[: len(dest.name) - len(suffix)] if suffix else dest.name
    n = 1
    while True:
        label = "old" if n == 1 else f"old {n}"
        candidate = dest.with_name(f"{stem} ({label}){suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def _tidy(old: Path) -> None:
    """Remove the old folder when only unheld lock files are left in it."""
    left = list(old.iterdir())
    if all(p.name.endswith(".lock") and p.is_file() for p in left):
        for p in left:
            p.unlink()
        old.rmdir()
