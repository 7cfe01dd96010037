"""Real windows meet bad input: an unwritable autosave folder is said once, in the window, with
another place offered; bad files opened with Ctrl+O are refused and the window keeps its record.
Every wait is on a condition (a pixel of a dialog, a file written), never a fixed sleep."""
from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)

W, H = 1280, 720
BOX = np.array([31, 33, 41])  # dialogs' box colour (viewer/dialogs.py BOX) over the shade


def to_px(x: float, z: float) -> tuple[int, int]:
    """aspect2d coordinates of a 1280x720 window to pixels."""
    return int(W / 2 + x / (W / H) * W / 2), int(H / 2 - z * H / 2)


QUESTION_BOX = to_px(-0.85, -0.05)  # inside a Question's box, clear of text and buttons
QUESTION_FIRST_OF_TWO = to_px(-0.25, -0.18)  # its first button of two
FILE_DIALOG_BOX = to_px(0.72, -0.55)  # inside the file dialog, over the table when it is closed


def pixel(desk: Desk, at: tuple[int, int]) -> np.ndarray:
    x, y = at
    raw = subprocess.run(["import", "-window", desk.wid, "-crop", f"1x1+{x}+{y}", "-depth", "8",
                          "rgb:-"], env=desk.env, capture_output=True, check=True).stdout
    return np.frombuffer(raw[:3], dtype=np.uint8).astype(int)


def wait_until(condition, what: str, desk: Desk, seconds: float = 60.0) -> None:
    deadline = time.time() + seconds
    while not condition():
        if desk.viewer.poll() is not None:
            raise AssertionError(f"the viewer closed while waiting for {what}: "
                                 + (desk.tmp / "viewer.log").read_text()[-3000:])
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def dialog_shown(desk: Desk, at) -> bool:
    return bool(np.all(np.abs(pixel(desk, at) - BOX) <= 14))


def test_an_unwritable_autosave_folder_is_said_in_the_window_and_another_place_offered(tmp_path):
    desk = Desk(tmp_path)
    (tmp_path / "home").write_text("a file where the data folder should be")
    desk.env["TMPDIR"] = str(tmp_path / "tmpdir")
    (tmp_path / "tmpdir").mkdir()
    try:
        desk.start("play", "glik", "--seed", "5", settle=0)
        wait_until(lambda: dialog_shown(desk, QUESTION_BOX), "the autosave question", desk)
        log = (tmp_path / "viewer.log").read_text()
        assert log.count("Autosave cannot write to") == 1  # said once
        desk.x("mousemove", "--window", desk.wid, *map(str, QUESTION_FIRST_OF_TWO))
        desk.x("click", "1")
        alt = tmp_path / "tmpdir" / f"flickbook-autosave-{os.getuid()}" / "autosave.flick"
        wait_until(alt.exists, "the autosave in the other place", desk)
        wait_until(lambda: not dialog_shown(desk, QUESTION_BOX), "the question to close", desk)
        from timeline import load_record

        deadline = time.time() + 20
        while True:  # the rename is atomic, but the writer may still be on its first save
            try:
                assert load_record(alt).game.name == "glik"
                break
            except Exception:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        desk.stop()


def bad_files(good: dict, folder: Path) -> list[Path]:
    """A NaN camera, a camera nested 5,000 deep, and a drawing that is not an object."""
    text = json.dumps(good)
    nan = json.loads(text)
    nan["nodes"][0]["camera"] = {"target": [0, 0, 0], "distance": float("nan"), "heading": 0,
                                 "pitch": -50}
    deep = json.loads(text)
    deep["nodes"][0]["camera"] = "DEEP"
    drawing = json.loads(text)
    drawing["nodes"][0]["drawings"] = [5]
    files = []
    for name, data in (("nan-camera", nan), ("deep", deep), ("drawing", drawing)):
        raw = json.dumps(data).replace('"DEEP"', "[" * 5000 + "]" * 5000)
        path = folder / f"{name}.flick"
        path.write_text(raw)
        files.append(path)
    return files


def test_bad_files_opened_with_ctrl_o_are_refused_and_the_record_stays(tmp_path):
    from timeline import load_record

    desk = Desk(tmp_path)
    autosave = tmp_path / "home" / "autosave.flick"
    try:
        desk.start("play", "glik", "--seed", "5", settle=0)
        wait_until(autosave.exists, "the first autosave", desk)
        wait_until(lambda: _loads(autosave), "a complete autosave", desk)
        before = load_record(autosave)
        actions = [str(n.action) for n in before.nodes() if n.action is not None]
        for path in bad_files(json.loads(autosave.read_text()), tmp_path):
            desk.key("ctrl+o")
            wait_until(lambda: dialog_shown(desk, FILE_DIALOG_BOX), "the open dialog", desk)
            desk.type(str(path))
            desk.key("Return", "Escape")
            wait_until(lambda: not dialog_shown(desk, FILE_DIALOG_BOX), "the dialog to close", desk)
        saved = tmp_path / "after.flick"
        desk.key("ctrl+s")
        wait_until(lambda: dialog_shown(desk, FILE_DIALOG_BOX), "the save dialog", desk)
        desk.type(str(saved))
        desk.key("Return")
        wait_until(lambda: _loads(saved), "the saved file", desk)
        after = load_record(saved)
        assert after.game.name == "glik"
        assert [str(n.action) for n in after.nodes() if n.action is not None] == actions
        assert desk.viewer.poll() is None
    finally:
        desk.stop()


def _loads(path: Path) -> bool:
    from timeline import RecordFileError, load_record

    try:
        load_record(path)
        return True
    except (RecordFileError, OSError):
        return False
