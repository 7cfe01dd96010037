"""A loaded Grendizer XperienZ position is refused when its turn could never stand where it
says: the queue's order of steps, and the flags of the turn against it (issue 23, point 9).
The book (shared/rules/grendizer-xperienz-rulebook.txt): "Each player takes turns performing
the following actions in this order: Draw, Invasion Phase, Threat Phase, Action Phase, Moving
Grendizer"."""
import json

import numpy as np
import pytest

from games.api import random_action
from games.grendizer import GAME
from games.grendizer.validate import LETTER


def word(d):
    return "".join(LETTER[step[0]] for step in d["queue"])


def reached(want, players=2, seeds=range(40)):
    """A position a seeded random playout reached, whose queue reads `want` (see LETTER)."""
    for seed in seeds:
        rng = np.random.default_rng(seed)
        s = GAME.new_initial_state({"players": players})
        for _ in range(400):
            d = json.loads(json.dumps(GAME.state_to_json(s)))
            if word(d) == want:
                return d
            if GAME.is_terminal(s):
                break
            s = GAME.apply(s, random_action(GAME, s, rng)).state
    raise AssertionError(f"no playout reached a queue {want}")


def refused(d, field):
    with pytest.raises(ValueError) as exc:
        GAME.state_from_json(d)
    assert str(exc.value).startswith(field), str(exc.value)
    return str(exc.value)


def steps(*kinds):
    return [[k] if not isinstance(k, tuple) else list(k) for k in kinds]


def test_every_position_a_playout_reaches_loads():
    for seed in range(12):
        rng = np.random.default_rng(seed)
        s = GAME.new_initial_state({"players": 1 + seed % 4,
                                    "difficulty": ("easy", "difficult")[seed % 2]})
        while not GAME.is_terminal(s):
            GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
            s = GAME.apply(s, random_action(GAME, s, rng)).state


def test_the_danger_face_is_not_up_in_the_action_phase():
    """Threat Phase: "If the Threat marker is on its Danger side, the player draws an Event
    card, flips the Threat marker back to its non-Danger side, and then applies the effect of
    the Event card." That is before the Action Phase."""
    d = reached("AME")
    d["danger"] = True
    refused(d, "danger")
    e = reached("VKAME")
    assert e["danger"] and GAME.state_from_json(e)
    e["danger"] = False  # and an Event is drawn only with it up
    refused(e, "queue")


def test_no_revealed_card_lies_beside_the_deck_in_the_movement_phase():
    """Draw: "The player draws an Actions card and places it face up next to the deck."
    Action Phase: "The player takes the revealed Actions card and adds it to their hand."
    So no card lies there in the Moving Grendizer phase."""
    d = reached("ME")
    card = d["deck"].pop()
    d["revealed"] = card
    refused(d, "revealed")


def test_played_is_not_set_before_the_action_phase():
    """"The player takes the revealed Actions card, adds it to their hand, and, if they wish,
    plays an Actions card of their choice": nothing is played before that."""
    d = reached("AME")
    d["played"] = True
    refused(d, "played")


def test_radio_silence_is_not_on_at_the_start_of_a_turn():
    """Radio Silence is an Event card ("The active player cannot play an Actions card this
    turn", invented in the program's card set): "the player draws an Event
    card ... and then applies the effect" in the Threat Phase of the turn it silences, so it
    is never on at the Draw."""
    d = reached("TKAME")
    d["silenced"] = True
    refused(d, "silenced")


def test_a_turn_has_one_action_phase():
    """"Each player takes turns performing the following actions in this order": one Action
    Phase a turn."""
    d = reached("AME")
    d["queue"] = steps("action", "action", "move", "end")
    assert "two 'action' steps" in refused(d, "queue")


def test_grendizer_moves_after_the_action_phase_not_before():
    """"... Action Phase ... Moving Grendizer", in this order."""
    d = reached("AME")
    d["queue"] = steps("move", "action", "end")
    assert "comes before" in refused(d, "queue")


def test_a_game_going_on_ends_its_turn():
    """"Each player takes turns": a game going on always passes the turn on."""
    d = reached("AME")
    d["queue"] = steps("action", "move")
    assert "'end'" in refused(d, "queue")


def test_the_setup_deals_come_before_play():
    """Setup: "with 1 or 2 players, each player draws 4 cards", before the first turn: no
    setup deal in the middle of a turn."""
    d = reached("AME")
    d["hands"][0].remove(c := d["hands"][0][0])
    d["deck"].append(c)
    d["queue"] = steps("action", ("deal", 0), "move", "end")
    assert "setup" in refused(d, "queue")


def test_a_saucer_beast_card_is_drawn_only_for_a_token_that_entered():
    """Invasion: "If they reveal a Saucer Beast token, they draw a Saucer Beast card": not
    for a lane whose token is still in its pile."""
    d = reached("PHKAME")
    lane = next(i for i, L in enumerate(d["lanes"]) if L["beast_token"] == "pile")
    d["queue"] = [["beast_card", lane]] + d["queue"][1:]
    assert f"lane {lane}" in refused(d, "queue[0]")


def test_a_defeat_needs_the_threat_marker_at_game_over():
    """"As soon as the Threat marker reaches the top space of the Threat track (GAME OVER),
    the players immediately lose the game": a defeat with the marker at 3 is no position of
    the game."""
    d = reached("AME")
    d.update(queue=[], result="defeat", threat=3)
    refused(d, "result")
