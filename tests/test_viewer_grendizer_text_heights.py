"""Every Grendizer text a player needs is at least 12 pixels tall (capital height, the way
issue 24 point 7 measured screenshots: board labels were 4-6 px, the outcome list 7, the hover
card text 9) at 1280x720 and 1280x800 in the default seat view: the board's labels, the hand's
title and card names, the hover panel and the outcome list at a draw. Measured through each
text's own transform and the window's lens (viewer.grendizer.legibility), not from constants."""
from __future__ import annotations

import numpy as np
import pytest


MIN_PX = 12.0


@pytest.fixture(scope="module", params=[(1280, 720), (1280, 800)], ids=["720", "800"])
def app(request):
    from timeline import Record, Session
    from viewer.panel import BAR_H, PANEL_W
    from viewer.render import offscreen_app

    session = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(1))
    session.auto_chance()
    a = offscreen_app(session, request.param)
    a.set_insets(PANEL_W, BAR_H)
    a.scene.ui.force_insets = (PANEL_W, BAR_H)
    a.set_view(a.preset("seat"))
    a.render_frames(2)
    return a


def small(heights):
    return sorted({(w, round(px, 1)) for w, px in heights if px < MIN_PX}, key=lambda t: t[1])


def test_the_board_labels_and_the_hand_title_are_twelve_pixels_tall(app):
    from viewer.grendizer.legibility import text_heights

    heights = text_heights(app)
    words = {w for w, _ in heights}
    # the labels a player reads: places, zones, piles, decks, the Threat track, the hand
    for needed in ("Makiba Ranch", "BATTLEFIELD", "AIRSPACE", "arrival", "green\npile",
                   "Actions", "Discard", "Destroyed Saucer Beasts", "14", "GAME\nOVER"):
        assert needed in words, needed
    assert any(w.startswith("Player 2's hand") for w in words)
    assert not small(heights), small(heights)


def test_card_names_in_the_hand_and_on_the_board_are_twelve_pixels_tall(app):
    """The hand's cards face the player; a Saucer Beast card lies on the far side of the board,
    so its name's height is measured along the card's depth as the camera sees it."""
    from viewer.grendizer import layout as L
    from viewer.grendizer.cards import BEAST_NAME, CELL_H, CELL_W, FACE_TEXT
    from viewer.grendizer.legibility import cap_units

    from viewer.grendizer.ui import HAND_W

    cap = cap_units(app.scene.atlas.font)  # of an atlas pixel size
    ui = app.scene.ui
    assert ui.hand_cards
    hand_px = HAND_W / (2 * ui.aspect()) * app.size[0]
    assert FACE_TEXT * cap * hand_px / CELL_W >= MIN_PX, hand_px
    for lane in range(L.NLANES):
        cx, cy = L.beast_card_pos(lane)
        z = L.BOARD_H + L.CARD_T
        near = app.project((cx, cy - L.CARD_H / 2, z))
        far = app.project((cx, cy + L.CARD_H / 2, z))
        deep_px = near[1] - far[1]  # the card's depth on screen
        assert BEAST_NAME * cap * deep_px / CELL_H >= MIN_PX, (lane, deep_px)
    beast = next(f for f in app.scene.atlas.ids if f.startswith("S"))
    assert app.scene.atlas.text_sizes[beast] == [BEAST_NAME]


def test_the_hover_panel_is_twelve_pixels_tall_and_on_screen(app):
    from viewer.grendizer.legibility import text_heights

    ui = app.scene.ui
    card = ui.hand_cards[0][1]

    class Pick:
        target = ("hand", card)
        point = None

    ui.hover(app.scene.state, Pick())
    app.render_frames(1)
    try:
        heights = text_heights(app, [ui.preview_root])
        assert len(heights) == 3  # name, kind, rules text
        assert not small(heights), small(heights)
        x0, z0, x1, z1 = ui.words_box
        a = ui.aspect()
        assert -a <= x0 < x1 <= a and -1 <= z0 < z1 <= 1
    finally:
        ui.hover(app.scene.state, None)


def test_the_outcome_list_at_a_draw_is_twelve_pixels_tall_and_fits_the_free_screen(app):
    from games.api import CHANCE
    from timeline import Record, Session
    from viewer.grendizer.legibility import text_heights

    session = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(1))
    session.auto_chance()
    game = session.game
    while game.current_player(session.state) != CHANCE:  # play on to the next draw
        session.play(game.legal_actions(session.state)[0])
    ui = app.scene.ui
    ui.picker_enabled = True
    try:
        app.set_session(session)
        ui.force_insets = (ui.force_insets or app._insets)
        app.render_frames(2)
        assert ui.outcomes
        heights = text_heights(app, [ui.picker_root])
        # the title, its page buttons, "Random draw" and each outcome of the page
        assert len(heights) == len(ui.shown_outcomes) + 2 + 2 * (ui.picker_pages > 1)
        assert not small(heights), small(heights)
        x0, z0, x1, z1 = ui.picker_box
        right, bottom = ui.insets()
        assert x1 <= ui.aspect() - right and z0 >= -1 + bottom - 0.01
        assert z1 <= ui._board_bottom()  # under the board, never over a Strategic Location
    finally:
        ui.picker_enabled = False


def test_a_saucer_beasts_hit_points_on_the_board_are_twelve_pixels_tall(app):
    from games.api import CHANCE, sample_chance
    from games.grendizer.bot import choose_action
    from timeline import Record, Session
    from viewer.grendizer.legibility import text_heights

    session = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(1))
    rng, game = np.random.default_rng(3), session.game
    for _ in range(400):  # the bot plays until a Saucer Beast card lies on the board
        s = session.state
        if any(lane.beast_card for lane in s.lanes) and game.current_player(s) >= 0:
            break
        session.play(sample_chance(game, s, rng) if game.current_player(s) == CHANCE
                     else choose_action(s, rng))
    app.set_session(session)
    app.scene.ui.force_insets = app.scene.ui.force_insets or app._insets
    app.set_view(app.preset("seat"))
    app.render_frames(2)
    heights = text_heights(app)
    assert any(w.endswith(" HP") for w, _ in heights)
    assert not small(heights), small(heights)
