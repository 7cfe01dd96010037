"""The Grendizer XperienZ scene: drawn offscreen, things are where the state puts them; clicks
on the hand and the board become the legal actions; draws, moves and damage animate.

One offscreen app serves the whole file (Panda allows one ShowBase per process).
"""
from __future__ import annotations

import numpy as np
import pytest

from games.api import CHANCE
from games.grendizer import GAME
from games.grendizer.actions import PASS, BeastDraw, Draw, EventDraw, Move, Play, Reveal
from games.grendizer.data import ACTIONS, BOARD
from viewer.grendizer import layout as L
from viewer.grendizer import motion as M


def position(**changes):
    """A hand-made position of 2 players, in player 1's action phase, edited by `changes`.

    Lanes: green MiniFOs on spaces 1 and 3; the red Saucer Beast (Gilgil, 1 damage) on space 4
    with a red MiniFO in the arrival box; two blue MiniFOs set aside on the blue card place.
    Grendizer is in the Tokyo Battlefield.
    """
    d = GAME.state_to_json(GAME.new_initial_state({"players": 2}))
    deck = list(d["deck"])
    hand0 = ["C16", "C30", "C36", "C44"]  # Screw Crusher, Earth Defense, Marine Spazer Go!, Genzo
    hand1 = ["C01", "C05", "C12"]
    for c in hand0 + hand1 + ["C02", "C24"]:
        deck.remove(c)
    d.update(queue=[["action"], ["move"], ["end"]], player=0, turn=3, hands=[hand0, hand1],
             deck=deck, discard=["C02"], revealed=None, grendizer=5, threat=3, danger=False,
             event_discard=[])
    d["hands"] = [hand0, hand1]
    d["discard"] = ["C02", "C24"]
    d["lanes"][0].update(minifos=[1, 3], reserve=7)
    d["lanes"][2].update(minifos=[0], reserve=8, beast_token="board", beast_pos=4,
                         beast_card="S01", damage=1)
    d["beast_deck"].remove("S01")
    d["lanes"][3].update(set_aside=2, reserve=7)
    d.update(changes)
    if d.get("revealed") in d["deck"]:  # a revealed card is drawn from the deck
        d["deck"].remove(d["revealed"])
    return GAME.state_from_json(d)


# --- pure parts: layout and motion ------------------------------------------------------------------
def test_every_token_is_somewhere():
    """Each colour has its MiniFO tokens and its Saucer Beast token, always placed."""
    s = position()
    locs = L.token_locations(s)
    assert len([t for t in locs if t[0] == "m"]) == 4 * BOARD.minifos_per_colour
    assert locs[("b", 2)] == ("board", 4)
    assert sorted(v for k, v in locs.items() if k[:2] == ("m", 0) and v[0] == "board") == \
        [("board", 1), ("board", 3)]
    assert sum(1 for k, v in locs.items() if k[:2] == ("m", 3) and v == ("aside",)) == 2
    places = L.state_places(s)
    assert len(set(p.pos for p in places.values())) == len(places)  # no two on one spot


def test_draw_reveals_a_card_and_invasion_moves_tokens():
    """A turn draw flies the card face up from the deck; the invasion moves tokens one down."""
    s = position(queue=[["turn_draw"], ["take"], ["action"], ["move"], ["end"]])
    card = next(c for c in sorted(set(s.deck)) if ACTIONS[c].symbols == (0, 2))
    step = GAME.apply(s, Draw(card))
    anim = M.build(s, step.state, step.events)
    assert anim.stages[0] == "draw"
    track = anim.tracks["revealed"]
    assert track[0][2] == 180.0 and track[-1][2] == 0.0  # turned face up on the way
    assert anim.faces["revealed"] == card
    # the green MiniFO on space 3 goes to space 4, the red one from the arrival box to space 1
    ends = {tid: tr[-1][1] for tid, tr in anim.tracks.items() if tid[0] == "m"}
    assert any(np.allclose(p[:2], L.minifo_slot(0, 4, 0)[:2]) for p in ends.values())
    assert any(np.allclose(p[:2], L.minifo_slot(2, 1, 0)[:2]) for p in ends.values())


def test_reveal_brings_a_token_from_the_pile_to_the_arrival_box():
    s = position(queue=[["pile", 0], ["threat"], ["take"], ["action"], ["move"], ["end"]],
                 revealed="C03")
    step = GAME.apply(s, Reveal(0, "minifo"))
    anim = M.build(s, step.state, step.events)
    moved = [tid for tid, tr in anim.tracks.items() if tid[0] == "m" and tid[1] == 0
             and tr[0][1] != tr[-1][1]]
    assert moved, "a green token moved"
    tr = anim.tracks[moved[0]]
    assert tr[0][2] == 180.0  # it starts face down in the pile
    assert np.allclose(tr[0][1][:2], L.pile_pos(0))
    assert tr[-1][2] == 0.0 and np.allclose(tr[-1][1][:2], L.minifo_slot(0, 0, 0)[:2])
    mid = M.sample(tr, (tr[-2][0] + tr[-1][0]) / 2)
    assert mid[0][2] > max(tr[0][1][2], tr[-1][1][2])  # it flies in an arc
    # then the revealed card, on the table all along, goes to the player's hand
    assert anim.stages[-1] == "take"
    assert anim.visible["revealed"] == (0.0, anim.duration)


def test_threat_phase_raises_and_turns_the_marker_and_sends_minifos_home():
    """A MiniFO in a Strategic Location raises the Threat one space; reaching a Danger space
    turns the marker to its Danger face; the MiniFO then leaves the location (onto the Saucer
    Beast card's place, as its Saucer Beast has not entered play)."""
    lanes = GAME.state_to_json(position())["lanes"]
    lanes[1].update(minifos=[L.LOC], reserve=8)
    danger = min(BOARD.tracks["easy"].danger)
    s = position(lanes=lanes, threat=danger - 1, revealed="C03",
                 queue=[["pile", 0], ["threat"], ["take"], ["action"], ["move"], ["end"]])
    step = GAME.apply(s, Reveal(0, "minifo"))
    assert step.state.threat == danger and step.state.danger
    anim = M.build(s, step.state, step.events)
    assert anim.stages[:3] == ["invasion", "threat", "return"]
    marker = anim.tracks["threat"]
    assert marker[0][2] == 0.0 and marker[-1][2] == 180.0
    assert np.allclose(marker[-1][1], M.threat_pos("easy", danger))
    home = [tr for tid, tr in anim.tracks.items() if tid[:2] == ("m", 1) and tr[0][1] != tr[-1][1]]
    assert len(home) == 1 and np.allclose(home[0][-1][1], L.aside_slot(1, 0))


def test_attack_damage_moves_the_hp_marker_and_pulses_the_beast():
    s = position()
    step = GAME.apply(s, Play("C16", target="beast"))  # Screw Crusher: 2 HP in Grendizer's zone
    anim = M.build(s, step.state, step.events)
    assert "damage" in anim.stages
    hp = anim.tracks[("hp", 2)]
    assert np.allclose(hp[0][1], L.hp_marker_pos(2, 1, 3))
    assert np.allclose(hp[-1][1], L.hp_marker_pos(2, 3, 3))
    assert max(k[3] for k in anim.tracks[("b", 2)]) > 1.2  # the token swells when hit
    assert step.state.lanes[2].beast_token == "destroyed"
    assert "destroy beast" in anim.stages
    card = anim.tracks[("card", "beast", 2)]
    assert card[-1][2] == 180.0  # its card is turned over
    # the played card flies from the hand onto the discard pile, whose top waits for it
    fly = [pid for pid in anim.faces if pid[0] == "fly"]
    assert [anim.faces[p] for p in fly] == ["C16"]
    assert np.allclose(anim.tracks[fly[0]][-1][1], L.pile_top("discard", len(step.state.discard)))
    assert anim.hidden_until["discard"] == pytest.approx(M.STAGE)


def test_destroyed_minifos_go_to_the_beast_card_place_or_the_pile():
    """Before its Saucer Beast entered, a destroyed MiniFO waits on the card's place; after,
    it goes back to its pile (face down)."""
    s = position()
    step = GAME.apply(s, Play("C30", zone=1, target="minifo"))  # Earth Defense, Makiba Battlefield
    anim = M.build(s, step.state, step.events)
    ends = [tr[-1] for tid, tr in anim.tracks.items() if tid[:2] == ("m", 0)
            and tr[0][1] != tr[-1][1]]
    assert len(ends) == 1 and np.allclose(ends[0][1], L.aside_slot(0, 0)) and ends[0][2] == 0.0
    lanes = GAME.state_to_json(s)["lanes"]
    lanes[0].update(beast_token="destroyed", beast_card="S02", damage=4)
    s = position(lanes=lanes, destroyed=1,
                 beast_deck=[b for b in GAME.state_to_json(s)["beast_deck"] if b != "S02"])
    step = GAME.apply(s, Play("C30", zone=1, target="minifo"))
    anim = M.build(s, step.state, step.events)
    ends = [tr[-1] for tid, tr in anim.tracks.items() if tid[:2] == ("m", 0)
            and tr[0][1] != tr[-1][1]]
    assert len(ends) == 1 and np.allclose(ends[0][1][:2], L.pile_pos(0)) and ends[0][2] == 180.0


# --- the scene, offscreen --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def app():
    from timeline import Record, Session
    from viewer.render import offscreen_app

    session = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(1))
    session.auto_chance()
    a = offscreen_app(session, (960, 640))
    a.set_insets(0, 0)
    return a


def show(app, state, view="top"):
    from timeline import Record, Session

    rec = Record("grendizer", {"players": state.players}, start_state_json=GAME.state_to_json(state))
    session = Session(rec, rng=np.random.default_rng(0))
    app.set_session(session)
    app.set_view(app.preset(view))
    app.render_frames(2)
    return app.capture()


def colour_at(app, img, point, r=2):
    x, y = app.project(point)
    x, y = int(round(x)), int(round(y))
    patch = img[max(y - r, 0):y + r + 1, max(x - r, 0):x + r + 1].reshape(-1, 3).astype(float)
    return patch.mean(axis=0)


def ring_point(center, radius):
    """A point on a token's coloured ring (its centre carries the white symbol)."""
    return (center[0] - radius * 0.72, center[1], center[2])


@pytest.mark.parametrize("view", ["top", "seat"])
def test_tokens_are_drawn_where_the_state_puts_them(app, view):
    s = position()
    img = show(app, s, view)
    top = L.SURFACE + L.MINIFO_T
    for space in (1, 3):  # green MiniFOs
        x, y, _ = L.minifo_slot(0, space, 0)
        r, g, b = colour_at(app, img, ring_point((x, y, top), L.MINIFO_R))
        assert g > r + 25 and g > b + 25, (space, (r, g, b))
    x, y, _ = L.minifo_slot(2, 0, 0)  # red MiniFO in the Tokyo arrival box
    r, g, b = colour_at(app, img, ring_point((x, y, top), L.MINIFO_R))
    assert r > g + 50 and r > b + 50
    x, y, _ = L.beast_slot(2, 4)  # the red Saucer Beast: red ring round a dark centre
    r, g, b = colour_at(app, img, ring_point((x, y, L.SURFACE + L.BEAST_T), L.BEAST_R * 1.15))
    assert r > g + 50 and r > b + 50
    dark = colour_at(app, img, (x, y - L.BEAST_R * 0.45, L.SURFACE + L.BEAST_T), 1)
    assert dark.max() < 90
    # an empty Airspace box shows the sky colour
    r, g, b = colour_at(app, img, (L.box_x(3), L.space_y(1), L.SURFACE))
    assert b > r + 40


def test_grendizer_stands_in_his_zone(app):
    for zone in (5, 2):
        img = show(app, position(grendizer=zone))
        x, y, z = L.grendizer_pos(zone)
        chest = (x + 0.2, y, z + 0.62 * 1.3)  # his red chest, round his head seen from above
        r, g, b = colour_at(app, img, chest, 1)
        assert r > 120 and r > g + 60, (zone, (r, g, b))


def test_threat_marker_shows_its_danger_face(app):
    x, y, z = M.threat_pos("easy", 5)
    ring = (x - 0.2, y, z + 0.1)  # on the marker's top, off its centre
    img = show(app, position(threat=5, danger=False))
    r, g, b = colour_at(app, img, ring, 1)
    assert r > 180 and b < 100, (r, g, b)  # the coloured (orange) face
    img = show(app, position(threat=5, danger=True,  # up only until the Event is drawn
                             queue=[["event"], ["take"], ["action"], ["move"], ["end"]]))
    r, g, b = colour_at(app, img, ring, 1)
    assert abs(r - b) < 40 and abs(r - g) < 40, (r, g, b)  # the grey Danger face


def test_threat_track_shows_the_face_of_the_difficulty(app):
    """Danger spaces are grey on the face in play: 3 of them easy, 5 difficult."""
    for diff in ("easy", "difficult"):
        track = BOARD.tracks[diff]
        img = show(app, position(difficulty=diff, threat=0))
        greys = 0
        for space in range(1, track.game_over):
            r, g, b = colour_at(app, img, (L.TRACK_X - 0.35, L.track_y(diff, space),
                                           L.BOARD_H + 0.01), 1)
            greys += abs(r - b) < 30
        assert greys == len(track.danger), diff


def test_cards_on_the_table(app):
    """The revealed card lies face up with its kind's colour; a destroyed beast's card is
    turned over (its dark back)."""
    s = position(revealed="C44",  # Dr. Genzo Umon: a gold header (taken from the hand)
                 hands=[["C16", "C30", "C36"], ["C01", "C05", "C12"]],
                 # revealed until taken, before the action phase
                 queue=[["pile", 0], ["threat"], ["take"], ["action"], ["move"], ["end"]])
    img = show(app, s)
    x, y = L.PLACES["revealed"]
    r, g, b = colour_at(app, img, (x, y + L.CARD_H * 0.44, L.CARD_T), 2)
    assert r > 150 and g > 100 and b < 90
    r, g, b = colour_at(app, img, (x, y, L.CARD_T), 2)  # the paper of the card
    assert min(r, g, b) > 150


def click_at(app, aspect_xy=None, world=None):
    """What the scene makes of a left click at a screen point (aspect2d) or a world point."""
    if aspect_xy is not None:
        mx, my = aspect_xy[0] / app.getAspectRatio(), aspect_xy[1]
    else:
        px, py = app.project(world)
        w, h = app.size
        mx, my = px / w * 2 - 1, 1 - py / h * 2
    origin, direction = app.mouse_ray(mx, my)
    pick = app.scene.pick(origin, direction)
    return pick, app.scene.click(app.scene.state, pick)


def test_play_a_card_by_clicking_it_then_its_target(app):
    s = position()
    show(app, s)
    ui = app.scene.ui
    pick, res = click_at(app, ui.aspect_point(("hand", "C30")))  # Earth Defense
    assert pick.target == ("hand", "C30") and res.action is None
    assert app.scene.selected == "C30"
    _, res = click_at(app, world=L.minifo_slot(0, 3, 0))  # the green MiniFO in a Battlefield
    assert res.action == Play("C30", zone=1, target="minifo")
    GAME.apply(s, res.action)


def test_a_click_on_the_saucer_beast_targets_it(app):
    s = position()
    show(app, s)
    click_at(app, app.scene.ui.aspect_point(("hand", "C16")))  # Screw Crusher
    x, y, _ = L.beast_slot(2, 4)
    pick, res = click_at(app, world=(x, y, L.SURFACE + L.BEAST_T))
    assert pick.target == ("beast", 2)
    assert res.action == Play("C16", target="beast")


def test_a_wrong_target_is_refused_with_the_rule(app):
    s = position()
    show(app, s)
    click_at(app, app.scene.ui.aspect_point(("hand", "C16")))  # Screw Crusher
    _, res = click_at(app, world=L.minifo_slot(0, 1, 0))  # far from Grendizer
    assert res.action is None and "Grendizer" in res.message


def test_move_grendizer_by_clicking_a_zone(app):
    s = position(queue=[["move"], ["end"]], played=True)
    show(app, s)
    _, res = click_at(app, world=(L.box_x(1), L.space_y(4), L.SURFACE))  # Laboratory Battlefield
    assert res.action == Move(3)
    _, res = click_at(app, world=(L.box_x(0), L.space_y(1), L.SURFACE))  # not adjacent
    assert res.action is None and "adjacent" in res.message


def test_movement_card_places_grendizer_anywhere(app):
    s = position(queue=[["move"], ["end"]])
    show(app, s)
    click_at(app, app.scene.ui.aspect_point(("hand", "C36")))
    _, res = click_at(app, world=(L.box_x(0), L.space_y(0), L.SURFACE))
    assert res.action == Play("C36", zone=0)


def test_turn_actions_offer_pass(app):
    s = position()
    assert app.scene.turn_actions(s) == [("Play no card", PASS)]
    s = position(queue=[["move"], ["end"]])
    assert app.scene.turn_actions(s) == [("End turn", PASS)]


def test_outcome_list_at_a_chance_node(app):
    """At a draw the list offers every outcome with its chance; a click plays that one."""
    lanes = GAME.state_to_json(position())["lanes"]  # lane 1's token has just entered
    lanes[1].update(beast_token="board", beast_pos=0)
    s = position(queue=[["beast_card", 1], ["threat"], ["take"], ["action"], ["move"], ["end"]],
                 lanes=lanes)
    assert GAME.current_player(s) == CHANCE
    ui = app.scene.ui
    ui.picker_enabled = True
    try:
        show(app, s)
        assert len(ui.outcomes) == len(s.beast_deck)
        want = BeastDraw("S05")
        _, res = click_at(app, ui.aspect_point(("outcome", want)))
        assert res.action == want
        _, res = click_at(app, ui.aspect_point(("random",)))
        assert isinstance(res.action, BeastDraw)
    finally:
        ui.picker_enabled = False


def test_move_list_names_draw_outcomes(app):
    from timeline import Record, Session

    session = Session(Record.new("grendizer", {"players": 1}), rng=np.random.default_rng(4))
    session.auto_chance()
    labels = [app.scene.action_label(n) for n in session.record.mainline()[1:]]
    assert labels[0].startswith("deal ")
    assert any(" draws " in x for x in labels)
    assert any(x.endswith("pile: MiniFO") or x.endswith("SAUCER BEAST") for x in labels)
    assert app.scene.action_label(_node(session, EventDraw("E01"))).startswith("Event:")


def _node(session, action):
    class N:  # a stand-in node for a label of an action at the cursor's state
        pass

    n = N()
    n.action = action
    n.parent = session.node
    return n


@pytest.mark.parametrize("players, hand", [(1, 4), (4, 3)])
def test_hot_seat_shows_the_active_players_hand(app, players, hand):
    """1 to 4 players share one side of the board; the hand on screen is the active player's
    (4 cards with 1-2 players, 3 with 3-4, plus the card taken this turn)."""
    from timeline import Record, Session

    session = Session(Record.new("grendizer", {"players": players}), rng=np.random.default_rng(2))
    session.auto_chance()
    app.set_session(session)
    app.render_frames(1)
    s = session.state
    ui = app.scene.ui
    assert len(app.scene.seat_headings(s)) == players
    shown = [c for _, c in ui.hand_cards.values()]
    assert shown == list(s.hands[s.player]) and len(shown) == hand + 1
    if players >= 3:  # a MiniFO in each arrival box at setup (it may have moved down since)
        assert all(Ln.minifos or Ln.set_aside or Ln.reserve < BOARD.minifos_per_colour
                   for Ln in s.lanes)


def test_scene_animation_plays_through_the_app(app):
    """The app samples the scene's motion: half way through a draw, the card is in the air."""
    from timeline import Record, Session

    s = position(queue=[["turn_draw"], ["take"], ["action"], ["move"], ["end"]])
    rec = Record("grendizer", {"players": 2}, start_state_json=GAME.state_to_json(s))
    session = Session(rec, rng=np.random.default_rng(0))
    app.set_session(session)
    card = next(c for c in sorted(set(s.deck)) if ACTIONS[c].symbols == (1, 3))
    node = session.play(Draw(card))
    app.show_node(node, 0.5)
    z = app.scene.pieces["revealed"].getZ()
    assert z > 0.5
    app.show_node(node)
    assert app.scene.pieces["revealed"].getZ() == pytest.approx(0.0)


def test_vega_spy_discard_by_clicking_a_card(app):
    """Vega Spy: the active player discards a card of their choice, clicked in the hand."""
    from games.grendizer.actions import Discard

    s = position(queue=[["discard"], ["check_danger"], ["take"], ["action"], ["move"], ["end"]])
    show(app, s)
    _, res = click_at(app, app.scene.ui.aspect_point(("hand", "C44")))
    assert res.action == Discard("C44")
    GAME.apply(s, res.action)


def test_draws_the_session_makes_by_itself_animate_one_after_another(app):
    """After a move the session draws the next turn's card and tokens at once; the app's one
    clock then plays the move and those draws one after the other, and ends on the position
    shown."""
    from timeline import Record, Session

    s = position(queue=[["move"], ["end"]], played=True)
    rec = Record("grendizer", {"players": 2}, start_state_json=GAME.state_to_json(s))
    session = Session(rec, rng=np.random.default_rng(3))
    app.set_session(session)
    scene = app.scene
    try:
        app.show_node(session.node)
        start = session.node
        app.show_node(start)
        moved = session.play(Move(3))
        session.auto_chance()
        final = session.node
        app.show_node(final)
        hand = [c for _, c in scene.ui.hand_cards.values()]
        steps = []
        cur = final
        while cur is not start:
            steps.append(cur)
            cur = cur.parent
        assert steps[-1] is moved and len(steps) > 1
        app.animate_steps(start, steps[::-1])
        assert scene.chaining
        flew = False
        for _ in range(400):
            app.clock.tick(0.05)
            assert [c for _, c in scene.ui.hand_cards.values()] == hand  # the hand to click
            flew = flew or scene.pieces["revealed"].getZ() > 0.3
            if not scene.chaining:
                break
        assert flew, "the drawn card flew from the deck"
        assert not scene.chaining and scene.state is final.state
        x, y, _ = L.grendizer_pos(3)
        assert scene.pieces["grendizer"].getPos().x == pytest.approx(x)
    finally:
        app.clock.stop(finish=False)


def test_a_saucer_beasts_hit_points_show_as_a_bar_on_its_card(app):
    """Gilgil (3 HP) has taken 1 damage: two bright segments, one dark, readable at a glance."""
    from games.grendizer.data import BEASTS
    from viewer.grendizer import pieces as P

    s = position()
    life = BEASTS["S01"].life
    img = show(app, s, "seat")
    cx, cy = L.beast_card_pos(2)
    v = sum(P.HP_BAR_V) / 2
    lit = []
    for k in range(life):
        x0, x1 = P.hp_bar_segment(k, life)
        # a quarter in from the segment's left edge, clear of the "2/3 HP" text in the middle
        point = (cx + x0 + (x1 - x0) * 0.2, cy + (v - 0.5) * L.CARD_H - 0.06, L.BOARD_H + L.CARD_T)
        r, g, b = colour_at(app, img, point, 1)
        lit.append(g > r + 60 and g > b + 60)
    assert lit == [True] * (life - 1) + [False]
    assert app.scene._hp_bars[2][0] == ("S01", life, 1)
