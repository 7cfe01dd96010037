"""Glik rules, one test per rule sentence, on small hand-made positions.

Map of the standard layout used here (rows 0-15, cols 0-23; '#' excluded, 'D' destination):
yellow's destination is (6,10), red's (6,13), green's (9,13), blue's (9,10); yellow starts on
(0,0), red on (0,23), green on (15,23), blue on (15,0). Row 7 is clear up to (7,17)#, row 11
and row 14 are clear from edge to edge, (5,9) and (6,7) are excluded.
"""
import pytest

from games.api import CHANCE, TERMINAL, IllegalAction
from games.glik import GAME
from games.glik.kit import FIRST_SLOT, FIRST_SLOT_CLOCKWISE, KIT, OPEN_SLOTS, load_kit
from games.glik.positions import play, position
from games.glik.rules import first_round_ap


def legal_texts(state):
    return {str(a) for a in GAME.legal_actions(state)}


def illegal(state, text, words):
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.parse_action(state, text))
    assert words in str(info.value)


# --- game parts and the board kit ---------------------------------------------------------------
def test_the_kit_has_24_small_boards_4_start_4_destination_16_open():
    kinds = [b["kind"] for b in load_kit()["boards"]]
    assert len(kinds) == 24
    assert kinds.count("start") == 4 and kinds.count("destination") == 4
    assert kinds.count("open") == 16 and len(OPEN_SLOTS) == 16


def test_coloured_starting_fields_are_in_the_corners():
    board = GAME.new_initial_state({"players": 4, "setup": "fixed"}).board
    assert board.start_cell == {"yellow": (0, 0), "red": (0, 23), "green": (15, 23),
                                "blue": (15, 0)}
    for colour, (r, c) in board.start_cell.items():
        assert board.cell(r, c).kind == "start" and board.cell(r, c).colour == colour


def test_coloured_destination_fields_are_in_the_middle():
    board = GAME.new_initial_state({"players": 4, "setup": "fixed"}).board
    assert board.dest_cell == {"yellow": (6, 10), "red": (6, 13), "green": (9, 13),
                               "blue": (9, 10)}
    assert board.cell(6, 10).kind == "destination" and board.cell(6, 10).colour == "yellow"


def test_brown_excluded_fields_are_scattered_on_the_boards():
    board = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board
    assert board.cell(5, 9).kind == "excluded"
    assert sum(k == "excluded" for k in board.kinds) >= 20


def test_question_mark_boards_are_not_placed_initially():
    state = GAME.new_initial_state({"players": 2})
    assert state.board.cell(0, 4).kind == "void"  # slot (0,1) is a "?" slot
    assert state.board.cell(0, 0).kind == "start"  # starting boards are laid from the start
    assert state.board.cell(6, 10).kind == "destination"


def test_each_cell_knows_its_small_board_for_renderers():
    board = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board
    cell = board.cell(5, 6)
    assert cell.slot == (1, 1)
    info = [s for s in board.slots if s.slot == (1, 1)][0]
    assert info.origin == (4, 4) and info.size == 4 and info.board == cell.board


# --- setup -----------------------------------------------------------------------------------------
def test_boards_are_dealt_at_a_chance_node_with_equal_chances():
    state = GAME.new_initial_state({"players": 2})
    assert GAME.current_player(state) == CHANCE
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 16
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_all_open_boards_are_dealt_round_the_table():
    state = GAME.new_initial_state({"players": 3})
    state, events = play(state, *[f"deal {b}" for b in range(8, 24)])
    assert [len(h) for h in state.hands] == [6, 5, 5]
    assert events[1].data == {"board": 9, "seat": 1}
    assert state.phase == "choose" and GAME.current_player(state) == 0


def dealt(players=2):
    return play(GAME.new_initial_state({"players": players}),
                *[f"deal {b}" for b in range(8, 24)])[0]


def test_each_player_first_lays_a_board_of_their_own_to_the_right_of_their_start():
    # Yellow sits at the north-west corner facing the centre (south-east): their right hand
    # points south-west, so the slot on their right is the one south of their starting
    # board, (1,0); the slot east of it, (0,1), is on their left.
    assert FIRST_SLOT == {"yellow": (1, 0), "red": (0, 4), "green": (2, 5), "blue": (3, 1)}
    state = dealt(2)  # yellow holds 8,10,..., green 9,11,...
    illegal(state, "board 8 rot 0 at 0,1", "to the right of your starting board")
    illegal(state, "board 9 rot 0 at 1,0", "dealt to you")
    state, _ = play(state, "board 8 rot 1 at 1,0")
    assert GAME.current_player(state) == 1
    assert {str(a).split(" at ")[1] for a in GAME.legal_actions(state)} == {"2,5"}


def test_house_rule_first_board_clockwise_takes_the_slot_on_the_players_left():
    assert FIRST_SLOT_CLOCKWISE == {"yellow": (0, 1), "red": (1, 5), "green": (3, 4),
                                    "blue": (2, 0)}
    state = play(GAME.new_initial_state({"players": 2, "house_rules": {
        "first_board_clockwise": True}}), *[f"deal {b}" for b in range(8, 24)])[0]
    illegal(state, "board 8 rot 0 at 1,0", "to the right of your starting board")
    state, _ = play(state, "board 8 rot 0 at 0,1")
    assert {str(a).split(" at ")[1] for a in GAME.legal_actions(state)} == {"3,4"}


def test_a_board_is_laid_with_a_rotation():
    state, _ = play(dealt(2), "board 8 rot 1 at 1,0")
    # board 8 has its excluded field at (1,1); a quarter turn clockwise puts it at (1,2),
    # in slot (1,0) (rows 4-7, columns 0-3) the field (5,2)
    assert state.board.cell(5, 2).kind == "excluded"
    assert state.board.cell(5, 1).kind == "empty"


def test_then_players_take_turns_laying_the_rest_and_play_begins():
    state, _ = play(dealt(2), "board 8 rot 0 at 1,0", "board 9 rot 0 at 2,5")
    assert state.phase == "fill" and GAME.current_player(state) == 0
    assert "board 10 rot 2 at 3,4" in legal_texts(state)
    free = [s for s, f in zip(OPEN_SLOTS, state.fill) if f is None]
    hands = [list(h) for h in state.hands]
    texts = []
    seat = 0
    while free:
        texts.append(f"board {hands[seat].pop(0)} rot 0 at {free[0][0]},{free[0][1]}")
        free.pop(0)
        seat = 1 - seat
    state, events = play(state, *texts)
    assert state.phase == "play" and state.board.complete
    assert GAME.current_player(state) == 0 and state.ap_left == 4
    assert events[-1].kind == "setup_done"


def test_fixed_setup_skips_dealing_with_the_standard_layout():
    state = GAME.new_initial_state({"players": 2, "setup": "fixed"})
    assert state.phase == "play" and state.board.complete and state.round == 1


# --- action points -------------------------------------------------------------------------------
@pytest.mark.parametrize("players,allowance", [(2, [4, 5]), (3, [3, 4, 5]), (4, [2, 3, 4, 5])])
def test_first_round_starting_player_gets_fewer_action_points(players, allowance):
    assert [first_round_ap(s, players) for s in range(players)] == allowance
    state = GAME.new_initial_state({"players": players, "setup": "fixed"})
    seen = []
    for _ in range(players):
        seen.append(state.ap_left)
        state, _ = play(state, "end")
    assert seen == allowance


def test_every_later_round_gives_five_action_points():
    state = GAME.new_initial_state({"players": 2, "setup": "fixed"})
    state, _ = play(state, "place@0,0", "end", "end")
    assert state.round == 2 and state.ap_left == 5


def test_each_action_costs_one_point_and_the_turn_passes_when_they_are_spent():
    state = position({(11, 5): "yellow"}, ap=2)
    state, _ = play(state, "slide 11,5 E")
    assert state.ap_left == 1 and state.turn == 0
    state, events = play(state, "slide 11,23 W")
    assert state.turn == 1 and state.ap_left == 5
    assert events[-1].kind == "turn_ended"


def test_a_player_may_end_the_turn_early_and_loses_the_unspent_points():
    state = position({}, ap=5)
    state, events = play(state, "place@0,0", "end")
    assert state.turn == 1
    assert events[-1].data == {"seat": 0, "ap_spent": 1, "ap_unspent": 4}
    state, _ = play(state, "place@15,23", "end")
    assert state.turn == 0 and state.ap_left == 5  # nothing carried over


def test_no_action_point_action_with_none_left():
    state = position({(11, 5): "yellow"}, ap=0)
    assert legal_texts(state) == {"end", "offer-end"}
    illegal(state, "slide 11,5 E", "no action points")


# --- placing stones -------------------------------------------------------------------------------
def test_a_player_places_a_stone_on_their_starting_field_for_one_point():
    state, events = play(position({}, ap=5), "place@0,0")
    assert state.stone_at(0, 0) == "yellow" and state.reserve[0] == 6 and state.ap_left == 4
    assert events[0].kind == "placed"


def test_stones_are_placed_only_on_your_own_starting_field():
    illegal(position({}), "place@15,23", "own starting field")
    illegal(position({}), "place@3,3", "own starting field")


def test_a_stone_cannot_be_placed_on_an_occupied_starting_field():
    illegal(position({(0, 0): "green"}), "place@0,0", "occupied")


def test_a_player_has_seven_stones():
    state = position({}, reserve=[0, 7])
    illegal(state, "place@0,0", "All your stones")


def test_neutral_stone_placed_for_one_point():
    state, events = play(position({}), "neutral@11,5")
    assert state.stone_at(11, 5) == "neutral" and state.neutral_reserve == 3
    assert state.ap_left == 4


def test_neutral_stone_never_on_excluded_fields():
    illegal(position({}), "neutral@5,9", "excluded")


def test_neutral_stone_never_on_the_players_starting_boards():
    # two players: yellow (north-west) and green (south-east)
    illegal(position({}), "neutral@1,1", "starting boards")
    illegal(position({}), "neutral@15,23", "starting boards")


def test_a_neutral_stone_may_go_on_the_starting_board_of_a_colour_nobody_plays():
    # "anywhere, except ... players' starting boards": red's board (north-east) is no
    # player's in a two-player game
    state, _ = play(position({}), "neutral@1,21")
    assert state.stone_at(1, 21) == "neutral"
    illegal(position({}), "neutral@0,23", "starting")  # a starting field is never free ground


def test_house_rule_neutral_off_all_starts_bars_every_starting_board():
    state = GAME.state_from_json({**GAME.state_to_json(position({})), "house_rules": {
        "neutral_off_all_starts": True}})
    illegal(state, "neutral@1,21", "starting boards")


def test_stones_cannot_be_placed_on_a_destination_field():
    illegal(position({}), "neutral@6,10", "destination field")


def test_there_are_four_neutral_stones():
    state = position({(11, 1): "neutral", (11, 3): "neutral", (11, 5): "neutral",
                      (11, 7): "neutral"})
    assert state.neutral_reserve == 0
    illegal(state, "neutral@11,9", "All 4 neutral")


def test_neutral_stones_cannot_move_while_some_are_not_yet_placed():
    state = position({(11, 1): "neutral"})
    illegal(state, "move-neutral 11,1>11,9", "only once all 4 are placed")
    assert not any(str(a).startswith("move-neutral") for a in GAME.legal_actions(state))


def test_once_all_neutral_stones_are_placed_they_move_elsewhere_for_one_point():
    stones = {(11, 1): "neutral", (11, 3): "neutral", (11, 5): "neutral", (11, 7): "neutral"}
    state, events = play(position(stones), "move-neutral 11,1>8,20")
    assert state.stone_at(11, 1) is None and state.stone_at(8, 20) == "neutral"
    assert state.ap_left == 4 and events[0].kind == "neutral_moved"
    illegal(position(stones), "move-neutral 11,1>1,1", "starting boards")


def test_house_rule_neutral_slide_makes_neutral_stones_slide():
    stones = {(11, 1): "neutral", (11, 3): "neutral", (11, 5): "neutral", (11, 7): "neutral"}
    state = position(stones, neutral_slide=True)
    illegal(state, "move-neutral 11,1>8,20", "neutral_slide")
    state, _ = play(state, "slide 11,7 E")
    assert state.stone_at(11, 23) == "neutral"
    illegal(position(stones), "slide 11,7 E", "picked up and placed")


# --- sliding ----------------------------------------------------------------------------------------
def test_a_stone_slides_until_it_meets_another_stone():
    for other in ("yellow", "green", "neutral"):
        state, events = play(position({(11, 5): "yellow", (11, 20): other}), "slide 11,5 E")
        assert state.stone_at(11, 19) == "yellow", other
        assert events[0].data["from"] == [11, 5] and events[0].data["to"] == [11, 19]


def test_a_stone_slides_until_a_brown_excluded_field():
    state, _ = play(position({(7, 0): "yellow"}), "slide 7,0 E")
    assert state.stone_at(7, 16) == "yellow"  # (7,17) is excluded


def test_a_stone_slides_until_a_coloured_destination_field_of_any_colour():
    state, _ = play(position({(0, 13): "yellow"}), "slide 0,13 S")
    assert state.stone_at(5, 13) == "yellow"  # (6,13) is red's destination


def test_a_stone_slides_until_the_edge_of_the_board():
    state, events = play(position({(11, 5): "yellow"}), "slide 11,5 W")
    assert state.stone_at(11, 0) == "yellow"
    assert events[0].data["path"] == [[11, 4], [11, 3], [11, 2], [11, 1], [11, 0]]


def test_a_slide_costs_one_point_whatever_its_length():
    short, _ = play(position({(11, 1): "yellow"}), "slide 11,1 W")
    long, _ = play(position({(11, 22): "yellow"}), "slide 11,22 W")
    assert short.ap_left == long.ap_left == 4


def test_a_slide_that_goes_nowhere_is_illegal_and_costs_nothing():
    state = position({(11, 0): "yellow"})
    illegal(state, "slide 11,0 W", "goes nowhere")
    assert "slide 11,0 W" not in legal_texts(state)
    assert state.ap_left == 5


def test_stones_slide_across_starting_fields_and_boards():
    state, _ = play(position({(0, 3): "yellow"}), "slide 0,3 W")
    assert state.stone_at(0, 0) == "yellow"


def test_a_player_slides_only_their_own_stones():
    illegal(position({(11, 5): "green"}), "slide 11,5 E", "own stones")


# --- touching ---------------------------------------------------------------------------------------
def test_a_stone_next_to_its_destination_field_touches_it():
    state, events = play(position({(8, 9): "yellow"}), "slide 8,9 N")
    assert state.stone_at(6, 9) == "yellow"  # stopped by the excluded field (5,9)
    assert state.touching() == (1, 0)
    assert [e.kind for e in events] == ["slid", "touched"]
    assert events[1].data["cells"] == [[6, 9]]


def test_a_stone_next_to_another_colours_destination_does_not_touch():
    state, _ = play(position({(0, 13): "yellow"}), "slide 0,13 S")
    assert state.touching() == (0, 0)


def test_a_stone_touches_through_a_chain_of_its_own_colour():
    state = position({(7, 10): "yellow", (7, 11): "yellow", (8, 11): "yellow"})
    assert state.touching() == (3, 0)


def test_a_chain_through_another_colour_does_not_touch():
    state = position({(7, 10): "yellow", (7, 9): "green", (7, 8): "yellow"})
    assert state.touching() == (1, 0)


def test_house_rule_chain_any_touches_through_stones_of_any_colour():
    stones = {(7, 10): "yellow", (7, 9): "green", (7, 8): "yellow", (8, 8): "neutral",
              (9, 8): "yellow"}
    assert position(stones, chain_any=True).touching() == (3, 0)


def test_a_chain_only_counts_stones_of_the_destinations_colour():
    assert position({(7, 10): "green"}, chain_any=True).touching() == (0, 0)


def test_stones_that_touch_are_frozen():
    state = position({(7, 10): "yellow", (7, 11): "yellow"})
    illegal(state, "slide 7,11 E", "frozen")
    assert not any(str(a).startswith("slide 7,1") for a in GAME.legal_actions(state))


def test_with_chain_any_the_links_of_a_touching_chain_are_frozen():
    stones = {(7, 10): "neutral", (7, 11): "yellow", (11, 1): "neutral", (11, 3): "neutral",
              (11, 5): "neutral"}
    state = position(stones, chain_any=True)
    illegal(state, "move-neutral 7,10>8,20", "frozen")
    assert "move-neutral 11,1>8,20" in legal_texts(state)


def test_a_stone_that_does_not_touch_stays_free():
    state = position({(7, 10): "green", (7, 11): "yellow"})
    assert state.touching() == (0, 0)
    assert "slide 7,11 E" in legal_texts(state)


# --- end of the game -------------------------------------------------------------------------------
def test_touching_with_all_seven_stones_wins():
    stones = {(5, 10): "yellow", (4, 10): "yellow", (4, 11): "yellow", (4, 12): "yellow",
              (4, 13): "yellow", (3, 10): "yellow", (4, 20): "yellow"}
    state = position(stones, reserve=[0, 7])
    assert state.touching() == (6, 0)
    state, events = play(state, "slide 4,20 W")
    assert state.stone_at(4, 14) == "yellow"
    assert GAME.is_terminal(state) and state.end_reason == "all_touching"
    assert GAME.outcome(state) == [1.0, 0.0]
    assert events[-1].kind == "game_over" and events[-1].data["winners"] == [0]
    assert GAME.legal_actions(state) == [] and GAME.current_player(state) == TERMINAL


def test_a_whole_round_with_no_action_points_spent_ends_a_blocked_game():
    state = position({(7, 10): "yellow"})
    state, _ = play(state, "end")
    assert not GAME.is_terminal(state)
    state, events = play(state, "end")
    assert state.end_reason == "blocked"
    assert GAME.outcome(state) == [1.0, 0.0]  # the most touching stones wins


def test_spending_a_point_breaks_the_idle_round():
    state, _ = play(position({(11, 5): "yellow"}), "end", "end")
    assert GAME.is_terminal(state)
    state, _ = play(position({(11, 5): "yellow"}, turn=1), "end", "slide 11,5 E", "end")
    assert not GAME.is_terminal(state)


def test_equal_touching_goes_to_who_reached_that_count_first():
    state = position({(8, 9): "yellow", (12, 13): "green"})
    state, _ = play(state, "slide 8,9 N", "end", "slide 12,13 N", "end", "end", "end")
    assert state.end_reason == "blocked" and state.touching() == (1, 1)
    assert GAME.outcome(state) == [1.0, 0.0]
    state = position({(8, 9): "yellow", (12, 13): "green"}, turn=1)
    state, _ = play(state, "slide 12,13 N", "end", "slide 8,9 N", "end", "end", "end")
    assert GAME.outcome(state) == [0.0, 1.0]


def test_the_game_ends_when_the_players_agree():
    state, events = play(position({}), "offer-end")
    assert state.turn == 1 and "agree" in legal_texts(state)
    declined, _ = play(position({}), "place@0,0", "offer-end", "end")
    assert declined.offer is None and "agree" not in legal_texts(declined)
    state, events = play(state, "agree")
    assert state.end_reason == "agreement"
    assert GAME.outcome(state) == [0.5, 0.5]  # nobody touches: shared


def test_an_offer_needs_every_other_player():
    state, _ = play(position({}, players=3), "offer-end", "agree")
    assert not GAME.is_terminal(state)
    state2, _ = play(state, "agree")
    assert state2.end_reason == "agreement"
    state3, _ = play(state, "place@15,23")  # green plays on: the offer is declined
    assert state3.offer is None and not GAME.is_terminal(state3)


# --- text, JSON and description ---------------------------------------------------------------------
def test_every_legal_action_round_trips_through_its_text():
    stones = {(11, 1): "neutral", (11, 3): "neutral", (11, 5): "neutral", (11, 7): "neutral",
              (7, 0): "yellow"}
    for state in (position(stones), dealt(2), GAME.new_initial_state({"players": 2})):
        for action in GAME.legal_actions(state):
            assert GAME.parse_action(state, str(action)) == action


def test_nonsense_text_is_an_illegal_action():
    with pytest.raises(IllegalAction):
        GAME.parse_action(position({}), "jump 3,4")


def test_state_json_round_trips_and_rejects_bad_data():
    state = position({(7, 10): "yellow", (11, 5): "neutral"}, chain_any=True)
    assert GAME.state_from_json(GAME.state_to_json(state)) == state
    bad = GAME.state_to_json(state)
    bad["stones"].append([5, 9, "yellow"])
    with pytest.raises(ValueError, match="excluded"):
        GAME.state_from_json(bad)
    with pytest.raises(ValueError):
        GAME.state_from_json({"players": 2})


def test_apply_never_mutates_its_input():
    state = position({(11, 5): "yellow"})
    before = GAME.state_to_json(state)
    play(state, "slide 11,5 E")
    assert GAME.state_to_json(state) == before


def test_describe_says_whose_turn_ap_and_touching():
    text = GAME.describe(position({(7, 10): "yellow"}, ap=3))
    assert "yellow to play" in text and "3 AP" in text and "yellow 1" in text


def test_kit_file_is_the_source_of_the_layout():
    assert KIT["layout"][0][0] == 0 and KIT["layout"][1][2] == 4
