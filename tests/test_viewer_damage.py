"""The rulebook's Damage in the window: "A Base or Flying Saucer that is turned over
'accidentally', for example after being violently struck, cannot be activated again during
that turn." Physics 4 turns over a disc lying on another when a thicker one strikes it
(`games.glonk.positions.turned_over_position`): the window plays the flick, then draws the
disc turned over (its passive face up, a red ring under it), the message line names it and
says it cannot be activated again this turn, and a click on it says why it cannot act.

And a record made by a physics version this program does not have: the message line says so
on opening, and a flick from it is refused with the same line (nothing is simulated).
Offscreen, 1280x720, in a child process (one ShowBase a process)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the child (run as a script) imports this checkout's too

from physics.config import VERSIONS  # noqa: E402


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("passive", [True, False])
def test_the_galleon_turns_over_the_corsair_lying_on_another_and_it_cannot_act(version,
                                                                            passive):
    from games.glonk import GAME
    from games.glonk import rules as R
    from games.glonk.positions import turned_over_position
    from viewer.glonk import words

    state, flick = turned_over_position(passive=passive)
    state = GAME.with_physics(state, str(version))
    assert state.piece("P1").z == state.piece("P2").thickness  # lying on P2
    assert GAME.state_from_json(GAME.state_to_json(state)) == state
    assert "z" not in GAME.state_to_json(state)["pieces"][-1]  # a disc on the mat: unsaid
    step = GAME.apply(state, flick)
    after = step.state.piece("P1")
    assert "P1" in step.state.damaged and after.z == 0.0 and after.active == passive
    assert not R.activatable(step.state, after)  # "cannot be activated again during that turn"
    assert GAME.refusal(step.state, type(flick).make("P1", 90.0, 0.5)) is not None
    lines = words.event_lines(step, lambda seat: f"P{seat + 1}", lambda pid: f"{pid} Corsair")
    face = "active" if passive else "passive"
    assert lines[0] == (f"P1 Corsair was turned over (now {face} face up): damaged, it cannot "
                        "be activated again this turn"), lines
    assert all("P1" not in e.data.get("piece", "") for e in step.events
               if e.kind == "atomised")


def test_a_position_with_a_disc_lying_on_another_is_saved_and_read_back(tmp_path):
    from games.glonk import GAME
    from games.glonk.positions import turned_over_position
    from timeline import Record, load_record, save_record

    state, flick = turned_over_position()
    record = Record("glonk", state.config.to_json(), start_state_json=GAME.state_to_json(state))
    record.add_child(record.root, flick, main=True)
    save_record(record, tmp_path / "stacked.flick")
    back = load_record(tmp_path / "stacked.flick")
    assert back.root.state.piece("P1").z == state.piece("P1").z
    assert "P1" in back.mainline()[1].state.damaged
    assert back.mainline()[1].motion.bit_equal(record.mainline()[1].motion)


def test_a_turned_over_disc_is_drawn_face_down_and_the_message_line_says_it_cannot_act(
        tmp_path):
    png = tmp_path / "damage.png"
    result = subprocess.run([sys.executable, __file__, str(png)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "damage window checks passed" in result.stdout, result.stderr[-3000:]
    assert png.stat().st_size > 10_000  # the frame was written (looked at by hand)


def child(png: str) -> None:
    sys.path.insert(0, str(ROOT))
    from panda3d.core import Vec3

    from games.glonk import GAME
    from games.glonk.positions import turned_over_position
    from timeline import Record, Session, save_record
    from viewer.app import ViewerApp
    from viewer.main import demo_for

    def frames_until(cond, most=3000):
        for _ in range(most):
            if cond():
                return
            app.render_frames(1)
        raise AssertionError("timed out")

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    scene = app.scene

    # --- a saucer lying on another, turned over by the Galleon --------------------------------
    state, flick = turned_over_position(passive=False)
    record = Record("glonk", state.config.to_json(), start_state_json=GAME.state_to_json(state))
    ctl.records.swap(Session(record), None, "a saucer lying on another")
    app.render_frames(2)
    up = scene.nodes["P1"].getQuat(scene.root).xform(Vec3(0, 0, 1))
    assert up.z > 0.99 and scene.nodes["P1"].getPos(scene.root).z > 0.005  # on P2, face up
    assert ctl.moves.play(flick)
    frames_until(lambda: ctl.moves.pending is None)
    frames_until(lambda: not app.clock.running)
    app.render_frames(2)
    node = ctl.session.node
    assert node.action_text == str(flick) and "P1" in node.state.damaged
    said = ctl.message_text
    assert said.startswith("P1 Corsair was turned over (now passive face up): damaged, it "
                           "cannot be activated again this turn"), said
    p1 = scene.nodes["P1"]
    up = p1.getQuat(scene.root).xform(Vec3(0, 0, 1))
    assert up.z < -0.99, up  # drawn turned over: its active face down
    assert abs(p1.getPos(scene.root).z - 0.0025) < 1e-6  # fallen flat onto the mat
    piece = node.state.piece("P1")
    assert abs(p1.getPos(scene.root).x - piece.x) < 1e-6
    from viewer.glonk.status import describe_piece  # what the pointer over it says

    assert "damaged" in describe_piece(scene.book, node.state, piece)
    app.save_png(png)

    # --- a record made by physics 3: said on opening, a flick refused ------------------------
    old = record.game.apply(state, flick)  # the flick, stored as if physics 3 had made it
    r3 = Record("glonk", state.config.to_json(), start_state_json=GAME.state_to_json(state),
                headers={"physics_version": "3"})
    r3.add_child(r3.root, flick, main=True, step=old)
    path = Path(png).with_name("physics3.flick")
    save_record(r3, path)
    from timeline import load_record

    ctl.records.swap(Session(load_record(path)), path, "a physics 3 record")
    app.render_frames(2)
    line = ("This record's flicks were made by physics 3; this Flickbook simulates physics "
            "4 and 5: its stored motions play, new flicks from it are refused")
    assert ctl.message_text == line, ctl.message_text
    ctl.session.go_to(ctl.session.record.root)
    app.render_frames(2)
    again = type(flick).make("P0", 10.0, 0.8, 0.0)
    ctl.moves.play(again)
    frames_until(lambda: ctl.moves.pending is None)
    app.render_frames(2)
    assert ctl.message_text[0].lower() + ctl.message_text[1:] == line[0].lower() + line[1:], \
        ctl.message_text
    assert ctl.session.record.root.child_for(str(again)) is None
    print(json.dumps({"said": said}), flush=True)
    print("damage window checks passed", flush=True)


if __name__ == "__main__":
    child(sys.argv[1])
