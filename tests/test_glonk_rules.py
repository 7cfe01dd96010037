"""Glonk turn rules, judged on hand-made positions with scripted motions (no physics)."""
import math

import pytest

from games.api import IllegalAction
from games.glonk import GAME
from games.glonk.actions import Flick, Move
from games.glonk.model import ATOMISED, IN_PLAY, OUT, REMOVED
from games.glonk.positions import position, scripted_motion, with_default_returns
from games.glonk.rules import occupied

PV = ["space_pirates", "invaders"]  # P0 Galleon, P1-P4 Corsairs (2), P5-P8 Sloops (3);
#                                     V0 Hive, V1-V12 Larva Ships (1)


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def pos(pieces, armadas=PV, **kw):
    kw.setdefault("asteroids", 0)
    return position(armadas, pieces, **kw)


HOME = {"P0": at(0.335, 130), "V0": at(0.335, 250), "BH": (0.0, 0.0)}


def flick(state, piece, moves=None, contacts=(), vanished=(), upside_down=(), assault=None,
          angle=0.0, speed=1.0):
    m = scripted_motion(state, piece, moves or {}, contacts, vanished, upside_down)
    return GAME.apply_with_motion(state, Flick.make(piece, angle, speed, assault=assault), m)


def kinds(step):
    return [e.kind for e in step.events]


def ended(step):
    return [e.data["reason"] for e in step.events if e.kind == "turn_ended"]


# --- standard propulsion and hyper-propulsion ------------------------------------------------

def test_a_standard_propulsion_stays_within_speed_parsecs_and_deactivates_the_piece():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.175, 30)})  # M1 -> I1: 1 parsec, Corsair speed 2
    assert "standard_propulsion" in kinds(step) and not ended(step)
    assert step.state.piece("P1").active is False
    assert step.state.turn_player == 0 and step.state.phase == "actions"


def test_moving_further_than_the_speed_is_hyper_propulsion_and_ends_the_turn():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.335, 190)})  # M1 -> M10: 4 parsecs
    assert "hyper_propulsion" in kinds(step)
    assert ended(step) == ["hyper-propulsion"] and step.state.turn_player == 1


def test_a_piece_on_a_line_is_in_both_spaces_so_it_reaches_further():
    on_line = pos({**HOME, "V1": at(0.335, 20), "P1": at(0.5, 0)}, turn=1)
    assert occupied(on_line.piece("V1")) == {"M1", "M2"}
    step = flick(on_line, "V1", {"V1": at(0.335, 50)})  # M3: 1 parsec from M2
    assert "standard_propulsion" in kinds(step)
    inside = pos({**HOME, "V1": at(0.335, 10), "P1": at(0.5, 0)}, turn=1)
    step = flick(inside, "V1", {"V1": at(0.335, 50)})  # M3: 2 parsecs from M1
    assert "hyper_propulsion" in kinds(step)


@pytest.mark.parametrize("rule,expected", [("strict", "hyper_propulsion"),
                                           ("lenient", "standard_propulsion")])
def test_house_rule_range_strict_needs_every_space_lenient_one(rule, expected):
    s = pos({**HOME, "V1": at(0.335, 10), "P1": at(0.5, 0)}, turn=1, range=rule)
    step = flick(s, "V1", {"V1": at(0.335, 40)})  # ends on the M2/M3 line; M3 is too far
    assert expected in kinds(step)


def test_only_the_active_piece_counts_for_hyper_propulsion():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 30), "V2": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.335, 25), "V1": at(0.335, 200)},
                 contacts=[(0.1, "P1", "V1")])
    assert "standard_propulsion" in kinds(step) and not ended(step)


def test_pieces_without_speed_cannot_be_propelled():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 300)}, turn=1)
    with pytest.raises(IllegalAction, match="Speed"):
        GAME.apply(s, Flick.make("V0", 0, 1.0))


def test_a_flick_has_a_speed_up_to_3_m_per_s():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 300)})
    assert not GAME.is_legal(s, Flick.make("P1", 0, 3.5))
    assert not GAME.is_legal(s, Flick.make("P1", 0, 0.0))
    assert GAME.is_legal(s, Flick.make("P1", 12.345, 2.999, 1.5))
    spec = GAME.action_spec(s)
    assert spec["flick"]["speed"] == [0.0, 3.0] and "P1" in spec["flick"]["pieces"]


# --- boarding ----------------------------------------------------------------------------------

def test_boarding_after_a_standard_propulsion_atomises_the_touched_enemies():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.30, 40), "V2": at(0.335, 300)})
    v1 = s.piece("V1")
    rest = (v1.x - 0.0403, v1.y)  # 0.3 mm from V1
    step = flick(s, "P1", {"P1": rest})
    assert "may_board" in kinds(step)
    s2 = step.state
    assert Move("board", ("P1",)) in GAME.legal_actions(s2)
    s3 = GAME.apply(s2, Move("board", ("P1",))).state
    assert s3.piece("V1").status == ATOMISED and s3.piece("V1").stack == 0
    assert s3.scores() == (1, 0)


def test_boarding_before_activation_uses_up_the_piece():
    v1 = at(0.30, 40)
    s = pos({**HOME, "P1": (v1[0] - 0.0405, v1[1]), "V1": v1, "V2": at(0.335, 300)})
    step = GAME.apply(s, Move("board", ("P1",)))
    assert step.state.piece("V1").status == ATOMISED
    assert step.state.piece("P1").active is False
    assert not GAME.is_legal(step.state, Flick.make("P1", 0, 1.0))


def test_no_boarding_without_touching_an_enemy():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 300)})
    with pytest.raises(IllegalAction, match="Boarding"):
        GAME.apply(s, Move("board", ("P1",)))


def test_no_boarding_after_hyper_propulsion():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 190), "V2": at(0.335, 300)})
    v1 = s.piece("V1")
    step = flick(s, "P1", {"P1": (v1.x + 0.0403, v1.y)})
    assert "hyper_propulsion" in kinds(step) and "may_board" not in kinds(step)


# --- heroic assault ----------------------------------------------------------------------------

def test_heroic_assault_touching_the_target_first_atomises_both():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 30), "V2": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.335, 26)}, contacts=[(0.1, "P1", "V1")], assault="V1")
    st = step.state
    assert st.piece("V1").status == ATOMISED and st.piece("V1").stack == 0
    assert st.piece("P1").status == ATOMISED and st.piece("P1").stack is None  # the box
    assert st.scores() == (1, 0) and ended(step) == ["heroic assault"]


def test_heroic_assault_touching_another_piece_first_atomises_only_the_assaulter():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 30), "V2": at(0.335, 20)})
    step = flick(s, "P1", {"P1": at(0.335, 15)},
                 contacts=[(0.05, "P1", "V2"), (0.1, "P1", "V1")], assault="V1")
    st = step.state
    assert st.piece("V1").status == IN_PLAY and st.piece("P1").status == ATOMISED
    assert ended(step) == ["heroic assault"]


def test_a_heroic_assault_ending_in_hyper_propulsion_fails():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 30), "V2": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.335, 200)}, contacts=[(0.1, "P1", "V1")], assault="V1")
    assert step.state.piece("V1").status == IN_PLAY
    assert step.state.piece("P1").status == ATOMISED


def test_the_assault_target_must_be_within_the_range_of_movement():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 190), "V2": at(0.335, 300)})
    with pytest.raises(IllegalAction, match="range of movement"):
        GAME.apply(s, Flick.make("P1", 180, 2.0, assault="V1"))


def test_a_surviving_assaulter_cannot_board():
    # The Galleon (Destructor) survives its assault; it still may not board afterwards.
    s = pos({"P0": at(0.335, 10), "V0": at(0.335, 250), "BH": (0, 0), "V1": at(0.335, 24),
             "V2": at(0.335, 40), "P1": at(0.5, 100)})
    v2 = s.piece("V2")
    step = flick(s, "P0", {"P0": (v2.x - 0.0529, v2.y)}, contacts=[(0.1, "P0", "V1")],
                 assault="V1")
    assert step.state.piece("P0").status == IN_PLAY
    assert "may_board" not in kinds(step) and ended(step) == ["heroic assault"]


# --- end of turn ---------------------------------------------------------------------------

def test_the_player_may_end_the_turn_after_an_action():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 300)})
    step = GAME.apply(s, Move("end_turn"))
    assert ended(step) == ["the player ended the turn"] and step.state.turn_player == 1


def test_the_turn_ends_when_all_pieces_are_deactivated():
    s = pos({**HOME, "P1": at(0.335, 10), "V1": at(0.335, 300)})
    s = flick(s, "P1", {"P1": at(0.335, 15)}).state
    step = flick(s, "P0", {"P0": at(0.335, 125)})
    assert ended(step) == ["all pieces deactivated"]


def test_losing_an_own_piece_ends_the_turn_and_it_counts_for_nobody():
    s = pos({**HOME, "P1": at(0.15, 10), "P2": at(0.335, 100), "V1": at(0.335, 300)})
    step = flick(s, "P1", {"P1": (0.05, 0.0)}, contacts=[(0.2, "P1", "BH")],
                 vanished=[("P1", 0.2)])
    assert step.state.piece("P1").status == ATOMISED and step.state.piece("P1").stack is None
    assert ended(step) == ["a piece was atomised"] and step.state.scores() == (0, 0)


def test_a_piece_lost_in_space_ends_the_turn_and_returns_against_its_base():
    s = pos({**HOME, "P1": at(0.55, 10), "P2": at(0.335, 100), "V1": at(0.335, 300),
             "V2": at(0.2, 200)})
    step = flick(s, "P1", {"P1": at(0.7, 10)})
    assert step.state.piece("P1").status == OUT and ended(step) == ["a piece was lost in space"]
    s2 = GAME.apply(step.state, Move("end_turn")).state  # the Invaders pass
    assert s2.phase == "return_saucer" and Move("return", ("P1", "to", "P0")) in \
        GAME.legal_actions(s2)
    s2 = with_default_returns(s2)
    p1, p0 = s2.piece("P1"), s2.piece("P0")
    assert s2.turn_player == 0 and p1.status == IN_PLAY and p1.active
    assert math.hypot(p1.x - p0.x, p1.y - p0.y) - p1.radius - p0.radius < 0.001


# --- stellar events ----------------------------------------------------------------------------

def test_an_enemy_pushed_into_the_black_hole_is_atomised_and_scores():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.16, 10), "V2": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.2, 10), "V1": at(0.05, 10)},
                 contacts=[(0.1, "P1", "V1"), (0.3, "V1", "BH")], vanished=[("V1", 0.3)])
    v1 = step.state.piece("V1")
    assert v1.status == ATOMISED and v1.stack == 0 and step.state.scores() == (1, 0)
    assert not ended(step)


def test_an_asteroid_touching_the_black_hole_becomes_a_molten_mass_at_rest():
    s = pos({**HOME, "P1": at(0.30, 10), "A1": at(0.16, 10), "V1": at(0.335, 300)},
            asteroids=1)
    step = flick(s, "P1", {"P1": at(0.2, 10), "A1": at(0.0625, 10)},
                 contacts=[(0.1, "P1", "A1"), (0.3, "A1", "BH")])
    assert step.state.piece("A1").molten and "molten" in kinds(step)


def test_touching_a_molten_mass_atomises_a_ship_and_the_mass_leaves_play():
    s = pos({**HOME, "P1": at(0.30, 10), "A1": at(0.20, 10), "V1": at(0.335, 300)},
            asteroids=1, molten=["A1"])
    step = flick(s, "P1", {"P1": at(0.245, 10)}, contacts=[(0.1, "P1", "A1")],
                 vanished=[("P1", 0.1)])
    assert step.state.piece("P1").status == ATOMISED
    assert step.state.piece("A1").status != IN_PLAY or not step.state.piece("A1").molten
    assert "molten_removed" in kinds(step)


def test_a_touch_at_rest_counts_like_a_contact():
    # P1 stops 0.5 mm from the Black Hole without a reported contact: it is atomised.
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.0605, 10)})
    assert step.state.piece("P1").status == ATOMISED


# --- stellar objects phase -------------------------------------------------------------------

def test_the_black_hole_outside_the_inner_ring_goes_back_to_the_centre():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300), "BH": at(0.30, 80)})
    step = GAME.apply(s, Move("end_turn"))
    bh = step.state.piece("BH")
    assert (bh.x, bh.y) == (0.0, 0.0) and "recovered" in kinds(step)


def test_the_black_hole_goes_to_the_nearest_empty_space_when_the_centre_is_taken():
    s = pos({**HOME, "P1": (0.0, 0.0), "V1": at(0.335, 300), "BH": at(0.30, 80)})
    bh = GAME.apply(s, Move("end_turn")).state.piece("BH")
    assert occupied(bh) and all(sp.startswith("I") for sp in occupied(bh))
    assert math.hypot(bh.x, bh.y) - bh.radius - 0.02 >= 0.001  # touches nothing


def test_asteroids_in_the_outer_ring_are_recovered_and_placed_face_up_by_the_player():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300), "A1": at(0.5, 45)},
            asteroids=1, molten=["A1"])
    s2 = GAME.apply(s, Move("end_turn")).state
    assert s2.phase == "stellar" and s2.to_move == 0
    moves = GAME.legal_actions(s2)
    assert all(m.kind == "asteroid" for m in moves)
    s3 = GAME.apply(s2, Move("asteroid", ("A1", "I2"))).state
    a1 = s3.piece("A1")
    assert a1.status == IN_PLAY and not a1.molten and "I2" in occupied(a1)
    assert s3.turn_player == 1


def test_asteroids_return_only_on_empty_spaces():
    s = pos({**HOME, "P1": at(0.175, 90), "V1": at(0.335, 300), "A1": at(0.5, 45)}, asteroids=1)
    s2 = GAME.apply(s, Move("end_turn")).state
    assert Move("asteroid", ("A1", "I2")) not in GAME.legal_actions(s2)
    with pytest.raises(IllegalAction, match="empty space"):
        GAME.apply(s2, Move("asteroid", ("A1", "I2")))


# --- hyperspace return -----------------------------------------------------------------------

def test_passive_pieces_are_reactivated_at_the_start_of_the_turn():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300)}, passive=["P1"], turn=1)
    s2 = GAME.apply(s, Move("end_turn")).state
    assert s2.turn_player == 0 and s2.piece("P1").active


def test_a_lost_base_returns_on_the_outer_ring_far_from_enemy_bases():
    s = pos({"V0": at(0.335, 250), "BH": (0, 0), "P1": at(0.30, 10), "V1": at(0.335, 300)},
            out=["P0"], turn=1)
    s2 = GAME.apply(s, Move("end_turn")).state
    assert s2.phase == "return_base" and s2.to_move == 0
    spaces = [m.args[1] for m in GAME.legal_actions(s2)]
    from games.glonk.galaxy import load_galaxy
    G = load_galaxy()
    assert spaces and all(G.ring_of(x) == "outer" for x in spaces)
    assert all(G.set_distance([x], occupied(s2.piece("V0"))) > 2 for x in spaces)
    s3 = GAME.apply(s2, Move("return_base", ("P0", spaces[0]))).state
    assert s3.piece("P0").status == IN_PLAY and s3.piece("P0").active
    assert s3.phase == "actions"


def test_at_most_six_saucers_return_against_an_ordinary_base():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300)},
            out=["P2", "P3", "P4", "P5", "P6", "P7", "P8"], turn=1)
    s2 = with_default_returns(GAME.apply(s, Move("end_turn")).state)
    back = [p for p in s2.pieces if p.owner == 0 and p.kind == "saucer" and p.status == IN_PLAY]
    assert len(back) == 7  # P1 was already in play; 6 returned
    assert s2.piece("P8").status == OUT


# --- annihilation, dominator, scoring, victory ---------------------------------------------

def test_a_player_left_with_an_inert_base_is_annihilated_and_the_game_ends():
    v1 = at(0.30, 30)
    s = pos({**HOME, "P1": (v1[0] - 0.0405, v1[1]), "V1": v1})
    step = GAME.apply(s, Move("board", ("P1",)))
    st = step.state
    assert st.annihilated == (False, True) and st.dominator[1] == 0
    assert st.phase == "over" and st.winners == (0,) and GAME.outcome(st) == [1.0, 0.0]
    assert st.piece("V0").status == REMOVED


def test_the_dominator_takes_the_out_of_play_base_and_saucers_of_the_annihilated():
    arm = ["space_pirates", "invaders", "omu"]
    v1 = at(0.30, 30)
    s = position(arm, {"P0": at(0.335, 130), "P1": (v1[0] - 0.0405, v1[1]), "V1": v1,
                       "U0": at(0.335, 250), "U1": at(0.2, 250), "BH": (0, 0)},
                 out=["V0", "V2"], asteroids=0)
    st = GAME.apply(s, Move("board", ("P1",))).state
    assert st.annihilated == (False, True, False) and st.dominator[1] == 0
    assert st.piece("V0").owner == 0 and st.piece("V2").owner == 0
    assert st.piece("V0").status == OUT and st.phase == "actions"


def test_a_base_is_worth_2_points_and_a_saucer_1():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300)},
            atomised={"V2": 0, "V3": 0, "P5": 1})
    assert s.scores() == (2, 1)
    s = pos({"P0": at(0.335, 130), "BH": (0, 0), "P1": at(0.30, 10), "V1": at(0.335, 300)},
            atomised={"V0": 0})
    assert s.scores() == (2, 0)


def test_seven_points_wins():
    v1 = at(0.30, 30)
    s = pos({**HOME, "P1": (v1[0] - 0.0405, v1[1]), "V1": v1, "V7": at(0.335, 300)},
            atomised={f"V{i}": 0 for i in (2, 3, 4, 5, 6, 8)})
    assert s.scores() == (6, 0)
    st = GAME.apply(s, Move("board", ("P1",))).state
    assert st.phase == "over" and st.winners == (0,)


def test_two_players_reaching_7_in_one_action_play_on_to_8():
    # Lethal credits the Sinistrum during the Pirates' own action that scores for them too.
    arm = ["space_pirates", "sinistrum"]
    base = {"P0": at(0.335, 130), "S0": at(0.335, 250), "BH": (0, 0), "S1": at(0.30, 30),
            "S2": at(0.335, 300), "P1": at(0.30, 10), "P2": at(0.5, 90)}
    stacks = {**{f"S{i}": 0 for i in (3, 4, 5, 6, 7, 8)}, "P3": 1, "P4": 1, "P5": 1, "P6": 1,
              "P7": 1, "P8": 1}
    s = position(arm, base, atomised=stacks, asteroids=0)
    assert s.scores() == (6, 6)
    # P1 pushes S1 into the Black Hole (P0 scores) and ends touching the Death Satellite.
    step = flick(s, "P1", {"P1": at(0.30, 240), "S1": (0.05, 0.0)},
                 contacts=[(0.1, "P1", "S1"), (0.2, "S1", "BH"), (0.3, "P1", "S0")],
                 vanished=[("S1", 0.2), ("P1", 0.3)])
    st = step.state
    assert st.scores() == (7, 7) and st.tiebreak and st.phase != "over"
    assert "tiebreak" in kinds(step)


def test_a_game_with_a_round_limit_ends_by_score():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300)}, max_rounds=1,
            atomised={"V5": 0})
    s = GAME.apply(s, Move("end_turn")).state
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "over" and s.winners == (0,) and s.end_reason == "round limit"


# --- damage and chrono mode ----------------------------------------------------------------

def test_a_piece_turned_over_by_an_impact_cannot_be_activated_that_turn():
    s = pos({**HOME, "P1": at(0.30, 10), "P2": at(0.30, 30), "V1": at(0.335, 300)})
    step = flick(s, "P1", {"P1": at(0.30, 20)}, contacts=[(0.1, "P1", "P2")],
                 upside_down=["P2"])
    st = step.state
    assert "damaged" in kinds(step) and st.piece("P2").active is False
    with pytest.raises(IllegalAction, match="turned over"):
        GAME.apply(st, Flick.make("P2", 0, 1.0))


def test_the_chrono_timeout_exists_only_in_chrono_mode():
    assert not GAME.is_legal(pos({**HOME, "P1": at(0.3, 10), "V1": at(0.3, 300)}),
                             Move("timeout"))


def test_the_dominator_returns_the_taken_base_and_brings_saucers_against_either_base():
    from dataclasses import replace
    arm = ["space_pirates", "invaders", "omu"]
    s = position(arm, {"P0": at(0.335, 130), "P1": at(0.30, 10), "U0": at(0.335, 250),
                       "U1": at(0.2, 250), "BH": (0, 0)},
                 out=["V0", "V2", "P2"], owners={"V0": 0, "V2": 0}, turn=2, asteroids=0)
    s = replace(s, annihilated=(False, True, False), dominator=(None, 0, None))
    s2 = GAME.apply(s, Move("end_turn")).state
    assert s2.turn_player == 0 and s2.phase == "return_base"
    assert all(m.args[0] == "V0" for m in GAME.legal_actions(s2))
    s3 = GAME.apply(s2, GAME.legal_actions(s2)[0]).state
    assert s3.phase == "return_saucer" and s3.piece("V0").status == IN_PLAY
    texts = [str(m) for m in GAME.legal_actions(s3)]
    assert {"return P2 to P0", "return P2 to V0", "return V2 to P0", "return V2 to V0"} <= \
        set(texts)
    s4 = GAME.apply(s3, Move("return", ("V2", "to", "V0"))).state
    s5 = GAME.apply(s4, Move("return", ("P2", "to", "P0"))).state
    assert s5.phase == "actions"
    from games.glonk.rules import touching
    assert touching(s5.piece("V2"), s5.piece("V0")) and s5.piece("V2").owner == 0
    assert touching(s5.piece("P2"), s5.piece("P0"))


def test_out_of_play_pieces_do_not_return_to_a_player_who_cannot_move():
    s = pos({"P0": at(0.335, 130), "V0": at(0.335, 250), "BH": (0, 0), "P1": at(0.30, 10),
             "P2": at(0.3, 100)}, out=["V2", "V3"])
    step = GAME.apply(s, Move("end_turn"))
    st = step.state
    assert st.annihilated[1] and st.piece("V2").status != IN_PLAY
    assert st.phase == "over" and st.winners == (0,)


def test_the_boarding_right_after_a_propulsion_lasts_until_the_next_action():
    s = pos({**HOME, "P1": at(0.335, 10), "P2": at(0.2, 100), "V1": at(0.30, 40),
             "V2": at(0.335, 300)})
    v1 = s.piece("V1")
    s2 = flick(s, "P1", {"P1": (v1.x - 0.0403, v1.y)}).state
    assert s2.pending_board == "P1"
    s3 = flick(s2, "P2", {"P2": at(0.2, 110)}).state
    assert s3.pending_board is None
    assert not GAME.is_legal(s3, Move("board", ("P1",)))


def test_in_a_tiebreak_the_first_to_reach_8_wins():
    from dataclasses import replace
    v1 = at(0.30, 30)
    s = pos({**HOME, "P1": (v1[0] - 0.0405, v1[1]), "V1": v1, "V7": at(0.335, 300)},
            atomised={**{f"V{i}": 0 for i in (2, 3, 4, 5, 6, 8, 9)}, **{f"P{i}": 1
                                                                          for i in range(2, 9)}})
    s = replace(s, tiebreak=True)
    assert s.scores() == (7, 7)
    st = GAME.apply(s, Move("board", ("P1",))).state
    assert st.phase == "over" and st.winners == (0,) and "8 points" in st.end_reason


def test_a_chrono_timeout_in_the_stellar_phase_leaves_the_asteroids_out():
    s = pos({**HOME, "P1": at(0.30, 10), "V1": at(0.335, 300), "A1": at(0.5, 45)},
            asteroids=1, chrono=True)
    s2 = GAME.apply(s, Move("end_turn")).state
    assert s2.phase == "stellar" and Move("timeout") in GAME.legal_actions(s2)
    s3 = GAME.apply(s2, Move("timeout")).state
    assert s3.turn_player == 1 and s3.piece("A1").status == OUT
