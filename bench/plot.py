"""One figure over the commits, from bench/results/history.jsonl (what `make bench` appends).

Usage: python bench/plot.py FIGURE [--bench NAME] [--mode full|smoke] [--out FILE.png]
FIGURE is a key of a bench's JSON line ("fps", "flick_ms_median", "speedup.2"); when several
benches report it, --bench picks one (otherwise each is a line of its own). The runs are in the
order they were made, each labelled with its commit (a "+" when the tree had changes); the
target, when the bench declares one, is a dashed line, and the load beside each run is drawn
under the figure, since every time here is read beside the load. Writes a PNG (default
bench/results/FIGURE.png) and prints its path.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.benchkit import HISTORY, figure  # noqa: E402


def runs(history: Path, key: str, bench: str | None, mode: str) -> dict[str, list[dict]]:
    """bench -> its lines (in file order) that have figure `key`, in `mode`."""
    out: dict[str, list[dict]] = {}
    if not history.exists():
        return out
    for text in history.read_text(encoding="utf-8").splitlines():
        if not text.strip():
            continue
        line = json.loads(text)
        if line.get("mode", "full") != mode or (bench and line.get("bench") != bench):
            continue
        value = figure(line, key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out.setdefault(line.get("bench", "?"), []).append(line)
    return out


def target_value(target: str | None):
    m = re.match(r"^\s*(?:>=|<=|==|<|>)\s*(-?[0-9.]+)\s*$", target or "")
    return float(m.group(1)) if m else None


def plot(found: dict[str, list[dict]], key: str, out: Path, source: Path = HISTORY) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(10, 5.5), sharex=False,
                                      gridspec_kw={"height_ratios": [3, 1]})
    for name, lines in found.items():
        xs = list(range(len(lines)))
        top.plot(xs, [figure(line, key) for line in lines], marker="o", label=name)
        bottom.plot(xs, [line.get("load_1min") or 0 for line in lines], marker=".",
                    label=f"{name}: load")
        target = target_value(lines[-1].get("targets", {}).get(key))
        if target is not None:
            top.axhline(target, linestyle="--", color="grey",
                        label=f"target {lines[-1]['targets'][key]}")
        labels = [f"{(line.get('commit') or '?')[:8]}{'+' if line.get('dirty') else ''}"
                  for line in lines]
        for axis in (top, bottom):
            axis.set_xticks(xs)
            axis.set_xticklabels(labels, rotation=45, ha="right", fontsize=7)
    top.set_title(f"{key} over commits ({source.name})")
    top.set_ylabel(key)
    top.grid(alpha=0.3)
    top.legend(fontsize=8)
    cores = next(iter(found.values()))[-1].get("cores")
    bottom.set_ylabel(f"load ({cores} cores)")
    bottom.grid(alpha=0.3)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("figure")
    ap.add_argument("--bench")
    ap.add_argument("--mode", default="full", choices=("full", "smoke"))
    ap.add_argument("--history", type=Path, default=HISTORY)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    found = runs(args.history, args.figure, args.bench, args.mode)
    if not found:
        print(f"plot: no {args.mode} run in {args.history} has a figure {args.figure!r}"
              + (f" from bench {args.bench}" if args.bench else ""), file=sys.stderr)
        return 1
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", args.figure)
    out = args.out or HISTORY.parent / f"{safe}.png"
    print(plot(found, args.figure, out, args.history))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
