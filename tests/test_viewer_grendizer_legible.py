"""Grendizer XperienZ is legible in a 1280x800 window: what is printed on a card is at least
12 pixels tall in the hand and on the board, and hovering a card shows its full rules text."""
from __future__ import annotations

import numpy as np
import pytest

from viewer.grendizer import layout as L

MIN_PX = 12.0
SIZE = (1280, 800)


@pytest.fixture(scope="module")
def app():
    from timeline import Record, Session
    from viewer.render import offscreen_app

    session = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(1))
    session.auto_chance()
    a = offscreen_app(session, SIZE)
    a.set_insets(0, 0)
    a.render_frames(2)
    return a


def face_text_sizes(atlas):
    """Atlas pixel sizes of every text printed on a card's face (backs are not read)."""
    return {fid: sizes for fid, sizes in atlas.text_sizes.items() if not fid.startswith("back_")}


def test_every_face_prints_only_its_name_at_the_legible_size(app):
    from viewer.grendizer.cards import FACE_TEXT

    sizes = face_text_sizes(app.scene.atlas)
    assert len(sizes) == len(app.scene.atlas.ids) - 3  # every face has its name
    assert min(min(s) for s in sizes.values()) >= FACE_TEXT


@pytest.mark.parametrize("view", ["seat", "top"])
def test_card_text_on_the_board_is_twelve_pixels_tall(app, view):
    from viewer.grendizer.cards import CELL_W, FACE_TEXT

    app.set_view(app.preset(view))
    app.render_frames(1)
    for lane in range(L.NLANES):  # the Saucer Beast cards, at the far side of the board
        cx, cy = L.beast_card_pos(lane)
        z = L.BOARD_H + L.CARD_T
        left = app.project((cx - L.CARD_W / 2, cy, z))
        right = app.project((cx + L.CARD_W / 2, cy, z))
        card_px = right[0] - left[0]
        assert FACE_TEXT * card_px / CELL_W >= MIN_PX, (view, lane, card_px)


def test_card_text_in_the_hand_is_twelve_pixels_tall(app):
    from viewer.grendizer.cards import CELL_W, FACE_TEXT
    from viewer.grendizer.ui import HAND_W

    ui = app.scene.ui
    assert ui.hand_cards
    card_px = HAND_W / (2 * ui.aspect()) * SIZE[0]
    assert FACE_TEXT * card_px / CELL_W >= MIN_PX


def test_hovering_a_hand_card_shows_its_full_text_on_screen(app):
    from games.grendizer.data import ACTIONS
    from viewer.grendizer.ui import WORDS_TEXT

    ui = app.scene.ui
    card = ui.hand_cards[0][1]

    class Pick:
        target = ("hand", card)
        point = None

    ui.hover(app.scene.state, Pick())
    app.render_frames(1)
    words = ui.preview_root.find("words")
    assert not words.isEmpty()
    texts = [n.node().getName() for n in words.findAllMatches("**/+GeomNode")]
    assert texts  # the panel and its lines are drawn
    assert WORDS_TEXT * SIZE[1] / 2 >= MIN_PX
    x0, z0, x1, z1 = ui.words_box
    a = ui.aspect()
    assert -a <= x0 < x1 <= a and -1 <= z0 < z1 <= 1  # the whole panel is on screen
    assert ACTIONS[card].text  # ...and it says the card's rules
    ui.hover(app.scene.state, None)
    assert ui.preview_root.find("words").isEmpty()
