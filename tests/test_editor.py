"""The puzzle editor without a window (scenarios.glik.editor.EditorModel and scenarios.glik.puzzle.Puzzle): stones go only
where the rules let a stone stand, goal stones are the mover's own, verification runs the
solver, saving never overwrites unasked, and a saved puzzle loads and verifies the same."""
from __future__ import annotations

import pytest

from games.glik import GAME
from games.glik.kit import COLS, DESTINATION, EXCLUDED
from scenarios import bundled, load_scenario
from scenarios.authoring import free_path, scenarios_dir, slugify
from scenarios.glik.editor import EditorModel, goal_words
from scenarios.glik.puzzle import Puzzle

# Puzzle 01's position: yellow on (8,20) reaches its destination (6,10) in 2 AP.
P01 = {(8, 20): "yellow", (8, 3): "green", (8, 8): "neutral", (5, 20): "green",
       (6, 17): "neutral", (3, 10): "green", (1, 8): "neutral"}


def field_of_kind(kind):
    board = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board
    i = board.kinds.index(kind)
    return divmod(i, COLS)


def empty_fields(n):
    board = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board
    return [divmod(i, COLS) for i, k in enumerate(board.kinds) if k == "empty"][:n]


def model_p01(ap=2):
    m = EditorModel()
    for cell, colour in P01.items():
        assert m.put(cell, colour) is None
    m.set_ap(ap)
    return m


def test_a_click_puts_a_stone_and_a_second_click_takes_it_off():
    m = EditorModel()
    assert m.put((8, 20), "yellow") is None
    assert m.stones == {(8, 20): "yellow"}
    assert m.state().stone_at(8, 20) == "yellow"
    assert m.put((8, 20), "yellow") is None
    assert m.stones == {}


def test_another_colour_replaces_the_stone_and_the_eraser_takes_it_off():
    m = EditorModel()
    m.put((8, 20), "yellow")
    m.put((8, 20), "neutral")
    assert m.stones == {(8, 20): "neutral"}
    assert m.put((8, 20), None) is None
    assert m.stones == {}
    assert m.put((8, 20), None) == "There is no stone there to take off"


def test_nothing_stands_on_an_excluded_field():
    m = EditorModel()
    assert m.put(field_of_kind(EXCLUDED), "yellow") == "Nothing stands on a brown excluded field"
    assert m.stones == {}


def test_no_stone_stands_on_a_destination_field():
    m = EditorModel()
    assert "destination field" in m.put(field_of_kind(DESTINATION), "neutral")
    assert m.stones == {}


def test_colours_not_in_play_are_refused_until_there_are_more_players():
    m = EditorModel()
    assert "Red is not in play with 2 players" in m.put((3, 3), "red")
    assert m.set_players(3) is None
    assert m.put((3, 3), "red") is None
    assert m.set_players(2) == "Take the red stones off first"


def test_each_player_has_seven_stones_and_there_are_four_neutrals():
    m = EditorModel()
    cells = empty_fields(10)
    for cell in cells[:7]:
        assert m.put(cell, "yellow") is None
    assert m.put(cells[7], "yellow") == "Yellow has more than 7 stones"
    for cell in cells[:4]:
        m.put(cell, "neutral")
    assert m.put(cells[4], "neutral") == "More than 4 neutral stones"


def test_ap_is_kept_between_0_and_99():
    m = EditorModel()
    m.set_ap(150)
    assert m.ap == 99 and m.state().ap_left == 99
    m.set_ap(-3)
    assert m.ap == 0


def test_only_the_movers_stones_can_be_goal_stones():
    m = model_p01()
    assert m.toggle_mark((8, 3)) == "Only yellow stones (the player to move) can be goal stones"
    assert m.toggle_mark((8, 20)) is None
    assert m.goal() == {"player": 0, "stones": [[8, 20]]}
    assert m.toggle_mark((8, 20)) is None  # unmark
    assert m.goal() is None  # marked goal without marks: none yet
    m.set_turn(1)  # green to move: the goal is green's
    m.set_goal_count(2)
    assert m.goal() == {"player": 1, "count": 2}


def test_a_goal_stone_taken_off_leaves_the_goal():
    m = model_p01()
    m.toggle_mark((8, 20))
    m.put((8, 20), None)
    assert m.marked == [] and m.goal() is None
    assert m.problems()[0].startswith("Right-click the stones the goal needs")


def test_a_goal_met_already_is_no_puzzle():
    m = EditorModel()
    r, c = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board.dest_cell["yellow"]
    m.put((r - 1, c), "yellow")  # on the field north of yellow's destination: touching
    m.set_goal_count(1)
    assert m.state().touching()[0] == 1
    assert m.problems() == ["The goal is met already: there is nothing to solve"]


def test_verify_finds_the_shortest_line_and_save_load_round_trips(tmp_path):
    m = model_p01()
    m.toggle_mark((8, 20))
    m.title = "First touch, again!"
    m.description = "Two moves."
    m.add_hint("Go west first.")
    assert not m.verified
    with pytest.raises(ValueError, match="Verify the puzzle first"):
        m.save(tmp_path / "x.flick")
    r = m.verify()
    assert r.solved and r.cost == 2 and r.unique and m.verified
    assert "Best: 2 AP, unique" in m.result_words()
    path = m.save(m.default_path(tmp_path))
    assert path.name == "first-touch-again.flick"
    with pytest.raises(FileExistsError):
        m.save(path)
    assert free_path(path).name == "first-touch-again-2.flick"
    sc, rec = load_scenario(path)
    assert (sc.title, sc.description, sc.hints) == ("First touch, again!", "Two moves.",
                                                     ["Go west first."])
    assert sc.goal == {"player": 0, "stones": [[8, 20]]} and sc.solution == list(r.line)
    assert [str(n.action) for n in rec.mainline()[1:]] == list(r.line)
    again = EditorModel.from_scenario(sc)
    assert again.stones == m.stones and again.ap == 2 and again.goal() == m.goal()
    r2 = again.verify()
    assert (r2.cost, r2.line, r2.unique) == (r.cost, r.line, r.unique)


def test_a_saved_puzzle_keeps_its_verdict_and_is_listed_with_it(tmp_path, monkeypatch):
    """Tried in a real window: a Glik puzzle saved from the editor was listed "(puzzle,
    yours)" with no length, where the Grendizer and Glonk editors' show "1 turn, unique"."""
    from flickbook_cli import main
    from scenarios.catalogue import catalogue

    monkeypatch.setenv("FLICKBOOK_SCENARIOS", str(tmp_path / "scen"))
    m = model_p01()
    m.toggle_mark((8, 20))
    m.title = "Mine"
    m.verify()
    path = m.save(m.default_path())
    sc, _ = load_scenario(path)
    assert sc.verdict["cost"] == 2 and sc.verdict["unique"] and sc.verdict["unit"] == "AP"
    mine = next(e for e in catalogue("glik") if e.path == path)
    assert mine.own and mine.kind == "puzzle" and mine.verdict == "2 AP, unique"
    assert main(["check", str(path), "--verify"]) == 0  # the stored verdict is the solver's


def test_a_change_after_verify_asks_for_verify_again():
    m = model_p01()
    m.toggle_mark((8, 20))
    m.verify()
    m.set_ap(3)
    assert not m.verified and m.result_words() == "Not verified"


def test_too_few_ap_is_reported_as_no_solution():
    m = model_p01(ap=1)
    m.toggle_mark((8, 20))
    r = m.verify()
    assert not r.solved and "No solution within 1 AP" in m.result_words()
    with pytest.raises(ValueError):
        m.save()


def test_the_scenarios_folder_can_be_moved_for_tests(tmp_path, monkeypatch):
    monkeypatch.setenv("FLICKBOOK_SCENARIOS", str(tmp_path))
    assert scenarios_dir("glik") == tmp_path / "glik"
    assert slugify("  Round the corner! ") == "round-the-corner" and slugify("!!") == "puzzle"


def test_bundled_puzzles_load_into_the_editor_and_verify_to_their_solution():
    for path in bundled("glik")[:6]:
        sc, _ = load_scenario(path)
        m = EditorModel.from_scenario(sc)
        assert m.goal() == sc.goal, path.name
        r = m.verify()
        assert r.solved and r.line == sc.solution, path.name


def test_a_puzzle_says_solved_with_its_cost_and_the_best():
    sc, rec = load_scenario(bundled("glik")[4])  # 05: round the corner, 4 AP
    pz = Puzzle(rec)
    assert pz.intro() == "Goal: the yellow stone on t10 touches"
    line = rec.mainline()
    assert [pz.check(n) for n in line[1:-1]] == [None] * (len(line) - 2)
    assert pz.check(line[-1]) == "Solved in 4 AP (best: 4)"


def test_hints_come_one_at_a_time():
    sc, rec = load_scenario(bundled("glik")[0])  # 01: two hints
    pz = Puzzle(rec)
    assert pz.next_hint() == f"Hint 1: {sc.hints[0]}  (H: hint 2 of 2)"
    assert pz.next_hint() == f"Hint 2: {sc.hints[1]}"
    assert pz.next_hint() == f"Hint 2: {sc.hints[1]}"


def test_goal_words():
    assert goal_words({"player": 1, "count": 3}, ("yellow", "green")) == \
        "Goal: Green has 3 stones touching"
    assert goal_words({"player": 0, "stones": [[1, 2], [3, 4]]}, ("yellow", "green")) == \
        "Goal: the yellow stones on c15 and e13 touch"


def test_a_stone_put_on_comes_from_the_reserve_and_goes_back_when_taken_off():
    m = EditorModel()
    assert m.reserve == [7, 7] and m.neutral_reserve == 4
    m.put((8, 20), "yellow")
    m.put((8, 8), "neutral")
    assert m.state().reserve == (6, 7) and m.state().neutral_reserve == 3
    m.put((8, 20), "green")  # the yellow stone goes back, a green one comes out
    assert m.state().reserve == (7, 6)
    m.put((8, 20), None)
    m.put((8, 8), None)
    assert m.state().reserve == (7, 7) and m.state().neutral_reserve == 4


def test_the_reserve_can_be_smaller_than_the_stones_left():
    m = EditorModel()
    m.put((8, 20), "yellow")
    m.set_reserve(0, 0)  # the other six yellow stones are out of this puzzle
    assert m.state().reserve == (0, 7)
    m.put((8, 19), "yellow")  # comes from outside: the reserve stays empty
    assert m.state().reserve == (0, 7)
    m.set_reserve(0, 9)
    assert m.reserve[0] == 5  # 7 less the two on the board
    m.set_reserve(None, 1)
    assert m.state().neutral_reserve == 1


def test_a_bundled_puzzle_is_edited_exactly_as_it_was_set_up():
    for path in bundled("glik"):
        sc, rec = load_scenario(path)
        m = EditorModel.from_scenario(sc)
        a, b = GAME.state_to_json(m.state()), GAME.state_to_json(rec.root.state)
        for key in ("stones", "reserve", "neutral_reserve", "turn", "ap_left", "house_rules",
                    "layout", "round"):
            assert a[key] == b[key], (path.name, key)


def test_the_allowed_moves_cycle_through_neutral_placement_and_neutral_moves():
    m = model_p01()
    m.set_goal_count(1)
    assert "actions" not in m.goal()
    m.cycle_actions()
    assert m.goal()["actions"] == ["place", "slide", "neutral"]
    m.cycle_actions()
    assert m.goal()["actions"] == ["place", "slide", "neutral", "move-neutral"]
    m.cycle_actions()
    assert "actions" not in m.goal()


def test_a_turn_that_ends_without_the_goal_says_so():
    from timeline import Session

    sc, rec = load_scenario(bundled("glik")[0])  # 01: 2 AP, yellow on (8,20)
    session = Session(rec)
    pz = Puzzle(rec)
    node = session.play(GAME.parse_action(session.node.state, "slide 8,20 S"))
    assert pz.check(node) is None  # 1 AP left: still trying
    (r, c), = [(r, c) for r, c, col in node.state.stone_list() if col == "yellow"]
    node = session.play(GAME.parse_action(session.node.state, f"slide {r},{c} N"))
    assert node.state.turn == 1  # the last AP ended the turn
    assert pz.check(node) == "The turn is over and the goal was not met: step back and try again"


def test_passing_the_turn_is_giving_up_the_puzzle():
    from timeline import Session

    sc, rec = load_scenario(bundled("glik")[0])
    session = Session(rec)
    node = session.play(GAME.parse_action(session.node.state, "end"))  # yellow passes
    assert Puzzle(rec).check(node) == ("The turn is over and the goal was not met: "
                                       "step back and try again")
