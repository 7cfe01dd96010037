"""A seat's view puts that player's own side nearest: for every seat and every player count,
the player's own area (Glonk: where their out-of-play pieces, trophies and label lie; Glik:
their starting corner and reserve; Grendizer: the team's side, the Strategic Locations) is
the one nearest the camera and the lowest on the screen, in the bottom half of the window.
What is measured is the seat view the window opens with (the same preset keys 1-4, V and
`--camera seatN` give), projected into an offscreen 1280x720 window."""
from __future__ import annotations

import math

import numpy as np
import pytest

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def app():
    from games.glonk import GAME
    from viewer.render import _session_for, offscreen_app

    return offscreen_app(_session_for(GAME.new_initial_state(GAME.default_config(2)), "glonk"), SIZE)


def seat_view(app, state, game: str, seat: int):
    from viewer.render import _session_for

    app.resize(SIZE)
    app.set_session(_session_for(state, game))
    app.show_node(app.session.node)
    app.set_view(app.preset("seat", seat))
    app.render_frames(1)


def nearest_and_lowest(app, areas: dict, own) -> None:
    """`areas`: each owner's points on the table; `own`'s must be the nearest the camera and
    the lowest on the screen, in the window's bottom half."""
    cam = app.cam.getPos(app.render)

    def distance(points):
        return min(math.dist((cam.x, cam.y, cam.z), p) for p in points)

    def lowest(points):
        ys = [xy[1] for xy in (app.project(p) for p in points) if xy is not None]
        assert ys, f"{own}'s area is not in view"
        return max(ys)

    mine, my_y = distance(areas[own]), lowest(areas[own])
    for other, points in areas.items():  # clearly nearer and lower: a tie is no seat's side
        if other != own:
            assert mine < 0.98 * distance(points), f"seat {own}'s view: {other}'s area is as near"
            assert my_y > lowest(points) + 10, f"seat {own}'s view: {other}'s area lies as low"
    assert my_y > SIZE[1] / 2, f"seat {own}'s area is not in the bottom half of the window"


def glonk_state(players: int, seed: int = 5):
    """A game of `players` after setup (seeded random draws and placements)."""
    from games.api import CHANCE, sample_chance
    from games.glonk import GAME

    rng = np.random.default_rng(seed)
    s = GAME.new_initial_state(GAME.default_config(players))
    while s.phase != "actions":
        if GAME.current_player(s) == CHANCE:
            a = sample_chance(GAME, s, rng)
        else:
            acts = GAME.legal_actions(s)
            a = acts[int(rng.integers(len(acts)))]
        s = GAME.apply(s, a).state
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_glonk_each_seat_sees_its_own_area_nearest(app, players):
    from viewer.glonk.scene import ROW_R, zone_of

    state = glonk_state(players)
    areas = {}
    for seat in range(players):
        centre, width = zone_of(seat, players)
        areas[seat] = [(ROW_R * math.cos(centre), ROW_R * math.sin(centre), 0.0)]
    for seat in range(players):
        seat_view(app, state, "glonk", seat)
        nearest_and_lowest(app, areas, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_glik_each_seat_sees_its_own_corner_and_reserve_nearest(app, players):
    from games.glik import GAME
    from viewer.glik.scene import TILE_H, cell_xy

    config = dict(GAME.default_config(players), setup="fixed")
    state = GAME.new_initial_state(config)
    seat_view(app, state, "glik", 0)
    scene = app.scene
    areas = {}
    for colour in state.colours:
        x, y = cell_xy(*state.board.start_cell[colour])
        areas[colour] = [(x, y, TILE_H)] + [scene.reserve_pos(state, colour, k) for k in (0, 3)]
    for seat, colour in enumerate(state.colours):
        seat_view(app, state, "glik", seat)
        nearest_and_lowest(app, areas, colour)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_grendizer_every_seat_sees_the_teams_side_nearest(app, players):
    """Cooperative: the whole team sits at the Strategic Locations' side of the board, so
    every seat's view has those nearest and the far piles away from them."""
    from games.grendizer import GAME
    from viewer.grendizer import layout as L

    state = GAME.new_initial_state({"players": players, "difficulty": "easy"})
    ours = [(L.box_x(lane), L.space_y(L.LOC), L.SURFACE) for lane in range(L.NLANES)]
    far = [(L.box_x(lane), L.space_y(0), L.SURFACE) for lane in range(L.NLANES)]
    for seat in range(players):
        seat_view(app, state, "grendizer", seat)
        nearest_and_lowest(app, {"team": ours, "far side": far}, "team")
