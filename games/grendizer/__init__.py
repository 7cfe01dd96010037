"""Grendizer XperienZ: the cooperative card game on a board of four lanes (rules engine)."""
from .rules import GAME, GrendizerGame  # noqa: F401
from .manifest import MANIFEST  # noqa: F401
