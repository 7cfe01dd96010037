"""Every Glonk action's rule in one place: when it is legal, the rule in words when it is not,
the choices it offers now, and what it does.

`RULES` holds the refusal texts (the viewer and the command line show these, so a rule is
worded once). Each discrete action kind has a `MoveRule` per phase it belongs to: `options`
(the legal moves of that kind now, the default spot of each placement), `refusal` (None when
a move is legal, else the rule it breaks) and `effect` (what it does, before the automatic
flow runs). Flicks are judged by `flick_refusal` here and resolved in rules.py.

Where the rulebook lets the player place a piece, the move may name the spot: `at=DEG` around
the Base (returning saucers, the fabricated Kiboom, the teleported saucer) or `x=M y=M` on the
space (asteroids); without it the program's default spot is used (see placement.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

from games.api import Event

from . import rules as R
from .actions import MAX_SPEED, MAX_SPIN, Flick, Move, jump_move, jump_xy, named_value, \
    plain_args
from .model import IN_PLAY, OUT, GlonkState, Piece, load_book
from .placement import clear_of, spot_against, spot_at_angle

G = R.G

RULES = {
    "over": "The game is over",
    "chance": "Now a chance outcome is drawn (an armada or the first player)",
    "chrono": "The timeout only exists in Chrono mode",
    "place": "Place your Base and saucers on one Middle Ring space more than 2 parsecs from "
             "every other Base",
    "setup_asteroid": "Asteroids go on a space of the Middle or Inner Ring outside the Bases' "
                      "spaces",
    "stellar_asteroid": "Asteroids return on an empty space of the Middle or Inner Ring",
    "asteroid_spot": "An Asteroid placed by hand lies on the space it names, entirely on the "
                     "Galaxy, touching no piece, and only on spaces of the Middle or Inner "
                     "Ring: empty ones (at setup: outside the Bases' spaces)",
    "asteroid_now": "Now an asteroid is placed",
    "return_base": "A lost Base returns on an empty Outer Ring space more than 2 parsecs from "
                   "every enemy Base",
    "return": "A lost saucer of yours returns touching one of your Bases in play (at most 6 "
              "placed against one Base in a turn, except the Hive), overlapping no piece (it "
              "may touch others), entirely on the Galaxy",
    "return_now": "Now your lost saucers return against your Bases: each one that can must "
                  "(the book: \"the player returns them to play\")",
    "ray": "Anaesthetic Ray: an active Corvette deactivates an active enemy Base or saucer at "
           "most 1 parsec away",
    "board": "Boarding: your stationary Base or saucer, before it is activated or right after "
             "its standard propulsion, must touch an enemy piece (a Kiboom cannot board)",
    "contagion": "Contagion needs a Larva Ship boarding and an atomised Larva Ship to replace "
                 "each victim (each named once, no more than the victims)",
    "activate": "Only your active pieces in play that were not turned over this turn can be "
                "activated",
    "fabricate": "Fabriker: the Kabane fabricates an atomised Kiboom of its armada against "
                 "itself (there must be one, and room: touching the Kabane, overlapping no "
                 "piece, on the Galaxy)",
    "teleport": "Teleportation: the Great Saucer recovers one of your saucers in play against "
                "itself (touching it, overlapping no piece, on the Galaxy)",
    "jump": "Only a Jumper can jump",
    "jump_galaxy": "A Jumper must land on the Galaxy",
    "jump_piece": "A Jumper cannot land on another piece",
    "actions_only": "that action is not possible in the actions phase",
    "not_now": "that action is not possible now",
    "flick_phase": "Flicks happen in the actions phase",
    "speed": f"A flick's speed is above 0 and at most {MAX_SPEED} m/s",
    "spin": f"A flick's spin is at most {MAX_SPIN} rad/s",
    "on_galaxy": "Only a piece on the Galaxy can be flicked",
    "propel": "Only pieces with a Speed can be propelled",
    "kiboom_assault": "Flying Object: a Kiboom cannot make a Heroic Assault",
    "assault": "Heroic Assault: the target must be an enemy Base or saucer within the piece's "
               "range of movement",
    "telekinesis": "Telekinesis: a Master propels an enemy saucer at most 1 parsec from it",
    "fission": "Meteoric Fission: the Great Saucer propels an Asteroid at most 1 parsec from "
               "it",
    "power": "unknown flick power",
}

#: What each phase asks for, said when a move of another kind is tried then.
PHASE_ASKS = {"place_armada": "place", "place_asteroid": "asteroid_now",
              "stellar": "asteroid_now", "return_base": "return_base",
              "return_saucer": "return_now", "ray": "ray", "actions": "actions_only"}


@dataclass(frozen=True)
class MoveRule:
    """One discrete action kind in one phase: its choices now, its test, its effect."""

    kind: str
    phase: str
    options: Callable[[GlonkState], list[Move]]
    refusal: Callable[[GlonkState, Move], str | None]
    effect: Callable[[GlonkState, Move, list[Event]], GlonkState]


def ev(kind: str, **data) -> Event:
    return Event(kind, data)


def _piece(s: GlonkState, pid: str) -> Piece | None:
    return s.get(pid)


# --- chance --------------------------------------------------------------------------------

def chance_moves(s: GlonkState) -> list[tuple[Move, float]]:
    if s.phase == "draw":
        left = [a for a in load_book().ids() if a not in s.seats]
        return [(Move("armada", (a,)), 1.0 / len(left)) for a in left]
    if s.phase == "first":
        n = s.config.players
        return [(Move("first", (str(i),)), 1.0 / n) for i in range(n)]
    return []


def _chance_refusal(s, m):
    return None if m in [a for a, _ in chance_moves(s)] else RULES["chance"]


def _armada_effect(s, m, events):
    seats = list(s.seats)
    seat = seats.index(None)
    seats[seat] = m.args[0]
    events.append(ev("armada_drawn", player=seat, armada=m.args[0]))
    return replace(s, seats=tuple(seats))


def _first_effect(s, m, events):
    return replace(s, first_player=int(m.args[0]))


# --- setup ---------------------------------------------------------------------------------

def _place_options(s):
    return [Move("place", (sp,)) for sp in R.armada_spaces(s, s.to_move)
            if R.layout_armada(s, s.to_move, sp) is not None]


def _place_refusal(s, m):
    ok = m.args[0] in R.armada_spaces(s, s.to_move) and \
        R.layout_armada(s, s.to_move, m.args[0]) is not None
    return None if ok else RULES["place"]


def _place_effect(s, m, events):
    layout = R.layout_armada(s, s.to_move, m.args[0])
    w = R.Work(s)
    for pid, (x, y) in layout.items():
        w.set(pid, status=IN_PLAY, x=x, y=y, active=True)
    events.append(ev("armada_placed", player=s.to_move, space=m.args[0],
                     pieces={pid: [x, y] for pid, (x, y) in layout.items()}))
    return replace(w.state(), queue=s.queue[1:])


# --- asteroids (setup and Stellar Objects Phase) ---------------------------------------------

def first_out_asteroid(s: GlonkState) -> Piece:
    return [p for p in s.pieces if p.kind == "asteroid" and p.status == OUT][0]


def asteroid_spot(s: GlonkState, m: Move) -> tuple[float, float] | None:
    """Where `asteroid A SPACE [x= y=]` puts the Asteroid (None: nowhere it may go)."""
    p = s.piece(m.args[0])
    setup = s.phase == "place_asteroid"
    x, y = named_value(m, "x"), named_value(m, "y")
    if x is None:
        return R.asteroid_spot(s, p, m.args[1], setup=setup)
    occ = G.occupied(x, y, p.radius)
    if m.args[1] not in occ or not G.inside(x, y, p.radius):
        return None
    if not R.asteroid_lies_well(s, occ, setup=setup):
        return None
    others = [o for o in s.in_play() if o.id != p.id]
    return (x, y) if clear_of(x, y, p.radius, others, R.TOUCH) else None


def _asteroid_options(s):
    ast = first_out_asteroid(s)
    setup = s.phase == "place_asteroid"
    out = [Move("asteroid", (ast.id, sp)) for sp in R.asteroid_spaces(s, ast, setup=setup)]
    return out + ([Move("timeout")] if s.config.chrono and not setup else [])


def _asteroid_refusal(s, m):
    setup = s.phase == "place_asteroid"
    p = _piece(s, m.args[0])
    if p is None or p.kind != "asteroid" or p.status != OUT:
        return "Only an out-of-play asteroid can be placed"
    if m.args[1] not in R.asteroid_spaces(s, p, setup=setup):
        return RULES["setup_asteroid" if setup else "stellar_asteroid"]
    if asteroid_spot(s, m) is None:
        return RULES["asteroid_spot"]
    return None


def _asteroid_effect(s, m, events):
    p = s.piece(m.args[0])
    x, y = asteroid_spot(s, m)
    w = R.Work(s)
    w.set(p.id, status=IN_PLAY, x=x, y=y, molten=False, yaw=0.0)
    events.append(ev("placed", piece=p.id, space=m.args[1], x=x, y=y))
    s2 = w.state()
    return replace(s2, queue=s.queue[1:]) if s.phase == "place_asteroid" else s2


# --- Hyperspace Return ---------------------------------------------------------------------

def _return_base_options(s):
    base = R.own_bases_out(s)[0]
    return [Move("return_base", (base.id, sp)) for sp in R.return_base_spaces(s, base)]


def _return_base_refusal(s, m):
    bases = R.own_bases_out(s)
    ok = m.args[0] == bases[0].id and m.args[1] in R.return_base_spaces(s, bases[0])
    return None if ok else RULES["return_base"]


def _return_base_effect(s, m, events):
    base = s.piece(m.args[0])
    x, y = R.base_return_spot(s, base, m.args[1])
    w = R.Work(s)
    w.set(base.id, status=IN_PLAY, x=x, y=y, active=True)
    events.append(ev("returned", piece=base.id, space=m.args[1], x=x, y=y))
    return replace(w.state(), phase="return_base")


def against_spot(s: GlonkState, piece: Piece, holder: Piece, angle_deg: float | None,
                 *, default: Callable[[], tuple[float, float] | None]
                 ) -> tuple[float, float] | None:
    """The spot touching `holder` in direction `angle_deg` (the player's choice) when it
    overlaps no piece and lies on the Galaxy; without an angle, `default()`."""
    if angle_deg is None:
        return default()
    x, y = spot_at_angle(holder, piece.radius, angle_deg)
    others = [o for o in s.in_play() if o.id != piece.id]
    if not G.inside(x, y, piece.radius) or not clear_of(x, y, piece.radius, others,
                                                        R.NO_OVERLAP):
        return None
    return (x, y)


def return_spot(s: GlonkState, m: Move) -> tuple[float, float] | None:
    """Where `return SAUCER to BASE [at=DEG]` puts the saucer (None: it may not)."""
    sc, b = _piece(s, m.args[0]), _piece(s, m.args[2])
    if sc is None or b is None or sc not in R.returning_saucers(s) or \
            b not in R.own_bases_in_play(s):
        return None
    angle = named_value(m, "at")
    if R.base_full(s, b):
        return None
    return against_spot(s, sc, b, angle, default=lambda: R.saucer_return_spot(s, sc, b))


def _return_options(s):
    # No `pass`: "the player returns them to play" while one can go somewhere.
    return [Move("return", (sc.id, "to", b.id)) for sc in R.returning_saucers(s)
            for b in R.own_bases_in_play(s) if R.saucer_return_spot(s, sc, b) is not None]


def _return_refusal(s, m):
    return None if return_spot(s, m) is not None else RULES["return"]


def _return_effect(s, m, events):
    sc, b = s.piece(m.args[0]), s.piece(m.args[2])
    x, y = return_spot(s, m)
    w = R.Work(replace(s, returned=s.returned + (b.id,)))
    w.set(sc.id, status=IN_PLAY, x=x, y=y, active=True)
    w.events.append(ev("returned", piece=sc.id, base=b.id, x=x, y=y))
    R.placement_touches(w, sc.id)
    return R.after_return(w, events)


def _pass_refusal(s, m):
    return None


def _pass_effect(s, m, events):
    return replace(s, queue=s.queue[1:])  # this seat fires no (more) Anaesthetic Rays


def _ray_options(s):
    return [Move("ray", (c, t)) for c, t in R.ray_options(s, s.to_move)] + [Move("pass")]


def _ray_refusal(s, m):
    return None if (m.args[0], m.args[1]) in R.ray_options(s, s.to_move) else RULES["ray"]


def _ray_effect(s, m, events):
    w = R.Work(s)
    w.set(m.args[0], active=False)
    w.set(m.args[1], active=False)
    events.append(ev("anaesthetic_ray", piece=m.args[0], target=m.args[1], player=s.to_move))
    return replace(w.state(), ray_by=s.to_move)


# --- the actions phase: turn, boarding, powers ---------------------------------------------

def _timeout_options(s):
    return [Move("timeout")] if s.config.chrono else []


def _timeout_refusal(s, m):
    return None if s.config.chrono else RULES["chrono"]


def _timeout_effect(s, m, events):
    if s.phase == "actions":
        return R.end_turn(s, "time ran out (Chrono mode)", events, timeout=True)
    events.append(ev("turn_ended", player=s.turn_player, reason="time ran out (Chrono mode)"))
    return R.next_turn(replace(s, queue=()), events)


def _own_in_play(s):
    return [p for p in sorted(s.in_play(), key=lambda p: p.id) if p.owner == s.turn_player]


def _end_turn_options(s):
    return [Move("end_turn")]


def _end_turn_effect(s, m, events):
    return R.end_turn(s, "the player ended the turn", events)


def _board_options(s):
    out = []
    for p in _own_in_play(s):
        if R.can_board(s, p):
            out.append(Move("board", (p.id,)))
            if "contagion" in p.powers and R.atomised_pool(s, p.armada, p.type):
                out.append(Move("board", (p.id, "contagion")))
    return out


def _board_refusal(s, m):
    p = _piece(s, m.args[0])
    if p is None or not R.can_board(s, p):
        return RULES["board"]
    if len(m.args) >= 2:
        pool = {q.id for q in R.atomised_pool(s, p.armada, p.type)} \
            if "contagion" in p.powers else set()
        named = m.args[2:]
        victims = R.boarding_victims(s, p)
        if not pool or len(set(named)) != len(named) or not set(named) <= pool or \
                len(named) > len(victims):
            return RULES["contagion"]
    return None


def _board_effect(s, m, events):
    return R.do_board(s, m.args[0], len(m.args) >= 2, events, larvae=tuple(m.args[2:]))


def fabricate_plan(s: GlonkState, m: Move) -> tuple[Piece, tuple[float, float]] | None:
    """The Kiboom `fabricate KABANE [KIBOOM] [at=DEG]` brings back and where (None: it
    cannot)."""
    base = _piece(s, m.args[0])
    if base is None or not R.activatable(s, base) or "fabriker" not in base.powers:
        return None
    args = plain_args(m)
    pool = R.atomised_pool(s, base.armada, "kiboom")
    kib = pool[0] if pool and len(args) == 1 else next(
        (k for k in pool if len(args) == 2 and k.id == args[1]), None)
    if kib is None:
        return None
    spot = against_spot(s, kib, base, named_value(m, "at"), default=lambda: spot_against(
        base, kib.radius, s.in_play(), lambda x, y: G.inside(x, y, kib.radius)))
    return None if spot is None else (kib, spot)


def teleport_spot(s: GlonkState, m: Move) -> tuple[float, float] | None:
    """Where `teleport GREAT_SAUCER SAUCER [at=DEG]` puts the saucer (None: it cannot)."""
    base, sc = _piece(s, m.args[0]), _piece(s, m.args[1])
    if base is None or sc is None or not R.activatable(s, base) or \
            "teleportation" not in base.powers or sc.owner != base.owner or \
            not s.is_saucer(sc) or sc.status != IN_PLAY:
        return None
    others = [q for q in s.in_play() if q.id != sc.id]
    return against_spot(s, sc, base, named_value(m, "at"), default=lambda: spot_against(
        base, sc.radius, others, lambda x, y: G.inside(x, y, sc.radius)))


def _fabricate_options(s):
    return [Move("fabricate", (p.id,)) for p in _own_in_play(s)
            if "fabriker" in p.powers and fabricate_plan(s, Move("fabricate", (p.id,)))]


def _activation_first(s, m) -> str | None:
    p = _piece(s, m.args[0])
    if p is None:
        return f"there is no piece {m.args[0]}"
    return None if R.activatable(s, p) else RULES["activate"]


def _fabricate_refusal(s, m):
    return _activation_first(s, m) or (None if fabricate_plan(s, m) else RULES["fabricate"])


def _fabricate_effect(s, m, events):
    kib, spot = fabricate_plan(s, m)
    return R.do_place_against(s, kib.id, s.piece(m.args[0]), spot, events, kind="fabricated",
                              active=True)


def _teleport_options(s):
    return [Move("teleport", (p.id, t.id)) for p in _own_in_play(s)
            if "teleportation" in p.powers for t in R.teleport_candidates(s, p)]


def _teleport_refusal(s, m):
    return _activation_first(s, m) or (None if teleport_spot(s, m) else RULES["teleport"])


def _teleport_effect(s, m, events):
    sc = s.piece(m.args[1])
    return R.do_place_against(s, sc.id, s.piece(m.args[0]), teleport_spot(s, m), events,
                              kind="teleported", active=sc.active)


def jump_refusal(s: GlonkState, m: Move) -> str | None:
    """Why the Jumper may not land where `m` says (None: it may)."""
    p = _piece(s, m.args[0])
    if p is None or "jump" not in p.powers:
        return RULES["jump"]
    x, y = jump_xy(m)
    if not G.inside(x, y, p.radius):
        return RULES["jump_galaxy"]
    for o in s.in_play():
        if o.id != p.id and math.hypot(o.x - x, o.y - y) < o.radius + p.radius:
            return RULES["jump_piece"]
    return None


def jump_options(s: GlonkState) -> list[Move]:
    """A representative set of Jumps: to the centroid of every free empty space."""
    out = []
    for p in _own_in_play(s):
        if "jump" in p.powers and R.activatable(s, p):
            for sp in R.empty_spaces(s, G.rings):
                m = jump_move(p.id, *G.by_id[sp].centroid)
                if jump_refusal(s, m) is None:
                    out.append(m)
    return out


def _jump_refusal(s, m):
    return _activation_first(s, m) or jump_refusal(s, m)


def _jump_effect(s, m, events):
    return R.do_jump(s, m.args[0], *jump_xy(m), events)


def _always(s, m):
    return None


def _rules() -> dict[tuple[str, str], MoveRule]:
    table = [
        MoveRule("armada", "draw", lambda s: [], _chance_refusal, _armada_effect),
        MoveRule("first", "first", lambda s: [], _chance_refusal, _first_effect),
        MoveRule("place", "place_armada", _place_options, _place_refusal, _place_effect),
        MoveRule("asteroid", "place_asteroid", _asteroid_options, _asteroid_refusal,
                 _asteroid_effect),
        MoveRule("asteroid", "stellar", _asteroid_options, _asteroid_refusal,
                 _asteroid_effect),
        MoveRule("timeout", "stellar", lambda s: [], _timeout_refusal, _timeout_effect),
        MoveRule("return_base", "return_base", _return_base_options, _return_base_refusal,
                 _return_base_effect),
        MoveRule("return", "return_saucer", _return_options, _return_refusal,
                 _return_effect),
        MoveRule("ray", "ray", _ray_options, _ray_refusal, _ray_effect),
        MoveRule("pass", "ray", lambda s: [], _pass_refusal, _pass_effect),
        MoveRule("end_turn", "actions", _end_turn_options, _always, _end_turn_effect),
        MoveRule("timeout", "actions", _timeout_options, _timeout_refusal, _timeout_effect),
        MoveRule("board", "actions", _board_options, _board_refusal, _board_effect),
        MoveRule("fabricate", "actions", _fabricate_options, _fabricate_refusal,
                 _fabricate_effect),
        MoveRule("teleport", "actions", _teleport_options, _teleport_refusal,
                 _teleport_effect),
        MoveRule("jump", "actions", lambda s: [], _jump_refusal, _jump_effect),
    ]
    return {(r.phase, r.kind): r for r in table}


MOVE_RULES = _rules()


def discrete_actions(s: GlonkState) -> list[Move]:
    """The legal discrete actions now: every choice outside the actions phase; in it, end of
    turn, Chrono's timeout, boarding and the special actions that need no point (Jumps and
    flicks are continuous: see `action_spec`)."""
    if s.phase in ("over", "draw", "first"):
        return [a for a, _ in chance_moves(s)]
    out: list[Move] = []
    for (phase, _), rule in MOVE_RULES.items():
        if phase == s.phase:
            out.extend(rule.options(s))
    return out


def move_refusal(s: GlonkState, m: Move) -> str | None:
    """The rule the discrete action `m` breaks in `s`, in words (None: it is legal)."""
    if s.phase == "over":
        return RULES["over"]
    if s.phase in ("draw", "first"):
        return _chance_refusal(s, m)
    rule = MOVE_RULES.get((s.phase, m.kind))
    if rule is None:
        if m.kind == "timeout" and s.config.chrono:
            return "The clock runs during the actions and stellar phases"
        return RULES[PHASE_ASKS.get(s.phase, "not_now")]
    return rule.refusal(s, m)


def apply_move(s: GlonkState, m: Move, events: list[Event]) -> GlonkState:
    """The effect of a legal discrete action (before the automatic flow runs)."""
    return MOVE_RULES[(s.phase, m.kind)].effect(s, m, events)


# --- flicks --------------------------------------------------------------------------------

def flick_refusal(s: GlonkState, f: Flick) -> str | None:
    """The rule the flick `f` breaks in `s`, in words (None: it is legal)."""
    if s.phase == "over":
        return RULES["over"]
    if s.phase != "actions":
        return RULES["flick_phase"]
    if not 0.0 < f.speed <= MAX_SPEED:
        return RULES["speed"]
    if abs(f.spin) > MAX_SPIN:
        return RULES["spin"]
    p = _piece(s, f.piece)
    if p is None:
        return f"there is no piece {f.piece}"
    if p.status != IN_PLAY:
        return RULES["on_galaxy"]
    if f.power is None:
        if not R.activatable(s, p):
            return RULES["activate"]
        if p.speed <= 0:
            return RULES["propel"]
        if f.assault:
            if p.kind == "kiboom":
                return RULES["kiboom_assault"]
            if f.assault not in [t.id for t in R.assault_targets(s, p)]:
                return RULES["assault"]
        return None
    by = _piece(s, f.by)
    if by is None:
        return f"there is no piece {f.by}"
    if not R.activatable(s, by):
        return RULES["activate"]
    if f.power not in ("telekinesis", "fission"):
        return RULES["power"]
    if p not in R.power_flick_targets(s, by, f.power):
        return RULES[f.power]
    return None


def representative_flicks(s: GlonkState) -> list[Flick]:
    """A representative set of the flicks legal now: each activatable piece with a speed at
    8 angles x 2 speeds, one aimed heroic assault per target in range, Telekinesis and
    Fission at 8 angles."""
    out: list[Flick] = []
    for p in _own_in_play(s):
        if not R.activatable(s, p):
            continue
        if p.speed > 0:
            out.extend(R.representative_flicks(p))
            if p.kind != "kiboom":
                for t in R.assault_targets(s, p):
                    a, v = R.aim_at(p, t)
                    out.append(Flick.make(p.id, a, v, 0.0, assault=t.id))
        for power, speed in (("telekinesis", 0.8), ("fission", 1.0)):
            for t in R.power_flick_targets(s, p, power):
                out.extend(Flick.make(t.id, a, speed, 0.0, power=power, by=p.id)
                           for a in R.ANGLES)
    return out

