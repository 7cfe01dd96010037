"""Where authored scenarios are saved and what they are called (shared by every game's editor)."""
from __future__ import annotations

import os
import re
from pathlib import Path


def slugify(title: str) -> str:
    """A file name from a title: lower case words joined by hyphens ('puzzle' if none)."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug[:60].strip("-") or "puzzle"


def scenarios_dir(game: str) -> Path:
    """Where puzzles are saved: $FLICKBOOK_SCENARIOS/<game>/ (tests), else scenarios/<game>/ of
    a checkout; an installed program's own folder is replaced by an upgrade (or read-only), so
    there they go to scenarios/<game>/ in the user's data folder (where the autosave lives:
    $FLICKBOOK_HOME, else $XDG_DATA_HOME/flickbook or ~/.local/share/flickbook)."""
    from flickbook import resources
    from scenarios import SCENARIO_DIR

    root = os.environ.get("FLICKBOOK_SCENARIOS")
    if root:
        return Path(root).expanduser() / game
    if resources.in_checkout():
        return SCENARIO_DIR / game
    home = os.environ.get("FLICKBOOK_HOME")
    xdg = os.environ.get("XDG_DATA_HOME")
    user = Path(home) if home else (Path(xdg) if xdg else Path.home() / ".local" / "share") / "flickbook"
    return user / "scenarios" / game


def free_path(path: Path) -> Path:
    """`path`, or the first `name-2.flick`, `name-3.flick`, ... that does not exist yet."""
    path = Path(path)
    n = 2
    out = path
    while out.exists():
        out = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return out

