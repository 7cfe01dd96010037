"""Glik in the whole window (panels, bar, turn buttons) at 1280x720 and 1280x800: the turn
buttons (End turn, Offer to end) lie clear of the move list and of the bar's other buttons,
inside the window; in setup the tray of boards in hand lies clear of the turn log.

An interactive app needs a process of its own (Panda allows one ShowBase), so the checks run
in a child process, as the help test's do. Boxes are DirectGUI bounds in aspect2d units.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_turn_buttons_and_the_tray_keep_clear_of_the_panels(tmp_path):
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all panel checks passed" in result.stdout
    assert "scrub knob checks passed" in result.stdout


def check_scrub_knob_follows_the_track(app) -> None:
    """At the line's end the knob and the filled track end where the track ends, also after
    the window changed its shape and nothing else moved (they stood past the track's end,
    over the side panel, until the cursor next moved)."""
    panel = app.controller.panel
    for size in ((1280, 720), (1280, 800), (1280, 720)):
        panel.set_fraction(1.0, panel.ply_label["text"])
        app.resize(size)
        panel.layout()
        # in the track's own units: it runs from 0 to track_w
        assert abs(panel.knob.getX() - panel.track_w) < 1e-6, (size, panel.knob.getX())
        assert abs(panel.track_fill["frameSize"][1] - panel.track_w) < 1e-6, size
        knob_right = box(app, panel.knob)[2]
        side_left = box(app, panel.side)[0]
        assert knob_right < side_left, (size, knob_right, side_left)
    print("scrub knob checks passed")


def box(app, node):
    """(left, bottom, right, top) of a DirectGUI item in aspect2d units."""
    left, right, bottom, top = node.getBounds()
    p = node.getPos(app.aspect2d)
    return (p.x + left, p.z + bottom, p.x + right, p.z + top)


def overlap(r, s) -> bool:
    return r[0] < s[2] and s[0] < r[2] and r[1] < s[3] and s[1] < r[3]


def check_turn_buttons(app, size) -> None:
    from viewer.panel import PANEL_W

    panel = app.controller.panel
    a = app.getAspectRatio()
    assert abs(a - size[0] / size[1]) < 1e-3
    buttons = [box(app, b) for b in panel.turn_buttons]
    assert [b["text"] for b in panel.turn_buttons][:2] == ["End turn", "Offer to end"], size
    transport = [box(app, b) for b in panel.buttons.values()]
    move_list = (a - PANEL_W, -1.0, a, 1.0)
    for b in buttons:
        assert -a <= b[0] and b[2] <= a and -1 <= b[1] and b[3] <= 1, (size, b)
        assert not overlap(b, move_list), (size, b, move_list)
        assert not any(overlap(b, t) for t in transport), (size, b)
    for i, b in enumerate(buttons):
        assert not any(overlap(b, other) for other in buttons[i + 1:]), size


def check_tray_and_turn_log(app, size) -> None:
    import numpy as np

    from games.glik import GAME
    from timeline import Record, Session

    ctl = app.controller
    session = Session(Record(GAME.name, GAME.default_config(2)), rng=np.random.default_rng(3))
    session.auto_chance()
    ctl.shown.set_session(session)
    lay = GAME.legal_actions(session.state)[0]
    ctl.moves.play(lay)  # the turn log now says what was laid
    for _ in range(40):
        app.taskMgr.step()
    tray = app.scene.tray
    assert tray.boxes, "the next player's boards are in the tray"
    log = ctl.log.frame
    assert not log.isHidden() and ctl.log.lines
    left, right, bottom, top = log["frameSize"]
    p = log.getPos(app.a2dBottomLeft)
    log_box = (p.x + left, p.z + bottom, p.x + right, p.z + top)
    for b in list(tray.boxes.values()) + [tray.title_box]:
        assert not overlap(b, log_box), (size, b, log_box)


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from dataclasses import replace

    from games.glik import GAME
    from timeline import Record, Session
    from viewer.app import ViewerApp

    state = GAME.new_initial_state({"players": 2, "setup": "fixed"})
    state = replace(state, ap_left=3)
    session = Session(Record(GAME.name, GAME.default_config(2),
                             start_state_json=GAME.state_to_json(state)))
    app = ViewerApp(session, offscreen=True, size=(1280, 720), interactive=True)
    for size in ((1280, 720), (1280, 800)):
        app.resize(size)
        app.controller.panel.layout()  # what a window's resize event does
        app.controller.shown.set_session(session)
        for _ in range(5):
            app.taskMgr.step()
        check_turn_buttons(app, size)
    for size in ((1280, 720), (1280, 800)):
        app.resize(size)
        app.controller.panel.layout()
        check_tray_and_turn_log(app, size)
    check_scrub_knob_follows_the_track(app)
    print("all panel checks passed")


if __name__ == "__main__":
    child()
