"""A larger fuzz run of the loader than the suite's (issue 14): N mutated files of every game.

Every case must be refused with RecordFileError or load, save back to the same bytes and give
`info --json`; anything else is a crash and is listed. Also times the refusal of a gzip bomb
(must be under a second) and of `/dev/zero`. With `--commands`, every case is also given to
`flickbook info`, `info --readable`, `info --json` and `check` (and Glik scenarios to
`solve`), in this process, printing to strict UTF-8 streams: an exception out of any is a
crash (tests/fuzzing.py `run_commands`). Usage: `bench/fuzz.py [CASES] [SEED] [--commands]`;
FUZZ_CODE=DIR runs another checkout's code on the same cases (to count before and after).
Prints its figures, then one JSON line.
"""
from __future__ import annotations

import collections
import resource
import sys
import time
import traceback
from pathlib import Path

import os  # noqa: E402
import tempfile  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [os.environ.get("FUZZ_CODE", str(ROOT)), str(ROOT / "tests")]

from fuzzing import _gzip_bomb, cases, run_case, run_commands  # noqa: E402
from timeline import RecordFileError, load_record, loads  # noqa: E402
from bench.benchkit import report, size  # noqa: E402

TARGETS = {"crashes": "== 0", "gzip_bomb_refused_s": "< 1", "forged_gzip_bomb_refused_s": "< 1",
           "dev_zero_refused_s": "< 1", "seconds": None}


def refusal_seconds(fn) -> float:
    start = time.perf_counter()
    try:
        fn()
    except RecordFileError:
        return round(time.perf_counter() - start, 3)
    raise AssertionError("not refused")


def main() -> None:
    argv = [a for a in sys.argv[1:] if a != "--commands"]
    commands = "--commands" in sys.argv[1:]
    n = int(argv[0]) if argv else size(12000, 150)
    seed = int(argv[1]) if len(argv) > 1 else 2026
    folder = tempfile.mkdtemp(prefix="fuzz-")
    outcomes = collections.Counter()
    crashes = collections.Counter()
    examples: dict[str, str] = {}
    slowest, slowest_name = 0.0, ""
    start = time.perf_counter()
    for name, raw in cases(seed, n):
        t = time.perf_counter()
        try:
            try:
                outcomes[run_case(raw, name)] += 1
            finally:
                if commands:
                    run_commands(raw, Path(folder))
        except Exception as exc:  # noqa: BLE001 - counting crashes is the point
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            place = f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}"
            crashes[place] += 1
            examples.setdefault(place, f"{name}: {str(exc)[:200]}")
        if time.perf_counter() - t > slowest:
            slowest, slowest_name = time.perf_counter() - t, name
    seconds = time.perf_counter() - start
    bomb = _gzip_bomb()
    figures = {
        "cases": n,
        "seed": seed,
        "code": os.environ.get("FUZZ_CODE", str(ROOT)),
        "commands": commands,
        "load_avg_1min": round(os.getloadavg()[0], 2),
        "refused": outcomes["refused"],
        "accepted": outcomes["accepted"],
        "crashes": sum(crashes.values()),
        "crash_places": dict(crashes),
        "crash_examples": examples,
        "seconds": round(seconds, 1),
        "slowest_case_s": round(slowest, 3),
        "slowest_case": slowest_name,
        "gzip_bomb_kb": len(bomb) // 1024,
        "gzip_bomb_refused_s": refusal_seconds(lambda: loads(bomb, "bomb.flick.gz")),
        "forged_gzip_bomb_refused_s": refusal_seconds(
            lambda: loads(_gzip_bomb(forged=True), "forged.flick.gz")),
        "dev_zero_refused_s": refusal_seconds(lambda: load_record("/dev/zero")),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    for key, value in figures.items():
        print(f"{key:>22}: {value}")
    report("fuzz", figures, TARGETS)


if __name__ == "__main__":
    main()
