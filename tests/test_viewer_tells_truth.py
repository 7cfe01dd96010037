"""What the window tells about the position is about the position shown (issue 20, point 4):

- the hover line is made again whenever the position shown changes under a still pointer, so
  it stops describing a disc that moved or was atomised;
- the turn log holds the moves from the start up to the cursor: an undone move leaves it, and
  stepping back shows that position's moves, not the latest;
- "Undone: ..." and "Redone: ..." name the move in the game's readable notation;
- promote, make main line and delete say what they did.
"""
from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_hover_log_and_edit_messages_follow_the_position(tmp_path):
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all truth checks passed" in result.stdout


def film_of(app, point):
    x, y = app.project(point)
    w, h = app.size
    return (x / w * 2 - 1, 1 - y / h * 2)


def hover_checks(app, ctl) -> None:
    """A still pointer over a disc that then moves away: the line stops naming it."""
    from viewer.glonk.demo import demo_session

    ctl.shown.set_session(demo_session())
    app.set_view(app.preset("top"))
    line = ctl.session.record.mainline()
    scene = app.scene
    for node in line[1:]:  # a move after which a disc is far from where it stood
        before, after = node.parent.state, node.state
        for p in before.in_play():
            q = after.get(p.id)
            if q is None or not q.in_play or math.hypot(q.x - p.x, q.y - p.y) > 3 * p.radius:
                break
        else:
            continue
        break
    else:
        raise AssertionError("the demo has no move that takes a disc away")
    ctl.navigation.go_to(node.parent)
    app.render_frames(1)
    at = film_of(app, (p.x, p.y, 0.0))
    ctl.pointer.position = lambda: at  # the pointer rests on the disc
    ctl.pointer.frame()
    assert scene.hover_line and scene.hover_line.startswith(f"{p.id}:"), scene.hover_line
    ctl.navigation.go_to(node)  # the disc moves away (or is atomised) under the still pointer
    app.render_frames(1)
    ctl.pointer.frame()
    assert not (scene.hover_line or "").startswith(f"{p.id}:"), (p.id, scene.hover_line)
    ctl.navigation.go_to(node.parent)  # back: it is there again, and so is its line
    ctl.pointer.frame()
    assert scene.hover_line.startswith(f"{p.id}:"), scene.hover_line
    del ctl.pointer.position


def log_and_edit_checks(app, ctl) -> None:
    import numpy as np

    from games.glik import GAME
    from games.notation import node_text
    from timeline import Record, Session

    session = Session(Record(GAME.name, GAME.default_config(2)), rng=np.random.default_rng(3))
    session.auto_chance()
    ctl.shown.set_session(session)
    played = []
    for _ in range(3):  # three boards laid, by the window as a click would
        action = GAME.legal_actions(session.state)[0]
        assert ctl.moves.play(action)
        app.render_frames(1)
        played.append(session.node)
    labels = [app.scene.action_label(n) for n in played]
    assert len(set(labels)) == 3, labels

    def heads():
        ctl.refresh()
        return [line.split(":")[0] for line in ctl.log.lines if not line.startswith(" ")]

    assert heads()[-3:] == labels
    # step back: the log ends with the move at the cursor, not the latest
    ctl.navigation.back()
    assert heads()[-2:] == labels[:2]
    ctl.navigation.forward()
    assert heads()[-3:] == labels
    # undo the last move: it leaves the log, and the message names it as people read it
    ctl.edits.undo()
    readable = node_text(played[2])
    assert ctl.message_text == f"Undone: play {readable}", ctl.message_text
    assert session.node is played[1] and heads()[-2:] == labels[:2]
    ctl.edits.redo()
    assert ctl.message_text == f"Redone: play {readable}", ctl.message_text
    # a second variation after the first move, then promote it, make it the main line, delete
    ctl.navigation.go_to(played[0])
    other = [a for a in GAME.legal_actions(session.state) if str(a) != played[1].action_text][0]
    assert ctl.moves.play(other)
    app.render_frames(1)
    side = session.node
    ctl.edits.promote()
    assert ctl.message_text.startswith(f"Promoted {app.scene.action_label(side)}: now the main "
                                       "choice here"), ctl.message_text
    ctl.edits.promote()
    assert "first choice here already" in ctl.message_text
    ctl.edits.undo()
    assert ctl.message_text == f"Undone: promote {node_text(side)}", ctl.message_text
    ctl.edits.make_main_line()
    assert ctl.message_text.startswith(f"The line through {app.scene.action_label(side)} is "
                                       "the main line now"), ctl.message_text
    ctl.edits.make_main_line()
    assert ctl.message_text == "This line is the main line already"
    ctl.navigation.go_to(played[1])
    ctl.edits.delete_from_here()
    assert ctl.message_text == (f"Deleted {app.scene.action_label(played[1])} and the 1 move "
                                "after it (Ctrl+Z brings them back)"), ctl.message_text
    assert session.node is played[0] and heads()[-1] == labels[0]
    ctl.edits.undo()
    assert ctl.message_text == f"Undone: delete {node_text(played[1])}", ctl.message_text


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session

    app = ViewerApp(demo_session(), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    log_and_edit_checks(app, ctl)
    hover_checks(app, ctl)
    print("all truth checks passed")


if __name__ == "__main__":
    child()
