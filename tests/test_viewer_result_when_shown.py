"""A flick's result is told when it is shown (issue 39 point 15): while its discs still slide
the message line names the flick, never what comes of it; once they have stopped it says
what happened. A move without motion says its result at once. Offscreen, in a child process."""
from __future__ import annotations

import math
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "scenarios/glonk/01-your-first-flick.flick"


def test_the_result_is_told_once_the_discs_have_stopped():
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "result checks passed" in result.stdout, result.stderr[-3000:]


def child() -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from xvfb import pace

    from games.glonk import Flick
    from timeline import Session, load_record
    from viewer.app import ViewerApp
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    ctl.records.swap(Session(load_record(TUTORIAL)), None, "the first tutorial")
    app.render_frames(2)
    s = ctl.session.node.state
    piece = next(q for q in s.in_play() if q.owner == s.turn_player and q.is_ship and q.speed > 0)
    flick = Flick.make(piece.id, math.degrees(math.atan2(-piece.y, -piece.x)), 1.2)
    assert ctl.moves.play(flick)
    deadline = pace.deadline(60)
    seen_moving = []
    while ctl.moves.pending is not None or app.clock.stepping:
        assert time.time() < deadline, "the flick never ended"
        app.render_frames(1)
        if app.clock.stepping and ctl.moves.pending is None:
            seen_moving.append(ctl.message_text)
    assert seen_moving, "the flick was never seen moving"
    node = ctl.session.node
    result = " ".join(app.scene.event_lines(node))
    assert result, "the flick has a result to tell"
    for said in seen_moving:  # while the discs slide: the flick named, its result not yet
        assert node.action.piece in said and not any(
            line.rstrip(".") in said for line in app.scene.event_lines(node)), said
    app.render_frames(2)
    told = ctl.message_text
    assert app.scene.event_lines(node)[0].rstrip(".") in told, (told, result)
    print("result checks passed")


if __name__ == "__main__":
    child()
