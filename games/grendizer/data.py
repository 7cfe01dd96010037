"""Grendizer XperienZ content loaded from the JSON files in `data/`: board, cards, threat tracks.

The rulebook prints only a few card texts and no lane lengths or track spaces, so all of this
is data (see RULES-NOTES.md); invented content carries `"invented": true` in the files.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from flickbook import resources

DATA_DIR = resources.path("games.grendizer", "data")


@dataclass(frozen=True)
class ActionCard:
    """One kind of Actions card (copies with the same name and zone symbols share an id)."""

    id: str
    name: str
    kind: str  # eagle | grendizer | earth | movement | positive
    text: str
    symbols: tuple  # two lane indexes, or (None, None) for the no-entry symbols
    count: int
    invented: bool
    lane: int | None = None  # Eagle Patrol: the lane its colour names
    beast_hp: int = 0  # HP a Saucer Beast loses
    minifos: int = 0  # MiniFOs destroyed (the OR alternative)
    push: int = 0  # spaces the damaged Saucer Beast is pushed upward (AND)
    effect: str | None = None  # positive events: threat_down | push_lane | clear_battlefield
    amount: int = 0
    floor: int = 0


@dataclass(frozen=True)
class BeastCard:
    id: str
    name: str
    life: int  # HP spaces before the destruction symbol
    threat_down: bool  # the destruction symbol carries -1
    power: str
    text: str
    invented: bool


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    effect: str
    text: str
    invented: bool
    amount: int = 0


@dataclass(frozen=True)
class ThreatTrack:
    name: str
    spaces: int  # including the bottom space (0) and GAME OVER (spaces - 1)
    danger: frozenset

    @property
    def game_over(self) -> int:
        return self.spaces - 1


@dataclass(frozen=True)
class Board:
    locations: tuple  # lane index -> strategic location name
    colours: tuple  # lane index -> MiniFO colour
    airspace_boxes: int  # spaces 0 .. airspace_boxes-1 (space 0 is the arrival box)
    battlefield_squares: int  # the squares after the airspace boxes
    minifos_per_colour: int
    grendizer_start_lane: int
    tracks: dict

    @property
    def location_space(self) -> int:
        """Index of the strategic location itself, the last space of a lane."""
        return self.airspace_boxes + self.battlefield_squares


def _load(name):
    with open(DATA_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


def load_board() -> Board:
    raw = _load("board.json")
    lanes = sorted(raw["lanes"], key=lambda l: l["index"])
    tracks = {
        name: ThreatTrack(name, t["spaces"], frozenset(t["danger"]))
        for name, t in raw["threat_tracks"].items()
    }
    return Board(
        locations=tuple(l["location"] for l in lanes),
        colours=tuple(l["colour"] for l in lanes),
        airspace_boxes=raw["airspace_boxes"],
        battlefield_squares=raw["battlefield_squares"],
        minifos_per_colour=raw["minifos_per_colour"],
        grendizer_start_lane=raw["grendizer_start_lane"],
        tracks=tracks,
    )


def load_actions() -> dict:
    cards = {}
    for c in _load("actions.json")["cards"]:
        cards[c["id"]] = ActionCard(
            id=c["id"], name=c["name"], kind=c["kind"], text=c["text"],
            symbols=tuple(c["symbols"]), count=c["count"], invented=c["invented"],
            lane=c.get("lane"), beast_hp=c.get("beast_hp", 0), minifos=c.get("minifos", 0),
            push=c.get("push", 0), effect=c.get("effect"), amount=c.get("amount", 0),
            floor=c.get("floor", 0),
        )
    return cards


def load_beasts() -> dict:
    return {c["id"]: BeastCard(c["id"], c["name"], c["life"], c["threat_down"], c["power"],
                               c["text"], c["invented"]) for c in _load("beasts.json")["cards"]}


def load_events() -> dict:
    return {c["id"]: EventCard(c["id"], c["name"], c["effect"], c["text"], c["invented"],
                               c.get("amount", 0)) for c in _load("events.json")["cards"]}


BOARD = load_board()
ACTIONS = load_actions()
BEASTS = load_beasts()
EVENTS = load_events()

#: Actions cards dealt to each player at the start, by the number of players (the rulebook's
#: setup; validate.py checks hands against it, rules.py deals it).
HAND_SIZE = {1: 4, 2: 4, 3: 3, 4: 3}
