"""The direction's keyframes on the scrub bar (viewer.keyframe_ticks): one tick per keyframe
at its line time; a click selects, a drag moves it to another moment, Delete removes it,
Shift+B changes a camera keyframe's blend, M marks a moment; Ctrl+Z undoes each edit."""
from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_keyframe_ticks_in_the_window_in_a_child_process(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=400)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all tick checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    import pytest

    from timeline import Session, load_record, save_record
    from timeline.direction import moment_at, ticks

    record = load_record(ROOT / "scenarios" / "demo" / "glonk-directed.flick")
    from viewer.app import ViewerApp

    session = Session(record)
    app = ViewerApp(session, offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    bar = ctl.ticks
    original = copy.deepcopy(record.direction)
    clock = ctl.player.clock()
    want = ticks(record.direction, clock)
    entries = sum(len(record.direction.get(k, [])) for k in ("camera", "holds", "notes")) \
        + 2 * len(record.direction.get("speed", []))
    assert len(want) == entries and len(bar.frames) == entries
    for tick in want:  # each tick stands at its line time along the bar
        assert bar.frames[tick.key].getX() == pytest.approx(tick.time / clock.total * ctl.panel.track_w)

    def key(event):  # a key, and the frame after it (the panel and the ticks refreshed)
        ctl._key(event)
        ctl.refresh()

    def x_of(time):
        return time / clock.total * ctl.panel.track_w

    # a click (press and release without moving) selects: nothing moves
    cam = ("camera", 2)
    start = bar.tick(cam).time
    bar.press(cam, x_of(start))
    bar.release()
    assert bar.selected == cam and record.direction == original
    assert "camera keyframe" in ctl.message_text.lower() and "smooth" in ctl.message_text, ctl.message_text
    # a drag moves it to the moment under the pointer: one edit, undone by Ctrl+Z
    later = start + 0.37 * (clock.total - start)
    bar.press(cam, x_of(start))
    bar.drag_to(x_of(start) + 0.001)  # under the drag threshold: still where it was
    assert bar.drag["moved"] is False
    bar.drag_to(x_of(later))
    assert bar.frames[cam].getX() == pytest.approx(x_of(later))
    assert record.direction == original, "nothing changes before the button is up"
    bar.release()
    assert record.direction["camera"][2]["at"] == moment_at(clock, later)
    assert bar.tick(cam).time == pytest.approx(later, abs=1e-3)
    assert bar.frames[cam].getX() == pytest.approx(x_of(later), abs=1e-3)
    key("control-z")
    assert record.direction == original and bar.tick(cam).time == pytest.approx(start)
    # Shift+B: the selected camera keyframe's blend goes round cut, linear, smooth
    bar.select(cam)
    blends = []
    for _ in range(3):
        key("shift-b")
        blends.append(record.direction["camera"][2]["blend"])
    assert blends == ["cut", "linear", "smooth"]
    for _ in range(3):
        key("control-z")
    assert record.direction == original
    # a speed stretch's start cannot be dragged past its end
    fro, to = bar.tick(("speed", 1, "from")), bar.tick(("speed", 1, "to"))
    bar.press(fro.key, x_of(fro.time))
    bar.drag_to(x_of(to.time + 1.0))
    bar.release()
    assert bar.tick(fro.key).time == pytest.approx(to.time - 0.02, abs=1e-3)
    key("control-z")
    assert record.direction == original
    # Delete removes the selected keyframe (a note); Ctrl+Z brings it back
    nodes = sum(1 for _ in record.nodes())
    bar.select(("notes", 1))
    key("delete")
    assert len(record.direction["notes"]) == len(original["notes"]) - 1
    assert bar.selected is None and sum(1 for _ in record.nodes()) == nodes
    key("control-z")
    assert record.direction == original
    # Esc drops the selection; Delete then deletes from here, as before
    bar.select(("notes", 0))
    key("escape")
    assert bar.selected is None
    ctl.navigation.go_to(record.mainline()[-1])
    key("delete")
    assert sum(1 for _ in record.nodes()) == nodes - 1 and record.direction == original
    key("control-z")
    assert sum(1 for _ in record.nodes()) == nodes
    # M marks the moment shown: a marker (direction version 2), saved and read back, a tick
    line = record.mainline()
    ctl.navigation.go_to(line[12])
    key("m")
    assert record.direction["version"] == 2
    assert record.direction["markers"] == [{"at": {"path": list(line[12].path),
                                                   "t": record.direction["markers"][0]["at"]["t"]}}]
    ctl.refresh()
    assert bar.tick(("markers", 0)) is not None and bar.tick(("markers", 0)).kind == "marker"
    again = load_record(save_record(record, tmp / "marked.flick"))
    assert again.direction == record.direction
    key("control-z")
    assert record.direction == original and record.direction["version"] == 1
    # Shift+S at one moment and again at a later one: a slow-motion stretch (0.25x) between;
    # Shift+H: a 1 s hold; Shift+B on their ticks: the rate, then the hold's seconds
    from timeline.direction import moment
    from timeline.playback import node_duration

    ctl.navigation.go_to(line[14])
    key("shift-s")
    assert record.direction == original and "Shift+S again" in ctl.message_text
    ctl.navigation.go_to(line[12])  # an end before the start: the stretch runs the right way round
    key("shift-s")
    stretch = record.direction["speed"][-1]
    assert stretch == {"from": moment(line[12], node_duration(line[12])),
                       "to": moment(line[14], node_duration(line[14])), "rate": 0.25}
    key("shift-h")
    assert record.direction["holds"][-1] == {"at": moment(line[12], node_duration(line[12])),
                                             "seconds": 1.0}
    n_speed, n_holds = len(record.direction["speed"]), len(record.direction["holds"])
    bar.select(("speed", n_speed - 1, "to"))
    key("shift-b")
    assert record.direction["speed"][-1]["rate"] == 0.5
    bar.select(("holds", n_holds - 1))
    key("shift-b")
    assert record.direction["holds"][-1]["seconds"] == 2.0
    bar.select(("notes", 0))
    assert not ctl.host.keyframe_selected(setting=True)  # a note has no Shift+B setting
    for _ in range(4):
        key("control-z")
    assert record.direction == original
    ctl.ticks.deselect()
    # F7: the reel's review list, one row a marked moment, each kept or dropped (an edit)
    from timeline.reel import marked_moments

    line[10].analysis = {"glyph": "?"}
    ctl.navigation.go_to(line[14])
    key("m")
    key("f7")
    review = ctl.dialog
    assert ctl.mode == "dialog" and type(review).__name__ == "ReelReview"
    every = marked_moments(record, ctl.player.clock(), dropped=True)
    assert [(m.source, m.label, True) for m in every] == [tuple(r[:3]) for r in review.probe()]
    assert {m.source for m in every} >= {"mistake", "score", "author"}
    score = next(m for m in every if m.source == "score")
    review.toggle(score, False)
    assert record.direction["dropped"] == [{"at": score.at, "source": "score"}]
    assert [on for m, on in review.rows if m.source == "score"] == [False]
    assert score not in marked_moments(record, ctl.player.clock())  # the export's reel leaves it out
    line[10].analysis = None  # (a made-up analysis is no file's)
    again = load_record(save_record(record, tmp / "reviewed.flick"))
    assert again.direction == record.direction
    key("escape")
    assert ctl.dialog is None
    key("control-z")
    assert "dropped" not in record.direction
    key("control-z")
    assert record.direction == original
    print("all tick checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
