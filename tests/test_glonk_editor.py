"""The Glonk scenario editor without a window (scenarios.glonk.editor), Glonk goals
(games.glonk.goals) and the bundled Glonk tutorials: discs go anywhere on or off the
Galaxy but never overlap, faces flip, the player to move changes, a saved scenario loads the
same and validates with the rules, goals are checked, and every tutorial's recorded solution
meets its goal."""
from __future__ import annotations

import pytest

from games.glonk import GAME
from games.glonk.model import IN_PLAY, OUT, REMOVED
from games.glonk.positions import position
from scenarios import bundled, load_scenario
from games.glonk.goals import goal_met, goal_problem, goal_words
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


# --- players, armadas, starting scores, undo --------------------------------------------------

def test_the_player_count_is_two_to_six_one_armada_each():
    m = small()
    for n in (1, 7):
        assert m.set_players(n) == ("Glonk is played by 2 to 6 players "
                                    "(one armada each: there are 6)")
    assert m.players == 2 and m.undo_list == []  # a refusal changes nothing


def test_a_new_player_takes_the_next_free_armada_laid_out_as_at_setup():
    from games.glonk import rules as R

    m = small()
    assert m.set_players(3) is None
    s = m.state()
    assert s.config.players == 3 and s.seats == ("little_greys", "invaders", "sinistrum")
    mine = [p for p in s.pieces if p.armada == "sinistrum"]
    assert mine and all(p.status == IN_PLAY and p.owner == 2 for p in mine)
    base = next(p for p in mine if p.kind == "base")
    # on one middle-ring space, more than 2 parsecs from the other Bases (setup, point 3)
    assert R.occupied(base) & set(GAME.galaxy().ring_spaces("middle"))
    assert m.problems() == []
    assert m.set_players(6) is None and len(set(m.state().seats)) == 6


def test_a_player_who_leaves_takes_all_the_armadas_discs_and_undo_brings_them_back():
    m = small()
    m.set_players(3)
    m.set_turn(2)
    assert m.set_score(2, 2) is None  # the Sinistrum hold two enemy saucers
    assert m.set_score(0, 3) is None
    before = m.state()
    sinistrum = {p.id for p in before.pieces if p.armada == "sinistrum"}
    assert m.set_players(2) is None
    s = m.state()
    assert s.config.players == 2 and s.seats == ("little_greys", "invaders")
    assert not sinistrum & {p.id for p in s.pieces}
    assert s.turn_player == 0  # the player to move left: P1 moves
    assert all(p.stack in (None, 0, 1) for p in s.pieces)  # its trophy stack went back
    assert m.undo() == "2 players"
    assert m.state() == before


def test_an_armada_plays_once():
    m = small()
    assert m.set_armada(1, "little_greys") == ("The Little Greys play as P1 already: each "
                                               "armada is in play once")
    assert m.set_armada(1, "daleks").startswith("There is no armada 'daleks'")
    assert m.set_armada(5, "zorgs") == "There is no seat P6 in a 2-player game"


def test_another_armada_takes_the_old_ones_places_and_the_goal_follows_its_ship():
    m = small()
    assert m.set_check({"type": "atomise", "piece": "V1"}) is None
    assert m.set_armada(1, "zorgs") is None
    s = m.state()
    assert s.seats == ("little_greys", "zorgs") and s.config.armadas == ("little_greys", "zorgs")
    assert not [p for p in s.pieces if p.armada == "invaders"]
    z_base, z_first = s.piece("Z0"), s.piece("Z1")
    assert (z_base.kind, z_base.status, z_base.x, z_base.y) == ("base", IN_PLAY, 0.0, 0.5)
    assert (z_first.status, z_first.x, z_first.y) == (IN_PLAY, 0.0, 0.3)
    assert m.check == {"type": "atomise", "piece": "Z1"}
    assert m.seat_name(1) == "P2 Zorgs" and m.problems() == []
    m.undo()
    assert m.state().seats == ("little_greys", "invaders") and m.check["piece"] == "V1"


def test_a_starting_score_is_enemy_pieces_in_the_trophy_stack():
    m = small()
    assert m.set_score(0, 3) is None
    s = m.state()
    assert s.scores() == (3, 0)
    stack = [p for p in s.pieces if p.stack == 0]
    assert all(p.status == "atomised" and p.armada == "invaders" for p in stack)
    assert m.set_score(0, 1) is None and m.state().scores() == (1, 0)
    assert m.set_score(1, 6) is None and m.state().scores() == (1, 6)


def test_a_score_is_never_negative_and_below_the_victory():
    m = small()
    assert m.set_score(0, -1) == "A score cannot be negative: the lowest is 0"
    assert m.set_score(0, 7) == ("P1 would have won already: a starting score is below the "
                                 "victory's 7 points")
    assert m.state().scores() == (0, 0)


def test_a_score_needs_enemy_pieces_off_the_galaxy():
    m = GlonkEditorModel(position(("little_greys", "invaders"), fleet=1,
                                  at={"BH": (0, 0), "G0": (0, -0.5), "G1": (0, -0.3),
                                      "V0": (0, 0.5), "V1": (0, 0.3)}))
    assert m.set_score(0, 2).startswith("There are not enough enemy pieces off the Galaxy "
                                        "for P1 to hold 2 points")
    assert m.state().scores() == (0, 0)


def test_a_score_goal_keeps_asking_for_as_many_points_more():
    m = small()
    assert m.set_check({"type": "score", "player": 0, "points": 1}) is None
    m.set_score(0, 4)
    assert m.check == {"type": "score", "player": 0, "points": 5}
    assert m.problems() == []


def test_undo_and_redo_reach_every_edit():
    m = small()
    start = m.state()
    m.move("G1", 0.2, -0.1)
    m.flip("V1")
    m.set_turn(1)
    m.set_players(3)
    m.set_armada(2, "zorgs")
    m.set_score(0, 2)
    m.set_check({"type": "score", "player": 1, "points": 1})
    m.remove("G1")
    done = [m.undo() for _ in range(8)]
    assert done == ["G1 put in the box", "the checked goal", "P1 starts with 2 points",
                    "P3 plays the Zorgs", "3 players", "P2 Invaders to move", "V1 flipped",
                    "G1 moved"]
    assert m.state() == start and m.check is None and m.undo() is None
    assert [m.redo() for _ in range(8)][-1] == "G1 put in the box"
    s = m.state()
    assert s.seats == ("little_greys", "invaders", "zorgs") and s.scores()[0] == 2
    assert m.check == {"type": "score", "player": 1, "points": 1} and m.redo() is None


def test_players_armadas_and_scores_are_saved_and_reopened(tmp_path):
    m = small()
    m.set_players(3)
    m.set_armada(1, "space_pirates")
    m.set_score(0, 2)
    m.set_score(2, 5)
    m.title = "Three armadas"
    path = m.save(m.default_path(tmp_path))
    sc, record = load_scenario(path)
    assert sc.config["players"] == 3
    assert sc.config["armadas"] == ["little_greys", "space_pirates", "sinistrum"]
    again = GlonkEditorModel.from_scenario(sc)
    assert again.state() == m.state() and again.state().scores() == (2, 0, 5)
    assert record.root.state.scores() == (2, 0, 5)
    from flickbook_cli import main

    assert main(["check", str(path)]) == 0
