"""Autosave: one file per window, crashed sessions (and only those) offered back with their
game and time, failures reported once, and the writing done off the caller's thread."""
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from timeline import Record, Session, load_record
from viewer.autosave import AUTOSAVE_NAME, KEPT_DIR, Autosaver, kept_sessions

ROOT = Path(__file__).resolve().parents[1]


def glik_session():
    """A Glik game at its start (the deal is a later node; comments here go on the root)."""
    return Session(Record.new("glik"))


def test_two_windows_write_two_files_and_neither_is_offered_to_the_other(tmp_path):
    first, second = Autosaver(tmp_path), Autosaver(tmp_path)
    assert first.path.name == AUTOSAVE_NAME and second.path != first.path
    a, b = glik_session(), glik_session()
    first.attach(a)
    second.attach(b)
    b.set_comment("second window")
    assert first.flush() and second.flush()
    assert load_record(second.path).root.comment == "second window"
    assert load_record(first.path).root.comment == ""
    a.set_comment("first window")
    third = Autosaver(tmp_path)  # a third window while both run: nothing to restore
    assert third.crashed_sessions() == []
    for saver in (first, second, third):  # the second to close replaces nothing of the first's
        saver.close()
    assert not list(tmp_path.glob("autosave*.flick"))
    kept = kept_sessions(tmp_path)
    assert sorted(load_record(k).root.comment for k in kept) == ["first window", "second window"]
    assert all(k.parent == tmp_path / KEPT_DIR for k in kept)


CHILD = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, {root!r})
    from timeline import Record, Session
    from viewer.autosave import Autosaver
    saver = Autosaver({home!r})
    session = Session(Record.new("glik"))
    saver.attach(session)
    session.set_comment("work of the dead window")
    saver.flush()
    print(saver.path, flush=True)
    time.sleep(600)
""")


def test_only_a_session_whose_process_is_gone_is_offered_naming_game_and_time(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(root=str(ROOT), home=str(tmp_path))],
                             stdout=subprocess.PIPE, text=True)
    try:
        path = Path(child.stdout.readline().strip())
        assert path.is_file()
        assert Autosaver(tmp_path).crashed_sessions() == []  # it is alive: not offered
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        saver = Autosaver(tmp_path)
        crashed = saver.crashed_sessions()
        assert [c.path for c in crashed] == [path]
        text = crashed[0].describe()
        assert "Glik" in text and time.strftime("%H:") in text and "today" in text
        assert Autosaver(tmp_path).crashed_sessions() == []  # while offered here, not elsewhere
        assert saver.load_crashed(crashed[0]).root.comment == "work of the dead window"
        kept = saver.set_aside(crashed[0])
        assert kept.parent == tmp_path / KEPT_DIR and not path.exists()
        assert load_record(kept).root.comment == "work of the dead window"
        saver.close()
    finally:
        if child.poll() is None:
            child.kill()


def test_an_unwritable_folder_is_reported_once_and_another_place_works(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    saver = Autosaver(blocked)
    session = glik_session()
    saver.attach(session)
    saver.flush()
    failure = saver.take_failure()
    assert failure is not None and str(blocked) in failure
    session.set_comment("still playing")
    saver.flush()
    assert saver.take_failure() is None  # said once, not after every edit
    saver.relocate(tmp_path / "elsewhere")
    saver.flush()
    assert saver.error is None
    assert load_record(saver.path).root.comment == "still playing"
    saver.close()


def test_a_burst_of_edits_is_coalesced_and_the_last_one_is_written(tmp_path):
    saver = Autosaver(tmp_path)
    session = glik_session()
    saver.attach(session)
    saver.flush()
    before = saver.saves
    for i in range(200):
        session.set_comment(f"note {i}")
    saver.flush()
    assert saver.saves - before < 200
    assert load_record(saver.path).root.comment == "note 199"
    saver.close()


def test_a_save_keeps_the_files_mode_follows_a_symlink_and_removes_stale_temporaries(tmp_path):
    from timeline import save_record
    from timeline.fileformat import STALE_TEMPORARY_SECONDS

    target = tmp_path / "real.flick"
    save_record(glik_session().record, target)
    target.chmod(0o640)
    link = tmp_path / "link.flick"
    link.symlink_to(target)
    stale = tmp_path / ".real.flick.abc123.tmp"
    stale.write_text("left by a kill")
    old = time.time() - STALE_TEMPORARY_SECONDS - 5
    os.utime(stale, (old, old))
    fresh = tmp_path / ".real.flick.def456.tmp"
    fresh.write_text("a save in progress elsewhere")
    session = glik_session()
    session.set_comment("through the link")
    save_record(session.record, link)
    assert link.is_symlink() and load_record(target).root.comment == "through the link"
    assert (target.stat().st_mode & 0o777) == 0o640
    assert not stale.exists() and fresh.exists()


def test_a_read_only_file_is_not_replaced(tmp_path):
    from timeline import save_record

    target = save_record(glik_session().record, tmp_path / "mine.flick")
    target.chmod(0o444)
    with pytest.raises(PermissionError):
        save_record(glik_session().record, target)


class FakeWindow:
    """The controller's side of a restore: questions asked, lines said, the record shown."""

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


def test_restoring_a_damaged_autosave_says_so_keeps_the_record_and_sets_the_file_aside(tmp_path):
    import json

    from timeline import dumps
    from viewer.autosave import offer_restore

    data = json.loads(dumps(glik_session().record))
    data["nodes"][0]["camera"] = {"target": [0, 0, 0], "distance": float("nan"), "heading": 0,
                                  "pitch": -50}
    (tmp_path / AUTOSAVE_NAME).write_text(json.dumps(data))  # left by a dead window
    saver = Autosaver(tmp_path)
    mine = glik_session()
    window = FakeWindow(mine)
    started = []
    offer_restore(window, saver, lambda: started.append(True))
    (text, answers), = window.questions
    assert text.startswith("A damaged Glik session autosaved today") and "Restore it?" in text
    answers["Restore"]()
    assert window.session is mine and "Could not restore" in window.said[0]
    assert "NaN" in window.said[0]
    assert len(kept_sessions(tmp_path)) == 1 and started == [True]
    saver.close()
