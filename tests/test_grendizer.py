"""Grendizer XperienZ rules, one test per rule sentence or card effect, on hand-made states.

Spaces: lane spaces run 0 (arrival box) .. LOC (the strategic location); spaces < A are the
Airspace zone, the rest the Battlefield zone. Zone 2*l is lane l's Airspace, 2*l+1 its
Battlefield. Lane 1 is the Space Science Laboratory, lane 3 the Military Harbour.
"""
from __future__ import annotations

import dataclasses
import json

import pytest

from games.api import CHANCE, TERMINAL, IllegalAction
from games.grendizer import GAME
from games.grendizer.actions import (PASS, BeastDraw, Discard, Draw, EventDraw, FirstPlayer,
                                     Move, Play, Reveal)
from games.grendizer.data import ACTIONS, BEASTS, BOARD, EVENTS
from games.grendizer.rules import A, LOC, SSL_ZONE, adjacent_zones
from games.grendizer.state import Lane

TURN_REST = (("action",), ("move",), ("end",))


def card(name: str) -> str:
    """The first Actions card id with this name."""
    return next(c.id for c in ACTIONS.values() if c.name == name)


def beast(power: str) -> str:
    return next(b.id for b in BEASTS.values() if b.power == power)


def event(effect: str, amount: int | None = None) -> str:
    return next(e.id for e in EVENTS.values()
                if e.effect == effect and (amount is None or e.amount == amount))


PLAIN = next(b.id for b in BEASTS.values() if b.power == "none" and b.threat_down)
PLAIN_NO_MINUS = next(b.id for b in BEASTS.values() if not b.threat_down
                      and b.power in ("none", "dread"))


def lane(minifos=(), beast_pos=None, card_id=PLAIN, damage=0, reserve=8, set_aside=0,
         token=None):
    if token is None:
        token = "board" if beast_pos is not None else "pile"
    return Lane(tuple(sorted(minifos)), beast_pos, reserve, token, set_aside,
                card_id if token != "pile" else None, damage)


def mk(players=1, queue=TURN_REST, hand=(), lanes=None, **kw):
    """A hand-made state: player 0 in the action phase unless `queue` says otherwise."""
    s = GAME.new_initial_state({"players": players, "difficulty": kw.pop("difficulty", "easy"),
                                "house_rules": kw.pop("house_rules", [])})
    hands = (tuple(sorted(hand)),) + ((),) * (players - 1)
    lanes = tuple(lanes) if lanes is not None else tuple(lane() for _ in range(4))
    return dataclasses.replace(s, queue=tuple(queue), hands=hands, lanes=lanes, **kw)


def play(s, text):
    return GAME.apply(s, GAME.parse_action(s, text))


def kinds(step):
    return [e.kind for e in step.events]


# ------------------------------------------------------------------ data

def test_fifty_actions_twelve_beasts_twelve_events():
    assert sum(c.count for c in ACTIONS.values()) == 50
    assert len(BEASTS) == 12 and len(EVENTS) == 12


@pytest.mark.parametrize("name,text", [
    ("Dr. Genzo Umon", "The Threat is reduced by 1. The Threat cannot fall below 1."),
    ("Double Spazer", "This attack causes a Saucer Beast to lose 1 HP OR destroys 3 MiniFOs, "
                      "starting with the one closest to the Military Harbour."),
    ("Earth Defense", "This attack can be performed in any Battlefield zone. It causes a Saucer "
                      "Beast to lose 1 HP OR destroys 2 MiniFOs."),
    ("Marine Spazer Go!", "During the Grendizer Movement phase, you may play this card. Place "
                          "Grendizer in any zone."),
    ("Screw Crusher", "This attack is made in the zone where Grendizer is located. This attack "
                      "causes a Saucer Beast to lose 2 HPs OR destroys 1 MiniFO."),
    ("Anti-Gravity Storm", "This attack is made in the zone where Grendizer is located. This "
                           "attack causes a Saucer Beast to lose 1 HP AND pushes it one space "
                           "upward."),
])
def test_every_card_the_rulebook_names_has_its_printed_text(name, text):
    cards = [c for c in ACTIONS.values() if c.name == name]
    assert cards and all(c.text == text and not c.invented for c in cards)


def test_invented_content_is_marked():
    named = {"Dr. Genzo Umon", "Double Spazer", "Earth Defense", "Marine Spazer Go!",
             "Screw Crusher", "Anti-Gravity Storm"}
    for c in ACTIONS.values():
        assert c.invented == (c.name not in named)
    assert all(b.invented for b in BEASTS.values()) and all(e.invented for e in EVENTS.values())


def test_card_symbols_are_two_lanes_or_two_no_entry():
    for c in ACTIONS.values():
        a, b = c.symbols
        assert (a is None and b is None) or (a != b and {a, b} <= {0, 1, 2, 3})


# ------------------------------------------------------------------ setup

def _after_setup(players, rng_cards=None):
    s = GAME.new_initial_state({"players": players})
    while s.queue[0][0] in ("deal", "first"):
        s = GAME.apply(s, GAME.chance_outcomes(s)[0][0]).state
    return s


@pytest.mark.parametrize("players,size", [(1, 4), (2, 4), (3, 3), (4, 3)])
def test_hand_sizes(players, size):
    s = _after_setup(players)
    assert [len(h) for h in s.hands] == [size] * players
    assert len(s.deck) == 50 - size * players


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_start_with_a_minifo_in_each_arrival_box(players):
    s = GAME.new_initial_state({"players": players})
    for L in s.lanes:
        assert L.minifos == (0,) and L.reserve == BOARD.minifos_per_colour - 1
        assert L.beast_token == "pile"


@pytest.mark.parametrize("players", [1, 2])
def test_one_or_two_players_start_with_empty_lanes(players):
    s = GAME.new_initial_state({"players": players})
    for L in s.lanes:
        assert L.minifos == () and L.reserve == BOARD.minifos_per_colour
        assert L.beast_token == "pile" and L.beast_pos is None


def test_grendizer_starts_at_the_laboratory_and_threat_at_the_bottom():
    s = GAME.new_initial_state({"players": 2})
    assert s.grendizer == SSL_ZONE == 2 * 1 + 1
    assert s.threat == 0 and not s.danger
    assert len(s.beast_deck) == 12 and len(s.event_deck) == 12


def test_first_player_is_chosen_at_random():
    s = GAME.new_initial_state({"players": 3})
    while s.queue[0][0] == "deal":
        s = GAME.apply(s, GAME.chance_outcomes(s)[0][0]).state
    outs = GAME.chance_outcomes(s)
    assert [str(a) for a, _ in outs] == ["first player=0", "first player=1", "first player=2"]
    s = GAME.apply(s, FirstPlayer(2)).state
    assert s.player == 2 and s.queue[0] == ("turn_draw",)


def test_one_player_has_no_first_player_draw():
    s = _after_setup(1)
    assert s.queue[0] == ("turn_draw",) and s.player == 0


def test_config_is_checked():
    with pytest.raises(ValueError):
        GAME.new_initial_state({"players": 5})
    with pytest.raises(ValueError):
        GAME.new_initial_state({"players": 2, "difficulty": "hard"})


# ------------------------------------------------------------------ draw and invasion

def _drawn(s, cid):
    return GAME.apply(s, Draw(cid))


def test_draw_outcomes_are_distinct_cards_weighted_by_count():
    s = mk(queue=(("turn_draw",),) + TURN_REST, deck=("C01", "C01", "C02"))
    outs = dict((str(a), p) for a, p in GAME.chance_outcomes(s))
    assert outs == pytest.approx({"draw C01": 2 / 3, "draw C02": 1 / 3})


def test_the_drawn_card_is_revealed_and_its_lanes_invaded():
    cid = next(c.id for c in ACTIONS.values() if c.symbols == (0, 1))
    s = mk(queue=(("turn_draw",), ("take",)) + TURN_REST, deck=(cid,),
           lanes=[lane([1]), lane([2]), lane([1]), lane()])
    st = _drawn(s, cid)
    t = st.state
    assert t.revealed == cid and cid not in t.hands[0]
    # forces of the two indicated lanes moved one space down; lane 2 did not move
    assert t.lanes[0].minifos == (2,) and t.lanes[1].minifos == (3,) and t.lanes[2].minifos == (1,)
    assert t.queue[0] == ("pile", 0) and t.queue[1] == ("pile", 1)
    assert GAME.current_player(t) == CHANCE and "card_drawn" in kinds(st)


def test_a_revealed_minifo_enters_the_arrival_box():
    s = mk(queue=(("pile", 2), ("threat",), ("take",)) + TURN_REST)
    outs = dict((str(a), p) for a, p in GAME.chance_outcomes(s))
    assert outs == pytest.approx({"reveal lane=2 minifo": 8 / 9, "reveal lane=2 beast": 1 / 9})
    t = GAME.apply(s, Reveal(2, "minifo")).state
    assert t.lanes[2].minifos == (0,) and t.lanes[2].reserve == 7


def test_a_revealed_saucer_beast_draws_its_card_and_frees_the_set_aside_minifos():
    s = mk(queue=(("pile", 3), ("threat",), ("take",)) + TURN_REST,
           lanes=[lane(), lane(), lane(), lane(reserve=5, set_aside=3)])
    t = GAME.apply(s, Reveal(3, "beast")).state
    assert t.lanes[3].beast_pos == 0 and t.lanes[3].beast_token == "board"
    assert t.queue[0] == ("beast_card", 3) and GAME.current_player(t) == CHANCE
    assert len(GAME.chance_outcomes(t)) == 12
    u = GAME.apply(t, BeastDraw(PLAIN)).state
    L = u.lanes[3]
    assert L.beast_card == PLAIN and L.damage == 0  # HP marker in the leftmost space
    assert L.set_aside == 0 and L.reserve == 8
    assert PLAIN not in u.beast_deck


def test_no_entry_symbols_move_every_force_down_and_bring_no_minifo():
    cid = next(c.id for c in ACTIONS.values() if c.symbols == (None, None))
    s = mk(queue=(("turn_draw",), ("take",)) + TURN_REST, deck=(cid,),
           lanes=[lane([0]), lane([1], beast_pos=2), lane([4]), lane([3])])
    t = _drawn(s, cid).state
    assert t.lanes[0].minifos == (1,) and t.lanes[3].minifos == (4,)
    assert t.lanes[1].minifos == (2,) and t.lanes[1].beast_pos == 3
    assert t.lanes[2].minifos == () and t.threat == 1  # reached Tokyo, counted, went back
    assert sum(L.reserve for L in t.lanes) == sum(L.reserve for L in s.lanes)  # none entered
    assert t.queue[0] == ("action",) and t.hands[0] == (cid,)  # no pile draws


def test_forces_in_the_location_stay_and_grendizer_does_not_block():
    cid = next(c.id for c in ACTIONS.values() if c.symbols == (0, 1))
    s = mk(queue=(("turn_draw",), ("take",)) + TURN_REST, deck=(cid,), grendizer=3,
           lanes=[lane([LOC - 1]), lane([A], beast_pos=LOC), lane(), lane()])
    t = _drawn(s, cid).state
    assert t.lanes[1].beast_pos == LOC and t.lanes[1].minifos == (A + 1,)


def test_an_empty_reserve_brings_no_minifo():
    cid = next(c.id for c in ACTIONS.values() if c.symbols[0] == 0)
    empty = lane(reserve=0, token="destroyed", card_id=PLAIN)
    s = mk(queue=(("turn_draw",), ("take",)) + TURN_REST, deck=(cid,),
           lanes=[empty, lane(), lane(), lane()])
    st = _drawn(s, cid)
    assert ("pile", 0) not in st.state.queue and "reserve_empty" in kinds(st)
    assert st.state.lanes[0].minifos == ()


def test_minifos_set_aside_are_not_in_the_reserve():
    s = mk(queue=(("pile", 0), ("threat",), ("take",)) + TURN_REST,
           lanes=[lane(reserve=0, set_aside=8), lane(), lane(), lane()])
    assert [str(a) for a, _ in GAME.chance_outcomes(s)] == ["reveal lane=0 beast"]


def test_no_limit_to_forces_in_a_space():
    cid = next(c.id for c in ACTIONS.values() if c.symbols[0] == 0)
    s = mk(queue=(("turn_draw",), ("take",)) + TURN_REST, deck=(cid,),
           lanes=[lane([1, 1, 2, 2]), lane(), lane(), lane()])
    t = _drawn(s, cid).state
    assert t.lanes[0].minifos == (2, 2, 3, 3)


# ------------------------------------------------------------------ threat phase

def _threat(s):
    """Run the threat phase by drawing a card whose lanes are empty of forces."""
    return GAME.apply(s, EventDraw(s.event_deck[0]))


def test_threat_rises_once_per_saucer_beast_and_per_group_of_minifos():
    s = mk(queue=(("pile", 0), ("threat",), ("take",)) + TURN_REST, threat=1,
           lanes=[lane(), lane([LOC, LOC, LOC]), lane([LOC], beast_pos=LOC), lane()])
    t = GAME.apply(s, Reveal(0, "minifo")).state
    assert t.threat == 1 + 1 + 2  # lane 1 group, lane 2 group and its beast


def test_minifos_in_a_location_go_back_and_saucer_beasts_stay():
    s = mk(queue=(("pile", 0), ("threat",), ("take",)) + TURN_REST, threat=1,
           lanes=[lane(), lane([LOC, LOC], reserve=2), lane([LOC], beast_pos=LOC, reserve=3),
                  lane()])
    st = GAME.apply(s, Reveal(0, "minifo"))
    t = st.state
    assert t.lanes[1].minifos == () and t.lanes[1].set_aside == 2 and t.lanes[1].reserve == 2
    assert t.lanes[2].minifos == () and t.lanes[2].reserve == 4  # beast in play: to Reserve
    assert t.lanes[2].beast_pos == LOC and "returned" in kinds(st)


def test_reaching_a_danger_space_draws_an_event_then_flips_back():
    track = BOARD.tracks["easy"]
    d = min(track.danger)
    s = mk(queue=(("pile", 0), ("threat",), ("take",)) + TURN_REST, threat=d - 1,
           lanes=[lane(), lane([LOC]), lane(), lane()])
    t = GAME.apply(s, Reveal(0, "minifo")).state
    assert t.threat == d and t.danger and t.queue[0] == ("event",)
    u = GAME.apply(t, EventDraw(event("none"))).state
    assert not u.danger and u.queue[0] == ("take",) or u.queue[0] == ("action",)
    assert event("none") in u.event_discard


def test_an_event_reaching_danger_draws_another_event():
    track = BOARD.tracks["difficult"]
    d = sorted(track.danger)[1]
    s = mk(queue=(("event",), ("take",)) + TURN_REST, threat=d - 1, danger=True,
           difficulty="difficult")
    t = GAME.apply(s, EventDraw(event("threat_up", 1))).state
    assert t.threat == d and t.danger and t.queue[0] == ("event",)


def test_moving_down_onto_a_danger_space_does_not_flip():
    d = min(BOARD.tracks["easy"].danger)
    s = mk(hand=[card("Dr. Genzo Umon")], threat=d + 1)
    t = play(s, f"play {card('Dr. Genzo Umon')}").state
    assert t.threat == d and not t.danger


def test_game_over_loses_at_once():
    top = BOARD.tracks["easy"].game_over
    s = mk(queue=(("pile", 0), ("threat",), ("take",)) + TURN_REST, threat=top - 1,
           lanes=[lane(), lane([LOC]), lane(), lane()])
    st = GAME.apply(s, Reveal(0, "minifo"))
    t = st.state
    assert t.result == "defeat" and GAME.is_terminal(t)
    assert GAME.current_player(t) == TERMINAL and GAME.legal_actions(t) == []
    assert GAME.outcome(t) == [0.0] and "defeat" in kinds(st)


@pytest.mark.parametrize("difficulty,dangers", [("easy", 3), ("difficult", 5)])
def test_threat_tracks(difficulty, dangers):
    track = BOARD.tracks[difficulty]
    assert len(track.danger) == dangers and max(track.danger) < track.game_over


# ------------------------------------------------------------------ action phase

def test_the_revealed_card_goes_to_hand_in_the_action_phase():
    # the take step runs as soon as a step leads to it: here the end of a Vega Spy discard
    s = mk(queue=(("discard",), ("take",)) + TURN_REST, revealed="C07", hand=["C01"])
    t = GAME.apply(s, Discard("C01")).state
    assert t.hands[0] == ("C07",) and t.revealed is None and t.queue[0] == ("action",)


def test_pass_plays_no_card():
    s = mk(hand=[card("Dr. Genzo Umon")], threat=4)
    t = GAME.apply(s, PASS).state
    assert t.queue[0] == ("move",) and t.threat == 4 and t.hands == s.hands


def test_one_actions_card_per_action_phase():
    ed = card("Earth Defense")
    s = mk(hand=[ed, card("Dr. Genzo Umon")], threat=4,
           lanes=[lane([A]), lane(), lane(), lane()])
    t = play(s, f"play {ed} zone=1 target=minifo").state
    assert t.queue[0] == ("move",) and t.played
    assert all(not isinstance(a, Play) or ACTIONS[a.card].kind == "movement"
               for a in GAME.legal_actions(t))


def test_movement_card_after_an_attack_by_default_but_not_with_one_card_per_turn():
    go = card("Marine Spazer Go!")
    s = mk(queue=(("move",), ("end",)), hand=[go], played=True)
    assert Play(go, zone=6) in GAME.legal_actions(s)
    s2 = mk(queue=(("move",), ("end",)), hand=[go], played=True,
            house_rules=["one_card_per_turn"])
    assert Play(go, zone=6) not in GAME.legal_actions(s2)
    with pytest.raises(IllegalAction, match="only one Actions card"):
        GAME.apply(s2, Play(go, zone=6))


def test_movement_cards_are_not_played_in_the_action_phase():
    go = card("Marine Spazer Go!")
    s = mk(hand=[go])
    with pytest.raises(IllegalAction, match="Movement phase"):
        GAME.apply(s, Play(go, zone=6))


def test_a_card_not_in_hand_cannot_be_played():
    with pytest.raises(IllegalAction, match="from your hand"):
        play(mk(threat=3), f"play {card('Dr. Genzo Umon')}")


def test_played_cards_go_to_the_discard_pile():
    g = card("Dr. Genzo Umon")
    t = play(mk(hand=[g], threat=3), f"play {g}").state
    assert t.discard == (g,) and t.hands[0] == ()


# ------------------------------------------------------------------ attacks

def test_double_spazer_destroys_three_minifos_closest_to_the_military_harbour():
    ds = card("Double Spazer")
    s = mk(hand=[ds], lanes=[lane([4]), lane(), lane(), lane([0, 1, 2, 3, 4], reserve=3)])
    t = play(s, f"play {ds} target=minifo").state
    assert t.lanes[3].minifos == (0, 1) and t.lanes[0].minifos == (4,)
    assert t.lanes[3].set_aside == 3  # its Saucer Beast has not entered play yet


def test_double_spazer_makes_a_saucer_beast_lose_1_hp():
    ds = card("Double Spazer")
    s = mk(hand=[ds], lanes=[lane(), lane(), lane(), lane([1], beast_pos=1)])
    t = play(s, f"play {ds} target=beast").state
    assert t.lanes[3].damage == 1 and t.lanes[3].minifos == (1,)


def test_eagle_patrol_only_affects_the_lane_of_its_colour():
    ds = card("Double Spazer")
    s = mk(hand=[ds], lanes=[lane([2], beast_pos=2), lane(), lane(), lane()])
    assert [a for a in GAME.legal_actions(s) if isinstance(a, Play)] == []
    with pytest.raises(IllegalAction, match="Eagle Patrol"):
        play(s, f"play {ds} target=minifo")


@pytest.mark.parametrize("cid", sorted({c.name: c.id for c in ACTIONS.values()
                                        if c.kind == "eagle"}.values()))
def test_each_eagle_patrol_card(cid):
    c = ACTIONS[cid]
    lanes = [lane() for _ in range(4)]
    lanes[c.lane] = lane([0, 1, 2, 3, 4], beast_pos=2)
    s = mk(hand=[cid], lanes=lanes)
    t = play(s, f"play {cid} target=minifo").state
    assert len(t.lanes[c.lane].minifos) == 5 - c.minifos
    assert t.lanes[c.lane].minifos == tuple(range(5 - c.minifos))
    u = play(s, f"play {cid} target=beast").state
    assert u.lanes[c.lane].damage == c.beast_hp


def test_screw_crusher_hits_only_in_grendizers_zone():
    sc = card("Screw Crusher")
    # Grendizer in Tokyo's Battlefield (zone 5); Tokyo's beast is up in its Airspace (space 1)
    s = mk(hand=[sc], grendizer=5, lanes=[lane(), lane([4], beast_pos=LOC),
                                          lane([A], beast_pos=1, card_id="S05"), lane()])
    legal = [str(a) for a in GAME.legal_actions(s) if isinstance(a, Play)]
    assert legal == [f"play {sc} target=minifo"]
    with pytest.raises(IllegalAction, match="Grendizer's zone"):
        play(s, f"play {sc} target=beast")
    s2 = dataclasses.replace(s, grendizer=4)  # Tokyo Airspace: the beast at space 1 is there
    t2 = play(s2, f"play {sc} target=beast").state
    assert t2.lanes[2].damage == 2 and t2.lanes[1].damage == 0
    with pytest.raises(IllegalAction, match="Grendizer's zone"):
        play(s2, f"play {sc} target=minifo")


def test_screw_crusher_destroys_one_minifo():
    sc = card("Screw Crusher")
    s = mk(hand=[sc], grendizer=3, lanes=[lane(), lane([A, A + 1, 0]), lane(), lane()])
    t = play(s, f"play {sc} target=minifo").state
    assert t.lanes[1].minifos == (0, A)


def test_anti_gravity_storm_damages_and_pushes_up():
    ag = card("Anti-Gravity Storm")
    s = mk(hand=[ag], grendizer=3, lanes=[lane(), lane([A], beast_pos=LOC, card_id="S05"),
                                         lane(), lane()])
    assert [str(a) for a in GAME.legal_actions(s) if isinstance(a, Play)] == \
        [f"play {ag} target=beast"]
    t = play(s, f"play {ag} target=beast").state
    assert t.lanes[1].damage == 1 and t.lanes[1].beast_pos == LOC - 1


def test_forces_are_not_pushed_beyond_the_first_space():
    ag = card("Anti-Gravity Storm")
    s = mk(hand=[ag], grendizer=2, lanes=[lane(), lane([], beast_pos=0, card_id="S05"),
                                         lane(), lane()])
    t = play(s, f"play {ag} target=beast").state
    assert t.lanes[1].damage == 1 and t.lanes[1].beast_pos == 0


@pytest.mark.parametrize("cid", sorted({c.name: c.id for c in ACTIONS.values()
                                        if c.kind == "grendizer"}.values()))
def test_each_grendizer_attack_card(cid):
    c = ACTIONS[cid]
    s = mk(hand=[cid], grendizer=7,
           lanes=[lane(), lane(), lane(), lane([3, 4, 4, 4, 0], beast_pos=4, card_id="S12")])
    if c.beast_hp:
        t = play(s, f"play {cid} target=beast").state
        assert t.lanes[3].damage == c.beast_hp
        assert t.lanes[3].beast_pos == 4 - c.push
    if c.minifos:
        t = play(s, f"play {cid} target=minifo").state
        assert len(t.lanes[3].minifos) == 5 - min(c.minifos, 4)
        assert 0 in t.lanes[3].minifos
    else:
        assert Play(cid, target="minifo") not in GAME.legal_actions(s)


def test_earth_defense_in_any_battlefield_zone_only():
    ed = card("Earth Defense")
    s = mk(hand=[ed], lanes=[lane([0, 1]), lane([A, A + 1, A + 1]), lane([], beast_pos=LOC,
                                                                          card_id="S05"),
                             lane([], beast_pos=1, card_id="S12")])
    legal = sorted(str(a) for a in GAME.legal_actions(s) if isinstance(a, Play))
    assert legal == sorted([f"play {ed} zone=3 target=minifo", f"play {ed} zone=5 target=beast"])
    t = play(s, f"play {ed} zone=3 target=minifo").state
    assert t.lanes[1].minifos == (A,)
    u = play(s, f"play {ed} zone=5 target=beast").state
    assert u.lanes[2].damage == 1
    with pytest.raises(IllegalAction, match="Battlefield"):
        play(s, f"play {ed} zone=1 target=minifo")


def test_dr_genzo_umon_reduces_threat_but_not_below_1():
    g = card("Dr. Genzo Umon")
    t = play(mk(hand=[g], threat=3), f"play {g}").state
    assert t.threat == 2
    for threat in (0, 1):
        s = mk(hand=[g], threat=threat)
        assert Play(g) not in GAME.legal_actions(s)
        with pytest.raises(IllegalAction, match="below 1"):
            play(s, f"play {g}")


def test_danbeis_lookout_pushes_a_lane_up():
    d = card("Danbei's Lookout")
    s = mk(hand=[d], lanes=[lane([0, 3]), lane(), lane([2], beast_pos=LOC, card_id="S05"),
                            lane()])
    assert sorted(str(a) for a in GAME.legal_actions(s) if isinstance(a, Play)) == \
        [f"play {d} lane=0", f"play {d} lane=2"]
    t = play(s, f"play {d} lane=2").state
    assert t.lanes[2].minifos == (1,) and t.lanes[2].beast_pos == LOC - 1
    u = play(s, f"play {d} lane=0").state
    assert u.lanes[0].minifos == (0, 2)


def test_laboratory_shield_destroys_every_minifo_in_a_battlefield_zone():
    ls = card("Laboratory Shield")
    s = mk(hand=[ls], lanes=[lane([0, A, A, A + 1]), lane(), lane(), lane()])
    t = play(s, f"play {ls} zone=1").state
    assert t.lanes[0].minifos == (0,) and t.lanes[0].set_aside == 3


# ------------------------------------------------------------------ damage

def test_destruction_removes_the_token_keeps_the_card_and_lowers_threat():
    sc = card("Screw Crusher")
    life = BEASTS[PLAIN].life
    s = mk(hand=[sc], grendizer=3, threat=5,
           lanes=[lane(), lane([], beast_pos=A, card_id=PLAIN, damage=life - 1), lane(), lane()])
    st = play(s, f"play {sc} target=beast")
    L = st.state.lanes[1]
    assert L.beast_token == "destroyed" and L.beast_pos is None and L.beast_card == PLAIN
    assert st.state.destroyed == 1 and st.state.threat == 4
    assert "destroyed" in kinds(st) and "threat_changed" in kinds(st)


def test_no_threat_change_without_minus_one():
    sc = card("Screw Crusher")
    life = BEASTS[PLAIN_NO_MINUS].life
    s = mk(hand=[sc], grendizer=3, threat=5,
           lanes=[lane(), lane([], beast_pos=A, card_id=PLAIN_NO_MINUS, damage=life - 1),
                  lane(), lane()])
    t = play(s, f"play {sc} target=beast").state
    assert t.destroyed == 1 and t.threat == 5


def test_minus_one_on_destruction_does_not_flip_to_danger():
    sc = card("Screw Crusher")
    d = min(BOARD.tracks["easy"].danger)
    s = mk(hand=[sc], grendizer=3, threat=d + 1,
           lanes=[lane(), lane([], beast_pos=A, card_id=PLAIN, damage=BEASTS[PLAIN].life - 1),
                  lane(), lane()])
    t = play(s, f"play {sc} target=beast").state
    assert t.threat == d and not t.danger


def test_destroyed_minifos_go_to_the_reserve_once_the_beast_is_in_play():
    ed = card("Earth Defense")
    s = mk(hand=[ed], lanes=[lane([A, A], beast_pos=0, reserve=2), lane(), lane(), lane()])
    t = play(s, f"play {ed} zone=1 target=minifo").state
    assert t.lanes[0].reserve == 4 and t.lanes[0].set_aside == 0


def test_victory_at_the_fourth_destroyed_saucer_beast():
    sc = card("Screw Crusher")
    done = lane(token="destroyed", reserve=8)
    s = mk(hand=[sc], grendizer=3, destroyed=3,
           lanes=[done, lane([], beast_pos=A, card_id=PLAIN, damage=BEASTS[PLAIN].life - 1),
                  done, done])
    st = play(s, f"play {sc} target=beast")
    t = st.state
    assert t.result == "victory" and GAME.is_terminal(t) and GAME.outcome(t) == [1.0]
    assert GAME.legal_actions(t) == [] and "victory" in kinds(st)


# ------------------------------------------------------------------ Grendizer movement

def test_grendizer_moves_to_an_adjacent_zone_without_a_card():
    s = mk(queue=(("move",), ("end",)))
    moves = sorted(a.zone for a in GAME.legal_actions(s) if isinstance(a, Move))
    assert moves == sorted(adjacent_zones(SSL_ZONE)) == [1, 2, 5]
    t = play(s, "move zone=5").state
    assert t.grendizer == 5
    with pytest.raises(IllegalAction, match="adjacent"):
        play(s, "move zone=7")


def test_a_movement_card_places_grendizer_in_any_zone():
    go = card("Marine Spazer Go!")
    s = mk(queue=(("move",), ("end",)), hand=[go])
    assert {a.zone for a in GAME.legal_actions(s) if isinstance(a, Play)} == \
        set(range(8)) - {SSL_ZONE}
    t = play(s, f"play {go} zone=6").state
    assert t.grendizer == 6 and t.discard == (go,)


@pytest.mark.parametrize("cid", sorted({c.name: c.id for c in ACTIONS.values()
                                        if c.kind == "movement"}.values()))
def test_each_movement_card(cid):
    s = mk(queue=(("move",), ("end",)), hand=[cid], grendizer=0)
    t = play(s, f"play {cid} zone=7").state
    assert t.grendizer == 7 and t.hands[0] == ()
    with pytest.raises(IllegalAction, match="another zone"):
        play(s, f"play {cid} zone=0")


def test_moving_is_optional_and_ends_the_turn():
    s = mk(players=2, queue=(("move",), ("end",)))
    t = GAME.apply(s, PASS).state
    assert t.grendizer == SSL_ZONE and t.player == 1 and t.turn == s.turn + 1
    assert t.queue[0] == ("turn_draw",)


# ------------------------------------------------------------------ decks

def test_an_empty_deck_is_rebuilt_from_the_discard_pile():
    s = mk(queue=(("move",), ("end",)), deck=(), discard=("C01", "C02", "C01"))
    st = GAME.apply(s, PASS)
    t = st.state
    assert t.deck == ("C01", "C01", "C02") and t.discard == ()
    assert "reshuffled" in kinds(st) and GAME.current_player(t) == CHANCE


def test_no_card_anywhere_moves_all_forces_down():
    s = mk(queue=(("move",), ("end",)), deck=(), discard=(), lanes=[lane([0]), lane([1]),
                                                                     lane(), lane()])
    t = GAME.apply(s, PASS).state
    assert t.revealed is None and t.lanes[0].minifos == (1,) and t.lanes[1].minifos == (2,)
    assert t.queue[0] == ("action",)


def test_an_empty_event_deck_is_rebuilt_from_its_discard():
    s = mk(queue=(("pile", 0), ("event",), ("take",)) + TURN_REST, event_deck=(), danger=True,
           event_discard=("E01", "E11"))
    st = GAME.apply(s, Reveal(0, "minifo"))
    assert st.state.event_deck == ("E01", "E11") and st.state.event_discard == ()
    assert "reshuffled" in kinds(st) and GAME.current_player(st.state) == CHANCE


# ------------------------------------------------------------------ events

def _event(s, effect, amount=None):
    return GAME.apply(s, EventDraw(event(effect, amount)))


def EV(**kw):
    return mk(queue=(("event",), ("take",)) + TURN_REST, danger=True, **kw)


def test_event_threat_up():
    t = _event(EV(threat=5), "threat_up", 1).state
    assert t.threat == 6 and not t.danger
    assert _event(EV(threat=5), "threat_up", 2).state.threat == 7


def test_event_advance_all():
    t = _event(EV(lanes=[lane([0]), lane([1]), lane([2]), lane([3])]), "advance_all").state
    assert [L.minifos for L in t.lanes] == [(1,), (2,), (3,), (4,)]


def test_event_advance_beast_lanes():
    t = _event(EV(lanes=[lane([0], beast_pos=0), lane([1]), lane(), lane()]),
               "advance_beast_lanes").state
    assert t.lanes[0].minifos == (1,) and t.lanes[0].beast_pos == 1 and t.lanes[1].minifos == (1,)


def test_event_advance_battlefields():
    t = _event(EV(lanes=[lane([A - 1, A]), lane(), lane(), lane()]),
               "advance_battlefields").state
    assert t.lanes[0].minifos == (A - 1, A + 1)


def test_event_reinforcements_draw_from_every_reserve():
    t = _event(EV(), "reinforce").state
    assert t.queue[:4] == (("pile", 0), ("pile", 1), ("pile", 2), ("pile", 3))


def test_event_heal():
    t = _event(EV(lanes=[lane([], beast_pos=1, damage=2), lane(), lane(), lane()]), "heal").state
    assert t.lanes[0].damage == 1


def test_event_recall_grendizer():
    t = _event(EV(grendizer=6), "recall_grendizer").state
    assert t.grendizer == SSL_ZONE


def test_event_vega_spy_discard():
    t = _event(EV(hand=["C01", "C05"]), "discard").state
    assert t.queue[0] == ("discard",) and GAME.current_player(t) == 0
    assert [str(a) for a in GAME.legal_actions(t)] == ["discard C01", "discard C05"]
    u = GAME.apply(t, Discard("C05")).state
    assert u.hands[0] == ("C01",) and u.discard[-1] == "C05"


def test_event_vega_spy_with_an_empty_hand_does_nothing():
    t = _event(EV(), "discard").state
    assert t.queue[0] == ("action",) and t.hands[0] == ()


def test_event_motherburn_bombardment():
    t = _event(EV(threat=2, lanes=[lane([], beast_pos=1), lane([], beast_pos=0, card_id="S05"),
                                   lane(), lane()]), "threat_per_beast").state
    assert t.threat == 4


def test_event_false_alarm():
    s = EV(threat=2)
    t = _event(s, "none").state
    assert t.threat == 2 and t.lanes == s.lanes


def test_event_radio_silence():
    g = card("Dr. Genzo Umon")
    t = _event(EV(threat=4, hand=[g]), "silence").state
    assert t.silenced and GAME.legal_actions(t) == [PASS]
    with pytest.raises(IllegalAction, match="Radio Silence"):
        play(t, f"play {g}")


# ------------------------------------------------------------------ saucer beast powers

def test_power_armoured_ignores_eagle_patrol():
    ds = card("Double Spazer")
    s = mk(hand=[ds], lanes=[lane(), lane(), lane(), lane([], beast_pos=1,
                                                         card_id=beast("armoured"))])
    assert Play(ds, target="beast") not in GAME.legal_actions(s)


def test_power_shielded_ignores_earth_defense():
    ed = card("Earth Defense")
    s = mk(hand=[ed], lanes=[lane(), lane([], beast_pos=A, card_id=beast("shielded")), lane(),
                             lane()])
    assert Play(ed, zone=3, target="beast") not in GAME.legal_actions(s)


def test_power_tough_loses_at_most_1_hp_to_grendizer():
    sc = card("Screw Crusher")
    s = mk(hand=[sc], grendizer=3, lanes=[lane(), lane([], beast_pos=A, card_id=beast("tough")),
                                          lane(), lane()])
    assert play(s, f"play {sc} target=beast").state.lanes[1].damage == 1


def test_power_heavy_cannot_be_pushed():
    ag = card("Anti-Gravity Storm")
    s = mk(hand=[ag], grendizer=3, lanes=[lane(), lane([], beast_pos=A, card_id=beast("heavy")),
                                          lane(), lane()])
    t = play(s, f"play {ag} target=beast").state
    assert t.lanes[1].damage == 1 and t.lanes[1].beast_pos == A


def test_power_swift_moves_two_spaces():
    t = _event(EV(lanes=[lane([0], beast_pos=1, card_id=beast("swift")), lane(), lane(), lane()]),
               "advance_all").state
    assert t.lanes[0].beast_pos == 3 and t.lanes[0].minifos == (1,)


def test_power_regenerate_heals_in_the_threat_phase():
    s = mk(queue=(("pile", 0), ("threat",), ("take",)) + TURN_REST,
           lanes=[lane(), lane([], beast_pos=1, card_id=beast("regenerate"), damage=2), lane(),
                  lane()])
    t = GAME.apply(s, Reveal(0, "minifo")).state
    assert t.lanes[1].damage == 1


def test_power_dread_counts_twice():
    s = mk(queue=(("pile", 0), ("threat",), ("take",)) + TURN_REST, threat=1,
           lanes=[lane(), lane([], beast_pos=LOC, card_id=beast("dread")), lane(), lane()])
    assert GAME.apply(s, Reveal(0, "minifo")).state.threat == 3


def test_power_herald_raises_threat_on_entry():
    s = mk(queue=(("beast_card", 0), ("threat",), ("take",)) + TURN_REST, threat=1,
           lanes=[lane([], beast_pos=0, token="board", card_id=None), lane(), lane(), lane()])
    s = dataclasses.replace(s, lanes=(Lane((), 0, 8, "board", 0, None, 0),) + s.lanes[1:])
    t = GAME.apply(s, BeastDraw(beast("herald"))).state
    assert t.threat == 2


def test_power_rally_moves_its_lanes_minifos_down():
    s = mk(queue=(("beast_card", 0), ("threat",), ("take",)) + TURN_REST,
           lanes=[lane(), lane(), lane(), lane()])
    s = dataclasses.replace(s, lanes=(Lane((0, 2), 0, 6, "board", 0, None, 0),) + s.lanes[1:])
    t = GAME.apply(s, BeastDraw(beast("rally"))).state
    assert t.lanes[0].minifos == (1, 3) and t.lanes[0].beast_pos == 0


# ------------------------------------------------------------------ text, JSON, describe

@pytest.mark.parametrize("text", ["draw C17", "first player=2", "reveal lane=3 beast",
                                  "reveal lane=0 minifo", "beast S07", "event E04",
                                  "play C05 zone=2", "play C05 target=beast",
                                  "play C45 lane=1", "play C30 zone=3 target=minifo",
                                  "move zone=3", "discard C05", "pass"])
def test_action_texts_round_trip(text):
    assert str(GAME.parse_action(None, text)) == text


def test_bad_action_text_is_illegal():
    with pytest.raises(IllegalAction):
        GAME.parse_action(None, "fly to the moon")


def test_state_json_round_trip_and_bad_data():
    base = mk()
    deck = list(base.deck)
    for cid in ("C01", "C02"):
        deck.remove(cid)
    s = mk(hand=["C01", "C02"], deck=tuple(deck),
           beast_deck=tuple(b for b in base.beast_deck if b != PLAIN),
           lanes=[lane([1, 2], beast_pos=3, damage=1, reserve=7), lane(reserve=9),
                  lane(reserve=9), lane(reserve=9)],
           queue=(("pile", 0), ("threat",), ("take",), ("action",), ("move",), ("end",)))
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    assert GAME.state_from_json(data) == s
    with pytest.raises(ValueError):
        GAME.state_from_json({"players": 2})
    unsettled = dict(data, queue=[["threat"], ["take"], ["action"], ["move"], ["end"]])
    with pytest.raises(ValueError, match="not settled"):
        GAME.state_from_json(unsettled)
    bad_queue = dict(data, queue=[["teleport"]])
    with pytest.raises(ValueError, match="unknown step"):
        GAME.state_from_json(bad_queue)
    data["lanes"][0]["beast_token"] = "moon"
    with pytest.raises(ValueError):
        GAME.state_from_json(data)


def test_describe_names_phase_threat_and_grendizer():
    text = GAME.describe(mk(threat=3))
    assert "action phase" in text and "threat 3/" in text and "Space Science Laboratory" in text


def test_apply_accepts_text_and_never_mutates():
    g = card("Dr. Genzo Umon")
    s = mk(hand=[g], threat=3)
    before = GAME.state_to_json(s)
    GAME.apply(s, f"play {g}")
    assert GAME.state_to_json(s) == before


def test_board_info_for_the_viewer():
    info = GAME.board_info()
    assert [l["location"] for l in info["lanes"]] == [
        "Makiba Ranch", "Space Science Laboratory", "Tokyo", "Military Harbour"]
    assert info["location_space"] == LOC and len(info["zones"]) == 8
    assert info["zones"][3]["spaces"] == list(range(A, LOC + 1))
    assert info["zones"][3]["adjacent"] == [1, 2, 5] and info["grendizer_start_zone"] == 3
    assert info["threat_tracks"]["easy"]["game_over"] == BOARD.tracks["easy"].game_over
    json.dumps(info)


def test_card_info_gives_the_printed_face():
    sc = card("Screw Crusher")
    assert GAME.card_info(sc)["name"] == "Screw Crusher" and GAME.card_info(sc)["deck"] == "actions"
    assert GAME.card_info("S01")["deck"] == "beasts" and GAME.card_info("E01")["deck"] == "events"
    with pytest.raises(KeyError):
        GAME.card_info("X99")
