"""Setup: armadas drawn as a chance node, first player, placing armadas and asteroids."""
import pytest

from games.api import CHANCE, IllegalAction
from games.glonk import GAME, load_book
from games.glonk.actions import Move
from games.glonk.galaxy import load_galaxy
from games.glonk.model import IN_PLAY
from games.glonk.rules import occupied

G = load_galaxy()


def test_every_armada_sheet_is_data_with_its_ships_speeds_and_powers():
    book = load_book()
    assert book.ids() == ("sinistrum", "zorgs", "little_greys", "space_pirates", "omu",
                          "invaders")
    counts = {a.id: sum(s.count for s in a.ships) for a in book.armadas}
    assert counts == {"sinistrum": 9, "zorgs": 9, "little_greys": 9, "space_pirates": 9,
                      "omu": 9, "invaders": 13}
    powers = {p for a in book.armadas for s in a.ships for p in s.powers}
    assert powers == {"lethal", "telekinesis", "fabriker", "destruktor", "eksplosif",
                      "flying_object", "teleportation", "meteoric_fission", "jump",
                      "propulsion", "destructor", "shield", "torpedoes", "anaesthetic_ray",
                      "hive", "contagion"}
    assert book.ship("space_pirates", "galleon").speed == 1  # a Base that can be propelled
    assert book.ship("space_pirates", "sloop").speed == 3


def test_each_player_draws_an_armada_at_random_then_the_first_player_is_drawn():
    s = GAME.new_initial_state({"players": 3})
    assert GAME.current_player(s) == CHANCE
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == 6 and sum(p for _, p in outcomes) == pytest.approx(1)
    s = GAME.apply(s, Move("armada", ("zorgs",))).state
    assert [str(a) for a, _ in GAME.chance_outcomes(s)].count("armada zorgs") == 0
    s = GAME.apply(s, Move("armada", ("omu",))).state
    s = GAME.apply(s, Move("armada", ("invaders",))).state
    assert s.seats == ("zorgs", "omu", "invaders")
    assert [str(a) for a, _ in GAME.chance_outcomes(s)] == ["first 0", "first 1", "first 2"]
    s = GAME.apply(s, Move("first", ("2",))).state
    assert s.phase == "place_armada" and GAME.current_player(s) == 2


def test_armadas_are_placed_from_the_first_player_on_one_middle_space():
    s = GAME.new_initial_state({"players": 2, "armadas": ["zorgs", "omu"], "first_player": 1})
    assert s.phase == "place_armada" and s.to_move == 1
    s = GAME.apply(s, Move("place", ("M4",))).state
    placed = [p for p in s.pieces if p.owner == 1]
    assert all(p.status == IN_PLAY and "M4" in occupied(p) for p in placed)
    base = next(p for p in placed if p.kind == "base")
    assert occupied(base) == {"M4"}
    assert s.to_move == 0


def test_a_base_goes_more_than_2_parsecs_from_every_other_base():
    s = GAME.new_initial_state({"players": 2, "armadas": ["zorgs", "omu"], "first_player": 0})
    s = GAME.apply(s, Move("place", ("M1",))).state
    legal = {a.args[0] for a in GAME.legal_actions(s)}
    assert all(G.distance("M1", m) > 2 for m in legal)
    assert "M3" not in legal and "M10" in legal
    with pytest.raises(IllegalAction, match="more than 2 parsecs"):
        GAME.apply(s, Move("place", ("M2",)))


def test_six_armadas_fit_on_the_middle_ring():
    s = GAME.new_initial_state({"players": 6, "armadas": list(load_book().ids()),
                                "first_player": 0})
    for _ in range(6):
        s = GAME.apply(s, GAME.legal_actions(s)[0]).state
    assert s.phase == "place_asteroid"
    bases = [p for p in s.pieces if p.kind == "base"]
    for a in bases:
        for b in bases:
            if a is not b:
                assert G.set_distance(occupied(a), occupied(b)) > 2


def test_asteroids_go_outside_the_bases_spaces_in_the_middle_or_inner_ring():
    s = GAME.new_initial_state({"players": 2, "armadas": ["zorgs", "omu"], "first_player": 0})
    s = GAME.apply(s, Move("place", ("M1",))).state
    s = GAME.apply(s, Move("place", ("M10",))).state
    spaces = {a.args[1] for a in GAME.legal_actions(s)}
    assert "M1" not in spaces and "M10" not in spaces
    assert all(G.ring_of(sp) in ("inner", "middle") for sp in spaces)
    with pytest.raises(IllegalAction, match="outside the Bases"):
        GAME.apply(s, Move("asteroid", ("A1", "M1")))
    with pytest.raises(IllegalAction):
        GAME.apply(s, Move("asteroid", ("A1", "O5")))


def test_each_player_places_one_asteroid_then_the_last_placers_share_the_rest():
    s = GAME.new_initial_state({"players": 2, "armadas": ["zorgs", "omu"], "first_player": 0})
    s = GAME.apply(s, Move("place", ("M1",))).state
    s = GAME.apply(s, Move("place", ("M10",))).state
    order = []
    while s.phase == "place_asteroid":
        order.append(s.to_move)
        s = GAME.apply(s, GAME.legal_actions(s)[0]).state
    assert order == [0, 1, 1, 0, 1, 0]
    assert s.phase == "actions" and s.turn_player == 0  # the first player begins
    bh = s.piece("BH")
    assert (bh.x, bh.y) == (0.0, 0.0) and bh.status == IN_PLAY  # at the centre


def test_fewer_pieces_by_config_for_short_games():
    s = GAME.new_initial_state({"players": 2, "armadas": ["invaders", "omu"], "fleet": 2,
                                "asteroids": 2, "first_player": 0})
    assert len([p for p in s.pieces if p.armada == "invaders"]) == 3
    assert len([p for p in s.pieces if p.kind == "asteroid"]) == 2


def test_bad_configs_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="2 to 6"):
        GAME.new_initial_state({"players": 7})
    with pytest.raises(ValueError, match="unknown armada"):
        GAME.new_initial_state({"players": 2, "armadas": ["zorgs", "martians"]})
    with pytest.raises(ValueError, match="range"):
        GAME.new_initial_state({"players": 2, "range": "loose"})


def test_the_range_house_rule_can_be_named_in_house_rules():
    for hr in ({"lenient": True}, {"range": "lenient"}, ["lenient"]):
        assert GAME.new_initial_state({"players": 2, "house_rules": hr}).config.range == "lenient"
    assert GAME.new_initial_state({"players": 2}).config.range == "strict"
    assert set(GAME.house_rules) == {"strict", "lenient", "kiboom_not_a_saucer",
                                     "lethal_stops_assault", "no_return_cap"}
    on = GAME.new_initial_state({"players": 2, "house_rules": ["no_return_cap"]}).config
    assert on.no_return_cap and on.range == "strict"
    with pytest.raises(ValueError, match="house rule"):
        GAME.new_initial_state({"players": 2, "house_rules": {"sticky": True}})
