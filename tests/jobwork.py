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


def steps(n: int, tag: str = ""):
    """A job in steps: each step's progress comes with the partial result so far."""
    seen = []
    for i in range(1, n + 1):
        seen.append(f"{tag}{i}")
        if i < n:
            yield i, n, list(seen)
    return seen


def endless(tag: str):
    """Steps until it is cancelled (a worker that drops it between steps is not ended)."""
    i = 0
    while True:
        i += 1
        yield i, 0, tag
        time.sleep(0.01)


def pid():
    return os.getpid()
