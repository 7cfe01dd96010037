"""What a Glonk step did, in the game's words: one short line per event worth telling.

`event_lines(step, state, name_of)` reads the step's events (games.glonk) and says them the
way the rulebook does ("V3 stopped on the line between M3 and M4: hyper-propulsion ends the
turn", "G2 atomised by the Black Hole", "+2 Sinistrum (Lethal)"). Contacts are left out: the
motion shows them.
"""
from __future__ import annotations

from viewer.scene import said

CAUSES = {
    "black_hole": "by the Black Hole",
    "boarding": "in a boarding by {by}",
    "asteroid": "by the Asteroid {by}",
    "assault": "in a heroic assault by {by}",
    "heroic_assault": "in a heroic assault by {by}",
    "eksplosif": "by {by}'s Eksplosif",
}


def _where(spaces) -> str:
    spaces = list(spaces or ())
    if not spaces:
        return "off every space"
    if len(spaces) == 1:
        return f"in {spaces[0]}"
    if len(spaces) == 2:
        return f"on the line between {spaces[0]} and {spaces[1]}"
    return "across " + ", ".join(spaces[:-1]) + f" and {spaces[-1]}"


def event_line(e, name_of, piece_of=None) -> str | None:
    """One event in words (None for those not worth a line); `name_of(seat)` names a player,
    `piece_of(id)` a piece where a line says more than its id (the Damage rule's)."""
    d = e.data
    k = e.kind
    if k == "standard_propulsion":
        return f"{d['piece']} stopped {_where(d.get('end_spaces'))}: standard propulsion"
    if k == "hyper_propulsion":
        return (f"{d['piece']} stopped {_where(d.get('end_spaces'))}: "
                "hyper-propulsion ends the turn")
    if k == "atomised":
        cause = CAUSES.get(d.get("cause"), "({cause})").format(by=d.get("by"), cause=d.get("cause"))
        return f"{d['piece']} atomised {cause}"
    if k == "scored":
        pts = d.get("points", 0)
        return f"+{pts} {name_of(d['player'])}" if pts else None
    if k == "unscored":
        return f"-{d.get('points', 0)} {name_of(d['player'])} ({d['piece']} came back)"
    if k == "lost_in_space":
        return f"{d['piece']} lost in space (off the Galaxy)"
    if k == "boarded":
        return f"{d['piece']} boarded {', '.join(d.get('victims', []))}"
    if k == "boarding_failed":
        return f"{d['piece']}'s boarding failed ({d.get('because')})"
    if k == "may_board":
        return f"{d['piece']} may board a touching enemy"
    if k == "heroic_assault":
        return f"{d['piece']} makes a heroic assault on {d.get('target')}"
    if k == "damaged":  # the rulebook's Damage: "cannot be activated again during that turn"
        who = piece_of(d["piece"]) if piece_of is not None else d["piece"]
        return (f"{who} was turned over (now {d.get('face', 'other')} face up): damaged, it "
                "cannot be activated again this turn")
    if k == "turn_ended":
        return f"Turn over for {name_of(d['player'])}: {d.get('reason', '')}".rstrip(": ")
    if k == "turn_started":
        return f"{name_of(d['player'])} to play (round {d.get('round')})"
    if k == "game_over":
        who = ", ".join(name_of(w) for w in d.get("winners", [])) or "nobody"
        return f"Game over: {who} won"
    if k in ("placed", "returned"):
        where = d.get("space") or (f"against {d['base']}" if d.get("base") else "")
        return f"{d['piece']} placed {where}".rstrip()
    if k == "armada_placed":
        return f"{name_of(d['player'])} placed the armada in {d.get('space')}"
    if k == "shield":
        return f"{d['piece']}'s Shield protects against {d.get('against')}"
    if k in ("molten", "molten_removed"):
        return f"{d['piece']} molten"
    if k == "jumped":
        return f"{d['piece']} jumped"
    if k == "anaesthetic_ray":
        return f"{d['piece']} fired the Anaesthetic Ray at {d.get('target')}"
    if k == "contagion":
        return f"{d['piece']} replaces {d.get('replaces')} (contagion)"
    if k == "captured":
        return f"{d['piece']} captured by {name_of(d['by']) if isinstance(d.get('by'), int) else d.get('by')}"
    if k == "annihilated":
        return f"{name_of(d['player'])} annihilated"
    return None


def event_lines(step, name_of, piece_of=None) -> list[str]:
    """The step's lines; a disc turned over (Damage) first, since it changes what the turn
    player may still do, and the message line shows a move's first lines."""
    def line_of(e, damage: bool):
        return event_line(e, name_of, piece_of) if (e.kind == "damaged") == damage else None

    return said(step, lambda e: line_of(e, True)) + said(step, lambda e: line_of(e, False))
