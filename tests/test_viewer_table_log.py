"""Log mode in the real app drawing offscreen (issue 25): a Glonk flick made at a real table is
entered (the disc flicked, the discs dragged to where they stopped, a disc removed from the
Galaxy), every step undone and redone, confirmed, inferred in the window's analysis worker
with its progress, and logged as an observed action resting exactly at the entered places;
Ctrl+Z takes the logged flick back. Glik's moves are typed with completion, and a board dealt
at the table is chosen, not drawn. F1 in log mode lists the log mode's keys.

Panda allows one ShowBase per process, so the checks run in a child process (this file run
as a script), like tests/test_viewer_glonk_editor.py.
"""
from __future__ import annotations

import math
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_log_mode_in_a_child_process(tmp_path):
    env = dict(os.environ, FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all table log checks passed" in result.stdout


def start_position():
    from games.glonk.positions import position

    return position(("little_greys", "invaders"),
                    at={"BH": (0, 0), "G0": (0, -0.6), "G1": (0, -0.35), "G2": (0.02, -0.28),
                        "V0": (0, 0.5), "V1": (-0.3, 0.3)})


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from games.glonk import GAME
    from games.glonk.actions import Flick
    from games.glonk.rules import simulate_flick
    from timeline import Record, Session
    from viewer.app import ViewerApp
    from viewer.scene import Pick

    start = start_position()
    record = Record(GAME.name, {"players": 2, "armadas": ["little_greys", "invaders"]},
                    start_state_json=GAME.state_to_json(start), headers={"logged": "table"})
    app = ViewerApp(Session(record), offscreen=True, size=(960, 540), interactive=True)
    ctl = app.controller
    log = ctl.table_log

    def frames(n=3):
        for _ in range(n):
            app.taskMgr.step()

    frames()
    assert log.active and ctl.mode == "log", (log.active, ctl.mode)  # the header: log mode
    entry = log.entry
    # the real flick: G1 up the mat into G2
    real = Flick.make("G1", 74.0, 1.1, 0.0)
    motion = simulate_flick(start, real)
    rest = {d.id: (d.x, d.y) for d in motion.final}
    moved = {pid: xy for pid, xy in rest.items()
             if math.dist(xy, (start.piece(pid).x, start.piece(pid).y)) > 0.002}
    assert "G1" in moved and "G2" in moved, moved

    def drag(pid, xy):
        """A drag as DiscDrag runs it: pressed on the disc, let go at xy."""
        p = app.scene.poses[pid]
        assert entry.grab_disc(Pick(piece=pid, point=(p[0], p[1], 0.0)))
        entry.drag_to(*xy)
        entry.drop_here()

    # 1. the disc flicked: a click (press and release in place) on V1 is refused (not P1's)
    entry.click_disc("V1")
    assert entry.piece is None and "cannot have been flicked" in ctl.message_text, ctl.message_text
    entry.toggle_removed("G5")  # out of play before the flick: it cannot have left
    assert not entry.removed and "not on the Galaxy" in ctl.message_text, ctl.message_text
    bh = app.scene.poses["BH"]
    assert not entry.grab_disc(Pick(piece="BH", point=(bh[0], bh[1], 0.0)))
    p = app.scene.poses["G1"]
    assert entry.grab_disc(Pick(piece="G1", point=(p[0], p[1], 0.0)))
    entry.drop_here()  # no movement: a click
    assert entry.piece == "G1", (entry.piece, ctl.message_text)
    # 2. the discs that moved, to where they stopped (3 mm of hand), 3. a removal and back
    for pid, (x, y) in sorted(moved.items()):
        drag(pid, (x + 0.002, y - 0.002))
    entry.toggle_removed("V1")
    assert "V1" in entry.removed
    assert app.scene.poses.get("V1") is not None
    steps = len(entry.undo_list)
    assert steps == 2 + len(moved), entry.undo_list
    # undo reaches every step, and redo brings them back
    words = [entry.undo() for _ in range(steps)]
    assert entry.piece is None and not entry.entered and not entry.removed, words
    assert entry.undo() is None
    for _ in range(steps):
        entry.redo()
    assert entry.piece == "G1" and set(entry.entered) == set(moved) and entry.removed == {"V1"}
    log.undo()  # Ctrl+Z in log mode: the removal
    assert entry.removed == set() and ctl.message_text.startswith("Undone"), ctl.message_text
    # a disc dropped on another is refused, and stays where it was entered
    before = dict(entry.entered)
    drag("G1", (0.0, 0.5))
    assert entry.entered == before, entry.entered
    # 4. confirm: the inference runs as a job in the analysis worker, with progress
    nodes_before = sum(1 for _ in ctl.session.record.nodes())
    log.confirm()
    assert entry.job is not None and entry.job.lane == "process"
    assert log.probe()["inferring"]
    deadline = time.time() + 240
    seen_progress = False
    while entry.job is not None and time.time() < deadline:
        frames(1)
        if entry.job is not None and entry.job.progress[0] > 0:
            seen_progress = True
            assert "simulations" in log.box.step["text"], log.box.step["text"]
        time.sleep(0.02)
    assert entry.job is None, "the inference did not finish"
    assert seen_progress, "no progress was shown"
    assert log.logged == 1, ctl.message_text
    node = ctl.session.node
    assert node.observed is not None and isinstance(node.action, Flick), node
    assert sum(1 for _ in ctl.session.record.nodes()) == nodes_before + 1
    for pid, (x, y) in moved.items():  # the entered places are the position
        q = node.state.piece(pid)
        assert (q.x, q.y) == (float(entry_x := x + 0.002), float(y - 0.002)) or \
            math.dist((q.x, q.y), (entry_x, y - 0.002)) < 1e-5, (pid, q.x, q.y)
    assert abs(((node.action.angle - 74.0 + 180) % 360) - 180) < 3.0, node.action
    assert "inferred" in app.scene.action_label(node), app.scene.action_label(node)
    assert "Logged G1" in ctl.message_text, ctl.message_text
    while app.animating:
        frames(1)
    frames()
    assert entry.node is node and entry.piece is None  # a fresh entry after the flick
    # Ctrl+Z with nothing entered takes the logged flick back (its entry comes back, its
    # steps undoable in turn); Ctrl+Y logs it again
    log.undo()
    frames()
    assert ctl.session.node is ctl.session.record.root, ctl.session.node
    assert entry.piece == "G1" and set(entry.entered) == set(moved), entry.entered
    assert len(entry.undo_list) == steps - 1 and "entered again" in ctl.message_text
    log.redo()
    frames()
    assert ctl.session.node.observed is not None, (ctl.session.node, ctl.message_text, entry.undo_list, entry.piece)
    # an entry left unfinished is kept where it was made, with its undo
    entry.toggle_removed("V1")
    ctl.navigation.back()
    frames()
    assert entry.node is ctl.session.record.root and not entry.removed
    ctl.navigation.forward()
    while app.animating:
        frames(1)
    frames()
    assert entry.removed == {"V1"} and len(entry.undo_list) == 1, (entry.removed, entry.undo_list)
    assert "unfinished" in ctl.message_text, ctl.message_text
    log.undo()
    assert not entry.removed
    # a flick that left its disc where it was (G2 pressed against nothing moves less than a
    # drag can say): Enter asks once, and Enter again logs it resting where it was
    entry.click_disc("G2")
    assert entry.piece == "G2", ctl.message_text
    log.confirm()
    assert entry.job is None and "Enter again" in ctl.message_text, ctl.message_text
    log.confirm()
    g2 = entry.state().piece("G2")
    assert entry.entered == {"G2": (g2.x, g2.y)}, entry.entered
    assert entry.job is not None, ctl.message_text
    deadline = time.time() + 240
    while entry.job is not None and time.time() < deadline:
        frames(1)
        time.sleep(0.02)
    assert log.logged == 2, (ctl.message_text, entry.failed)
    still = ctl.session.node
    assert still.observed is not None and still.action.piece == "G2", still
    assert (still.state.piece("G2").x, still.state.piece("G2").y) == (g2.x, g2.y)
    while app.animating:
        frames(1)
    frames()
    # F1 lists the log mode's own keys
    ctl.dialogs.help()
    frames()
    listed = [line[1] for line in ctl.dialog.lines]
    assert any("Log it" in w for w in listed) and any("left the Galaxy" in w for w in listed), listed
    ctl.run_command("close_help")  # F1 again: the help closes
    frames()
    # Ctrl+L stops logging; again starts it
    log.toggle()
    frames()
    assert ctl.mode == "play" and not log.active
    log.toggle()
    frames()
    assert ctl.mode == "log"

    # --- a new Glonk game logged: the armadas and who plays first chosen as they came -------
    from viewer.newgame import new_session

    ctl.files.new_game("glonk", log=True)
    frames()
    entry = log.entry
    assert log.active and entry.chance(), ctl.message_text
    for _ in range(3):  # P1's armada, P2's, who plays first: buttons in the box, none drawn
        buttons = entry.buttons()
        assert buttons and len(log.box.buttons) == len(buttons), buttons
        # each button is as wide as its words, none runs into another, all inside the box
        boxes = []
        from viewer.layout import SMALL, text_width

        for b in log.box.buttons:
            x0, x1, z0, z1 = b["frameSize"]
            x, z = b.getX(), b.getZ()
            assert text_width(b["text"], SMALL) < x1 - x0, b["text"]
            assert 0 <= x + x0 and x + x1 <= log.box.frame["frameSize"][1], b["text"]
            assert z + z1 <= 0 and z + z0 >= log.box.frame["frameSize"][2], b["text"]
            boxes.append((x + x0, z + z0, x + x1, z + z1))
        for i, a in enumerate(boxes):
            for c in boxes[i + 1:]:
                assert not (a[0] < c[2] and c[0] < a[2] and a[1] < c[3] and c[1] < a[3]), (a, c)
        label, choose = buttons[-1]
        before = ctl.session.node
        choose()
        frames()
        assert ctl.session.node.parent is before, label
    assert ctl.session.node.state.phase == "place_armada", ctl.session.node.state.phase
    assert not entry.entering() and "click as in play" in entry.step_words()

    # --- Glik: typed with completion; the deal chosen as it came --------------------------------

    ctl.records.swap(new_session("glik", log=True), None, "a logged Glik game")
    frames()
    assert log.active and type(log.entry).__name__ == "TypedEntry", log.entry
    entry = log.entry
    assert entry.chance() and "What came" in log.box.step["text"], log.box.step["text"]
    assert entry.buttons() == []  # sixteen boards: typed, not sixteen buttons
    field = log.box.field
    field.enterText("board 9")
    frames()
    assert "deal board 9" in log.box.completions["text"], log.box.completions["text"]
    entry._entered(field.get())
    frames()
    assert str(ctl.session.node.action) == "deal 9", ctl.session.node.action
    assert ctl.session.game.current_player(ctl.session.node.state) < 0  # nothing drawn after
    field.enterText("board 1")
    entry._entered(field.get())
    assert "moves fit" in ctl.message_text or "No move" in ctl.message_text, ctl.message_text
    assert str(ctl.session.node.action) == "deal 9"
    print("all table log checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
