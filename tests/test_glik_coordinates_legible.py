"""The Glik board's coordinates can be read from a seat: at 1280x720 with the window's panels,
in each seat's view, the letters and numbers along every edge stand at least 12 px tall on the
screen (the median of an edge's capital heights, carried through the lens; they were 5.6-9.3
px), and no reserve stone lies on one."""
from __future__ import annotations

import math

import pytest


@pytest.fixture(scope="module")
def app():
    from games.glik import GAME
    from timeline import Record, Session
    from viewer.render import offscreen_app

    from viewer.panel import BAR_H, PANEL_W

    session = Session(Record(GAME.name, GAME.default_config(4)))
    app = offscreen_app(session, (1280, 720))
    app.set_insets(PANEL_W, BAR_H)  # as in a window: the move list right, the bar below
    app.show_node(session.node)
    yield app
    app.set_insets(0, 0)


def coordinate_heights(app):
    """(edge, label middle on the table, on-screen capital height in px) of every label."""
    from games.glik.kit import COLS, ROWS
    from games.glik.notation import column_labels, row_labels
    from viewer.glik import scene as S
    from viewer.grendizer.legibility import cap_units

    cap = cap_units() * S.COORD_SIZE * S.COORD_STRETCH
    out = ROWS / 2 + S.COORD_GAP, COLS / 2 + S.COORD_GAP
    labels = [("south", S.cell_xy(0, c)[0], -out[0], 0) for c, _ in column_labels()]
    labels += [("north", S.cell_xy(0, c)[0], out[0], 180) for c, _ in column_labels()]
    labels += [("west", -out[1], S.cell_xy(r, 0)[1], -90) for r, _ in row_labels()]
    labels += [("east", out[1], S.cell_xy(r, 0)[1], 90) for r, _ in row_labels()]
    found = []
    for edge, x, y, heading in labels:
        h = math.radians(heading)
        up = (-math.sin(h), math.cos(h))  # from the baseline to the letters' tops, on the table
        base = (x - up[0] * cap / 2, y - up[1] * cap / 2, 0.004)
        top = (x + up[0] * cap / 2, y + up[1] * cap / 2, 0.004)
        a, b = app.project(base), app.project(top)
        if a is None or b is None:
            continue
        found.append((edge, (x, y), math.dist(a, b)))
    return found


def test_a_seat_reads_the_coordinates_of_every_edge(app):
    for seat in range(4):
        app.set_view(app.preset("seat", seat))
        app.render_frames(1)
        by_edge: dict[str, list[float]] = {}
        for edge, _, px in coordinate_heights(app):
            by_edge.setdefault(edge, []).append(px)
        medians = sorted((sorted(v)[len(v) // 2], e) for e, v in by_edge.items())
        assert len(medians) == 4 and all(px >= 12.0 for px, _ in medians), (seat, medians)


def test_no_reserve_stone_lies_on_a_coordinate(app):
    from games.glik.rules import STONES_PER_PLAYER
    from viewer.glik import scene as S

    state = app.session.state
    stones = [app.scene.reserve_pos(state, colour, k) for colour in state.colours
              for k in range(STONES_PER_PLAYER)]
    half = S.COORD_HALF
    for edge, (x, y), _ in coordinate_heights(app):
        for sx, sy, _ in stones:
            dx, dy = abs(sx - x), abs(sy - y)
            along, across = (dx, dy) if edge in ("south", "north") else (dy, dx)
            assert not (along < 0.5 + S.STONE_R and across < half + S.STONE_R), (edge, x, y, sx, sy)
