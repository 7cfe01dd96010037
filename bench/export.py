"""Export speed: seconds of 30 fps 1280x720 video made per second of wall time, by worker count.

Exports one stretch of the Glonk demo replay (a few flicks, `--from 8 --to 12`) to an MP4 with
1 rendering process (the old way: render, read back and encode in turn) and with N (this
process and N - 1 helpers rendering every N-th frame, one encoder), in the same run, so the
ratio holds on a busy machine. This process's app is warmed first; `video_per_wall_s` counts
the whole export, the helpers' start-up included;
`steady_video_per_wall_s` the frames after the first 10 (the rate a long export approaches).
Real time is 1.0. Prints one JSON line.
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
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def run(record, workers: int, out: Path, first: int, last: int, size, fps: float) -> dict:
    from viewer.export import export_video

    stamps = []
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
            "first_frame_s": round(stamps[0] - start, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--from", dest="first", type=int, default=8)
    parser.add_argument("--to", dest="last", type=int, default=12)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--fps", type=float, default=30.0)
    args = parser.parse_args()
    from timeline import load_record
    from viewer.render import parse_size

    record = load_record(Path(ROOT) / "scenarios" / "demo" / "glonk-demo.flick")
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
    base = runs[0]
    figures = {"size": args.size, "fps": args.fps, "cpus": os.cpu_count(),
               "load_1min": round(os.getloadavg()[0], 2), "runs": runs,
               "speedup_vs_first": {str(r["workers"]): round(
                   r["video_per_wall_s"] / base["video_per_wall_s"], 2) for r in runs}}
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
