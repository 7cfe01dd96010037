"""Work for tests/test_viewer_jobs.py's analysis worker (imported there by name)."""
from __future__ import annotations

import os
import time


def count(n: int, on_progress=None):
    for i in range(1, n + 1):
        if on_progress is not None:
            on_progress(i, n)
    return ("counted", n, os.getpid())


def slow(seconds: float):
    time.sleep(seconds)
    return os.getpid()


def fail():
    raise ValueError("no good")
