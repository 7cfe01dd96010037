"""Glonk, Le Choc des Aliens: the rules engine (galaxy, armadas, turns, flick judging).

`GAME` implements the shared API of games/api.py; see docs/rules/glonk.md for every decision.
"""
from .actions import Flick, Move
from .galaxy import Galaxy, load_galaxy
from .game import GlonkGame
from .manifest import MANIFEST
from .model import Config, GlonkState, Piece, load_book

GAME = GlonkGame()

__all__ = ["GAME", "MANIFEST", "Config", "Flick", "Galaxy", "GlonkGame", "GlonkState", "Move",
           "Piece", "load_book", "load_galaxy"]
