"""Glonk's disc labels at 1280x800: the disc under the mouse shows its short id beside it, and
the I key labels every disc on the mat and beside it; each label sits just above where its
disc appears on the screen, follows the disc when it moves, and is never drawn under the
panels or the status lines. Rendered offscreen (Mesa, EGL surfaceless) from the demo game."""
from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from viewer.glonk.disc_labels import label_boxes
from viewer.glonk.labels import free_area, hud_boxes, overlaps

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"
SIZE = (1280, 800)


@pytest.fixture(scope="module")
def app():
    from timeline import Session, load_record
    from viewer.render import offscreen_app

    session = Session(load_record(DEMO))
    session.go_to(session.record.root.end())
    a = offscreen_app(session, SIZE)
    a.show_node(session.node)
    a.set_view(a.preset("seat"))
    a.render_frames(2)
    yield a
    labels = a.scene.disc_labels
    if labels.all_on:
        labels.toggle()


def projected(app, pid):
    return app.project(app.scene.poses[pid])


def radius_px(app, pid, radius) -> float:
    """How tall a disc's radius looks on the screen: its edge away from the camera (whichever
    seat it looks from) against its centre."""
    x, y = app.scene.poses[pid][:2]
    cam = app.cam.getPos(app.render)
    dx, dy = x - cam.x, y - cam.y
    n = math.hypot(dx, dy)
    far = (x + dx / n * radius, y + dy / n * radius, 0.0)
    return abs(app.project((x, y, 0.0))[1] - app.project(far)[1])


def check_beside_discs(app, shown):
    free = free_area(app)
    hud = hud_boxes(app)
    state = app.scene.state
    for lab in shown:
        box, pid = lab["box"], lab["text"]
        cx, cy = projected(app, pid)
        r_px = radius_px(app, pid, state.get(pid).radius)
        # centred over the disc, its bottom just above the disc's top edge
        assert abs((box[0] + box[2]) / 2 - cx) < 1.5, (lab, cx)
        assert cy - 3 * r_px - 6 <= box[3] <= cy, (lab, cy, r_px)
        # readable: 12 pixels tall or more, and whole inside the free part of the window
        assert box[3] - box[1] >= 12, lab
        assert box[0] >= free[0] and box[1] >= free[1] and box[2] <= free[2] \
            and box[3] <= free[3], (lab, free)
        assert not any(overlaps(box, h) for h in hud), (lab, hud)


def test_the_hovered_disc_shows_its_id_just_above_it(app):
    from viewer.scene import Pick

    scene = app.scene
    state = app.shown_state
    mine = next(p for p in state.in_play() if p.is_ship)
    scene.hover(state, Pick(piece=mine.id))
    app.render_frames(1)
    shown = scene.disc_labels.shown()
    assert [lab["text"] for lab in shown] == [mine.id]
    check_beside_discs(app, shown)
    scene.hover(state, Pick())
    app.render_frames(1)
    assert scene.disc_labels.shown() == []


def test_the_key_labels_every_disc_and_the_labels_follow_them(app):
    scene = app.scene
    state = app.shown_state
    assert scene.disc_labels.toggle() and scene.disc_labels.all_on
    app.render_frames(1)
    shown = scene.disc_labels.shown()
    texts = [lab["text"] for lab in shown]
    assert len(texts) == len(set(texts))
    # every disc in play whose label's spot is free of the panels has its label
    in_play = {p.id for p in state.in_play()}
    free = free_area(app)
    for pid in in_play:
        x, y = projected(app, pid)
        if free[0] + 40 < x < free[2] - 40 and free[1] + 80 < y < free[3] - 20 \
                and not any(h[0] - 30 < x < h[2] + 30 and h[1] - 10 < y < h[3] + 60
                            for h in hud_boxes(app)):
            assert pid in texts, (pid, x, y)
    assert len(in_play & set(texts)) >= 0.8 * len(in_play)
    # and the discs beside the mat (out of play, in their seat's rows) are labelled too
    assert set(texts) - in_play, texts
    check_beside_discs(app, shown)
    # unchanged camera and discs: the layout is not made again
    made = scene.disc_labels.layouts
    app.render_frames(3)
    assert scene.disc_labels.layouts == made
    # a disc moves: its label goes with it
    pid = sorted(in_play & set(texts))[0]
    before = next(lab["box"] for lab in shown if lab["text"] == pid)
    p = state.get(pid)
    moved = replace(state, pieces=tuple(replace(q, x=q.x + 0.06) if q.id == pid else q
                                        for q in state.pieces))
    scene.show(moved)
    app.render_frames(1)
    after = next(lab["box"] for lab in scene.disc_labels.shown() if lab["text"] == pid)
    assert after[0] != before[0] or after[1] != before[1]
    check_beside_discs(app, scene.disc_labels.shown())
    scene.show(state)
    app.render_frames(1)
    assert p is state.get(pid)
    # the key again: only the hovered disc (none) is labelled
    assert not scene.disc_labels.toggle() and not scene.disc_labels.all_on
    app.render_frames(1)
    assert scene.disc_labels.shown() == []


def test_a_label_that_would_lie_under_a_panel_is_not_drawn():
    free = (0, 0, 1000, 700)
    boxes = label_boxes([(500, 300), (995, 300), (500, 760), (200, 200)], [290, 290, 725, 190],
                        [(30, 16)] * 4, free, obstacles=[(150, 150, 260, 185)])
    assert boxes[0] == (485, 272, 515, 288)
    assert boxes[1] is None  # past the move-list panel's edge
    assert boxes[2] is None  # under the bottom bar
    assert boxes[3] is None  # over the status lines


def test_a_hovered_label_in_a_crowd_moves_off_its_neighbours_but_stays_near():
    from viewer.glonk.disc_labels import NUDGE, clear_of_discs

    free = (0, 0, 1000, 700)
    own = (490, 290, 510, 310)
    above = (485, 272, 515, 288)
    # nobody under it: it stays just above its disc
    assert clear_of_discs(above, [(600, 300, 620, 320)], free, own=own) == above
    # over a neighbour's box but only its empty corner, outside the round disc: stays
    assert clear_of_discs(above, [(513, 286, 543, 316)], free, own=own) == above
    # a neighbour under its left half: the nearest clear spot, off its own disc too
    neighbour = (470, 270, 492, 289)
    moved = clear_of_discs(above, [neighbour], free, own=own)
    assert moved != above and not overlaps(moved, neighbour) and not overlaps(moved, own)
    assert abs(moved[0] - above[0]) <= NUDGE and abs(moved[1] - above[1]) <= NUDGE
    assert (moved[2] - moved[0], moved[3] - moved[1]) == (30, 16)
    # packed all round: no clear spot that near, so it names its disc from above it
    packed = [(x, y, x + 20, y + 20) for x in range(400, 600, 20) for y in range(200, 400, 20)
              if (x, y) != (490, 290)]
    assert clear_of_discs(above, packed, free, own=own) == above


def test_the_hovered_disc_in_a_crowd_is_named_clear_of_its_neighbours():
    """G1 with two discs just beyond it and one beside it, as armadas pack at the table: its
    label moves off them (it would lie over the one beyond), and stays within NUDGE pixels."""
    from games.glonk.positions import position
    from timeline import Record, Session
    from viewer.glonk.disc_labels import NUDGE, covers_disc
    from viewer.render import offscreen_app
    from viewer.scene import Pick
    from games.glonk import GAME

    state = position(("little_greys", "invaders"),
                     at={"BH": (0.0, 0.0), "G0": (0.0, -0.50), "G1": (0.0, -0.30),
                         "V0": (0.0, -0.245), "V1": (-0.05, -0.30)})
    record = Record.new("glonk", state.config.to_json(),
                        start_state_json=GAME.state_to_json(state))
    app = offscreen_app(Session(record), (1280, 720))
    app.show_node(app.session.node)
    app.set_view(app.preset("top"))
    app.render_frames(2)
    scene, shown_state = app.scene, app.shown_state
    scene.hover(shown_state, Pick(piece="G1"))
    app.render_frames(1)
    [label] = scene.disc_labels.shown()
    box = label["box"]
    discs = scene.disc_labels.disc_boxes()
    cx, cy = app.project(scene.poses["G1"])
    assert not overlaps(box, discs["G1"])
    for pid in ("V0", "V1", "G0"):
        assert not covers_disc(box, discs[pid]), (pid, box, discs[pid])
    assert box[3] - box[1] >= 12
    assert abs((box[0] + box[2]) / 2 - cx) <= NUDGE + (box[2] - box[0]) / 2
    assert discs["G1"][1] - NUDGE - (box[3] - box[1]) <= box[1] <= discs["G1"][3] + NUDGE
    scene.hover(shown_state, Pick())
    app.render_frames(1)
