"""Game name -> Scene class (its manifest's `scene`), imported only when needed."""
from __future__ import annotations

from games.registry import part


def scene_class(game_name: str):
    """The Scene subclass for `game_name`; ValueError when that game has no 3D scene yet."""
    scene = part(game_name, "scene")
    if scene is None:
        raise ValueError(f"the viewer has no 3D scene for {game_name!r} yet")
    return scene
