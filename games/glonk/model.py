"""Glonk's data and state values: armadas (from data/armadas.json), pieces, config, state.

Everything here is immutable. A state holds every piece of the game (in play, lost in space,
atomised in someone's trophy stack or in the box, or removed with an annihilated armada), so
the viewer can draw all of them and scores are derived from the stacks.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

from flickbook import resources
from physics.config import VERSION as PHYSICS_VERSION

_DATA = str(resources.path("games.glonk", "data", "armadas.json"))

SHIP_KINDS = ("base", "saucer", "kiboom")
STELLAR_KINDS = ("black_hole", "asteroid")

IN_PLAY = "in_play"      # on the Galaxy
OUT = "out"              # out of play: lost in space / recovered stellar object (returns)
ATOMISED = "atomised"    # destroyed: in a player's trophy stack (stack = seat) or the box (None)
REMOVED = "removed"      # taken off with an annihilated armada
STATUSES = (IN_PLAY, OUT, ATOMISED, REMOVED)

#: Table feels (Config.feel), from exact practice to the expert's bare table.
FEELS = ("practice", "club", "expert")
RANGE_RULES = {
    "strict": "range: a propulsion is standard only when every space the piece occupies at "
              "rest is within its speed of a space it occupied at the start (default)",
    "lenient": "range: a propulsion is standard when at least one space the piece occupies "
               "at rest is within its speed",
}
#: house rules switched on by name (Config fields of the same name), each the other reading
#: of a disputed sentence (docs/rules/glonk.md, "Disputed readings")
SWITCHES = {
    "kiboom_not_a_saucer": "Flying Object read literally: a Kiboom \"does not count as a "
                           "Flying Saucer\" in any rule that names a Base or Flying Saucer: "
                           "the Black Hole, Molten Masses, Lethal and Shield spare it, it is "
                           "no target of rays, assaults, Telekinesis or Teleportation, a lost "
                           "one does not return, a Dominator does not take it, and it scores "
                           "nothing",
    "lethal_stops_assault": "Lethal atomises a heroic assaulter the moment it touches the "
                            "Death Satellite, before it can affect it: the assault fails "
                            "(a Torpedo Boat, spared by Torpedoes, still succeeds)",
    "no_return_cap": "\"In practice, up to 6\" describes how many fit: lost saucers return "
                     "against a Base as long as one fits touching it",
}
HOUSE_RULES = {**RANGE_RULES, **SWITCHES}


@dataclass(frozen=True)
class ShipType:
    armada: str
    type: str
    name: str
    kind: str
    count: int
    speed: int
    faces: int
    powers: tuple[str, ...]


@dataclass(frozen=True)
class Armada:
    id: str
    name: str
    prefix: str
    colour: str
    accent: str
    ships: tuple[ShipType, ...]


class ArmadaBook:
    """The armada sheets and piece sizes, loaded from data/armadas.json."""

    def __init__(self, data: dict):
        self.data = data
        self.version = int(data.get("version", 1))
        self.sizes = {k: (v["diameter"] / 2, v["thickness"], v["mass"])
                      for k, v in data["sizes"].items()}
        self.values = dict(data["values"])
        self.stellar = data["stellar"]
        armadas = []
        for a in data["armadas"]:
            ships = tuple(ShipType(a["id"], s["type"], s["name"], s["kind"], int(s["count"]),
                                   int(s["speed"]), int(s.get("faces", 2)),
                                   tuple(s.get("powers", ()))) for s in a["ships"])
            armadas.append(Armada(a["id"], a["name"], a["prefix"], a["colour"], a["accent"],
                                  ships))
        self.armadas = tuple(armadas)
        self.by_id = {a.id: a for a in armadas}
        self.ship_types = {(s.armada, s.type): s for a in armadas for s in a.ships}

    def ids(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.armadas)

    def ship(self, armada: str, type_: str) -> ShipType:
        return self.ship_types[(armada, type_)]


@lru_cache(maxsize=None)
def load_book(path: str = _DATA) -> ArmadaBook:
    with open(path, encoding="utf-8") as fh:
        return ArmadaBook(json.load(fh))


@dataclass(frozen=True)
class Piece:
    """One disc. `active` is the face shown (active face up); `molten` the asteroid's back face.

    `owner` is the seat controlling a ship (it changes when a Dominator takes the pieces of an
    annihilated armada); `stack` is the seat whose trophy stack holds an atomised piece (None:
    the game box, it counts for nobody).
    """

    id: str
    kind: str
    type: str
    armada: str | None = None
    owner: int | None = None
    status: str = IN_PLAY
    x: float = 0.0
    y: float = 0.0
    yaw: float = 0.0
    active: bool = True
    molten: bool = False
    stack: int | None = None
    #: Height of the disc's lower face above the mat (m): 0 on the mat, as every position of
    #: play has it; a hand-made position may lay one disc on another (`positions.position`'s
    #: `lying_on`), which physics 4 can turn over. The rules slide a disc that comes to rest
    #: on another off it, onto the mat.
    z: float = 0.0

    @property
    def is_ship(self) -> bool:
        return self.kind in SHIP_KINDS

    @property
    def in_play(self) -> bool:
        return self.status == IN_PLAY

    def ship_type(self) -> ShipType | None:
        if not self.is_ship:
            return None
        return load_book().ship(self.armada, self.type)

    @property
    def speed(self) -> int:
        st = self.ship_type()
        return st.speed if st else 0

    @property
    def powers(self) -> tuple[str, ...]:
        st = self.ship_type()
        return st.powers if st else ()

    @property
    def radius(self) -> float:
        return load_book().sizes[self.kind][0]

    @property
    def thickness(self) -> float:
        return load_book().sizes[self.kind][1]

    @property
    def mass(self) -> float:
        return load_book().sizes[self.kind][2]

    @property
    def mobile(self) -> bool:
        """A piece that can move by itself: it has a speed, and is not a Flying Object."""
        return self.is_ship and self.speed > 0 and "flying_object" not in self.powers

    @property
    def value(self) -> int:
        return int(load_book().values.get(self.kind, 0))

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "type": self.type, "armada": self.armada,
                "owner": self.owner, "status": self.status, "x": self.x, "y": self.y,
                "yaw": self.yaw, "active": self.active, "molten": self.molten,
                "stack": self.stack, **({"z": self.z} if self.z else {})}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Piece":
        status = d.get("status", IN_PLAY)
        if status not in STATUSES:
            raise ValueError(f"piece {d.get('id')!r}: unknown status {status!r}")
        kind = d["kind"]
        if kind not in SHIP_KINDS + STELLAR_KINDS:
            raise ValueError(f"piece {d.get('id')!r}: unknown kind {kind!r}")
        p = cls(id=str(d["id"]), kind=kind, type=str(d["type"]), armada=d.get("armada"),
                owner=None if d.get("owner") is None else int(d["owner"]), status=status,
                x=float(d.get("x", 0.0)), y=float(d.get("y", 0.0)), yaw=float(d.get("yaw", 0.0)),
                active=bool(d.get("active", True)), molten=bool(d.get("molten", False)),
                stack=None if d.get("stack") is None else int(d["stack"]),
                z=float(d.get("z", 0.0)))
        if not (math.isfinite(p.z) and p.z >= 0.0):
            raise ValueError(f"piece {p.id!r}: z (its height above the mat) must be 0 or more")
        if p.is_ship:
            load_book().ship(p.armada, p.type)  # KeyError on an unknown ship
        return p


@dataclass(frozen=True)
class Config:
    """Game options. `range` is the house rule (strict / lenient). `max_rounds` (None: the
    book's unlimited game) ends the game by score after that many full rounds. `fleet` caps the
    number of ships of each saucer type (None: the full armada sheets), for short test games."""

    players: int = 2
    armadas: tuple[str, ...] | None = None
    first_player: int | None = None
    range: str = "strict"
    chrono: bool = False
    chrono_seconds: float = 60.0
    max_rounds: int | None = None
    asteroids: int = 6
    fleet: int | None = None
    victory: int = 7
    tiebreak: int = 8
    kiboom_not_a_saucer: bool = False
    lethal_stops_assault: bool = False
    no_return_cap: bool = False
    #: Table feel for the people at the window (FEELS): "practice" flicks exactly as aimed
    #: with the full ghost path; "club" and "expert" scatter each human flick like a player of
    #: that level (analysis.glonk.skill) and show only the first contact, or no guide at all.
    feel: str = "practice"
    #: The physics version this game's flicks are simulated by (physics.config.VERSIONS): a
    #: new game has the newest; a record's states have the one in its header, the version its
    #: stored motions were made by, so a branch from it is the same physics. A version this
    #: program does not have is kept (its stored motions play) and its new flicks are refused.
    physics: int = PHYSICS_VERSION

    def __post_init__(self):
        if type(self.physics) is not int or self.physics < 1:
            raise ValueError(f"physics must be a physics version (a whole number from 1), "
                             f"not {self.physics!r}"[:120])
        if self.feel not in FEELS:
            raise ValueError(f"feel must be one of {', '.join(FEELS)}")
        if not 2 <= self.players <= 6:
            raise ValueError("Glonk is played by 2 to 6 players")
        if self.range not in RANGE_RULES:
            raise ValueError(f"range house rule must be one of {sorted(RANGE_RULES)}")
        book = load_book()
        if self.armadas is not None:
            if len(self.armadas) != self.players or len(set(self.armadas)) != self.players:
                raise ValueError("armadas must name one different armada per player")
            for a in self.armadas:
                if a not in book.by_id:
                    raise ValueError(f"unknown armada {a!r}; known: {', '.join(book.ids())}")
        if self.first_player is not None and not 0 <= self.first_player < self.players:
            raise ValueError("first_player must be a seat number")
        if not 0 <= self.asteroids <= int(book.stellar["asteroid"]["count"]):
            raise ValueError("asteroids must be between 0 and 6")
        if self.fleet is not None and self.fleet < 1:
            raise ValueError("fleet must be at least 1")
        if self.max_rounds is not None and self.max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")

    @classmethod
    def from_mapping(cls, m: Mapping[str, Any] | None) -> "Config":
        m = dict(m or {})
        known = set(cls.__dataclass_fields__)
        unknown = set(m) - known - {"house_rules"}
        if unknown:
            raise ValueError(f"unknown Glonk config keys: {sorted(unknown)}")
        hr = m.pop("house_rules", None)
        if hr:  # {"range": "lenient", "no_return_cap": true}, {"lenient": true} or a list
            pairs = hr.items() if isinstance(hr, Mapping) else ((name, True) for name in hr)
            for name, on in pairs:
                if name == "range":
                    m.setdefault("range", on)
                elif name in RANGE_RULES:
                    if on is True:
                        m.setdefault("range", name)
                elif name in SWITCHES:
                    m.setdefault(name, bool(on))
                else:
                    raise ValueError(f"unknown Glonk house rule {name!r}; known: "
                                     f"{', '.join(HOUSE_RULES)}")
        if m.get("armadas") is not None:
            m["armadas"] = tuple(m["armadas"])
        for k in ("players", "asteroids", "victory", "tiebreak"):
            if k in m:
                m[k] = int(m[k])
        for k in SWITCHES:
            if k in m:
                m[k] = bool(m[k])
        return cls(**m)

    def to_json(self) -> dict:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__}
        d["armadas"] = None if self.armadas is None else list(self.armadas)
        if d["feel"] == "practice":
            del d["feel"]  # today's exact flicks: records say nothing new
        if d["physics"] == PHYSICS_VERSION:
            del d["physics"]  # a new game's; a file says its version in its header
        return d


def _whole(d: Mapping[str, Any], key: str, default: int) -> int:
    """A state's count or seat: a whole number as written, never a float or text coerced."""
    value = d.get(key, default)
    if type(value) is not int:
        raise ValueError(f"{key} must be a whole number, not {value!r}"[:120])
    return value


@dataclass(frozen=True)
class GlonkState:
    """A whole Glonk position. Phases: draw, first, place_armada, place_asteroid, return_base,
    return_saucer, ray, actions, stellar, over (see docs/rules/glonk.md)."""

    config: Config
    phase: str
    seats: tuple[str | None, ...]
    pieces: tuple[Piece, ...] = ()
    first_player: int | None = None
    turn_player: int = 0
    to_move: int = 0
    round: int = 1
    turns: int = 0
    queue: tuple[int, ...] = ()
    annihilated: tuple[bool, ...] = ()
    dominator: tuple[int | None, ...] = ()
    damaged: frozenset[str] = frozenset()
    pending_board: str | None = None
    ray_by: int | None = None
    tiebreak: bool = False
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    #: the Base each saucer returned against in this Hyperspace Return, one entry per saucer
    #: ("up to 6 out-of-play Flying Saucers may be placed against one Base")
    returned: tuple[str, ...] = ()

    # --- lookups -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats the game has (every game's state says so: timeline reads it)."""
        return self.config.players

    def piece(self, pid: str) -> Piece:
        for p in self.pieces:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def get(self, pid: str) -> Piece | None:
        for p in self.pieces:
            if p.id == pid:
                return p
        return None

    def in_play(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.status == IN_PLAY)

    def scores(self) -> tuple[int, ...]:
        """Points of each seat: the values of the enemy pieces in its trophy stack."""
        out = [0] * self.config.players
        for p in self.pieces:
            if p.status == ATOMISED and p.stack is not None:
                out[p.stack] += self.points(p)
        return tuple(out)

    def is_saucer(self, p: Piece) -> bool:
        """`p` is what a rule calls a "Flying Saucer". Default: the saucers and the Kiboom
        (an SV on its sheet; its Flying Object text takes it out of the annihilation count,
        boarding and assaults only). House rule kiboom_not_a_saucer: not the Kiboom.
        docs/rules/glonk.md has the table of every phrase."""
        return p.kind == "saucer" or (p.kind == "kiboom" and not self.config.kiboom_not_a_saucer)

    def base_or_saucer(self, p: Piece) -> bool:
        """`p` is what a rule calls "a Base or Flying Saucer" (see `is_saucer`)."""
        return p.kind == "base" or self.is_saucer(p)

    def points(self, p: Piece) -> int:
        """What `p` is worth in a trophy stack (house rule kiboom_not_a_saucer: a Kiboom 0)."""
        if p.kind == "kiboom" and self.config.kiboom_not_a_saucer:
            return 0
        return p.value

    def with_pieces(self, pieces: Mapping[str, Piece]) -> "GlonkState":
        return replace(self, pieces=tuple(pieces[p.id] for p in self.pieces))

    def to_json(self) -> dict:
        return {"game": "glonk", "config": self.config.to_json(), "phase": self.phase,
                "seats": list(self.seats), "pieces": [p.to_json() for p in self.pieces],
                "first_player": self.first_player, "turn_player": self.turn_player,
                "to_move": self.to_move, "round": self.round, "turns": self.turns,
                "queue": list(self.queue), "annihilated": list(self.annihilated),
                "dominator": list(self.dominator), "damaged": sorted(self.damaged),
                "pending_board": self.pending_board, "ray_by": self.ray_by,
                "tiebreak": self.tiebreak, "winners": list(self.winners),
                "end_reason": self.end_reason, "returned": list(self.returned),
                "scores": list(self.scores())}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "GlonkState":
        try:
            config = Config.from_mapping(d["config"])
            pieces = tuple(Piece.from_json(p) for p in d.get("pieces", ()))
            ids = [p.id for p in pieces]
            if len(set(ids)) != len(ids):
                raise ValueError("piece ids must be unique")
            n = config.players
            first = d.get("first_player")
            if first is not None and (type(first) is not int):
                raise ValueError(f"first_player must be a seat number (a whole number), "
                                 f"not {first!r}"[:120])
            s = cls(config=config, phase=str(d["phase"]), seats=tuple(d["seats"]),
                    pieces=pieces, first_player=first,
                    turn_player=_whole(d, "turn_player", 0), to_move=_whole(d, "to_move", 0),
                    round=_whole(d, "round", 1), turns=_whole(d, "turns", 0),
                    queue=tuple(int(x) for x in d.get("queue", ())),
                    annihilated=tuple(bool(x) for x in d.get("annihilated", [False] * n)),
                    dominator=tuple(None if x is None else int(x)
                                    for x in d.get("dominator", [None] * n)),
                    damaged=frozenset(d.get("damaged", ())),
                    pending_board=d.get("pending_board"), ray_by=d.get("ray_by"),
                    tiebreak=bool(d.get("tiebreak", False)),
                    winners=tuple(int(x) for x in d.get("winners", ())),
                    end_reason=str(d.get("end_reason", "")),
                    returned=tuple(str(x) for x in d.get("returned", ())))
        except (KeyError, TypeError) as e:
            raise ValueError(f"not a Glonk state: missing or bad field {e}") from None
        if s.phase not in PHASES:
            raise ValueError(f"unknown Glonk phase {s.phase!r}")
        if len(s.seats) != n or len(s.annihilated) != n or len(s.dominator) != n:
            raise ValueError("seats, annihilated and dominator need one entry per player")
        book = load_book()
        for seat, armada in enumerate(s.seats):
            if armada is not None and armada not in book.by_id:
                raise ValueError(f"seats[{seat}]: unknown armada {armada!r}; known: "
                                 f"{', '.join(book.ids())}")
        taken = [a for a in s.seats if a is not None]
        if len(set(taken)) != len(taken):
            raise ValueError("seats: two players hold the same armada")
        return s


PHASES = ("draw", "first", "place_armada", "place_asteroid", "return_base", "return_saucer",
          "ray", "actions", "stellar", "over")


def make_armada_pieces(armada: str, seat: int, fleet: int | None) -> list[Piece]:
    """The pieces of one armada, ids prefix + number (base 0, then ships in sheet order)."""
    a = load_book().by_id[armada]
    out, n = [], 0
    for st in a.ships:
        count = st.count if (fleet is None or st.kind == "base") else min(st.count, fleet)
        for _ in range(count):
            out.append(Piece(id=f"{a.prefix}{n}", kind=st.kind, type=st.type, armada=armada,
                             owner=seat, status=OUT, active=True))
            n += 1
    return out


def make_stellar_pieces(asteroids: int) -> list[Piece]:
    book = load_book()
    bh = book.stellar["black_hole"]
    out = [Piece(id=bh["id"], kind="black_hole", type="black_hole", x=0.0, y=0.0)]
    prefix = book.stellar["asteroid"]["prefix"]
    for i in range(asteroids):
        out.append(Piece(id=f"{prefix}{i + 1}", kind="asteroid", type="asteroid", status=OUT))
    return out


def dist(a: Piece, b: Piece) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def gap(a: Piece, b: Piece) -> float:
    """Edge-to-edge distance of two discs on the mat (negative when they overlap)."""
    return dist(a, b) - a.radius - b.radius
