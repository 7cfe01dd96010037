"""`make dist`: desktop bundles with Panda3D's bdist_apps, one archive per platform in dist/.

    python bundle/build.py [PLATFORM ...]     (default: every platform setup.py configures)

build_apps downloads each platform's wheels from PyPI. pybullet publishes wheels for Linux only,
so a Windows or macOS bundle needs a pybullet wheel built on that system and put into
bundle/wheels/ (`pip wheel pybullet==3.2.7 -w bundle/wheels`, with a C++ compiler: Visual
Studio Build Tools or Xcode's command line tools); it is found there like PyPI's. A platform
asked for by name that cannot be built fails; by default such a platform is skipped, saying why.
"""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WHEELS = ROOT / "bundle" / "wheels"
# The platforms setup.py configures for build_apps.
CONFIGURED = ast.literal_eval(re.search(r'"platforms": (\[[^]]*\])', (ROOT / "setup.py").read_text())[1])
PYBULLET = next(line for line in (ROOT / "bundle" / "requirements.txt").read_text().splitlines()
                if line.startswith("pybullet"))
# Platforms for which PyPI has every wheel the bundle needs (see bundle/requirements.txt).
PYPI_COMPLETE = ("manylinux2014_x86_64",)


def pybullet_wheel_found(platform: str, env: dict) -> bool:
    """Whether pip finds a pybullet wheel for `platform` (in bundle/wheels or on PyPI)."""
    with tempfile.TemporaryDirectory() as tmp:
        found = subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:",
             "--platform", platform, "--abi", f"cp{sys.version_info[0]}{sys.version_info[1]}",
             "-d", tmp, PYBULLET], env=env, capture_output=True)
    return found.returncode == 0


def main(asked: list[str]) -> int:
    platforms = asked or list(CONFIGURED)
    env = dict(os.environ, PIP_FIND_LINKS=" ".join(
        filter(None, (str(WHEELS), os.environ.get("PIP_FIND_LINKS")))))
    failed = []
    for platform in platforms:
        if platform not in PYPI_COMPLETE and not pybullet_wheel_found(platform, env):
            why = (f"{platform}: no pybullet wheel (PyPI has none for it); build one on that system"
                   f" with `pip wheel {PYBULLET} -w bundle/wheels` and copy it to {WHEELS}")
            print(f"bundle: {why}", file=sys.stderr)
            if asked:
                failed.append(platform)
            continue
        print(f"bundle: building {platform}", flush=True)
        done = subprocess.run([sys.executable, "setup.py", "-q", "bdist_apps", "-p", platform],
                              cwd=ROOT, env=env)
        if done.returncode:
            failed.append(platform)
    for archive in sorted((ROOT / "dist").glob("flickbook-*_*")):
        print(f"bundle: {archive.relative_to(ROOT)} ({archive.stat().st_size >> 20} MiB)")
    if failed:
        print(f"bundle: not built: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
