"""Grendizer XperienZ actions: immutable values with one canonical text each.

Chance outcomes are actions too (`draw C17`, `reveal lane=2 minifo`, `beast S07`, `event E04`,
`first player=1`); player choices are `play ...`, `move zone=Z`, `discard C05` and `pass`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from games.api import IllegalAction


@dataclass(frozen=True)
class Draw:
    """Chance: the Actions card that comes off the deck (a deal or the turn's draw)."""

    card: str

    def __str__(self):
        return f"draw {self.card}"


@dataclass(frozen=True)
class FirstPlayer:
    """Chance: the randomly determined first player (2 or more players)."""

    player: int

    def __str__(self):
        return f"first player={self.player}"


@dataclass(frozen=True)
class Reveal:
    """Chance: the token drawn from a colour's face-down pile: a MiniFO or the Saucer Beast."""

    lane: int
    token: str  # "minifo" | "beast"

    def __str__(self):
        return f"reveal lane={self.lane} {self.token}"


@dataclass(frozen=True)
class BeastDraw:
    """Chance: the Saucer Beast card drawn when a Saucer Beast token is revealed."""

    card: str

    def __str__(self):
        return f"beast {self.card}"


@dataclass(frozen=True)
class EventDraw:
    """Chance: the Event card drawn when the Threat marker is on its Danger side."""

    card: str

    def __str__(self):
        return f"event {self.card}"


@dataclass(frozen=True)
class Play:
    """Play an Actions card. `lane`, `zone` and `target` appear only where the card needs them."""

    card: str
    lane: int | None = None
    zone: int | None = None
    target: str | None = None  # "beast" | "minifo"

    def __str__(self):
        parts = [f"play {self.card}"]
        if self.lane is not None:
            parts.append(f"lane={self.lane}")
        if self.zone is not None:
            parts.append(f"zone={self.zone}")
        if self.target is not None:
            parts.append(f"target={self.target}")
        return " ".join(parts)


@dataclass(frozen=True)
class Move:
    """Move Grendizer, without a card, to an adjacent zone."""

    zone: int

    def __str__(self):
        return f"move zone={self.zone}"


@dataclass(frozen=True)
class Discard:
    """Discard an Actions card of one's choice (the Vega Spy event)."""

    card: str

    def __str__(self):
        return f"discard {self.card}"


@dataclass(frozen=True)
class Pass:
    """Do nothing in this phase (play no card, or leave Grendizer where it is)."""

    def __str__(self):
        return "pass"


PASS = Pass()

_CARD = r"([CSE]\d\d)"
_INT = r"(-?\d+)"


def parse(text: str):
    """The action whose canonical text is `text` (syntax only; `apply` checks legality)."""
    t = " ".join(str(text).split())
    m = re.fullmatch(r"draw (C\d\d)", t)
    if m:
        return Draw(m.group(1))
    m = re.fullmatch(r"first player=(\d+)", t)
    if m:
        return FirstPlayer(int(m.group(1)))
    m = re.fullmatch(r"reveal lane=(\d) (minifo|beast)", t)
    if m:
        return Reveal(int(m.group(1)), m.group(2))
    m = re.fullmatch(r"beast (S\d\d)", t)
    if m:
        return BeastDraw(m.group(1))
    m = re.fullmatch(r"event (E\d\d)", t)
    if m:
        return EventDraw(m.group(1))
    m = re.fullmatch(r"move zone=(\d)", t)
    if m:
        return Move(int(m.group(1)))
    m = re.fullmatch(r"discard (C\d\d)", t)
    if m:
        return Discard(m.group(1))
    if t == "pass":
        return PASS
    m = re.fullmatch(r"play (C\d\d)((?: lane=\d)?)((?: zone=\d)?)((?: target=(?:beast|minifo))?)", t)
    if m:
        lane = int(m.group(2).split("=")[1]) if m.group(2) else None
        zone = int(m.group(3).split("=")[1]) if m.group(3) else None
        target = m.group(4).split("=")[1] if m.group(4) else None
        return Play(m.group(1), lane, zone, target)
    raise IllegalAction(f"not a Grendizer XperienZ action: {text!r}")
