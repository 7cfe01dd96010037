"""A person at a real window (Xvfb, driven by xdotool) presses 1 to 4 in a four-player Glonk
game: each key's seat view shows that player's own area nearest: the point of the table each seat
label names (its anchor, where that player's area is) is the lowest on the screen, and the
player's own label is drawn. The labels themselves step aside for the boxes of the layout, so
where a label's box lands says less than where its area is; both come from the viewer's probe."""
from __future__ import annotations

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def seat_labels(p: dict) -> dict[int, list]:
    """Seat number (as people count, from 1) -> its label's probe entry (box and anchor)."""
    out = {}
    for lab in p["scene"]["labels"]:
        words = lab["text"].lstrip("> ").split()
        if words and words[0].startswith("P") and words[0][1:].isdigit():
            out[int(words[0][1:])] = lab
    return out


def test_keys_1_to_4_look_from_each_players_own_side(tmp_path):
    desk = Desk(tmp_path)
    try:
        desk.start("play", "glonk", "--players", "4", "--seed", "3")
        desk.settled()
        views = set()
        for seat in (1, 2, 3, 4):
            desk.key(str(seat))
            p = desk.wait(lambda p: not p["camera_moving"] and tuple(p["view"]) not in views,
                          60, f"seat {seat}'s view")
            views.add(tuple(p["view"]))
            boxes = seat_labels(p)
            assert sorted(boxes) == [1, 2, 3, 4], p["scene"]["labels"]
            assert boxes[seat]["box"] is not None, (seat, p["scene"]["labels"])
            mine = boxes[seat]["anchor"]
            assert mine is not None, (seat, p["scene"]["labels"])
            for other, lab in boxes.items():
                if other != seat:
                    theirs = lab["anchor"]
                    assert theirs is None or mine[1] > theirs[1] + 10, (seat, other, boxes)
            assert mine[1] > 720 / 2, (seat, mine)  # in the bottom half of the window
    finally:
        desk.stop()
