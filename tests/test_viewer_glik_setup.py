"""Glik setup at 1280x720 and 1280x800: the boards a player has in hand fit on the screen,
clear of the panels, the status lines and the board itself, from each player's seat and from
above; the board picked for placement is outlined, and R turns it in the tray.

Boxes are measured in window pixels from what the app lays out (the tray's rectangles, the
status text's bounds, the panel and bar sizes) and from the board's fields projected with
the camera the picture was drawn with.
"""
from __future__ import annotations

import numpy as np
import pytest

from games.glik import GAME
from games.glik import actions as A
from games.glik.kit import COLS, ROWS, SIZE
from timeline import Record, Session
from viewer.glik.tray import OUTLINE, OUTLINE_RGBA
from viewer.scene import Pick

SIZES = [(1280, 720), (1280, 800)]


def setup_session(players: int = 2, boards_laid: int = 0) -> Session:
    """A game whose boards are dealt, `boards_laid` of them laid (the first legal way)."""
    session = Session(Record(GAME.name, GAME.default_config(players)),
                      rng=np.random.default_rng(3))
    session.auto_chance()
    for _ in range(boards_laid):
        session.play(next(a for a in GAME.legal_actions(session.state)))
        session.auto_chance()
    assert session.state.phase in ("choose", "fill")
    return session


@pytest.fixture(scope="module")
def app():
    from viewer.panel import BAR_H, PANEL_W
    from viewer.render import offscreen_app

    a = offscreen_app(setup_session(), SIZES[0])
    a.set_insets(PANEL_W, BAR_H)  # as in a window: the move list right, the bar below
    yield a
    a.set_insets(0, 0)


def look(app, session, size, camera):
    app.set_session(session)
    app.resize(size)
    app.screen.replan()  # the layout after the new size (a window does it on its resize event)
    app.show_node(session.node)
    app.set_view(app.view_for_preset(camera, session.node))
    app.render_frames(2)
    return app.scene


def pixel_rect_of_aspect2d(app, node, size):
    lo, hi = node.getTightBounds(app.aspect2d)
    w, h = size
    a = app.getAspectRatio()
    return ((lo.x / a + 1) / 2 * w, (1 - hi.z) / 2 * h, (hi.x / a + 1) / 2 * w, (1 - lo.z) / 2 * h)


def overlap(r, s) -> bool:
    return r[0] < s[2] and s[0] < r[2] and r[1] < s[3] and s[1] < r[3]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("camera", ["seat", "top"])
@pytest.mark.parametrize("laid", [0, 1])  # yellow to lay, then green (the other side)
def test_the_hand_of_boards_fits_on_screen_clear_of_panels_status_and_board(app, size, camera, laid):
    from viewer.panel import BAR_H, PANEL_W

    session = setup_session(2, laid)
    scene = look(app, session, size, camera)
    hand = session.state.hands[session.state.turn]
    assert len(hand) == 8  # 16 "?" slots, two players
    tray = scene.tray
    assert set(tray.boxes) == set(hand)
    w, h = size
    a = w / h
    boards = [tray.pixel_box(box, size) for box in tray.boxes.values()]
    title = tray.pixel_box(tray.title_box, size)
    panel = (w - PANEL_W / (2 * a) * w, 0, w, h)
    bar_and_message = (0, h - (BAR_H + 0.09) / 2 * h, w, h)
    status = pixel_rect_of_aspect2d(app, app.status, size)
    for box in boards + [title]:
        assert 0 <= box[0] and box[2] <= w and 0 <= box[1] and box[3] <= h, box
        assert not overlap(box, panel) and not overlap(box, bar_and_message), box
        assert not overlap(box, status), (box, status)
    for i, box in enumerate(boards):
        assert not any(overlap(box, other) for other in boards[i + 1:])
    # the tray hides no field of the board
    fields = [app.project(scene.cell_center((r, c))) for r in range(ROWS) for c in range(COLS)]
    reach = tray.reach() * w / (2 * a)
    covered = [p for p in fields if p is not None and p[0] <= reach
               and title[1] <= p[1] <= max(b[3] for b in boards)]
    assert not covered, f"{len(covered)} fields under the tray"
    # and every field is in the free part of the window
    assert all(p is not None and 0 <= p[0] < panel[0] and 0 <= p[1] < bar_and_message[1]
               for p in fields)


def test_a_click_on_a_board_in_the_tray_picks_it_and_r_turns_it_there(app):
    size = SIZES[1]
    session = setup_session()
    scene = look(app, session, size, "seat")
    state = session.state
    board = state.hands[0][3]
    x, y = scene.tray.pixel_of(board, size)
    w, h = size
    pick = scene.pick(*app.mouse_ray(x / w * 2 - 1, 1 - y / h * 2))
    assert pick.target == ("hand", board)
    assert scene.click(state, pick).action is None
    assert scene.selected == ("hand", board)
    assert scene.rotate_selection(state)
    app.render_frames(2)
    # the tray shows the board turned: each field's colour is the turned board's
    from viewer.glik.tiles import tile_image

    img = app.capture()
    left, top, right, bottom = scene.tray.pixel_box(scene.tray.boxes[board], size)
    px = 48
    want = np.frombuffer(tile_image(board, 1, px), np.uint8).reshape(SIZE * px, SIZE * px, 3)
    want = want[::-1, :, ::-1]  # top row first, RGB
    step = (right - left) / SIZE
    for r in range(SIZE):
        for c in range(SIZE):
            got = img[int(top + (r + 0.5) * step), int(left + (c + 0.5) * step)].astype(int)
            ref = want[int((r + 0.5) * px), int((c + 0.5) * px)].astype(int)
            assert np.abs(got - ref).max() < 40, (r, c, got, ref)
    # a lay into yellow's slot uses that turn
    slot = (1, 0)
    result = scene.click(state, Pick(cell=(slot[0] * SIZE + 1, slot[1] * SIZE + 1)))
    assert result.action == A.LayBoard(board, 1, slot)


def test_the_board_picked_for_placement_is_outlined_in_the_tray(app):
    size = SIZES[0]
    session = setup_session()
    scene = look(app, session, size, "top")
    state = session.state
    chosen, other = state.hands[0][0], state.hands[0][1]
    scene.click(state, Pick(target=("hand", chosen)))
    app.render_frames(2)
    img = app.capture().astype(int)
    ring = OUTLINE / 2 * size[1] / 2  # the frame's width in pixels, halved: its middle

    def frame_pixels(board):
        left, top, right, bottom = scene.tray.pixel_box(scene.tray.boxes[board], size)
        ys = np.linspace(top + 4, bottom - 4, 9)
        xs = np.linspace(left + 4, right - 4, 9)
        pts = ([(left - ring, y) for y in ys] + [(right + ring, y) for y in ys]
               + [(x, top - ring) for x in xs] + [(x, bottom + ring) for x in xs])
        return np.array([img[int(y), int(x)] for x, y in pts])

    gold = np.array(OUTLINE_RGBA[:3]) * 255
    assert (np.abs(frame_pixels(chosen) - gold).max(axis=1) < 30).all()
    assert not (np.abs(frame_pixels(other) - gold).max(axis=1) < 30).any()
    scene.click(state, Pick(target=("hand", chosen)))  # a second click puts it back
    app.render_frames(2)
    img = app.capture().astype(int)
    assert not (np.abs(frame_pixels(chosen) - gold).max(axis=1) < 30).any()


def test_a_glik_game_opens_in_a_window_that_showed_another_game(app):
    """The seat view is fitted to the new game's position, not to the last one shown."""
    from viewer.main import demo_for

    app.set_session(demo_for(None))  # Glonk
    session = setup_session()
    app.set_session(session)
    assert app.scene.tray.boxes and set(app.scene.tray.boxes) == set(session.state.hands[0])


@pytest.mark.parametrize("size", SIZES)
def test_the_setup_prompt_says_where_the_tray_is_drawn(app, size):
    from viewer.scene import Pick

    session = setup_session(2)
    scene = look(app, session, size, "seat")
    scene.show_prompts = True
    boxes = [scene.tray.pixel_box(box, size) for box in scene.tray.boxes.values()]
    middle = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
    drawn, not_drawn = ("top left", "bottom left") if middle < size[1] / 2 else \
        ("bottom left", "top left")
    said = " ".join(scene.status_lines(session.state)) + " " + \
        scene.click(session.state, Pick(cell=(0, 0))).message
    assert f"({drawn})" in said and f"({not_drawn})" not in said, (drawn, said)
