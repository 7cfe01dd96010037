"""The Glonk rules engine: setup, turns, actions, flick judging, powers, scoring, victory.

Every decision where the rulebook is silent is written in docs/rules/glonk.md. The engine is
a set of pure functions over `GlonkState`; `GlonkGame` (in game.py) exposes them through the
shared API. Physics is only called in `simulate_flick`; judging a flick (`judge_flick`) works
from any object with the Motion fields `contacts`, `first_contact`, `vanished`, `final` (and
optionally `left_table`), so a stored motion replays without re-simulating.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Iterable, Mapping

from games.api import Event, IllegalAction, physics_unavailable

from .actions import MAX_SPEED, Flick
from .galaxy import Galaxy, load_galaxy, sorted_spaces
from .model import (ATOMISED, IN_PLAY, OUT, REMOVED, GlonkState, Piece, gap,
                    make_armada_pieces, make_stellar_pieces)
from .placement import CLEAR, spot_against, spot_near

G: Galaxy = load_galaxy()
TOUCH = G.touch_gap  # 1 mm: a gap under this at rest is a touch
MU_G = 0.35 * 9.81  # sliding friction times g, to aim representative flicks
ANGLES = tuple(range(0, 360, 45))
SPEEDS = (0.6, 1.2)
NO_OVERLAP = 0.0001  # a replaced piece keeps this gap (0.1 mm) to every disc: it overlaps none
BASE_CAP = 6  # "up to 6 out-of-play Flying Saucers may be placed against one Base"


def ev(kind: str, **data) -> Event:
    return Event(kind, data)


# ---------------------------------------------------------------------------------------
# small queries
# ---------------------------------------------------------------------------------------

def occupied(p: Piece) -> frozenset[str]:
    return G.occupied(p.x, p.y, p.radius)


def parsecs(a: Piece, b: Piece) -> int | None:
    """Parsec distance between two pieces: between the nearest spaces they occupy."""
    return G.set_distance(occupied(a), occupied(b))


def touching(a: Piece, b: Piece) -> bool:
    return gap(a, b) < TOUCH


def touching_pairs(pieces) -> set[tuple[str, str]]:
    """{(a.id, b.id) with a.id < b.id} of the pieces that touch: numpy finds the candidates
    (a gap within a micrometre of TOUCH), `touching` decides each, so the answer is exactly
    the pairwise test's at a fraction of its cost on a full Galaxy."""
    import numpy as np

    pieces = list(pieces)
    if len(pieces) < 2:
        return set()
    xy = np.array([(p.x, p.y, p.radius) for p in pieces])
    d = np.hypot(xy[:, 0, None] - xy[None, :, 0], xy[:, 1, None] - xy[None, :, 1])
    near = np.argwhere(np.triu(d - xy[:, 2, None] - xy[None, :, 2] < TOUCH + 1e-6, 1))
    out = set()
    for i, j in near:
        a, b = pieces[i], pieces[j]
        if touching(a, b):
            out.add((a.id, b.id) if a.id < b.id else (b.id, a.id))
    return out


def enemies(a: Piece, b: Piece) -> bool:
    return a.is_ship and b.is_ship and a.owner != b.owner


def alive_seats(s: GlonkState) -> list[int]:
    return [i for i in range(s.config.players) if not s.annihilated[i]]


def able_to_move(s: GlonkState, seat: int, pieces: Iterable[Piece] | None = None) -> bool:
    """The seat has a piece on the Galaxy that can move (Kibooms and inert Bases do not)."""
    return any(p.status == IN_PLAY and p.owner == seat and p.mobile
               for p in (s.pieces if pieces is None else pieces))


def activatable(s: GlonkState, p: Piece) -> bool:
    """`p` can be activated now: the turn player's, in play, active face up, not damaged."""
    return (s.phase == "actions" and p.is_ship and p.status == IN_PLAY
            and p.owner == s.turn_player and p.active and p.id not in s.damaged)


def allowed_spaces(p: Piece) -> frozenset[str]:
    """Spaces a standard propulsion may end in: within `speed` parsecs of where it started."""
    start = occupied(p)
    if not start:
        near = G.space_at(p.x * min(1.0, G.radius * 0.999 / max(1e-9, math.hypot(p.x, p.y))),
                          p.y * min(1.0, G.radius * 0.999 / max(1e-9, math.hypot(p.x, p.y))))
        start = frozenset([near]) if near else frozenset()
    return G.within(start, p.speed)


def is_standard(s: GlonkState, end_spaces: frozenset[str], allowed: frozenset[str]) -> bool:
    if not end_spaces:
        return False
    if s.config.range == "lenient":
        return bool(end_spaces & allowed)
    return end_spaces <= allowed


def credit_for(s: GlonkState, victim: Piece, by_power_of: Piece | None = None) -> int | None:
    """Whose stack an atomised piece goes to (None: the box).

    Pieces destroyed by the destructive power of an enemy piece (Lethal, Eksplosif, Shield)
    count for that piece's owner; otherwise for the active player, unless it is one of their
    own pieces (then nobody).
    """
    if by_power_of is not None:
        who = by_power_of.owner
    else:
        who = s.turn_player
    if who is None or who == victim.owner:
        return None
    return who


# ---------------------------------------------------------------------------------------
# a mutable working copy used inside one `apply`
# ---------------------------------------------------------------------------------------

class Work:
    """The pieces being changed by one action, plus the events it produced."""

    def __init__(self, s: GlonkState):
        self.s = s
        self.p: dict[str, Piece] = {p.id: p for p in s.pieces}
        self.events: list[Event] = []
        self.damaged = set(s.damaged)
        self.turn_over: str | None = None
        self.credits: list[tuple[int, int | None]] = []  # (victim owner, credited seat)

    def set(self, pid: str, **kw) -> Piece:
        self.p[pid] = replace(self.p[pid], **kw)
        return self.p[pid]

    def in_play(self) -> list[Piece]:
        return [p for p in self.p.values() if p.status == IN_PLAY]

    def state(self, **kw) -> GlonkState:
        s = self.s.with_pieces(self.p)
        return replace(s, damaged=frozenset(self.damaged), **kw)

    def atomise(self, pid: str, cause: str, credit: int | None, by: str | None = None):
        p = self.p[pid]
        if p.status == ATOMISED:
            return
        self.set(pid, status=ATOMISED, stack=credit, active=False)
        self.credits.append((p.owner, credit))
        self.events.append(ev("atomised", piece=pid, cause=cause, by=by, owner=p.owner,
                              credited_to=credit,
                              points=self.s.points(p) if credit is not None else 0))
        if credit is not None:
            self.events.append(ev("scored", player=credit, piece=pid, points=self.s.points(p)))

    def lose(self, pid: str):
        p = self.p[pid]
        self.set(pid, status=OUT, active=True, molten=False if p.kind == "asteroid" else p.molten)
        self.events.append(ev("lost_in_space", piece=pid, owner=p.owner))


# ---------------------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------------------

def initial_state(config) -> GlonkState:
    n = config.players
    s = GlonkState(config=config, phase="draw", seats=(None,) * n,
                   pieces=tuple(make_stellar_pieces(config.asteroids)),
                   annihilated=(False,) * n, dominator=(None,) * n)
    if config.armadas is not None:
        s = _assign_armadas(replace(s, seats=tuple(config.armadas)))
    return advance(s, [])


def _assign_armadas(s: GlonkState) -> GlonkState:
    pieces = list(s.pieces)
    for seat, armada in enumerate(s.seats):
        pieces.extend(make_armada_pieces(armada, seat, s.config.fleet))
    return replace(s, pieces=tuple(pieces), phase="first")


def seat_order(s: GlonkState, start: int) -> tuple[int, ...]:
    n = s.config.players
    return tuple((start + k) % n for k in range(n))


def armada_spaces(s: GlonkState, seat: int) -> list[str]:
    """Middle-ring spaces more than 2 parsecs from every Base already placed (fallback: the
    spaces farthest from them, when earlier placements left none)."""
    bases = [p for p in s.pieces if p.kind == "base" and p.status == IN_PLAY]
    middle = G.ring_spaces("middle")
    if not bases:
        return list(middle)
    far = {m: min(G.set_distance([m], occupied(b)) for b in bases) for m in middle}
    ok = [m for m in middle if far[m] > 2]
    if ok:
        return ok
    best = max(far.values())
    return [m for m in middle if far[m] == best and best > 0]


def layout_armada(s: GlonkState, seat: int, space: str) -> dict[str, tuple[float, float]] | None:
    """Where the Base and all saucers of `seat` go on `space`: the Base at the space's
    centroid, the saucers at the nearest free spots that still touch the space's lines."""
    sp = G.by_id[space]
    placed = list(s.in_play())
    out = {}
    ships = sorted([p for p in s.pieces if p.owner == seat and p.is_ship],
                   key=lambda p: (p.kind != "base", _num(p.id)))
    anchor = sp.centroid
    for p in ships:
        def accept(x, y, r=p.radius):
            return space in G.occupied(x, y, r) and G.inside(x, y, r)
        spot = spot_near(anchor if p.kind == "base" else (out[ships[0].id] if out else anchor),
                         p.radius, placed, accept, clearance=0.002)
        if spot is None:
            return None
        out[p.id] = spot
        placed.append(replace(p, x=spot[0], y=spot[1], status=IN_PLAY))
    return out


def _num(pid: str) -> int:
    digits = "".join(c for c in pid if c.isdigit())
    return int(digits) if digits else 0


def base_spaces(s: GlonkState) -> frozenset[str]:
    out = set()
    for p in s.in_play():
        if p.kind == "base":
            out |= occupied(p)
    return frozenset(out)


def empty_spaces(s: GlonkState, rings: Iterable[str]) -> list[str]:
    taken = set()
    for p in s.in_play():
        taken |= occupied(p)
    return [sp.id for sp in G.spaces if sp.ring in rings and sp.id not in taken]


def asteroid_lies_well(s: GlonkState, occ: frozenset[str], *, setup: bool) -> bool:
    """An asteroid occupying the spaces `occ` lies where the book puts it: at setup "outside
    the spaces of the Bases, in the Middle Ring or the Inner Ring"; in a Stellar Objects Phase
    "on any empty spaces of the Middle Ring or the Inner Ring" (every space it occupies)."""
    if not occ or any(G.by_id[sp].ring not in ("inner", "middle") for sp in occ):
        return False
    if setup:
        return not (occ & base_spaces(s))
    return occ <= frozenset(empty_spaces(s, ("inner", "middle")))


def asteroid_spot(s: GlonkState, piece: Piece, space: str, *, setup: bool
                  ) -> tuple[float, float] | None:
    """The default spot of `asteroid A SPACE`: nearest the space's centroid, 1.5 mm clear of
    every disc, lying as `asteroid_lies_well` says."""
    def accept(x, y):
        occ = G.occupied(x, y, piece.radius)
        return space in occ and asteroid_lies_well(s, occ, setup=setup) and \
            G.inside(x, y, piece.radius)
    return spot_near(G.by_id[space].centroid, piece.radius,
                     [p for p in s.in_play() if p.id != piece.id], accept, max_dist=0.12)


def asteroid_spaces(s: GlonkState, piece: Piece, *, setup: bool) -> list[str]:
    """Spaces of the Middle or Inner Ring an asteroid may be placed on now."""
    if setup:
        cands = [sp.id for sp in G.spaces if sp.ring in ("inner", "middle")
                 and sp.id not in base_spaces(s)]
    else:
        cands = empty_spaces(s, ("inner", "middle"))
    return [c for c in cands if asteroid_spot(s, piece, c, setup=setup) is not None]


def asteroid_order(s: GlonkState) -> tuple[int, ...]:
    """One asteroid each in seat order from the first player, then the rest shared by the
    players who placed their armada last (last placer first, going backwards)."""
    order = seat_order(s, s.first_player)
    n_ast = s.config.asteroids
    out = list(order[:n_ast])
    back = list(reversed(order))
    k = 0
    while len(out) < n_ast:
        out.append(back[k % len(back)])
        k += 1
    return tuple(out)


# ---------------------------------------------------------------------------------------
# the automatic flow between decisions
# ---------------------------------------------------------------------------------------

def advance(s: GlonkState, events: list[Event]) -> GlonkState:
    """Run every automatic step until a player (or chance) has a decision to make."""
    for _ in range(200):
        if s.phase == "over":
            return s
        if s.phase == "draw":
            if all(a is not None for a in s.seats):
                s = _assign_armadas(s)
                continue
            return s
        if s.phase == "first":
            if s.config.first_player is not None and s.first_player is None:
                s = replace(s, first_player=s.config.first_player)
            if s.first_player is None:
                return s
            events.append(ev("first_player", player=s.first_player))
            s = replace(s, phase="place_armada", queue=seat_order(s, s.first_player))
            continue
        if s.phase == "place_armada":
            if not s.queue:
                s = replace(s, phase="place_asteroid", queue=asteroid_order(s))
                continue
            s = replace(s, to_move=s.queue[0])
            if not any(layout_armada(s, s.queue[0], m) for m in armada_spaces(s, s.queue[0])):
                raise RuntimeError("no middle-ring space can hold this armada")
            return s
        if s.phase == "place_asteroid":
            out = [p for p in s.pieces if p.kind == "asteroid" and p.status == OUT]
            if not s.queue or not out:
                return _start_turn(replace(s, queue=()), s.first_player, events)
            if not asteroid_spaces(s, out[0], setup=True):
                events.append(ev("asteroid_unplaced", piece=out[0].id))
                s = replace(s, queue=s.queue[1:])
                continue
            return replace(s, to_move=s.queue[0])
        if s.phase in ("return_base", "return_saucer", "ray"):
            return _turn_start_step(s, events)
        if s.phase == "actions":
            return s
        if s.phase == "stellar":
            return _stellar_step(s, events)
        raise RuntimeError(f"unknown phase {s.phase}")
    raise RuntimeError("the automatic flow did not settle")


def _start_turn(s: GlonkState, seat: int, events: list[Event]) -> GlonkState:
    """Begin `seat`'s turn: annihilation check, then the Hyperspace Return."""
    s = replace(s, turn_player=seat, to_move=seat, damaged=frozenset(), pending_board=None,
                ray_by=None, phase="return_base", queue=(), end_reason="", returned=())
    events.append(ev("turn_started", player=seat, round=s.round))
    if not able_to_move(s, seat):
        w = Work(s)
        annihilate(w, seat, None)
        s = w.state()
        events.extend(w.events)
        return next_turn(s, events)
    # Reactivate every own piece in play.
    w = Work(s)
    for p in list(w.p.values()):
        if p.owner == seat and p.status == IN_PLAY and p.is_ship and not p.active:
            w.set(p.id, active=True)
    s = w.state()
    return _turn_start_step(s, events)


def own_bases_out(s: GlonkState) -> list[Piece]:
    return [p for p in s.pieces if p.kind == "base" and p.owner == s.turn_player
            and p.status == OUT]


def return_base_spaces(s: GlonkState, base: Piece) -> list[str]:
    """Empty Outer Ring spaces more than 2 parsecs from every enemy Base in play."""
    enemy_bases = [p for p in s.in_play() if p.kind == "base" and p.owner != base.owner]
    out = []
    for sp in empty_spaces(s, ("outer",)):
        if all(G.set_distance([sp], occupied(b)) > 2 for b in enemy_bases):
            if base_return_spot(s, base, sp) is not None:
                out.append(sp)
    return out


def base_return_spot(s, base, sp):
    def accept(x, y):
        return sp in G.occupied(x, y, base.radius) and G.inside(x, y, base.radius)
    return spot_near(G.by_id[sp].centroid, base.radius, s.in_play(), accept, max_dist=0.1)


def returning_saucers(s: GlonkState) -> list[Piece]:
    """The turn player's Flying Saucers Lost in Space (out of play): "the player returns them
    to play by placing them against their Base" (a Kiboom unless kiboom_not_a_saucer)."""
    return sorted([p for p in s.pieces if p.owner == s.turn_player and p.status == OUT
                   and s.is_saucer(p)], key=lambda p: _num(p.id))


def own_bases_in_play(s: GlonkState) -> list[Piece]:
    return sorted([p for p in s.in_play() if p.kind == "base" and p.owner == s.turn_player],
                  key=lambda p: p.id)


def placed_against(s: GlonkState, base: Piece) -> int:
    """How many out-of-play saucers this Hyperspace Return has placed against `base`: "up to
    6 out-of-play Flying Saucers may be placed against one Base" (saucers already resting
    against it do not count)."""
    return s.returned.count(base.id)


def base_full(s: GlonkState, base: Piece) -> bool:
    """No more lost saucers may be placed against `base` this turn (the six-saucer cap; the
    Hive and house rule no_return_cap have none)."""
    return ("hive" not in base.powers and not s.config.no_return_cap
            and placed_against(s, base) >= BASE_CAP)


def saucer_return_spot(s: GlonkState, saucer: Piece, base: Piece) -> tuple[float, float] | None:
    """The default spot touching `base` (the Hive also takes saucers against saucers that
    touch it): nearest the side facing the centre, 1.5 mm clear of every other disc."""
    inplay = [p for p in s.in_play() if p.id != saucer.id]
    against = [p for p in inplay if p.owner == base.owner and s.is_saucer(p)
               and touching(p, base)]
    hive = "hive" in base.powers
    if base_full(s, base):
        return None

    def accept(x, y):
        return G.inside(x, y, saucer.radius)
    spot = spot_against(base, saucer.radius, inplay, accept)
    if spot is None and hive:
        for holder in sorted(against, key=lambda p: p.id):
            spot = spot_against(holder, saucer.radius, inplay, accept)
            if spot is not None:
                break
    return spot


def placement_touches(w: Work, pid: str) -> None:
    """A piece placed by hand (a returning saucer, a fabricated Kiboom, a teleported saucer,
    Contagion's Larva Ship) has the effects of what it touches (a gap under 1 mm) at once, as
    a Jumper landing does: "A Base or Flying Saucer collides with, or touches, the Black Hole:
    it is Atomised", the same for a Molten Mass (which then leaves play), Lethal for an enemy
    Death Satellite and the Shield of an active enemy Sanctuary in its owner's opponent's
    turn. Eksplosif needs a collision, so a placement never sets it off."""
    molten_used: set[str] = set()
    for o in sorted(w.in_play(), key=lambda q: q.id):
        p, o = w.p[pid], w.p[o.id]
        if o.id == pid or p.status != IN_PLAY or o.status != IN_PLAY or not touching(p, o):
            continue
        for victim, cause, by in _touch_effect(w, p, o, None, at_rest=True):
            _apply_touch(w, victim, cause, by, molten_used)
    remove_spent_molten_masses(w, molten_used)


def after_return(w: Work, events_out: list[Event]) -> GlonkState:
    """After a saucer is placed in the Hyperspace Return: annihilations and victory (a Lethal
    or Shield atomisation scores). A return is not an Action, so an atomised returning saucer
    does not end the turn."""
    check_annihilations(w)
    events_out.extend(w.events)
    s = check_victory(w.state(), events_out)
    s = _check_game_over(s, events_out)
    if s.phase != "over" and s.annihilated[s.turn_player]:
        return next_turn(replace(s, queue=()), events_out)
    return s


def _turn_start_step(s: GlonkState, events: list[Event]) -> GlonkState:
    """Hyperspace Return (bases, then saucers), then the Anaesthetic Ray window."""
    if s.phase == "return_base":
        bases = own_bases_out(s)
        if bases and return_base_spaces(s, bases[0]):
            return replace(s, to_move=s.turn_player)
        s = replace(s, phase="return_saucer")
    if s.phase == "return_saucer":
        # The player places each lost saucer against a Base (`return V3 to V0 [at=DEG]`),
        # while one can still go somewhere.
        if any(saucer_return_spot(s, sc, b) for sc in returning_saucers(s)
               for b in own_bases_in_play(s)):
            return replace(s, to_move=s.turn_player)
        s = replace(s, phase="ray", queue=ray_queue(s))
    if s.phase == "ray":
        while s.queue:
            if ray_options(s, s.queue[0]):
                return replace(s, to_move=s.queue[0])
            s = replace(s, queue=s.queue[1:])
        # Note 1: only anaesthetised saucers (or an inert Base) left at the start of the turn.
        seat = s.turn_player
        if not any(p.status == IN_PLAY and p.owner == seat and p.mobile and p.active
                   for p in s.pieces):
            w = Work(s)
            annihilate(w, seat, s.ray_by)
            s = w.state()
            events.extend(w.events)
            return next_turn(s, events)
        s = replace(s, phase="actions", to_move=seat, queue=())
        return _check_turn_continues(s, events)
    return s


def ray_queue(s: GlonkState) -> tuple[int, ...]:
    return tuple(q for q in seat_order(s, s.turn_player)[1:] if not s.annihilated[q])


def ray_options(s: GlonkState, seat: int) -> list[tuple[str, str]]:
    """(corvette, target) pairs `seat` may fire: an active corvette and an active enemy Base
    or saucer of the turn player at most 1 parsec from it."""
    out = []
    corvettes = [p for p in s.in_play() if p.owner == seat and p.active
                 and "anaesthetic_ray" in p.powers]
    targets = [p for p in s.in_play() if p.owner == s.turn_player and p.active
               and s.base_or_saucer(p)]
    for c in corvettes:
        for t in targets:
            d = parsecs(c, t)
            if d is not None and d <= 1:
                out.append((c.id, t.id))
    return out


# ---------------------------------------------------------------------------------------
# end of turn, stellar objects phase, next turn, game end
# ---------------------------------------------------------------------------------------

def end_turn(s: GlonkState, reason: str, events: list[Event], *, timeout: bool = False
              ) -> GlonkState:
    events.append(ev("turn_ended", player=s.turn_player, reason=reason))
    seat = s.turn_player
    w = Work(s)
    # "When the player has finished their Actions, they reactivate all of their passive pieces."
    for p in list(w.p.values()):
        if p.owner == seat and p.status == IN_PLAY and p.is_ship and not p.active:
            w.set(p.id, active=True)
    s = replace(w.state(), phase="stellar", pending_board=None, end_reason=reason,
                queue=(1,) if timeout else ())
    return _stellar_step(s, events, recover=True)


def _stellar_step(s: GlonkState, events: list[Event], recover: bool = False) -> GlonkState:
    timeout = bool(s.queue)
    if recover:
        w = Work(s)
        for p in list(w.p.values()):
            if p.status != IN_PLAY:
                continue
            if p.kind == "black_hole" and G.entirely_outside(p.x, p.y, p.radius,
                                                               G.ring_radii["inner"][1]):
                w.set(p.id, status=OUT)
                w.events.append(ev("recovered", piece=p.id))
            # On a Chrono timeout only the Black Hole is put back, "but not the Asteroids":
            # they stay where they are for the next player's Stellar Objects Phase.
            if not timeout and p.kind == "asteroid" and G.entirely_outside(
                    p.x, p.y, p.radius, G.ring_radii["middle"][1]):
                w.set(p.id, status=OUT, molten=False)
                w.events.append(ev("recovered", piece=p.id))
        bh = [p for p in w.p.values() if p.kind == "black_hole" and p.status == OUT]
        s = w.state()
        if bh:
            spot = black_hole_spot(s, bh[0])
            if spot is not None:
                w.set(bh[0].id, status=IN_PLAY, x=spot[0], y=spot[1], yaw=0.0)
                w.events.append(ev("placed", piece=bh[0].id, x=spot[0], y=spot[1]))
        for p in list(w.p.values()):
            if p.kind == "asteroid" and p.status == OUT and p.molten:
                w.set(p.id, molten=False)
        events.extend(w.events)
        s = w.state()
    if s.phase == "over":
        return s
    if not timeout and not s.annihilated[s.turn_player]:
        out = [p for p in s.pieces if p.kind == "asteroid" and p.status == OUT]
        if out and asteroid_spaces(s, out[0], setup=False):
            return replace(s, to_move=s.turn_player)
    return next_turn(replace(s, queue=()), events)


def black_hole_spot(s: GlonkState, bh: Piece) -> tuple[float, float] | None:
    """At the centre; if a piece is in the way, on the empty space closest to the centre,
    touching no piece."""
    others = [p for p in s.in_play() if p.id != bh.id]
    if all(math.hypot(p.x, p.y) - p.radius - bh.radius >= TOUCH for p in others):
        return (0.0, 0.0)
    spaces = sorted(empty_spaces(s, G.rings), key=lambda sp: (G.distance("C", sp), _num(sp)))
    for sp in spaces:
        def accept(x, y, sp=sp):
            return sp in G.occupied(x, y, bh.radius) and G.inside(x, y, bh.radius)
        spot = spot_near(G.by_id[sp].centroid, bh.radius, others, accept, max_dist=0.1)
        if spot is not None:
            return spot
    return None


def next_turn(s: GlonkState, events: list[Event]) -> GlonkState:
    s = _check_game_over(s, events)
    if s.phase == "over":
        return s
    n = s.config.players
    cur = s.turn_player
    for k in range(1, n + 1):
        nxt = (cur + k) % n
        if not s.annihilated[nxt]:
            break
    pos = lambda seat: (seat - s.first_player) % n  # noqa: E731
    rnd = s.round + (1 if pos(nxt) <= pos(cur) else 0)
    s = replace(s, round=rnd, turns=s.turns + 1)
    if s.config.max_rounds is not None and rnd > s.config.max_rounds:
        return _finish_by_score(s, events, "round limit")
    return _start_turn(s, nxt, events)


def _finish_by_score(s: GlonkState, events, reason: str) -> GlonkState:
    sc = s.scores()
    alive = alive_seats(s) or list(range(s.config.players))
    best = max(sc[i] for i in alive)
    winners = tuple(i for i in alive if sc[i] == best)
    events.append(ev("game_over", winners=list(winners), reason=reason, scores=list(sc)))
    return replace(s, phase="over", winners=winners, end_reason=reason)


def _check_game_over(s: GlonkState, events) -> GlonkState:
    if s.phase == "over":
        return s
    alive = alive_seats(s)
    if len(alive) <= 1:
        winners = tuple(alive)
        events.append(ev("game_over", winners=list(winners), reason="last armada standing",
                         scores=list(s.scores())))
        return replace(s, phase="over", winners=winners, end_reason="last armada standing")
    return s


def check_victory(s: GlonkState, events: list[Event]) -> GlonkState:
    """7 points wins; when 2 or more reach 7 in the same action, the first to 8 wins."""
    if s.phase == "over":
        return s
    sc = s.scores()
    alive = alive_seats(s)
    cfg = s.config
    if not s.tiebreak:
        reached = [p for p in alive if sc[p] >= cfg.victory]
        if len(reached) == 1:
            return _win(s, reached, events, f"reached {cfg.victory} points")
        if len(reached) >= 2:
            events.append(ev("tiebreak", players=reached, scores=list(sc)))
            s = replace(s, tiebreak=True)
    if s.tiebreak:
        reached = [p for p in alive if sc[p] >= cfg.tiebreak]
        if reached:
            best = max(sc[p] for p in reached)
            top = [p for p in reached if sc[p] == best]
            return _win(s, top, events, f"reached {cfg.tiebreak} points first")
    return s


def _win(s, winners, events, reason):
    events.append(ev("game_over", winners=list(winners), reason=reason,
                     scores=list(s.scores())))
    return replace(s, phase="over", winners=tuple(winners), end_reason=reason)


def annihilate(w: Work, seat: int, dominator: int | None):
    """Remove `seat`'s armada. A Dominator takes its out-of-play Base and saucers."""
    s = w.s
    if dominator == seat:
        dominator = None
    for p in list(w.p.values()):
        if p.owner != seat or not p.is_ship:
            continue
        if p.status == IN_PLAY:
            w.set(p.id, status=REMOVED)
        elif p.status == OUT:
            if dominator is not None and s.base_or_saucer(p):
                w.set(p.id, owner=dominator, active=True)
                w.events.append(ev("captured", piece=p.id, by=dominator))
            else:
                w.set(p.id, status=REMOVED)
    ann = list(w.s.annihilated)
    ann[seat] = True
    dom = list(w.s.dominator)
    dom[seat] = dominator
    w.s = replace(s, annihilated=tuple(ann), dominator=tuple(dom))
    w.events.append(ev("annihilated", player=seat, dominator=dominator))


def check_annihilations(w: Work):
    """Any player with no piece able to move on the Galaxy is annihilated, now."""
    for seat in range(w.s.config.players):
        if w.s.annihilated[seat]:
            continue
        if not able_to_move(w.s, seat, w.p.values()):
            credited = [c for owner, c in w.credits if owner == seat and c is not None]
            if credited:
                dom = credited[-1]
            elif w.s.turn_player != seat:
                dom = w.s.turn_player
            else:
                dom = None
            annihilate(w, seat, dom)


def finish_action(w: Work, events_out: list[Event], ended: str | None) -> GlonkState:
    """After an action: annihilations, victory, the end-of-turn conditions."""
    seat = w.s.turn_player
    # "One of their pieces has just been atomised / is lost in space."
    for e in w.events:
        if ended:
            break
        if e.kind == "atomised" and e.data.get("owner") == seat:
            ended = "a piece was atomised"
        elif e.kind == "lost_in_space" and e.data.get("owner") == seat:
            ended = "a piece was lost in space"
    check_annihilations(w)
    events_out.extend(w.events)
    s = w.state()
    s = check_victory(s, events_out)
    s = _check_game_over(s, events_out)
    if s.phase == "over":
        return s
    if s.annihilated[seat]:
        return end_turn(replace(s, queue=()), "annihilated", events_out)
    if ended:
        return end_turn(s, ended, events_out)
    return _check_turn_continues(s, events_out)


def _check_turn_continues(s: GlonkState, events: list[Event]) -> GlonkState:
    if s.phase != "actions":
        return s
    if not any_options(s):
        return end_turn(s, "all pieces deactivated", events)
    return s


# ---------------------------------------------------------------------------------------
# options in the actions phase
# ---------------------------------------------------------------------------------------

def can_board(s: GlonkState, p: Piece) -> bool:
    if p.kind == "kiboom" or p.status != IN_PLAY or p.owner != s.turn_player:
        return False
    if not (activatable(s, p) or s.pending_board == p.id):
        return False
    return any(enemies(p, o) and o.status == IN_PLAY and touching(p, o) for o in s.pieces)


def telekinesis_targets(s: GlonkState, master: Piece) -> list[Piece]:
    return [o for o in s.in_play() if s.is_saucer(o) and o.owner != master.owner
            and (lambda d: d is not None and d <= 1)(parsecs(master, o))]


def fission_targets(s: GlonkState, base: Piece) -> list[Piece]:
    return [o for o in s.in_play() if o.kind == "asteroid" and not o.molten
            and (lambda d: d is not None and d <= 1)(parsecs(base, o))]


def power_flick_targets(s: GlonkState, by: Piece, power: str) -> list[Piece]:
    """What `by` may propel with a flick power: "telekinesis" (a Master: enemy saucers) or
    "fission" (a Great Saucer: Asteroids), each at most 1 parsec from it."""
    if power == "telekinesis":
        return telekinesis_targets(s, by) if "telekinesis" in by.powers else []
    if power == "fission":
        return fission_targets(s, by) if "meteoric_fission" in by.powers else []
    return []


def atomised_pool(s: GlonkState, armada: str, type_: str) -> list[Piece]:
    """Atomised pieces of one type, box first, then stacks (lowest id first)."""
    pool = [p for p in s.pieces if p.status == ATOMISED and p.armada == armada
            and p.type == type_]
    return sorted(pool, key=lambda p: (p.stack is not None, _num(p.id)))


def fabricate_ok(s: GlonkState, base: Piece) -> Piece | None:
    if not (activatable(s, base) and "fabriker" in base.powers):
        return None
    pool = atomised_pool(s, base.armada, "kiboom")
    if not pool:
        return None
    if spot_against(base, pool[0].radius, s.in_play(),
                    lambda x, y: G.inside(x, y, pool[0].radius)) is None:
        return None
    return pool[0]


def teleport_candidates(s: GlonkState, base: Piece) -> list[Piece]:
    if not (activatable(s, base) and "teleportation" in base.powers):
        return []
    out = []
    for o in s.in_play():
        if o.owner == base.owner and s.is_saucer(o):
            others = [q for q in s.in_play() if q.id != o.id]
            if spot_against(base, o.radius, others,
                            lambda x, y, r=o.radius: G.inside(x, y, r)) is not None:
                out.append(o)
    return out


def any_options(s: GlonkState) -> bool:
    """Some piece of the turn player can still act (flick, special, boarding)."""
    for p in s.in_play():
        if p.owner != s.turn_player:
            continue
        if can_board(s, p):
            return True
        if not activatable(s, p):
            continue
        if p.speed > 0:
            return True
        pw = p.powers
        if "jump" in pw or ("telekinesis" in pw and telekinesis_targets(s, p)):
            return True
        if "fabriker" in pw and fabricate_ok(s, p):
            return True
        if "meteoric_fission" in pw and fission_targets(s, p):
            return True
        if "teleportation" in pw and teleport_candidates(s, p):
            return True
    return False


def assault_targets(s: GlonkState, p: Piece) -> list[Piece]:
    """Enemy Bases and saucers occupying a space within the piece's range."""
    allowed = allowed_spaces(p)
    return [o for o in s.in_play() if s.base_or_saucer(o) and o.owner != p.owner
            and occupied(o) & allowed]


def aim_at(p: Piece, t: Piece) -> tuple[float, float]:
    d = max(0.0, math.hypot(t.x - p.x, t.y - p.y) - p.radius - t.radius)
    v = min(MAX_SPEED, math.sqrt(2 * MU_G * (d + 0.03)))
    return math.degrees(math.atan2(t.y - p.y, t.x - p.x)), v


def representative_flicks(p: Piece, power=None, by=None) -> list[Flick]:
    return [Flick.make(p.id, a, v, 0.0, power=power, by=by) for a in ANGLES for v in SPEEDS]


# ---------------------------------------------------------------------------------------
# physics: building the world and the touch rules that make a piece vanish
# ---------------------------------------------------------------------------------------

_DISCS_LAST: list = [None, None]  # [state, discs]: the last position asked (by reference)


def discs_of(s: GlonkState):
    """The physics discs of the pieces in play (a new list; the discs themselves are frozen
    and shared by the many flicks of one position)."""
    import physics

    key, found = _DISCS_LAST
    if key is not s:
        found = tuple(physics.Disc(p.id, p.radius, p.thickness, p.mass, p.x, p.y, p.yaw,
                                   z=p.z) for p in s.in_play())
        _DISCS_LAST[:] = [s, found]
    return list(found)


_VANISH_LAST: list = [None, None]  # [(state, piece, power, assault), map]: the last one asked


def vanish_map(s: GlonkState, flick: Flick) -> dict[str, frozenset[str]]:
    """Which pieces leave the simulation at the moment they touch which others:
    ships touching the Black Hole or a Molten Mass; enemies touching a Death Satellite
    (Lethal), an active Sanctuary in its owner's opponents' turn (Shield); an active Kiboom and
    the enemy saucer colliding with it in its owner's opponents' turn (Eksplosif).

    It depends on the position and on which piece is flicked how (not on the angle or
    speed), so the many flicks of one intent from one position share it: the last answer is
    kept (the position held by reference, never by a reused id)."""
    key, found = _VANISH_LAST
    if key is not None and key[0] is s and key[1:] == (flick.piece, flick.power,
                                                        flick.assault):
        return found
    out = _vanish_map(s, flick)
    _VANISH_LAST[:] = [(s, flick.piece, flick.power, flick.assault), out]
    return out


def _vanish_map(s: GlonkState, flick: Flick) -> dict[str, frozenset[str]]:
    turn = s.turn_player
    inplay = s.in_play()
    killers = [p.id for p in inplay if p.kind == "black_hole"
               or (p.kind == "asteroid" and p.molten)]
    ships = [p for p in inplay if p.is_ship]
    powers = {p.id: p.powers for p in ships}  # looked up once, not once per pair
    out = {}
    assaulter = flick.piece if (flick.power is None and flick.assault) else None
    for sh in ships:
        struck = s.base_or_saucer(sh)  # "A Base or Flying Saucer ... touches the Black Hole"
        v = set(killers) if struck else set()
        mine = powers[sh.id]
        for o in ships:
            if o.owner == sh.owner:
                continue
            theirs = powers[o.id]
            if ("eksplosif" in mine and sh.active and turn != sh.owner
                    and s.is_saucer(o)):
                v.add(o.id)  # "The Kiboom is atomised at the same time"
            if not struck:
                continue
            if "lethal" in theirs:
                exempt = (sh.id == assaulter and flick.assault == o.id
                          and "torpedoes" in mine)
                if not exempt:
                    v.add(o.id)
            if "shield" in theirs and o.active and turn != o.owner:
                v.add(o.id)
            if ("eksplosif" in theirs and o.active and turn != o.owner
                    and s.is_saucer(sh)):
                v.add(o.id)
        if v:
            out[sh.id] = frozenset(v)
    return out


def physics_refusal(s: GlonkState) -> str | None:
    """Why no flick can be simulated from `s` (its physics version is none this program
    has: a record made by another Flickbook), in one line; None when one can."""
    from physics.config import VERSIONS

    if s.config.physics in VERSIONS:
        return None
    return physics_unavailable(str(s.config.physics), [str(v) for v in VERSIONS])


def simulate_flick(s: GlonkState, flick: Flick, on_frames=None):
    """Run physics for `flick`. When a Sanctuary's Shield would fire twice (it is spent after
    the first touch), simulate again without the later touches (the runs agree up to then).

    `on_frames` gets the first run's first frames as they are simulated (physics.simulate):
    they end before anything vanishes, so they are the start of whichever run is kept."""
    import physics
    refused = physics_refusal(s)
    if refused is not None:
        raise IllegalAction(refused)
    discs = discs_of(s)
    vmap = vanish_map(s, flick)
    pf = physics.Flick(flick.piece, flick.angle_rad, flick.speed, flick.spin)
    for _ in range(8):
        motion = physics.simulate(discs, pf, vanish_on_touch=vmap, table_radius=1.5,
                                  on_frames=on_frames, version=s.config.physics)
        on_frames = None
        causes = vanish_causes(s, motion, vmap)
        fired: dict[str, str] = {}
        bad = None
        for pid, (cause_id, t) in sorted(causes.items(), key=lambda kv: kv[1][1]):
            c = s.piece(cause_id)
            if "shield" in c.powers and c.is_ship:
                if cause_id in fired:
                    bad = cause_id
                    break
                fired[cause_id] = pid
        if bad is None:
            return motion
        first = fired[bad]
        vmap = {k: (v - {bad} if k != first else v) for k, v in vmap.items()}
    return motion


def vanish_causes(s: GlonkState, motion, vmap) -> dict[str, tuple[str, float]]:
    """For each piece that vanished on a touch: (the piece it touched, time)."""
    priority = {"black_hole": 0, "asteroid": 1, "base": 2, "saucer": 3, "kiboom": 3}
    out = {}
    for pid, t in motion.vanished:
        partners = vmap.get(pid, frozenset())
        cands = [c for c in motion.contacts if c.involves(pid) and c.other(pid) in partners
                 and c.t <= t + 1e-9]
        if not cands:
            continue
        tmin = min(c.t for c in cands)
        at = [c.other(pid) for c in cands if abs(c.t - tmin) < 1e-9]
        at.sort(key=lambda o: (priority.get(s.piece(o).kind, 9), o))
        out[pid] = (at[0], t)
    return out


# ---------------------------------------------------------------------------------------
# judging a flick
# ---------------------------------------------------------------------------------------

def _touch_effect(w: Work, a: Piece, b: Piece, flick: Flick | None, at_rest: bool
                  ) -> list[tuple[str, str, str]]:
    """Effects of `a` touching `b` on the touched pieces: (victim, cause, cause_piece)."""
    s = w.s
    out = []
    for x, y in ((a, b), (b, a)):
        if not x.is_ship:
            continue
        struck = s.base_or_saucer(x)  # the rules that strike "a Base or Flying Saucer"
        if struck and y.kind == "black_hole":
            out.append((x.id, "black_hole", y.id))
        elif struck and y.kind == "asteroid" and y.molten:
            out.append((x.id, "molten_mass", y.id))
        elif enemies(x, y):
            if struck and "lethal" in y.powers:
                exempt = (flick is not None and flick.power is None and flick.assault == y.id
                          and x.id == flick.piece and "torpedoes" in x.powers)
                if not exempt:
                    out.append((x.id, "lethal", y.id))
            elif struck and "shield" in y.powers and y.active and s.turn_player != y.owner:
                out.append((x.id, "shield", y.id))
            elif (not at_rest and "eksplosif" in y.powers and y.active
                  and s.turn_player != y.owner and s.is_saucer(x)):
                out.append((x.id, "eksplosif", y.id))
            elif (not at_rest and "eksplosif" in x.powers and x.active
                  and s.turn_player != x.owner and s.is_saucer(y)):
                out.append((x.id, "eksplosif", y.id))
    return out


def _apply_touch(w: Work, victim: str, cause: str, by: str, molten_used: set[str]):
    v = w.p[victim]
    if v.status != IN_PLAY and v.status != OUT:
        return
    b = w.p[by]
    if cause in ("lethal", "shield"):
        credit = credit_for(w.s, v, by_power_of=b)
    elif cause == "eksplosif":
        credit = credit_for(w.s, v, by_power_of=b) if "eksplosif" in b.powers else \
            credit_for(w.s, v)
    else:
        credit = credit_for(w.s, v)
    w.atomise(victim, cause, credit, by=by)
    if cause == "shield":
        w.set(by, active=False)
        w.events.append(ev("shield", piece=by, against=victim))
    if cause == "eksplosif":
        w.events.append(ev("eksplosif", piece=by, victim=victim))
    if cause == "molten_mass":
        molten_used.add(by)


_TOUCHING_LAST: list = [None, None]  # [state, its touching pairs]: the last one asked


def _touching_before(s: GlonkState, before) -> set[tuple[str, str]]:
    """`touching_pairs` of the pieces in play in `s` (kept for the position last asked, held
    by reference: the many flicks of one position share it)."""
    key, found = _TOUCHING_LAST
    if key is not s:
        found = frozenset(touching_pairs(before.values()))
        _TOUCHING_LAST[:] = [s, found]
    return set(found)


def judge_flick(s: GlonkState, flick: Flick, motion, events_out: list[Event]) -> GlonkState:
    """Turn a Motion into rule outcomes (see the module docstring)."""
    w = Work(s)
    before = {p.id: p for p in s.in_play()}
    pairs_before = _touching_before(s, before)
    flicked = before[flick.piece]
    allowed = allowed_spaces(flicked) if flicked.is_ship else frozenset()
    start_spaces = occupied(flicked)
    w.events.append(ev("flick", piece=flick.piece, angle=flick.angle, speed=flick.speed,
                       spin=flick.spin, assault=flick.assault, power=flick.power, by=flick.by,
                       start_spaces=sorted_spaces(start_spaces),
                       allowed_spaces=sorted_spaces(allowed)))
    for c in motion.contacts:
        w.events.append(ev("contact", t=round(float(c.t), 4), a=c.a, b=c.b))
    vmap = vanish_map(s, flick)
    causes = vanish_causes(s, motion, vmap)
    molten_used: set[str] = set()
    became_molten: set[str] = set()
    bh_ids = {p for p in before if before[p].kind == "black_hole"}
    for c in motion.contacts:
        for x, y in ((c.a, c.b), (c.b, c.a)):
            px = before.get(x)
            if px is not None and px.kind == "asteroid" and not px.molten and y in bh_ids:
                became_molten.add(x)
    # Touches in motion that made pieces vanish, in time order.
    for pid, (by, t) in sorted(causes.items(), key=lambda kv: (kv[1][1], kv[0])):
        effects = _touch_effect(w, before[pid], before[by], flick, at_rest=False)
        match = [e for e in effects if e[0] == pid]
        cause = match[0][1] if match else "touch"
        _apply_touch(w, pid, cause, by, molten_used)
    vanished_ids = {pid for pid, _ in motion.vanished}
    left = {pid for pid, _ in getattr(motion, "left_table", ())}
    for pid in sorted((vanished_ids - set(causes)) | left):
        if w.p[pid].status == IN_PLAY:
            w.lose(pid)
    # Resting poses, damage, lost in space.
    final = {d.id: d for d in motion.final}
    for pid, d in final.items():
        p = w.p.get(pid)
        if p is None or p.status != IN_PLAY:
            continue
        flipped = bool(d.upside_down) != False  # noqa: E712  (discs start face up)
        x, y, yaw, z = float(d.x), float(d.y), float(d.yaw), float(getattr(d, "z", 0.0))
        if (p.x, p.y, p.yaw, p.z) != (x, y, yaw, z):  # most discs of a full Galaxy never moved
            w.set(pid, x=x, y=y, yaw=yaw, z=z)
        if flipped and p.is_ship:
            w.set(pid, active=not p.active)
            # "A Base or Flying Saucer that is turned over ... cannot be activated again"
            if w.s.base_or_saucer(p):
                w.damaged.add(pid)
                w.events.append(ev("damaged", piece=pid, face="active" if not p.active
                                   else "passive"))
    _unstack(w, final)
    for pid in sorted(final):
        p = w.p[pid]
        if p.status == IN_PLAY and G.lost_in_space(p.x, p.y, p.radius):
            w.lose(pid)
    # Touches at rest (a gap under 1 mm) that did not happen during the motion.
    touched_in_motion = {tuple(sorted((c.a, c.b))) for c in motion.contacts}
    _rest_touches(w, flick, pairs_before | touched_in_motion, molten_used)
    # Asteroids that touched the Black Hole turn into Molten Masses once at rest.
    if flick.power == "fission" and w.p[flick.piece].status == IN_PLAY:
        became_molten.add(flick.piece)
    for pid in sorted(became_molten):
        if w.p[pid].status == IN_PLAY and not w.p[pid].molten:
            w.set(pid, molten=True)
            w.events.append(ev("molten", piece=pid))
            for o in w.in_play():
                if w.s.base_or_saucer(o) and touching(o, w.p[pid]):
                    _apply_touch(w, o.id, "molten_mass", pid, molten_used)
    remove_spent_molten_masses(w, molten_used)
    return _conclude_flick(w, s, flick, motion, allowed, events_out)


def remove_spent_molten_masses(w: Work, molten_used: set[str]) -> None:
    """A Molten Mass that atomised a ship leaves play once everything is at rest."""
    for pid in sorted(molten_used):
        if w.p[pid].status == IN_PLAY:
            w.set(pid, status=OUT, molten=False)
            w.events.append(ev("molten_removed", piece=pid))


def _unstack(w: Work, final: Mapping[str, Any]):
    """A disc that came to rest on top of another is slid off to the nearest free spot."""
    for pid, d in sorted(final.items()):
        p = w.p[pid]
        if p.status != IN_PLAY or float(getattr(d, "z", 0.0)) < 0.001:
            continue
        others = [o for o in w.in_play() if o.id != pid]
        spot = spot_near((p.x, p.y), p.radius, others, lambda x, y: True, clearance=CLEAR)
        if spot is not None:
            w.set(pid, x=spot[0], y=spot[1], z=0.0)
            w.events.append(ev("slid_off", piece=pid, x=spot[0], y=spot[1]))


def _rest_touches(w: Work, flick: Flick | None, known: set, molten_used: set[str]):
    # Only pairs touching as the scan starts can touch in it: an effect removes pieces from
    # play (or turns them over), it never moves one.
    candidates = touching_pairs(w.in_play())
    pieces = sorted(w.in_play(), key=lambda p: p.id)
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            key = (a.id, b.id)
            if key in known or key not in candidates:
                continue
            a2, b2 = w.p[a.id], w.p[b.id]
            if a2.status != IN_PLAY or b2.status != IN_PLAY or not touching(a2, b2):
                continue
            for victim, cause, by in _touch_effect(w, a2, b2, flick, at_rest=True):
                _apply_touch(w, victim, cause, by, molten_used)
            if {a2.kind, b2.kind} == {"asteroid", "black_hole"}:
                ast = a2 if a2.kind == "asteroid" else b2
                if not ast.molten:
                    w.set(ast.id, molten=True)
                    w.events.append(ev("molten", piece=ast.id))


def first_touched(w: Work, motion, pid: str, preferred: str | None = None) -> str | None:
    """The first piece `pid` touched: its first contact in motion, else (no contact in motion)
    a piece it rests touching (a gap under 1 mm), `preferred` first when it is one of them."""
    fc = motion.first_contact
    if fc is not None and fc.involves(pid):
        return fc.other(pid)
    p = w.p[pid]
    if p.status != IN_PLAY:
        return None
    resting = sorted(o.id for o in w.in_play() if o.id != pid and touching(p, o))
    if preferred in resting:
        return preferred
    return resting[0] if resting else None


def _conclude_flick(w: Work, s: GlonkState, flick: Flick, motion, allowed,
                    events_out: list[Event]) -> GlonkState:
    seat = s.turn_player
    ended = None
    active = w.p[flick.piece]
    propulsion = None
    end_spaces = frozenset()
    if flick.power != "fission":
        if active.status == IN_PLAY:
            end_spaces = occupied(active)
            propulsion = "standard" if is_standard(s, end_spaces, allowed) else "hyper"
            w.events.append(ev(f"{propulsion}_propulsion", piece=flick.piece,
                               end_spaces=sorted_spaces(end_spaces)))
            if propulsion == "hyper":
                ended = "hyper-propulsion"
        elif active.status == OUT:
            propulsion = "hyper"
            w.events.append(ev("hyper_propulsion", piece=flick.piece, end_spaces=[]))
            # the end of turn is reported as "lost in space" (finish_action)
    if flick.power == "telekinesis":
        # The propelled enemy saucer counts as a Sinistrum piece for the end of the turn.
        if active.status == ATOMISED:
            ended = ended or "a piece was atomised"
        elif active.status == OUT:
            ended = ended or "a piece was lost in space"
    # Heroic assault.
    if flick.assault:
        ended = "heroic assault"
        target = w.p[flick.assault]
        first_other = first_touched(w, motion, flick.piece, flick.assault)
        shielded = any(e.kind == "shield" and e.data.get("against") == flick.piece
                       for e in w.events)
        # House rule lethal_stops_assault: Lethal strikes first, like the Shield.
        struck = s.config.lethal_stops_assault and any(
            e.kind == "atomised" and e.data.get("piece") == flick.piece
            and e.data.get("cause") == "lethal" for e in w.events)
        success = (first_other == flick.assault and propulsion != "hyper" and not shielded
                   and not struck)
        w.events.append(ev("heroic_assault", piece=flick.piece, target=flick.assault,
                           success=success, first_touched=first_other))
        if success and target.status in (IN_PLAY, OUT):
            w.atomise(target.id, "heroic_assault", credit_for(s, target), by=flick.piece)
        pw = active.powers
        protected = ("destruktor" in pw or "destructor" in pw
                     or ("torpedoes" in pw and target.kind == "base"))
        if not protected and w.p[flick.piece].status in (IN_PLAY, OUT):
            w.atomise(flick.piece, "heroic_assault", None, by=flick.piece)
    # Deactivation of the piece that acted.
    actor = flick.by if flick.power else flick.piece
    if w.p[actor].status == IN_PLAY:
        if flick.power is None and actor in w.damaged:
            pass  # turned over by the impact: its face is what the flip left
        else:
            w.set(actor, active=False)
    if flick.power is None and propulsion == "standard" and not flick.assault:
        p = w.p[flick.piece]
        if p.status == IN_PLAY and p.kind != "kiboom" and any(
                enemies(p, o) and o.status == IN_PLAY and touching(p, o) for o in w.p.values()):
            w.s = replace(w.s, pending_board=flick.piece)
            w.events.append(ev("may_board", piece=flick.piece))
    return finish_action(w, events_out, ended)


# ---------------------------------------------------------------------------------------
# discrete actions
# ---------------------------------------------------------------------------------------

def do_board(s: GlonkState, pid: str, contagion: bool, events_out: list[Event],
             larvae: tuple[str, ...] = ()) -> GlonkState:
    """Board with `pid`: every touching enemy is atomised. With Contagion each victim is
    replaced by an atomised Larva Ship (`larvae`: the ones the player chose, in victim id
    order; the rest come from the pool)."""
    w = Work(s)
    w.s = replace(s, pending_board=None)
    boarder = w.p[pid]
    victims = boarding_victims(s, boarder)
    w.set(pid, active=False)
    shields = [o for o in victims if "shield" in o.powers and o.active
               and s.turn_player != o.owner]
    lethal = [o for o in victims if "lethal" in o.powers]
    if shields or lethal:
        by = (shields or lethal)[0]
        cause = "shield" if shields else "lethal"
        _apply_touch(w, pid, cause, by.id, set())
        w.events.append(ev("boarding_failed", piece=pid, because=cause, by=by.id))
        return finish_action(w, events_out, None)
    w.events.append(ev("boarded", piece=pid, victims=[v.id for v in victims],
                       contagion=contagion))
    for v in victims:
        w.atomise(v.id, "boarding", credit_for(s, v), by=pid)
    if contagion:
        pool = contagion_order(w.state(), boarder, larvae)
        for v in victims:
            if not pool:
                break
            larva = pool.pop(0)
            spot = replacement_spot(w, larva, v)
            if spot is None:
                w.events.append(ev("contagion_no_room", piece=larva.id, replaces=v.id))
                continue
            if larva.stack is not None:
                w.events.append(ev("unscored", player=larva.stack, piece=larva.id,
                                   points=s.points(larva)))
            w.set(larva.id, status=IN_PLAY, x=spot[0], y=spot[1], yaw=v.yaw, active=False,
                  stack=None, owner=boarder.owner)
            w.events.append(ev("contagion", piece=larva.id, replaces=v.id))
            placement_touches(w, larva.id)
    return finish_action(w, events_out, None)


def contagion_order(s: GlonkState, boarder: Piece, chosen: tuple[str, ...] = ()) -> list[Piece]:
    """The atomised Larva Ships that replace the victims, in order: those the player named,
    then the rest of the pool (box first, then stacks, lowest id first)."""
    pool = atomised_pool(s, boarder.armada, boarder.type)
    named = [p for pid in chosen for p in pool if p.id == pid]
    return named + [p for p in pool if p.id not in chosen]


def replacement_spot(w: Work, piece: Piece, victim: Piece) -> tuple[float, float] | None:
    """Where a piece replacing `victim` goes: the free spot nearest the victim's centre that
    overlaps no disc (a bigger piece than the victim is moved out just enough), entirely on
    the Galaxy."""
    others = [o for o in w.in_play() if o.id not in (piece.id, victim.id)]
    return spot_near((victim.x, victim.y), piece.radius, others,
                     lambda x, y: G.inside(x, y, piece.radius), clearance=NO_OVERLAP,
                     step=0.0005, max_dist=0.08)


def boarding_victims(s: GlonkState, boarder: Piece) -> list[Piece]:
    """Every enemy piece the boarder touches, in id order (the book's "the enemy pieces")."""
    return sorted([o for o in s.in_play() if enemies(boarder, o) and touching(boarder, o)],
                  key=lambda o: o.id)


def do_jump(s: GlonkState, pid: str, x: float, y: float, events_out) -> GlonkState:
    w = Work(s)
    w.s = replace(s, pending_board=None)
    before = {p.id: p for p in s.in_play()}
    pairs_before = touching_pairs(before.values())
    w.set(pid, x=x, y=y, active=False)
    w.events.append(ev("jumped", piece=pid, x=x, y=y))
    molten_used: set[str] = set()
    _rest_touches(w, None, pairs_before, molten_used)
    remove_spent_molten_masses(w, molten_used)
    return finish_action(w, events_out, None)


def do_place_against(s: GlonkState, pid: str, base: Piece, spot: tuple[float, float],
                     events_out, *, kind: str, active: bool) -> GlonkState:
    """Fabriker and Teleportation: `pid` is put at `spot` against `base`, which deactivates."""
    w = Work(s)
    w.s = replace(s, pending_board=None)
    p = s.piece(pid)
    if p.status == ATOMISED and p.stack is not None:
        w.events.append(ev("unscored", player=p.stack, piece=pid, points=s.points(p)))
    w.set(pid, status=IN_PLAY, x=spot[0], y=spot[1], active=active, stack=None,
          owner=base.owner)
    w.set(base.id, active=False)
    w.events.append(ev(kind, piece=pid, base=base.id, x=spot[0], y=spot[1]))
    placement_touches(w, pid)
    return finish_action(w, events_out, None)
