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


@pytest.fixture
def two_moves():
    s = Session(Record.new("glik", {"players": 2, "setup": "fixed"}))
    r, c = s.state.board.start_cell[s.state.colours[0]]
    s.play(f"place@{r},{c}")
    s.play(f"slide {r},{c} E")
    s.set_comment("Out of the corner at once.")
    s.record.mainline()[-1].glyphs.append("!")
    return s.record


def test_frames_are_the_same_whatever_the_worker_count(two_moves, tmp_path):
    from viewer.export import export_video

    one = export_video(two_moves, tmp_path / "one", size=(160, 96), fps=8, hold=0.2, workers=1)
    two = export_video(two_moves, tmp_path / "two", size=(160, 96), fps=8, hold=0.2, workers=2)
    assert two["workers"] == 2 and one["frames"] == two["frames"]
    names = sorted(p.name for p in (tmp_path / "one").glob("frame*.png"))
    assert names == sorted(p.name for p in (tmp_path / "two").glob("frame*.png"))
    assert len(names) == one["frames"]
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name


def test_the_caption_is_the_move_in_readable_notation_with_glyphs_and_comment(two_moves):
    from viewer.export import caption_text

    start, placed, slid = two_moves.mainline()
    assert caption_text(placed, at_start=False) == "1. Y in at a16"
    assert caption_text(slid, at_start=False).split("\n") == [
        "2. Y a16 right to " + caption_text(slid, False).split(" to ")[1].split()[0] + "  !",
        "Out of the corner at once."]
    assert caption_text(placed, at_start=True) == ""  # a clip's first position: no move yet


def test_a_frame_has_its_caption_box_at_the_bottom_and_none_before_the_first_move(two_moves):
    from viewer.export import FrameRenderer

    with FrameRenderer(two_moves, None, None, size=(320, 180), fps=8, speed=1.0,
                       camera_preset="top", hold=0.0, step_seconds=0.6) as fr:
        _caption_box_checks(fr)


def _caption_box_checks(fr):
    fr.draw(0)
    assert fr.captions.shown == "" and fr.captions.text.isHidden()
    fr.draw(len(fr.times) - 1)
    assert fr.captions.shown.startswith("2. Y a16 right") and not fr.captions.text.isHidden()
    frame = fr.app.capture()
    box = frame[-14:-6, 150:170].astype(int).mean()  # under the caption's backdrop
    fr.captions.show("")
    fr.app.render_frames(1)
    assert fr.app.capture()[-14:-6, 150:170].astype(int).mean() != box


def test_an_exported_video_says_what_happens_but_never_what_to_click():
    from timeline import load_record
    from viewer.export import FrameRenderer

    record = load_record("scenarios/demo/glonk-demo.flick")
    with FrameRenderer(record, 8, 9, size=(320, 180), fps=4, speed=1.0, camera_preset="seat",
                       hold=0.0, step_seconds=0.6) as fr:
        fr.draw(0)
        status = fr.app.status.getText()
        assert "P1" in status and "click" not in status.lower()
        assert fr.app.scene.hints.isHidden()
    # the same scene at the table does prompt
    assert "click" in "\n".join(fr.app.scene.status_lines(fr.app.shown_state)).lower()
    assert not fr.app.scene.hints.isHidden()


def test_a_clip_starts_at_rest_after_its_first_ply(two_moves, tmp_path):
    from viewer.export import RenderError, clip_line, export_video

    assert [n.ply for n in clip_line(two_moves, 1, 2)] == [1, 2]
    with pytest.raises(RenderError, match="within plies 0..2"):
        clip_line(two_moves, 2, 1)
    with pytest.raises(RenderError):
        clip_line(two_moves, 0, 3)

    whole = export_video(two_moves, tmp_path / "whole", size=(64, 48), fps=10, hold=0.0,
                         workers=1)
    clip = export_video(two_moves, tmp_path / "clip", size=(64, 48), fps=10, hold=0.0,
                        workers=1, first=1)
    assert clip["frames"] < whole["frames"]


def test_a_gif_is_made_for_sharing(two_moves, tmp_path):
    from viewer.export import GIF_SIZE, export_video, find_ffmpeg

    if find_ffmpeg() is None:
        pytest.skip("no ffmpeg: frames are exported as PNGs instead (tested above)")
    result = export_video(two_moves, tmp_path / "clip.gif", hold=0.0, fps=5, workers=2)
    data = (tmp_path / "clip.gif").read_bytes()
    assert result["gif"] and data[:6] == b"GIF89a"
    assert (int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")) == GIF_SIZE
    assert len(data) < 2_000_000


def test_progress_is_reported_for_every_frame_and_the_bar_shows_time_left(two_moves, tmp_path):
    import io

    from viewer.export import export_video, progress_bar

    seen = []
    result = export_video(two_moves, tmp_path / "f", size=(64, 48), fps=5, hold=0.0,
                          workers=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, result["frames"]) for i in range(1, result["frames"] + 1)]
    out = io.StringIO()
    bar = progress_bar(40, file=out, force=True)
    bar(10, 40)
    bar.close()
    assert "10/40" in out.getvalue() and "<" in out.getvalue()  # elapsed<left


def test_cli_export_refuses_a_clip_outside_the_line(two_moves, tmp_path, capsys):
    from flickbook_cli import main
    from timeline import save_record

    path = save_record(two_moves, tmp_path / "g.flick")
    assert main(["export", str(path), "--out", str(tmp_path / "v.mp4"), "--from", "2",
                 "--to", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "plies 0..2" in err


def test_a_helper_that_fails_is_reported_in_one_line(two_moves, tmp_path, monkeypatch):
    from viewer import export

    start = export._start_helpers

    def broken(job, workers, tmp):  # a helper given a record that is not there
        return start(dict(job, record=str(tmp_path / "missing.flick")), workers, tmp)

    monkeypatch.setattr(export, "_start_helpers", broken)
    with pytest.raises(export.RenderError, match="stopped before its last frame: .*missing"):
        export.export_video(two_moves, tmp_path / "f", size=(64, 48), fps=5, hold=0.0, workers=2)


def test_on_a_terminal_the_export_shows_a_bar_with_time_left(two_moves, tmp_path):
    import os
    import pty
    import sys
    from pathlib import Path

    from timeline import save_record

    path = save_record(two_moves, tmp_path / "g.flick")
    root = Path(__file__).resolve().parents[1]
    pid, fd = pty.fork()
    if pid == 0:  # the child: flickbook export on a terminal (the pty)
        os.chdir(root)
        os.execv(sys.executable, [sys.executable, "flickbook_cli.py", "export", str(path),
                                  "--out", str(tmp_path / "frames"), "--size", "64x48",
                                  "--fps", "5"])
    out = b""
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        out += data
    _, status = os.waitpid(pid, 0)
    text = out.decode(errors="replace")
    assert os.WEXITSTATUS(status) == 0, text
    bar = [part for part in text.split("\r") if "frame/s" in part]
    assert bar and "<" in bar[-1] and "100%" in bar[-1], text  # elapsed<left, then done


# Serial: it compares this process's frames with a fresh helper's, so anything an earlier test
# leaves on the process's one offscreen app shows here (a window mirror's lens, a status room
# measured at another size: both found and mended, tests below); kept out of the parallel lane,
# where such neighbours are many.
@pytest.mark.serial
def test_helpers_write_their_frames_into_the_one_video_in_order(two_moves, tmp_path):
    """Two processes take turns at the encoder's input: the video is the one a single
    process makes, byte for byte (x264 is deterministic for the same frames)."""
    from viewer.export import export_video, find_ffmpeg

    if find_ffmpeg() is None:
        pytest.skip("no ffmpeg")
    one = export_video(two_moves, tmp_path / "one.mp4", size=(160, 96), fps=8, hold=0.5,
                       workers=1)
    two = export_video(two_moves, tmp_path / "two.mp4", size=(160, 96), fps=8, hold=0.5,
                       workers=2)
    assert two["workers"] == 2 and one["frames"] == two["frames"]
    assert (tmp_path / "one.mp4").read_bytes() == (tmp_path / "two.mp4").read_bytes()


def test_a_frame_that_shows_what_the_last_showed_is_not_drawn_again(two_moves):
    from viewer.export import FrameRenderer

    with FrameRenderer(two_moves, None, None, size=(64, 48), fps=8, speed=1.0,
                       camera_preset="seat", hold=0.5, step_seconds=0.6) as r:
        calls = []
        real_draw = r.draw
        r.draw = lambda i: (calls.append(i), real_draw(i))
        first = bytes(r.frame_bytes(0))
        assert bytes(r.frame_bytes(1)) == first  # the held start
        last = len(r.times) - 1
        end = bytes(r.frame_bytes(last - 1))
        assert bytes(r.frame_bytes(last)) == end != first
        assert calls == [0, last - 1]


LONG_COMMENT = ("Out of the corner at once: the stone slides right until the wall stops it, "
                "and from there it reaches the centre of the board next turn without help.")


def test_a_commented_step_is_held_long_enough_to_read_in_the_exported_frames(two_moves, tmp_path):
    """A caption stays up 2 s plus 0.3 s a word of its comment (issue 24: a 24-30 word comment
    was on screen for 0.6 s); measured on the exported pictures themselves."""
    from panda3d.core import PNMImage

    from viewer.export import export_video

    last = two_moves.mainline()[-1]
    last.comment = LONG_COMMENT
    words = len(LONG_COMMENT.split())
    assert words >= 24
    fps = 4
    export_video(two_moves, tmp_path / "frames", size=(320, 180), fps=fps, hold=0.0, workers=1)
    frames = sorted((tmp_path / "frames").glob("frame*.png"))

    def caption_strip(path):
        img = PNMImage()
        img.read(str(path))
        return tuple(img.getXel(x, y) for x in range(40, 280, 7) for y in range(150, 178, 3))

    shown = caption_strip(frames[-1])  # the last frame shows the long comment's caption
    held = sum(1 for f in frames if caption_strip(f) == shown)
    assert held / fps >= 2.0 + 0.3 * words - 1.0 / fps


def test_reading_pace_holds_comments_and_hurries_set_up_steps():
    from timeline.playback import ReadingPace

    s = Session(Record.new("glik", {"players": 2}))  # dealt boards: set-up steps first
    game = s.record.game
    while game.in_setup(s.state):
        s.play(game.legal_actions(s.state)[0] if game.current_player(s.state) >= 0 else
               game.chance_outcomes(s.state)[0][0])
    s.set_comment("Now the play begins.")
    line = s.record.mainline()
    plain = LineClock(line, step_seconds=0.5)
    paced = LineClock(line, step_seconds=0.5, pace=ReadingPace())
    setup_steps = len(line) - 2  # every step but the root and the commented last one
    assert setup_steps >= 4
    assert paced.spans[1:-1] == [0.15] * setup_steps  # "deal board N" goes quicker
    assert paced.spans[-1] == pytest.approx(2.0 + 0.3 * 4)  # four words to read
    assert paced.action_spans == plain.spans  # the action itself plays at its own speed
    assert ReadingPace(base=0, per_word=0, setup=0.5).span(line[-1], 0.5) == 0.5
    with pytest.raises(ValueError, match="per_word"):
        ReadingPace(per_word=-1)


def test_cli_export_takes_the_reading_pace(two_moves, tmp_path, capsys):
    from flickbook_cli import main
    from timeline import save_record

    path = save_record(two_moves, tmp_path / "two.flick")
    assert main(["export", str(path), "--out", str(tmp_path / "slow"), "--size", "64x48",
                 "--fps", "4", "--hold", "5", "--per-word", "1", "--workers", "1"]) == 0
    assert main(["export", str(path), "--out", str(tmp_path / "quick"), "--size", "64x48",
                 "--fps", "4", "--hold", "0", "--per-word", "0", "--workers", "1"]) == 0
    slow = len(list((tmp_path / "slow").glob("*.png")))
    quick = len(list((tmp_path / "quick").glob("*.png")))
    assert slow - quick >= (5 + 6 * 1 - 0.6) * 4 - 1  # six words at 1 s, after a 5 s hold
    capsys.readouterr()
    assert main(["export", str(path), "--out", str(tmp_path / "x"), "--hold", "-1"]) == 2
    assert "--hold: '-1' must be 0 to 600 seconds" in capsys.readouterr().err


def test_a_mirror_of_a_window_left_on_the_process_app_does_not_reach_the_next_render(two_moves):
    """A real-window test's mirror puts the window's lens and camera on the process's one
    offscreen app; the next render (an export's frames, drawn in this process and in fresh
    helpers alike) uses the app's own again. (The two-process video differed from the
    one-process one after a mirror, in the serial lane.)"""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from viewer.export import FrameRenderer
    from xvfb.mirror import align_to_window

    with FrameRenderer(two_moves, None, None, size=(160, 96), fps=8, speed=1.0,
                       camera_preset="seat", hold=0.5, step_seconds=0.6) as fr:
        fr.draw(0)
        fr.app.render_frames(1)
        before = fr.app.capture()
        cam = {"window": [160, 96], "film_size": [1.0, 0.6], "fov": [60.0, 36.0],
               "film_offset": [0.2, -0.1], "near_far": [0.1, 80.0], "pos": [3.0, -9.0, 7.0],
               "hpr": [20.0, -35.0, 4.0]}
        align_to_window(fr.app, {"camera": cam})
    with FrameRenderer(two_moves, None, None, size=(160, 96), fps=8, speed=1.0,
                       camera_preset="seat", hold=0.5, step_seconds=0.6) as fr:
        fr.draw(0)
        fr.app.render_frames(1)
        assert np.array_equal(fr.app.capture(), before)


def test_the_status_lines_room_follows_a_new_size_of_the_process_app(two_moves):
    """The status lines' room is half the view wide at least: drawn at one size and then at
    another with the same lines, the room is the new size's (an export after a render of
    another size fitted its camera round the old room)."""
    from timeline import Session
    from viewer.render import offscreen_app

    def room(size):
        app = offscreen_app(Session(two_moves), size)
        app.render_frames(1)
        return app.screen.plan.obstacles[0].w

    wide = room((480, 288))
    assert room((160, 96)) < wide / 2
    assert room((480, 288)) == wide
