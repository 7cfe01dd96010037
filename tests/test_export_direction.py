"""`flickbook export` films a record's direction: camera path, film time and notes."""
import math

import pytest

from timeline import load_record
from timeline.direction import moment


@pytest.fixture(scope="module")
def directed():
    record = load_record("scenarios/demo/glonk-demo.flick")
    line = record.mainline()
    node = line[9]  # a flick with contacts
    motion = node.stored_motion
    d = motion.duration
    top = {"view": "orbit", "target": [0.0, 0.0, 0.0], "distance": 1.6, "heading": 20.0, "pitch": -55.0}
    record.direction = {
        "version": 1,
        "camera": [{"at": moment(line[8], 0.0), "view": top, "blend": "cut"},
                   {"at": moment(node, 0.0), "view": top, "blend": "cut", "kind": "follow"}],
        "speed": [{"from": moment(node, 0.0), "to": moment(node, d), "rate": 0.25}],
        "notes": [{"at": moment(node, 0.0), "duration": 4 * d, "kind": "ring", "text": "the saucer",
                   "anchor": {"disc": motion.piece}}]}
    return record, node


def test_the_export_plays_the_speed_keyframes_exactly(directed):
    from viewer.export import FrameRenderer

    record, node = directed
    with FrameRenderer(record, 8, 9, size=(320, 180), fps=10, speed=1.0, camera_preset="seat",
                       hold=0.0, step_seconds=0.6) as fr:
        film = fr.direction.film_total
        assert film == pytest.approx(fr.clock.total + 3 * node.stored_motion.duration, abs=1e-3)
        assert len(fr.times) == math.ceil(film * 10) + 1
        assert fr.times[-1] == pytest.approx(fr.clock.total)


def test_a_note_on_a_disc_stays_on_it_in_every_frame_and_the_camera_follows(directed):
    from viewer.export import FrameRenderer

    record, node = directed
    with FrameRenderer(record, 8, 9, size=(320, 180), fps=10, speed=1.0, camera_preset="seat",
                       hold=0.0, step_seconds=0.6) as fr:
        start = fr.clock.starts[1]
        during = [i for i, t in enumerate(fr.times) if start < t < start + node.stored_motion.duration]
        assert len(during) >= 8
        targets = set()
        piece = node.stored_motion.piece
        for i in during:
            fr.draw(i)
            (note, point), = fr.notes.shown
            disc = fr.app.scene.nodes[piece].getPos(fr.app.render)
            a, b = fr.app.project(point), fr.app.project((disc.x, disc.y, point[2]))
            assert a is not None and math.dist(a, b) < 2.0  # pixels
            targets.add(tuple(round(v, 3) for v in fr.app.orbit.view.target))
        assert len(targets) > 3  # the follow camera moved with the discs


def test_a_follow_shot_on_a_short_flick_is_slowed_and_never_pumps():
    """The export's camera, measured frame to frame: on a 0.18 s flick a follow keyframe
    eases onto the discs, holds them, and eases back, the whole shot lasting at least
    FOLLOW_MIN_SHOT film seconds (the flick slowed to last it), its zoom never turning
    round within the shot's ease (it zoomed in and out within 0.55 s before)."""
    from timeline.direction import FOLLOW_EASE, FOLLOW_MIN_HOLD, FOLLOW_MIN_SHOT
    from viewer.export import FrameRenderer

    record = load_record("scenarios/demo/glonk-demo.flick")
    line = record.mainline()
    node = line[11]  # a short flick
    d = node.stored_motion.duration
    assert d < 0.25
    top = {"view": "orbit", "target": [0.0, 0.0, 0.0], "distance": 1.6, "heading": 20.0,
           "pitch": -55.0}
    record.direction = {"version": 1, "camera": [
        {"at": moment(line[10], 0.0), "view": top, "blend": "cut"},
        {"at": moment(node, 0.0), "view": top, "blend": "cut", "kind": "follow"}]}
    fps = 30
    with FrameRenderer(record, 10, 11, size=(320, 180), fps=fps, speed=1.0,
                       camera_preset="seat", hold=0.0, step_seconds=0.6) as fr:
        assert fr.direction.film_total == pytest.approx(fr.clock.total - d + FOLLOW_MIN_SHOT,
                                                        abs=1e-3)  # slowed, not chased
        distances = [fr.view_at(float(t)).distance for t in fr.times]
    closer = [i for i, x in enumerate(distances) if x < 1.6 - 1e-6]
    shot = (closer[-1] - closer[0] + 2) / fps
    assert shot >= FOLLOW_MIN_SHOT - 2 / fps, shot
    framed = min(distances)
    held = [i for i, x in enumerate(distances) if x <= framed * 1.0001]
    assert (len(held) - 1) / fps >= FOLLOW_MIN_HOLD - 2 / fps  # held framed, not passed through
    steps = [b - a for a, b in zip(distances, distances[1:])]
    turns = [i for i, (a, b) in enumerate(zip(steps, steps[1:])) if a < -1e-9 and b > 1e-9]
    assert not turns or min(turns) / fps >= closer[0] / fps + FOLLOW_EASE, turns  # no pumping
    # the zoom never runs faster than an ease over FOLLOW_EASE film seconds (smoothstep's
    # steepest is 1.5x its mean): frame to frame, in log distance
    during = distances[closer[0] - 1:closer[-1] + 2]
    whole = math.log(1.6 / framed)
    fastest = max(abs(math.log(b / a)) for a, b in zip(during, during[1:]))
    assert fastest <= 1.5 * whole / (FOLLOW_EASE * fps) * 1.05, (fastest, whole)
