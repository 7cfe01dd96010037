"""Grendizer XperienZ's outcome list at a card draw (1280x800, the window's panels in): every
Actions card is shown with the zone symbols it carries (the copies of one card differ only
there), on as many pages as its 12-pixel rows need (< and > turn them), and the list lies
under the board, never over a Strategic Location or a lane's pile,
in the seat view and from the top. Rendered offscreen (Mesa, EGL surfaceless)."""
from __future__ import annotations

import numpy as np
import pytest

from test_viewer_grendizer import click_at
from test_viewer_grendizer_legible import location_boxes, overlap, pile_boxes
from viewer.grendizer import layout as L

SIZE = (1280, 800)


def card_draw(dealt: int = 0):
    """A session at the setup's deal of the Actions cards, `dealt` cards already dealt."""
    from games.api import CHANCE, sample_chance
    from games.grendizer.actions import Draw
    from timeline import Record, Session

    session = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(1))
    game, rng, seen = session.game, np.random.default_rng(2), 0
    for _ in range(200):
        s = session.state
        if game.current_player(s) == CHANCE and isinstance(next(iter(game.chance_outcomes(s)))[0],
                                                           Draw):
            if seen == dealt:
                return session
            seen += 1
        session.play(sample_chance(game, s, rng) if game.current_player(s) == CHANCE
                     else game.legal_actions(s)[0])
    raise AssertionError("no card draw")


@pytest.fixture(scope="module")
def app():
    from viewer.panel import BAR_H, PANEL_W
    from viewer.render import offscreen_app

    a = offscreen_app(card_draw(), SIZE)
    a.set_insets(PANEL_W, BAR_H)
    a.scene.ui.force_insets = (PANEL_W, BAR_H)
    a.scene.ui.picker_enabled = True
    yield a
    a.scene.ui.picker_enabled = False


def show(app, session, view):
    app.set_session(session)
    app.scene.ui.force_insets = None  # the layout gives the hand its place
    app.scene.ui.picker_enabled = True
    app.show_node(session.node)
    app.set_view(app.preset(view))
    app.refresh_status()
    app.render_frames(2)


def pixel(app, x, z):
    a = app.getAspectRatio()
    w, h = SIZE
    return (x / a + 1) / 2 * w, (1 - z) / 2 * h


def test_each_card_in_the_list_shows_its_zone_symbols(app):
    from games.grendizer.actions import Draw
    from games.grendizer.data import ACTIONS

    show(app, card_draw(), "seat")
    ui = app.scene.ui
    draws = [act for act, _ in ui.outcomes if isinstance(act, Draw)]
    assert len(draws) == len(ACTIONS)  # the whole deck: 49 kinds of card
    assert ui.picker_pages > 1  # 12-pixel rows: the deck takes more than one page
    seen_on_pages = []
    for page in range(ui.picker_pages):  # each page, turned by its > button
        if page:
            _, res = click_at(app, ui.aspect_point(("page", 1)))
            app.render_frames(1)
            assert res.message == f"Outcomes, page {page + 1} of {ui.picker_pages}"
        seen_on_pages += ui.shown_outcomes
        check_symbols(app, ui, [a for a in ui.shown_outcomes if isinstance(a, Draw)])
    assert sorted(map(str, seen_on_pages)) == sorted(str(a) for a, _ in ui.outcomes)


def check_symbols(app, ui, draws):
    from games.grendizer.data import ACTIONS
    from viewer.grendizer.cards import NO_ENTRY_RGB
    from viewer.grendizer.ui import SYMBOL_R

    for act in draws:
        assert [lane for out, lane, _, _ in ui.symbol_spots if out == act] \
            == list(ACTIONS[act.card].symbols), act
    # and they are drawn: the disc of each symbol has its lane's colour (grey: no entry)
    img = app.capture().astype(float) / 255
    palette = [np.array(c) for c in L.LANE_RGB] + [np.array(NO_ENTRY_RGB)]
    for act, lane, x, z in ui.symbol_spots:
        px, py = pixel(app, x, z + 0.8 * SYMBOL_R)
        seen = img[int(round(py)), int(round(px)), :3]
        nearest = int(np.argmin([np.abs(seen - c).sum() for c in palette]))
        assert nearest == (len(palette) - 1 if lane is None else lane), (act, lane, seen)
        # each symbol lies inside its own row's button
        rect = next(r for r in ui.rects if r[4] == ("outcome", act))
        assert rect[0] < x - SYMBOL_R and x + SYMBOL_R < rect[2] and rect[1] < z < rect[3]


@pytest.mark.parametrize("view", ["seat", "top"])
def test_the_list_lies_under_the_board_and_inside_the_free_window(app, view):
    from viewer.panel import BAR_H, PANEL_W

    show(app, card_draw(dealt=1), view)  # a card already in the hand: the list takes its place
    ui = app.scene.ui
    x0, z0, x1, z1 = ui.picker_box
    left, top = pixel(app, x0, z1)
    right, bottom = pixel(app, x1, z0)
    box = (left, top, right, bottom)
    w, h = SIZE
    assert 0 <= left and right <= w - PANEL_W * h / 2 and bottom <= h - BAR_H * h / 2, box
    for loc in location_boxes(app):
        assert not overlap(loc, box), (view, loc, box)
    for pile in pile_boxes(app):
        assert not overlap(pile, box), (view, pile, box)
    # every outcome has its button inside the list, clear of the others
    buttons = [r for r in ui.rects if r[4][0] in ("outcome", "random")]
    assert len(buttons) == len(ui.shown_outcomes) + 1 and ui.shown_outcomes
    for i, r in enumerate(buttons):
        assert x0 <= r[0] and r[2] <= x1 and z0 <= r[1] and r[3] <= z1, r
        assert not any(overlap(r, o) for o in buttons[i + 1:]), r
    # the hand waits hidden under the list, and a click there picks the outcome
    assert ui.hand_root.isHidden() and ui.hand_cards
    want = ui.shown_outcomes[0]
    _, res = click_at(app, ui.aspect_point(("outcome", want)))
    assert res.action == want
