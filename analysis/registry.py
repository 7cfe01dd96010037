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
