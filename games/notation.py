"""Readable move text for people, beside each game's canonical machine text (SAN beside UCI).

Files keep the canonical text (`str(action)`, which round-trips); a game may declare a
`notation` module in its manifest with `move_text(state, action, events) -> str` that writes
the same action the way a player says it. This module finds that function, so the CLI and the
viewer name no game.
"""
from __future__ import annotations

from typing import Iterable

from games.api import Event
from games.registry import part


def _notation_module(game):
    return part(game.name, "notation")


def move_text(game, state, action, events: Iterable[Event] = ()) -> str:
    """`action` played in `state` (the position before it) in the game's readable notation;
    `events` are the Step's, for what came of it. The canonical text where a game has none."""
    module = _notation_module(game)
    if module is None:
        return str(action)
    return module.move_text(state, action, tuple(events))


def line_text(game, state, texts) -> list[str]:
    """Canonical action texts played one after another from `state`, each in the game's
    readable notation (what a player reads: "Y k14 down to k11", not "slide 2,10 S")."""
    out = []
    for text in texts:
        action = game.parse_action(state, text)
        step = game.apply(state, action)
        out.append(move_text(game, state, action, step.events))
        state = step.state
    return out


def node_text(node) -> str:
    """The readable text of a record node's action (its step's events included)."""
    if node.parent is None:
        return ""
    step = node.step
    return move_text(node.record.game, node.parent.state, node.action,
                     step.events if step is not None else ())


def goal_text(game, state, goal) -> str:
    """A scenario goal in words: the game's own words (its `goals` capability) where it reads
    goals itself, else the author's words (`goal["text"]`), else the goal as stored."""
    if game.goals is not None:
        return game.goals.describe(state, goal)
    if isinstance(goal, dict) and goal.get("text"):
        return str(goal["text"])
    return str(goal)
