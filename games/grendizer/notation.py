"""Grendizer XperienZ's readable notation: cards and targets in words, beside the canonical text.

The canonical text (`play C30 zone=7 target=minifo`) is what files keep; a player reads
`P1 plays Double Harken in Military Harbour Battlefield on MiniFOs, 1 MiniFO destroyed`. Cards
are named by their printed names, zones by their location and Airspace/Battlefield, players
P1, P2, ...; what came of a card (MiniFOs destroyed, a Saucer Beast's damage, the threat, the
end) is read from the Step's events.
"""
from __future__ import annotations

from typing import Iterable

from games.api import Event
from games.grendizer.actions import (BeastDraw, Discard, Draw, EventDraw, FirstPlayer, Move,
                                     Pass, Play, Reveal)
from games.grendizer.data import ACTIONS, BEASTS, BOARD, EVENTS
from games.grendizer.rules import zone_name


def player_name(seat: int) -> str:
    return f"P{int(seat) + 1}"


def _phase(state) -> str:
    return state.queue[0][0] if state.queue else "-"


def move_text(state, action, events: Iterable[Event] = ()) -> str:
    """`action`, played in `state` (the position before it), as a player says it, followed
    by what came of it (from `events`, the Step's) after commas."""
    head = _action_words(state, action)
    return ", ".join([head] + outcome_words(tuple(events)))


def _action_words(state, action) -> str:
    who = player_name(state.player)
    if isinstance(action, Draw):
        name = ACTIONS[action.card].name
        if _phase(state) == "deal":
            return f"deal {name} ({action.card}) to {player_name(state.queue[0][1])}"
        return f"{who} draws {name} ({action.card})"
    if isinstance(action, FirstPlayer):
        return f"{player_name(action.player)} plays first"
    if isinstance(action, Reveal):
        colour = BOARD.colours[action.lane]
        return f"{colour} pile: {'MiniFO' if action.token == 'minifo' else 'SAUCER BEAST'}"
    if isinstance(action, BeastDraw):
        return f"Saucer Beast card: {BEASTS[action.card].name}"
    if isinstance(action, EventDraw):
        return f"Event: {EVENTS[action.card].name}"
    if isinstance(action, Discard):
        return f"{who} discards {ACTIONS[action.card].name}"
    if isinstance(action, Move):
        return f"{who}: Grendizer to {zone_name(action.zone)}"
    if isinstance(action, Play):
        return play_words(who, action)
    if isinstance(action, Pass):
        return f"{who} plays no card" if _phase(state) == "action" else f"{who} ends the turn"
    return str(action)


def play_words(who: str, action: Play) -> str:
    """`P1 plays Space Thunder in Tokyo Airspace on the Saucer Beast`: the card, then where."""
    card = ACTIONS[action.card]
    text = f"{who} plays {card.name}"
    if action.zone is not None and card.kind == "movement":
        return text + f" to {zone_name(action.zone)}"
    if action.zone is not None:
        text += f" in {zone_name(action.zone)}"
    if action.lane is not None:
        text += f" on {BOARD.locations[action.lane]}"
    if action.target == "beast":
        text += " on the Saucer Beast"
    elif action.target == "minifo":
        text += " on MiniFOs"
    return text


def outcome_words(events: tuple[Event, ...]) -> list[str]:
    """What came of it, short: `2 MiniFOs destroyed`, `Saucer Beast -2 HP`, `threat up to 5`, ..."""
    out: list[str] = []
    minifos = sum(1 for e in events if e.kind == "destroyed" and e.data.get("piece") == "minifo")
    if minifos:
        out.append(f"{minifos} MiniFO{'s' if minifos != 1 else ''} destroyed")
    for e in events:
        d = e.data
        if e.kind == "damaged":
            beast = BEASTS[d["beast"]].name if d.get("beast") in BEASTS else "Saucer Beast"
            out.append(f"{beast} -{d.get('hp_lost', 0)} HP")
        elif e.kind == "destroyed" and d.get("piece") == "beast":
            beast = BEASTS[d["beast"]].name if d.get("beast") in BEASTS else "the Saucer Beast"
            out.append(f"{beast} destroyed")
        elif e.kind == "threat_changed" and d.get("to") != d.get("from"):
            way = "up" if (d.get("to") or 0) > (d.get("from") or 0) else "down"
            out.append(f"threat {way} to {d.get('to')}")
        elif e.kind == "victory":
            out.append("VICTORY")
        elif e.kind == "defeat":
            out.append("defeat")
    return out
