"""Name -> Game lookup; games are imported lazily so a CLI call loads only what it uses."""
from __future__ import annotations

import importlib
import importlib.util

_MODULES = {
    "glik": "games.glik",
    "glonk": "games.glonk",
    "grendizer": "games.grendizer",
}


def register_game(name: str, module: str) -> None:
    """Make `module` (which exposes `GAME`) available as `name` (plug-ins and tests)."""
    _MODULES[name] = module


def available_games() -> list[str]:
    """Names of the games whose package is present."""
    names = []
    for name, module in _MODULES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def get_game(name: str):
    """The `Game` singleton for `name`; ValueError with the known names if unknown."""
    key = name.strip().lower()
    if key not in _MODULES:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(_MODULES)}")
    try:
        module = importlib.import_module(_MODULES[key])
    except ModuleNotFoundError as exc:
        raise ValueError(f"game {name!r} is not available: {exc}") from exc
    return module.GAME
