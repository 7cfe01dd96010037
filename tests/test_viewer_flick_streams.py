"""A flick is seen moving from its first frames while the rest is simulated (issue 21 point 2):
the window plays the frames the simulation streams, holds at the last one while more are
simulated, and when the whole motion comes goes on from where the discs are shown, without
a jump back or a second start. A simulation that fails after streaming puts the discs back.
Offscreen, in a child process (one ShowBase a process); the simulation is held on the job
thread until the test lets it finish, so the wait is as long as the test needs."""
from __future__ import annotations

import math
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "scenarios/glonk/01-your-first-flick.flick"


def test_a_flick_plays_from_its_streamed_frames_and_goes_on_with_its_whole_motion():
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "streamed flick checks passed" in result.stdout, result.stderr[-3000:]


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from games.glonk import Flick
    from timeline import Session, load_record
    from viewer.app import ViewerApp
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    ctl.records.swap(Session(load_record(TUTORIAL)), None, "the first tutorial")
    app.render_frames(2)
    scene = app.scene
    s = ctl.session.node.state
    piece = next(q for q in s.in_play() if q.owner == s.turn_player and q.is_ship and q.speed > 0)
    flick = Flick.make(piece.id, math.degrees(math.atan2(-piece.y, -piece.x)), 1.2)

    release, streamed, fail = threading.Event(), [], []
    simulate = scene.simulate

    def held(state, action, on_frames):
        def take(first):
            streamed.append(first)
            on_frames(first)

        step = simulate(state, action, take)
        release.wait(120)  # the rest "takes long": the test says when it is done
        if fail:
            raise RuntimeError("the physics gave up")
        return step

    scene.simulate = held
    p0 = scene.nodes[piece.id].getPos(scene.root)
    start_xy = (p0.x, p0.y)

    def frames_until(cond, most=400):
        for _ in range(most):
            if cond():
                return
            app.render_frames(1)
        raise AssertionError("timed out")

    assert ctl.moves.play(flick)
    pending = ctl.moves.pending
    frames_until(lambda: pending.preview is not None)
    assert app.marks.get("motion_first_frames") is not None
    frames_until(lambda: pending.shown_at > 0.02)
    # the disc slides while the simulation is still under way, where its motion has it
    first = pending.stream.first
    assert pending.job.finished is False and first is streamed[-1], (len(streamed), pending.job.status)
    assert len(streamed) >= 3, [len(f.times) for f in streamed]
    shown = pending.shown_at
    at = scene.nodes[piece.id].getPos(scene.root)
    expected = first.pose_at(shown)[first.index(piece.id)]
    assert math.hypot(at.x - expected[0], at.y - expected[1]) < 1e-6
    assert math.hypot(at.x - start_xy[0], at.y - start_xy[1]) > 0.01, "the disc did not move"
    # the status says the flick is being simulated, not to make it again
    status = app.status.textNode.getText()
    assert "simulating the flick" in status and "drag back" not in status, status
    # with no more frames streamed, it holds at the last one
    frames_until(lambda: pending.shown_at == first.duration)
    held_at = scene.nodes[piece.id].getPos(scene.root)
    app.render_frames(3)
    assert scene.nodes[piece.id].getPos(scene.root) == held_at
    started, first_drawn = app.clock.started_at, app.clock.first_drawn_at  # (offscreen: None)
    assert started is not None

    # the whole motion arrives: the flick enters the record and plays on from there
    nodes_before = len(list(ctl.session.record.nodes()))
    release.set()
    frames_until(lambda: ctl.moves.pending is None, most=2000)
    node = ctl.session.node
    assert "simulating" not in app.status.textNode.getText()
    assert node.action_text == str(flick) and len(list(ctl.session.record.nodes())) == nodes_before + 1
    motion = node.step.motion
    n = len(first.times)
    assert (motion.times[:n] == first.times).all() and (motion.poses[:n] == first.poses).all()
    assert app.clock.running and app.clock.started_at == started
    assert app.clock.first_drawn_at == first_drawn  # the run's start is the preview's
    span = app.step_span(node)
    assert app.clock.playback.time >= span * first.duration / motion.duration - 1e-9
    now = scene.nodes[piece.id].getPos(scene.root)
    i = motion.index(piece.id)
    # no jump back: the disc is at least as far along its path as the preview left it
    along = math.hypot(now.x - start_xy[0], now.y - start_xy[1])
    assert along >= math.hypot(held_at.x - start_xy[0], held_at.y - start_xy[1]) - 1e-6
    frames_until(lambda: not app.clock.running, most=4000)
    end = scene.nodes[piece.id].getPos(scene.root)
    final = motion.pose_at(motion.duration)[i]
    assert math.hypot(end.x - final[0], end.y - final[1]) < 1e-5

    # a simulation that fails once its first frames played: the discs go back, it is said
    ctl.edits.undo()
    frames_until(lambda: ctl.session.node is node.parent and not app.clock.running)
    release.clear()
    streamed.clear()
    fail.append(True)
    assert ctl.moves.play(flick)
    pending = ctl.moves.pending
    frames_until(lambda: pending.shown_at > 0.02)
    release.set()
    frames_until(lambda: ctl.moves.pending is None)
    app.render_frames(2)
    assert "the physics gave up" in ctl.message_text, ctl.message_text
    assert not app.clock.running and ctl.session.node is node.parent
    back = scene.nodes[piece.id].getPos(scene.root)
    assert math.hypot(back.x - start_xy[0], back.y - start_xy[1]) < 1e-6
    print("streamed flick checks passed", flush=True)


if __name__ == "__main__":
    child()
