"""The Glonk scenario editor without a window (scenarios.glonk.editor), Glonk goals
(scenarios.glonk.goals) and the bundled Glonk tutorials: discs go anywhere on or off the
Galaxy but never overlap, faces flip, the player to move changes, a saved scenario loads the
same and validates with the rules, goals are checked, and every tutorial's recorded solution
meets its goal."""
from __future__ import annotations

import pytest

from games.glonk import GAME
from games.glonk.model import IN_PLAY, OUT, REMOVED
from games.glonk.positions import position
from scenarios import bundled, load_scenario
from scenarios.glonk.goals import goal_met, goal_problem, goal_words
from scenarios.glonk.editor import GlonkEditorModel
from scenarios.glonk.puzzle import Puzzle as GlonkPuzzle


def small():
    """Two saucers facing each other with the Black Hole between them."""
    return GlonkEditorModel(position(("little_greys", "invaders"),
                                     at={"BH": (0, 0), "G0": (0, -0.5), "G1": (0, -0.3),
                                         "V0": (0, 0.5), "V1": (0, 0.3)}))


def test_a_disc_dragged_on_the_galaxy_is_in_play_where_it_was_dropped():
    m = small()
    assert m.move("G1", 0.2, -0.1) is None
    p = m.state().piece("G1")
    assert (p.status, round(p.x, 6), round(p.y, 6)) == (IN_PLAY, 0.2, -0.1)


def test_a_disc_dropped_over_the_edge_is_pulled_in_to_lie_on_the_galaxy():
    m = small()
    assert m.move("G1", 0.595, 0.0) is None
    p = m.state().piece("G1")
    assert p.status == IN_PLAY and p.x == pytest.approx(0.6 - p.radius)


def test_a_disc_dragged_off_the_galaxy_goes_out_of_play_and_can_come_back():
    m = small()
    assert m.move("V1", 0.75, 0.2) is None
    assert m.state().piece("V1").status == OUT
    assert m.move("V1", -0.3, 0.1) is None
    assert m.state().piece("V1").status == IN_PLAY


def test_a_disc_put_in_the_box_is_out_of_the_scenario_and_can_come_back():
    m = small()
    assert m.remove("V1") is None
    assert m.state().piece("V1").status == REMOVED
    assert m.move("V1", 0.1, 0.3) is None
    p = m.state().piece("V1")
    assert p.status == IN_PLAY and p.active


def test_discs_on_the_galaxy_never_overlap():
    m = small()
    msg = m.move("G1", 0.01, 0.31)
    assert msg == "G1 would overlap V1: discs on the Galaxy may touch, never overlap"
    assert m.state().piece("G1").y == pytest.approx(-0.3)  # unchanged
    assert m.move("G1", 0.0, 0.3 - 0.04) is None  # touching edge to edge is allowed


def test_flipping_turns_a_ship_passive_and_an_asteroid_molten_but_not_the_black_hole():
    m = small()
    assert m.flip("G1") is None and m.state().piece("G1").active is False
    assert m.flip("G1") is None and m.state().piece("G1").active is True
    assert m.move("A1", 0.2, 0.2) is None and m.flip("A1") is None
    assert m.state().piece("A1").molten is True
    assert m.flip("BH") == "The Black Hole has one face"


def test_the_player_to_move_is_chosen_and_needs_a_piece_that_can_act():
    m = small()
    m.set_turn(1)
    s = m.state()
    assert (s.turn_player, s.to_move, s.phase) == (1, 1, "actions")
    m.flip("V1")  # its only mobile piece passive: nothing to do
    assert m.problems() == ["P2 Invaders has no piece that can act"]


def test_goals_are_refused_when_they_cannot_be_played_for():
    m = small()
    assert m.set_check({"type": "atomise", "piece": "ZZ"}) == "There is no piece ZZ in this game"
    m.move("V1", 0.9, 0.0)
    assert m.set_check({"type": "atomise", "piece": "V1"}) == "V1 must be on the Galaxy at the start"
    here = GAME.galaxy().space_at(0, -0.3)  # where G1 stands
    assert m.set_check({"type": "reach", "piece": "G1", "space": here}) == \
        f"G1 is on {here} already: there is nothing to do"
    assert m.set_check({"type": "score", "player": 0, "points": 0}) == \
        "The score goal needs at least 1 point"
    assert m.set_check({"type": "score", "player": 0, "points": 2}) is None


def test_goal_checks_read_the_position():
    s = position(("little_greys", "invaders"), at={"G1": (0, -0.3), "V1": (0, 0.3)},
                 atomised={"V2": 0})
    assert goal_met(s, {"type": "atomise", "piece": "V2"})
    assert not goal_met(s, {"type": "atomise", "piece": "V1"})
    assert goal_met(s, {"type": "score", "player": 0, "points": 1})
    assert not goal_met(s, {"type": "score", "player": 0, "points": 2})
    assert goal_met(s, {"type": "reach", "piece": "G1", "space": GAME.galaxy().space_at(0, -0.3)})
    assert not goal_met(s, {"text": "Have fun"})  # words alone are never checked
    assert goal_problem(s, {"type": "fly"}).startswith("Unknown goal type")
    assert goal_words({"type": "score", "player": 0, "points": 2}) == "Goal: P1 scores 2 points"


def test_save_and_load_round_trip_and_never_overwrite_unasked(tmp_path):
    m = small()
    m.move("G1", 0.1, -0.2)
    m.flip("V1")
    m.title, m.description = "Tiny test", "A test position."
    m.goal_text = "Atomise V1"
    assert m.set_check({"type": "atomise", "piece": "V1"}) is None
    m.add_hint("Aim well.")
    path = m.save(m.default_path(tmp_path))
    assert path.name == "tiny-test.flick"
    with pytest.raises(FileExistsError):
        m.save(path)
    sc, record = load_scenario(path)
    assert sc.game == "glonk" and sc.title == "Tiny test" and sc.hints == ["Aim well."]
    assert sc.goal == {"type": "atomise", "piece": "V1", "text": "Atomise V1"}
    state = GAME.state_from_json(sc.start)
    assert state == m.state() and state.piece("V1").active is False
    again = GlonkEditorModel.from_scenario(sc)
    assert again.state() == m.state() and again.goal() == m.goal() and again.hints == m.hints


def test_scenarios_go_under_flickbook_scenarios_glonk(tmp_path, monkeypatch):
    monkeypatch.setenv("FLICKBOOK_SCENARIOS", str(tmp_path))
    m = small()
    m.title = "Here"
    assert m.default_path() == tmp_path / "glonk" / "here.flick"


TUTORIALS = [p for p in bundled("glonk") if p.name.startswith("0")]  # 1N-: verified puzzles


def test_three_tutorials_are_bundled():
    assert [p.name for p in TUTORIALS] == ["01-your-first-flick.flick", "02-boarding.flick",
                                           "03-the-black-hole.flick"]


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_each_tutorial_has_words_a_prompt_and_a_solution_that_meets_its_goal(path):
    sc, record = load_scenario(path)
    assert sc.title and sc.description and len(sc.hints) >= 2 and record.root.prompt
    assert goal_problem(record.root.state, sc.goal) is None and sc.goal.get("type")
    assert not goal_met(record.root.state, sc.goal)
    node, line = record.root, []
    while node.variations:
        node = node.variations[0]
        line.append(str(node.action))
    assert line == sc.solution and line[0].startswith("flick ")
    assert goal_met(node.state, sc.goal)
    puzzle = GlonkPuzzle(record)
    assert puzzle.check(node) == f"Goal met in {len(line)} action{'s' if len(line) > 1 else ''}!"
    assert puzzle.next_hint().startswith("Hint 1: ")
    # the start is editable: the editor takes the position and words back as they are
    m = GlonkEditorModel.from_scenario(sc)
    assert m.state() == record.root.state and m.problems() == []


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_flickbook_check_passes_on_each_tutorial_with_its_stored_flicks(path, capsys):
    from flickbook_cli import main

    assert main(["check", "--verify-motion", str(path)]) == 0
    out = capsys.readouterr().out
    assert "valid glonk scenario" in out and "warning" not in out
