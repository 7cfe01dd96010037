"""Is every flick seen from its first frame? A real window under Xvfb (needs Xvfb, xdotool).

Opens a small Glonk position and flicks G1 with real mouse gestures released at once (so the
flick is simulated off the frame thread after the release, the slow case), at the load the
machine has and then beside BUSY extra processes that keep a core each busy. For each flick:
- latency_ms: from the release (the viewer's `flick_released` mark) to the frame that drew
  the first position of its motion (the clock's `first_drawn_at`); simulated_ms: of that,
  until the simulation's result reached the frame thread (`motion_ready`);
- first_along / second_along: how far along the disc's path (share of its length) the first
  and the second drawn frames show it (the clock's playback times, read off the recorded
  motion).
Ends with ONE JSON line: medians per load, with the load average beside them.
Usage: python bench/flick_first_frame.py [--flicks N] [--busy K]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from argparse import Namespace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.benchkit import report, size  # noqa: E402

# FLICKBOOK_BENCH=smoke: one flick at the machine's own load, no busy processes.
TARGETS = {"first_along_quiet": "<= 0.05", "first_along_busy": "<= 0.05",
           "latency_ms_quiet": None, "latency_ms_busy": None}


def _along(motion, pid, times):
    """Share of the disc's path length covered at each of `times` (s)."""
    import numpy as np

    i = motion.index(pid)
    ts = np.linspace(0.0, float(motion.duration), 400)
    pts = np.array([motion.pose_at(t)[i][:2] for t in ts])
    seg = np.hypot(*np.diff(pts, axis=0).T)
    total = float(seg.sum()) or 1.0
    cum = np.concatenate([[0.0], np.cumsum(seg)])
    return [float(np.interp(t, ts, cum) / total) for t in times]


def run(flicks: int, busy: int) -> dict:
    from xvfb.mirror import Mirror
    from test_flick_follow_through_e2e import _position_file, _pull
    from timeline import load_record
    from xvfb.desk import Desk

    tmp = Path(tempfile.mkdtemp(prefix="flickbook-bench-"))
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
    state, path = _position_file(tmp)
    desk = Desk(tmp)
    mirror = Mirror(desk, Namespace(command="open", file=str(path)))
    rows = []
    try:
        desk.start("open", str(path))
        desk.key("t")
        start = desk.settled()
        mirror.sync()
        for k in range(flicks):
            start_px, end_px, _ = _pull(mirror, state, pull=0.04 + 0.02 * k, aim=30.0 + 20 * k)
            steps = [w for j in range(1, 7) for w in (
                "mousemove", "--window", desk.wid,
                str(round(start_px[0] + (end_px[0] - start_px[0]) * j / 6)),
                str(round(start_px[1] + (end_px[1] - start_px[1]) * j / 6)))]
            desk.move(*start_px)
            desk.down()
            desk.x(*steps, "mouseup", "1")
            p = desk.wait(lambda p: p["nodes"] == start["nodes"] + 1 and p["clock_first_drawn"]
                          and len(p["clock_first_times"]) >= 2, 90, "the flick's first frames")
            desk.settled()
            rec = None
            deadline = time.time() + 30
            while rec is None:
                try:
                    rec = load_record(tmp / "home" / "autosave.flick")
                    node = rec.root.variations[-1]
                    motion = node.stored_motion or node.motion
                    assert str(node.action) == p["node_action"]
                except Exception:  # noqa: BLE001 - the autosave is still being written
                    rec = None
                    if time.time() > deadline:
                        raise
                    time.sleep(0.2)
            first, second = _along(motion, "G1", p["clock_first_times"][:2])
            released = p["marks"]["flick_released"]
            rows.append({"latency_ms": (p["clock_first_drawn"] - released) * 1000,
                         "simulated_ms": (p["marks"]["motion_ready"] - released) * 1000,
                         "first_along": first, "second_along": second,
                         "duration_s": float(motion.duration)})
            desk.key("ctrl+z")
            desk.wait(lambda p: p["nodes"] == start["nodes"], 30, "the flick undone")
            desk.move(40, 40)
    finally:
        mirror.close()
        desk.stop()
        for h in hogs:
            h.kill()
            h.wait()
    med = {key: round(statistics.median(r[key] for r in rows), 3) for key in rows[0]}
    return {"busy_processes": busy, "load1": round(os.getloadavg()[0], 2), "flicks": len(rows),
            **med, "max_first_along": round(max(r["first_along"] for r in rows), 3),
            "max_latency_ms": round(max(r["latency_ms"] for r in rows), 1)}


def main() -> None:
    from xvfb.desk import MISSING

    ap = argparse.ArgumentParser()
    ap.add_argument("--flicks", type=int, default=size(3, 1))
    ap.add_argument("--busy", type=int, default=size(2, 0))
    args = ap.parse_args()
    if MISSING:
        report("flick_first_frame", {"skipped": "Xvfb/xdotool not installed"}, TARGETS)
        return
    quiet = run(args.flicks, 0)
    figures = {"first_along_quiet": quiet["first_along"], "latency_ms_quiet": quiet["latency_ms"],
               "runs": [quiet]}
    if args.busy:
        busy = run(args.flicks, args.busy)
        figures.update(first_along_busy=busy["first_along"], latency_ms_busy=busy["latency_ms"])
        figures["runs"].append(busy)
    report("flick_first_frame", figures, TARGETS)


if __name__ == "__main__":
    main()
