"""Game name -> its position editor (edit mode, F2; its manifest's `editor`), imported only when
needed; a game without one has no editor, and F2 says so instead of touching its record."""
from __future__ import annotations

from games.registry import part


def editor_class(game_name: str):
    """The editor class for `game_name` (made with the window's host, `viewer.host.Host`), or
    None when it has none."""
    return part(game_name, "editor")
