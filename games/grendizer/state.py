"""Immutable Grendizer XperienZ state values and their JSON form.

Lanes: lane `l` (0 Makiba Ranch, 1 Space Science Laboratory, 2 Tokyo, 3 Military Harbour) has
spaces 0 .. BOARD.location_space: space 0 is the arrival box (the first Airspace box), spaces
below `airspace_boxes` form its Airspace zone, the rest (battlefield squares and the strategic
location, the last space) its Battlefield zone. Zones are numbered `2*lane` (Airspace) and
`2*lane + 1` (Battlefield).

Decks are multisets kept as sorted tuples: their order is decided draw by draw at chance nodes.
`queue` lists the steps still to do this turn (see rules.py); its head decides who acts.
"""
from __future__ import annotations

from dataclasses import dataclass

PILE, BOARD_, DESTROYED = "pile", "board", "destroyed"


@dataclass(frozen=True)
class Lane:
    """The Vega Forces of one colour: on the board, in their face-down pile, set aside."""

    minifos: tuple = ()  # spaces of the MiniFOs on the board, sorted
    beast_pos: int | None = None  # space of the Saucer Beast token while on the board
    reserve: int = 0  # MiniFO tokens in the face-down pile
    beast_token: str = PILE  # where the Saucer Beast token is: pile | board | destroyed
    set_aside: int = 0  # MiniFOs on the Saucer Beast card's space (beast not yet entered)
    beast_card: str | None = None  # the Saucer Beast card once drawn (kept, turned, at the end)
    damage: int = 0  # spaces the HP marker has moved right

    def to_json(self):
        return {"minifos": list(self.minifos), "beast_pos": self.beast_pos,
                "reserve": self.reserve, "beast_token": self.beast_token,
                "set_aside": self.set_aside, "beast_card": self.beast_card,
                "damage": self.damage}

    @staticmethod
    def from_json(d):
        if d.get("beast_token") not in (PILE, BOARD_, DESTROYED):
            raise ValueError(f"lane beast_token must be pile, board or destroyed: {d!r}")
        return Lane(tuple(sorted(int(x) for x in d["minifos"])),
                    None if d["beast_pos"] is None else int(d["beast_pos"]),
                    int(d["reserve"]), d["beast_token"], int(d["set_aside"]),
                    d["beast_card"], int(d["damage"]))


@dataclass(frozen=True)
class GState:
    players: int
    difficulty: str  # easy | difficult
    one_card_per_turn: bool  # house rule: a Movement card counts as the turn's one card
    queue: tuple  # steps still to do, tuples ("kind", args...)
    player: int  # the active player
    turn: int
    hands: tuple  # per player, sorted tuple of Actions card ids
    deck: tuple  # Actions deck, sorted multiset
    discard: tuple  # Actions discard pile, oldest first
    revealed: str | None  # the Actions card drawn this turn, face up next to the deck
    lanes: tuple  # 4 Lane values
    beast_deck: tuple  # Saucer Beast cards not drawn, sorted
    event_deck: tuple  # Event cards not drawn, sorted
    event_discard: tuple  # Event cards applied, oldest first
    threat: int  # space of the Threat marker, 0 = bottom
    danger: bool  # the marker shows its Danger face
    grendizer: int  # zone of Grendizer
    played: bool  # an Actions card was played this turn
    silenced: bool  # Radio Silence: no Actions card may be played this turn
    destroyed: int  # Saucer Beasts destroyed
    result: str | None = None  # None | "victory" | "defeat"

    def to_json(self):
        return {
            "players": self.players, "difficulty": self.difficulty,
            "one_card_per_turn": self.one_card_per_turn,
            "queue": [list(step) for step in self.queue],
            "player": self.player, "turn": self.turn,
            "hands": [list(h) for h in self.hands], "deck": list(self.deck),
            "discard": list(self.discard), "revealed": self.revealed,
            "lanes": [l.to_json() for l in self.lanes],
            "beast_deck": list(self.beast_deck), "event_deck": list(self.event_deck),
            "event_discard": list(self.event_discard), "threat": self.threat,
            "danger": self.danger, "grendizer": self.grendizer, "played": self.played,
            "silenced": self.silenced, "destroyed": self.destroyed, "result": self.result,
        }

    @staticmethod
    def from_json(d):
        try:
            players = int(d["players"])
            if not 1 <= players <= 4:
                raise ValueError(f"players must be 1 to 4, got {players}")
            if d["difficulty"] not in ("easy", "difficult"):
                raise ValueError(f"difficulty must be easy or difficult, got {d['difficulty']!r}")
            hands = tuple(tuple(sorted(h)) for h in d["hands"])
            if len(hands) != players or len(d["lanes"]) != 4:
                raise ValueError("need one hand per player and 4 lanes")
            if d.get("result") not in (None, "victory", "defeat"):
                raise ValueError(f"result must be null, victory or defeat: {d['result']!r}")
            return GState(
                players=players, difficulty=d["difficulty"],
                one_card_per_turn=bool(d["one_card_per_turn"]),
                queue=tuple(tuple(step) if len(step) < 2 or not isinstance(step[1], list)
                            else (step[0], tuple(step[1])) + tuple(step[2:])
                            for step in d["queue"]),
                player=int(d["player"]), turn=int(d["turn"]), hands=hands,
                deck=tuple(sorted(d["deck"])), discard=tuple(d["discard"]),
                revealed=d["revealed"], lanes=tuple(Lane.from_json(l) for l in d["lanes"]),
                beast_deck=tuple(sorted(d["beast_deck"])),
                event_deck=tuple(sorted(d["event_deck"])),
                event_discard=tuple(d["event_discard"]), threat=int(d["threat"]),
                danger=bool(d["danger"]), grendizer=int(d["grendizer"]),
                played=bool(d["played"]), silenced=bool(d["silenced"]),
                destroyed=int(d["destroyed"]), result=d.get("result"),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a Grendizer XperienZ state: {exc!r}") from exc
