"""The bundled Glik puzzles: each loads, its recorded solution meets the goal with exactly
the AP the position gives, and the solver finds that line as the unique shortest one."""
import pytest

from games.glik import GAME
from games.glik.solver import Goal, goal_met, solve, track
from scenarios import bundled, load_scenario

PUZZLES = bundled("glik")


def test_at_least_ten_puzzles_of_graded_difficulty():
    assert len(PUZZLES) >= 10
    levels = [load_scenario(p)[0].difficulty for p in PUZZLES]
    assert levels == sorted(levels) and min(levels) == 1 and max(levels) == 5


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_recorded_solution_meets_the_goal_and_is_the_unique_shortest(path):
    scenario, record = load_scenario(path)
    start = record.root.state
    assert scenario.title and scenario.hints and scenario.goal
    state, tracked = start, Goal.from_json(scenario.goal).stones
    for text in scenario.solution:
        step = GAME.apply(state, GAME.parse_action(state, text))
        state, tracked = step.state, track(tracked, step.events)
    assert goal_met(state, scenario.goal, tracked)
    assert len(scenario.solution) == start.ap_left
    result = solve(start, scenario.goal)
    assert result.solved and result.unique and result.line == scenario.solution


def test_flickbook_solve_json_reports_the_number_of_shortest_lines_and_the_bound(capsys):
    import json

    from flickbook_cli import main
    from scenarios import bundled
    path = bundled("glik")[0]
    assert main(["solve", "--json", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solved"] and out["lines"] == 1 and out["unique"]
    assert out["bound"] >= out["cost"]
