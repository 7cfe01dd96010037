"""Glonk rules for pieces the player places by hand, the six-saucer cap, and the one reading
of "Base or Flying Saucer" (issue 23, points 1-5). Each test quotes the rulebook
(shared/rules/glonk-rulebook.txt)."""
import math

import pytest

from games.api import IllegalAction
from games.glonk import GAME
from games.glonk.actions import Flick, Move
from games.glonk.model import ATOMISED, IN_PLAY, OUT, REMOVED
from games.glonk.moves import RULES
from games.glonk.positions import position, scripted_motion
from games.glonk import rules as R
from games.glonk.rules import touching

PV = ["space_pirates", "invaders"]  # P0 Galleon, P1-P8 Corsairs; V0 Hive, V1-V12 Larva Ships
SP = ["sinistrum", "space_pirates"]  # S0 Death Satellite, S1-6 Disciples, S7-8 Masters
ZP = ["zorgs", "space_pirates"]  # Z0 Kabane, Z1-4 Kogneurs, Z5-6 Kasseurs, Z7-8 Kibooms
OZ = ["omu", "zorgs"]  # U0 Sanctuary, U5-8 Corvettes
LITERAL = {"house_rules": ["kiboom_not_a_saucer"]}


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def beside(p, radius_sum, deg, gap_m):
    d = radius_sum + gap_m
    return (p[0] + d * math.cos(math.radians(deg)), p[1] + d * math.sin(math.radians(deg)))


def pos(armadas, pieces, **kw):
    kw.setdefault("asteroids", 0)
    return position(armadas, {"BH": (0.0, 0.0), **pieces}, **kw)


def act(state, text):
    return GAME.apply(state, GAME.parse_action(state, text)).state


def pirates_return(pieces, out, **kw):
    """The Invaders end their turn; the Pirates' Hyperspace Return begins with `out` lost."""
    s = pos(PV, {"V0": at(0.335, 250), "V1": at(0.335, 300), **pieces}, out=out, turn=1, **kw)
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "return_saucer" and s.turn_player == 0
    return s


# --- 1. a placed piece touching a deadly object ------------------------------------------------

def test_a_saucer_returned_touching_the_black_hole_is_atomised():
    """"A Base or Flying Saucer collides with, or touches, the Black Hole: it is Atomised";
    touch at rest is a gap under 1 mm, and a return puts the saucer 0.3 mm from where the
    player says. The issue's example: Galleon at (0, -0.1131), `return P2 to P0 at=90.0`."""
    s = pirates_return({"P0": (0.0, -0.1131), "P1": at(0.30, 10)}, ["P2"])
    s2 = act(s, "return P2 to P0 at=90.0")
    p2 = s2.piece("P2")
    assert p2.status == ATOMISED and p2.stack is None  # own piece in own turn: the box
    # A return is not an Action: the turn goes on to the actions phase.
    assert s2.phase == "actions" and s2.turn_player == 0


def test_a_saucer_returned_touching_an_enemy_death_satellite_is_atomised_for_the_sinistrum():
    """LETHAL: "this Base atomises any enemy Base or Flying Saucer that touches it, during the
    Sinistrum's turn or during the opponent's turn"."""
    p0 = at(0.335, 130)
    s0 = beside(p0, 0.0325 + 0.02 + 0.0003 + 0.02 + 0.0325, 0, 0.0004)  # P1 between them
    s = pos(SP, {"S0": s0, "S1": at(0.2, 300), "P0": p0, "P3": at(0.30, 10)},
            out=["P1"], turn=0)
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "return_saucer" and s.turn_player == 1
    s2 = act(s, "return P1 to P0 at=0.0")
    assert s2.piece("P1").status == ATOMISED and s2.piece("P1").stack == 0
    assert s2.scores() == (1, 0)


def test_a_kiboom_fabricated_touching_a_molten_mass_is_atomised_and_the_mass_leaves_play():
    """"A Base or Flying Saucer collides with, or touches, a Molten Mass: it is Atomised. When
    the Molten Mass comes to rest, it is taken out of play." A fabricated Kiboom is placed by
    hand, so the touch counts as after a Jump; an own piece atomised in an Action ends the
    turn."""
    z0 = at(0.335, 250)
    a1 = beside(z0, 0.0325 + 0.03 + 0.0003 + 0.0225, 90, 0.0003)
    s = pos(ZP, {"Z0": z0, "Z1": at(0.2, 300), "A1": a1, "P0": at(0.335, 130),
                 "P1": at(0.335, 30)}, atomised={"Z7": None}, asteroids=1, molten=["A1"])
    step = GAME.apply(s, GAME.parse_action(s, "fabricate Z0 Z7 at=90.0"))
    st = step.state
    assert st.piece("Z7").status == ATOMISED
    assert st.piece("A1").status in (OUT, IN_PLAY) and not st.piece("A1").molten
    assert "molten_removed" in [e.kind for e in step.events]
    assert [e.data["reason"] for e in step.events if e.kind == "turn_ended"] == \
        ["a piece was atomised"]


def test_a_saucer_placed_clear_of_deadly_objects_is_untouched():
    s = pirates_return({"P0": (0.0, -0.1131), "P1": at(0.30, 10)}, ["P2"])
    s2 = act(s, "return P2 to P0 at=270.0")
    assert s2.piece("P2").status == IN_PLAY and touching(s2.piece("P2"), s2.piece("P0"))


# --- 2. returning lost saucers is not optional -------------------------------------------------

def test_lost_saucers_must_be_returned_pass_is_refused():
    """Hyperspace Return: "if they have Flying Saucers Lost in Space (out of play), the player
    returns them to play by placing them against their Base"."""
    s = pirates_return({"P0": at(0.335, 130), "P1": at(0.30, 10)}, ["P2", "P3"])
    assert Move("pass") not in GAME.legal_actions(s)
    assert GAME.refusal(s, Move("pass")) == RULES["return_now"]
    with pytest.raises(IllegalAction):
        GAME.apply(s, Move("pass"))
    s2 = act(act(s, "return P2 to P0"), "return P3 to P0")
    assert s2.phase == "actions" and s2.piece("P3").status == IN_PLAY


# --- 3. a hand-placed asteroid lies on empty spaces only ---------------------------------------

def stellar_with_a1_out(pieces):
    s = pos(PV, {"P0": at(0.335, 130), "P1": at(0.30, 250), "V0": at(0.335, 250 - 40),
                 **pieces}, asteroids=1)
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "stellar" and s.piece("A1").status == OUT
    return s


def test_an_asteroid_placed_by_hand_may_not_spill_onto_an_occupied_space():
    """Stellar Objects Phase: "the player places the out-of-play Asteroids / Molten Masses on
    any empty spaces of the Middle Ring or the Inner Ring". The issue's example: V1 on M2,
    `asteroid A1 M1 x=0.3167 y=0.1091` covers M1 and M2."""
    s = stellar_with_a1_out({"V1": at(0.335, 30)})
    spill = GAME.parse_action(s, "asteroid A1 M1 x=0.3167 y=0.1091")
    assert {"M1", "M2"} <= R.G.occupied(0.3167, 0.1091, 0.0225)
    assert GAME.refusal(s, spill) == RULES["asteroid_spot"]
    a1 = act(s, "asteroid A1 M1").piece("A1")  # the default spot keeps to M1
    assert R.G.occupied(a1.x, a1.y, a1.radius) == {"M1"}


def test_an_asteroid_placed_by_hand_may_not_spill_into_the_outer_ring():
    """"... on any empty spaces of the Middle Ring or the Inner Ring": straddling M1 and O1 is
    refused even with O1 empty; at setup too ("in the Middle Ring or the Inner Ring")."""
    s = stellar_with_a1_out({})
    x, y = at(0.41, 10)
    assert R.G.occupied(x, y, 0.0225) == {"M1", "O1"}
    straddle = GAME.parse_action(s, f"asteroid A1 M1 x={x:.4f} y={y:.4f}")
    assert GAME.refusal(s, straddle) == RULES["asteroid_spot"]
    inside = GAME.parse_action(s, "asteroid A1 M1 x=0.3300 y=0.0580")
    assert GAME.refusal(s, inside) is None


# --- 4. the six-saucer cap counts saucers placed, not saucers resting --------------------------

def test_a_base_with_six_saucers_resting_against_it_still_takes_back_a_lost_saucer():
    """"In practice, up to 6 out-of-play Flying Saucers may be placed against one Base": the six
    already resting against the Galleon were not placed in this return."""
    p0 = at(0.335, 130)
    resting = {f"P{i + 1}": beside(p0, 0.0525, 45 * i, 0.0003) for i in range(6)}
    s = pirates_return({"P0": p0, **resting}, ["P7"])
    assert sum(touching(s.piece(f"P{i}"), s.piece("P0")) for i in range(1, 7)) == 6
    s2 = act(s, "return P7 to P0")
    assert s2.piece("P7").status == IN_PLAY and touching(s2.piece("P7"), s2.piece("P0"))


def test_at_most_six_lost_saucers_are_placed_against_one_base_in_a_return():
    """"up to 6 out-of-play Flying Saucers may be placed against one Base": the seventh and
    eighth stay out this turn."""
    s = pirates_return({"P0": at(0.42, 130)}, [f"P{i}" for i in range(1, 9)], fleet=None)
    for i in range(1, 7):
        assert s.phase == "return_saucer"
        s = act(s, f"return P{i} to P0")
    assert s.phase == "actions"
    assert [s.piece(f"P{i}").status for i in (7, 8)] == [OUT, OUT]
    assert s.returned == ("P0",) * 6


# --- 5. one reading of "Base or Flying Saucer" for the Kiboom ----------------------------------

def test_default_a_kiboom_is_a_target_of_the_anaesthetic_ray():
    """ANAESTHETIC RAY: "deactivate an enemy Base or Flying Saucer located 1 Parsec or less
    from it". Default: the Kiboom is a Flying Saucer (an SV on its sheet)."""
    pieces = {"U0": at(0.335, 250), "U5": at(0.335, 10), "Z0": at(0.335, 130),
              "Z1": at(0.2, 200), "Z7": at(0.335, 30)}
    s = GAME.apply(pos(OZ, pieces), Move("end_turn")).state
    assert s.phase == "ray" and "ray U5 Z7" in [str(m) for m in GAME.legal_actions(s)]
    lit = GAME.apply(pos(OZ, pieces, **LITERAL), Move("end_turn")).state
    assert lit.phase != "ray" or "ray U5 Z7" not in [str(m) for m in GAME.legal_actions(lit)]


def test_default_a_kiboom_may_be_the_target_of_a_heroic_assault_and_of_telekinesis():
    """Heroic Assault: "designate an enemy piece (Base or Flying Saucer) within its range";
    TELEKINESIS: "propel any enemy Flying Saucer located 1 Parsec or less from it"."""
    pieces = {"S0": at(0.335, 250), "S7": at(0.335, 10), "S1": at(0.2, 300),
              "Z0": at(0.335, 130), "Z1": at(0.2, 200), "Z7": at(0.335, 30)}
    tk = Flick.make("Z7", 90, 0.5, power="telekinesis", by="S7")
    assault = Flick.make("S1", 90, 0.5, assault="Z7")
    s = pos(["sinistrum", "zorgs"], pieces)
    assert GAME.is_legal(s, tk) and "Z7" in [t.id for t in R.assault_targets(s, s.piece("S7"))]
    lit = pos(["sinistrum", "zorgs"], pieces, **LITERAL)
    assert not GAME.is_legal(lit, tk)
    assert "Z7" not in [t.id for t in R.assault_targets(lit, lit.piece("S7"))]
    assert GAME.refusal(lit, assault) is not None


def test_default_the_dominator_takes_an_out_of_play_kiboom():
    """"the out-of-play Flying Saucers of the annihilated player come back to fight for the
    Dominator". House rule: a Kiboom is not one, so it is removed with its armada."""
    z1 = at(0.30, 30)
    pieces = {"P0": at(0.335, 130), "P1": (z1[0] - 0.0405, z1[1]), "Z1": z1,
              "Z0": at(0.335, 250), "U0": at(0.335, 330), "U1": at(0.2, 330)}
    arm = ["space_pirates", "zorgs", "omu"]
    st = GAME.apply(position(arm, {"BH": (0, 0), **pieces}, out=["Z7"], asteroids=0),
                    Move("board", ("P1",))).state
    assert st.annihilated[1] and st.piece("Z7").owner == 0 and st.piece("Z7").status == OUT
    lit = GAME.apply(position(arm, {"BH": (0, 0), **pieces}, out=["Z7"], asteroids=0,
                              **LITERAL), Move("board", ("P1",))).state
    assert lit.annihilated[1] and lit.piece("Z7").status == REMOVED


def test_house_rule_the_black_hole_does_not_atomise_a_kiboom():
    """"A Base or Flying Saucer collides with, or touches, the Black Hole: it is Atomised",
    read literally (kiboom_not_a_saucer): a Kiboom is neither, so it bounces off."""
    pieces = {"Z0": at(0.335, 250), "Z1": at(0.2, 300), "Z7": at(0.2, 40),
              "P0": at(0.335, 130), "P1": at(0.335, 30)}
    rest = beside((0.0, 0.0), 0.04 + 0.015, 40, 0.0)
    for rules, status in (({}, ATOMISED), (LITERAL, IN_PLAY)):
        s = pos(ZP, pieces, **rules)
        vanish = R.vanish_map(s, Flick.make("Z7", 220, 0.5)).get("Z7", ())
        assert ("BH" in vanish) == (status == ATOMISED)
        m = scripted_motion(s, "Z7", {"Z7": rest}, contacts=[(0.2, "Z7", "BH")],
                            vanished=[("Z7", 0.2)] if status == ATOMISED else [])
        assert GAME.apply_with_motion(s, Flick.make("Z7", 220, 0.5), m).state \
            .piece("Z7").status == status


def test_house_rule_a_lost_kiboom_does_not_return():
    """"if they have Flying Saucers Lost in Space (out of play), the player returns them":
    read literally, a Kiboom is not a Flying Saucer and stays out."""
    pieces = {"Z0": at(0.335, 250), "Z1": at(0.2, 300), "P0": at(0.335, 130),
              "P1": at(0.335, 30)}
    s = GAME.apply(pos(ZP, pieces, out=["Z7"], turn=1), Move("end_turn")).state
    assert s.phase == "return_saucer" and "return Z7 to Z0" in map(str, GAME.legal_actions(s))
    lit = GAME.apply(pos(ZP, pieces, out=["Z7"], turn=1, **LITERAL), Move("end_turn")).state
    assert lit.phase == "actions" and lit.piece("Z7").status == OUT
