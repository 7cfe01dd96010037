"""The Grendizer XperienZ scene of the viewer: board, tokens, cards, hand and outcome list."""
from .scene import GrendizerScene  # noqa: F401
