"""Issue 22's fixes: `analyse` without --budget on every game, Glik's finish within this
turn's AP (a won position 1.0, a lost one 0.0, the thrown-away win a full 1.0 lost), the
command's report lines and notes in readable notation, and every `analyse` option on the
three games without a traceback."""
import json
import re

import numpy as np
import pytest

from analysis.record import analyse_record
from analysis.registry import analyser_for
from flickbook_cli import main
from games.glik import GAME as GLIK
from games.glik import actions as A
from games.glik.positions import position
from timeline import Record, load_record, save_record

#: Yellow touches with six stones and one slide (4,20 W to 4,14) brings the seventh; green the
#: same with 11,3 E. Whoever is to move wins this turn.
YELLOW = {(5, 10): "yellow", (4, 10): "yellow", (4, 11): "yellow", (4, 12): "yellow",
          (4, 13): "yellow", (3, 10): "yellow", (4, 20): "yellow"}
GREEN = {(10, 13): "green", (11, 13): "green", (11, 12): "green", (11, 11): "green",
         (11, 10): "green", (12, 13): "green", (11, 3): "green"}


def race():
    return position({**YELLOW, **GREEN}, reserve=[0, 0])


def glik_record(state):
    return Record.new("glik", GLIK.default_config(state.players),
                      start_state_json=GLIK.state_to_json(state), headers={"created": None})


def test_a_glik_player_who_finishes_with_this_turns_ap_has_won_and_the_other_has_lost():
    state = race()
    assert state.touching() == (6, 6) and state.turn == 0
    after_pass = GLIK.apply(state, A.EndTurn()).state
    figures = analyser_for("glik").win([state, after_pass], budget=1,
                                       seeds=np.random.SeedSequence(0).spawn(2))
    assert figures[0]["win"] == [1.0, 0.0]
    assert figures[1]["win"] == [0.0, 1.0]  # green to move now finishes in its turn
    assert figures[0]["extra"]["finishes_this_turn"] is True


def test_a_glik_win_thrown_away_is_marked_with_the_whole_win_lost_and_the_finish_as_better():
    record = glik_record(race())
    record.add_child(record.root, A.EndTurn())  # yellow ends the turn instead of finishing
    summary = analyse_record(record, budget=1, seed=0)
    thrown = summary["nodes"][1]
    assert thrown["loss"] == pytest.approx(1.0)
    assert thrown["glyph"] == "??"
    assert thrown["best"] == "slide 4,20 W"
    assert thrown["move"] == "Y ends the turn" and thrown["better"] == "Y u12 left to o12"
    node = record.mainline()[1]
    assert "[analysis] Better: " + thrown["better"] in node.comment  # readable, not file text


def test_a_glik_slide_that_finishes_later_is_not_a_certain_win():
    # One more AP would be needed: with 0 AP left yellow cannot finish this turn.
    state = position({**YELLOW, **GREEN}, reserve=[0, 0], ap=0)
    [figures] = analyser_for("glik").win([state], budget=1,
                                         seeds=np.random.SeedSequence(0).spawn(1))
    assert figures["extra"]["finishes_this_turn"] is False
    assert 0.0 < figures["win"][0] < 1.0


def test_analyse_without_budget_uses_each_games_default(tmp_path, capsys):
    grendizer = save_record(Record.new("grendizer", headers={"created": None}),
                            tmp_path / "g.flick")
    out = tmp_path / "g-out.flick"
    assert main(["analyse", str(grendizer), "--out", str(out), "--executor", "inprocess",
                 "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["nodes"][0]["win"] is not None
    assert load_record(out).root.analysis["samples"] == analyser_for("grendizer").default_budget


def test_the_report_lines_name_moves_in_readable_notation(tmp_path, capsys):
    record = glik_record(race())
    record.add_child(record.root, A.EndTurn())
    src = save_record(record, tmp_path / "race.flick")
    assert main(["analyse", str(src), "--out", str(tmp_path / "out.flick"),
                 "--executor", "inprocess"]) == 0
    out = capsys.readouterr().out
    [line] = [line for line in out.splitlines() if "??" in line]
    assert "slide 4,20 W" not in line and "better Y " in line


def glonk_record():
    from games.glonk import GAME as GLONK
    from games.glonk.actions import Flick

    from test_analysis import duel

    s = duel()
    record = Record.new("glonk", GLONK.state_to_json(s)["config"],
                        start_state_json=GLONK.state_to_json(s), headers={"created": None})
    record.add_child(record.root, Flick.make("P1", 180, 1.4))
    return record


@pytest.mark.parametrize("game", ["glik", "glonk", "grendizer"])
@pytest.mark.parametrize("options", [[], ["--method", "rollouts"], ["--method", "evaluator"],
                                     ["--skill", "club"], ["--json"]])
def test_every_analyse_option_on_every_game_answers_without_a_traceback(tmp_path, capsys,
                                                                         game, options):
    if game == "glik":
        record = glik_record(race())
    elif game == "glonk":
        record = glonk_record()
    else:
        record = Record.new("grendizer", headers={"created": None})
    src = save_record(record, tmp_path / "in.flick")
    code = main(["analyse", str(src), "--out", str(tmp_path / "out.flick"), "--budget", "2",
                 "--executor", "inprocess", *options])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    fits = {"glik": {"--skill": False, "--method": options[1:] == ["solver"]},
            "glonk": {"--skill": True, "--method": True},
            "grendizer": {"--skill": False, "--method": options[1:] == ["rollouts"]}}[game]
    expected = 0 if not options or options[0] == "--json" or fits[options[0]] else 2
    assert code == expected, captured.err
    if code == 2:
        [line] = captured.err.strip().splitlines()
        assert line.startswith("flickbook: ")
    else:  # the analysed copy reads back
        assert load_record(tmp_path / "out.flick").root.analysis["win"] is not None


def test_a_folder_of_records_is_analysed_into_another_with_a_summary_and_resumes(tmp_path,
                                                                                capsys):
    src, out = tmp_path / "records", tmp_path / "analysed"
    src.mkdir()
    thrown = glik_record(race())
    thrown.add_child(thrown.root, A.EndTurn())
    save_record(thrown, src / "a-glik.flick")
    save_record(glik_record(race()), src / "b-glik.flick")
    save_record(Record.new("grendizer", headers={"created": None}), src / "c-grendizer.flick")
    args = ["analyse", str(src), "--out", str(out), "--budget", "2", "--executor", "inprocess"]
    assert main(args) == 0
    assert "3 records analysed, 0 already there" in capsys.readouterr().out
    rows = (out / "summary.tsv").read_text().splitlines()
    assert rows[0].split("\t") == ["record", "game", "plies", "?!", "?", "??", "luck", "seconds"]
    table = {r.split("\t")[0]: r.split("\t") for r in rows[1:]}
    assert sorted(table) == ["a-glik.flick", "b-glik.flick", "c-grendizer.flick"]
    assert table["a-glik.flick"][1:6] == ["glik", "1", "0", "0", "1"]
    assert load_record(out / "a-glik.flick").mainline()[1].analysis["glyph"] == "??"
    # A run stopped after the first record left its copy and its row; the next run does the
    # rest and keeps the table whole.
    (out / "b-glik.flick").unlink()
    (out / "c-grendizer.flick").unlink()
    assert main(args) == 0
    assert "2 records analysed, 1 already there" in capsys.readouterr().out
    assert len((out / "summary.tsv").read_text().splitlines()) == 4
    assert main(["analyse", str(src), "--out", str(src)]) == 2
    assert main(["analyse", str(tmp_path / "analysed" / "summary.tsv"), "--out",
                 str(tmp_path / "x.flick")]) == 2  # not a record: one line
    assert "Traceback" not in capsys.readouterr().err


def test_variations_are_checked_like_the_main_line(tmp_path, capsys):
    record = glik_record(race())
    record.add_child(record.root, GLIK.parse_action(race(), "slide 4,20 W"))  # the finish
    aside = record.add_child(record.root, A.EndTurn())  # the author's line: a pass
    record.add_child(aside, GLIK.parse_action(aside.state, "slide 11,3 E"))
    src = save_record(record, tmp_path / "v.flick")
    out = tmp_path / "v-out.flick"
    assert main(["analyse", str(src), "--out", str(out), "--executor", "inprocess",
                 "--variations", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    [variation] = summary["variations"]
    assert variation["from_ply"] == 0 and variation["moves"][0] == "Y ends the turn"
    assert variation["nodes"][0]["glyph"] == "??" and variation["nodes"][0]["loss"] == 1.0
    analysed = load_record(out)
    passed = analysed.root.variations[1]
    assert passed.analysis["glyph"] == "??" and passed.variations[0].analysis["win"] == [0, 1]
    assert analysed.root.variations[0].analysis["loss"] == 0.0  # the main line's finish
    # Analysing again replaces the figures: nothing is doubled.
    again = tmp_path / "v-again.flick"
    assert main(["analyse", str(out), "--out", str(again), "--executor", "inprocess",
                 "--variations", "--json"]) == 0
    capsys.readouterr()
    assert load_record(again).root.variations[1].comment.count("[analysis]") == 1


def test_the_glonk_report_counts_seats_from_one_and_rounds_its_figures(tmp_path, capsys):
    src = save_record(glonk_record(), tmp_path / "in.flick")
    assert main(["analyse", str(src), "--out", str(tmp_path / "out.flick"), "--budget", "2",
                 "--executor", "inprocess"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert "{" not in last and '"0"' not in last  # words, not JSON
    assert re.search(r"execution seat 1 [+-]\d\.\d\d points", last), last
    assert re.search(r"choice lost seat 1 [+-]\d\.\d\d points", last), last
    assert not re.search(r"\d\.\d{3}", last), last  # rounded as people read them
