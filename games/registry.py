"""The one look-up of games for every layer: name -> the game's manifest and the parts it declares.

Each game's module (its package, e.g. `games.glonk`) exposes `GAME` and `MANIFEST` (a
`Manifest`, written in `games/<game>/manifest.py`): every part the other layers need, as lazy
"module:attr" strings, so this layer imports no upper one and a CLI call loads only what it uses.
A new game adds its package on each layer and one manifest; `register_game` adds a plug-in's.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Mapping

_MODULES = {
    "glik": "games.glik",
    "glonk": "games.glonk",
    "grendizer": "games.grendizer",
}
#: The game whose demo opens when none is named (`flickbook demo`, a bare window).
SHOWCASE = "glonk"

#: Every kind of part a manifest may declare, and what it is (tests/test_manifest.py checks
#: each declared part against it).
PART_KINDS = {
    "rules": "the Game (games.api): GAME",
    "notation": "module with move_text(state, action, events) (and describe_goal(state, goal))",
    "bot": "the game's own bot: choose_action(state, rng) -> action",
    "solver": "puzzle solver module with solve(state, goal, ...)",
    "flick_report": "flick_report(record, piece, angle_deg, speed, spin, ...): `flickbook flick`",
    "puzzle": "scenarios: the Puzzle class (Puzzle.of(record, solution): goal check, hints)",
    "analyser": "analysis: the Analyser (configured(**options), analyse positions)",
    "strengths": "analysis: the named strengths of its bot, weakest first",
    "strength_bot": "analysis: bot(strength, executor) -> bot(state, rng) -> action",
    "explore": "analysis: explore(state, intent, skill, ...): one flick under a skill's scatter",
    "intent": "analysis: intent(state, piece, angle, speed, ...): the flick meant (explorer)",
    "best_shot": "analysis: best_shot(state, skill, ...): the best flick found here",
    "puzzle_verifier": "analysis: a PuzzleVerifier (analysis.puzzles)",
    "lesson_house": "analysis: the LessonHouse that judges a lesson's answers",
    "scene": "viewer: the Scene subclass that draws the game",
    "editor": "viewer: the position editor class (edit mode, F2)",
    "table_entry": "viewer: the table log's entry of a move made at a real table",
    "demo": "viewer: demo_session() -> the bundled demo replay's Session",
}


@dataclass(frozen=True)
class Manifest:
    """What a game offers the other layers: kind (a `PART_KINDS` key) -> "module:attr" (or
    "module" for a part that is a module). A kind it leaves out, it has not."""

    name: str
    parts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self):
        unknown = sorted(set(self.parts) - set(PART_KINDS))
        if unknown:
            raise ValueError(f"{self.name}'s manifest declares unknown parts: {', '.join(unknown)}")


def register_game(name: str, module: str) -> None:
    """Make `module` (which exposes `GAME` and `MANIFEST`) available as `name` (plug-ins and
    tests)."""
    _MODULES[name] = module


def available_games() -> list[str]:
    """Names of the games whose package is present."""
    names = []
    for name, module in _MODULES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def _module(name: str):
    key = name.strip().lower()
    if key not in _MODULES:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(_MODULES)}")
    try:
        return importlib.import_module(_MODULES[key])
    except ModuleNotFoundError as exc:
        raise ValueError(f"game {name!r} is not available: {exc}") from exc


def get_game(name: str):
    """The `Game` singleton for `name`; ValueError with the known names if unknown."""
    return _module(name).GAME


def manifest(name: str) -> Manifest:
    """The manifest of `name`; ValueError with the known names if unknown (or if its module
    has none: a game is registered with its manifest)."""
    module = _module(name)
    found = getattr(module, "MANIFEST", None)
    if not isinstance(found, Manifest):
        raise ValueError(f"game {name!r} ({module.__name__}) declares no MANIFEST")
    return found


def has_part(name: str, kind: str) -> bool:
    """Whether `name` declares a part of `kind`, without importing it."""
    if kind not in PART_KINDS:
        raise ValueError(f"no part is called {kind!r}; parts: {', '.join(PART_KINDS)}")
    return kind in manifest(name).parts


def part(name: str, kind: str):
    """The part of `kind` that `name` declares, imported now; None when it has none
    (ValueError for an unknown game or kind)."""
    if not has_part(name, kind):
        return None
    module_name, _, attr = manifest(name).parts[kind].partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def games_with(kind: str) -> list[str]:
    """The available games that declare a part of `kind`, in the registry's order."""
    return [name for name in available_games() if has_part(name, kind)]
