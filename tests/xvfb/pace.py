"""How long a test may wait for something, on this machine as it is now.

A wait in a test is a condition polled until it holds, with a limit so that a broken program
fails instead of hanging. The limits are written for a quiet machine; on a machine that others
keep busy the same work takes longer, so every limit is multiplied by `factor()`:
- the load: the 1-minute load average over the cores (8 busy processes on 2 cores: 4x);
- a calibration step: the wall time of a fixed piece of Python work over the CPU time it got
  (on a machine whose cores others share, the work waits for its turn: 3x when it got a third
  of a core; this catches a burst of load that the 1-minute average has not seen yet);
whichever is larger, at least 1 and at most MAX_FACTOR. FLICKBOOK_WAIT_FACTOR=N sets it.
The factor is measured again at most every REFRESH_S seconds.
"""
from __future__ import annotations

import os
import time

MAX_FACTOR = 8.0
REFRESH_S = 5.0

_cached: tuple[float, float] | None = None  # (when measured, factor)


def _calibration_work() -> int:
    total = 0
    for i in range(200_000):
        total += i * i % 7
    return total


def calibration_ratio() -> float:
    """The calibration step's wall time over its CPU time (about 10 ms of CPU)."""
    wall, cpu = time.perf_counter(), time.thread_time()
    _calibration_work()
    return (time.perf_counter() - wall) / max(time.thread_time() - cpu, 1e-4)


def load_ratio() -> float:
    """The 1-minute load average over the cores (1.0 when the system cannot tell)."""
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except (AttributeError, OSError):
        return 1.0


def factor() -> float:
    """How many times longer than on a quiet machine a wait may take now (1 to MAX_FACTOR)."""
    global _cached
    fixed = os.environ.get("FLICKBOOK_WAIT_FACTOR")
    if fixed:
        return max(1.0, float(fixed))
    now = time.monotonic()
    if _cached is None or now - _cached[0] > REFRESH_S:
        _cached = (now, min(MAX_FACTOR, max(1.0, load_ratio(), calibration_ratio())))
    return _cached[1]


def scaled(seconds: float) -> float:
    """A quiet machine's limit of `seconds`, for this machine now."""
    return seconds * factor()


def deadline(seconds: float) -> float:
    """The time.time() by which a wait of `seconds` (a quiet machine's limit) must be over."""
    return time.time() + scaled(seconds)
