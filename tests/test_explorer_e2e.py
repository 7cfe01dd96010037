"""End-to-end: the shot explorer in a real window under Xvfb, used with xdotool as a person would.

On the Glonk demo record, X turns the explorer on and the flick at the cursor is explored
(the heatmap fills in and the odds appear beside it); pulling back a disc explores the aim
instead, its sample count growing report by report; A keeps the aim as a candidate, a second
pull and A keep another; after Esc, A replays both candidates' ghost paths together on the
one clock, a click on a candidate's line in the panel plays it, and Shift+A clears them. The skill chosen in the panel is remembered. Every wait
is on the probe, never a fixed sleep; the sample counts are small (two cores, many tests).
"""
from __future__ import annotations

import json
import math
from argparse import Namespace

from test_e2e_viewer import pytestmark  # noqa: F401
from xvfb.desk import ROOT, Desk
from xvfb.mirror import H, W, Mirror

DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


def explorer(p) -> dict:
    return p.get("scene", {}).get("explorer", {})


def _skill_button(name):
    """The pixel of a skill button in the right panel (1280x720 window: 360 px a unit)."""
    from analysis.glonk.skill import SKILLS
    from viewer.glonk.explorer_view import BOX_TOP, SKILL_STEP, SKILL_X0, SKILL_Z

    bx = SKILL_X0 + SKILL_STEP * list(SKILLS).index(name)
    return W + bx * H / 2, -(BOX_TOP + SKILL_Z + 0.006) * H / 2


def test_heatmap_fills_while_aiming_and_candidates_are_kept_and_replayed(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"glonk": {"explorer_skill": "novice"}}))
    desk = Desk(tmp_path)
    mirror = Mirror(desk, Namespace(command="open", file=str(DEMO)))
    try:
        desk.start("open", str(DEMO))
        desk.key("t")
        desk.key("End")
        mirror.session.go_to(mirror.session.record.root.end())
        p = mirror.sync()
        assert explorer(p)["on"] is False and explorer(p)["skill"] == "novice"
        # X: the flick that led here is explored (a stored flick, not an aim)
        p = desk.key("x")
        assert explorer(p)["on"] and "Shot explorer on" in p["message"]
        p = desk.wait(lambda p: (explorer(p)["samples"] or 0) >= 8, 120, "the stored flick")
        assert explorer(p)["subject"] == p["node_action"]
        assert explorer(p)["heat_cells"] > 0 and "expected" in explorer(p)["odds"]
        mirror.sync()  # the explorer's box took its room: the view was fitted again
        # aim: the heatmap is the aim's, and it fills in as the reports arrive
        s = mirror.session.state
        mine = [q for q in s.in_play() if q.owner == s.turn_player and q.kind == "saucer"
                and q.speed > 0]
        piece = max(mine, key=lambda q: math.hypot(q.x, q.y))
        first = mirror.pull(piece, 0.05, steps=6)  # straight out from the centre
        desk.drag(first, release=False)
        p = desk.wait(lambda p: p["mode"] == "aim" and (explorer(p)["subject"] or "")
                      .startswith(f"flick {piece.id} "), 30, "the aim explored")
        seen = []
        while len(set(seen)) < 3:
            p = desk.wait(lambda p: (explorer(p)["samples"] or 0) > (seen[-1] if seen else 0),
                          120, "more samples of the aim")
            seen.append(explorer(p)["samples"])
        assert seen == sorted(seen) and seen[0] < seen[-1] <= explorer(p)["samples_wanted"]
        e = explorer(p)
        assert e["heat_cells"] > 0 and e["label"] and "%" in e["label"] and "novice" in e["label"]
        # A keeps this aim; a pull in another direction and A keep a second one
        p = desk.key("a")
        assert p["mode"] == "aim" and "Kept as candidate 1" in p["message"]
        aim_one = explorer(p)["subject"]
        out = math.degrees(math.atan2(piece.y, piece.x))
        desk.move(*mirror.pull(piece, 0.07, aim=out + 35, steps=6)[-1])
        p = desk.wait(lambda p: explorer(p)["subject"] not in (None, aim_one), 30, "a new aim")
        p = desk.key("a")
        assert "Kept as candidate 2" in p["message"]
        cands = explorer(p)["candidates"]
        assert [c["slot"] for c in cands] == [1, 2] and cands[0]["flick"] == aim_one
        desk.screenshot()
        desk.key("Escape")
        desk.up()
        p = desk.settled()
        assert p["mode"] == "play" and p["nodes"] == desk.probe()["nodes"]
        # both candidates get their paths and their own odds (the first carried on exploring)
        p = desk.wait(lambda p: all(c["path"] and c["odds"] for c in explorer(p)["candidates"]),
                      180, "both candidates explored")
        # A (not aiming) replays both ghost paths together on the one clock
        p = desk.key("a")
        assert p["message"].startswith("Replaying 2 candidate paths together")
        desk.wait(lambda p: explorer(p)["replaying"] and p["clock_running"], 20, "the replay")
        p = desk.wait(lambda p: not explorer(p)["replaying"] and not p["clock_running"], 60,
                      "the replay to end")
        # a click on candidate 1's line in the panel plays that aim, exactly as it was kept
        nodes = p["nodes"]
        desk.click(*explorer(p)["candidates"][0]["at"])
        p = desk.wait(lambda p: p["nodes"] == nodes + 1 and p["node_action"] == aim_one
                      and not p["clock_running"] and not p["pending"], 60, "candidate 1 played")
        desk.wait(lambda p: explorer(p)["subject"] == aim_one and explorer(p)["samples"], 60,
                  "the played flick's odds (explored already: at once)")
        desk.key("Left")  # back where the candidates were aimed: they are still there
        p = desk.settled()
        assert len(explorer(p)["candidates"]) == 2
        desk.key("shift+a")  # the key is handled in one frame, the panel follows in the next
        p = desk.wait(lambda p: explorer(p)["candidates"] == [], 20, "Shift+A to clear the aims")
        assert p["message"] == "Cleared 2 candidate aims"
        settings = json.loads((home / "settings.json").read_text())["glonk"]
        assert settings["explorer"] is True and settings["explorer_skill"] == "novice"
        # the skill buttons in the panel: "expert" explores the flick at the cursor again
        p = desk.click(*_skill_button("expert"))
        p = desk.wait(lambda p: explorer(p)["skill"] == "expert"
                      and (explorer(p)["label"] or "").startswith("expert: "), 120,
                      "the flick explored at expert skill")
        assert p["message"] == "Shot explorer: expert skill"
        settings = json.loads((home / "settings.json").read_text())["glonk"]
        assert settings["explorer_skill"] == "expert"
    except BaseException:
        desk.screenshot()
        raise
    finally:
        mirror.close()
        desk.stop()
