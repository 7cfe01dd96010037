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
