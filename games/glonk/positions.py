"""Hand-made Glonk positions for tests, scenarios and puzzles.

`position(armadas, at={...})` gives an actions-phase state where only the listed pieces are on
the Galaxy (others of those armadas are out of the game unless listed in `out` or `atomised`),
so a test reads like the rule it checks.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from .model import (ATOMISED, IN_PLAY, OUT, REMOVED, Config, GlonkState, make_armada_pieces,
                    make_stellar_pieces)


def position(armadas: Sequence[str], at: Mapping[str, tuple], *, turn: int = 0,
             out: Sequence[str] = (), atomised: Mapping[str, int | None] | None = None,
             passive: Sequence[str] = (), molten: Sequence[str] = (),
             damaged: Sequence[str] = (), owners: Mapping[str, int] | None = None,
             lying_on: Mapping[str, str] | None = None,
             phase: str = "actions", **config) -> GlonkState:
    """`at` maps piece id -> (x, y) or (x, y, yaw). The Black Hole is "BH", asteroids "A1"...
    `atomised` maps piece id -> the seat whose stack holds it (None: the box). `lying_on`
    maps a piece id -> the piece it lies on (its lower face on that one's upper face): no
    position of play has one, but physics 4 turns over a disc lying on another when a thicker
    one strikes it, so the rulebook's Damage can be shown."""
    cfg = Config.from_mapping({"players": len(armadas), "armadas": list(armadas),
                               "first_player": 0, **config})
    pieces = make_stellar_pieces(cfg.asteroids)
    for seat, a in enumerate(armadas):
        pieces.extend(make_armada_pieces(a, seat, cfg.fleet))
    known = {p.id for p in pieces}
    for pid in list(at) + list(out) + list(atomised or {}) + list(passive) + list(molten):
        if pid not in known:
            raise KeyError(f"no piece {pid} in a game of {', '.join(armadas)}")
    atomised = dict(atomised or {})
    out_pieces = []
    for p in pieces:
        if p.id in at:
            xy = at[p.id]
            p = replace(p, status=IN_PLAY, x=float(xy[0]), y=float(xy[1]),
                        yaw=float(xy[2]) if len(xy) > 2 else 0.0)
        elif p.id in out:
            p = replace(p, status=OUT)
        elif p.id in atomised:
            p = replace(p, status=ATOMISED, stack=atomised[p.id], active=False)
        elif p.is_ship:
            p = replace(p, status=REMOVED)
        else:
            p = replace(p, status=OUT if p.kind == "asteroid" else REMOVED)
        if p.id in passive:
            p = replace(p, active=False)
        if p.id in molten:
            p = replace(p, molten=True)
        if owners and p.id in owners:
            p = replace(p, owner=owners[p.id])
        out_pieces.append(p)
    for top, below in (lying_on or {}).items():
        index = {p.id: i for i, p in enumerate(out_pieces)}
        if top not in at or below not in at:
            raise KeyError(f"lying_on: {top} and {below} must both be placed (in `at`)")
        under = out_pieces[index[below]]
        out_pieces[index[top]] = replace(out_pieces[index[top]], z=under.z + under.thickness)
    n = cfg.players
    return GlonkState(config=cfg, phase=phase, seats=tuple(armadas), pieces=tuple(out_pieces),
                      first_player=0, turn_player=turn, to_move=turn,
                      annihilated=(False,) * n, dominator=(None,) * n,
                      damaged=frozenset(damaged))


def scripted_motion(state: GlonkState, piece: str, moves: Mapping[str, tuple] = {},
                    contacts: Sequence[tuple[float, str, str]] = (),
                    vanished: Sequence[tuple[str, float]] = (),
                    upside_down: Sequence[str] = (), duration: float = 1.0):
    """A hand-written physics.Motion: `moves` gives resting (x, y) of the discs that moved,
    `contacts` the touches (t, a, b) in time order, `vanished` the discs that left the
    simulation (id, t). Lets tests judge a flick's outcome without simulating it."""
    import numpy as np

    from physics import Contact, Disc, Motion
    from .rules import discs_of

    discs = discs_of(state)
    ids = tuple(d.id for d in discs)
    order = {d: i for i, d in enumerate(ids)}
    cs = []
    for t, a, b in contacts:
        a, b = (a, b) if order[a] < order[b] else (b, a)
        cs.append(Contact(float(t), a, b))
    cs.sort(key=lambda c: c.t)
    first = next((c for c in cs if c.involves(piece)), None)
    gone = {d for d, _ in vanished}
    final = []
    end = []
    for d in discs:
        x, y = moves.get(d.id, (d.x, d.y))[:2]
        nd = d.moved(float(x), float(y), upside_down=d.id in upside_down)
        end.append(nd)
        if d.id not in gone:
            final.append(nd)
    poses = np.zeros((2, len(discs), 7), dtype=np.float32)
    for i, (a, b) in enumerate(zip(discs, end)):
        poses[0, i] = (a.x, a.y, a.thickness / 2, 0, 0, 0, 1)
        poses[1, i] = (b.x, b.y, b.thickness / 2, 0, 0, 0, 1)
    return Motion(ids=ids, times=np.array([0.0, duration]), poses=poses, contacts=tuple(cs),
                  first_contact=first, vanished=tuple((d, float(t)) for d, t in vanished),
                  final=tuple(final), duration=float(duration), piece=piece)


def with_default_returns(state: GlonkState) -> GlonkState:
    """The state after the player has put every lost saucer back at its default spot (the
    first `return SAUCER to BASE` offered each time), as a player accepting the defaults
    would; returns `state` unchanged outside the Hyperspace Return of saucers."""
    from .moves import apply_move, discrete_actions
    from .rules import advance
    while state.phase == "return_saucer":
        events: list = []
        state = advance(apply_move(state, discrete_actions(state)[0], events), events)
    return state


def turned_over_position(passive: bool = True) -> tuple[GlonkState, "Flick"]:
    """The Space Pirates' Corsair P1 lies on their Corsair P2, overhanging it towards their
    Galleon P0 (a Base of speed 1, 6 mm thick); the Galleon flicked into it at 1 m/s meets
    P1's lower chamfer above P2's rim and turns it over: the rulebook's Damage, "cannot be
    activated again during that turn". `passive`: P1 has acted this turn (it comes to lie
    active face up, and may still not act); else it was active and lies passive face up.
    Returns (state, the flick)."""
    from .actions import Flick
    from .model import load_book

    sizes = load_book().sizes
    saucer_r, base_r = sizes["saucer"][0], sizes["base"][0]
    x0 = 0.30  # on the Galaxy, far from the Black Hole
    state = position(["space_pirates", "little_greys"],
                     at={"P0": (x0 - 0.012 - saucer_r - base_r - 0.004, 0.0),
                         "P1": (x0 - 0.012, 0.0), "P2": (x0, 0.0), "G0": (-0.35, 0.0),
                         "G1": (-0.30, 0.1)},
                     passive=["P1"] if passive else [], lying_on={"P1": "P2"})
    return state, Flick.make("P0", 0.0, 1.0, 0.0)
