"""Grendizer XperienZ puzzles: the set-up editor refuses what cannot exist, goals are checked
after each action, the exact search finds the shortest line or proves there is none, and
with shuffled cards the verdict is a success chance with its error bar."""
import json

import pytest

from analysis.puzzles import Verdict, verify
from games.grendizer.solver import FAILED, MET, goal_problem, goal_status, solve
from scenarios import bundled, load_scenario, puzzle_for
from scenarios.grendizer.editor import GrendizerEditorModel
from authoring.grendizer.make_puzzles import blank, setup


def gilgil_model(damage=2, hand=("C05", "C16", "C36"), top=("C44", "C45", "C46")):
    return setup(blank(), beasts=[(2, 3, "S01", damage)], hand=list(hand), top=list(top))


def destroy_gilgil(m, turns):
    m.set_goal("destroy", beast="S01", turns=turns)
    return m.goal()


def test_a_tenth_minifo_of_a_colour_is_refused_with_the_count():
    m = blank()
    for _ in range(9):
        assert m.add_minifo(0, 1) is None
    before = m.state()
    why = m.add_minifo(0, 2)
    assert "10 MiniFOs of colour green" in why and "the game has 9" in why
    assert m.state() == before


def test_a_card_the_deck_has_no_copy_of_left_is_refused():
    m = blank()
    assert m.add_card(0, "C01") is None
    why = m.add_card(0, "C01")
    assert "2 copies of Actions card 'C01', the game has 1" in why


def test_a_hand_is_set_as_a_whole_or_not_at_all():
    m = blank()
    assert m.set_hand(0, ["C05", "C16"]) is None and m.state().hands[0] == ("C05", "C16")
    before = m.state()
    assert "2 copies" in m.set_hand(0, ["C01", "C01"])
    assert m.state() == before


def test_a_saucer_beast_card_in_two_lanes_is_refused():
    m = blank()
    assert m.place_beast(0, 1, "S01") is None
    assert "2 copies of Saucer Beast card 'S01'" in m.place_beast(1, 1, "S01")


def test_damage_past_the_life_bar_is_refused():
    m = blank()
    m.place_beast(2, 3, "S01")
    assert "destruction symbol" in m.set_damage(2, 3)


def test_threat_at_game_over_is_refused():
    assert "GAME OVER" in blank().set_threat(15)


def test_goals_the_position_cannot_have_are_refused_in_words():
    m = gilgil_model()
    s = m.state()
    assert "turns" in goal_problem(s, {"type": "survive", "turns": 0})
    assert "already" in goal_problem(s, {"type": "threat", "below": 0, "turns": 2}) or \
        "limit" in goal_problem(s, {"type": "threat", "below": 0, "turns": 2})
    assert "S99" in goal_problem(s, {"type": "destroy", "beast": "S99", "turns": 2})
    assert goal_problem(s, {"type": "destroy", "beast": "S01", "turns": 2}) is None


def test_a_destroy_goal_is_met_the_action_the_beast_falls():
    m = gilgil_model()
    s = m.state()
    goal = {"type": "destroy", "beast": "S01", "turns": 1}
    from games.grendizer import GAME
    after = GAME.apply(s, "play C05 target=beast").state
    assert goal_status(s, after, goal) == MET
    passed = GAME.apply(GAME.apply(s, "pass").state, "pass").state  # the turn ends
    assert goal_status(s, passed, goal) == FAILED


def test_the_exact_search_finds_the_one_line_that_wins_in_one_turn():
    m = gilgil_model(damage=2)
    r = solve(m.state(), destroy_gilgil(m, 1))
    assert r.solved and r.cost == 1 and r.unique and r.line == ["play C05 target=beast"]
    assert r.verdict() == "Best: win in 1 turn, unique"


def test_the_exact_search_proves_there_is_no_win_within_the_turns():
    m = gilgil_model(damage=0, hand=("C05", "C36"))  # 1 HP of damage a turn, 3 HP to take
    r = solve(m.state(), destroy_gilgil(m, 2))
    assert not r.solved and r.states > 1
    assert r.verdict() == "No win within 2 turns"


def test_the_shortest_line_needs_grendizer_moved_for_the_next_turn():
    m = gilgil_model(damage=0)
    r = solve(m.state(), destroy_gilgil(m, 3))
    assert r.solved and r.cost == 2
    assert r.line[:2] == ["play C05 target=beast", "move zone=5"]


def test_with_shuffled_cards_the_verdict_is_a_chance_with_an_error_bar():
    m = gilgil_model(damage=0)
    m.shuffle_order()
    m.set_goal("destroy", beast="S01", turns=2)
    v = verify("grendizer", m.state(), m.goal(), samples=30, seed=3)
    assert not v.exact and 0.0 <= v.success <= 1.0 and 0 < v.error <= 1.0
    assert v.words().startswith("Best line succeeds ") and "+-" in v.words()
    again = verify("grendizer", m.state(), m.goal(), samples=30, seed=3)
    assert again.to_json() | {"seconds": 0} == v.to_json() | {"seconds": 0}


def test_an_order_that_runs_out_falls_back_to_the_success_chance():
    m = gilgil_model(damage=0)
    m.order = {"actions": [], "piles": [[], [], [], []], "beasts": [], "events": []}
    m.set_goal("destroy", beast="S01", turns=2)
    v = verify("grendizer", m.state(), m.goal(), samples=10)
    assert not v.exact and "not fixed" in v.note


def test_a_verified_puzzle_saves_reopens_and_replays_its_line(tmp_path):
    m = gilgil_model(damage=0)
    m.title = "Two strikes"
    m.hints = ["Drill first."]
    m.set_goal("destroy", beast="S01", turns=2)
    with pytest.raises(ValueError):
        m.save(tmp_path / "x.flick")
    m.accept(verify("grendizer", m.state(), m.goal()), m.key())
    path = m.save(tmp_path / "two.flick")
    sc, record = load_scenario(path)
    assert sc.verdict["verdict"] == "Best: win in 2 turns, 2 lines"
    assert sc.solution == m.result.line
    again = GrendizerEditorModel.from_scenario(sc)
    assert again.state() == m.state() and again.goal() == m.goal()
    puzzle = puzzle_for(record)
    end = record.root
    for text in sc.solution:
        end = end.child_for(text)
    assert puzzle.check(end).startswith("Goal met in 2 turns!")
    assert "Gilgil" in puzzle.intro()


@pytest.mark.parametrize("path", bundled("grendizer"), ids=lambda p: p.stem)
def test_bundled_puzzles_check_and_solve_as_their_verdict_says(path, capsys):
    from flickbook_cli import main

    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    assert main(["solve", "--json", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    sc, _ = load_scenario(path)
    assert out["solved"] and out["line"] == sc.solution
    assert out["verdict"] == sc.verdict["verdict"]
    assert {"solved", "cost", "line", "unique", "seconds"} <= set(out)


def test_bundled_puzzles_are_graded():
    levels = [load_scenario(p)[0].difficulty for p in bundled("grendizer")]
    assert len(levels) >= 5 and levels == sorted(levels)


def test_verdict_round_trips_through_json():
    v = Verdict("grendizer", False, True, ["pass"], success=0.73, error=0.02, samples=400)
    assert v.words() == "Best line succeeds 73 % +- 2 %"
    assert Verdict.from_json(v.to_json()).words() == v.words()


def test_flickbook_puzzles_lists_the_puzzles_of_every_game(capsys):
    from flickbook_cli import main

    assert main(["puzzles", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["game"] for r in rows} == {"glik", "glonk", "grendizer"}
    assert sum(1 for r in rows if r["game"] == "grendizer" and r["verdict"]) >= 5
    assert sum(1 for r in rows if r["game"] == "glonk" and r["verdict"]) >= 5
