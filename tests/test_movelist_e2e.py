"""End-to-end: the move list in a real window (Xvfb, xdotool), as a person uses it.

A Glik record with nested variations and comments is opened; a click on the marker beside a
variation's first move closes it (its moves leave the list), a second click opens it again,
a click on one of its moves goes there, and O on that move closes the variation around the
cursor, which stays on the variation's first move. Where the rows are comes from the viewer's
probe (`move_list`: each drawn row's box in window pixels); every step waits on the probe.
"""
from __future__ import annotations

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def test_open_close_a_variation_and_click_a_move_in_a_real_window(tmp_path):
    from movelist_records import annotate
    from timeline import save_record
    from viewer.glik.demo import demo_session

    session = annotate(demo_session(), [4], length=5)
    path = tmp_path / "variations.flick"
    save_record(session.record, path)
    head = session.record.mainline()[3].variations[1]  # the variation at ply 4
    head_path = list(head.path)
    inner = list(head.variations[0].variations[0].path)  # its third move (no alternative)

    desk = Desk(tmp_path)
    try:
        desk.start("open", str(path))
        desk.key("Home")

        def head_row(p):
            return next((r for r in p.get("move_list", []) if r["path"] == head_path), None)

        p = desk.wait(lambda p: p["node"] == [] and head_row(p) is not None
                      and "marker" in head_row(p), 30, "the variation's row with its marker")
        before = len(p["move_list"])
        assert not head_row(p)["closed"], "the variation is open"
        row = head_row(p)
        assert row["depth"] == 1 and row["row"][0] > min(r["row"][0] for r in p["move_list"])
        # the marker closes it: its moves leave the list, the first stays marked closed
        desk.click(*centre(row["marker"]))
        p = desk.wait(lambda p: head_row(p) is not None and head_row(p)["closed"], 20,
                      "the variation to close")
        assert not any(r["path"][:len(head_path)] == head_path and r["path"] != head_path
                       for r in p["move_list"]), "a closed variation hides its moves"
        assert p["node"] == [], "closing elsewhere leaves the cursor where it was"
        # and opens it again
        desk.click(*centre(head_row(p)["marker"]))
        p = desk.wait(lambda p: head_row(p) is not None and not head_row(p)["closed"], 20,
                      "the variation to open")
        assert len(p["move_list"]) >= before - 1
        # its third move lies below the list's rows (long comments): scroll down to it
        # as a person would (Page Down), until its row is drawn
        for _ in range(4):
            if any(r["path"] == inner for r in p["move_list"]):
                break
            scrolled = p.get("list_scroll")
            desk.key("Next")
            p = desk.wait(lambda p, s=scrolled: p.get("list_scroll") != s, 20, "the list scrolled")
        assert any(r["path"] == inner for r in p["move_list"]), "the variation's moves are listed"
        # a click on one of its moves goes there
        target = next(r for r in p["move_list"] if r["path"] == inner and r["kind"] == "move")
        desk.click(*centre(target["row"]))
        p = desk.wait(lambda p: p["node"] == inner, 20, "the cursor on the clicked move")
        assert p["shown_is_cursor"] or desk.wait(lambda p: p["shown_is_cursor"], 20)
        # O closes the variation the cursor is in; the cursor goes to its first move
        desk.key("o")
        p = desk.wait(lambda p: p["node"] == head_path and head_row(p) is not None
                      and head_row(p)["closed"], 20, "O to close the cursor's variation")
        assert "closed" in p["message"].lower()
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()
