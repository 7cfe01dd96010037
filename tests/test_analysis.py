"""The analysis engine: the shot explorer's statistics, the best robust shot and the shot bot,
win chances for all three games, mistakes and luck written into the record, any executor."""
import importlib.util
import json
import math

import numpy as np
import pytest

from analysis.executors import ExecutorError, open_executor
from analysis.glonk import ShotBot, best_shot, explore
from analysis.record import analyse_record
from analysis.registry import analyser_for
from analysis.glonk.skill import EXACT, SKILLS, scattered
from flickbook_cli import main
from games.api import CHANCE, random_action
from games.glonk import GAME as GLONK
from games.glonk.actions import Flick
from games.glonk.positions import position
from timeline import Record, RecordFileError, dumps, load_record, loads, save_record


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def duel():
    """Two saucers and a Black Hole: P1 sits 0.2 m east of the Black Hole."""
    return position(["space_pirates", "invaders"],
                    {"BH": (0.0, 0.0), "P0": at(0.335, 130), "V0": at(0.335, 250),
                     "P1": at(0.20, 0), "V1": at(0.335, 300), "V2": at(0.45, 60)}, asteroids=0)


def without_times(report):
    return {k: v for k, v in report.items() if k != "seconds"}


# --- the explorer's statistics ---------------------------------------------------------------
def test_a_flick_straight_at_the_black_hole_always_loses_the_piece_to_it():
    r = explore(duel(), Flick.make("P1", 180, 1.4), "expert", samples=12, seed=1)
    assert r["samples"] == 12
    assert r["outcomes"]["black_hole"] == 1.0 and r["outcomes"]["lose_piece"] == 1.0
    assert r["expected_points"] == 0.0 and r["expected_value"] < -0.9
    assert r["end_histogram"]["on_galaxy"] == 0  # it never came to rest on the Galaxy


def test_a_gentle_flick_away_from_everything_never_scores_and_stays_standard():
    r = explore(duel(), Flick.make("P1", 0, 0.3), "club", samples=10, seed=2)
    assert r["p_standard"] == 1.0 and r["p_hyper"] == 0.0
    assert r["outcomes"]["atomise_enemy"] == 0.0 and r["expected_points"] == 0.0
    counts = np.array(r["end_histogram"]["counts"])
    assert counts.sum() == 10 == r["end_histogram"]["on_galaxy"]
    x_edges = r["end_histogram"]["x_edges"]
    i, _ = np.unravel_index(counts.argmax(), counts.shape)
    assert x_edges[i] >= 0.2  # it came to rest east of where it started


def test_the_skill_scatter_is_wider_for_a_novice_and_none_for_an_exact_hand():
    intent = Flick.make("P1", 90, 1.0)
    spread = {}
    for name in ("novice", "expert"):
        rng = np.random.default_rng(0)
        angles = [scattered(intent, SKILLS[name], rng).angle for _ in range(200)]
        spread[name] = np.std(angles)
    assert spread["novice"] > 3 * spread["expert"] > 0
    assert scattered(intent, EXACT, np.random.default_rng(0)) == intent


def test_an_illegal_intent_is_refused_with_the_rule():
    from games.api import IllegalAction

    with pytest.raises(IllegalAction, match="activated"):
        explore(duel(), Flick.make("V1", 0, 1.0), samples=2)


# --- executors -------------------------------------------------------------------------------
def executors_here():
    specs = ["inprocess", "local"]
    if importlib.util.find_spec("distributed") is not None:
        specs.append("dask")
    if importlib.util.find_spec("ray") is not None:
        specs.append("ray")
    return specs


def test_every_executor_and_worker_count_gives_the_same_bytes():
    intent = Flick.make("P1", 150, 1.1)
    answers = {}
    for spec in executors_here():
        for workers in ((1, 2) if spec == "local" else (2,)):
            with open_executor(spec, workers) as executor:
                r = explore(duel(), intent, "novice", samples=12, seed=5, batch_size=3,
                            executor=executor)
            answers[(spec, workers)] = json.dumps(without_times(r), sort_keys=True)
    assert len(set(answers.values())) == 1, sorted(answers)


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                    reason="Dask distributed is not installed (pip install flickbook[cluster])")
def test_grendizer_rollouts_on_a_dask_cluster_match_the_local_pool():
    record = grendizer_record(plies=6)
    answers = []
    for spec in ("local", "dask"):
        with open_executor(spec, 2) as executor:
            answers.append(analyse_record(record, budget=20, seed=3, executor=executor))
    assert answers[0] == answers[1]


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (pip install flickbook[cluster])")
def test_grendizer_rollouts_on_ray_match_in_process():
    record = grendizer_record(plies=4)
    with open_executor("ray", 2) as executor:
        on_ray = analyse_record(record, budget=10, seed=4, executor=executor)
    assert on_ray == analyse_record(record, budget=10, seed=4)


def test_an_unknown_executor_or_a_missing_scheduler_is_one_clear_error():
    with pytest.raises(ExecutorError, match="unknown executor 'gpu'"):
        with open_executor("gpu"):
            pass
    if importlib.util.find_spec("distributed") is not None:
        with pytest.raises(ExecutorError, match="cannot use the Dask scheduler"):
            with open_executor("tcp://127.0.0.1:9"):
                pass


# --- the best robust shot and the bot ----------------------------------------------------------
def test_the_best_shot_avoids_the_black_hole_and_beats_a_flick_into_it():
    s = duel()
    best = best_shot(s, "club", budget=24, seed=0)
    assert GLONK.is_legal(s, GLONK.parse_action(s, best["action"]))
    into_bh = explore(s, Flick.make("P1", 180, 1.4), "club", samples=8, seed=0)
    assert best["expected_value"] > into_bh["expected_value"] + 0.5
    assert best["flicks"] <= 24 and best["outcomes"]["black_hole"] < 0.5


def test_the_shot_bot_plays_a_legal_action_and_is_reproducible():
    s = duel()
    bot = ShotBot("novice")
    a = bot(s, np.random.default_rng(9))
    b = bot(s, np.random.default_rng(9))
    assert str(a) == str(b) and GLONK.is_legal(s, a)


def test_selfplay_glonk_with_the_shot_bot_is_reproducible(tmp_path, capsys):
    args = ["selfplay", "glonk", "--strength", "novice", "--executor", "inprocess",
            "--max-actions", "22", "--seed", "2"]
    assert main(args + ["--out", str(tmp_path / "a")]) == 0
    assert main(args + ["--out", str(tmp_path / "b")]) == 0
    a, b = (next((tmp_path / d).iterdir()) for d in "ab")
    assert a.read_bytes() == b.read_bytes()
    record = load_record(a)
    assert "shot bot (novice)" in record.headers["players"][0]
    assert any(isinstance(n.action, Flick) for n in record.mainline()[1:])


def test_a_computer_seat_needs_a_known_strength_and_seat(capsys):
    assert main(["play", "glonk", "--computer", "1=grandmaster"]) == 2
    assert main(["play", "glonk", "--computer", "0=club"]) == 2  # seats count from 1
    assert main(["play", "glik", "--computer", "1=club"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 3 and "strength" in lines[0] and "seats are 1 to 2" in lines[1]


# --- win chances ------------------------------------------------------------------------------
def grendizer_record(plies: int, seed: int = 1, random_decisions: bool = False):
    from games.grendizer.bot import choose_action

    record = Record.new("grendizer", headers={"created": None})
    rng = np.random.default_rng(seed)
    node = record.root
    game = record.game
    for _ in range(plies):
        if game.is_terminal(node.state):
            break
        if random_decisions and game.current_player(node.state) != CHANCE:
            action = random_action(game, node.state, rng)
        else:
            action = choose_action(node.state, rng)
        node = record.add_child(node, action)
    return record


def grendizer_lost_game():
    """A finished self-play game the team lost (seeded search over a few seeds)."""
    for seed in range(40):
        record = grendizer_record(plies=3000, seed=seed)
        end = record.mainline()[-1].state
        if end.result == "defeat":
            return record
    raise AssertionError("no lost game in 40 seeds")


def test_one_step_from_certain_defeat_the_win_chance_is_zero_and_finished_games_are_exact():
    record = grendizer_lost_game()
    game = record.game
    line = record.mainline()
    doomed = line[-2].state
    # Every way on from here is defeat (checked exhaustively), so no playout can win.
    assert all(game.apply(doomed, a).state.result == "defeat"
               for a in game.legal_actions(doomed))
    analyser = analyser_for("grendizer")
    seeds = np.random.SeedSequence(0).spawn(2)
    doomed_win, end_win = analyser.win([doomed, line[-1].state], budget=30, seeds=seeds)
    assert doomed_win["win"] == [0.0] and 0 < doomed_win["win_error"] <= 0.1
    assert end_win["win"] == [0.0] and end_win["samples"] == 30


def test_grendizer_luck_at_a_draw_is_the_change_in_win_chance_it_caused():
    record = grendizer_record(plies=12)
    summary = analyse_record(record, budget=20, seed=0)
    nodes = summary["nodes"]
    line = record.mainline()
    for i in range(1, len(nodes)):
        if record.game.current_player(line[i - 1].state) == CHANCE:
            assert nodes[i]["luck"] == pytest.approx(nodes[i]["win"][0] - nodes[i - 1]["win"][0])
            assert nodes[i]["loss"] is None
        else:
            assert nodes[i]["luck"] is None and nodes[i]["loss"] >= 0.0
    assert all(0.0 <= n["win"][0] <= 1.0 and n["win_error"] > 0 for n in nodes)


def test_glik_win_chances_come_from_the_solver_distance_of_each_player():
    from games.glik.solver import solve
    from scenarios import Scenario

    record = load_record("scenarios/glik/01-first-touch.flick")
    state = record.root.state
    goal = Scenario.from_record(record).goal
    analyser = analyser_for("glik")
    [figures] = analyser.win([state], budget=1, seeds=np.random.SeedSequence(0).spawn(1))
    mover = state.turn
    distance = figures["extra"]["distance_ap"][mover]
    solved = solve(state, {"player": mover, "count": state.touching()[mover] + 1})
    assert distance == solved.cost
    assert sum(figures["win"]) == pytest.approx(1.0) and figures["method"] == "solver"
    assert goal["player"] == mover


def test_glonk_flick_loss_is_choice_and_execution_in_points_against_the_best_robust_shot():
    s = duel()
    record = Record.new("glonk", GLONK.state_to_json(s)["config"],
                        start_state_json=GLONK.state_to_json(s), headers={"created": None})
    record.add_child(record.root, Flick.make("P1", 180, 1.4))  # into the Black Hole
    analyser = analyser_for("glonk").configured(rollout_budget=1, explore_samples=4,
                                                search_budget=12, horizon_actions=4)
    summary = analyse_record(record, budget=2, analyser=analyser)
    flick = summary["nodes"][1]
    assert summary["unit"] == "points" and flick["loss"] >= 0.5 and flick["glyph"]
    assert flick["best"] and flick["best"] != "flick P1 a=180.00 v=1.400 s=0.00"
    # the flick's loss is the choice; its execution is what it did against the intent's
    # expectation (every such flick ends the same way), and a flick has no luck of its own
    assert flick["execution"] == pytest.approx(0.0, abs=0.05) and flick["luck"] is None
    assert summary["choice"]["0"] == pytest.approx(flick["loss"])
    assert summary["execution"]["0"] == pytest.approx(flick["execution"])
    node = record.mainline()[1]
    assert "[analysis] Better:" in node.comment
    assert [c.action_text for c in record.root.variations][1:] == [flick["best"]]


# --- writing it back -------------------------------------------------------------------------
def test_analysis_round_trips_through_the_file_and_reanalysing_replaces_it(tmp_path):
    record = grendizer_record(plies=14, seed=2, random_decisions=True)
    record.mainline()[3].comment = "my own note"
    analyser = analyser_for("grendizer").configured(thresholds=(0.0, 2.0, 2.0))
    analyse_record(record, budget=8, seed=1, analyser=analyser)
    path = save_record(record, tmp_path / "a.flick")
    again = load_record(path)
    assert [n.analysis for n in again.nodes()] == [n.analysis for n in record.nodes()]
    assert dumps(again) == dumps(record)
    analyse_record(again, budget=8, seed=1, analyser=analyser)
    assert dumps(again) == dumps(record)  # the same figures, not a second set
    main_line = again.mainline()
    assert main_line[3].comment.startswith("my own note")
    for node in main_line:
        assert node.comment.count("[analysis]") <= 1 and node.glyphs.count("?!") <= 1
        assert node.analysis["version"] == 1
    inserted = [c for n in main_line for c in n.variations[1:] if c.analysis["alternative"]]
    assert inserted and all(not c.variations for c in inserted)


def test_a_bad_or_newer_analysis_field_is_a_clear_file_error(tmp_path):
    record = grendizer_record(plies=2)
    data = json.loads(dumps(record))
    data["nodes"][1]["analysis"] = {"version": 1, "win": [1.5]}
    with pytest.raises(RecordFileError, match=r"node 1 .*bad analysis .*win must be between"):
        loads(json.dumps(data).encode())
    data["nodes"][1]["analysis"] = {"version": 9}
    with pytest.raises(RecordFileError, match="analysis version 9 is newer"):
        loads(json.dumps(data).encode())


# --- the command line ------------------------------------------------------------------------
@pytest.fixture
def duel_file(tmp_path):
    s = duel()
    record = Record.new("glonk", GLONK.state_to_json(s)["config"],
                        start_state_json=GLONK.state_to_json(s), headers={"created": None})
    return save_record(record, tmp_path / "duel.flick")


def test_explore_json_has_the_summary_keys(duel_file, capsys):
    assert main(["explore", str(duel_file), "--piece", "P1", "--angle", "180", "--speed", "1.4",
                 "--samples", "6", "--executor", "inprocess", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"samples", "p_standard", "p_hyper", "expected_points", "outcomes",
            "end_histogram", "seconds"} <= set(out)
    assert out["samples"] == 6 and out["outcomes"]["black_hole"] == 1.0


def test_bestshot_json_names_a_legal_flick(duel_file, capsys):
    assert main(["bestshot", str(duel_file), "--budget", "12", "--executor", "inprocess",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["action"].startswith("flick ") and out["flicks"] <= 12


def test_analyse_writes_the_annotated_record_and_prints_per_node_figures(tmp_path, capsys):
    src = save_record(grendizer_record(plies=8), tmp_path / "g.flick")
    out_path = tmp_path / "g-analysed.flick"
    assert main(["analyse", str(src), "--out", str(out_path), "--budget", "6",
                 "--executor", "inprocess", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["nodes"]) == 9
    assert all({"win", "loss", "luck", "glyph"} <= set(n) for n in out["nodes"])
    assert load_record(out_path).mainline()[4].analysis["samples"] == 6


def test_bad_analysis_input_gets_one_line_and_exit_2(duel_file, tmp_path, capsys):
    glik = "scenarios/glik/01-first-touch.flick"
    flick = ["--angle", "0", "--speed", "1", "--executor", "inprocess"]
    assert main(["explore", glik, "--piece", "P1"] + flick) == 2
    assert main(["explore", str(duel_file), "--piece", "Q9"] + flick) == 2
    assert main(["explore", str(duel_file), "--piece", "P1", "--skill", "godlike"] + flick) == 2
    assert main(["explore", str(duel_file), "--piece", "P1", "--angle", "0", "--speed", "1",
                 "--executor", "tcp://"]) == 2
    assert main(["analyse", glik, "--out", str(tmp_path / "x.flick"), "--skill", "club"]) == 2
    assert main(["analyse", str(duel_file), "--out", str(tmp_path / "y.flick"),
                 "--skill", "godlike"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 6 and "godlike" in lines[5] and all(line.startswith("flickbook: ") for line in lines)
    assert "Glonk" in lines[0] and "no piece Q9" in lines[1] and "godlike" in lines[2]


def test_nothing_below_analysis_imports_it():
    import subprocess
    import sys

    code = ("import sys, games, timeline, physics, scenarios\n"
            "import timeline.fileformat, games.glonk, games.glik, games.grendizer\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'analysis')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""
