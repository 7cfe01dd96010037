"""Scenarios: authored positions with goal, hints and a solution, saved as .flick files."""
import pytest

from scenarios import Scenario, load_scenario, save_scenario, solver_for
from timeline import Record, RecordFileError, save_record
from games.api import IllegalAction


def toy_scenario(**kw):
    args = dict(game="toy", start={"total": 7, "bonus": 2, "to_move": 0, "last": 1},
                title="Reach ten", description="Finish the count first.",
                hints=["Two is more than one."], goal={"win": 0}, solution=["add 2", "add 1"],
                config={"players": 2}, difficulty=1)
    args.update(kw)
    return Scenario(**args)


def test_scenario_round_trip(tmp_path):
    path = save_scenario(tmp_path / "s.flick", toy_scenario())
    scenario, record = load_scenario(path)
    assert scenario == toy_scenario()
    assert record.kind == "scenario"
    assert [n.action_text for n in record.mainline()[1:]] == ["add 2", "add 1"]
    assert record.root.state.total == 7


def test_a_solution_that_breaks_the_rules_is_refused():
    with pytest.raises(IllegalAction):
        toy_scenario(solution=["add 3"]).to_record()


def test_a_plain_record_is_not_a_scenario(tmp_path):
    path = save_record(Record.new("toy"), tmp_path / "r.flick")
    with pytest.raises(RecordFileError, match="not a scenario"):
        load_scenario(path)


def test_a_game_without_solver_says_so():
    with pytest.raises(ValueError, match="no puzzle solver"):
        solver_for("toy")
