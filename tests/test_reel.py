"""Markers and the highlight reel: M's markers in the file format, the marked moments of a
line (the author's, the analysis' mistakes, a game's scoring moments and its end), clips
with their lead-in and lead-out, and `flickbook export FILE --reel` filming exactly those."""
from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest

from timeline import LineClock, RecordFileError, dumps, load_record, loads
from timeline.direction import Direction, moment, read_direction, with_marker
from timeline.reel import clips, marked_moments, reel_frame_times

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


@pytest.fixture()
def demo():
    record = load_record(DEMO)
    return record, record.mainline()


def test_markers_are_saved_validated_and_need_direction_version_2(demo):
    record, line = demo
    record.direction = with_marker(None, moment(line[5], 0.1), "the opening")
    assert record.direction == {"version": 2, "markers": [
        {"at": {"path": list(line[5].path), "t": 0.1}, "label": "the opening"}]}
    again = loads(dumps(record))
    assert again.direction == record.direction
    for bad, words in [({"version": 1, "markers": [{"at": {"path": [], "t": 0}}]}, "version 2"),
                       ({"version": 2, "markers": [{"at": {"path": [], "t": 0}, "why": 1}]}, "why"),
                       ({"version": 2, "markers": [{"at": {"path": [], "t": -1}}]}, "t"),
                       ({"version": 3}, "version")]:
        with pytest.raises(ValueError, match=words):
            read_direction(bad)
    broken = copy.deepcopy(record)
    broken.direction = {"version": 1, "markers": record.direction["markers"]}
    with pytest.raises(RecordFileError, match="markers need direction version 2"):
        loads(dumps(broken))


def test_marked_moments_are_the_authors_the_mistakes_and_the_scoring_moments(demo):
    record, line = demo
    clock = LineClock(line)
    scored = [i for i in range(1, len(line))
              if record.game.scores(line[i].state) != record.game.scores(line[i - 1].state)]
    assert scored, "the demo scores a point somewhere"
    line[4].analysis = {"glyph": "?"}
    record.direction = with_marker(None, moment(line[7], 0.05), "look here")
    got = marked_moments(record, clock)
    sources = {(m.source, m.index) for m in got}
    assert ("author", 7) in sources and ("mistake", 4) in sources
    assert {i for s, i in sources if s == "score"} == set(scored)
    assert [m.start for m in got] == sorted(m.start for m in got)
    author = next(m for m in got if m.source == "author")
    assert author.start == author.end == pytest.approx(clock.time_of(7, 0.05))
    mistake = next(m for m in got if m.source == "mistake")
    assert (mistake.start, mistake.end) == pytest.approx(
        (clock.starts[4], clock.starts[4] + clock.action_spans[4]))
    # a marker on another line is not on this one
    record.direction = with_marker(None, {"path": [0] * 3 + [5], "t": 0.0})
    assert [m for m in marked_moments(record, clock) if m.source == "author"] == []


def test_clips_have_their_lead_in_and_out_and_join_where_they_meet(demo):
    record, line = demo
    clock = LineClock(line)
    record.direction = {"version": 2, "speed": [{"from": moment(line[14], 0.0), "to": moment(line[14], 1.0),
                                                 "rate": 0.25}]}
    for i, t in ((14, 0.0), (14, 0.3), (22, 0.1)):
        record.direction = with_marker(record.direction, moment(line[i], t))
    d = Direction(record.direction, clock)
    marked = [m for m in marked_moments(record, clock) if m.source == "author"]
    got = clips(d, marked, 0.5, 0.75)
    assert len(got) == 2 and [len(c[2]) for c in got] == [2, 1]
    a, b, _ = got[0]
    assert a == pytest.approx(d.film_time(clock.time_of(14, 0.0)) - 0.5)
    assert b == pytest.approx(d.film_time(clock.time_of(14, 0.3)) + 0.75)
    times, films = reel_frame_times(d, got, fps=10, speed=1.0)
    for clip_a, clip_b, _ in got:
        inside = [f for f in films if clip_a - 1e-9 <= f <= clip_b + 1e-9]
        assert len(inside) == int(-(-(clip_b - clip_a) * 10 // 1)) + 1
    assert all(any(x - 1e-9 <= f <= y + 1e-9 for x, y, _ in got) for f in films)
    assert list(times) == [d.line_time_at(float(f)) for f in films]
    with pytest.raises(ValueError):
        clips(d, marked, -1, 0)


def test_the_export_films_the_reel_and_refuses_a_line_without_marks(demo):
    from viewer.export import FrameRenderer
    from viewer.render import RenderError

    record, line = demo
    record.direction = with_marker(None, moment(line[12], 0.2), "boarding")
    with FrameRenderer(record, None, None, size=(320, 180), fps=10, speed=1.0, camera_preset="seat",
                       hold=0.0, step_seconds=0.6, reel=(1.0, 1.0)) as fr:
        marked = marked_moments(record, fr.clock)
        want_times, _ = reel_frame_times(fr.direction, clips(fr.direction, marked, 1.0, 1.0), 10, 1.0)
        assert list(fr.times) == list(want_times)
        assert len(fr.times) < len(LineClock(line).line) * 10  # a few seconds, not the game
        assert len(fr.clip_of) == len(fr.times)
        fr.draw(len(fr.times) // 2)  # a frame of the reel draws, its caption says which moment
        assert fr.captions.shown.startswith(f"Highlight 1 of {len(fr.clips)}: ")
        assert "boarding" in fr.captions.shown
    bare = load_record(ROOT / "scenarios" / "glik" / "01-first-touch.flick")
    with pytest.raises(RenderError, match="nothing is marked"):
        FrameRenderer(bare, None, None, size=(320, 180), fps=10, speed=1.0, camera_preset="seat",
                      hold=0.0, step_seconds=0.6, reel=(1.0, 1.0))


def test_flickbook_export_reel_from_the_command_line(tmp_path, demo):
    from timeline import save_record

    record, line = demo
    record.direction = with_marker(None, moment(line[12], 0.2), "boarding")
    path = save_record(record, tmp_path / "marked.flick")
    out = tmp_path / "frames"
    run = subprocess.run([sys.executable, "flickbook_cli.py", "export", str(path), "--out", str(out),
                          "--reel", "--lead-in", "0.5", "--lead-out", "0.5", "--size", "160x90",
                          "--fps", "4", "--workers", "1"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "clip 1:" in run.stdout and "boarding" in run.stdout and "score P2 0 to 1" in run.stdout
    frames = sorted(out.glob("frame*.png"))
    assert frames and f"{len(frames)} frames" in run.stdout
    wrong = subprocess.run([sys.executable, "flickbook_cli.py", "export", str(path), "--out",
                            str(tmp_path / "x"), "--lead-in", "1"], cwd=ROOT, capture_output=True,
                           text=True, timeout=120)
    assert wrong.returncode == 2 and "--reel" in wrong.stderr and "Traceback" not in wrong.stderr
