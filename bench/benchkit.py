"""What every bench shares, and the runner behind `make bench` and `make bench-smoke`.

A bench is a script in bench/ (every *.py here but this file and plot.py). It
- takes its sizes from `size(full, smoke)` or `pick(values)`: full sizes by default, small ones
  when FLICKBOOK_BENCH=smoke (a few seconds a bench: what CI runs on every submission, to prove
  the bench still runs, not to measure);
- declares its targets in a module-level TARGETS dict, figure -> target: ">= 60", "<= 2",
  "== 0", "== true", "1 +- 0.1" (within 0.1 of 1), or None for a figure shown without a target;
  a figure inside a nested dict is named with dots ("speedup.2");
- ends with `report(name, figures, TARGETS)`: one JSON line with its figures, the mode, the load
  (1-minute load average and cores: on a shared machine every time is read beside it) and the
  targets.

The runner: `python bench/benchkit.py smoke` runs every bench in smoke mode and fails when one
crashes or prints no JSON line; `python bench/benchkit.py full` runs the full sizes, prints one
table (bench, figure, value, target, load, met) and appends each JSON line, with the commit, to
bench/results/history.jsonl (kept in git; `bench/plot.py FIGURE` draws a figure over commits).
`... full render physics` runs only those benches.
"""
from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HISTORY = HERE / "results" / "history.jsonl"
NOT_BENCHES = {"benchkit.py", "plot.py"}
MODE = "smoke" if os.environ.get("FLICKBOOK_BENCH", "").strip().lower() == "smoke" else "full"
SMOKE = MODE == "smoke"
# Seconds a bench may run before the runner calls it hung.
TIMEOUT_S = {"smoke": 240, "full": 3600}


def size(full, smoke):
    """The full size, or the small one in smoke mode."""
    return smoke if SMOKE else full


def env_size(name: str, full: int, smoke: int) -> int:
    """A size from environment variable `name` if set (a person measuring one figure), else
    `size(full, smoke)`."""
    return int(os.environ.get(name, size(full, smoke)))


def pick(values, keep: int = 1):
    """All of `values`, or the first `keep` of them in smoke mode."""
    values = list(values)
    return values[:keep] if SMOKE else values


def load() -> dict:
    """How busy the machine was: its 1-minute load average and its cores."""
    avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {"load_1min": None if avg is None else round(avg, 2), "cores": os.cpu_count()}


def report(bench: str, figures: dict, targets: dict | None = None) -> dict:
    """Print the bench's one JSON line: its figures, mode, load and targets."""
    line = {"bench": bench, "mode": MODE, **figures, **load(), "targets": dict(targets or {})}
    print(json.dumps(line), flush=True)
    return line


# --- targets --------------------------------------------------------------------------------
_TARGET = re.compile(r"^\s*(>=|<=|==|<|>)\s*(\S+)\s*$|^\s*(\S+)\s*\+-\s*(\S+)\s*$")


def figure(line: dict, key: str):
    """The figure named `key` ("a.b" reaches into nested dicts), or None."""
    value = line
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def met(value, target: str | None):
    """True or False when `value` meets `target`; None when there is no target or no value."""
    if target is None or value is None:
        return None
    m = _TARGET.match(target)
    if not m:
        raise ValueError(f"target {target!r} is not one of '>= x', '<= x', '== x', 'x +- d'")
    if m.group(1):
        op, want = m.group(1), m.group(2)
        if want in ("true", "false"):
            return (bool(value) is (want == "true")) if op == "==" else None
        want = float(want)
        value = float(value)
        return {">=": value >= want, "<=": value <= want, "==": value == want,
                "<": value < want, ">": value > want}[op]
    centre, spread = float(m.group(3)), float(m.group(4))
    return abs(float(value) - centre) <= spread


# --- the runner -----------------------------------------------------------------------------
def benches(names=()) -> list[Path]:
    found = sorted(p for p in HERE.glob("*.py") if p.name not in NOT_BENCHES)
    if names:
        wanted = {n.removesuffix(".py") for n in names}
        unknown = wanted - {p.stem for p in found}
        if unknown:
            raise SystemExit(f"no such bench: {', '.join(sorted(unknown))} "
                             f"(benches: {', '.join(p.stem for p in found)})")
        found = [p for p in found if p.stem in wanted]
    return found


def last_json_line(stdout: str):
    for text in reversed(stdout.splitlines()):
        text = text.strip()
        if text.startswith("{"):
            try:
                value = json.loads(text)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    return None


def run_one(path: Path, mode: str) -> tuple[dict | None, str, float]:
    """(its JSON line or None, why it failed or "", seconds) for one bench."""
    env = dict(os.environ, FLICKBOOK_BENCH=mode)
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, str(path)], cwd=ROOT, env=env, text=True,
                              capture_output=True, timeout=TIMEOUT_S[mode])
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return None, f"still running after {TIMEOUT_S[mode]} s\n{out[-2000:]}", \
            time.perf_counter() - start
    seconds = time.perf_counter() - start
    line = last_json_line(done.stdout)
    if done.returncode != 0:
        return line, f"exit status {done.returncode}\n{done.stderr[-3000:]}", seconds
    if line is None:
        return None, f"printed no JSON line\n{done.stdout[-1500:]}{done.stderr[-1500:]}", seconds
    return line, "", seconds


def commit() -> dict:
    def git(*args):
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                                  timeout=30).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""
    return {"commit": git("rev-parse", "--short=12", "HEAD") or None,
            "dirty": bool(git("status", "--porcelain", "--untracked-files=no")),
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}


def table(lines: list[dict]) -> list[str]:
    rows = [("bench", "figure", "value", "target", "load", "met")]
    for line in lines:
        where = f"{line.get('load_1min')}/{line.get('cores')}"
        for key, target in line.get("targets", {}).items():
            value = figure(line, key)
            ok = met(value, target)
            rows.append((line["bench"], key, "-" if value is None else str(value),
                         target or "-", where,
                         {True: "yes", False: "NO", None: "-"}[ok]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    mode = args.pop(0) if args and args[0] in ("smoke", "full") else "smoke"
    todo = benches(args)
    lines, failed = [], []
    stamp = commit()
    total = time.perf_counter()
    for path in todo:
        print(f"bench: {path.name} ({mode}) ...", flush=True)
        line, why, seconds = run_one(path, mode)
        if why:
            failed.append(path.name)
            print(f"bench: {path.name} FAILED after {seconds:.1f} s: {why}", flush=True)
        else:
            print(f"bench: {path.name} ok in {seconds:.1f} s (load {line.get('load_1min')})",
                  flush=True)
        if line is not None and not why:
            line.setdefault("bench", path.stem)
            line["bench_script"] = path.name
            line["seconds"] = round(seconds, 1)
            lines.append(line)
    if mode == "full":
        print("\n".join(table(lines)))
        if lines:
            HISTORY.parent.mkdir(parents=True, exist_ok=True)
            with HISTORY.open("a", encoding="utf-8") as f:
                for line in lines:
                    f.write(json.dumps({**stamp, **line}, sort_keys=True) + "\n")
            print(f"bench: {len(lines)} lines appended to {HISTORY.relative_to(ROOT)}")
    print(f"bench: {len(todo) - len(failed)} of {len(todo)} benches ran ({mode}) in "
          f"{time.perf_counter() - total:.0f} s"
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
