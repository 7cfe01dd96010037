"""Every armada power, on hand-made positions with scripted motions (no physics)."""
import math

import pytest

from games.api import IllegalAction
from games.glonk import GAME
from games.glonk.actions import Flick, Move, jump_move
from games.glonk.model import ATOMISED, IN_PLAY
from games.glonk.positions import position, scripted_motion, with_default_returns
from games.glonk.rules import touching, vanish_map


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def pos(armadas, pieces, **kw):
    kw.setdefault("asteroids", 0)
    return position(armadas, {"BH": (0.0, 0.0), **pieces}, **kw)


def flick(state, action, moves=None, contacts=(), vanished=()):
    piece = action.piece
    m = scripted_motion(state, piece, moves or {}, contacts, vanished)
    return GAME.apply_with_motion(state, action, m)


def kinds(step):
    return [e.kind for e in step.events]


def ended(step):
    return [e.data["reason"] for e in step.events if e.kind == "turn_ended"]


def next_to(p, radius_sum, deg=0.0, gap=0.0004):
    d = radius_sum + gap
    return (p[0] + d * math.cos(math.radians(deg)), p[1] + d * math.sin(math.radians(deg)))


SP = ["sinistrum", "space_pirates"]  # S0 Death Satellite, S1-6 Disciples, S7-8 Masters


# --- The Sinistrum -------------------------------------------------------------------------

def test_lethal_atomises_an_enemy_touching_the_death_satellite_in_the_enemy_turn():
    s = pos(SP, {"S0": at(0.335, 10), "S1": at(0.335, 200), "P0": at(0.335, 130),
                 "P1": at(0.335, 60), "P2": at(0.2, 100)}, turn=1)
    assert "S0" in vanish_map(s, Flick.make("P1", 0, 1))["P1"]
    step = flick(s, Flick.make("P1", 270, 1.0), {"P1": at(0.335, 20)},
                 [(0.2, "P1", "S0")], [("P1", 0.2)])
    p1 = step.state.piece("P1")
    assert p1.status == ATOMISED and p1.stack == 0  # counts for the Sinistrum
    assert step.state.scores() == (1, 0) and ended(step) == ["a piece was atomised"]


def test_lethal_also_works_in_the_sinistrum_turn():
    s = pos(SP, {"S0": at(0.335, 10), "S1": at(0.335, 40), "P0": at(0.335, 130),
                 "P1": at(0.335, 25)})
    step = flick(s, Flick.make("S1", 200, 1.0), {"S1": at(0.335, 30), "P1": at(0.335, 17)},
                 [(0.1, "S1", "P1"), (0.2, "P1", "S0")], [("P1", 0.2)])
    assert step.state.piece("P1").status == ATOMISED and step.state.scores() == (1, 0)


def test_telekinesis_propels_an_enemy_saucer_within_1_parsec():
    s = pos(SP, {"S0": at(0.335, 250), "S7": at(0.335, 10), "S1": at(0.2, 300),
                 "P0": at(0.335, 130), "P1": at(0.335, 30), "P2": at(0.335, 100)})
    act = Flick.make("P1", 90, 0.5, power="telekinesis", by="S7")
    assert str(act) == "telekinesis S7 P1 a=90.00 v=0.500 s=0.00"
    step = flick(s, act, {"P1": at(0.335, 40)})
    st = step.state
    assert st.piece("S7").active is False and st.piece("P1").status == IN_PLAY
    assert st.turn_player == 0 and not ended(step)
    far = pos(SP, {"S0": at(0.335, 250), "S7": at(0.335, 10), "P0": at(0.335, 130),
                   "P1": at(0.335, 100)})
    with pytest.raises(IllegalAction, match="Telekinesis"):
        GAME.apply(far, Flick.make("P1", 90, 0.5, power="telekinesis", by="S7"))


def test_a_telekinetic_hyper_propulsion_ends_the_sinistrum_turn():
    s = pos(SP, {"S0": at(0.335, 250), "S7": at(0.335, 10), "S1": at(0.2, 300),
                 "P0": at(0.335, 130), "P1": at(0.335, 30)})
    step = flick(s, Flick.make("P1", 90, 2.0, power="telekinesis", by="S7"),
                 {"P1": at(0.335, 200)})  # Corsair speed 2: M2 -> M11 is too far
    assert "hyper_propulsion" in kinds(step) and ended(step) == ["hyper-propulsion"]


def test_a_telekinetic_saucer_cannot_board_for_the_master():
    s = pos(SP, {"S0": at(0.335, 250), "S7": at(0.335, 10), "S1": at(0.2, 300),
                 "P0": at(0.335, 130), "P1": at(0.335, 30), "P2": at(0.335, 60)})
    p2 = s.piece("P2")
    step = flick(s, Flick.make("P1", 90, 0.5, power="telekinesis", by="S7"),
                 {"P1": next_to((p2.x, p2.y), 0.04, 270)})
    assert "may_board" not in kinds(step) and step.state.pending_board is None


# --- The Zorgs -----------------------------------------------------------------------------

ZP = ["zorgs", "space_pirates"]  # Z0 Kabane, Z1-4 Kogneurs, Z5-6 Kasseurs, Z7-8 Kibooms


def test_fabriker_brings_an_atomised_kiboom_back_against_the_kabane():
    s = pos(ZP, {"Z0": at(0.335, 10), "Z1": at(0.2, 200), "P0": at(0.335, 130),
                 "P1": at(0.335, 250)}, atomised={"Z7": 1})
    assert s.scores() == (0, 1)
    st = GAME.apply(s, Move("fabricate", ("Z0",))).state
    z7, z0 = st.piece("Z7"), st.piece("Z0")
    assert z7.status == IN_PLAY and z7.active and touching(z7, z0)
    assert z0.active is False
    assert st.scores() == (0, 0)  # it left the Pirates' stack
    none_left = pos(ZP, {"Z0": at(0.335, 10), "Z1": at(0.2, 200), "P0": at(0.335, 130)})
    with pytest.raises(IllegalAction, match="Fabriker"):
        GAME.apply(none_left, Move("fabricate", ("Z0",)))


@pytest.mark.parametrize("success", [True, False])
def test_destruktor_a_kasseur_survives_its_heroic_assault(success):
    s = pos(ZP, {"Z0": at(0.335, 250), "Z5": at(0.335, 10), "P0": at(0.335, 130),
                 "P1": at(0.335, 25), "P2": at(0.335, 15)})
    target = "P1"
    first = [(0.1, "Z5", "P1")] if success else [(0.05, "Z5", "P2"), (0.1, "Z5", "P1")]
    step = flick(s, Flick.make("Z5", 90, 0.5, assault=target), {"Z5": at(0.335, 18)}, first)
    st = step.state
    assert st.piece("Z5").status == IN_PLAY
    assert (st.piece("P1").status == ATOMISED) == success
    assert ended(step) == ["heroic assault"]  # it still ends the turn


def test_eksplosif_an_active_kiboom_and_the_enemy_saucer_hitting_it_are_atomised():
    s = pos(ZP, {"Z0": at(0.335, 250), "Z7": at(0.335, 30), "Z1": at(0.2, 300),
                 "P0": at(0.335, 130), "P1": at(0.335, 10), "P2": at(0.2, 100)}, turn=1)
    vm = vanish_map(s, Flick.make("P1", 0, 1))
    assert "Z7" in vm["P1"] and "P1" in vm["Z7"]
    step = flick(s, Flick.make("P1", 90, 0.5), {"P1": at(0.335, 25)},
                 [(0.1, "P1", "Z7")], [("P1", 0.1), ("Z7", 0.1)])
    st = step.state
    assert st.piece("P1").status == ATOMISED and st.piece("P1").stack == 0  # for the Zorgs
    assert st.piece("Z7").status == ATOMISED and st.piece("Z7").stack == 1
    assert "eksplosif" in kinds(step)


def test_eksplosif_needs_an_active_kiboom_in_the_opponents_turn():
    passive = pos(ZP, {"Z0": at(0.335, 250), "Z7": at(0.335, 30), "Z1": at(0.2, 300),
                       "P0": at(0.335, 130), "P1": at(0.335, 10)}, turn=1, passive=["Z7"])
    assert "Z7" not in vanish_map(passive, Flick.make("P1", 0, 1)).get("P1", ())
    own_turn = pos(ZP, {"Z0": at(0.335, 250), "Z7": at(0.335, 30), "Z1": at(0.2, 300),
                        "P0": at(0.335, 130), "P1": at(0.335, 10)}, turn=0)
    assert "Z7" not in vanish_map(own_turn, Flick.make("Z1", 0, 1)).get("P1", ())


def test_flying_object_only_kibooms_left_means_annihilation():
    s = pos(ZP, {"Z0": at(0.335, 250), "Z7": at(0.335, 30), "Z1": at(0.2, 300),
                 "P0": at(0.335, 130), "P1": at(0.2, 250)}, turn=1)
    p1 = s.piece("P1")
    s = pos(ZP, {"Z0": at(0.335, 250), "Z7": at(0.335, 30), "Z1": next_to((p1.x, p1.y), 0.04),
                 "P0": at(0.335, 130), "P1": (p1.x, p1.y)}, turn=1)
    st = GAME.apply(s, Move("board", ("P1",))).state
    assert st.annihilated[0] and st.phase == "over" and st.winners == (1,)


def test_flying_object_a_kiboom_cannot_board_or_make_a_heroic_assault():
    z7 = at(0.335, 30)
    s = pos(ZP, {"Z0": at(0.335, 250), "Z7": z7, "Z1": at(0.2, 300), "P0": at(0.335, 130),
                 "P1": next_to(z7, 0.035)})
    with pytest.raises(IllegalAction, match="Kiboom"):
        GAME.apply(s, Move("board", ("Z7",)))
    with pytest.raises(IllegalAction, match="Kiboom"):
        GAME.apply(s, Flick.make("Z7", 0, 0.5, assault="P1"))


# --- The Little Greys ------------------------------------------------------------------------

GP = ["little_greys", "space_pirates"]  # G0 Great Saucer, G1-4 Small Saucers, G5-8 Jumpers


def test_teleportation_brings_one_of_your_saucers_against_the_great_saucer():
    s = pos(GP, {"G0": at(0.335, 10), "G1": at(0.5, 200), "G2": at(0.2, 300),
                 "P0": at(0.335, 130)}, passive=["G1"])
    st = GAME.apply(s, Move("teleport", ("G0", "G1"))).state
    g1 = st.piece("G1")
    assert touching(g1, st.piece("G0")) and g1.active is False  # keeps its face
    assert st.piece("G0").active is False


def test_meteoric_fission_propels_a_near_asteroid_any_distance_into_a_molten_mass():
    s = pos(GP, {"G0": at(0.335, 10), "G1": at(0.5, 200), "P0": at(0.335, 130),
                 "A1": at(0.335, 35)}, asteroids=1)
    act = Flick.make("A1", 180, 2.5, power="fission", by="G0")
    step = flick(s, act, {"A1": at(0.5, 190)})
    st = step.state
    assert st.piece("A1").molten and st.piece("G0").active is False
    assert "hyper_propulsion" not in kinds(step) and not ended(step)
    far = pos(GP, {"G0": at(0.335, 10), "G1": at(0.5, 200), "P0": at(0.335, 130),
                   "A1": at(0.335, 200)}, asteroids=1)
    with pytest.raises(IllegalAction, match="Meteoric Fission"):
        GAME.apply(far, Flick.make("A1", 0, 1, power="fission", by="G0"))


def test_jump_puts_the_jumper_anywhere_on_the_galaxy_turned_over():
    s = pos(GP, {"G0": at(0.335, 250), "G5": at(0.335, 10), "G1": at(0.2, 300),
                 "P0": at(0.335, 130), "P1": at(0.5, 190)})
    p1 = s.piece("P1")
    land = next_to((p1.x, p1.y), 0.04, 90, gap=0.0002)
    st = GAME.apply(s, jump_move("G5", *land)).state
    g5 = st.piece("G5")
    assert abs(g5.x - land[0]) < 1e-4 and g5.active is False
    assert not GAME.is_legal(st, Move("board", ("G5",)))  # no boarding after a jump
    with pytest.raises(IllegalAction, match="another piece"):
        GAME.apply(s, jump_move("G5", p1.x, p1.y))
    with pytest.raises(IllegalAction, match="on the Galaxy"):
        GAME.apply(s, jump_move("G5", 0.7, 0.0))


# --- The Space Pirates -------------------------------------------------------------------------

def test_propulsion_the_galleon_base_can_be_propelled_other_bases_cannot():
    s = pos(GP, {"G0": at(0.335, 250), "G1": at(0.2, 300), "P0": at(0.335, 130),
                 "P1": at(0.5, 190)}, turn=1)
    assert GAME.is_legal(s, Flick.make("P0", 0, 0.5))
    s0 = pos(GP, {"G0": at(0.335, 250), "G1": at(0.2, 300), "P0": at(0.335, 130)})
    assert not GAME.is_legal(s0, Flick.make("G0", 0, 0.5))


@pytest.mark.parametrize("success", [True, False])
def test_destructor_the_galleon_survives_its_heroic_assault(success):
    s = pos(GP, {"G0": at(0.335, 250), "G1": at(0.335, 150), "G2": at(0.335, 110),
                 "P0": at(0.335, 130), "P1": at(0.5, 190)}, turn=1)
    contacts = [(0.1, "P0", "G1")] if success else [(0.1, "P0", "G2"), (0.2, "P0", "G1")]
    step = flick(s, Flick.make("P0", 90, 0.5, assault="G1"), {"P0": at(0.335, 135)}, contacts)
    assert step.state.piece("P0").status == IN_PLAY
    assert (step.state.piece("G1").status == ATOMISED) == success


# --- The O.M.U. ------------------------------------------------------------------------------

OP = ["omu", "space_pirates"]  # U0 Sanctuary, U1-4 Torpedo Boats, U5-8 Corvettes


def test_shield_atomises_an_enemy_touching_the_active_sanctuary_in_the_enemy_turn():
    s = pos(OP, {"U0": at(0.335, 10), "U1": at(0.2, 200), "P0": at(0.335, 130),
                 "P1": at(0.335, 40), "P2": at(0.5, 100)}, turn=1)
    assert "U0" in vanish_map(s, Flick.make("P1", 0, 1))["P1"]
    step = flick(s, Flick.make("P1", 270, 1.0, assault="U0"), {"P1": at(0.335, 20)},
                 [(0.1, "P1", "U0")], [("P1", 0.1)])
    st = step.state
    assert st.piece("P1").status == ATOMISED and st.piece("P1").stack == 0  # for the O.M.U.
    assert st.piece("U0").status == IN_PLAY
    assert [e.data["piece"] for e in step.events if e.kind == "shield"] == ["U0"]
    heroic = [e for e in step.events if e.kind == "heroic_assault"][0]
    assert heroic.data["success"] is False


def test_shield_works_only_in_the_opponents_turn_and_not_against_the_black_hole():
    own = pos(OP, {"U0": at(0.335, 10), "U1": at(0.2, 200), "P0": at(0.335, 130),
                   "P1": at(0.335, 40)}, turn=0)
    assert "U0" not in vanish_map(own, Flick.make("U1", 0, 1)).get("P1", ())
    s = pos(OP, {"U0": at(0.15, 10), "U1": at(0.2, 200), "P0": at(0.335, 130),
                 "P1": at(0.30, 10)}, turn=1)
    step = flick(s, Flick.make("P1", 180, 1.0), {"P1": at(0.2, 10), "U0": (0.07, 0.0)},
                 [(0.1, "P1", "U0"), (0.2, "U0", "BH")], [("U0", 0.2)])
    assert step.state.piece("U0").status == ATOMISED and step.state.scores() == (0, 2)


@pytest.mark.parametrize("success", [True, False])
def test_torpedoes_a_torpedo_boat_survives_a_heroic_assault_on_a_base(success):
    s = pos(["omu", "sinistrum"], {"U0": at(0.335, 250), "U1": at(0.335, 10),
                                   "S0": at(0.335, 40), "S1": at(0.335, 25)})
    # Even against the Death Satellite's Lethal power.
    assert "S0" not in vanish_map(s, Flick.make("U1", 0, 1, assault="S0"))["U1"]
    contacts = [(0.1, "U1", "S0")] if success else [(0.05, "U1", "S1"), (0.1, "U1", "S0")]
    step = flick(s, Flick.make("U1", 90, 0.5, assault="S0"), {"U1": at(0.335, 30)}, contacts)
    st = step.state
    assert st.piece("U1").status == IN_PLAY
    assert (st.piece("S0").status == ATOMISED) == success


def test_torpedoes_do_not_protect_an_assault_on_a_saucer():
    s = pos(OP, {"U0": at(0.335, 250), "U1": at(0.335, 10), "P0": at(0.335, 130),
                 "P1": at(0.335, 30)})
    step = flick(s, Flick.make("U1", 90, 0.5, assault="P1"), {"U1": at(0.335, 25)},
                 [(0.1, "U1", "P1")])
    assert step.state.piece("U1").status == ATOMISED


def test_anaesthetic_ray_deactivates_a_near_enemy_at_the_start_of_its_turn():
    s = pos(OP, {"U0": at(0.335, 250), "U5": at(0.335, 10), "P0": at(0.335, 130),
                 "P1": at(0.335, 30), "P2": at(0.335, 170)})
    s2 = GAME.apply(s, Move("end_turn")).state  # the Pirates' turn starts
    assert s2.phase == "ray" and s2.to_move == 0 and s2.turn_player == 1
    rays = [str(m) for m in GAME.legal_actions(s2)]
    assert "ray U5 P1" in rays and "ray U5 P2" not in rays and "pass" in rays
    s3 = GAME.apply(s2, Move("ray", ("U5", "P1"))).state
    assert s3.phase == "actions" and s3.turn_player == 1
    assert s3.piece("P1").active is False and s3.piece("U5").active is False
    assert not GAME.is_legal(s3, Flick.make("P1", 0, 0.5))
    s4 = GAME.apply(s3, Move("end_turn")).state  # back to the O.M.U.: Corvette reactivated
    assert s4.turn_player == 0 and s4.piece("U5").active


def test_a_player_left_only_with_anaesthetised_saucers_is_annihilated():
    s = pos(["omu", "invaders"], {"U0": at(0.335, 250), "U5": at(0.335, 10),
                                  "U1": at(0.2, 300), "V0": at(0.5, 130), "V1": at(0.335, 30)})
    s2 = GAME.apply(s, Move("end_turn")).state
    s3 = GAME.apply(s2, Move("ray", ("U5", "V1"))).state
    assert s3.annihilated[1] and s3.dominator[1] == 0 and s3.phase == "over"


# --- The Invaders -------------------------------------------------------------------------------

IP = ["invaders", "space_pirates"]  # V0 Hive, V1-V12 Larva Ships


def test_hive_takes_more_than_six_larva_ships_placing_them_against_each_other():
    out = [f"V{i}" for i in range(2, 13)]
    s = pos(IP, {"V0": at(0.42, 10), "V1": at(0.2, 200), "P0": at(0.335, 130),
                 "P1": at(0.5, 250)}, out=out, turn=1)
    st = with_default_returns(GAME.apply(s, Move("end_turn")).state)
    back = [st.piece(p) for p in out]
    assert all(p.status == IN_PLAY for p in back)
    hive = st.piece("V0")
    direct = [p for p in back if touching(p, hive)]
    assert 6 <= len(direct) < len(back)
    for p in back:
        if p not in direct:
            assert any(touching(p, q) for q in direct)


def test_contagion_turns_the_victim_into_an_inactive_larva_ship():
    p1 = at(0.335, 30)
    s = pos(IP, {"V0": at(0.335, 250), "V1": next_to(p1, 0.04, 180), "V2": at(0.2, 200),
                 "P0": at(0.335, 130), "P1": p1, "P2": at(0.2, 300)}, atomised={"V5": 1})
    assert s.scores() == (0, 1)
    step = GAME.apply(s, Move("board", ("V1", "contagion")))
    st = step.state
    v5 = st.piece("V5")
    assert st.piece("P1").status == ATOMISED and st.piece("P1").stack == 0
    assert v5.status == IN_PLAY and v5.active is False and v5.owner == 0
    assert (v5.x, v5.y) == pytest.approx(p1, abs=1e-5)  # same size: at the victim's place
    assert st.scores() == (1, 0)  # the Larva Ship no longer counts for the Pirates
    assert "contagion" in kinds(step)


def test_contagion_needs_an_atomised_larva_ship():
    p1 = at(0.335, 30)
    s = pos(IP, {"V0": at(0.335, 250), "V1": next_to(p1, 0.04, 180), "P0": at(0.335, 130),
                 "P1": p1})
    with pytest.raises(IllegalAction, match="Contagion"):
        GAME.apply(s, Move("board", ("V1", "contagion")))


def test_a_shield_spent_on_the_first_enemy_does_not_atomise_the_second(monkeypatch):
    """simulate_flick re-runs physics without the later Shield touches (same run until then)."""
    import physics

    from games.glonk import rules as R
    s = pos(OP, {"U0": at(0.335, 10), "U1": at(0.2, 200), "P0": at(0.335, 130),
                 "P1": at(0.335, 40), "P2": at(0.335, 60)}, turn=1)
    calls = []

    def fake_simulate(discs, flick, *, vanish_on_touch, table_radius=None, max_seconds=20.0,
                      on_frames=None, version=None):
        calls.append(vanish_on_touch)
        gone = [("P1", 0.1)]
        touches = [(0.1, "P1", "U0"), (0.3, "P2", "U0")]
        if "U0" in vanish_on_touch.get("P2", ()):
            gone.append(("P2", 0.3))
        return scripted_motion(s, "P1", {"P2": at(0.335, 20)}, touches, gone)

    monkeypatch.setattr(physics, "simulate", fake_simulate)
    motion = R.simulate_flick(s, Flick.make("P1", 270, 1.0))
    assert len(calls) == 2 and "U0" not in calls[1]["P2"] and "U0" in calls[1]["P1"]
    assert dict(motion.vanished) == {"P1": 0.1}
