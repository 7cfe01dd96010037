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
    """Where puzzles are saved: scenarios/<game>/, or $FLICKBOOK_SCENARIOS/<game>/ (tests)."""
    from scenarios import SCENARIO_DIR

    root = os.environ.get("FLICKBOOK_SCENARIOS")
    return (Path(root).expanduser() if root else SCENARIO_DIR) / game


def free_path(path: Path) -> Path:
    """`path`, or the first `name-2.flick`, `name-3.flick`, ... that does not exist yet."""
    path = Path(path)
    n = 2
    out = path
    while out.exists():
        out = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return out

