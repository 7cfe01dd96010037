"""Where a Glonk rule says the player places a piece, the player chooses: each choice is an
action with a canonical text, and leaving the spot out takes the program's default."""
import math

import pytest

from games.api import IllegalAction
from games.glonk import GAME
from games.glonk.actions import Move
from games.glonk.model import ATOMISED, IN_PLAY, gap
from games.glonk.moves import RULES
from games.glonk.positions import position
from games.glonk.rules import touching

PV = ["space_pirates", "invaders"]  # P0 Galleon, P1-P8 saucers; V0 Hive, V1-V12 Larva Ships
ZP = ["zorgs", "space_pirates"]  # Z0 Kabane, Z7-8 Kibooms
GP = ["little_greys", "space_pirates"]  # G0 Great Saucer, G1-4 Small Saucers
IP = ["invaders", "space_pirates"]


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def pos(armadas, pieces, **kw):
    kw.setdefault("asteroids", 0)
    return position(armadas, {"BH": (0.0, 0.0), **pieces}, **kw)


def act(state, text):
    action = GAME.parse_action(state, text)
    assert str(action) == text  # the canonical text round-trips
    return GAME.apply(state, action).state


def bearing(p, q):
    return math.degrees(math.atan2(p.y - q.y, p.x - q.x)) % 360


def returning():
    """The Pirates' turn starts with P2 lost in space: its Hyperspace Return."""
    s = pos(PV, {"P0": at(0.335, 130), "P1": at(0.30, 10), "V0": at(0.335, 250),
                 "V1": at(0.335, 300)}, out=["P2"], turn=1)
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "return_saucer" and s.to_move == 0
    return s


def test_a_lost_saucer_returns_where_the_player_puts_it_against_the_base():
    s = act(returning(), "return P2 to P0 at=200.0")
    p2, p0 = s.piece("P2"), s.piece("P0")
    assert p2.status == IN_PLAY and p2.active and touching(p2, p0)
    assert bearing(p2, p0) == pytest.approx(200.0, abs=0.01)
    assert s.phase == "actions"


def test_without_a_spot_the_saucer_returns_on_the_side_facing_the_centre():
    s = act(returning(), "return P2 to P0")
    p2, p0 = s.piece("P2"), s.piece("P0")
    assert touching(p2, p0)
    facing = math.degrees(math.atan2(-p0.y, -p0.x)) % 360
    assert abs((bearing(p2, p0) - facing + 180) % 360 - 180) < 5


def test_a_returning_saucer_may_touch_an_enemy_but_not_overlap_anything():
    s = returning()
    p0 = s.piece("P0")
    # Where P2 goes at 45 degrees from P0; an enemy saucer just beyond it, or on it.
    spot = (p0.x + (0.0325 + 0.02 + 0.0003) * math.cos(math.radians(45)),
            p0.y + (0.0325 + 0.02 + 0.0003) * math.sin(math.radians(45)))
    touching_enemy = pos(PV, {"P0": at(0.335, 130), "P1": at(0.30, 10), "V0": at(0.335, 250),
                              "V1": (spot[0] + 0.0402 * math.cos(math.radians(45)),
                                     spot[1] + 0.0402 * math.sin(math.radians(45)))},
                         out=["P2"], turn=1)
    t = GAME.apply(touching_enemy, Move("end_turn")).state
    t = act(t, "return P2 to P0 at=45.0")
    assert touching(t.piece("P2"), t.piece("V1"))  # allowed: it may touch enemies
    overlapping = GAME.parse_action(s, "return P2 to P0 at=45.0")
    blocked = pos(PV, {"P0": at(0.335, 130), "P1": at(0.30, 10), "V0": at(0.335, 250),
                       "V1": spot}, out=["P2"], turn=1)
    b = GAME.apply(blocked, Move("end_turn")).state
    with pytest.raises(IllegalAction, match="overlapping no piece"):
        GAME.apply(b, overlapping)


def test_no_more_than_six_saucers_are_placed_against_an_ordinary_base():
    s = pos(PV, {"P0": at(0.335, 130), "P1": at(0.30, 10), "V0": at(0.335, 250),
                 "V1": at(0.335, 300)}, out=[f"P{i}" for i in range(2, 9)], turn=1)
    s = GAME.apply(s, Move("end_turn")).state
    for k, pid in enumerate(["P2", "P3", "P4", "P5", "P6", "P7"]):
        s = act(s, f"return {pid} to P0 at={60.0 * k:.1f}")
    assert s.phase == "actions"  # the seventh has nowhere to go: it stays out
    assert s.piece("P8").status != IN_PLAY
    assert GAME.refusal(s, Move("return", ("P8", "to", "P0", "at=30.0"))) is not None


def test_the_kabane_fabricates_the_kiboom_the_player_names_where_the_player_puts_it():
    s = pos(ZP, {"Z0": at(0.335, 10), "Z1": at(0.2, 300), "P0": at(0.335, 130),
                 "P1": at(0.5, 200)}, atomised={"Z7": None, "Z8": 1})
    s2 = act(s, "fabricate Z0 Z8 at=90.0")
    z8, z0 = s2.piece("Z8"), s2.piece("Z0")
    assert z8.status == IN_PLAY and z8.active and touching(z8, z0)
    assert bearing(z8, z0) == pytest.approx(90.0, abs=0.01)
    assert s2.piece("Z7").status == ATOMISED and s2.scores() == (0, 0)  # Z8 left P's stack
    default = act(s, "fabricate Z0")
    assert default.piece("Z7").status == IN_PLAY  # the box first, as before
    with pytest.raises(IllegalAction, match="Fabriker"):
        GAME.apply(s, GAME.parse_action(s, "fabricate Z0 Z1"))  # Z1 is not atomised


def test_the_great_saucer_teleports_a_saucer_to_the_spot_the_player_chooses():
    s = pos(GP, {"G0": at(0.335, 10), "G1": at(0.2, 300), "P0": at(0.335, 130),
                 "P1": at(0.5, 200)})
    s2 = act(s, "teleport G0 G1 at=270.0")
    g1, g0 = s2.piece("G1"), s2.piece("G0")
    assert touching(g1, g0) and bearing(g1, g0) == pytest.approx(270.0, abs=0.01)
    assert s2.piece("G0").active is False


def test_the_player_puts_an_asteroid_anywhere_on_the_space_touching_no_piece():
    s = pos(PV, {"P0": at(0.335, 130), "P1": at(0.30, 10), "V0": at(0.335, 250),
                 "V1": at(0.335, 300)}, asteroids=1)
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "stellar" and s.to_move == 0
    s2 = act(s, "asteroid A1 I2 x=-0.0400 y=0.1700")
    a1 = s2.piece("A1")
    assert (a1.x, a1.y) == (-0.04, 0.17) and a1.status == IN_PLAY
    with pytest.raises(IllegalAction, match="lies on the space it names"):
        GAME.apply(s, GAME.parse_action(s, "asteroid A1 I2 x=0.0500 y=-0.1700"))  # in I5
    bh = s.piece("BH")
    with pytest.raises(IllegalAction, match="touching no piece"):
        GAME.apply(s, GAME.parse_action(s, f"asteroid A1 I1 x={bh.radius + 0.0225:.4f} "
                                           "y=0.0000"))


def test_contagion_reuses_the_atomised_larva_ships_the_player_names():
    p1 = at(0.335, 30)
    s = pos(IP, {"V0": at(0.335, 250), "V1": (p1[0] - 0.0404, p1[1]), "V2": at(0.2, 200),
                 "P0": at(0.335, 130), "P1": p1, "P2": at(0.2, 300)},
            atomised={"V5": None, "V6": 1})
    s2 = act(s, "board V1 contagion V6")
    assert s2.piece("V6").status == IN_PLAY and s2.piece("V5").status == ATOMISED
    default = act(s, "board V1 contagion")
    assert default.piece("V5").status == IN_PLAY  # the box first
    for text in ("board V1 contagion V2", "board V1 contagion V5 V6", "board V1 contagion V6 V6"):
        with pytest.raises(IllegalAction, match="Contagion"):
            GAME.apply(s, GAME.parse_action(s, text))


def test_the_refusal_texts_come_from_one_table():
    s = returning()
    assert GAME.refusal(s, Move("end_turn")) == RULES["return_now"]
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, Move("return", ("P1", "to", "P0")))
    assert exc.value.rule == RULES["return"]


@pytest.mark.parametrize("text", ["return P2 to P0 at=200.0", "fabricate Z0 Z8 at=90.0",
                                  "teleport G0 G1 at=0.0", "asteroid A1 I2 x=-0.0400 y=0.1700",
                                  "board V1 contagion V6 V7", "fabricate Z0 Z8"])
def test_choice_texts_round_trip(text):
    assert str(GAME.parse_action(None, text)) == text


def test_choice_texts_are_normalised():
    assert str(GAME.parse_action(None, "return P2 to P0 at=-90")) == "return P2 to P0 at=270.0"
    assert str(GAME.parse_action(None, "asteroid A1 I2 x=-.04 y=0.17")) == \
        "asteroid A1 I2 x=-0.0400 y=0.1700"
    for bad in ("return P2 to P0 x=1 y=2", "asteroid A1 I2 at=10", "teleport G0 G1 at=abc"):
        with pytest.raises(IllegalAction):
            GAME.parse_action(None, bad)
