"""Readable notation: each game writes its moves for people, beside the canonical text files keep."""
import json

import pytest

from flickbook_cli import main
from games.api import Event
from games.glik import notation as glik
from games.glik.kit import COLS, ROWS
from games.glik.positions import position
from games.glik.rules import GAME as GLIK
from games.notation import move_text, node_text
from timeline import Record, load_record

Y, G, N = "yellow", "green", "neutral"


# --- Glik: chess-board coordinates ---------------------------------------------------------
def test_columns_are_letters_from_the_west_and_rows_numbers_from_the_south():
    assert glik.cell_name((0, 0)) == "a16"  # yellow's starting corner, top left
    assert glik.cell_name((ROWS - 1, 0)) == "a1"  # the south-west corner, as on a chess board
    assert glik.cell_name((ROWS - 1, COLS - 1)) == "x1"
    assert glik.cell_name((0, COLS - 1)) == "x16"


def test_every_field_name_reads_back_as_that_field():
    names = {glik.cell_name((r, c)) for r in range(ROWS) for c in range(COLS)}
    assert len(names) == ROWS * COLS
    for r in range(ROWS):
        for c in range(COLS):
            assert glik.parse_cell(glik.cell_name((r, c))) == (r, c)


@pytest.mark.parametrize("text", ["y1", "a0", "a17", "7e", "", "aa1"])
def test_a_name_off_the_board_is_refused(text):
    with pytest.raises(ValueError):
        glik.parse_cell(text)


def test_edge_labels_name_each_column_and_row_once():
    assert [t for _, t in glik.column_labels()] == list("abcdefghijklmnopqrstuvwx")
    assert glik.row_labels()[0] == (0, "16") and glik.row_labels()[-1] == (ROWS - 1, "1")


def test_a_slide_names_the_stone_its_field_the_way_and_where_it_stops():
    state = position({(8, 20): Y, (8, 8): N})
    slide = GLIK.parse_action(state, "slide 8,20 W")
    assert str(slide) == "slide 8,20 W"  # the canonical text is unchanged
    assert glik.move_text(state, slide) == "Y u8 left to j8"


def test_up_is_north_and_down_is_south():
    state = position({(8, 20): Y})
    up = glik.move_text(state, GLIK.parse_action(state, "slide 8,20 N"))
    down = glik.move_text(state, GLIK.parse_action(state, "slide 8,20 S"))
    assert up.startswith("Y u8 up to u") and down.startswith("Y u8 down to u")
    assert int(up.rsplit("u", 1)[1]) > 8 > int(down.rsplit("u", 1)[1])


def test_a_slide_that_makes_a_stone_touch_says_so():
    state = position({(8, 20): Y, (8, 8): N})
    state = GLIK.apply(state, GLIK.parse_action(state, "slide 8,20 W")).state
    action = GLIK.parse_action(state, "slide 8,9 N")
    step = GLIK.apply(state, action)
    assert glik.move_text(state, action, step.events) == "Y j8 up to j10, touches"
    assert glik.move_text(state, action) == "Y j8 up to j10"  # without the step's events


def test_placements_neutral_moves_and_turn_actions():
    state = position({(6, 8): N}, reserve=[6, 7], neutral_reserve=0)
    assert glik.move_text(state, GLIK.parse_action(state, "place@0,0")) == "Y in at a16"
    assert glik.move_text(state, GLIK.parse_action(state, "neutral@5,7")) == "N in at h11"
    assert glik.move_text(state, GLIK.parse_action(state, "move-neutral 6,8>9,2")) == "N i10 to c7"
    assert glik.move_text(state, GLIK.parse_action(state, "end")) == "Y ends the turn"
    assert glik.move_text(state, GLIK.parse_action(state, "offer-end")) == "Y offers to end"


def test_setup_boards_name_the_fields_they_cover():
    state = GLIK.new_initial_state({"players": 2})
    assert glik.move_text(state, GLIK.parse_action(state, "deal 12")) == "deal board 12"
    lay = GLIK.parse_action(state, "board 12 rot 1 at 0,1")
    assert glik.move_text(state, lay) == "board 12 on e13-h16, turned 90 deg"


def test_goals_are_written_in_coordinates():
    colours = ("yellow", "green")
    assert glik.goal_text({"player": 0, "stones": [[0, 18]]}, colours) == \
        "Goal: the yellow stone on s16 touches"
    assert glik.goal_text({"player": 0, "stones": [[8, 20], [15, 10]]}, colours) == \
        "Goal: the yellow stones on u8 and k1 touch"
    assert glik.goal_text({"player": 1, "count": 2}, colours) == \
        "Goal: Green has 2 stones touching"


def test_bundled_puzzles_speak_in_coordinates_not_row_col_pairs():
    import re
    from pathlib import Path

    for path in sorted(Path("scenarios/glik").glob("*.flick")):
        scenario = load_record(path).scenario
        words = " ".join([scenario["description"]] + scenario["hints"])
        assert not re.search(r"\(\d+,\d+\)", words), (path.name, words)


# --- Glonk: the piece and what came of the flick ----------------------------------------------
@pytest.fixture(scope="module")
def demo():
    return load_record("scenarios/demo/glonk-demo.flick").mainline()


@pytest.fixture(scope="module")
def armadas_set_up(demo):
    """The demo's position once both armadas (Invaders V, Little Greys G) and the asteroids
    stand on the Galaxy."""
    from games.glonk.actions import Flick

    return next(n.parent.state for n in demo[1:] if isinstance(n.action, Flick))


def test_a_flick_names_the_piece_with_what_it_is(armadas_set_up):
    from games.glonk.actions import Flick, parse
    from games.glonk.notation import move_text as glonk_text

    flick = parse("flick V1 a=190.00 v=2.500 s=0.00")
    assert glonk_text(armadas_set_up, flick) == "V1 Larva Ship: flick 190 deg 2.5 m/s"
    assert glonk_text(armadas_set_up, Flick.make("G8", 44.69, 0.949)) == \
        "G8 Jumper: flick 44.7 deg 0.95 m/s"


def test_a_flick_says_what_came_of_it(armadas_set_up):
    from games.glonk.actions import Flick, Move
    from games.glonk.notation import move_text as glonk_text

    flick = Flick.make("V5", 191.76, 2.5)
    hyper = (Event("hyper_propulsion", {"piece": "V5"}),)
    assert glonk_text(armadas_set_up, flick, hyper) == "V5 Larva Ship: flick 191.8 deg 2.5 m/s, hyper"
    black_hole = (Event("atomised", {"piece": "V5", "by": "BH", "points": 0}),)
    assert glonk_text(armadas_set_up, flick, black_hole).endswith(", atomised by the Black Hole")
    boarding = (Event("boarded", {"piece": "G0", "victims": ["V5"]}),
                Event("atomised", {"piece": "V5", "by": "G0", "points": 1}),
                Event("scored", {"player": 1, "piece": "V5", "points": 1}))
    state = armadas_set_up
    if state.to_move != 1:  # the Little Greys (seat 1) board: the point is the mover's own
        from dataclasses import replace
        state = replace(state, to_move=1)
    assert glonk_text(state, Move("board", ("G0",)), boarding) == \
        "G0 Great Saucer boards, V5 Larva Ship atomised, +1"


def test_every_flick_of_the_demo_reads_piece_kind_flick_and_its_outcome(demo):
    from games.glonk.actions import Flick

    flicks = [n for n in demo[1:] if isinstance(n.action, Flick)]
    assert flicks
    for node in flicks:
        text = node_text(node)
        piece = node.parent.state.get(node.action.piece)
        assert text.startswith(f"{piece.id} {piece.ship_type().name}: flick "), text
        kinds = {e.kind for e in node.step.events}
        assert ("hyper" in text.split(", ")) == ("hyper_propulsion" in kinds), text


def test_glonk_setup_and_turn_moves_name_players_from_one(armadas_set_up):
    from games.glonk.actions import Move
    from games.glonk.notation import move_text as glonk_text

    state = armadas_set_up
    who = f"P{state.to_move + 1}"
    assert glonk_text(state, Move("end_turn")) == f"{who} ends the turn"
    assert glonk_text(state, Move("asteroid", ("A1", "M10"))) == "A1 Asteroid put on M10"


def test_points_for_another_player_and_spin_are_written_out(armadas_set_up):
    from games.glonk import GAME as GLONK
    from games.glonk.actions import Flick
    from games.glonk.notation import move_text as glonk_text

    state = armadas_set_up
    flick = Flick.make("V1", 90, 1.25, spin=3)
    scored = (Event("scored", {"player": 1, "points": 2}),)
    assert glonk_text(state, flick, scored) == \
        "V1 Larva Ship: flick 90 deg 1.25 m/s, spin 3 rad/s, +2 P2"
    assert move_text(GLONK, state, flick) == glonk_text(state, flick)


# --- Grendizer: cards and targets in words ---------------------------------------------------
def test_a_card_is_named_with_its_target_in_words():
    from games.grendizer import GAME as GREN
    from games.grendizer.actions import Play
    from games.grendizer.data import ACTIONS

    state = GREN.new_initial_state(GREN.default_config(1))
    card = next(c for c in ACTIONS.values() if c.kind != "movement")
    text = move_text(GREN, state, Play(card.id, zone=7, target="minifo"),
                     (Event("destroyed", {"piece": "minifo"}),) * 2)
    assert text == f"P1 plays {card.name} in Military Harbour Battlefield on MiniFOs, " \
                   "2 MiniFOs destroyed"
    assert card.id not in text.split(",")[0]  # the card's name, not its code


# --- a game without a notation keeps its canonical text; the CLI prints either --------------
def test_a_game_without_notation_shows_its_canonical_text():
    record = Record.new("toy")
    node = record.add_child(record.root, record.game.parse_action(record.root.state, "roll 1"))
    assert node_text(node) == str(node.action)


def test_info_lists_the_main_line_canonical_or_readable(capsys):
    path = "scenarios/glik/02-northern-funnel.flick"
    assert main(["info", path]) == 0
    out = capsys.readouterr().out
    assert "1. slide 0,18 W" in out and '"stones": [[0, 18]]' in out
    assert main(["info", path, "--readable"]) == 0
    out = capsys.readouterr().out
    assert "1. Y s16 left to n16" in out and "3. Y n11 left to k11, touches" in out
    assert "goal:       Goal: the yellow stone on s16 touches" in out
    assert main(["info", path, "--readable", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["moves"][0] == "Y s16 left to n16"


def test_solve_can_write_its_line_as_players_do(capsys):
    assert main(["solve", "scenarios/glik/05-round-the-corner.flick", "--readable", "--json"]) == 0
    line = json.loads(capsys.readouterr().out)["line"]
    assert line == ["Y t10 up to t16", "Y t16 left to n16", "Y n16 down to n11",
                    "Y n11 left to k11, touches"]
