"""Export speed: seconds of 30 fps 1280x720 video made per second of wall time, by worker count.

Exports the Glonk demo replay (364 frames, 12.1 s of video; `--from`/`--to` pick a stretch) to
an MP4 with 1 rendering process (render, read back, and the encoder beside it) and with 2 (this
process and a helper taking every other frame, each writing its frames straight into the one
encoder in turn), alternating 1, 2, 1, 2 in one run and keeping each count's best, so the ratio
holds on a machine that others load too. This process's app is warmed first.

`video_per_wall_s` counts the whole export, a helper's start-up included (real time is 1.0);
`steady_video_per_wall_s` the frames after the first 10, the rate a long export approaches;
`cpu_ms_per_frame` all the CPU the export's processes used (renderers, encoder), and
`video_per_cpu_s` what one whole core makes of it: on a machine whose cores others keep busy
(`load_1min` says how busy), wall-time rates follow the share of the cores the export gets,
CPU rates do not. Prints one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # ahead of bench/ (its analysis.py, physics.py hide the packages)

from bench.benchkit import SMOKE, report  # noqa: E402

TARGETS = {"video_per_wall_s.1": None, "video_per_wall_s.2": None, "speedup.2": None,
           "video_per_cpu_s.1": None}


def run(record, workers: int, out: Path, first: int, last: int, size, fps: float) -> dict:
    from viewer.export import export_video

    stamps = []
    load = os.getloadavg()[0]
    start = time.perf_counter()
    cpu0 = os.times()
    result = export_video(record, out, size=size, fps=fps, first=first, last=last,
                          workers=workers, hold=0.2,
                          progress=lambda done, total: stamps.append(time.perf_counter()))
    wall = time.perf_counter() - start
    cpu1 = os.times()
    video = result["frames"] / fps
    skip = min(10, len(stamps) - 2)
    steady = (len(stamps) - 1 - skip) / fps / (stamps[-1] - stamps[skip])
    cpu = (cpu1.user - cpu0.user + cpu1.children_user - cpu0.children_user
           + cpu1.system - cpu0.system + cpu1.children_system - cpu0.children_system)
    return {"workers": workers, "frames": result["frames"], "wall_s": round(wall, 2),
            "video_per_wall_s": round(video / wall, 3),
            "steady_video_per_wall_s": round(steady, 3), "cpu_s": round(cpu, 2),
            "cpu_ms_per_frame": round(cpu / result["frames"] * 1000, 1),
            "video_per_cpu_s": round(video / cpu, 3), "first_frame_s": round(stamps[0] - start, 2),
            "load_1min": round(load, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 1, 2],
                        help="worker counts, run in this order (alternating evens out the load)")
    parser.add_argument("--from", dest="first", type=int, default=0)
    parser.add_argument("--to", dest="last", type=int, default=None)
    demo = Path(ROOT) / "scenarios" / "demo" / "glonk-demo.flick"
    parser.add_argument("--file", default=str(demo),
                        help="the record to export (default: the Glonk demo)")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--fps", type=float, default=30.0)
    args = parser.parse_args()
    if SMOKE:  # a few small frames, one run of each count
        args.workers, args.size = [1, 2], "320x180"
        args.last = args.first + 2 if args.last is None else args.last
    from timeline import load_record
    from viewer.render import parse_size

    record = load_record(args.file)
    size = parse_size(args.size)
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        # warm: this process's offscreen app exists before either run (a CLI export pays its
        # start-up whatever the worker count; the helpers' start-up is counted)
        run(record, 1, Path(tmp) / "warm.mp4", args.first, args.first + 1, (320, 180), args.fps)
        for n in args.workers:
            runs.append(run(record, n, Path(tmp) / f"w{n}.mp4", args.first, args.last, size,
                            args.fps))
            print(runs[-1], file=sys.stderr)
    best = {}
    for r in runs:  # the best of each worker count: the run the other helpers disturbed least
        kept = best.get(r["workers"])
        if kept is None or r["video_per_wall_s"] > kept["video_per_wall_s"]:
            best[r["workers"]] = r
    base = best[runs[0]["workers"]]
    figures = {"file": Path(args.file).name, "size": args.size, "fps": args.fps,
               "cpus": os.cpu_count(),
               "load_1min": round(os.getloadavg()[0], 2), "frames": runs[0]["frames"],
               "video_per_wall_s": {str(n): r["video_per_wall_s"] for n, r in best.items()},
               "steady_video_per_wall_s": {str(n): r["steady_video_per_wall_s"]
                                           for n, r in best.items()},
               "speedup": {str(n): round(r["video_per_wall_s"] / base["video_per_wall_s"], 2)
                           for n, r in best.items()},
               "cpu_ms_per_frame": {str(n): r["cpu_ms_per_frame"] for n, r in best.items()},
               "video_per_cpu_s": {str(n): r["video_per_cpu_s"] for n, r in best.items()},
               "runs": runs}
    report("export", figures, TARGETS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
