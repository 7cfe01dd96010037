"""Glonk's readable notation: the piece named with what it is, and what came of the action.

The canonical text (`flick V1 a=190.00 v=2.500 s=0.00`) is what files keep; a player reads
`V1 Larva Ship: flick 190 deg 2.5 m/s, hyper, G5 Small Saucer atomised, +1`. Pieces are their
short id and their ship type (or Asteroid, Molten Mass, Black Hole); players are P1, P2, ...;
angles are degrees counter-clockwise from the +x axis, speeds metres per second. What came of
it is read from the Step's events: hyper-propulsion, boardings, pieces atomised or lost in
space, points won or taken back, the game's end.
"""
from __future__ import annotations

from typing import Iterable

from games.api import Event
from games.glonk.actions import Flick, Move, jump_xy
from games.glonk.model import load_book


def player_name(seat) -> str:
    return f"P{int(seat) + 1}"


def piece_name(state, pid: str) -> str:
    """`V1 Larva Ship`, `A3 Molten Mass`, `BH Black Hole`: the id and what the piece is."""
    piece = _piece(state, pid)
    if piece is None:
        return pid
    return f"{pid} {kind_name(piece)}"


def kind_name(piece) -> str:
    """What a piece is: its ship type's name, or the stellar object's (by its face)."""
    if piece.is_ship:
        return piece.ship_type().name
    stellar = load_book().stellar[piece.kind]
    return stellar.get("back_name", stellar["name"]) if piece.molten else stellar["name"]


def number(value: float, decimals: int) -> str:
    """A figure without trailing zeros: 190.00 -> `190`, 2.500 -> `2.5`, 0.949 -> `0.95`."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def flick_words(flick: Flick) -> str:
    text = f"{number(flick.angle, 1)} deg {number(flick.speed, 2)} m/s"
    if flick.spin:
        text += f", spin {number(flick.spin, 1)} rad/s"
    return text


def aimed_words(intent: Flick, flick: Flick) -> str:
    """What was meant and what the hand made of it, where a table feel scattered the flick:
    `aimed 45.0 deg 0.80 m/s, played 46.2 deg 0.77 m/s` (a spin named where a flick has one)."""
    def one(f: Flick) -> str:
        text = f"{f.angle:.1f} deg {f.speed:.2f} m/s"
        return text + (f" spin {f.spin:.1f} rad/s" if f.spin else "")
    return f"aimed {one(intent)}, played {one(flick)}"


def move_text(state, action, events: Iterable[Event] = ()) -> str:
    """`action`, played in `state` (the position before it), as a player says it, followed
    by what came of it (from `events`, the Step's) after commas."""
    events = tuple(events)
    head = _action_words(state, action)
    results = outcome_words(state, action, events)
    return ", ".join([head] + results)


def _action_words(state, action) -> str:
    if isinstance(action, Flick):
        if action.power == "telekinesis":
            return (f"{piece_name(state, action.by)}: telekinesis on "
                    f"{piece_name(state, action.piece)} {flick_words(action)}")
        if action.power == "fission":
            return (f"{piece_name(state, action.by)}: fission of "
                    f"{piece_name(state, action.piece)} {flick_words(action)}")
        text = f"{piece_name(state, action.piece)}: flick {flick_words(action)}"
        if action.assault:
            text += f", heroic assault on {piece_name(state, action.assault)}"
        return text
    if not isinstance(action, Move):
        return str(action)
    k, args = action.kind, action.args
    who = player_name(getattr(state, "to_move", 0))
    if k == "armada":
        seats = list(getattr(state, "seats", ()))
        seat = seats.index(None) if None in seats else len(seats)
        return f"{player_name(seat)} draws {_armada_name(args[0])}"
    if k == "first":
        return f"{player_name(args[0])} plays first"
    if k == "place":
        return f"{who} sets up on {args[0]}"
    if k == "asteroid":
        return f"{piece_name(state, args[0])} put on {args[1]}"
    if k == "return_base":
        return f"{piece_name(state, args[0])} returns on {args[1]}"
    if k == "return":
        return f"{piece_name(state, args[0])} returns against {piece_name(state, args[2])}"
    if k == "ray":
        return f"{piece_name(state, args[0])}: anaesthetic ray on {piece_name(state, args[1])}"
    if k == "pass":
        return f"{who} passes"
    if k == "board":
        text = f"{piece_name(state, args[0])} boards"
        return text + " with contagion" if len(args) == 2 else text
    if k == "fabricate":
        return f"{piece_name(state, args[0])} fabricates a Kiboom"
    if k == "teleport":
        return f"{piece_name(state, args[0])} teleports {piece_name(state, args[1])}"
    if k == "jump":
        x, y = jump_xy(action)
        return f"{piece_name(state, args[0])} jumps to x {number(x, 3)} m, y {number(y, 3)} m"
    if k == "end_turn":
        return f"{who} ends the turn"
    if k == "timeout":
        return f"{who}: time ran out"
    return str(action)


def outcome_words(state, action, events: tuple[Event, ...]) -> list[str]:
    """What came of the action, short: `hyper`, `G5 Small Saucer atomised`, `+1`, ..."""
    mover = _mover_seat(state, action)
    moved = getattr(action, "piece", None)
    if isinstance(action, Move) and action.kind in ("board", "ray", "jump") and action.args:
        moved = action.args[0]
    out: list[str] = []
    for e in events:
        d = e.data
        pid = d.get("piece")
        name = "" if pid is None else piece_name(state, pid)
        if e.kind == "hyper_propulsion":
            out.append("hyper")
        elif e.kind == "heroic_assault":
            out.append("assault succeeds" if d.get("success") else "assault fails")
        elif e.kind == "contagion":
            out.append(f"{name} replaces {piece_name(state, d.get('replaces'))}")
        elif e.kind == "boarding_failed":
            out.append(f"boarding fails ({d.get('because', '').replace('_', ' ')})".replace(
                " ()", ""))
        elif e.kind == "atomised":
            by = d.get("by")
            cause = f" by {_agent_name(state, by)}" if by and by != moved else ""
            out.append(("atomised" if pid == moved else f"{name} atomised") + cause)
        elif e.kind == "lost_in_space":
            out.append("lost in space" if pid == moved else f"{name} lost in space")
        elif e.kind == "scored":
            points = int(d.get("points", 0))
            whose = "" if d.get("player") == mover else f" {player_name(d.get('player'))}"
            out.append(f"+{points}{whose}")
        elif e.kind == "unscored":
            out.append(f"-{int(d.get('points', 0))} {player_name(d.get('player'))}")
        elif e.kind == "molten":
            out.append(f"{name} molten")
        elif e.kind == "captured":
            out.append(f"{name} captured")
        elif e.kind == "annihilated":
            out.append(f"{player_name(d.get('player'))}'s armada annihilated")
        elif e.kind == "game_over":
            winners = d.get("winners") or []
            out.append("game over: " + (" and ".join(player_name(w) for w in winners)
                                        or "nobody") + " won")
    return out


def _agent_name(state, pid: str) -> str:
    """Who atomised a piece: a ship by its name, a stellar object as `the Black Hole`."""
    piece = _piece(state, pid)
    if piece is None or piece.is_ship:
        return piece_name(state, pid)
    return f"the {kind_name(piece)}"


def _mover_seat(state, action) -> int | None:
    piece = _piece(state, getattr(action, "by", None) or getattr(action, "piece", None) or "")
    if piece is not None and piece.owner is not None and not isinstance(action, Move):
        return piece.owner
    return getattr(state, "to_move", None)


def _piece(state, pid):
    if not pid:
        return None
    try:
        return state.get(pid)
    except AttributeError:
        return None


def _armada_name(armada_id: str) -> str:
    armada = load_book().by_id.get(armada_id)
    return armada.name if armada is not None else armada_id
