"""Game name -> Scene class. Each game's scene module is imported only when needed."""
from __future__ import annotations

import importlib

_SCENES = {
    "glik": "viewer.glik.scene:GlikScene",
    "glonk": "viewer.glonk.scene:GlonkScene",
    "grendizer": "viewer.grendizer:GrendizerScene",
}


def scene_class(game_name: str):
    """The Scene subclass for `game_name`; ValueError when that game has no 3D scene yet."""
    spec = _SCENES.get(game_name)
    if spec is None:
        raise ValueError(f"no 3D scene for game {game_name!r}")
    module_name, cls_name = spec.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise ValueError(f"the viewer has no 3D scene for {game_name!r} yet") from exc
        raise
    return getattr(module, cls_name)
