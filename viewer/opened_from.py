"""Which file an autosave belongs to, so a restored record still saves back to that file.

Beside each autosave file `X.flick` the viewer keeps `X.flick.source`: one line, the path of
the file the autosaved record was opened from or last saved to (none: a record never saved).
The record itself is left as the user made it.
"""
from __future__ import annotations

import os
from pathlib import Path


def _sidecar(autosave: Path) -> Path:
    return autosave.with_name(autosave.name + ".source")


def remember(autosave: Path, source: Path | None) -> None:
    """Note that the record autosaved at `autosave` belongs to `source` (None: to no file).
    OSError when the folder cannot be written."""
    path = _sidecar(Path(autosave))
    if source is None:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(str(Path(source).resolve()) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def recall(autosave: Path) -> Path | None:
    """The file the record autosaved at `autosave` belongs to, if any."""
    try:
        text = _sidecar(Path(autosave)).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return Path(text) if text else None


def forget(autosave: Path) -> None:
    try:
        _sidecar(Path(autosave)).unlink(missing_ok=True)
    except OSError:
        pass
