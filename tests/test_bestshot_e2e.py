"""End-to-end: the best shot in a real viewer window under Xvfb, driven by xdotool.

In the demo's opening position, B asks for the best robust flick at the skill chosen in the
panel (the explorer's skill buttons, remembered in the settings): the message line thinks
(counting the flicks tried) while the window keeps drawing, Esc stops it; asked again, the
answer is drawn on the mat as an arrow with its odds in words and two buttons. Shift+Enter
keeps it as a variation (the record has a new child, the cursor stays), Ctrl+Z takes that
back, and Enter plays it. Skipped only when Xvfb or xdotool is missing.
"""
from __future__ import annotations

import json

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


@pytest.fixture
def desk(tmp_path):
    d = Desk(tmp_path)
    yield d
    d.stop()


def test_b_shows_the_best_shot_shift_enter_keeps_it_and_enter_plays_it(desk, tmp_path):
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)  # the skill last chosen in the panel: expert
    (home / "settings.json").write_text(json.dumps({"glonk": {"explorer_skill": "expert"}}))
    desk.start()  # plain `flickbook`: the Glonk demo, where its story starts
    start = desk.settled()
    assert start["best_shot"]["action"] is None and start["mode"] == "play"
    # asked, then stopped while it thinks
    desk.key("b")
    p = desk.wait(lambda p: p["best_shot"]["thinking"], 30, "the search to start")
    assert p["message"].startswith("Best shot: thinking at expert skill")
    desk.key("Escape")
    p = desk.wait(lambda p: not p["best_shot"]["thinking"], 30, "the search to stop")
    assert p["message"] == "Best shot: search cancelled" and p["best_shot"]["found"] == 0
    # asked again: the thinking line counts the flicks while frames go on being drawn
    desk.key("b")
    p = desk.wait(lambda p: (p["best_shot"]["progress"] or [0])[0] > 0, 120, "flicks counted")
    frames = p["frames_drawn"]
    assert "of" in p["message"] and "flicks" in p["message"]
    p = desk.wait(lambda p: p["best_shot"]["found"] == 1
                  and "Play best" in p["best_shot"]["buttons"], 240, "the best shot")
    assert p["frames_drawn"] > frames  # the frame was never blocked
    shot = p["best_shot"]
    assert shot["drawn"] and shot["action"].startswith("flick ")
    assert shot["words"].startswith("Best: ") and " deg " in shot["words"]
    assert "standard" in shot["words"] and "expected" in shot["words"]
    assert shot["words"] in p["status"]  # the odds in words beside the arrow
    assert p["node"] == start["node"] and p["nodes"] == start["nodes"]
    desk.screenshot()
    # Shift+Enter: a new child of this position; the cursor stays, the arrow too
    desk.key("shift+Return")
    p = desk.wait(lambda p: p["best_shot"]["added"] == 1, 30, "the variation")
    assert p["nodes"] == start["nodes"] + 1 and p["node"] == start["node"]
    assert p["message"].startswith("Best shot added as a variation")
    desk.key("ctrl+z")
    p = desk.wait(lambda p: p["nodes"] == start["nodes"], 30, "the variation undone")
    assert p["best_shot"]["drawn"]
    # Enter: played here, a new variation beside the demo's own line
    desk.key("Return")
    p = desk.wait(lambda p: p["best_shot"]["played"] == 1
                  and p["node_action"] == shot["action"], 60, "the best shot played")
    assert p["nodes"] == start["nodes"] + 1 and p["node"][:-1] == start["node"]
    assert not p["best_shot"]["drawn"] and p["best_shot"]["action"] is None
    desk.key("ctrl+z")
    desk.wait(lambda p: p["nodes"] == start["nodes"] and p["node"] == start["node"], 30,
              "the played shot undone")
