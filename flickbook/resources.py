"""Where the program finds its own files: shaders, textures, rule and card data, scenarios.
Textures and fonts live in the top-level `assets` package (a package of data only): `asset()`.

Every bundled file is looked up here, through the package that ships it (`importlib.resources`),
never through the current folder, so one call finds it in a checkout, in an installed wheel and
in a desktop bundle made by Panda3D's `build_apps`. A bundle's modules are frozen into the
executable and have no package folder: its files are copied beside the executable under their
package path (on macOS into the app's `Resources`), and that is where they are looked up.
"""
from __future__ import annotations

import atexit
import contextlib
import sys
from importlib import resources as _resources
from pathlib import Path

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


class MissingResource(FileNotFoundError):
    """A file the program ships is not there: the installation is incomplete."""


def _frozen_root(package: str) -> Path:
    relative = Path(*package.split("."))
    here = Path(sys.executable).resolve().parent
    for base in (here, here.parent / "Resources"):
        if (base / relative).is_dir():
            return base / relative
    return here / relative


def path(package: str, *parts: str, missing_ok: bool = False) -> Path:
    """The real path of file or folder `parts` shipped inside `package` (a regular package, such
    as "viewer" or "games.glik"). MissingResource when it is absent, unless `missing_ok` (for
    the tools that write these files)."""
    if getattr(sys, "frozen", False):
        found = _frozen_root(package).joinpath(*parts)
    else:
        found = _resources.files(package).joinpath(*parts)
        if not isinstance(found, Path):  # inside a zip: give Panda3D's loaders a real file
            found = _extracted.enter_context(_resources.as_file(found))
    if not missing_ok and not found.exists():
        name = "/".join((*package.split("."), *parts))
        raise MissingResource(f"flickbook's own file {name} is missing; reinstall flickbook")
    return found


def asset(*parts: str, missing_ok: bool = False) -> Path:
    """A file or folder of the top-level `assets` package (textures and their provenance), as
    `path` finds it: `asset("glonk", "stickers.png")`."""
    return path("assets", *parts, missing_ok=missing_ok)


def in_checkout() -> bool:
    """Whether the program runs from its source checkout, where the bundled files are made."""
    if getattr(sys, "frozen", False):
        return False
    return (Path(str(_resources.files("flickbook"))).parent / "pyproject.toml").is_file()


def read_text(package: str, *parts: str) -> str:
    """The UTF-8 text of a shipped file."""
    return path(package, *parts).read_text(encoding="utf-8")
