"""Pieces cast their shadow from their foot: the ground right beside a stone or disc, on the side
away from the key light, is in shadow, not lit.

Seen from straight above, a piece hides the ground under itself; the thin band just outside its
outline is what shows. On the light's side that band is lit; on the far side the piece shades
it (a Glik stone is 0.30 high and the light falls 35 degrees from the vertical, so its shadow
reaches about a third of its radius beyond its outline). When the shadow map held the pieces'
undersides, that band passed the depth test and showed as a pale crescent round every stone,
with the shadow only a thin arc beyond it.
"""
from __future__ import annotations

import math
import tempfile

import numpy as np
import pytest

from timeline import Record

SIZE = (1280, 800)
SHADED_MAX = 0.62  # the band's brightness beside the piece, shadow side over light side


def luminance(img, pixels) -> float:
    rgb = np.array([img[int(round(y)), int(round(x))] for x, y in pixels], dtype=float) / 255.0
    return float((rgb @ np.array([0.2126, 0.7152, 0.0722])).mean())


def foot_band(app, centre, radius, z, towards, gap, width):
    """Screen pixels of the ground in a band `gap`..`gap + width` outside a piece's outline,
    within 25 degrees of the horizontal direction `towards`."""
    cx, cy = centre
    heading = math.atan2(towards[1], towards[0])
    pixels = []
    for a in np.radians(np.linspace(-25, 25, 11)):
        for d in np.linspace(radius + gap, radius + gap + width, 4):
            pt = (cx + d * math.cos(heading + a), cy + d * math.sin(heading + a), z)
            pixels.append(app.project(pt))
    assert all(p is not None for p in pixels)
    return pixels


def shade_beside(app, centre, radius, ground_z, gap, width) -> float:
    """Brightness of the band beside a piece on its shadow side over that on its lit side,
    seen from straight above the piece."""
    from viewer.camera import View

    app.set_view(View((centre[0], centre[1], ground_z), radius * 8, 0.0, -89.5))
    app.render_frames(2)
    img = app.capture()
    k = app.lighting.key_dir
    away = (k.x, k.y)  # the light travels this way: the shadow falls on this side
    dark = luminance(img, foot_band(app, centre, radius, ground_z, away, gap, width))
    lit = luminance(img, foot_band(app, centre, radius, ground_z, (-k.x, -k.y), gap, width))
    return dark / lit


def lone_glik_stone():
    """A 2-player Glik game with one stone on a plain field in the open."""
    from games.glik import GAME
    from games.glik.kit import COLS, ROWS

    state = GAME.new_initial_state({"players": 2, "setup": "fixed"})
    board = state.board
    plain = [(r, c) for r in range(2, ROWS - 2) for c in range(2, COLS - 2)
             if all(board.kinds[(r + dr) * COLS + c + dc] == "empty"
                    for dr in (-1, 0, 1) for dc in (-1, 0, 1))
             and not state.stones[r * COLS + c]]
    cell = plain[len(plain) // 2]
    data = GAME.state_to_json(state)
    data["stones"] = [[cell[0], cell[1], state.colours[0]]]
    data["reserve"][0] -= 1  # the stone came from yellow's reserve
    return GAME, GAME.state_from_json(data), cell


def test_the_ground_beside_a_glik_stone_is_shaded_on_the_side_away_from_the_light():
    from viewer.glik.scene import STONE_R, TILE_H, cell_xy
    from viewer.render import render_png

    game, state, cell = lone_glik_stone()
    rec = Record(game.name, game.default_config(2), start_state_json=game.state_to_json(state))
    app = render_png(rec, tempfile.mkdtemp() + "/stone.png", size=SIZE, camera_preset="top")
    ratio = shade_beside(app, cell_xy(*cell), STONE_R, TILE_H, gap=0.015, width=0.05)
    assert ratio < SHADED_MAX, f"the ground at the stone's foot is lit: {ratio:.2f} of the lit side"


def test_the_mat_beside_a_glonk_disc_is_shaded_on_the_side_away_from_the_light():
    from viewer.main import demo_for
    from viewer.render import render_png

    record = demo_for(None).record
    app = render_png(record, tempfile.mkdtemp() + "/disc.png", size=SIZE, camera_preset="top",
                     ply=len(record.mainline()) - 1)
    state = app.session.state
    # a disc on the mat with nothing else within three radii of it
    discs = [p for p in state.pieces if p.in_play]
    lone = [p for p in discs
            if math.hypot(p.x, p.y) > 0.15 and all(
                q is p or math.hypot(q.x - p.x, q.y - p.y) > 3 * (p.radius + q.radius)
                for q in discs)]
    if not lone:
        pytest.skip("the demo's last position has no lone disc on the mat")
    disc = lone[0]
    ratio = shade_beside(app, (disc.x, disc.y), disc.radius, 0.0, gap=0.001, width=0.002)
    assert ratio < SHADED_MAX, f"the mat at the disc's foot is lit: {ratio:.2f} of the lit side"
