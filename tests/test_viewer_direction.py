"""The window plays a record's direction during replay and an author edits it (J, Shift+J,
Shift+N: on a flicked disc, or on the table where no disc moves), each edit undone by Ctrl+Z; the window's frames agree with the export's."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_direction_in_the_window_in_a_child_process(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=400)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all direction checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    import pytest

    from timeline import Session, load_record, save_record
    from timeline.direction import Direction
    from viewer.app import ViewerApp

    record = load_record(ROOT / "scenarios" / "demo" / "glonk-directed.flick")
    session = Session(record)
    app = ViewerApp(session, offscreen=True, size=(640, 360), interactive=True)
    ctl = app.controller
    line = record.mainline()
    flick = next(i for i, n in enumerate(line) if n.stored_motion is not None)

    # replay plays the direction: camera and notes at the clock's line time
    ctl.navigation.go_to(line[flick - 1])
    ctl.player.play_pause()
    clock = app.clock
    assert clock.direction is not None
    direction = Direction(record.direction, clock.playback.clock,
                          lambda v, n: app.saved_view(v).to_json())
    seen_note = False
    for _ in range(60):
        clock.tick(1 / 30)
        time = clock.playback.time
        want = direction.camera_at(time)
        got = app.orbit.view
        assert got.distance == pytest.approx(want["distance"], rel=1e-3), time
        assert got.target[0] == pytest.approx(want["target"][0], abs=1e-3)
        shown = [n.index for n, _ in app.direction_notes.shown]
        assert shown == [n.index for n in direction.notes_at(time, film=clock._film)]
        seen_note = seen_note or bool(shown)
    assert seen_note
    # slow motion: during the first flick's slowed stretch 60 frames cover less than 2 s of line
    ctl.player.stop()

    # an author keeps a camera keyframe, a follow keyframe and a note at the moment shown
    before = len(record.direction["camera"]), len(record.direction["notes"])
    ctl.navigation.go_to(line[flick])
    ctl._key("j")
    ctl._key("shift-j")
    ctl._key("shift-n")
    assert (len(record.direction["camera"]), len(record.direction["notes"])) == (before[0] + 2, before[1] + 1)
    assert record.direction["camera"][-1]["kind"] == "follow"
    path = save_record(record, tmp / "directed.flick")
    again = load_record(path)
    assert again.direction == record.direction
    for _ in range(3):
        ctl._key("control-z")
    assert (len(record.direction["camera"]), len(record.direction["notes"])) == before

    # the scrub bar dragged into the flick: every direction key acts at the moment shown
    # there, not at the ply's end (issue 39 point 1)
    from timeline.direction import time_of

    clock = ctl.player.clock()
    start, span = clock.starts[flick], clock.spans[flick]
    assert span > 0.2, span
    ctl.player.scrub_to((start + 0.3 * span) / clock.total)
    assert ctl.session.node is line[flick]
    ctl._key("j")
    at = record.direction["camera"][-1]["at"]
    assert at["path"] == list(line[flick].path) and at["t"] == pytest.approx(0.3 * span, abs=0.02), (at, span)
    ctl._key("shift-n")
    assert record.direction["notes"][-1]["at"]["t"] == pytest.approx(0.3 * span, abs=0.02)
    ctl._key("shift-s")  # slow motion from here ...
    assert "Shift+S again" in ctl.message_text, ctl.message_text
    ctl.player.scrub_to((start + 0.6 * span) / clock.total)
    ctl._key("shift-s")  # ... to here, both inside the flick, the line never played
    stretch = record.direction["speed"][-1]
    assert time_of(stretch["from"], clock) == pytest.approx(start + 0.3 * span, abs=0.02)
    assert time_of(stretch["to"], clock) == pytest.approx(start + 0.6 * span, abs=0.02)
    ctl._key("shift-h")
    assert record.direction["holds"][-1]["at"]["t"] == pytest.approx(0.6 * span, abs=0.02)
    for _ in range(4):
        ctl._key("control-z")
    assert (len(record.direction["camera"]), len(record.direction["notes"])) == before

    # in a game without flicked discs (Glik) Shift+N keeps a ring on the table, in the middle
    # of the view, saved with the record and undone by Ctrl+Z
    glik = load_record(ROOT / "scenarios" / "demo" / "glik-directed.flick")
    ctl.records.swap(Session(glik), None, "a Glik replay")
    app.render_frames(2)
    node = glik.mainline()[2]
    ctl.navigation.go_to(node)
    notes = len((glik.direction or {}).get("notes", []))
    ctl._key("shift-n")
    assert len(glik.direction["notes"]) == notes + 1, ctl.message_text
    note = glik.direction["notes"][-1]
    target = app.orbit.view.target
    assert note["anchor"]["table"] == pytest.approx([target[0], target[1]], abs=1e-3)
    assert "on the table" in ctl.message_text
    assert load_record(save_record(glik, tmp / "glik.flick")).direction == glik.direction
    ctl._key("control-z")
    assert len(glik.direction["notes"]) == notes
    print("all direction checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
