"""PyBullet's connect line is hidden by pointing the process's stdout at /dev/null for a
moment; threads that connect at once (the viewer's ghost path, motion check and flick
simulation) must take turns, or one keeps the other's /dev/null as stdout for good."""
from __future__ import annotations

import os
import threading

from physics import sim


def _stdout_file():
    st = os.fstat(1)
    return st.st_dev, st.st_ino


def test_a_second_thread_waits_its_turn_and_stdout_comes_back():
    before = _stdout_file()
    first = sim._QuietStdout()
    first.__enter__()
    entered = threading.Event()

    def other():
        with sim._QuietStdout():
            entered.set()

    t = threading.Thread(target=other, daemon=True)
    t.start()
    assert not entered.wait(0.3), "the second thread waits while the first one hides stdout"
    first.__exit__(None, None, None)
    t.join(10)
    assert entered.is_set()
    assert _stdout_file() == before


def test_threads_that_flick_at_once_leave_stdout_as_it_was():
    from physics.motion import Disc, Flick

    before = _stdout_file()
    discs = [Disc("a", 0.02, 0.004, 0.003, 0.0, 0.0), Disc("b", 0.02, 0.004, 0.003, 0.2, 0.0)]

    def flick():
        sim.simulate(discs, Flick("a", 0.0, 0.5))

    threads = [threading.Thread(target=flick, daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert _stdout_file() == before
