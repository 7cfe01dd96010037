"""Glonk rules the audit found misread, each on a hand-made position (scripted motions)."""
import math

from games.glonk import GAME
from games.glonk.actions import Flick, Move, jump_move
from games.glonk.model import ATOMISED, IN_PLAY, OUT, gap
from games.glonk.positions import position, scripted_motion, with_default_returns
from games.glonk.rules import touching

PV = ["space_pirates", "invaders"]  # P0 Galleon, P1-P4 Corsairs; V0 Hive, V1-V12 Larva Ships
GP = ["little_greys", "space_pirates"]  # G0 Great Saucer, G5-8 Jumpers
VZ = ["invaders", "zorgs"]  # V1-V12 Larva Ships; Z0 Kabane, Z7-8 Kibooms


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def beside(p, radius_sum, deg, gap_m):
    d = radius_sum + gap_m
    return (p[0] + d * math.cos(math.radians(deg)), p[1] + d * math.sin(math.radians(deg)))


def pos(armadas, pieces, **kw):
    kw.setdefault("asteroids", 0)
    return position(armadas, {"BH": (0.0, 0.0), **pieces}, **kw)


def ended(step):
    return [e.data["reason"] for e in step.events if e.kind == "turn_ended"]


def test_a_heroic_assault_coming_to_rest_touching_its_target_succeeds():
    # "Touch" is a contact in motion or a gap under 1 mm at rest, for the assault too.
    v1 = at(0.335, 30)
    s = pos(PV, {"P0": at(0.335, 130), "V0": at(0.335, 250), "P1": at(0.335, 10), "V1": v1,
                 "V2": at(0.335, 300)})
    rest = beside(v1, 0.04, 200, 0.00028)  # 0.28 mm short of V1, no contact in motion
    m = scripted_motion(s, "P1", {"P1": rest})
    step = GAME.apply_with_motion(s, Flick.make("P1", 20, 0.4, assault="V1"), m)
    st = step.state
    assault = [e for e in step.events if e.kind == "heroic_assault"][0]
    assert assault.data["success"] and assault.data["first_touched"] == "V1"
    assert st.piece("V1").status == ATOMISED and st.piece("V1").stack == 0
    assert st.piece("P1").status == ATOMISED and ended(step) == ["heroic assault"]


def test_an_assault_stopping_a_millimetre_short_of_its_target_fails():
    v1 = at(0.335, 30)
    s = pos(PV, {"P0": at(0.335, 130), "V0": at(0.335, 250), "P1": at(0.335, 10), "V1": v1,
                 "V2": at(0.335, 300)})
    m = scripted_motion(s, "P1", {"P1": beside(v1, 0.04, 200, 0.0011)})
    st = GAME.apply_with_motion(s, Flick.make("P1", 20, 0.4, assault="V1"), m).state
    assert st.piece("V1").status == IN_PLAY and st.piece("P1").status == ATOMISED


def test_a_jumper_landing_against_a_molten_mass_is_atomised_and_the_mass_leaves_play():
    a1 = at(0.335, 40)
    s = pos(GP, {"G0": at(0.335, 250), "G5": at(0.335, 10), "G1": at(0.2, 300),
                 "P0": at(0.335, 130), "A1": a1}, asteroids=1, molten=["A1"])
    land = beside(a1, 0.0225 + 0.02, 90, 0.0003)
    step = GAME.apply(s, jump_move("G5", *land))
    st = step.state
    assert st.piece("G5").status == ATOMISED
    assert st.piece("A1").status == OUT and not st.piece("A1").molten  # back as an Asteroid
    assert "molten_removed" in [e.kind for e in step.events]


def test_contagion_on_a_kiboom_puts_the_larva_where_it_overlaps_nothing():
    z7 = at(0.335, 30)
    s = pos(VZ, {"V0": at(0.335, 250), "V1": beside(z7, 0.02 + 0.015, 180, 0.0004),
                 "Z0": at(0.335, 130), "Z1": at(0.2, 300), "Z7": z7}, atomised={"V5": 1})
    st = GAME.apply(s, Move("board", ("V1", "contagion"))).state
    v5 = st.piece("V5")
    assert st.piece("Z7").status == ATOMISED and v5.status == IN_PLAY and v5.owner == 0
    assert math.hypot(v5.x - z7[0], v5.y - z7[1]) < 0.01  # at the victim's place
    for o in st.in_play():
        if o.id != "V5":
            assert gap(v5, o) >= 0.0, f"the Larva Ship overlaps {o.id}"


def test_a_chrono_timeout_puts_back_the_black_hole_but_leaves_the_asteroids_for_the_next_player():
    s = pos(PV, {"P0": at(0.335, 130), "V0": at(0.335, 250), "P1": at(0.30, 10),
                 "V1": at(0.335, 300), "BH": at(0.35, 80), "A1": at(0.5, 45)},
            asteroids=1, chrono=True)
    step = GAME.apply(s, Move("timeout"))
    st = step.state
    assert ended(step) == ["time ran out (Chrono mode)"] and st.turn_player == 1
    assert (st.piece("BH").x, st.piece("BH").y) == (0.0, 0.0)
    a1 = st.piece("A1")  # "replacing the Black Hole (but not the Asteroids)"
    assert a1.status == IN_PLAY and (a1.x, a1.y) == at(0.5, 45)
    # The next player's Stellar Objects Phase catches up: recovered, then placed by them.
    s2 = GAME.apply(st, Move("end_turn")).state
    assert s2.phase == "stellar" and s2.to_move == 1 and s2.piece("A1").status == OUT


def test_flickbook_flick_announces_a_heroic_assault_and_names_the_power_piece(tmp_path, capsys):
    import json

    from flickbook_cli import main
    from timeline import Record, save_record
    s = pos(PV, {"P0": at(0.335, 130), "V0": at(0.335, 250), "P1": at(0.335, 10),
                 "V1": at(0.335, 30), "V2": at(0.335, 300)})
    path = tmp_path / "assault.flick"
    save_record(Record.new("glonk", start_state_json=GAME.state_to_json(s)), path)
    p1, v1 = s.piece("P1"), s.piece("V1")
    angle = math.degrees(math.atan2(v1.y - p1.y, v1.x - p1.x))
    assert main(["flick", str(path), "--piece", "P1", "--angle", f"{angle:.2f}", "--speed",
                 "0.6", "--assault", "V1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["action"].endswith("assault=V1") and report["turn_ended"] == "heroic assault"
    assert any(e["kind"] == "heroic_assault" for e in report["events"])
    assert main(["flick", str(path), "--piece", "P1", "--angle", "0", "--speed", "0.6",
                 "--assault", "V0"]) != 0
    assert "Heroic Assault" in capsys.readouterr().err


# --- disputed readings: the default, and the other reading as a house rule ---------------------

SZ = ["sinistrum", "zorgs"]  # S0 Death Satellite, S1-6 Disciples; Z7-8 Kibooms
OZ = ["omu", "zorgs"]  # U0 Sanctuary; Z7-8 Kibooms


def test_lethal_atomises_a_kiboom_touching_the_death_satellite_and_it_scores_1():
    s0 = at(0.335, 10)
    s = pos(SZ, {"S0": s0, "S1": at(0.2, 200), "Z0": at(0.335, 130), "Z1": at(0.2, 300),
                 "Z7": at(0.335, 40)}, turn=1)
    m = scripted_motion(s, "Z7", {"Z7": beside(s0, 0.0325 + 0.015, 30, 0.0)},
                        contacts=[(0.2, "Z7", "S0")], vanished=[("Z7", 0.2)])
    st = GAME.apply_with_motion(s, Flick.make("Z7", 250, 0.5), m).state
    assert st.piece("Z7").status == ATOMISED and st.scores() == (1, 0)


def test_house_rule_kiboom_not_a_saucer_spares_it_from_lethal_and_shield_and_it_scores_0():
    from games.glonk.rules import vanish_map
    s = pos(SZ, {"S0": at(0.335, 10), "S1": at(0.2, 200), "Z0": at(0.335, 130),
                 "Z1": at(0.2, 300), "Z7": at(0.335, 40)}, turn=1,
            house_rules=["kiboom_not_a_saucer"])
    assert "S0" not in vanish_map(s, Flick.make("Z7", 250, 0.5)).get("Z7", ())
    u = pos(OZ, {"U0": at(0.335, 10), "U1": at(0.2, 200), "Z0": at(0.335, 130),
                 "Z1": at(0.2, 300), "Z7": at(0.335, 40)}, turn=1,
            house_rules={"kiboom_not_a_saucer": True})
    assert "U0" not in vanish_map(u, Flick.make("Z7", 250, 0.5)).get("Z7", ())
    scored = pos(SZ, {"S0": at(0.335, 10), "Z0": at(0.335, 130), "Z1": at(0.2, 300)},
                 atomised={"Z7": 0, "Z2": 0}, house_rules=["kiboom_not_a_saucer"])
    assert scored.scores() == (1, 0)  # the Kogneur counts, the Kiboom does not


def assault_on_the_death_satellite(**kw):
    s0 = at(0.335, 10)
    s = pos(["sinistrum", "space_pirates"], {"S0": s0, "S1": at(0.2, 200),
                                             "P0": at(0.335, 130), "P1": at(0.335, 30)},
            turn=1, **kw)
    m = scripted_motion(s, "P1", {"P1": beside(s0, 0.0325 + 0.02, 20, 0.0)},
                        contacts=[(0.2, "P1", "S0")], vanished=[("P1", 0.2)])
    return GAME.apply_with_motion(s, Flick.make("P1", 200, 0.5, assault="S0"), m).state


def test_an_assault_on_the_death_satellite_succeeds_though_lethal_atomises_the_assaulter():
    # Torpedoes spares a Torpedo Boat "even if that Base has the LETHAL power": so an assault
    # on a Lethal Base can succeed, and Lethal does not strike first as the Shield does.
    st = assault_on_the_death_satellite()
    assert st.piece("S0").status == ATOMISED and st.piece("S0").stack == 1
    assert st.piece("P1").status == ATOMISED and st.piece("P1").stack == 0  # Lethal's
    assert st.scores() == (1, 2)


def test_house_rule_lethal_stops_assault_makes_the_assault_fail():
    st = assault_on_the_death_satellite(house_rules=["lethal_stops_assault"])
    assert st.piece("S0").status == IN_PLAY and st.piece("P1").status == ATOMISED


def lost_saucers(**kw):
    s = pos(PV, {"P0": at(0.335, 130), "P1": at(0.30, 10), "V0": at(0.335, 250),
                 "V1": at(0.335, 300)}, out=[f"P{i}" for i in range(2, 9)], turn=1, **kw)
    return with_default_returns(GAME.apply(s, Move("end_turn")).state)


def test_at_most_6_lost_saucers_return_against_an_ordinary_base():
    st = lost_saucers()
    assert sum(1 for p in st.in_play() if p.owner == 0 and p.kind == "saucer") == 1 + 6


def test_house_rule_no_return_cap_returns_as_many_as_fit():
    st = lost_saucers(house_rules=["no_return_cap"])
    back = [p for p in st.in_play() if p.owner == 0 and p.kind == "saucer" and p.id != "P1"]
    assert len(back) > 6 and all(touching(p, st.piece("P0")) for p in back)
