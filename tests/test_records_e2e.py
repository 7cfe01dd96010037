"""End-to-end: nothing a user made is lost by the window, in a real window under Xvfb.

F2 on a Grendizer game says there is no editor and keeps the game; leaving the Glik editor
from a 47-ply game keeps the game and Ctrl+Z brings it back; closing the window (the window
manager's close request) with unsaved work asks Save / Discard / Cancel, Cancel keeps the
window and Save writes the opened file; an opened puzzle shows no solution until "Show
solution" is clicked; after a crash, the restored record still saves to its file; a saved
view is applied. Every step waits on the viewer's probe, a file or the process, never on a
fixed sleep. Skipped only when Xvfb/xdotool are missing.
"""
from __future__ import annotations

import shutil
import signal
import subprocess
import time

import numpy as np
import pytest

from xvfb import pace
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk
from xvfb.wm import request_close

W, H = 1280, 720
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def aspect_px(x: float, y: float):
    """Window pixel of an aspect2d point (the centre of the window is (0, 0))."""
    return W / 2 + x * H / 2, H / 2 - y * H / 2


def question_button(i: int, n: int):
    """Window pixel of the i-th of n buttons of a question (viewer.dialogs.Question)."""
    return aspect_px((i - (n - 1) / 2) * 0.5, -0.18)


def press_button(desk, px: float, py: float) -> None:
    """Click a DirectGUI button (the GUI takes the click, so wait on what it does)."""
    desk.move(px, py)
    desk.x("click", "1")


def wait_until(condition, what: str, seconds: float = 30.0):
    deadline = pace.deadline(seconds)
    while True:
        value = condition()
        if value:
            return value
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def autosave(desk):
    from timeline import RecordFileError, load_record

    try:
        return load_record(desk.tmp / "home" / "autosave.flick")
    except (RecordFileError, OSError):
        return None


def close_window(desk):
    request_close(desk.display, int(desk.wid))


def message(text):
    return lambda p: text in p.get("message", "")


@pytest.fixture
def desk(tmp_path):
    d = Desk(tmp_path)
    try:
        yield d
    finally:
        d.stop()


def test_f2_on_grendizer_opens_its_editor_and_keeps_the_game(desk):
    desk.start("play", "grendizer", "--seed", "4")
    before = wait_until(lambda: autosave(desk), "the autosave of the dealt game")
    assert before.game.name == "grendizer"
    p = desk.key("F2")
    p = desk.wait(message("Set up: choose a tool"), 30, "the Grendizer editor")
    assert p["editor"]
    kept = autosave(desk)
    assert kept.game.name == "grendizer" and len(list(kept.nodes())) == len(list(before.nodes()))


def test_leaving_the_glik_editor_keeps_a_47_ply_game_and_ctrl_z_brings_it_back(desk):
    from test_viewer_records import glik_game
    from timeline import save_record

    path = desk.tmp / "game47.flick"
    save_record(glik_game(47), path)
    written = path.read_bytes()
    desk.start("open", str(path))
    desk.wait(lambda p: p["nodes"] == 48, 30, "the 47-ply game")
    desk.key("End")
    desk.key("F2")
    desk.wait(lambda p: p["editor"] and p["mode"] == "edit", 30, "edit mode")
    desk.key("F2")  # Done: play the set-up position
    desk.wait(message("game47.flick is kept: Ctrl+Z goes back to it"), 30, "the game kept")
    wait_until(lambda: (a := autosave(desk)) is not None and a.kind == "scenario",
               "the set-up position autosaved")
    desk.key("ctrl+z")
    p = desk.wait(message("Undone: back to game47.flick"), 30, "the game back")
    assert p["nodes"] == 48 and len(p["node"]) == 47, "the whole game, its cursor at the end"
    wait_until(lambda: (a := autosave(desk)) is not None and a.kind == "record"
               and len(list(a.nodes())) == 48, "the game autosaved again")
    assert path.read_bytes() == written, "the file was never touched"


def test_closing_with_unsaved_work_asks_cancel_keeps_the_window_and_save_writes_it(desk):
    from timeline import load_record

    path = desk.tmp / "puzzle.flick"
    shutil.copy(ROOT / "scenarios" / "glik" / "05-round-the-corner.flick", path)
    desk.start("open", str(path))
    close_window(desk)  # nothing changed yet: it would close at once, so change something
    desk.viewer.wait(30)
    assert desk.viewer.returncode == 0, "with nothing unsaved the window just closes"
    desk.start("open", str(path))
    desk.key("t")
    desk.settled()
    desk.key("k")  # keep the camera view in the start position: an unsaved change
    desk.wait(message("Camera view kept in this position"), 30, "the kept view")
    close_window(desk)
    desk.wait(lambda p: p["dialog"] == "Question" and p["mode"] == "dialog", 30, "the prompt")
    press_button(desk, *question_button(2, 3))  # Cancel
    desk.wait(message("Not closed: the window stays open"), 30, "Cancel")
    assert desk.viewer.poll() is None and load_record(path).root.camera is None
    close_window(desk)
    desk.wait(lambda p: p["dialog"] == "Question", 30, "the prompt again")
    press_button(desk, *question_button(0, 3))  # Save: the window closes once it is written
    desk.viewer.wait(30)
    assert desk.viewer.returncode == 0
    saved = load_record(path)
    assert saved.root.camera == {"view": "top"}, "Save wrote the opened file"
    assert [n.action_text for n in saved.mainline()[1:]] == saved.scenario["solution"], \
        "the file keeps its solution line though the window hid it"


def test_an_opened_puzzle_shows_no_solution_until_asked(desk):
    from viewer.editing import puzzle_box_spot

    path = desk.tmp / "puzzle.flick"
    shutil.copy(ROOT / "scenarios" / "glik" / "05-round-the-corner.flick", path)
    desk.start("open", str(path))
    p = desk.wait(lambda p: p["nodes"] == 1, 30, "the puzzle without its solution")
    desk.key("Right")  # nothing to step into
    p = desk.settled()
    assert p["node"] == [] and p["nodes"] == 1
    shot_before = screenshot(desk)
    x, y = puzzle_box_spot("solution", p["layout"]["boxes"]["puzzle"], H)
    press_button(desk, x * H / 2, -y * H / 2)  # a2dTopLeft is the window's top-left corner
    p = desk.wait(message("The solution (4 moves) is shown as the main line"), 30, "the solution")
    assert p["nodes"] == 5 and p["node"] == [], "shown in the move list; the cursor stays"
    desk.key("Right")
    desk.wait(lambda p: p["node"] == [0], 30, "Right steps into the solution now")
    shot_after = screenshot(desk)
    list_area = (slice(60, 160), slice(1000, 1270))  # the move list's first rows
    assert np.abs(shot_after[list_area].astype(int) - shot_before[list_area]).mean() > 2


def screenshot(desk):
    """The window's pixels (RGB, top row first), read with ImageMagick's import as PPM."""
    out = subprocess.run(["import", "-window", desk.wid, "-depth", "8", "ppm:-"], env=desk.env,
                         check=True, capture_output=True, timeout=pace.scaled(30)).stdout
    fields, at = [], 0
    while len(fields) < 4:  # P6 width height maxval, then one whitespace byte
        while out[at:at + 1].isspace():
            at += 1
        end = at
        while not out[end:end + 1].isspace():
            end += 1
        fields.append(out[at:end])
        at = end
    w, h = int(fields[1]), int(fields[2])
    return np.frombuffer(out[at + 1:at + 1 + w * h * 3], np.uint8).reshape(h, w, 3)


def test_a_restored_session_still_saves_to_the_file_it_was_opened_from(desk):
    from timeline import load_record

    path = desk.tmp / "game.flick"
    shutil.copy(ROOT / "scenarios" / "glik" / "01-first-touch.flick", path)
    desk.start("open", str(path))
    desk.key("t")
    desk.settled()
    desk.key("k")
    desk.wait(message("Camera view kept"), 30, "the kept view")
    wait_until(lambda: (a := autosave(desk)) is not None and a.root.camera is not None,
               "the change autosaved")
    desk.viewer.send_signal(signal.SIGKILL)  # the viewer dies
    desk.viewer.wait(10)
    desk.start()  # the demo, and the question about the session that did not end cleanly
    desk.wait(lambda p: p["dialog"] == "Question", 60, "the restore question")
    press_button(desk, *question_button(0, 3))  # Restore (of Restore, Keep aside, Throw away)
    desk.wait(message("Ctrl+S saves to it"), 30, "the restored session")
    assert load_record(path).root.camera is None
    desk.key("ctrl+s")
    desk.wait(lambda p: p["dialog"] == "FileDialog", 30, "the save dialog")
    desk.key("Return")  # Enter alone takes the default shown: the file it was opened from
    desk.wait(message(f"Saved {path}"), 30, "saved")
    assert load_record(path).root.camera == {"view": "top"}


def test_a_saved_view_is_applied_when_a_file_opens(desk):
    """The tutorial stores {"view": "top"}: the window opens looking straight down, just as
    T (the top view) then shows it, and not from a seat (key 1)."""
    from scenarios import SCENARIO_DIR
    from timeline import load_record

    path = SCENARIO_DIR / "glonk" / "01-your-first-flick.flick"
    record = load_record(path)
    assert record.root.camera == {"view": "top"}
    desk.start("open", str(path))
    heading, pitch, distance = desk.settled()["view"]
    assert pitch < -80, "looking straight down"
    desk.key("1")  # from P1's seat
    p = desk.wait(lambda p: not p["camera_moving"] and abs(p["view"][1] - pitch) > 20, 30,
                  "the seat view")
    desk.key("t")  # the top view, as the window frames it
    p = desk.wait(lambda p: not p["camera_moving"] and abs(p["view"][1] - pitch) < 0.5, 30,
                  "the top view again")
    assert abs(p["view"][2] - distance) < 0.02 * distance, (p["view"], (heading, pitch, distance))
