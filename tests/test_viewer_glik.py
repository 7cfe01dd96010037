"""The Glik scene's play by clicks: selection, shown destinations, the actions clicks make,
the rule named when a click is refused, setup in the scene, slide animation and status text.

Clicks are given as `Pick`s (what lies under the mouse); the window-level path from pixels
to picks is covered by the Xvfb end-to-end test.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from games.glik import GAME
from games.glik import actions as A
from games.glik.rules import slide_path
from timeline import Record, Session
from viewer.glik.scene import TILE_H, cell_xy
from viewer.scene import Pick


def play_state(stones, turn=0, ap=5, reserve=(5, 5), neutral_reserve=4):
    base = GAME.state_to_json(GAME.new_initial_state({"players": 2, "setup": "fixed"}))
    base.update(stones=[list(s) for s in stones], reserve=list(reserve), turn=turn, ap_left=ap,
                neutral_reserve=neutral_reserve)
    return GAME.state_from_json(base)


@pytest.fixture(scope="module")
def app():
    from viewer.render import offscreen_app

    state = play_state([(3, 9, "yellow"), (3, 13, "green")])
    rec = Record(GAME.name, GAME.default_config(2), start_state_json=GAME.state_to_json(state))
    return offscreen_app(Session(rec), (320, 180))


def show(app, state):
    rec = Record(GAME.name, GAME.default_config(2), start_state_json=GAME.state_to_json(state))
    session = Session(rec)
    app.set_session(session)
    app.scene.deselect()
    return app.scene, session


def hinted_cells(scene):
    """Fields that carry a hint marker (the scene's overlay nodes, by position)."""
    from viewer.glik.scene import xy_cell

    out = set()
    for node in scene.hints.getChildren():
        p = node.getPos(scene.root)
        cell = xy_cell(p.x, p.y)
        if cell is not None:
            out.add(cell)
    return out


def test_clicking_your_stone_selects_it_and_marks_each_slide_destination(app):
    state = play_state([(3, 9, "yellow"), (3, 13, "green")])
    scene, _ = show(app, state)
    result = scene.click(state, Pick(cell=(3, 9)))
    assert result.action is None and not result.message
    ends = {slide_path(state.stones, state.board, (3, 9), d)[-1] for d in "NESW"
            if slide_path(state.stones, state.board, (3, 9), d)}
    assert (3, 12) in ends  # east, stopped by the green stone on (3, 13)
    assert ends <= hinted_cells(scene)


def test_clicking_a_marked_destination_plays_that_slide(app):
    state = play_state([(3, 9, "yellow"), (3, 13, "green")])
    scene, _ = show(app, state)
    scene.click(state, Pick(cell=(3, 9)))
    result = scene.click(state, Pick(cell=(3, 12)))
    assert result.action == A.Slide((3, 9), "E")


def test_a_field_in_line_but_short_of_the_stop_says_stones_slide_until_stopped(app):
    state = play_state([(3, 9, "yellow"), (3, 13, "green")])
    scene, _ = show(app, state)
    scene.click(state, Pick(cell=(3, 9)))
    result = scene.click(state, Pick(cell=(3, 11)))
    assert result.action is None and "slides until it meets an obstacle" in result.message
    from games.glik.notation import cell_name

    # where it stops, in the names the board's edges show (not the canonical "3,12")
    assert result.message.endswith(f"sliding right from {cell_name((3, 9))} it stops at "
                                   f"{cell_name((3, 12))}"), result.message


def test_a_diagonal_field_is_refused_because_stones_move_orthogonally(app):
    state = play_state([(3, 9, "yellow")])
    scene, _ = show(app, state)
    scene.click(state, Pick(cell=(3, 9)))
    result = scene.click(state, Pick(cell=(5, 11)))
    assert result.action is None and "orthogonally" in result.message


def test_an_opponents_stone_cannot_be_moved_and_the_rule_says_why(app):
    state = play_state([(3, 9, "yellow"), (3, 13, "green")])
    scene, _ = show(app, state)
    result = scene.click(state, Pick(cell=(3, 13)))
    assert result.action is None and result.message == "You can only slide your own stones"


def test_a_touching_stone_is_frozen(app):
    dest = play_state([]).board.dest_cell["yellow"]
    touching = (dest[0], dest[1] - 1)
    state = play_state([(*touching, "yellow")])
    scene, _ = show(app, state)
    result = scene.click(state, Pick(cell=touching))
    assert result.message == "A stone that touches a destination field is frozen"


def test_reserve_stone_then_starting_field_places_a_stone(app):
    state = play_state([])
    scene, _ = show(app, state)
    start = state.board.start_cell["yellow"]
    assert scene.click(state, Pick(target=("reserve", "yellow"))).action is None
    assert start in hinted_cells(scene)
    assert scene.click(state, Pick(cell=start)).action == A.Place(start)


def test_neutral_reserve_marks_the_fields_where_placing_is_allowed(app):
    state = play_state([])
    scene, _ = show(app, state)
    scene.click(state, Pick(target=("reserve", "neutral")))
    marked = hinted_cells(scene)
    allowed = {a.cell for a in GAME.legal_actions(state) if isinstance(a, A.PlaceNeutral)}
    assert marked == allowed
    cell = sorted(allowed)[0]
    assert scene.click(state, Pick(cell=cell)).action == A.PlaceNeutral(cell)


def test_taking_an_opponents_reserve_stone_is_refused(app):
    state = play_state([])
    scene, _ = show(app, state)
    result = scene.click(state, Pick(target=("reserve", "green")))
    assert result.action is None and "own starting field" in result.message


def test_setup_choose_a_board_turn_it_with_r_and_lay_it_in_the_slot(app):
    state = GAME.new_initial_state({"players": 2})
    rec = Record(GAME.name, GAME.default_config(2))
    session = Session(rec, rng=__import__("numpy").random.default_rng(3))
    session.auto_chance()
    state = session.state
    assert state.phase == "choose"
    app.set_session(session)
    scene = app.scene
    board = state.hands[0][0]
    assert board in scene.tray.boxes  # the boards in hand lie in the tray on the screen
    scene.click(state, Pick(target=("hand", board)))
    assert scene.rotate_selection(state) and scene.rotate_selection(state)
    slot = (1, 0)  # yellow's first board goes on its right: south of its starting board
    result = scene.click(state, Pick(cell=(slot[0] * 4 + 2, slot[1] * 4 + 2)))
    assert result.action == A.LayBoard(board, 2, slot)


def test_setup_refuses_a_slot_that_is_not_yours_with_the_rule(app):
    rec = Record(GAME.name, GAME.default_config(2))
    session = Session(rec, rng=__import__("numpy").random.default_rng(3))
    session.auto_chance()
    state = session.state
    app.set_session(session)
    scene = app.scene
    scene.click(state, Pick(target=("hand", state.hands[0][0])))
    result = scene.click(state, Pick(cell=(1, 5)))  # slot (0, 1), not yellow's first slot
    assert result.action is None and "right of your starting board" in result.message


def test_a_slide_animates_from_its_field_to_where_it_stops(app):
    state = play_state([(3, 9, "yellow"), (3, 13, "green")])
    scene, session = show(app, state)
    node = session.play(A.Slide((3, 9), "E"))
    motion = app.motion_of(node)
    app.show_node(node, 0.0)
    p = scene.pieces[(3, 12)].getPos(scene.root)
    assert (round(p.x, 3), round(p.y, 3)) == tuple(round(v, 3) for v in cell_xy(3, 9))
    app.show_node(node, 0.5)
    mid = scene.pieces[(3, 12)].getPos(scene.root)
    assert cell_xy(3, 9)[0] < mid.x < cell_xy(3, 12)[0]
    app.show_node(node)
    end = scene.pieces[(3, 12)].getPos(scene.root)
    assert (round(end.x, 3), round(end.y, 3), round(end.z, 3)) == (*[round(v, 3) for v in cell_xy(3, 12)], round(TILE_H, 3))
    assert motion.duration > 0


def test_status_shows_turn_action_points_touching_and_the_end(app):
    state = play_state([(3, 9, "yellow")], ap=3)
    scene, _ = show(app, state)
    top, second = scene.status_lines(state)
    assert "Yellow to play" in top and "3 AP left" in top
    assert "Yellow 0/7" in second and "Green 0/7" in second
    over = replace(state, phase="over", end_reason="blocked")
    assert scene.status_lines(over)[0].startswith("Game over (blocked)")


def test_end_turn_is_offered_as_a_button_action(app):
    state = play_state([])
    scene, _ = show(app, state)
    labels = [label for label, _ in scene.turn_actions(state)]
    assert "End turn" in labels and "Offer to end" in labels


def test_status_names_the_colours_not_in_play_and_a_standing_offer_to_end(app):
    """With two players, Red and Blue are unused; after Yellow offers to end, the status says
    so (and whom it waits for) until the offer is settled."""
    from games.glik.actions import OfferEnd

    state = play_state([(3, 9, "yellow")], ap=3)
    scene, _ = show(app, state)
    lines = scene.status_lines(state)
    assert len(lines) == 2 and "Not in play: Red, Blue (unused)" in lines[1]
    offered = GAME.apply(state, OfferEnd()).state
    assert offered.offer is not None
    lines = scene.status_lines(offered)
    assert lines[-1] == "Yellow offers to end the game; waiting for Green"


def test_frozen_stones_wear_an_ice_ring_and_free_ones_do_not(app):
    """The yellow stone beside its destination field touches it: frozen, ringed; the other
    yellow stone is free to move and has no ring."""
    from viewer.glik.scene import cell_xy

    dest = play_state([]).board.dest_cell["yellow"]
    touching = (dest[0], dest[1] - 1)
    state = play_state([(*touching, "yellow"), (3, 9, "yellow")])
    scene, _ = show(app, state)
    app.render_frames(1)
    rings = scene.frozen_marks.getChildren()
    assert len(rings) == 1
    p = rings[0].getPos(scene.root)
    assert (round(p.x, 3), round(p.y, 3)) == tuple(round(v, 3) for v in cell_xy(*touching))
    free = play_state([(3, 9, "yellow")])
    scene, _ = show(app, free)
    app.render_frames(1)
    assert len(scene.frozen_marks.getChildren()) == 0


def test_a_colour_not_in_play_has_its_fields_drawn_grey():
    """The blue board's destination field is blue when blue plays, grey when nobody does."""
    import numpy as np

    from games.glik.kit import KIT, SIZE
    from viewer.glik.tiles import tile_image

    board = next(i for i, b in enumerate(KIT["boards"])
                 if b.get("colour") == "blue" and any("D" in row for row in b["rows"]))
    rows = KIT["boards"][board]["rows"]
    r, c = next((r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c] == "D")
    px = 48

    def field(unused):
        img = np.frombuffer(tile_image(board, 0, px, unused), np.uint8).reshape(SIZE * px, SIZE * px, 3)
        img = img[::-1, :, ::-1]  # top row first, RGB
        return img[r * px + 6, c * px + 6].astype(int)  # inside the field, outside its rings

    blue, grey = field(False), field(True)
    assert blue[2] > blue[0] + 80
    assert grey[2] <= grey[0] and max(grey) - min(grey) < 24  # the board's warm grey, no blue
