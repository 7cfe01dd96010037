"""A match is as many games as players, rotating colours, summing touching stones."""
import pytest

from games.glik.match import game_config, score_match, seat_of
from games.glik.positions import play, position


def finished(stones, players=2):
    state = position(stones, players=players)
    for _ in range(players):
        state, _ = play(state, "end")
    return state


def test_every_person_plays_every_seat_once():
    for n in (2, 3, 4):
        for p in range(n):
            assert sorted(seat_of(p, g, n) for g in range(n)) == list(range(n))


def test_touching_stones_are_summed_over_the_games_with_colours_rotated():
    game1 = finished({(7, 10): "yellow", (7, 11): "yellow", (10, 13): "green"})  # 2 : 1
    game2 = finished({(7, 10): "yellow", (10, 13): "green", (10, 12): "green",
                      (11, 12): "green"})  # 1 : 3
    result = score_match([game1, game2])
    # person 0 played yellow then green; person 1 green then yellow
    assert result.per_game == ((2, 1), (3, 1))
    assert result.totals == (5, 2) and result.winners == (0,)


def test_a_match_has_as_many_games_as_players():
    with pytest.raises(ValueError):
        score_match([finished({})])


def test_match_games_keep_the_house_rules():
    cfg = game_config(3, 1, {"house_rules": {"chain_any": True}})
    assert cfg["players"] == 3 and cfg["house_rules"] == {"chain_any": True}
