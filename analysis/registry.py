"""Game name -> analyser, imported lazily (like games/registry.py), so no game-name checks
live outside the analysers' own modules."""
from __future__ import annotations

import importlib

_MODULES = {"glik": "analysis.glik", "glonk": "analysis.glonk", "grendizer": "analysis.grendizer"}


def analyser_for(game_name: str, **options):
    """The analyser of `game_name`, configured with `options` (ValueError if there is none)."""
    module = _MODULES.get(game_name)
    if module is None:
        raise ValueError(f"there is no analysis for {game_name!r}")
    analyser = importlib.import_module(module).ANALYSER
    return analyser.configured(**options) if options else analyser


def bot_for(game_name: str, strength: str, executor=None):
    """`bot(state, rng) -> action`: the game's analysis bot at a named strength (ValueError
    when the game has none or the strength is unknown)."""
    module = _MODULES.get(game_name)
    make = getattr(importlib.import_module(module), "bot", None) if module else None
    if make is None:
        raise ValueError(f"{game_name} has no bot at a strength (only its own bot)")
    return make(strength, executor)


def part_for(game_name: str, name: str):
    """`analysis.<game>.<name>` (e.g. the Glonk shot explorer), or None when it has none."""
    module = _MODULES.get(game_name)
    return getattr(importlib.import_module(module), name, None) if module else None
