"""A loaded Grendizer XperienZ position is refused, with the field named, when the rules could
never have produced it (every count, range and cross-reference is checked)."""
import json

import numpy as np
import pytest

from games.api import random_action
from games.grendizer import GAME
from games.grendizer.data import BEASTS, BOARD


def played(seed=4, actions=120, players=2):
    """A position reached by a seeded random playout: a Saucer Beast on the board."""
    rng = np.random.default_rng(seed)
    s = GAME.new_initial_state({"players": players})
    for _ in range(actions):
        if GAME.is_terminal(s):
            break
        s = GAME.apply(s, random_action(GAME, s, rng)).state
    return json.loads(json.dumps(GAME.state_to_json(s)))


def with_beast():
    for seed in range(40):
        d = played(seed)
        if any(L["beast_token"] == "board" for L in d["lanes"]) and d["result"] is None:
            return d
    raise AssertionError("no playout put a Saucer Beast on the board")


def refused(data, field):
    with pytest.raises(ValueError) as exc:
        GAME.state_from_json(data)
    assert field in str(exc.value), str(exc.value)
    return str(exc.value)


def test_a_position_the_rules_reached_loads_back_unchanged():
    for seed in range(6):
        d = played(seed)
        assert GAME.state_to_json(GAME.state_from_json(d)) == d


def test_a_saucer_beast_on_the_board_needs_its_card():
    d = with_beast()
    L = next(L for L in d["lanes"] if L["beast_token"] == "board")
    d["beast_deck"] = sorted(d["beast_deck"] + [L["beast_card"]])
    L["beast_card"] = None
    refused(d, "beast_card")


def test_grendizer_stands_in_one_of_the_8_zones():
    d = played()
    d["grendizer"] = 12
    refused(d, "grendizer")


def test_the_active_player_is_a_seat_of_the_game():
    d = played(players=1)
    d["player"] = 3
    refused(d, "player")


@pytest.mark.parametrize("threat", [99, -5])
def test_the_threat_marker_stays_on_its_track(threat):
    d = played()
    d["threat"] = threat
    refused(d, "threat")


def test_there_are_9_minifos_of_each_colour():
    d = played()
    d["lanes"][2]["reserve"] += 12 - BOARD.minifos_per_colour
    assert "12 MiniFOs" in refused(d, "lanes[2]")


def test_a_pile_is_never_negative():
    d = played()
    d["lanes"][1]["reserve"] = -1
    refused(d, "lanes[1].reserve")


def test_five_copies_of_a_card_are_too_many():
    d = played()
    d["deck"] = d["deck"] + [d["deck"][0]] * 5
    assert "copies" in refused(d, "deck")


def test_every_card_is_somewhere():
    d = played()
    d["deck"] = d["deck"][1:]
    assert "missing" in refused(d, "deck")


def test_damage_never_passes_the_life_bar():
    d = with_beast()
    L = next(L for L in d["lanes"] if L["beast_token"] == "board")
    L["damage"] = BEASTS[L["beast_card"]].life + 2
    refused(d, "damage")


def test_four_destroyed_saucer_beasts_end_the_game_in_victory():
    d = played()
    taken = d["beast_deck"][:4]
    d["beast_deck"] = d["beast_deck"][4:] + [L["beast_card"] for L in d["lanes"]
                                             if L["beast_card"]]
    d["beast_deck"].sort()
    for L, cid in zip(d["lanes"], taken):
        L.update(beast_token="destroyed", beast_pos=None, beast_card=cid,
                 damage=BEASTS[cid].life, reserve=L["reserve"] + L["set_aside"], set_aside=0)
    d["destroyed"] = 4
    refused(d, "result")


def test_a_queue_step_names_a_lane_that_exists():
    d = played()
    d["queue"] = [["pile", 7]] + d["queue"]
    refused(d, "queue[0] lane")


def test_flickbook_check_calls_an_impossible_position_invalid(tmp_path, capsys):
    from flickbook_cli import main
    from timeline import Record, save_record
    path = tmp_path / "bad.flick"
    save_record(Record.new("grendizer", start_state_json=played()), path)
    raw = json.loads(path.read_text())
    raw["start"]["grendizer"] = 12
    path.write_text(json.dumps(raw))
    assert main(["check", str(path)]) != 0
    assert "grendizer: 12 is outside 0..7" in capsys.readouterr().err
