"""An idle real window's cost, thread by thread (needs Xvfb and xdotool).

Opens `flickbook demo glonk` under Xvfb, waits until the window draws nothing and its start-up
jobs (the record's motion check) are over, then reads /proc for IDLE_SPAN_S seconds:
- idle_core: the share of one core the whole process uses while nothing changes;
- threads: how many threads the process has;
- wakeups_s: voluntary context switches a second, all threads (a thread polling with a short
  timeout shows here even when its CPU rounds to nothing);
- main_core / others_core: the frame thread's share and every other thread's;
- frames_drawn: frames drawn in the span (0: an idle window draws nothing).
Ends with ONE JSON line. Usage: python bench/idle_window.py
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.benchkit import report, size  # noqa: E402

IDLE_SPAN_S = size(10, 1)
TARGETS = {"idle_core": "<= 0.03", "frames_drawn": "== 0", "wakeups_s": None,
           "main_core": None, "others_core": None, "threads": None}


def threads(pid: int) -> dict[str, tuple[int, int]]:
    """thread id -> (CPU ticks, voluntary context switches)."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            stat = open(f"/proc/{pid}/task/{tid}/stat").read().rsplit(")", 1)[1].split()
            status = open(f"/proc/{pid}/task/{tid}/status").read()
        except OSError:
            continue  # the thread ended
        switches = int(status.split("voluntary_ctxt_switches:")[1].split()[0])
        out[tid] = (int(stat[11]) + int(stat[12]), switches)
    return out


def main() -> None:
    from xvfb.desk import MISSING, Desk

    if MISSING:
        report("idle_window", {"skipped": "Xvfb/xdotool not installed"}, TARGETS)
        return
    desk = Desk(Path(tempfile.mkdtemp(prefix="flickbook-bench-")))
    try:
        desk.start("demo", "glonk")
        desk.settled()
        p = desk.wait(lambda p: not p["window_active"] and not p["jobs"], 60, "the window to idle")
        pid = desk.viewer.pid
        a, t0 = threads(pid), time.time()
        while time.time() < t0 + IDLE_SPAN_S:
            time.sleep(0.5)
        b, span = threads(pid), time.time() - t0
        tick = os.sysconf("SC_CLK_TCK")
        cpu = {t: (b[t][0] - a.get(t, (0, 0))[0]) / tick / span for t in b}
        main_core = cpu.get(str(pid), 0.0)
        report("idle_window", {
            "idle_core": round(sum(cpu.values()), 4),
            "main_core": round(main_core, 4),
            "others_core": round(sum(cpu.values()) - main_core, 4),
            "threads": len(b),
            "wakeups_s": round(sum(b[t][1] - a.get(t, (0, 0))[1] for t in b) / span, 1),
            "frames_drawn": desk.probe()["frames_drawn"] - p["frames_drawn"],
            "span_s": round(span, 1)}, TARGETS)
    finally:
        desk.stop()


if __name__ == "__main__":
    main()
