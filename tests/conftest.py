import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
TESTS = os.path.dirname(os.path.abspath(__file__))
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

import tempfile  # noqa: E402

# No test writes into the user's own data folder (progress, autosaves, course chapters): each
# test process, and every window it starts, gets a folder of its own unless a test sets one.
os.environ.setdefault("FLICKBOOK_HOME", tempfile.mkdtemp(prefix="flickbook-test-home-"))

from games.registry import register_game  # noqa: E402

register_game("toy", "toygame")


# --- lanes: `window`, `offscreen`, `slow` (registered in pyproject.toml) -------------------------
# A test is marked by what its module uses, so a new test file is in the right lane without
# a mark by hand: `window` when the module opens real windows (it has xvfb.desk's Desk),
# `offscreen` when it renders with Panda3D without a window; `slow` when it is listed in
# tests/slow_tests.txt (measured over 10 s on the 2-core machine; refresh the list with
# `pytest --durations=0` when a test grows slow; a parametrized test is listed by its name).
import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

_OFFSCREEN = re.compile(r"offscreen|ViewerApp|p3headlessgl|render_frames")
_SLOW_LIST = Path(TESTS) / "slow_tests.txt"


def _slow_ids() -> set[str]:
    if not _SLOW_LIST.exists():
        return set()
    lines = (line.split("#", 1)[0].strip() for line in _SLOW_LIST.read_text().splitlines())
    return {line for line in lines if line}


def _lane(module, cache: dict) -> str | None:
    if module not in cache:
        from xvfb.desk import Desk

        if getattr(module, "Desk", None) is Desk:
            cache[module] = "window"
        else:
            try:
                source = Path(module.__file__).read_text(encoding="utf-8")
            except (OSError, TypeError):
                source = ""
            cache[module] = "offscreen" if _OFFSCREEN.search(source) else None
    return cache[module]


def pytest_collection_modifyitems(config, items):
    slow = _slow_ids()
    lanes: dict = {}
    for item in items:
        module = getattr(item, "module", None)
        lane = _lane(module, lanes) if module is not None else None
        if lane:
            item.add_marker(getattr(pytest.mark, lane))
        base = item.nodeid.split("[", 1)[0]
        if item.nodeid in slow or base in slow:
            item.add_marker(pytest.mark.slow)
