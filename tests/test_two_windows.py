"""Nothing two windows write is lost (issue 28 point 2), without a window: the file fingerprint
a save compares, the sessions kept aside (one file each, never replaced: two windows closing,
Keep aside then Restore), the records held behind the shown one written to files of their
own; and in the real app drawing offscreen (a child process), a save to a file another
writer changed asks Keep mine / Keep theirs / Save as / Cancel, and each answer does what
it says."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from timeline import Record, Session, dumps, load_record, save_record
from viewer.autosave import AUTOSAVE_NAME, KEPT_DIR, Autosaver, kept_sessions, offer_restore
from viewer.ondisk import Fingerprint

ROOT = Path(__file__).resolve().parent.parent


def glik(comment: str = "") -> Session:
    session = Session(Record.new("glik"))
    if comment:
        session.set_comment(comment)
    return session


# --- the fingerprint ------------------------------------------------------------------------

def test_a_fingerprint_sees_other_bytes_not_a_touch_and_not_a_file_gone(tmp_path):
    path = tmp_path / "game.flick"
    save_record(glik("mine").record, path)
    mine = Fingerprint.of(path)
    assert mine.digest is not None and mine.size == path.stat().st_size
    assert mine.changed_since() is None
    os.utime(path, ns=(mine.mtime_ns + 5_000_000_000,) * 2)  # touched: the same bytes
    assert mine.changed_since() is None
    save_record(glik("theirs").record, path)  # another window saved
    theirs = mine.changed_since()
    assert theirs is not None and theirs.digest != mine.digest and "at" in theirs.when()
    assert Fingerprint.of(path).changed_since() is None
    path.unlink()  # gone: saving loses nothing of anyone's
    assert theirs.changed_since() is None
    assert Fingerprint.of(path).digest is None


def test_a_fingerprint_names_the_file_through_a_link_and_a_relative_path(tmp_path, monkeypatch):
    path = tmp_path / "real.flick"
    save_record(glik().record, path)
    link = tmp_path / "link.flick"
    link.symlink_to(path)
    monkeypatch.chdir(tmp_path)
    f = Fingerprint.of("link.flick")
    assert f.path == path.resolve() and f.same_file(path) and f.same_file("real.flick")
    assert not f.same_file(tmp_path / "other.flick")


def test_the_disk_watch_asks_only_about_the_file_a_record_came_from(tmp_path):
    from viewer.conflicts import DiskWatch, conflict_text

    path, other = tmp_path / "game.flick", tmp_path / "other.flick"
    save_record(glik().record, path)
    watch, mine = DiskWatch(), glik("mine")
    assert watch.conflict(mine, path) is None  # never read or written: nothing to compare
    watch.note(mine, path)
    assert watch.conflict(mine, path) is None
    save_record(glik("theirs").record, path)
    theirs = watch.conflict(mine, path)
    assert theirs is not None
    assert watch.conflict(mine, other) is None  # save as: another file
    text = conflict_text(path, theirs)
    assert text.startswith("game.flick was changed on disk today at ")
    assert "Keep mine" in text and "Keep theirs" in text and "Save as" in text
    watch.note(mine, path)  # after our own save
    assert watch.conflict(mine, path) is None


# --- sessions kept aside ---------------------------------------------------------------------

class FakeWindow:
    def __init__(self, session):
        from types import SimpleNamespace

        self.session = session
        self.questions, self.said = [], []
        self.dialogs = SimpleNamespace(ask=self._ask)  # the window's command groups used
        self.shown = SimpleNamespace(set_session=self._set_session)
        self.navigation = SimpleNamespace(go_to=lambda node: None)

    def _ask(self, text, answers):
        self.questions.append((text, dict(answers)))

    def say(self, text):
        self.said.append(text)

    def _set_session(self, session, path=None):
        self.session = session


def _left_by_a_dead_window(folder: Path, name: str, comment: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    save_record(glik(comment).record, path)  # nobody holds its lock: a viewer that died
    return path


def test_keep_aside_then_restore_keeps_both_and_throw_away_removes_one(tmp_path):
    a = _left_by_a_dead_window(tmp_path, AUTOSAVE_NAME, "first dead window")
    b = _left_by_a_dead_window(tmp_path, "autosave-4242.flick", "second dead window")
    c = _left_by_a_dead_window(tmp_path, "autosave-4343.flick", "third dead window")
    os.utime(a, (1e9 + 300,) * 2)  # newest first: a, b, c
    os.utime(b, (1e9 + 200,) * 2)
    os.utime(c, (1e9 + 100,) * 2)
    saver = Autosaver(tmp_path)
    window = FakeWindow(glik())
    started = []
    offer_restore(window, saver, lambda: started.append(True))
    text, answers = window.questions[-1]
    assert list(answers) == ["Restore", "Keep aside", "Throw away"]
    assert "did not end cleanly" in text and "(2 more after this one)" in text
    answers["Keep aside"]()  # the first: kept, and the next one is asked about
    assert "kept as sessions/session-" in window.said[-1]
    text, answers = window.questions[-1]
    answers["Throw away"]()  # the second: the user threw it away
    text, answers = window.questions[-1]
    answers["Restore"]()  # the third: shown, its file kept aside too
    assert window.session.record.root.comment == "third dead window"
    kept = {load_record(k).root.comment for k in kept_sessions(tmp_path)}
    assert kept == {"first dead window", "third dead window"}, "Restore replaced nothing kept"
    assert not a.exists() and not b.exists() and not c.exists()
    assert all(k.parent.name == KEPT_DIR for k in kept_sessions(tmp_path))
    saver.close()


def test_a_kept_aside_file_never_replaces_one_kept_before(tmp_path):
    from viewer.autosave import keep_aside

    names = set()
    for i in range(5):  # in the same second, from the same process
        path = _left_by_a_dead_window(tmp_path, AUTOSAVE_NAME, f"session {i}")
        names.add(keep_aside(path, tmp_path).name)
    assert len(names) == 5
    assert sorted(load_record(k).root.comment for k in kept_sessions(tmp_path)) == \
        [f"session {i}" for i in range(5)]


def test_a_clean_exit_keeps_only_work_found_nowhere_else(tmp_path):
    # saved to its file: nothing to keep; an untouched new game: nothing to keep
    source = tmp_path / "game.flick"
    saved = glik("saved")
    save_record(saved.record, source)
    saved.dirty = False
    for session, path in ((saved, source), (glik(), None)):
        saver = Autosaver(tmp_path)
        saver.attach(session, path)
        assert saver.close() == []
    # thrown away with the close prompt's Discard: nothing kept
    saver = Autosaver(tmp_path)
    thrown = glik("thrown away")
    saver.attach(thrown)
    saver.discarded(thrown)
    assert saver.close() == []
    # the file changed under it (another window wrote it): this window's record is kept
    saver = Autosaver(tmp_path)
    mine = glik("mine")
    save_record(mine.record, source)
    mine.dirty = False
    saver.attach(mine, source)
    save_record(glik("theirs").record, source)
    kept, = saver.close()
    assert load_record(kept).root.comment == "mine" and kept.parent.name == KEPT_DIR
    from viewer.opened_from import recall

    assert recall(kept) == source.resolve(), "a kept session still knows its file"
    assert not list(tmp_path.glob("autosave*.flick"))


def test_records_held_behind_the_shown_one_have_files_of_their_own(tmp_path):
    saver = Autosaver(tmp_path)
    shown, behind = glik("shown"), glik("held, unsaved")
    saver.attach(shown)
    saver.keep_held([(behind, tmp_path / "behind.flick")])
    assert saver.flush()
    held, = saver.held_paths()
    assert held.name.startswith("autosave-") and load_record(held).root.comment == "held, unsaved"
    assert Autosaver(tmp_path).crashed_sessions() == [], "a live window's files are not offered"
    saver.keep_held([])  # shown again, or saved: its file goes
    assert saver.flush() and not held.exists()
    saver.keep_held([(behind, None)])
    assert saver.flush()
    held, = saver.held_paths()
    kept = saver.close()  # never saved anywhere: kept aside with the shown one
    assert sorted(load_record(k).root.comment for k in kept) == ["held, unsaved", "shown"]


HELD_CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from timeline import Record, Session
from viewer.autosave import Autosaver
saver = Autosaver({home!r})
shown, behind = Session(Record.new("glik")), Session(Record.new("glik"))
behind.set_comment("held by a window that died")
saver.attach(shown)
saver.keep_held([(behind, None)])
saver.flush()
print("ready", flush=True)
time.sleep(600)
"""


def test_a_held_record_of_a_window_that_died_is_offered_back(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", HELD_CHILD.format(root=str(ROOT),
                                                                        home=str(tmp_path))],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        assert Autosaver(tmp_path).crashed_sessions() == []
        child.kill()
        child.wait(10)
        saver = Autosaver(tmp_path)
        comments = sorted(saver.load_crashed(c).root.comment for c in saver.crashed_sessions())
        assert comments == ["", "held by a window that died"]
        saver.close()
    finally:
        if child.poll() is None:
            child.kill()


# --- in the real app (offscreen) -------------------------------------------------------------

def test_a_save_over_another_writers_file_asks_in_a_child_process(tmp_path):
    env = dict(os.environ, FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all two-writer checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from viewer.app import ViewerApp
    from viewer.autosave import Autosaver
    from viewer.dialogs import FileDialog, Question

    path = tmp / "game.flick"
    save_record(glik("as opened").record, path)
    app = ViewerApp(glik(), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    app.autosaver = saver = Autosaver(tmp / "home")
    saver.whole = ctl.shown.whole_record
    saver.attach(ctl.session)
    quits = []
    ctl.closing.quit = lambda: quits.append(True)

    def other_window_saves(comment: str) -> bytes:
        save_record(glik(comment).record, path)
        return path.read_bytes()

    def answer(label: str):
        assert isinstance(ctl.dialog, Question), ctl.dialog
        callback = dict(ctl.dialog.answers)[label]
        ctl.dialog._answer(callback)

    assert ctl.files.open_path(path) is None
    mine = ctl.session
    mine.set_comment("mine")
    ctl.files.save()  # Ctrl+S, Enter: nothing changed on disk, so it just saves
    ctl.dialog._finish("")
    assert load_record(path).root.comment == "mine" and ctl.dialog is None

    # another window saves; our Ctrl+S, Enter asks (the file dialog closed first)
    theirs = other_window_saves("theirs")
    mine.set_comment("mine again")
    ctl.files.save()
    ctl.dialog._finish("")
    assert isinstance(ctl.dialog, Question), ctl.dialog
    assert [label for label, _ in ctl.dialog.answers] == ["Keep mine", "Keep theirs", "Save as",
                                                          "Cancel"]
    assert "game.flick was changed on disk" in ctl.dialog.text
    assert path.read_bytes() == theirs, "nothing written before the answer"
    for _ in range(2):
        app.taskMgr.step()
    app.save_png(tmp / "question.png")  # looked at by hand: the text and four buttons fit

    answer("Cancel")
    assert path.read_bytes() == theirs and ctl.message_text.startswith("Not saved")

    ctl.files.save()
    ctl.dialog._finish("")
    answer("Save as")
    assert isinstance(ctl.dialog, FileDialog) and ctl.dialog.default.name == "game-mine.flick"
    ctl.dialog._finish("")
    assert load_record(tmp / "game-mine.flick").root.comment == "mine again"
    assert path.read_bytes() == theirs and ctl.path == tmp / "game-mine.flick"

    # Keep theirs: the file as they left it is shown; mine is kept behind it and autosaved
    ctl.files.open_path(path)
    mine = ctl.session
    mine.set_comment("mine, third")
    theirs = other_window_saves("theirs, second")
    ctl.files.save_to(path)
    answer("Keep theirs")
    assert ctl.session is not mine and ctl.session.record.root.comment == "theirs, second"
    assert "Ctrl+Z goes back to it" in ctl.message_text, ctl.message_text
    assert saver.flush()
    held, = saver.held_paths()
    assert load_record(held).root.comment == "mine, third", "mine stays recoverable"
    assert path.read_bytes() == theirs
    ctl._key("control-z")
    assert ctl.session is mine, "Ctrl+Z goes back to mine"
    assert saver.flush() and not held.exists() and load_record(saver.path).root.comment == \
        "mine, third"

    # Keep mine: written over theirs, and a later save asks nothing
    ctl.files.save_to(path)
    answer("Keep mine")
    assert load_record(path).root.comment == "mine, third" and not mine.dirty
    mine.set_comment("mine, fourth")
    assert ctl.files.save_to(path) is None and ctl.dialog is None
    assert load_record(path).root.comment == "mine, fourth"

    # closing: Save asks too when the file changed; Keep theirs keeps mine aside on the way out
    mine.set_comment("mine, unsaved at close")
    theirs = other_window_saves("theirs at close")
    ctl.closing.request()
    answer("Save")
    assert "was changed on disk" in ctl.dialog.text
    answer("Keep theirs")
    assert quits == [True] and path.read_bytes() == theirs
    kept = saver.close()
    assert [load_record(k).root.comment for k in kept] == ["mine, unsaved at close"]
    print("all two-writer checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))


def test_kept_sessions_are_listed_on_the_learn_list_newest_first(tmp_path):
    from viewer.autosave import keep_aside
    from viewer.learning import kept_entries
    from viewer.opened_from import remember

    first = _left_by_a_dead_window(tmp_path, AUTOSAVE_NAME, "older")
    remember(first, tmp_path / "game.flick")
    older = keep_aside(first, tmp_path)
    os.utime(older, (1e9,) * 2)
    newer = keep_aside(_left_by_a_dead_window(tmp_path, AUTOSAVE_NAME, "newer"), tmp_path)
    entries = kept_entries(tmp_path)
    assert [path for _, _, path in entries] == [newer, older]
    assert entries[1][1].startswith("Glik, ") and entries[1][1].endswith("(of game.flick)")
    assert all(heading.startswith("Kept sessions") for heading, _, _ in entries)
