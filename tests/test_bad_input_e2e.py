"""Real windows meet bad input: an unwritable autosave folder is said once, in the window, with
another place offered; bad files opened with Ctrl+O are refused and the window keeps its record.
Every wait is on a condition (the viewer's probe, a file written), never a fixed sleep."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from xvfb import pace
from xvfb.desk import MISSING, SKIP_REASON, Desk, wait_for_file

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)

W, H = 1280, 720


def to_px(x: float, z: float) -> tuple[int, int]:
    """aspect2d coordinates of a 1280x720 window to pixels."""
    return int(W / 2 + x / (W / H) * W / 2), int(H / 2 - z * H / 2)


QUESTION_FIRST_OF_TWO = to_px(-0.25, -0.18)  # a Question's first button of two (viewer/dialogs.py)


def loaded(path: Path, seconds: float = 20.0):
    """The record at `path` once it loads (the writer may still be on its first save)."""
    from timeline import RecordFileError, load_record

    deadline = pace.deadline(seconds)
    while True:
        try:
            return load_record(path)
        except (RecordFileError, OSError):
            if time.time() > deadline:
                raise
            time.sleep(0.05)


def test_an_unwritable_autosave_folder_is_said_in_the_window_and_another_place_offered(tmp_path):
    desk = Desk(tmp_path)
    (tmp_path / "home").write_text("a file where the data folder should be")
    desk.env["TMPDIR"] = str(tmp_path / "tmpdir")
    (tmp_path / "tmpdir").mkdir()
    try:
        desk.start("play", "glik", "--seed", "5")
        desk.wait(lambda p: p["dialog"] == "Question", 30, "the autosave question")
        log = (tmp_path / "viewer.log").read_text()
        assert log.count("Autosave cannot write to") == 1 and str(tmp_path / "home") in log
        desk.move(*QUESTION_FIRST_OF_TWO)  # "Autosave there" (the button takes the release)
        desk.x("click", "1")
        probe = desk.wait(lambda p: p["dialog"] is None, 20, "the question to close")
        alt = tmp_path / "tmpdir" / f"flickbook-autosave-{os.getuid()}" / "autosave.flick"
        wait_for_file(alt)
        assert loaded(alt).game.name == "glik"
        desk.wait(lambda p: "Autosaving to" in p["message"], 20, "the new place said")
        assert (tmp_path / "viewer.log").read_text().count("Autosave cannot write to") == 1
        assert probe["nodes"] == sum(1 for _ in loaded(alt).nodes())
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
        path = folder / f"{name}.flick"
        path.write_text(json.dumps(data).replace('"DEEP"', "[" * 5000 + "]" * 5000))
        files.append(path)
    return files


def test_bad_files_opened_with_ctrl_o_are_refused_and_the_record_stays(tmp_path):
    desk = Desk(tmp_path)
    autosave = tmp_path / "home" / "autosave.flick"
    try:
        desk.start("play", "glik", "--seed", "5")
        before = loaded(autosave)
        actions = [str(n.action) for n in before.nodes() if n.action is not None]
        nodes = desk.probe()["nodes"]
        for path in bad_files(json.loads(autosave.read_text()), tmp_path):
            desk.key("ctrl+o")
            desk.wait(lambda p: p["dialog"] == "FileDialog", 20, "the open dialog")
            desk.type(str(path))
            probe = desk.key("Return")  # handled: a good file would have closed the dialog
            assert probe["dialog"] == "FileDialog" and probe["nodes"] == nodes
            desk.key("Escape")
            desk.wait(lambda p: p["dialog"] is None, 20, "the dialog to close")
        saved = tmp_path / "after.flick"
        desk.save_as(saved)
        after = loaded(saved)
        assert after.game.name == "glik"
        assert [str(n.action) for n in after.nodes() if n.action is not None] == actions
        assert desk.viewer.poll() is None
    finally:
        desk.stop()
