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
