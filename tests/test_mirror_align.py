"""The probe's camera is enough to draw the window's picture offscreen (tests/xvfb/mirror.py).

An offscreen app stands in for the window: with its own film offset and view, what the probe
reports of its camera (through JSON, rounded as the probe writes it) is put on the app after
its camera and lens were changed, and every point of the table projects to the pixel it had,
within a twentieth of a pixel; a window of another size resizes the mirror. The probe's
"screen" items are where the scene drew its flat things (Glik's tray of boards in hand).
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from games.glik import GAME
from timeline import Record, Session
from xvfb.mirror import align_to_window, box_centre, film_of


def _session():
    session = Session(Record(GAME.name, GAME.default_config(2)), rng=np.random.default_rng(3))
    session.auto_chance()
    return session


@pytest.fixture
def app():
    from viewer.render import offscreen_app

    a = offscreen_app(_session(), (1280, 720))
    yield a
    a.set_insets(0, 0)
    a.resize((1280, 720))


def _points(app):
    from games.glik.kit import COLS, ROWS

    return [tuple(app.scene.cell_center((r, c))) for r in range(0, ROWS, 3)
            for c in range(0, COLS, 4)]


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800)])
def test_the_reported_camera_draws_the_same_picture(app, size):
    from viewer.probe import camera_facts

    app.resize(size)
    app.set_insets(0.9, 0.3)  # a film offset, as a window's layout gives
    app.show_node(app.session.node)
    app.set_view(app.preset("seat", 1))
    app.render_frames(1)
    reported = json.loads(json.dumps({"camera": camera_facts(app)}))
    assert reported["camera"]["window"] == list(size)
    assert reported["camera"]["film_offset"] != [0.0, 0.0]
    want = [app.project(p) for p in _points(app)]
    origin, direction = app.mouse_ray(*film_of(*want[3], size))
    # the app's own camera and lens elsewhere: another view, no offset, another size
    app.set_insets(0, 0)
    app.resize((1024, 768))
    app.set_view(app.preset("top"))
    app.render_frames(1)
    moved = [app.project(p) for p in _points(app)]
    assert max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(want, moved)) > 50
    align_to_window(app, reported)
    assert tuple(app.size) == size
    got = [app.project(p) for p in _points(app)]
    for p, a, b in zip(_points(app), want, got):
        assert b is not None and abs(a[0] - b[0]) < 0.05 and abs(a[1] - b[1]) < 0.05, (p, a, b)
    o2, d2 = app.mouse_ray(*film_of(*want[3], size))
    assert np.allclose(o2, origin, atol=1e-5) and np.allclose(d2, direction, atol=1e-5)
    app.render_frames(2)  # its own frames do not move the camera it was given
    again = [app.project(p) for p in _points(app)]
    assert max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(got, again)) < 1e-6


def test_the_screen_items_are_where_the_tray_drew_its_boards(app):
    from viewer.probe import screen_items

    app.set_insets(0.9, 0.3)
    app.show_node(app.session.node)
    app.render_frames(1)
    items = screen_items(app)
    hand = app.session.state.hands[app.session.state.turn]
    assert sorted(items) == sorted(f"board {b}" for b in hand) and hand
    for board in hand:
        x, y = app.scene.tray.pixel_of(board, app.size)
        assert np.allclose(box_centre(items[f"board {board}"]), (x, y), atol=0.1)
        origin, _ = app.mouse_ray(*film_of(x, y, app.size))
        assert app.scene.tray.hit_ray(origin) == board  # a click there picks that board
