"""Replay export: the main line rendered frame by frame at a fixed rate, as PNGs or a video."""
import numpy as np
import pytest

from timeline import LineClock, Record, Session


@pytest.fixture
def short_record():
    s = Session(Record.new("glik", {"players": 2, "setup": "fixed"}))
    s.play("place@" + "{},{}".format(*s.state.board.start_cell[s.state.colours[0]]))
    return s.record


def test_frame_times_cover_the_line_and_hold_the_ends(short_record):
    from viewer.export import frame_times

    clock = LineClock(short_record.mainline(), step_seconds=0.6)
    times = frame_times(clock, fps=10, speed=1.0, hold=0.5)
    assert times[0] == 0 and times[-1] == pytest.approx(clock.total)
    assert len(times) == 5 + 7 + 5
    assert np.all(np.diff(times) >= 0)


def test_export_png_frames_show_the_move(short_record, tmp_path):
    from panda3d.core import PNMImage

    from viewer.export import export_video

    result = export_video(short_record, tmp_path / "frames", size=(160, 96), fps=10, hold=0.2)
    frames = sorted((tmp_path / "frames").glob("frame*.png"))
    assert result["frames"] == len(frames) == 2 + 7 + 2
    first, last = PNMImage(), PNMImage()
    first.read(str(frames[0]))
    last.read(str(frames[-1]))
    assert (first.getXSize(), first.getYSize()) == (160, 96)
    differs = sum(first.getXel(x, y) != last.getXel(x, y) for x in range(160) for y in range(96))
    assert differs > 5  # the placed stone appears


def test_export_mp4_when_an_encoder_is_present(short_record, tmp_path):
    from viewer.export import export_video, find_ffmpeg

    if find_ffmpeg() is None:
        pytest.skip("no ffmpeg: frames are exported as PNGs instead (tested above)")
    result = export_video(short_record, tmp_path / "replay.mp4", size=(160, 96), fps=10, hold=0.2)
    data = (tmp_path / "replay.mp4").read_bytes()
    assert result["video"] and data[4:8] == b"ftyp" and len(data) > 1000
