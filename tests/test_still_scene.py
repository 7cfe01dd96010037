"""While a flick is aimed the window shows the still scene drawn once (viewer.still): the
picture it shows is the one a full redraw gives, and it is drawn again when the camera or a
piece moves (offscreen, on a real position with its aim line and ghost path)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from viewer.scene import Pick

TUTORIAL = "scenarios/glonk/01-your-first-flick.flick"
SIZE = (1280, 720)
#: A cached picture and a full redraw may differ by a rounding in the mat's texture filter
#: (the offscreen buffer and the window compute its mipmap level alike but not bit for bit,
#: 1-3 levels in a fraction of a percent of the pixels) and in a pixel or two along an
#: edge (a triangle's edge rule, the picture being drawn upside down in its buffer).
MAX_LEVEL = 4
MAX_OFF = 40  # pixels that may differ by more than MAX_LEVEL
MAX_SHARE = 0.01  # of the pixels, differing at all


@pytest.fixture(scope="module")
def app():
    from timeline import Session, load_record
    from viewer.render import offscreen_app

    session = Session(load_record(TUTORIAL))
    app = offscreen_app(session, SIZE)
    app.show_node(session.node)
    app.set_view(app.preset("seat", app.session_player()))
    yield app
    app.still.force = False
    app.render_frames(1)


def aim(app, turn: float = 0.0):
    """The turn player's disc picked and pulled back (the aim line, the power gauge, the
    rest ring), with the aimed flick's ghost path drawn; returns the piece."""
    scene = app.scene
    s = app.shown_state
    piece = next(q for q in s.in_play() if q.owner == s.turn_player and q.is_ship and q.speed > 0)
    if scene.selected != piece.id:
        scene.click(s, Pick(piece=piece.id))
    assert scene.drag_begin(s, Pick(piece=piece.id))
    away = math.atan2(-piece.y, -piece.x) + math.pi + turn  # pulled back from the centre
    pull = (piece.x + 0.07 * math.cos(away), piece.y + 0.07 * math.sin(away), 0.0)
    got = scene.drag_update(s, Pick(point=pull))
    assert got is not None and scene.aim_line
    step = app.session.game.apply(s, scene.aimed_flick(got))
    scene.ghost_root.getChildren().detach()
    scene.draw_ghost(piece.id, step)
    assert scene.ghost_root.getNumChildren() > 0
    return piece


def frame(app, still: bool, n: int = 2) -> np.ndarray:
    app.still.force = still
    app.render_frames(n)
    assert app.still.active == still
    return app.capture().astype(int)


def assert_same(a, b):
    diff = np.abs(a - b).max(axis=2)
    assert (diff > MAX_LEVEL).sum() <= MAX_OFF, (diff > MAX_LEVEL).sum()
    assert (diff > 0).mean() <= MAX_SHARE, (diff > 0).mean()


def test_the_still_picture_with_the_aim_over_it_is_the_full_redraw(app):
    frame(app, False)
    bare = app.capture().astype(int)
    aim(app)
    full = frame(app, False)
    cached = frame(app, True)
    assert_same(full, cached)
    # the aim is drawn over the picture: it shows in both, where the bare table had none
    drawn = np.abs(full - bare).max(axis=2) > 40
    assert drawn.sum() > 300
    assert (np.abs(cached - bare).max(axis=2) > 40).sum() > 0.9 * drawn.sum()


def test_a_moving_aim_does_not_draw_the_still_scene_again(app):
    aim(app)
    frame(app, True)
    redraws = app.still.redraws
    before = app.capture().astype(int)
    for k in range(1, 5):
        aim(app, turn=0.3 * k)
        app.render_frames(1)
    after = app.capture().astype(int)
    assert app.still.redraws == redraws  # the aim changed, the still picture did not
    assert (np.abs(after - before).max(axis=2) > 40).sum() > 200  # the aim moved on screen
    assert_same(frame(app, False), frame(app, True))


def test_a_camera_move_draws_the_still_picture_again(app):
    from viewer.camera import View

    aim(app)
    frame(app, True)
    redraws = app.still.redraws
    v = app.orbit.view
    app.set_view(View(v.target, v.distance * 0.9, v.heading + 25.0, v.pitch))
    cached = frame(app, True)
    assert app.still.redraws > redraws
    assert_same(frame(app, False), cached)
    app.set_view(app.preset("seat", app.session_player()))


def test_a_moved_piece_draws_the_still_picture_again(app):
    aim(app)
    before = frame(app, True)
    redraws = app.still.redraws
    s = app.shown_state
    other = next(q for q in s.in_play() if q.owner != s.turn_player)
    node = app.scene.nodes[other.id]
    node.setX(node.getX() + 0.05)  # moved without telling anyone: the fingerprint sees it
    try:
        moved = frame(app, True)
        assert app.still.redraws > redraws
        assert (np.abs(moved - before).max(axis=2) > 40).sum() > 100
        assert_same(frame(app, False), moved)
    finally:
        node.setX(node.getX() - 0.05)
    redraws = app.still.redraws
    app.show_node(app.session.node)  # a position shown (the lighting marked dirty)
    frame(app, True)
    assert app.still.redraws > redraws


def test_the_still_picture_follows_a_resized_window(app):
    aim(app)
    frame(app, True)
    try:
        app.resize((960, 600))
        app.set_view(app.preset("seat", app.session_player()))
        aim(app)
        cached = frame(app, True)
        assert cached.shape[:2] == (600, 960)
        assert_same(frame(app, False), cached)
    finally:
        app.resize(SIZE)
        app.set_view(app.preset("seat", app.session_player()))


# --- the mat lit from its picture (viewer.glonk.mat_picture) ---------------------------------

def test_the_mat_lit_from_its_picture_is_the_mat_as_its_shader_draws_it(app):
    mp = app.scene.mat_picture
    app.show_node(app.session.node)
    aim(app)
    try:
        mp.enabled = False
        direct = frame(app, False, 3)
        assert not mp.using
        mp.enabled = True
        pictured = frame(app, False, 3)
        assert mp.using
        assert_same(direct, pictured)
        # the picture holds the mat's texture alone: a disc or an overlay drawn into it would
        # show twice over the mat (the disc's foot, the aim line's blending)
        assert (np.abs(direct - pictured).max(axis=2) > 1).sum() < 0.002 * direct.size / 3
    finally:
        mp.enabled = True


def test_the_mat_picture_follows_the_camera(app):
    from viewer.camera import View

    mp = app.scene.mat_picture
    frame(app, False, 3)
    assert mp.using
    redraws = mp.redraws
    v = app.orbit.view
    try:
        # a window's way: a frame with the camera just moved keeps the mat's own shader
        mp.eager = False
        app.set_view(View(v.target, v.distance * 1.1, v.heading - 30.0, v.pitch + 5.0))
        app.render_frames(1)
        assert not mp.using and mp.redraws == redraws
        app.render_frames(1)  # held still a frame: the picture is drawn again, and used
        assert mp.using and mp.redraws == redraws + 1
        pictured = app.capture().astype(int)
        mp.enabled = False
        assert_same(frame(app, False, 2), pictured)
        # offscreen's way: drawn in the frame the camera changed, the same picture
        mp.enabled = mp.eager = True
        app.set_view(View(v.target, v.distance * 0.95, v.heading + 40.0, v.pitch))
        app.render_frames(1)
        assert mp.using and mp.redraws == redraws + 2
        pictured = app.capture().astype(int)
        mp.enabled = False
        assert_same(frame(app, False, 2), pictured)
    finally:
        mp.enabled = mp.eager = True
        app.set_view(app.preset("seat", app.session_player()))


def test_without_an_offscreen_buffer_every_frame_is_drawn_whole(app, monkeypatch):
    still = app.still

    def no_buffer(size):
        raise RuntimeError("could not create the still scene's buffer")

    aim(app)
    full = frame(app, False)
    monkeypatch.setattr(still, "_make_buffer", no_buffer)
    monkeypatch.setattr(still, "_size", None)  # as if the window had just changed size
    try:
        still.force = True
        app.render_frames(2)  # no exception reaches the frame loop
        assert still.unavailable and not still.active
        assert_same(full, app.capture().astype(int))
    finally:
        still.unavailable = still.force = False


def test_the_still_picture_is_drawn_once_for_an_aim_held_still(app):
    aim(app)
    frame(app, False)
    redraws = app.still.redraws
    frame(app, True, 6)
    assert app.still.redraws == redraws + 1  # the first frame shown draws it; no other
