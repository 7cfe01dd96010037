"""The fuzz run of issue 28: N mutated files of every game, and N files of known answer.

1. N mutated files (tests/fuzzing.py): every case must be refused with RecordFileError or
   load, save back to the same bytes and give `info --json`; then `flickbook info`,
   `info --readable`, `info --json` and `check` run on it (and `solve` on scenarios with a goal:
   Glik whole, Grendizer one turn, Glonk one turn on every 25th), in this process, printing to
   strict UTF-8 streams: an exception out of any is a crash (tests/fuzzing.py `run_commands`).
2. N files of known answer (tests/fuzz_oracle.py): real lessons, puzzles, records with
   analysis, camera views, drawings, motions and courses with one change the format forbids
   (loading it is a *silent accept*) or allows (refusing it is a *valid file refused*), limits
   at and one past them; each also goes through the commands (crashes counted with 1).

Also times the refusal of a gzip bomb (under a second) and of `/dev/zero`. The window's side
(every file opened in one real window) is tests/test_fuzz_window_e2e.py.

Usage: `bench/fuzz.py [CASES] [SEED] [--load-only] [--workers=K]` (K processes share the
cases; with FUZZ_PARTIAL=DIR each writes its counts so far there every 100 cases, and
`--merge-partial` prints what a run cut short had found; CASES: 12,000 each, 80 in smoke mode,
FLICKBOOK_BENCH=smoke); FUZZ_CODE=DIR runs another checkout's code on the same cases (to count
before and after). Prints its figures, then one JSON line.
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
from fuzz_oracle import judge, oracle_cases  # noqa: E402
from timeline import RecordFileError, load_record, loads  # noqa: E402
from bench.benchkit import report, size  # noqa: E402

TARGETS = {"crashes": "== 0", "silent_accepts": "== 0", "valid_refused": "== 0",
           "gzip_bomb_refused_s": "< 1", "forged_gzip_bomb_refused_s": "< 1",
           "dev_zero_refused_s": "< 1", "seconds": None}


def refusal_seconds(fn) -> float:
    start = time.perf_counter()
    try:
        fn()
    except RecordFileError:
        return round(time.perf_counter() - start, 3)
    raise AssertionError("not refused")


def _place(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}"


def run_part(n: int, seed: int, part: int, parts: int, commands: bool,
             partial: Path | None = None) -> dict:
    """Cases part, part + parts, ... of both runs, taken in turn (a mutated file, then one of
    known answer): counters, in JSON types. With `partial`, the counters so far are written
    there every 100 cases (a run cut short still says what it found)."""
    import itertools
    import json

    folder = tempfile.mkdtemp(prefix="fuzz-")
    outcomes = collections.Counter()
    crashes = collections.Counter()
    examples: dict[str, str] = {}
    known = collections.Counter()
    silent, refused_valid = collections.Counter(), collections.Counter()
    wrong_examples: dict[str, str] = {}
    slowest, slowest_name = 0.0, ""
    spent = {"mutated": 0.0, "known": 0.0}
    counts = {"mutated": 0, "known": 0}
    start = time.perf_counter()

    def crashed(exc, name):
        place = _place(exc)
        crashes[place] += 1
        examples.setdefault(place, f"{name}: {str(exc)[:200]}")

    def mutated(k, name, raw):
        try:
            try:
                outcomes[run_case(raw, name)] += 1
            finally:
                if commands:
                    run_commands(raw, Path(folder), solve_flicks=k % 25 == 0)
        except Exception as exc:  # noqa: BLE001 - counting crashes is the point
            crashed(exc, name)

    def of_known_answer(k, name, raw, expect, suffix):
        kind = name.split(" ", 1)[1] if " " in name else name
        try:
            try:
                got = judge(raw, suffix, Path(folder))
            finally:
                if commands:
                    run_commands(raw, Path(folder), name="oracle" + suffix,
                                 solve_flicks=k % 25 == 0)
        except Exception as exc:  # noqa: BLE001
            crashed(exc, name)
            return
        known[f"{expect}-{got}"] += 1
        if expect == "refuse" and got == "accepted":
            silent[kind] += 1
            wrong_examples.setdefault(kind, name)
        elif expect == "accept" and got == "refused":
            refused_valid[kind] += 1
            wrong_examples.setdefault(kind, name)

    def figures():
        return {"outcomes": outcomes, "crashes": crashes, "examples": examples, "known": known,
                "silent": silent, "refused_valid": refused_valid,
                "wrong_examples": wrong_examples, "slowest": [slowest, slowest_name],
                "mutated_seconds": spent["mutated"], "seconds": time.perf_counter() - start,
                "counts": counts,
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}

    pairs = itertools.zip_longest(cases(seed, n), oracle_cases(seed, n))
    for k, (case, oracle) in enumerate(pairs):
        if k % parts != part:
            continue
        for what, item in (("mutated", case), ("known", oracle)):
            if item is None:
                continue
            t = time.perf_counter()
            if what == "mutated":
                mutated(k, *item)
            else:
                of_known_answer(k, *item)
            took = time.perf_counter() - t
            spent[what] += took
            counts[what] += 1
            if took > slowest:
                slowest, slowest_name = took, item[0]
        if partial is not None and counts["mutated"] % 100 == 0:
            tmp = partial.with_suffix(".tmp")
            tmp.write_text(json.dumps(figures()))
            tmp.replace(partial)
    return figures()


def _merge(parts: list[dict]) -> dict:
    total = {key: collections.Counter() for key in
             ("outcomes", "crashes", "known", "silent", "refused_valid")}
    merged = {**total, "examples": {}, "wrong_examples": {}, "slowest": [0.0, ""],
              "mutated_seconds": 0.0, "seconds": 0.0, "peak_rss_mb": 0.0,
              "counts": collections.Counter()}
    for part in parts:
        for key in (*total, "counts"):
            merged[key].update(part.get(key, {}))
        for key in ("examples", "wrong_examples"):
            for k, v in part[key].items():
                merged[key].setdefault(k, v)
        merged["slowest"] = max(merged["slowest"], part["slowest"])
        for key in ("mutated_seconds", "seconds", "peak_rss_mb"):
            merged[key] = max(merged[key], part[key])  # the parts run side by side
    return merged


def main() -> None:
    import json
    import subprocess

    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    argv = [a for a in sys.argv[1:] if not a.startswith("--")]
    commands = "--load-only" not in flags
    n = int(argv[0]) if argv else size(12000, 80)
    seed = int(argv[1]) if len(argv) > 1 else 2026
    workers = next((int(f.split("=", 1)[1]) for f in flags if f.startswith("--workers=")), 1)
    part = next((f.split("=", 1)[1] for f in flags if f.startswith("--part=")), None)
    if part is not None:  # one of --workers' processes: its counters as one JSON line
        i, k = map(int, part.split("/"))
        where = os.environ.get("FUZZ_PARTIAL")
        print(json.dumps(run_part(n, seed, i, k, commands,
                                  Path(where) / f"part-{i}.json" if where else None)))
        return
    if "--merge-partial" in flags:  # a run cut short: what its parts had found so far
        where = Path(os.environ["FUZZ_PARTIAL"])
        r = _merge([json.loads(f.read_text()) for f in sorted(where.glob("part-*.json"))])
        r["counts"] = dict(r["counts"])
        print(json.dumps({k: (dict(v) if isinstance(v, collections.Counter) else v)
                          for k, v in r.items()}))
        return
    start = time.perf_counter()
    if workers > 1:
        procs = [subprocess.Popen([sys.executable, __file__, str(n), str(seed), f"--part={i}/{workers}",
                                   *(["--load-only"] if not commands else [])],
                                  stdout=subprocess.PIPE, text=True) for i in range(workers)]
        r = _merge([json.loads(proc.communicate()[0].strip().splitlines()[-1]) for proc in procs])
    else:
        where = os.environ.get("FUZZ_PARTIAL")
        r = run_part(n, seed, 0, 1, commands, Path(where) / "part-0.json" if where else None)
    seconds = time.perf_counter() - start
    outcomes, crashes, examples, known = r["outcomes"], r["crashes"], r["examples"], r["known"]
    silent, refused_valid, wrong_examples = r["silent"], r["refused_valid"], r["wrong_examples"]
    slowest, slowest_name = r["slowest"]
    mutated_seconds, oracle_seconds = r["mutated_seconds"], r["seconds"] - r["mutated_seconds"]
    bomb = _gzip_bomb()
    figures = {
        "cases": n,
        "cases_run": dict(r.get("counts", {})),
        "seed": seed,
        "code": os.environ.get("FUZZ_CODE", str(ROOT)),
        "commands": commands,
        "workers": workers,
        "load_avg_1min": round(os.getloadavg()[0], 2),
        "refused": outcomes["refused"],
        "accepted": outcomes["accepted"],
        "crashes": sum(crashes.values()),
        "crash_places": dict(crashes),
        "crash_examples": examples,
        "known_answer_cases": n,
        "known_answer_outcomes": dict(known),
        "silent_accepts": sum(silent.values()),
        "silent_accept_kinds": dict(silent),
        "valid_refused": sum(refused_valid.values()),
        "valid_refused_kinds": dict(refused_valid),
        "wrong_examples": wrong_examples,
        "seconds": round(seconds, 1),
        "mutated_seconds": round(mutated_seconds, 1),
        "known_answer_seconds": round(oracle_seconds, 1),
        "slowest_case_s": round(slowest, 3),
        "slowest_case": slowest_name,
        "gzip_bomb_kb": len(bomb) // 1024,
        "gzip_bomb_refused_s": refusal_seconds(lambda: loads(bomb, "bomb.flick.gz")),
        "forged_gzip_bomb_refused_s": refusal_seconds(
            lambda: loads(_gzip_bomb(forged=True), "forged.flick.gz")),
        "dev_zero_refused_s": refusal_seconds(lambda: load_record("/dev/zero")),
        "peak_rss_mb": round(max(r["peak_rss_mb"],
                                 resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024), 1),
    }
    for key, value in figures.items():
        print(f"{key:>22}: {value}")
    report("fuzz", figures, TARGETS)


if __name__ == "__main__":
    main()
