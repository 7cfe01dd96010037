"""Glonk house options kept in the user's settings file (the aim preview, the explorer)."""
from __future__ import annotations

import json

from flickbook.places import settings_path


def setting(name: str, default):
    """A Glonk house option kept in the user's settings (e.g. no aim preview)."""
    try:
        return json.loads(settings_path().read_text()).get("glonk", {}).get(name, default)
    except (OSError, ValueError, AttributeError):
        return default


def save_setting(name: str, value) -> None:
    """Keep a Glonk house option in the user's settings (silently, if they cannot be written)."""
    path = settings_path()
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        data = {}
    data.setdefault("glonk", {})[name] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1))
    except OSError:
        pass
