"""The message line never overflows (issue 20 point 3), in a real window under Xvfb.

Four-player Glonk with the computer at every seat: each bot move is said on the message line
("Computer (novice, seat 3) chose ... " and what the flick did), the long explanations the
issue saw running under the turn buttons, over the seat labels, into the side panel and off
the window. As a person watching the window sees it, every such message lies inside the
window on its backdrop, in at most two lines, clear of the bar (the turn buttons), the side
panel, every other box the layout placed, the seat labels and the piece buttons. A message
longer than two lines (Ctrl+S to a deep path: "Saved PATH") is cut on the line and told in
full in the turn log.

Where the regions are comes from the window's probe: its "layout" key (viewer.layout: the
boxes it placed, the message line's box and how many lines it shows) and the Glonk scene's
seat labels and screen parts; the backdrop is read from the window's pixels.
"""
from __future__ import annotations

import pytest

from test_records_e2e import screenshot as window_pixels
from xvfb.desk import MISSING, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)

SEATS = 4
BOTS = [w for seat in range(1, SEATS + 1) for w in ("--computer", f"{seat}=novice")]
#: How many bot messages the test reads (the first ones of the game: its setup is short;
#: their flicks are said in 120-180 characters, "Computer (novice, seat 1) chose S2 ...").
MESSAGES = 8
#: A message longer than this (characters) cannot be one line of a 1280-pixel window.
LONG = 180


def overlaps(a, b, slack: float = 0.5) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack
            and min(a[3], b[3]) - max(a[1], b[1]) > slack)


def inside(a, b, slack: float = 0.5) -> bool:
    return (a[0] >= b[0] - slack and a[1] >= b[1] - slack and a[2] <= b[2] + slack
            and a[3] <= b[3] + slack)


def told_in_full(p: dict, text: str) -> bool:
    """The turn log holds `text` whole: the lines it was told in ("» " and the rest indented,
    broken at spaces or inside a long word), joined again, are its characters in order."""
    def bare(t: str) -> str:
        return "".join(t.split())

    told, out = None, []
    for line in p["log"]:
        if line.startswith("» "):
            told = [line[2:]]
            out.append(told)
        elif told is not None and line.startswith("  "):
            told.append(line)
        else:
            told = None
    return any(bare("".join(t)) == bare(text) for t in out) or any(
        bare(line) == bare(text) for line in p["log"])


def check_message_line(p: dict, where: str) -> None:
    """The message line as the probe shows it: inside the window, at most 2 lines, clear of
    every other region (layout boxes, seat labels, the Glonk scene's screen parts)."""
    lay = p["layout"]
    w, h = p["camera"]["window"]
    box = lay["boxes"].get("message")
    assert box is not None, (where, "no message line placed", lay)
    assert inside(box, [0, 0, w, h]), (where, "the message line leaves the window", box)
    assert 1 <= lay["message_lines"] <= 2, (where, lay["message_lines"], p["message"])
    for name, other in lay["boxes"].items():
        if name != "message":
            assert not overlaps(box, other), (where, f"the message line lies on {name}",
                                              box, other)
    scene = p.get("scene", {})
    for lab in scene.get("labels", []):
        if lab["box"] is not None:
            assert not overlaps(box, lab["box"]), (where, "over a seat label", lab, box)
    for part in scene.get("hud", []):
        if not inside(part, box, slack=2):  # the message line itself is one of them
            assert not overlaps(box, part), (where, "over a piece button or box", part, box)


def check_backdrop(desk, p: dict, where: str) -> None:
    """The line's text stands on a dark backdrop: the strip of its padding under the text (no
    glyph reaches it; the backdrop sits at the foot of the line's room, by the bar) is dark
    wherever the backdrop lies, whatever the table shows there."""
    box = p["layout"]["boxes"]["message"]
    img = window_pixels(desk).astype(int)
    x0, y1 = int(box[0]) + 2, int(box[3])
    strip = img[y1 - 3:y1 - 1, x0:x0 + 120]
    assert strip.size and strip.max() <= 70, (where, "no backdrop under the message line",
                                              strip.max(), box)


def bot_messages(desk, n: int):
    """The first `n` messages the bots say, each with the probe that showed it settled."""
    seen = []
    while len(seen) < n:
        p = desk.wait(lambda p: p["message"].startswith("Computer (")
                      and p["message"] not in seen and p.get("layout") is not None, 240,
                      f"bot message {len(seen) + 1}")
        seen.append(p["message"])
        yield p


def test_the_bots_explanations_stay_on_their_line(tmp_path):
    desk = Desk(tmp_path)
    try:
        desk.start("play", "glonk", "--players", str(SEATS), "--seed", "3", *BOTS)
        for i, p in enumerate(bot_messages(desk, MESSAGES)):
            where = f"bot message {i + 1}: {p['message']!r}"
            check_message_line(p, where)
            if i == 0:
                check_backdrop(desk, p, where)
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()


def test_a_message_too_long_for_two_lines_is_cut_there_and_told_whole_in_the_log(tmp_path):
    """Ctrl+S to a file deep in folders with long names: "Saved PATH" is longer than the
    line's two lines: it shows what fits, ends in an ellipsis, and the turn log has it all."""
    desk = Desk(tmp_path)
    try:
        desk.start("play", "glonk", "--players", str(SEATS), "--seed", "3")
        desk.settled()
        folder = tmp_path
        for k in range(4):
            folder = folder / (f"folder-{k}-whose-name-goes-on-" + "and-on-" * 8 + "to-its-end")
        folder.mkdir(parents=True)
        path = folder / "a-record-saved-where-its-path-fills-the-message-line.flick"
        desk.save_as(path)
        p = desk.wait(lambda p: str(path) in p["message"] and p.get("layout"), 30,
                      "the message saying where it was saved")
        assert len(p["message"]) > LONG * 2, len(p["message"])
        check_message_line(p, "Saved PATH")
        assert p["layout"]["message_lines"] == 2, p["layout"]
        p = desk.wait(lambda q: told_in_full(q, p["message"]), 20, "the whole message in the log")
        check_backdrop(desk, p, "Saved PATH")
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()
