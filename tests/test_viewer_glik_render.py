"""Glik offscreen pictures: the board and each stone are drawn where the state puts them.

A hand-made position is rendered offscreen (Mesa, EGL surfaceless) for several camera
presets; each stone's field (from the rules' coordinates, not the scene's nodes) is projected
to the screen and the colour there must be that stone's colour, while empty fields, brown
excluded fields and destination fields show their own colours.
"""
from __future__ import annotations

import numpy as np
import pytest

from games.glik import GAME
from games.glik.kit import COLS, EXCLUDED, ROWS
from timeline import Drawing, Record, Session
from viewer.glik.scene import STONE_H, TILE_H, cell_xy

W, H = 640, 360

STONES = [(3, 5, "yellow"), (3, 9, "red"), (12, 20, "green"), (11, 2, "blue"), (8, 17, "neutral"),
          (0, 0, "yellow"), (14, 21, "red")]


def position():
    base = GAME.state_to_json(GAME.new_initial_state({"players": 4, "setup": "fixed"}))
    base["stones"] = [[r, c, col] for r, c, col in STONES]
    base["reserve"] = [5, 5, 6, 6]
    base["neutral_reserve"] = 3
    return GAME.state_from_json(base)


def classify(rgb) -> str:
    """Name the colour of a pixel patch (median RGB in 0..1) by hue, as a player would."""
    import colorsys

    h, sat, v = colorsys.rgb_to_hsv(*rgb)
    if v < 0.36 and sat < 0.3:
        return "neutral"  # the charcoal neutral stones
    if sat < 0.25 and v > 0.6:
        return "field"
    if sat > 0.35:
        if (h < 0.05 or h > 0.95) and v > 0.45:
            return "red"
        if 0.05 <= h < 0.11 and v < 0.6:
            return "brown"
        if 0.1 <= h < 0.19 and v > 0.55:
            return "yellow"
        if 0.25 <= h < 0.47:
            return "green"
        if 0.53 <= h < 0.72:
            return "blue"
    return f"other{tuple(round(float(x), 2) for x in rgb)}"


def patch(img, xy, radius=2):
    x, y = int(round(xy[0])), int(round(xy[1]))
    area = img[max(y - radius, 0):y + radius + 1, max(x - radius, 0):x + radius + 1]
    return np.median(area.reshape(-1, 3), axis=0) / 255.0


@pytest.fixture(scope="module")
def shot():
    """Render the position once per preset: preset -> (app, image)."""
    from viewer.render import render_png

    rec = Record(GAME.name, GAME.default_config(4), start_state_json=GAME.state_to_json(position()))
    cache = {}

    def take(preset, tmp_path_factory=None):
        if preset not in cache:
            import tempfile

            out = tempfile.mkdtemp() + f"/{preset}.png"
            app = render_png(rec, out, size=(W, H), camera_preset=preset)
            cache[preset] = (app, app.orbit.view, app.capture(), out)
        app, view, img, out = cache[preset]
        app.set_view(view)  # project with the camera this picture was taken with
        return app, img, out

    return take


@pytest.mark.parametrize("preset", ["top", "seat1", "seat2", "seat3", "seat4"])  # seat1 is P1
def test_each_stone_shows_its_colour_where_the_state_puts_it(shot, preset):
    app, img, _ = shot(preset)
    assert img.shape == (H, W, 3)
    for r, c, colour in STONES:
        x, y = cell_xy(r, c)
        xy = app.project((x, y, TILE_H + STONE_H * 0.8))
        assert xy is not None and 0 <= xy[0] < W and 0 <= xy[1] < H, (preset, r, c)
        assert classify(patch(img, xy)) == colour, (preset, (r, c), colour, patch(img, xy))


@pytest.mark.parametrize("preset", ["top", "seat1"])
def test_empty_excluded_and_destination_fields_show_their_colours(shot, preset):
    app, img, _ = shot(preset)
    board = position().board
    occupied = {(r, c) for r, c, _ in STONES}

    def colour_at(r, c):
        x, y = cell_xy(r, c)
        return classify(patch(img, app.project((x, y, TILE_H)), 1))

    brown = [(r, c) for r in range(ROWS) for c in range(COLS) if board.kinds[r * COLS + c] == EXCLUDED]
    assert brown and all(colour_at(r, c) == "brown" for r, c in brown[::5])
    empty = [(r, c) for r in range(1, ROWS - 1) for c in range(1, COLS - 1)
             if board.kinds[r * COLS + c] == "empty" and (r, c) not in occupied
             and all((r + dr, c + dc) not in occupied for dr in (-1, 0, 1) for dc in (-1, 0, 1))]
    assert sum(colour_at(r, c) == "field" for r, c in empty[::7]) >= 0.9 * len(empty[::7])
    for colour, (r, c) in board.dest_cell.items():
        # a destination field is its colour with white rings in the middle: across its area
        # (a grid of points), its colour is what shows most
        x, y = cell_xy(r, c)
        names = [classify(patch(img, app.project((x + dx, y + dy, TILE_H)), 0))
                 for dx in np.linspace(-0.36, 0.36, 5) for dy in np.linspace(-0.36, 0.36, 5)]
        assert max(set(names), key=names.count) == colour, (preset, colour, names)


def test_a_stone_moved_by_a_slide_is_drawn_on_its_new_field(shot):
    from viewer.render import render_png

    state = position()
    from games.glik.actions import Slide
    from dataclasses import replace

    state = replace(state, turn=0, ap_left=5)
    rec = Record(GAME.name, GAME.default_config(4), start_state_json=GAME.state_to_json(state))
    session = Session(rec)
    node = session.play(Slide((3, 5), "S"))
    end = next(tuple(e.data["to"]) for e in node.step.events if e.kind == "slid")
    import tempfile

    app = render_png(session, tempfile.mkdtemp() + "/slide.png", size=(W, H), camera_preset="top",
                     node_path=node.path)
    img = app.capture()
    x, y = cell_xy(*end)
    assert classify(patch(img, app.project((x, y, TILE_H + STONE_H * 0.8)))) == "yellow"
    x, y = cell_xy(3, 5)
    assert classify(patch(img, app.project((x, y, TILE_H)))) == "field"


def test_arrows_and_marked_fields_of_a_node_are_drawn_on_the_board(shot):
    from viewer.render import render_png
    import tempfile

    rec = Record(GAME.name, GAME.default_config(4), start_state_json=GAME.state_to_json(position()))
    session = Session(rec)
    session.add_drawing(Drawing("arrow", (5, 2), (5, 8), "blue"))
    session.add_drawing(Drawing("highlight", (13, 14), None, "red"))
    app = render_png(session, tempfile.mkdtemp() + "/notes.png", size=(W, H), camera_preset="top")
    img = app.capture()
    from viewer.scene import ARROW_LIFT

    x, y = cell_xy(5, 5)
    assert classify(patch(img, app.project((x, y, TILE_H + ARROW_LIFT)))) == "blue"
    x, y = cell_xy(13, 14)
    assert classify(patch(img, app.project((x, y, TILE_H)))) == "red"


def test_render_png_writes_the_requested_size(shot):
    from panda3d.core import PNMImage

    _, _, out = shot("top")
    img = PNMImage()
    assert img.read(out)
    assert (img.getXSize(), img.getYSize()) == (W, H)
