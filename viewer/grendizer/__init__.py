"""The Grendizer XperienZ scene of the viewer: board, tokens, cards, hand and outcome list.

`GrendizerScene` is loaded on first use, so `python -m viewer.grendizer.cards` runs cleanly.
"""


def __getattr__(name):
    if name == "GrendizerScene":
        from .scene import GrendizerScene

        return GrendizerScene
    raise AttributeError(name)
