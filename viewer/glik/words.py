"""What a Glik step did, in the game's words (placements, slides, touching stones, the end),
with fields named as the board's coordinates name them (`a16`, `e9-h12`)."""
from __future__ import annotations

from games.glik.notation import DIRECTION_WORDS, cell_name, slot_name
from viewer.scene import said

REASONS = {"all_touching": "every stone of the winner touches", "ap": "out of actions"}


def _cell(c) -> str:
    return cell_name(c)


def event_line(e) -> str | None:
    d, k = e.data, e.kind
    if k == "placed":
        return f"{d['colour'].capitalize()} stone placed on {_cell(d['cell'])}"
    if k == "slid":
        steps = len(d.get("path", ()))
        way = DIRECTION_WORDS.get(d.get("direction"), d.get("direction", ""))
        return (f"{d['colour'].capitalize()} slid {way} from {_cell(d['from'])} "
                f"to {_cell(d['to'])} ({steps} field{'s' if steps != 1 else ''})")
    if k == "touched":
        return f"{d['colour'].capitalize()}: {d['count']} stone{'s' if d['count'] != 1 else ''} touching"
    if k == "turn_ended":
        left = d.get("ap_unspent", 0)
        return f"Turn over ({d.get('ap_spent', 0)} AP spent" + (f", {left} left unspent)" if left else ")")
    if k == "board_placed":
        turned = f", turned {d['rotation'] * 90} deg" if d.get("rotation") else ""
        return f"Board {d['board']} laid on {slot_name(d['slot'])}{turned}"
    if k == "setup_done":
        return "The boards are laid: play begins"
    if k == "game_over":
        return f"Game over: {REASONS.get(d.get('reason'), d.get('reason'))}"
    return None


def event_lines(step) -> list[str]:
    return said(step, event_line)
