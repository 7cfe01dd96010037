"""The one small state API every Flickbook game implements (OpenSpiel-shaped).

A game is a `Game` object with pure methods over immutable state values. Nothing here does
I/O or loads Panda3D; randomness only enters through chance nodes, which list their outcomes,
so a record of actions (chance outcomes included) replays a game exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

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


@dataclass(frozen=True)
class GameType:
    """What a game is and which optional parts of the API it offers, declared once (like
    OpenSpiel's `GameType`), so callers ask `game.game_type` instead of probing with hasattr.

    - `chance`: it has chance nodes (`current_player == CHANCE`, `chance_outcomes`).
    - `continuous_actions`: `legal_actions` is only a representative set; the game also offers
      `action_spec(state)` (the bounds of the continuous actions available now) and
      `is_legal(state, action)`.
    - `motion`: some steps carry a physics Motion, and `apply_with_motion(state, action,
      motion)` replays a stored one without simulating.
    - `discrete_actions`: `discrete_actions(state)` lists the discrete actions alone (no
      flicks or points), cheaply, for buttons and menus.
    - `upgrades_records`: `upgrade_record(data)` brings a record's file JSON written under an
      older `rules_version` (its `headers`) to this one, where a rules decision changed what
      the recorded actions mean; the file loader calls it.
    - `setup`: `in_setup(state)` tells whether the position is still in the game's set-up
      (dealing, placing, choosing boards) rather than its play; replays made to be read hurry
      through set-up steps.
    - `intents`: an action may have been meant otherwise than it came out (a Glonk flick
      under a table feel: the hand's scatter); a record node then keeps the intended action
      beside the executed one, and `intent_problem(state, intent, action)` says why an intent
      read from a file cannot be that action's (None when it can).
    - `utility`: "zero_sum" (competitive shares of a win) or "identical" (cooperative: every
      player gets the same result).
    """

    chance: bool = True
    continuous_actions: bool = False
    motion: bool = False
    discrete_actions: bool = False
    upgrades_records: bool = False
    setup: bool = False
    intents: bool = False
    utility: str = "zero_sum"
    min_players: int = 1
    max_players: int = 8


# --- capabilities: optional behaviour, declared on the game (None where it has none) -------
@dataclass(frozen=True)
class MotionSupport:
    """Steps that carry a physics Motion (`GameType.motion`): the physics version a new game
    makes them by (records keep theirs in `headers["physics_version"]`, and their states
    simulate by it: `physics_of`, `with_physics`), a stored one replayed instead of
    simulated, and why a stored one (read from a file) cannot be an action's."""

    physics_version: str
    apply_with_motion: Callable[[Any, Any, Any], Step]
    motion_problem: Callable[[Any, Any, Any], "str | None"]
    #: The versions this program can simulate (a record keeps its own: see `with_physics`).
    physics_versions: tuple[str, ...] = ()
    #: `physics_of(state)`: the version a state's new flicks are simulated by.
    physics_of: Callable[[Any], str] | None = None
    #: `with_physics(state, version)`: the state simulating by `version` (a record's header
    #: sets its root's, so every branch and check uses the physics of its stored motions);
    #: ValueError for text that is no version.
    with_physics: Callable[[Any, str], Any] | None = None

    def unavailable(self, version: str) -> str | None:
        """The one line saying that `version` cannot be simulated here, or None when it can."""
        if version in self.physics_versions:
            return None
        return physics_unavailable(version, self.physics_versions)


def physics_unavailable(made_by: str, versions: Sequence[str]) -> str:
    """A record made by a physics version this program does not have, in one line naming
    both: its stored motions still play, a new flick from it is never silently simulated by
    another version."""
    have = " and ".join(versions)
    return (f"this record's flicks were made by physics {made_by}; this Flickbook simulates "
            f"physics {have}: its stored motions play, new flicks from it are refused")


@dataclass(frozen=True)
class ObservedActions:
    """Actions observed at a real table (the table log): the motion that rests exactly at the
    observed places (ValueError when none can), and why an observation is not the action's
    (given a motion, why that motion does not rest where it says)."""

    observed_motion: Callable[[Any, Any, Mapping], Any]
    observed_problem: Callable[..., "str | None"]


@dataclass(frozen=True)
class Discs:
    """Pieces with a place on the table: where one rests in a state, or None (a direction's
    note follows it)."""

    disc_position: Callable[[Any, str], "tuple[float, float] | None"]


@dataclass(frozen=True)
class Goals:
    """Scenario and lesson goals the game reads itself: why a goal cannot be read in a state
    (the loader refuses the file with it; None when it can), and the goal in words."""

    form_problem: Callable[[Any, Any], "str | None"]
    describe: Callable[[Any, Any], str]


@dataclass(frozen=True)
class Scoring:
    """Points per seat at any state (what a record's analysis sums up at its end)."""

    scores: Callable[[Any], Sequence[int]]


class Capabilities:
    """A game's optional capabilities, all absent: a game class inherits this and sets the
    ones it has, so shared code asks `game.motion is not None`, never `hasattr`."""

    motion: MotionSupport | None = None
    observed: ObservedActions | None = None
    discs: Discs | None = None
    goals: Goals | None = None
    scoring: Scoring | None = None


CAPABILITIES = {"motion": MotionSupport, "observed": ObservedActions, "discs": Discs,
                "goals": Goals, "scoring": Scoring}


class Game(Protocol):
    """The interface of one game. Implementations are stateless singletons.

    The optional methods named in `GameType` exist exactly when `game_type` says so; the
    optional capabilities (`Capabilities`) are objects, None where the game has none.
    """

    name: str  # registry key, e.g. "glik"
    title: str  # "Glik"
    rules_version: str
    house_rules: Mapping[str, str]  # name -> description of each switchable house rule
    game_type: GameType
    motion: MotionSupport | None
    observed: ObservedActions | None
    discs: Discs | None
    goals: Goals | None
    scoring: Scoring | None

    def new_initial_state(self, config: Mapping[str, Any]) -> Any:
        """The state before the first action for `config` (players, house rules, options);
        every state says its seats as `players`."""

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


def is_legal(game: Game, state, action) -> bool:
    """Whether `action` may be applied to `state`: the game's own test for continuous actions,
    membership of the legal (or chance) actions otherwise."""
    if game.game_type.continuous_actions:
        return game.is_legal(state, action)
    if game.current_player(state) == CHANCE:
        return any(a == action for a, _ in game.chance_outcomes(state))
    return action in list(game.legal_actions(state))


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
