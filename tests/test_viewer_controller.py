"""The viewer's controller without a mouse: playback, speed, scrubbing, variations, the move
list menu, drawings, refusals, undo and files, on the real app drawing offscreen.

Panda allows one ShowBase per process and the other viewer tests share an offscreen app
without the panel, so these checks run in a child process (this file run as a script).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_controller_commands_in_a_child_process(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all controller checks passed" in result.stdout


def _frames(app, n):
    for _ in range(n):
        app.taskMgr.step()


def child(tmp: Path) -> None:
    import time

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from games.glik import actions as A
    from timeline import Drawing
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session
    from viewer.scene import Pick

    session = demo_session()
    app = ViewerApp(session, offscreen=True, size=(640, 360), interactive=True)
    ctl = app.controller
    line = session.record.mainline()

    # playback forwards moves the cursor along the line and the scrub knob with it
    ctl.navigation.go_to(line[20])
    ctl.player.faster()
    ctl.player.faster()  # 4x
    assert ctl.player.speed == 4.0
    ctl.player.play_pause()
    start = time.perf_counter()
    while session.node.ply < 24 and time.perf_counter() - start < 20:
        _frames(app, 1)
    assert session.node.ply >= 24 and ctl.player.playing, "forward playback moves along the line"
    ctl.player.play_pause()
    assert not ctl.player.playing
    here = session.node.ply
    # reverse playback walks back
    ctl.player.play_reverse()
    start = time.perf_counter()
    while session.node.ply > here - 3 and time.perf_counter() - start < 20:
        _frames(app, 1)
    assert session.node.ply <= here - 3 and ctl.player.speed < 0, "reverse playback goes back"
    ctl.player.stop()
    for _ in range(8):
        ctl.player.slower()
    assert abs(ctl.player.speed) == 0.25, "slowest is 0.25x"

    # scrubbing to the middle of the line shows the position there (mid-slide allowed)
    ctl.player.scrub_to(0.5)
    clock = ctl.player.clock()
    assert abs(clock.starts[line.index(session.node)] - clock.total / 2) <= max(clock.spans) + 1e-9
    ctl.player.scrub_to(0.0)
    assert session.node is session.record.root
    ctl.player.scrub_to(1.0)
    assert session.node is line[-1]

    # keys: Home / End / Left / Right
    ctl.navigation.start()
    assert session.node is session.record.root
    ctl.navigation.end()
    assert session.node is line[-1]
    ctl.navigation.back()
    assert session.node is line[-2]
    ctl.navigation.forward()
    assert session.node is line[-1]

    # playing another move at an earlier position makes a variation, said so
    def other_slide(node):
        taken = str(node.variations[0].action)
        return next((a for a in session.game.legal_actions(node.state)
                     if isinstance(a, A.Slide) and str(a) != taken), None)

    at = next(n for n in line if n.state.phase == "play" and len(n.variations) == 1
              and n.state.ap_left > 1 and other_slide(n) is not None)
    ctl.navigation.go_to(at)
    other = other_slide(at)
    assert ctl.moves.play(other)
    assert len(at.variations) == 2 and ctl.message_text.startswith("New variation")
    new = session.node
    # up/down move between the two variations
    ctl.navigation.previous_variation()
    assert session.node is at.variations[0]
    ctl.navigation.next_variation()
    assert session.node is new

    # the move list menu: promote, make main line, delete from here; undo brings it back
    ctl.edits.promote(new)
    assert at.variations[0] is new
    ctl.edits.undo()
    assert at.variations[1] is new
    ctl.edits.make_main_line(new)
    assert new.is_mainline()
    ctl.edits.delete_from_here(new)
    assert new not in at.variations and session.node is at
    ctl.edits.undo()
    assert new in at.variations
    ctl.edits.redo()
    assert new not in at.variations
    ctl.edits.undo()

    # drawings are kept in the node and drawn when it is reached
    ctl.navigation.go_to(at)
    ctl.edits.add_drawing(Drawing("arrow", (2, 2), (2, 9), "red"))
    ctl.edits.add_drawing(Drawing("highlight", (5, 5), None, "green"))
    assert len(at.drawings) == 2
    ctl.navigation.go_to(line[-1])
    drawn_elsewhere = app.scene.drawings.getNumChildren()
    ctl.navigation.go_to(at)
    assert app.scene.drawings.getNumChildren() == 2 and drawn_elsewhere == len(line[-1].drawings)
    ctl.edits.clear_drawings()
    assert at.drawings == []

    # comments and glyphs
    ctl.edits.comment("a quiet move")
    ctl.edits.glyph("!?")
    assert at.comment == "a quiet move" and at.glyphs == ["!?"]

    # a click the rules refuse shows the rule
    def theirs(node):
        st = node.state
        return next(((r, c) for r, c, col in st.stone_list()
                     if col not in (st.colours[st.turn], "neutral")), None)

    busy = next(n for n in line if n.state.phase == "play" and theirs(n) is not None)
    ctl.navigation.go_to(busy)
    ctl.moves.click(Pick(cell=theirs(busy)))
    assert ctl.message_text == "You can only slide your own stones"
    ctl.navigation.go_to(at)

    # the camera view can be kept in the node and comes back with it
    app.set_view(app.preset("top"))
    ctl.views.save_view()
    assert at.camera == {"view": "top"}, at.camera  # a named view follows the window
    ctl.navigation.go_to(line[0])
    app.set_view(app.preset("seat", 1))
    ctl.navigation.go_to(at)
    start = time.perf_counter()
    while app.orbit.moving and time.perf_counter() - start < 10:
        _frames(app, 1)  # the camera glides back to the kept view
    assert app.orbit.view.pitch < -89

    # save and open through the controller's file commands
    path = tmp / "ctl.flick"
    assert ctl.files.save_to(path) is None and path.exists()
    assert ctl.files.open_path(tmp / "missing.flick")  # an error message, the session unchanged
    assert ctl.session is session
    assert ctl.files.open_path(path) is None and ctl.session is not session
    reopened = ctl.session.record
    assert sum(len(n.variations) > 1 for n in reopened.nodes()) >= 2

    # hot-seat: when the turn passes, a camera at the mover's seat moves to the next seat;
    # a view the user chose (top-down) stays
    from timeline import Record, Session

    ctl.shown.set_session(Session(Record.new("glik", {"players": 2, "setup": "fixed"})))
    app.set_view(app.preset("seat", 0))
    assert ctl.moves.play(A.EndTurn())
    assert abs(app.orbit.goal.heading - app.preset("seat", 1).heading) < 1e-6
    told = ctl.message_text  # the move's lines as sentences, never run together
    assert told.endswith("."), told
    app.set_view(app.preset("top"))
    assert ctl.moves.play(A.EndTurn())
    assert app.orbit.goal.pitch < -89

    # a Glonk record: the scrub bar gives each flick its recorded length, and stepping onto a
    # flick plays it at its real speed
    demo = ROOT / "scenarios" / "demo" / "glonk-demo.flick"
    assert ctl.files.open_path(demo) is None
    glonk_line = ctl.session.record.mainline()
    flick = next(n for n in glonk_line[1:] if n.action_text.startswith("flick"))
    clock = ctl.player.clock()
    assert abs(clock.spans[glonk_line.index(flick)] - flick.motion.duration) < 1e-9
    ctl.navigation.go_to(flick.parent)
    ctl.navigation.forward()
    assert app.animating and abs(app.clock.playback.clock.total - max(flick.motion.duration, 0.35)) < 1e-6
    # on opening, the stored flicks are simulated again in the background and compared
    ctl.shown.motion_check.wait(120)
    assert ctl.shown.motion_check.result == [], "the demo replays bit for bit"
    import json

    data = json.loads(demo.read_text())
    flicks = [e for e in data["nodes"] if e.get("action", "").startswith("flick")]
    a, b = next((x, y) for i, x in enumerate(flicks) for y in flicks[i + 1:]
                if x["parent"] == y["parent"])  # the demo's variation: two flicks, one position
    a["motion"], b["motion"] = b["motion"], a["motion"]
    swapped = tmp / "swapped.flick"
    swapped.write_text(json.dumps(data))
    shown = ctl.session
    assert "stored motion" in ctl.files.open_path(swapped)  # refused: it cannot be those flicks'
    assert ctl.session is shown
    a["motion"], b["motion"] = b["motion"], a["motion"]
    # a motion that agrees with its flick but is not what the simulator gives: it plays,
    # and the background check says it differs
    import base64
    import dataclasses

    from physics import Motion

    motion = Motion.from_bytes(base64.b64decode(a["motion"]))
    poses = motion.poses.copy()
    poses[len(poses) // 2, motion.index(motion.piece), 0] += 1e-5
    a["motion"] = base64.b64encode(dataclasses.replace(motion, poses=poses).to_bytes()).decode()
    nudged = tmp / "nudged.flick"
    nudged.write_text(json.dumps(data))
    assert ctl.files.open_path(nudged) is None
    ctl.shown.motion_check.wait(120)
    _frames(app, 3)
    assert "differ from a fresh simulation; the stored motion plays" in ctl.message_text, (ctl.message_text, ctl.shown.motion_check.result)

    # the mouse wheel over the move list scrolls it; elsewhere it zooms
    assert ctl.pointer.over_move_list((0.95, 0.5)) and not ctl.pointer.over_move_list((0.0, 0.0))
    ctl.panel.scroll = 0
    ctl.pointer.position = lambda: (0.95, 0.5)
    distance = app.orbit.view.distance
    ctl._wheel(1 / 0.88)  # wheel down
    assert ctl.panel.scroll > 0 and app.orbit.view.distance == distance
    ctl._wheel(0.88)
    assert ctl.panel.scroll == 0
    ctl.pointer.position = lambda: (0.0, 0.0)
    ctl._wheel(0.88)
    assert app.orbit.view.distance != distance
    del ctl.pointer.position

    # F1 opens the help; keys other than F1/Esc wait while it is open
    ctl._key("f1")
    assert ctl.mode == "dialog"
    assert any("Flick it" in what for _, what in ctl.dialog.lines), "the game's own mouse controls"
    assert any("Cancels the flick" in what for _, what in ctl.dialog.lines), "Esc / off-window"
    before = ctl.session.node
    ctl._key("end")
    assert ctl.session.node is before and ctl.dialog is not None
    ctl._key("escape")
    assert ctl.dialog is None and ctl.mode == "play"
    print("all controller checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
