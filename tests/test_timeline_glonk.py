"""Flicks in the timeline: stored motion plays, seeking runs through it, a re-simulation is compared."""
import json
from pathlib import Path

import numpy as np
import pytest

from timeline import LineClock, Playback, load_record, loads, dumps

DEMO = Path(__file__).resolve().parents[1] / "scenarios" / "demo" / "glonk-demo.flick"


@pytest.fixture(scope="module")
def demo():
    return load_record(DEMO)


def flick_nodes(record):
    return [n for n in record.mainline()[1:] if n.action_text.startswith("flick")]


def test_the_stored_motion_is_what_plays(demo):
    node = flick_nodes(demo)[0]
    assert node.stored_motion is not None
    assert node.motion is not None and node.motion == node.stored_motion


def test_a_line_spans_the_flicks_motion_and_seeking_lands_inside_it(demo):
    line = demo.mainline()
    clock = LineClock(line)
    node = flick_nodes(demo)[0]
    index = line.index(node)
    assert clock.spans[index] == pytest.approx(node.motion.duration)
    mid = clock.time_of(index, node.motion.duration / 2)
    pos = clock.position(mid)
    assert line[pos.index] is node and pos.t == pytest.approx(node.motion.duration / 2)


def test_scrubbing_forwards_and_backwards_gives_the_same_poses(demo):
    line = demo.mainline()
    clock = LineClock(line)
    node = flick_nodes(demo)[0]
    index = line.index(node)
    times = np.linspace(clock.time_of(index, 0.0), clock.time_of(index), 25)
    forward = [node.motion.pose_at(clock.position(t).t) for t in times]
    pb = Playback(clock)
    backward = [node.motion.pose_at(pb.seek(t).t) for t in times[::-1]][::-1]
    for a, b in zip(forward, backward):
        assert np.array_equal(a, b)


def test_resimulation_matches_the_demo(demo):
    warnings = []
    load_record(DEMO, verify_motion=True, warnings=warnings)
    assert warnings == []


def test_motions_swapped_between_two_flicks_are_refused(demo):
    data = json.loads(dumps(demo))
    flicks = [i for i, n in enumerate(data["nodes"]) if n.get("action", "").startswith("flick")]
    # Give the first two flicks from the same parent each other's motion.
    parents = {}
    pair = None
    for i in flicks:
        p = data["nodes"][i]["parent"]
        if p in parents:
            pair = (parents[p], i)
            break
        parents[p] = i
    assert pair is not None, "the demo has a variation at a flick"
    a, b = pair
    data["nodes"][a]["motion"], data["nodes"][b]["motion"] = data["nodes"][b]["motion"], data["nodes"][a]["motion"]
    raw = json.dumps(data).encode()
    from timeline import RecordFileError

    with pytest.raises(RecordFileError, match=r"node \d+ .*stored motion"):
        loads(raw, "swapped")
