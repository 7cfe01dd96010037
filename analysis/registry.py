"""The analysis parts of a game, through its manifest (games.registry), so no game-name checks
live outside each game's own packages."""
from __future__ import annotations

from games.registry import part


def analyser_for(game_name: str, **options):
    """The analyser of `game_name`, configured with `options` (ValueError if there is none)."""
    analyser = part(game_name, "analyser")
    if analyser is None:
        raise ValueError(f"there is no analysis for {game_name!r}")
    return analyser.configured(**options) if options else analyser


def bot_for(game_name: str, strength: str, executor=None):
    """`bot(state, rng) -> action`: the game's analysis bot at a named strength (ValueError
    when the game has none or the strength is unknown)."""
    make = part(game_name, "strength_bot")
    if make is None:
        raise ValueError(f"{game_name} has no bot at a strength (only its own bot)")
    return make(strength, executor)


def part_for(game_name: str, name: str):
    """The game's analysis part of kind `name` (e.g. "best_shot", the Glonk shot explorer's
    "explore"), or None when it has none."""
    return part(game_name, name)
