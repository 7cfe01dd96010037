"""End-to-end, two real windows on one file (issue 28 point 2), sharing one data folder: the
first saves a change; the second's Ctrl+S then asks (nothing written yet), Keep theirs shows
the first's file with the second's record kept behind it (Ctrl+Z) and autosaved in a file of
its own; Keep mine writes it over; the first window, closed after, keeps its own record aside
in the sessions folder (its file now holds the second's), and the second closing replaces
nothing of it. Every step waits on a probe, a file or a process, never a fixed sleep."""
from __future__ import annotations

import shutil

import pytest

from test_records_e2e import close_window, message, press_button, question_button, wait_until
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


@pytest.fixture
def desks(tmp_path):
    for name in ("w1", "w2"):
        (tmp_path / name).mkdir()
    first = Desk(tmp_path / "w1")
    second = None
    try:
        second = Desk(tmp_path / "w2")
        second.env["FLICKBOOK_HOME"] = first.env["FLICKBOOK_HOME"]  # one user, one data folder
        yield first, second
    finally:
        for desk in (second, first):
            if desk is not None:
                desk.stop()


def _camera(path):
    from timeline import load_record

    return load_record(path).root.camera


def test_two_windows_on_one_file_ask_before_a_save_and_lose_nothing(desks, tmp_path):
    from timeline import RecordFileError, load_record
    from viewer.autosave import kept_sessions

    first, second = desks
    home = tmp_path / "w1" / "home"
    path = tmp_path / "game.flick"
    shutil.copy(ROOT / "scenarios" / "glik" / "01-first-touch.flick", path)
    first.start("open", str(path))
    second.start("open", str(path))

    first.key("t")  # the first window keeps the top view in the start position, and saves
    first.settled()
    first.key("k")
    first.wait(message("Camera view kept"), 30, "the first window's change")
    first.key("ctrl+s")
    first.wait(lambda p: p["dialog"] == "FileDialog", 30, "the first save dialog")
    first.key("Return")
    first.wait(message(f"Saved {path}"), 30, "the first window's save")
    theirs = path.read_bytes()
    assert _camera(path) == {"view": "top"}

    second.key("k")  # the second keeps its own view, then Ctrl+S, Enter
    second.wait(message("Camera view kept"), 30, "the second window's change")
    second.key("ctrl+s")
    second.wait(lambda p: p["dialog"] == "FileDialog", 30, "the second save dialog")
    second.key("Return")
    p = second.wait(lambda p: p["dialog"] == "Question", 30, "the question about the file")
    assert "game.flick was changed on disk" in p["question"], p["question"]
    assert path.read_bytes() == theirs, "nothing written before the answer"

    press_button(second, *question_button(1, 4))  # Keep theirs
    second.wait(message("Showing theirs"), 30, "the first window's file shown")
    assert path.read_bytes() == theirs
    pid = second.viewer.pid

    def held():
        try:
            found = list(home.glob(f"autosave-{pid}-held*.flick"))
            return found and load_record(found[0])
        except (RecordFileError, OSError):
            return None
    mine = wait_until(held, "the second window's record autosaved behind theirs")
    assert mine.root.camera not in (None, {"view": "top"})

    second.key("ctrl+z")  # back to mine
    second.wait(message("Undone: back to game.flick"), 30, "the second window's record")
    wait_until(lambda: not list(home.glob(f"autosave-{pid}-held*.flick")),
               "the held file gone once mine is shown again")
    second.key("ctrl+s")
    second.wait(lambda p: p["dialog"] == "FileDialog", 30, "the save dialog again")
    second.key("Return")
    second.wait(lambda p: p["dialog"] == "Question", 30, "the question again")
    press_button(second, *question_button(0, 4))  # Keep mine
    second.wait(message(f"Saved {path}"), 30, "mine written over theirs")
    assert _camera(path) == mine.root.camera

    close_window(first)  # nothing unsaved in the first window: it closes at once
    first.viewer.wait(60)
    assert first.viewer.returncode == 0
    kept = kept_sessions(home)
    assert [_camera(k) for k in kept] == [{"view": "top"}], \
        "the first window's record, no longer in its file, is kept aside"
    close_window(second)
    second.viewer.wait(60)
    assert second.viewer.returncode == 0
    assert kept_sessions(home) == kept, "the second window to close replaced nothing"
    assert not list(home.glob("autosave*.flick"))
