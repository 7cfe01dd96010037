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
    from viewer.panel import BAR_H, PANEL_W

    a = offscreen_app(session, SIZE)
    a.set_insets(PANEL_W, BAR_H)  # the window's panels (the move list, the bar of buttons)
    a.scene.ui.force_insets = (PANEL_W, BAR_H)
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


def test_card_text_on_the_board_is_twelve_pixels_tall_at_the_default_camera(app):
    from viewer.grendizer.cards import CELL_W, FACE_TEXT

    view = "seat"
    app.set_view(app.preset(view))
    app.render_frames(1)
    for lane in range(L.NLANES):  # the Saucer Beast cards, at the far side of the board
        cx, cy = L.beast_card_pos(lane)
        z = L.BOARD_H + L.CARD_T
        left = app.project((cx - L.CARD_W / 2, cy, z))
        right = app.project((cx + L.CARD_W / 2, cy, z))
        card_px = right[0] - left[0]
        assert FACE_TEXT * card_px / CELL_W >= MIN_PX, (view, lane, card_px)


@pytest.mark.parametrize("pile", sorted(L.PLACES))
def test_the_face_on_top_of_every_deck_and_discard_pile_is_twelve_pixels_tall(app, pile):
    """The revealed card and the two discard piles show a face a player reads (what was just
    played or revealed): on the nearest, smallest-looking row too."""
    from viewer.grendizer.cards import CELL_W, FACE_TEXT

    app.set_view(app.preset("seat"))
    app.render_frames(1)
    cx, cy = L.PLACES[pile]
    z = L.pile_top(pile, 1)[2]
    left = app.project((cx - L.CARD_W / 2, cy, z))
    right = app.project((cx + L.CARD_W / 2, cy, z))
    assert FACE_TEXT * (right[0] - left[0]) / CELL_W >= MIN_PX, (pile, right[0] - left[0])


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


# --- nothing hides the board ---------------------------------------------------------------------
def screen_box(app, corners):
    pts = [app.project(c) for c in corners]
    assert None not in pts, "part of the board is out of view"
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def location_boxes(app):
    z = L.SURFACE
    y = L.space_y(L.LOC)
    return [screen_box(app, [(L.box_x(n) + dx * L.BOX_W / 2, y + dy * L.LOC_H / 2, z)
                             for dx in (-1, 1) for dy in (-1, 1)]) for n in range(L.NLANES)]


def pile_boxes(app):
    boxes = []
    for n in range(L.NLANES):
        x, y = L.pile_pos(n)
        r = L.BEAST_R * 1.6  # the stack and its label
        boxes.append(screen_box(app, [(x + dx * r, y + dy * r, z) for dx in (-1, 1)
                                      for dy in (-1, 1) for z in (L.BOARD_H, L.BOARD_H + 0.6)]))
    return boxes


def hand_boxes(app):
    ui = app.scene.ui
    w, h = SIZE
    a = ui.aspect()
    return [((x0 / a + 1) / 2 * w, (1 - z1) / 2 * h, (x1 / a + 1) / 2 * w, (1 - z0) / 2 * h)
            for x0, z0, x1, z1, t in ui.rects if t[0] == "hand"]


def status_box(app):
    lo, hi = app.status.getTightBounds(app.aspect2d)
    w, h = SIZE
    a = app.getAspectRatio()
    return ((lo.x / a + 1) / 2 * w, (1 - hi.z) / 2 * h, (hi.x / a + 1) / 2 * w, (1 - lo.z) / 2 * h)


@pytest.mark.parametrize("view", ["seat", "top"])
def test_the_hand_and_the_status_lines_leave_the_board_readable(app, view):
    """A full hand (five cards, one selected: it rises) never covers a Strategic Location, and
    the three status lines are never drawn over the lanes' piles."""
    from timeline import Record, Session

    session = Session(Record.new("grendizer", {"players": 1}), rng=np.random.default_rng(3))
    session.auto_chance()
    app.set_session(session)
    app.scene.ui.force_insets = None  # the layout gives the hand its place
    state = session.state
    assert len(state.hands[state.player]) == 5
    app.scene.selected = state.hands[state.player][-1]
    app.set_view(app.preset(view))
    app.refresh_status()
    app.render_frames(1)
    hands = hand_boxes(app)
    assert len(hands) == 5
    for loc in location_boxes(app):
        assert not any(overlap(loc, hb) for hb in hands), (view, loc, hands)
    status = status_box(app)
    for pile in pile_boxes(app):
        assert not overlap(pile, status), (view, pile, status)
    app.scene.selected = None


def test_the_seat_view_shows_the_whole_table_beside_the_panel(app):
    """From the seat, the decks, the threat track with its name and the far piles all lie in
    the window's free part: right of its left edge, left of the move-list panel, below the
    status lines."""
    from viewer.panel import PANEL_W

    app.set_view(app.preset("seat"))
    app.render_frames(1)
    w, h = SIZE
    panel_left = w - PANEL_W / (2 * w / h) * w
    state = app.session.state
    diff = state.difficulty
    bottom = L.track_y(diff, 0) - L.track_pitch(diff) / 2
    ends = {"the track's name": (L.TRACK_X + 0.75, bottom - 0.95, L.BOARD_H),
            "the track's top": (L.TRACK_X + L.TRACK_W / 2, L.track_y(diff, L.track_spaces(diff) - 1),
                                L.BOARD_H),
            "the decks": (L.DECK_X2 - L.CARD_W / 2, L.PLACES["event_discard"][1], L.BOARD_H)}
    for what, point in ends.items():
        x, y = app.project(point)
        assert 0 <= x <= panel_left and 0 <= y <= h, (what, x, y, panel_left)
    status = status_box(app)
    for pile in pile_boxes(app):
        assert pile[1] >= status[3] or not overlap(pile, status), (pile, status)
