"""A record's direction: file format, camera keyframes, film time and notes in time."""
import pytest

from timeline import LineClock, RecordFileError, dumps, load_record, loads
from timeline.direction import Direction, moment, read_direction
from pathlib import Path

DEMO = Path(__file__).resolve().parents[1] / "scenarios" / "demo" / "glonk-demo.flick"


@pytest.fixture(scope="module")
def demo():
    record = load_record(DEMO)
    line = record.mainline()
    flick = next(i for i, n in enumerate(line) if n.stored_motion is not None and n.stored_motion.contacts)
    return record, line, flick


ORBIT = {"view": "orbit", "target": [0.0, 0.0, 0.0], "distance": 2.0, "heading": 0.0, "pitch": -60.0}
ORBIT2 = {"view": "orbit", "target": [1.0, 0.0, 0.0], "distance": 4.0, "heading": 90.0, "pitch": -30.0}


def directed(record, line, flick):
    node = line[flick]
    disc = node.stored_motion.piece
    D = node.stored_motion.duration
    return {"version": 1,
            "camera": [{"at": moment(line[1], 0.0), "view": ORBIT, "blend": "cut"},
                       {"at": moment(node, 0.0), "view": ORBIT2, "blend": "linear"},
                       {"at": moment(node, 0.0), "view": ORBIT, "blend": "cut", "kind": "follow"}],
            "speed": [{"from": moment(node, 0.2 * D), "to": moment(node, 0.6 * D), "rate": 0.25}],
            "holds": [{"at": moment(node, 0.1 * D), "seconds": 1.5}],
            "notes": [{"at": moment(node, 0.0), "duration": 1.0, "fade": 0.2, "kind": "ring",
                       "text": "watch", "anchor": {"disc": disc}}]}


def test_a_direction_survives_saving_and_loading(demo):
    record, line, flick = demo
    record.direction = directed(record, line, flick)
    again = loads(dumps(record))
    assert again.direction == read_direction(record.direction)
    record.direction = None


@pytest.mark.parametrize("change, words", [
    (lambda d: d["notes"][0].update(kind="star"), "kind"),
    (lambda d: d["speed"][0].update(rate=0.0), "rate"),
    (lambda d: d["camera"][0].update(blend="wipe"), "blend"),
    (lambda d: d.update(version=3), "version"),
    (lambda d: d["holds"][0].update(extra=1), "extra"),
])
def test_a_bad_direction_is_refused_with_the_place_named(demo, change, words):
    record, line, flick = demo
    record.direction = directed(record, line, flick)
    change(record.direction)
    with pytest.raises(RecordFileError, match=words):
        loads(dumps(record))
    record.direction = None


def test_film_time_slows_in_a_speed_stretch_and_stands_on_a_hold(demo):
    record, line, flick = demo
    clock = LineClock(line)
    data = directed(record, line, flick)
    data["camera"] = data["camera"][:2]  # no follow shot: its own slowing of later flicks
    d = Direction(data, clock)
    start = clock.starts[flick]
    D = line[flick].stored_motion.duration
    # 1.5 s of hold, then 0.4 D line seconds at a quarter speed: 1.6 D film seconds
    assert d.film_total == pytest.approx(clock.total + 1.5 + 0.4 * D * 3, abs=1e-3)
    held = start + round(0.1 * D, 4)
    assert d.line_time_at(d.film_time(held) + 1.0) == pytest.approx(held)
    a, b = d.film_time(start + 0.3 * D), d.film_time(start + 0.4 * D)
    assert b - a == pytest.approx(0.4 * D, abs=1e-3)
    assert d.line_time_at(d.film_time(start + 0.35 * D)) == pytest.approx(start + 0.35 * D)


def test_camera_cuts_holds_and_blends_between_keyframes(demo):
    record, line, flick = demo
    clock = LineClock(line)
    data = directed(record, line, flick)
    data["camera"] = data["camera"][:2]
    for n in line:
        n.camera = None if n.camera else None
    d = Direction(data, clock)
    mid = (clock.starts[1] + clock.starts[flick]) / 2
    half = d.camera_at(mid)
    assert half["distance"] == pytest.approx(2.0 * 2 ** ((mid - clock.starts[1]) / (clock.starts[flick] - clock.starts[1])))
    data["camera"][1]["blend"] = "cut"
    assert Direction(data, clock).camera_at(mid)["distance"] == pytest.approx(2.0)


def test_a_note_on_a_disc_follows_it_through_the_motion(demo):
    record, line, flick = demo
    clock = LineClock(line)
    node = line[flick]
    data = directed(record, line, flick)
    data["speed"], data["holds"] = [], []  # a note's duration is watched seconds: none slowed
    data["camera"] = data["camera"][:2]  # (nor by a follow shot's own slowing)
    d = Direction(data, clock)
    motion = node.stored_motion
    i = motion.index(motion.piece)
    for t in [motion.duration * k / 8 for k in range(1, 9)]:
        shown = d.notes_at(clock.starts[flick] + t)
        assert len(shown) == 1
        x, y = motion.positions_at(t)[i][:2]
        assert shown[0].at == pytest.approx((x, y))
    assert d.notes_at(clock.starts[flick] + 1.01) == []
    assert d.notes_at(clock.starts[flick] + 0.1)[0].alpha == pytest.approx(0.5)


def test_a_follow_keyframe_frames_the_moving_discs_and_returns_when_they_rest(demo):
    record, line, flick = demo
    clock = LineClock(line)
    node = line[flick]
    d = Direction(directed(record, line, flick), clock)
    motion = node.stored_motion
    t = motion.duration / 2
    view = d.camera_at(clock.starts[flick] + t)
    x, y = motion.positions_at(t)[motion.index(motion.piece)][:2]
    assert abs(view["target"][0] - x) < 1.0 and view["distance"] != ORBIT["distance"]
    assert d.camera_at(clock.starts[flick] + motion.duration)["target"] == pytest.approx(ORBIT["target"])


def test_every_direction_edit_goes_through_undo(demo):
    from timeline import Session

    record, line, flick = demo
    record.direction = None
    session = Session(record)
    session.go_to(line[flick])
    session.add_camera_key(ORBIT, 0.1)
    session.add_camera_key(ORBIT2, 0.2, kind="follow")
    session.add_note({"kind": "text", "text": "here", "duration": 2.0, "anchor": {"table": [0, 0]}}, 0.1)
    session.add_speed(0.25, (line[flick], 0.0), (line[flick], 0.2))
    assert [len(record.direction[k]) for k in ("camera", "notes", "speed")] == [2, 1, 1]
    assert loads(dumps(record)).direction == record.direction
    for _ in range(4):
        session.undo()
    assert record.direction is None
    session.redo()
    assert len(record.direction["camera"]) == 1
    with pytest.raises(ValueError):
        session.add_note({"kind": "text", "duration": -1, "anchor": {"table": [0, 0]}})
    record.direction = None


def test_a_note_stays_up_for_its_watched_seconds_through_slow_motion_and_holds(demo):
    record, line, flick = demo
    clock = LineClock(line)
    d = Direction(directed(record, line, flick), clock)
    begin = d.film_time(clock.starts[flick])
    held = clock.starts[flick] + round(0.1 * line[flick].stored_motion.duration, 4)
    # the hold's line moment shows the note throughout the hold until its watched second ends
    assert d.notes_at(held, film=begin + 0.9)
    assert not d.notes_at(held, film=begin + 1.05)


def test_the_bundled_directed_tutorial_uses_every_part_of_a_direction_and_is_up_to_date():
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    record = load_record(root / "scenarios" / "demo" / "glonk-directed.flick")
    d = record.direction
    kinds = {k.get("kind", "view") for k in d["camera"]}
    assert kinds == {"view", "follow"} and {k["blend"] for k in d["camera"]} >= {"cut", "smooth"}
    assert any(s["rate"] < 1 for s in d["speed"]) and d["holds"]
    assert any("disc" in n["anchor"] for n in d["notes"])
    made = subprocess.run([sys.executable, "authoring/demo/make_glonk_directed.py", "--check"],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr


def test_moments_follow_their_nodes_when_lines_are_reordered_or_cut():
    from timeline import Session
    from timeline.direction import with_marker

    record = load_record(DEMO)
    session = Session(record)
    line = record.mainline()
    branch = next(n for n in line if len(n.variations) > 1)  # a move with a variation after it
    side = branch.variations[1]
    main_next = branch.variations[0]
    later = line[-1]
    data = with_marker(None, moment(side, 0.1), "on the variation")
    data = with_marker(data, moment(main_next, 0.2), "on the main line")
    data["camera"] = [{"at": moment(later, 0.0), "view": ORBIT, "blend": "cut"}]
    session.set_direction("direction", data)
    before = record.direction

    def named():
        d = record.direction
        return {m["label"]: record.node_at(m["at"]["path"]) for m in d.get("markers", [])}

    session.make_main_line(side)  # the variation becomes the main line: paths change
    assert branch.variations[0] is side
    assert named() == {"on the variation": side, "on the main line": main_next}
    assert record.node_at(record.direction["camera"][0]["at"]["path"]) is later
    session.delete_from_here(main_next)  # its marker and the camera keyframe after it go with it
    assert named() == {"on the variation": side}
    assert "camera" not in record.direction
    session.undo()
    assert named() == {"on the variation": side, "on the main line": main_next}
    assert record.node_at(record.direction["camera"][0]["at"]["path"]) is later
    session.undo()
    assert record.direction == before and branch.variations[1] is side
    session.redo()
    assert named() == {"on the variation": side, "on the main line": main_next}


def test_every_short_flick_under_a_follow_keyframe_is_slowed_to_a_whole_shot(demo):
    from timeline.direction import FOLLOW_MIN_SHOT

    record, line, flick = demo
    clock = LineClock(line)
    data = directed(record, line, flick)
    data["speed"], data["holds"] = [], []
    d = Direction(data, clock)
    for i in range(flick, len(line)):  # the follow keyframe holds to the line's end
        motion = line[i].stored_motion
        if motion is None:
            continue
        start = clock.starts[i]
        shot = d.film_time(start + motion.duration) - d.film_time(start)
        assert shot == pytest.approx(max(motion.duration, FOLLOW_MIN_SHOT), abs=1e-6), i
    # an author's own pacing of a flick is theirs: a speed stretch inside it is not overruled
    paced = Direction(directed(record, line, flick), clock)
    D = line[flick].stored_motion.duration
    start = clock.starts[flick]
    assert paced.film_time(start + D) - paced.film_time(start) == pytest.approx(1.5 + 0.4 * D * 4 + 0.6 * D, abs=1e-3)
