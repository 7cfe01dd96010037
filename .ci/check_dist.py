"""Fail (exit 1) when a built wheel or sdist lacks a file the program is made of.

    python .ci/check_dist.py dist/flickbook-X-py3-none-any.whl dist/flickbook-X.tar.gz

Every file git tracks in the program's packages (code, shaders, textures, rule and card data,
scenarios) must be in each archive, at its package path; the sdist also needs what builds the
wheel again and tests it (MANIFEST.in). Run from the checkout root.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

PACKAGES = ("flickbook", "games", "timeline", "physics", "scenarios", "analysis", "viewer",
            "assets")
# The sdist also carries what builds, tests and documents the program (MANIFEST.in).
SDIST_EXTRA = ("pyproject.toml", "README.md", "setup.py", "Makefile", "MANIFEST.in", "bundle",
               "authoring", "tests", "docs", ".ci", "bench")


def tracked(*paths: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", "--", *paths], capture_output=True, text=True,
                         check=True).stdout
    return [line for line in out.splitlines() if line]


def members(archive: str) -> set[str]:
    if archive.endswith(".whl"):
        with zipfile.ZipFile(archive) as whl:
            return set(whl.namelist())
    with tarfile.open(archive) as sdist:  # names start with "flickbook-X/"
        return {str(PurePosixPath(*PurePosixPath(m.name).parts[1:])) for m in sdist.getmembers()}


def main(archives: list[str]) -> int:
    version = re.search(r'__version__ = "([^"]+)"', Path("flickbook/__init__.py").read_text())[1]
    wanted = tracked(*PACKAGES) + ["flickbook_cli.py"]
    if not [f for f in wanted if f.endswith((".vert", ".frag", ".png", ".flick", ".json"))]:
        print("check_dist: git lists no data files; run it from the checkout", file=sys.stderr)
        return 1
    failed = False
    for archive in archives:
        have = members(archive)
        need = wanted + ([] if archive.endswith(".whl") else tracked(*SDIST_EXTRA))
        missing = [f for f in need if f not in have]
        if f"-{version}" not in archive:
            print(f"{archive}: not version {version} (flickbook/__init__.py)", file=sys.stderr)
            failed = True
        for name in missing:
            print(f"{archive}: missing {name}", file=sys.stderr)
        failed |= bool(missing)
        if not missing:
            print(f"{archive}: all {len(need)} files present")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
