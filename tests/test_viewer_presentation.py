"""Presentation in the window (issue 24, point 2): F5 in play or replay mode makes a replay
hold each caption as long as an exported replay does (the same `ReadingPace`), then pause on
each comment until Space goes on, then back to the moves' own pace; F1 lists the key.

Panda allows one ShowBase per process, so the window checks run in a child process."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_playback_stops_where_it_is_told_and_plays_on_from_there():
    from timeline import LineClock, Playback
    from viewer.glik.demo import demo_session

    line = demo_session().record.mainline()[:8]
    clock = LineClock(line, step_seconds=0.5)
    p = Playback(clock)
    p.stops = (clock.time_of(3),)
    p.playing = True
    while p.playing:
        pos = p.tick(0.2)
    assert p.time == clock.time_of(3) and pos.index == 3, "it stops on the stop, not past it"
    p.playing = True
    p.tick(0.2)
    assert p.playing and p.time > clock.time_of(3), "playing on leaves the stop behind"
    p.speed = -1.0
    while p.playing:
        p.tick(0.2)
    assert p.time == clock.time_of(3), "backwards it stops there too"


def test_presentation_in_a_child_process(tmp_path):
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "presentation checks passed" in result.stdout


def _until(app, cond, seconds=60.0):
    start = time.perf_counter()
    while not cond() and time.perf_counter() - start < seconds:
        app.taskMgr.step()
    return cond()


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from timeline.playback import ReadingPace
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session
    from viewer.keys import help_lines

    session = demo_session()
    line = session.record.mainline()
    words = "the blue stone takes the corner here and the red one cannot answer it"
    line[3].comment = words
    line[6].comment = "a second comment"
    app = ViewerApp(session, offscreen=True, size=(640, 360), interactive=True)
    ctl = app.controller
    assert ("F5", next(k.words for k in ctl.modes.active.bindings() if k.event == "f5")) in \
        help_lines(ctl.modes.active.bindings()), "F1 lists the presentation key"

    plain = ctl.player.clock()
    ctl._key("f5")  # hold: a caption stays as long as an export holds it
    assert ctl.player.presentation == "hold" and "stays 2 s + 0.3 s a word" in ctl.message_text
    held = ctl.player.clock()
    pace = ReadingPace()
    assert held.spans[3] == max(plain.spans[3], pace.reading_seconds(words)) > plain.spans[3]
    assert held.spans == [pace.span(n, s) for n, s in zip(line, plain.spans)], \
        "every step at the export's pace (set-up steps quicker)"

    ctl._key("f5")  # pause on each comment
    assert ctl.player.presentation == "pause" and "Space goes on" in ctl.message_text
    ctl.navigation.start()
    ctl.player.faster(), ctl.player.faster()  # 4x: the pauses, not the pace, are what is checked
    ctl._key("space")
    assert ctl.player.playing and ctl.modes.sync().name == "replay"
    assert _until(app, lambda: not ctl.player.playing), "the replay stops by itself"
    assert session.node is line[3], f"it paused on the commented step, not at ply {session.node.ply}"
    assert ctl.message_text == "Presentation: paused on this comment; Space goes on"
    ctl._key("space")  # goes on, to the next comment
    assert ctl.player.playing
    assert _until(app, lambda: not ctl.player.playing) and session.node is line[6]
    ctl._key("space")
    assert _until(app, lambda: session.node.ply > 7), "past the last comment it plays on"
    ctl._key("space")  # pause by hand
    assert not ctl.player.playing

    ctl._key("f5")  # off: the moves' own pace, no pause
    assert ctl.player.presentation == "off" and ctl.player.clock().spans == plain.spans
    ctl.navigation.start()
    ctl._key("space")
    assert _until(app, lambda: session.node.ply > 7), "off, it plays through the comments"
    print("presentation checks passed")


if __name__ == "__main__":
    child()
