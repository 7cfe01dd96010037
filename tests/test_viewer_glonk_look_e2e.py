"""Glonk in a real window (Xvfb, 1280x800 screen): the seat labels lie whole inside the part
of the window that the move-list panel, the bottom bar, the status lines, the message line and
the piece buttons leave free, from the opening seat view and from the top, with two and with
six players. The boxes come from the label nodes themselves (the viewer's probe).
"""
from __future__ import annotations

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_labels(p: dict, players: int, where: str) -> None:
    facts = p["scene"]
    labels = facts["labels"]
    assert sum(1 for lab in labels if lab["text"] != "the box") == players, (where, labels)
    free = facts["free"]
    assert free[2] < 1100 and free[3] < 700, free  # the panels are in
    for i, lab in enumerate(labels):
        b = lab["box"]
        assert b is not None, (where, lab)
        assert b[0] >= free[0] and b[1] >= free[1] and b[2] <= free[2] and b[3] <= free[3], \
            (where, lab, free)
        for hud in facts["hud"]:
            assert not overlaps(b, hud), (where, lab, hud)
        for other in labels[:i]:
            assert not overlaps(b, other["box"]), (where, lab, other)


@pytest.mark.parametrize("players", [2, 6])
def test_seat_labels_stay_inside_the_free_window(tmp_path, players):
    desk = Desk(tmp_path)
    try:
        desk.start("play", "glonk", "--players", str(players), "--seed", "3")
        p = desk.settled()
        check_labels(p, players, "opening seat view")
        desk.key("t")  # the top-down view
        p = desk.settled()
        check_labels(p, players, "top view")
    finally:
        desk.stop()
