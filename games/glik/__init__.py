"""Glik: guide your seven stones from your starting field to touch your destination field.

`GAME` is the rules engine (games.api.Game). See docs/rules/glik.md.
"""
from games.glik.kit import COLS, COLOURS, NEUTRAL, ROWS, Board, Cell  # noqa: F401
from games.glik.rules import GAME, GlikGame, GlikState  # noqa: F401
from games.glik.manifest import MANIFEST  # noqa: F401
