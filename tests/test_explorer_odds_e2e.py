"""End-to-end: the shot explorer's odds box is the layout's, in a real window under Xvfb.

X on the Glonk demo record's last flick: the odds box appears where the layout put it, inside
the view's part of the window (below the top edge, left of the side panel, above the message
line) and over no other box (the status lines above all); X again: it is gone and its room
is the view's again. Every wait is on the probe, never a fixed sleep.
"""
from __future__ import annotations

from test_e2e_viewer import pytestmark  # noqa: F401
from xvfb.desk import ROOT, Desk

DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


def explorer(p) -> dict:
    return p.get("scene", {}).get("explorer", {})


def overlaps(a, b, slack=0.5) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack
            and min(a[3], b[3]) - max(a[1], b[1]) > slack)


def test_the_odds_box_lies_in_the_view_and_goes_with_x(tmp_path):
    desk = Desk(tmp_path)
    try:
        desk.start("open", str(DEMO))
        desk.key("End")
        p = desk.key("x")
        assert explorer(p)["on"]
        p = desk.wait(lambda p: explorer(p).get("label_box") is not None
                      and "explorer" in p["layout"]["boxes"], 120, "the odds box")
        drawn, boxes = explorer(p)["label_box"], p["layout"]["boxes"]
        side, bar = boxes["side_panel"], boxes["bar"]
        message = boxes.get("message", bar)
        assert drawn[0] >= 0 and drawn[1] >= 0, f"the odds box {drawn} runs off the window"
        assert drawn[2] <= side[0] and drawn[3] <= message[1], (
            f"the odds box {drawn} runs under the panel {side} or the message line {message}")
        for name, box in boxes.items():
            if name != "explorer":
                assert not overlaps(drawn, box), f"the odds box {drawn} lies over {name} {box}"
        layout_box = boxes["explorer"]
        assert all(abs(a - b) <= 3 for a, b in zip(drawn, layout_box)), (
            f"drawn at {drawn}, not where the layout put it ({layout_box})")
        p = desk.key("x")
        assert not explorer(p)["on"]
        p = desk.wait(lambda p: explorer(p).get("label_box") is None
                      and "explorer" not in p["layout"]["boxes"], 30, "the odds box gone")
        assert explorer(p)["label"] is None
    finally:
        desk.stop()
