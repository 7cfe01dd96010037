"""Flicked discs in PyBullet: a snapshot of discs plus a flick gives a recorded Motion.

Physics knows no game rules. `simulate` builds a fresh headless world from the snapshot on
every call, so the same flick on the same discs gives a bit-identical Motion.
"""
from .config import PIECE_SIZES, PieceSize
from .geometry import gap_at_rest, touching_at_rest
from .motion import Contact, Disc, Flick, Motion, is_upside_down, quantise_poses, yaw_of

__all__ = ["Contact", "Disc", "Flick", "Motion", "PIECE_SIZES", "PieceSize", "gap_at_rest",
           "is_upside_down", "quantise_poses", "simulate", "touching_at_rest", "warm_up", "yaw_of"]


def __getattr__(name):
    # `simulate` lives with PyBullet; imported on first use so that the data types load fast.
    if name in ("simulate", "warm_up"):
        from . import sim
        return getattr(sim, name)
    raise AttributeError(name)
