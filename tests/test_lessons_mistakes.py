"""Learn from your mistakes (issue 24 point 3): the questions built from an analysed game are
judged as the analysis judged its moves, in Glik, Grendizer and Glonk. Every marked move is
asked (Glik used to drop each one: "the goal cannot be reached within the turn"); the move
the game made is refused with the very loss and glyph the analysis gave it (Grendizer used to
accept it: its own playouts said 0.09 where the analysis said 0.18); the better move the
analysis found is accepted; any other move is measured the way the analysis measures one."""
from __future__ import annotations

import math

import numpy as np
import pytest

from analysis.lessons import ANALYSED, LessonRun, mistake_questions, student_view
from analysis.record import analyse_record
from analysis.registry import analyser_for
from games.api import CHANCE, random_action
from timeline import Record


def marked(record):
    return [n for n in record.mainline() if (n.analysis or {}).get("glyph")]


def check_round_trip(record, *, others: int = 2):
    """Every mark asked; the game's move refused as marked; the better move accepted."""
    marks = marked(record)
    assert marks, "the test game has no mistakes marked"
    questions = mistake_questions(record)
    assert [q.node for q in questions] == [n.parent for n in marks]
    run = LessonRun(record, questions)
    game = record.game
    for q, node in zip(questions, marks):
        assert q.accept["kind"] == ANALYSED
        played = run.house.judge(q.node.state, q.accept, node.action)
        assert not played.right
        assert played.figures["loss"] == pytest.approx(node.analysis["loss"], abs=1e-12)
        assert played.figures["glyph"] == node.analysis["glyph"]
        assert f"marks this {node.analysis['glyph']}" in played.why
        best = game.parse_action(q.node.state, node.analysis["best"])
        better = run.house.judge(q.node.state, q.accept, best)
        assert better.right and better.figures["loss"] == 0.0, better.why
    return questions, marks, run


# --- Glik --------------------------------------------------------------------------------------
def glik_game(seed: int):
    from games.glik.bot import choose_action

    record = Record.new("glik", headers={"created": None})
    rng = np.random.default_rng(seed)
    node, game = record.root, record.game
    for _ in range(120):
        if game.is_terminal(node.state):
            break
        state = node.state
        action = (random_action(game, state, rng) if game.current_player(state) == CHANCE
                  else choose_action(state, rng))
        node = record.add_child(node, action)
    return record


def test_glik_every_marked_move_is_asked_and_judged_by_the_analysis_values():
    record = next(r for r in (glik_game(5_000_015 + k) for k in range(6))
                  if analyse_record(r, budget=1, progress=False) and marked(r))
    questions, marks, run = check_round_trip(record)
    analyser = analyser_for("glik")
    game = record.game
    # a move neither made nor found: judged by the analysis' own win chances (the solver)
    q, node = questions[0], marks[0]
    state = q.node.state
    other = next(a for a in game.legal_actions(state)
                 if str(a) not in (node.action_text, node.analysis["best"]))
    [after] = analyser.win([game.apply(state, other).state], budget=1,
                           seeds=np.random.SeedSequence(0).spawn(1))
    best = node.analysis["win"][state.turn] + node.analysis["loss"]
    loss = max(0.0, best - after["win"][state.turn])
    verdict = run.house.judge(state, q.accept, other)
    assert verdict.figures["loss"] == pytest.approx(loss)
    assert verdict.right == (analyser.glyph(loss) is None)


# --- Grendizer ---------------------------------------------------------------------------------
def grendizer_game(seed: int, plies: int):
    from games.grendizer.bot import choose_action

    record = Record.new("grendizer", headers={"created": None})
    rng = np.random.default_rng(seed)
    node, game = record.root, record.game
    for _ in range(plies):
        if game.is_terminal(node.state):
            break
        state = node.state
        if game.current_player(state) != CHANCE:
            actions = game.legal_actions(state)
            action = actions[rng.integers(len(actions))]  # a careless player
        else:
            action = choose_action(state, rng)
        node = record.add_child(node, action)
    return record


def test_grendizer_the_move_marked_is_refused_with_the_analysis_loss():
    record = grendizer_game(4, 20)
    analyse_record(record, budget=20, progress=False)
    questions, marks, run = check_round_trip(record)
    # the student view of the mistakes run hides each question's moves (the game's, the
    # better one and its "[analysis] Better" comment) until it is answered
    view = student_view(record, questions)
    shown = {id(n) for n in record.nodes()}
    assert id(marks[0]) not in shown
    assert not any(c.analysis and c.analysis.get("alternative") and c.parent is questions[0].node
                   for c in record.nodes())
    assert all("[analysis]" not in n.comment for n in record.nodes())
    view.unhide()
    assert id(marks[0]) in {id(n) for n in record.nodes()}
    # a wrong decision is played on by the team bot
    wrong = run.house.judge(questions[0].node.state, questions[0].accept, marks[0].action)
    assert wrong.line


# --- Glonk -------------------------------------------------------------------------------------
def test_glonk_a_flick_into_the_black_hole_is_refused_and_the_best_shot_accepted():
    from games.glonk import GAME
    from games.glonk.actions import Flick
    from games.glonk.positions import position

    def at(r, deg):
        return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))

    s = position(["space_pirates", "invaders"],
                 {"BH": (0.0, 0.0), "P0": at(0.335, 130), "V0": at(0.335, 250),
                  "P1": at(0.20, 0), "V1": at(0.335, 300), "V2": at(0.45, 60)}, asteroids=0)
    record = Record.new("glonk", GAME.state_to_json(s)["config"],
                        start_state_json=GAME.state_to_json(s), headers={"created": None})
    record.add_child(record.root, Flick.make("P1", 180, 1.4))  # straight into the Black Hole
    analyser = analyser_for("glonk").configured(rollout_budget=1, explore_samples=4,
                                                search_budget=12, horizon_actions=4)
    analyse_record(record, budget=2, analyser=analyser, progress=False)
    questions, marks, run = check_round_trip(record)
    q = questions[0]
    assert "Black Hole" not in run.house.accept_words(q.node.state, q.accept)
    # another flick: explored as the analysis explores one (its skill and samples)
    gentle = Flick.make("P1", 0, 0.3)
    verdict = run.house.judge(q.node.state, q.accept, gentle)
    from analysis.glonk import explore

    extra = marks[0].analysis["extra"]
    ev = explore(q.node.state, gentle, extra["skill"], samples=extra["samples"], seed=q.accept["seed"],
                 progress=False)["expected_value"]
    assert verdict.figures["value"] == pytest.approx(ev)
