"""Line time: seeking, playing forwards and in reverse at any speed."""
import pytest

from timeline import LineClock, Playback, Record, Session


def make_line(n):
    s = Session(Record.new("toy"))
    s.play("roll 1")
    for _ in range(n):
        s.play("add 1")
    return s.line()


def test_positions_map_to_nodes():
    clock = LineClock(make_line(3), step_seconds=0.5)
    assert clock.total == pytest.approx(2.0)
    assert clock.position(0.0).index == 0
    p = clock.position(0.75)
    assert (p.index, p.t) == (2, pytest.approx(0.25))
    end = clock.position(99)
    assert (end.index, end.t) == (4, pytest.approx(0.5))
    assert clock.time_of(2) == pytest.approx(1.0)


def test_playback_forwards_and_reverse_stop_at_the_ends():
    pb = Playback(LineClock(make_line(3)))
    pb.playing = True
    pb.set_speed(4.0)
    pb.tick(0.25)
    assert pb.time == pytest.approx(1.0)
    pb.tick(10)
    assert pb.time == pytest.approx(pb.clock.total) and not pb.playing
    pb.playing = True
    pb.set_speed(-0.25)
    pb.tick(1.0)
    assert pb.time == pytest.approx(pb.clock.total - 0.25)


def test_speed_limits():
    pb = Playback(LineClock(make_line(1)))
    with pytest.raises(ValueError):
        pb.set_speed(8)
    for _ in range(10):
        pb.faster()
    assert pb.speed == 4.0
    pb.reverse()
    assert pb.speed == -4.0


def test_a_viewer_may_give_its_own_span_per_node():
    line = make_line(2)
    clock = LineClock(line, step_seconds=0.5, duration_of=lambda n: 2.0 if n.ply == 2 else None)
    assert clock.spans == [0.0, 0.5, 2.0, 0.5]
    assert clock.position(1.5).index == 2
