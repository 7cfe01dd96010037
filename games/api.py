"""The one small state API every Flickbook game implements (OpenSpiel-shaped).

A game is a `Game` object with pure methods over immutable state values. Nothing here does
I/O or loads Panda3D; randomness only enters through chance nodes, which list their outcomes,
so a record of actions (chance outcomes included) replays a game exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence

import numpy as np

#: `current_player` of a chance node: the session samples one of `chance_outcomes`.
CHANCE = -1
#: `current_player` of a finished game.
TERMINAL = -4


class IllegalAction(ValueError):
    """Raised by `apply` (and action parsing) when an action breaks a rule.

    `rule` names the rule in words a player understands, e.g. "A slide that goes nowhere is
    not a move"; the message is what the viewer and CLI show.
    """

    def __init__(self, rule: str, action: Any = None):
        self.rule = rule
        self.action = action
        super().__init__(rule if action is None else f"{action}: {rule}")


class Action(Protocol):
    """An immutable action value with exactly one canonical text form.

    `game.parse_action(state, str(action)) == action` must hold for every legal action.
    """

    def __str__(self) -> str: ...


@dataclass(frozen=True)
class Event:
    """Something that happened while applying an action, for the viewer, logs and rules.

    `kind` is a short machine name ("slid", "placed", "touched", "card_drawn", "atomised", ...);
    `data` holds JSON-friendly details.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"kind": self.kind, **dict(self.data)}


@dataclass(frozen=True)
class Step:
    """What `apply` returns: the new state, what happened, and (Glonk) the recorded motion."""

    state: Any
    events: tuple[Event, ...] = ()
    motion: Any = None  # physics.Motion for flicks, else None


class Game(Protocol):
    """The interface of one game. Implementations are stateless singletons."""

    name: str  # registry key, e.g. "glik"
    title: str  # "Glik"
    rules_version: str
    house_rules: Mapping[str, str]  # name -> description of each switchable house rule

    def new_initial_state(self, config: Mapping[str, Any]) -> Any:
        """The state before the first action for `config` (players, house rules, options)."""

    def default_config(self, players: int | None = None) -> dict: ...

    def current_player(self, state) -> int:
        """0-based seat of the player to act, or CHANCE, or TERMINAL."""

    def legal_actions(self, state) -> Sequence[Action]:
        """Every legal action (for continuous games: a representative discrete set).

        Empty exactly when the state is terminal. At chance nodes: the outcomes' actions.
        """

    def chance_outcomes(self, state) -> Sequence[tuple[Action, float]]:
        """At a chance node: (outcome action, probability) pairs summing to 1."""

    def apply(self, state, action) -> Step:
        """Apply `action` without mutating `state`; raise IllegalAction when it breaks a rule."""

    def is_terminal(self, state) -> bool: ...

    def outcome(self, state) -> Sequence[float] | None:
        """Per-player result at a terminal state (1 win, 0 loss, fractions for shares)."""

    def parse_action(self, state, text: str) -> Action:
        """The action whose canonical text is `text`; IllegalAction if it is not one."""

    def state_to_json(self, state) -> dict:
        """A JSON-friendly full description of `state` (scenarios store starting positions)."""

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of `state_to_json`; raise ValueError with a clear message on bad data."""

    def describe(self, state) -> str:
        """A short human-readable summary (whose turn, score) for CLI and status lines."""


def sample_chance(game: Game, state, rng: np.random.Generator):
    """Pick one chance outcome with the injected generator (never a global RNG)."""
    outcomes = game.chance_outcomes(state)
    probs = np.array([p for _, p in outcomes], dtype=float)
    index = int(rng.choice(len(outcomes), p=probs / probs.sum()))
    return outcomes[index][0]


def random_action(game: Game, state, rng: np.random.Generator):
    """A uniformly random legal action, or a sampled chance outcome at chance nodes."""
    if game.current_player(state) == CHANCE:
        return sample_chance(game, state, rng)
    actions = list(game.legal_actions(state))
    return actions[int(rng.integers(len(actions)))]
