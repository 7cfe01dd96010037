"""Game name -> its position editor (edit mode, F2). Each editor module is imported only when
needed; a game missing here has no editor, and F2 says so instead of touching its record."""
from __future__ import annotations

import importlib

_EDITORS = {
    "glik": "viewer.glik.editor:GlikEditor",
    "glonk": "viewer.glonk.editor:GlonkEditor",
    "grendizer": "viewer.grendizer.editor:GrendizerEditor",
}


#: Transitional, until viewer/glonk is on the Host wall (issue 36, its own branch): the editors
#: still made with the controller (their `host` set after); every other is made with the host.
GIVEN_THE_CONTROLLER = {"glonk"}


def editor_class(game_name: str):
    """The editor class for `game_name` (made with the window's host, `viewer.host.Host`), or
    None when it has none."""
    spec = _EDITORS.get(game_name)
    if spec is None:
        return None
    module_name, cls_name = spec.split(":")
    return getattr(importlib.import_module(module_name), cls_name)
