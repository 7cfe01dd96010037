"""Glonk through real physics: determinism, stored motions, JSON, a playout to the end."""
import math

import numpy as np
import pytest

from games.api import TERMINAL, IllegalAction, random_action
from games.glonk import GAME
from games.glonk.actions import Flick
from games.glonk.cli import flick_report
from games.glonk.model import ATOMISED
from games.glonk.positions import position


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def small():
    return position(["space_pirates", "invaders"],
                    {"BH": (0.0, 0.0), "P0": at(0.335, 130), "V0": at(0.335, 250),
                     "P1": at(0.20, 0), "V1": at(0.335, 300), "V2": at(0.45, 60)}, asteroids=0)


def test_the_same_flick_on_the_same_position_gives_the_same_motion_and_outcome():
    s = small()
    a = GAME.apply(s, Flick.make("P1", 90, 0.8))
    b = GAME.apply(s, Flick.make("P1", 90, 0.8))
    assert a.motion == b.motion and a.state == b.state and a.events == b.events
    assert a.state.piece("P1").y > 0.02  # it moved up the mat


def test_a_saucer_flicked_at_the_black_hole_is_atomised_when_it_touches_it():
    s = small()
    step = GAME.apply(s, Flick.make("P1", 180, 1.0))
    assert ("P1" in dict(step.motion.vanished)) and step.state.piece("P1").status == ATOMISED
    assert [e.data["cause"] for e in step.events if e.kind == "atomised"] == ["black_hole"]


def test_a_stored_motion_replays_to_the_same_state_without_simulating():
    from physics import Motion
    s = small()
    step = GAME.apply(s, Flick.make("P1", 45, 1.4))
    stored = Motion.from_bytes(step.motion.to_bytes())
    again = GAME.apply_with_motion(s, Flick.make("P1", 45, 1.4), stored)
    assert again.state == step.state and again.events == step.events


def test_flick_report_gives_a_json_friendly_outcome():
    import json
    r = flick_report(small(), "P1", 90.0, 0.8)
    json.dumps(r)
    assert r["legal"] and r["propulsion"] in ("standard", "hyper")
    assert set(r["poses"]) >= {"P1", "V1", "BH"} and r["scores"] == [0, 0]
    with pytest.raises(IllegalAction, match="activated"):
        flick_report(small(), "V1", 0, 1.0)


def test_flick_report_on_a_record_adds_the_flick_to_its_main_line():
    from timeline import Record
    rec = Record.new("glonk", start_state_json=GAME.state_to_json(small()))
    r = flick_report(rec, "P1", 90.0, 0.8)
    end = rec.root.end()
    assert end.action_text == r["action"] == "flick P1 a=90.00 v=0.800 s=0.00"
    assert end.motion is not None and r["scores"] == list(end.state.scores())


def test_every_state_round_trips_through_json_and_every_action_through_text():
    s = GAME.new_initial_state({"players": 2, "fleet": 2, "asteroids": 2})
    rng = np.random.default_rng(5)
    for _ in range(30):
        assert GAME.state_from_json(GAME.state_to_json(s)) == s
        legal = GAME.legal_actions(s)
        for a in legal[:60]:
            assert GAME.parse_action(s, str(a)) == a
        if GAME.is_terminal(s):
            break
        s = GAME.apply(s, random_action(GAME, s, rng)).state


def test_parse_accepts_any_flick_within_bounds_and_writes_it_canonically():
    a = GAME.parse_action(small(), "flick P1 a=-90 v=1.25 s=0.5 assault=V1")
    assert str(a) == "flick P1 a=270.00 v=1.250 s=0.50 assault=V1"
    assert str(GAME.parse_action(small(), "board V3 contagion")) == "board V3 contagion"
    with pytest.raises(Exception):
        GAME.parse_action(small(), "flick P1 a=x v=1")


def test_a_seeded_random_playout_reaches_the_end():
    cfg = {"players": 2, "armadas": ["space_pirates", "zorgs"], "fleet": 2, "asteroids": 2,
           "max_rounds": 8}
    s = GAME.new_initial_state(cfg)
    rng = np.random.default_rng(3)
    for _ in range(400):
        legal = GAME.legal_actions(s)
        assert (len(legal) == 0) == GAME.is_terminal(s)
        if GAME.is_terminal(s):
            break
        s = GAME.apply(s, random_action(GAME, s, rng)).state
    assert GAME.current_player(s) == TERMINAL
    out = GAME.outcome(s)
    assert len(out) == 2 and sum(out) == pytest.approx(1.0)


def test_the_view_model_describes_every_disc_for_the_viewer():
    import json
    vm = GAME.view_model(small())
    json.dumps(vm)
    d = {x["id"]: x for x in vm["discs"]}
    assert d["P1"]["face"] == "active" and d["P1"]["colour"].startswith("#")
    assert d["P1"]["radius"] == 0.02 and d["BH"]["face"] == "black_hole"
    assert d["V5"]["status"] == "removed" and vm["seats"][1]["armada"] == "invaders"
    assert GAME.galaxy().to_json()["radius"] == 0.60


def test_viewer_helpers_reachable_spaces_and_estimated_reach():
    s = small()
    assert GAME.occupied_spaces(s, "P1") == ["I1", "I6"]  # on the line at angle 0
    reach = GAME.reachable_spaces(s, "P1")  # Corsair, speed 2
    assert "C" in reach and "O1" in reach and "O5" not in reach  # I1-M1-O1; O5 is 3 away
    est = GAME.estimated_reach(s, "P1", 90.0, 0.5)
    assert est["distance_m"] == pytest.approx(0.25 / (2 * 0.35 * 9.81))
    assert est["standard"] is True and est["parsecs"] <= 2


def test_a_hard_flick_of_a_slow_ship_is_a_hyper_propulsion_that_ends_the_turn():
    s = position(["space_pirates", "invaders"],
                 {"BH": (0.0, 0.0), "P0": at(0.335, 130), "V0": at(0.335, 250),
                  "P1": at(0.45, 30), "V1": at(0.335, 300), "V2": at(0.45, 60)},
                 asteroids=0, turn=1)
    step = GAME.apply(s, Flick.make("V1", 270, 1.5))  # a Larva Ship has speed 1
    kinds = [e.kind for e in step.events]
    assert "hyper_propulsion" in kinds and step.state.turn_player == 0
