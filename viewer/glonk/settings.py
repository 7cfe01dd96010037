"""Glonk house options kept in the user's settings file (the aim preview, the explorer)."""
from __future__ import annotations

import json

from flickbook.places import settings_path


def _settings(path) -> dict:
    """The user's settings, read through the strict door of every file; {} when unreadable."""
    from timeline.fileformat import RecordFileError, read_strict

    try:
        data = read_strict(path, "settings")
    except RecordFileError:
        return {}
    return data if isinstance(data, dict) else {}


def setting(name: str, default):
    """A Glonk house option kept in the user's settings (e.g. no aim preview)."""
    glonk = _settings(settings_path()).get("glonk", {})
    return glonk.get(name, default) if isinstance(glonk, dict) else default


def save_setting(name: str, value) -> None:
    """Keep a Glonk house option in the user's settings (silently, if they cannot be written)."""
    path = settings_path()
    data = _settings(path)
    if not isinstance(data.get("glonk"), dict):
        data["glonk"] = {}
    data["glonk"][name] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1))
    except OSError:
        pass
