"""The turn log's lines: what a step did, in each game's own words (no window needed)."""
from __future__ import annotations

from games.api import Event, Step
from viewer.glik import words as glik
from viewer.glonk import words as glonk
from viewer.grendizer import words as grendizer


def names(seat):
    return ["P1 Sinistrum (Lethal)", "P2 Zorgs"][seat]


def test_a_glonk_disc_stopped_on_a_line_is_a_hyper_propulsion_that_ends_the_turn():
    step = Step(None, (Event("flick", {"piece": "V3"}), Event("contact", {"t": 0.1, "a": "V3", "b": "G1"}),
                       Event("hyper_propulsion", {"piece": "V3", "end_spaces": ["M3", "M4"]}),
                       Event("turn_ended", {"player": 0, "reason": "hyper-propulsion"})))
    assert glonk.event_lines(step, names) == [
        "V3 stopped on the line between M3 and M4: hyper-propulsion ends the turn",
        "Turn over for P1 Sinistrum (Lethal): hyper-propulsion"]


def test_glonk_atomisations_and_scores_are_told():
    step = Step(None, (Event("atomised", {"piece": "G2", "cause": "black_hole", "by": "BH"}),
                       Event("scored", {"player": 0, "piece": "G2", "points": 2}),
                       Event("standard_propulsion", {"piece": "V1", "end_spaces": ["I4"]})))
    assert glonk.event_lines(step, names) == [
        "G2 atomised by the Black Hole", "+2 P1 Sinistrum (Lethal)",
        "V1 stopped in I4: standard propulsion"]


def test_glik_slides_and_touching_stones():
    step = Step(None, (Event("slid", {"from": [0, 0], "to": [0, 8], "path": [[0, i] for i in range(1, 9)],
                                      "colour": "yellow", "direction": "E"}),
                       Event("touched", {"seat": 0, "colour": "yellow", "cells": [[0, 8]], "count": 3})))
    assert glik.event_lines(step) == ["Yellow slid right from a16 to i16 (8 fields)",
                                      "Yellow: 3 stones touching"]


def test_a_glik_board_laid_is_named_by_the_fields_it_covers():
    step = Step(None, (Event("board_placed", {"seat": 0, "board": 10, "slot": [1, 0], "rotation": 1}),))
    assert glik.event_lines(step) == ["Board 10 laid on a9-d12, turned 90 deg"]


def test_grendizer_draws_and_the_threat():
    step = Step(None, (Event("threat_changed", {"from": 2, "to": 3, "danger": True, "cause": "x"}),
                       Event("invaded", {"lane": 1, "token": "minifo", "space": 0})))
    assert grendizer.event_lines(step) == ["Threat 2 -> 3 (danger!)", "A minifo invades lane 2"]
