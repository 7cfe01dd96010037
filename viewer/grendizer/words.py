"""What a Grendizer XperienZ step did, in the game's words (cards, invaders, the Threat)."""
from __future__ import annotations

from viewer.scene import said

from games.grendizer.data import load_actions, load_beasts, load_events


def _card(cid) -> str:
    for book in (load_actions(), load_beasts(), load_events()):
        c = book.get(cid)
        if c is not None:
            return c.name
    return str(cid)


def event_line(e) -> str | None:
    d, k = e.data, e.kind
    lane = d.get("lane")
    zone = f"lane {lane + 1}" if isinstance(lane, int) else ""
    if k == "card_drawn":
        return f"Drew {_card(d['card'])}"
    if k == "card_taken":
        return f"Player {d['player'] + 1} takes {_card(d['card'])}"
    if k == "invaded":
        return f"A {d['token'].replace('_', ' ')} invades {zone}"
    if k == "moved":
        where = f" of lane {d['lane'] + 1}" if isinstance(d.get("lane"), int) else ""
        return f"The {str(d.get('piece', 'piece')).replace('_', ' ')}{where} moves to {d.get('to')}"
    if k == "advanced":
        return "The invaders advance in lanes " + ", ".join(str(x + 1) for x in d.get("lanes", []))
    if k == "threat_changed":
        return f"Threat {d['from']} -> {d['to']}" + (" (danger!)" if d.get("danger") else "")
    if k == "event_applied":
        return f"Event: {_card(d['card'])}"
    if k == "returned":
        return f"{d.get('count', 1)} invader{'s' if d.get('count', 1) != 1 else ''} back from {zone}"
    if k == "defeat":
        return f"Defeat: the Threat reached {d.get('threat')}"
    if k == "turn_started":
        return f"Player {d['player'] + 1}'s turn {d.get('turn', '')}".rstrip()
    return None


def event_lines(step) -> list[str]:
    return said(step, event_line)
