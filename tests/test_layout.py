"""The screen layout's planner (viewer.layout.plan) without Panda: whatever boxes are open at
whatever window size, no two regions overlap, every box lies in the window beside the side
panel and above the message line, the free region lies clear of them all, the message line
wraps to at most two lines (cut with an ellipsis, never off the window), and a column too
short folds its boxes before it cuts them."""
from __future__ import annotations

import random

import pytest

from viewer.layout import MESSAGE_LINES, Rect, Request, plan, rough_measure, wrap

SIZES = [(1280, 720), (1280, 800), (1920, 1080), (1024, 600)]


def regions(p):
    out = dict(p.boxes)
    for name in ("side", "bar", "message"):
        r = getattr(p, name)
        if r is not None:
            out[name] = r
    return out


def random_requests(rng: random.Random, unit: float):
    reqs = [Request("status", rng.uniform(200, 700), rng.uniform(20, 110), order=0)]
    for name, where in (("puzzle", "top"), ("lesson", "top"), ("lesson_panel", "top"),
                        ("tray", "top"), ("hand", "bottom"), ("row", "bottom"), ("cards", "strip")):
        if rng.random() < 0.5:
            h = rng.uniform(40, 500)
            folded = rng.uniform(30, h) if rng.random() < 0.6 else None
            reqs.append(Request(name, rng.uniform(100, 900), h, where, order=rng.randint(1, 60),
                                folded_h=folded, rank=rng.randint(0, 5)))
    return reqs


@pytest.mark.parametrize("seed", range(200))
def test_no_two_regions_overlap_and_the_free_region_is_clear(seed):
    rng = random.Random(seed)
    W, H = SIZES[seed % len(SIZES)]
    unit = H / 2
    reqs = random_requests(rng, unit)
    words = " ".join(rng.choice(["the", "disc", "reaches", "Dominator", "x"]) for _ in range(
        rng.randint(0, 120)))
    p = plan((W, H), side_w=0.8 * unit, bar_h=0.215 * unit, requests=reqs, message=words,
             measure=rough_measure(13), line_px=16)
    window = Rect(0, 0, W, H)
    placed = regions(p)
    for name, r in placed.items():
        assert r.inside(window), (name, r)
        assert r.w >= 0 and r.h >= 0
    names = sorted(placed)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not placed[a].overlaps(placed[b]), (a, placed[a], b, placed[b])
    for name, r in placed.items():
        if name not in ("side", "bar", "message"):
            assert not r.overlaps(p.side) and r.y1 <= p.message.y0 + 0.5, (name, r)
        assert not p.free.overlaps(r), (name, r, p.free)
    assert p.free.inside(p.area) and p.free.w > 0 and p.free.h > 0
    assert len(p.message_lines) <= MESSAGE_LINES
    # every box asked for is placed or said to have no room
    for q in reqs:
        assert q.name in p.boxes or q.name in p.hidden, q.name
        if q.name in p.boxes and q.name not in p.cut and q.name not in p.folded:
            assert abs(p.boxes[q.name].h - q.h) < 0.5


def test_a_short_column_folds_before_it_cuts_and_cuts_before_it_overlaps():
    W, H = 1280, 720
    reqs = [Request("status", 400, 60, order=0),
            Request("puzzle", 430, 130, order=20, folded_h=80, rank=1),
            Request("lesson_panel", 470, 400, order=30)]
    p = plan((W, H), side_w=288, bar_h=77, requests=reqs, message="", line_px=16)
    assert "puzzle" in p.folded and "lesson_panel" not in p.cut
    assert p.boxes["puzzle"].h == pytest.approx(80)
    reqs.append(Request("lesson", 430, 300, order=25, folded_h=120, rank=0))
    p = plan((W, H), side_w=288, bar_h=77, requests=reqs, message="", line_px=16)
    assert {"puzzle", "lesson"} <= p.folded
    assert p.cut  # still too tall: the last box is cut to the room (it scrolls), not overlapped
    boxes = sorted(p.boxes.values(), key=lambda r: r.y0)
    assert all(a.y1 <= b.y0 for a, b in zip(boxes, boxes[1:]))


def test_the_free_region_suits_the_content():
    """A wide board goes under a narrow box column; a tall one beside it."""
    reqs = [Request("status", 300, 50, order=0), Request("puzzle", 430, 200, order=20)]
    wide = plan((1280, 720), side_w=288, bar_h=77, requests=reqs, message="",
                content_aspect=2.5)
    tall = plan((1280, 720), side_w=288, bar_h=77, requests=reqs, message="",
                content_aspect=0.8)
    assert wide.free.x0 == 0 and wide.free.y0 > 200
    assert tall.free.x0 > 430 and tall.free.y0 == 0


def test_a_table_is_not_pushed_aside_to_be_drawn_a_hair_larger():
    """Status lines across the top and a row of piece buttons at the bottom left (Glonk with
    a best shot shown): the free region under the status lines, the whole view wide, would
    draw a table of the top view's aspect (1: round) 7 % smaller than the half beside the
    buttons, and is the one taken (the camera's pitch shows that table wider than high: it
    is drawn no smaller there, in the middle of the view, not beside an empty left half)."""
    from viewer.layout import _free_region

    area = Rect(0, 0, 992, 612)
    obstacles = [Rect(8, 8, 728, 91.7), Rect(8, 533.9, 512, 560.9), Rect(8, 566.9, 984, 606)]
    free = _free_region(area, obstacles, 1.0)
    assert free.x0 == 0 and free.x1 == 992 and free.y1 < 533.9
    # a region that draws it clearly larger still wins, as before
    assert _free_region(area, obstacles, 0.5).x0 > 500


def test_the_message_line_wraps_to_two_lines_and_cuts_the_rest():
    measure = rough_measure(14)  # 7 px a character
    lines, cut = wrap("word " * 200, 700, measure, 2)
    assert len(lines) == 2 and cut and lines[-1].endswith("…")
    assert all(measure(s) <= 700 for s in lines)
    lines, cut = wrap("short words", 700, measure, 2)
    assert lines == ["short words"] and not cut
    lines, cut = wrap("x" * 300, 700, measure, 2)  # one long word is broken, not run off
    assert all(measure(s) <= 700 for s in lines) and cut


def test_a_window_without_a_message_line_keeps_no_room_for_it():
    with_line = plan((1280, 720), side_w=0, bar_h=0, message="")
    without = plan((1280, 720), side_w=0, bar_h=0, message=None)
    assert without.message is None and without.free.h > with_line.free.h


class _Window:
    """What ScreenLayout reads of an app when there is no window: its size."""
    size = (1280, 720)


def test_a_box_of_some_modes_gives_its_room_back_in_the_others_and_takes_it_again():
    from viewer.layout import ScreenLayout

    screen = ScreenLayout(_Window())
    placed = []
    screen.request("explorer", 0.5, 0.2, lambda rect, folded: placed.append(rect),
                   modes=("play", "aim"))
    shown = screen.box("explorer")
    assert shown is not None and placed[-1] == shown
    screen.set_mode("computer")  # the computer's turn: no odds box, its room is the view's
    assert screen.box("explorer") is None and placed[-1] is None
    assert not screen.in_mode("explorer") and screen.plan.free.y0 < shown.y1
    screen.set_mode("aim")
    assert screen.box("explorer") == shown and placed[-1] == shown
    screen.release("explorer")  # released: gone in every mode
    screen.set_mode("play")
    assert screen.box("explorer") is None
