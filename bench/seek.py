"""Seek, load and save on a 1,000-node Glik record with variations.

Targets (issue 2): state at a random node, median <= 50 us once visited and <= 1 ms on first
visit (states kept only every 16 plies, as after `Record.drop_cached_states`); load and save
<= 300 ms each. Issue 14: a 30,000-ply record (one seeded Glik game, main line only) loads in
at most 2 s, and in linear time (its first 10,000 plies take about a third of that). The deep
record takes a minute to play, so it is kept in the temporary folder between runs.
Prints its figures, then one JSON line.
"""
from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.api import random_action  # noqa: E402
from timeline import Record, Session, load_record, save_record  # noqa: E402
from bench.benchkit import report, size  # noqa: E402

NODES = size(1000, 120)
TARGETS = {"seek_us_median": "<= 50", "first_visit_us_median": "<= 1000", "load_ms": "<= 300",
           "save_ms": "<= 300", "deep_load_s": "<= 2", "deep_load_growth": None}


def build_record(rng: np.random.Generator) -> Record:
    """A main line of about 600 plies plus variations branching from random points."""
    session = Session(Record.new("glik", {"players": 3}), rng=rng)
    game = session.game
    count = 1

    def extend(steps: int) -> None:
        nonlocal count
        for _ in range(steps):
            if count >= NODES or game.is_terminal(session.state):
                return
            before = len(session.node.variations)
            node = session.play(random_action(game, session.state, rng))
            count += len(node.parent.variations) - before

    extend(NODES * 3 // 5)
    while count < NODES:
        line = session.record.mainline()
        session.go_to(line[int(rng.integers(30, len(line) - 1))])
        extend(int(rng.integers(5, 40)))
    return session.record


DEEP_PLIES = size(30_000, 600)


def deep_record_file() -> Path:
    """A seeded 30,000-ply Glik game (random legal actions), saved once and reused."""
    path = Path(tempfile.gettempdir()) / f"flickbook-bench-glik-{DEEP_PLIES}.flick"
    if path.exists():
        return path
    rng = np.random.default_rng(30_000)
    record = Record.new("glik")
    node = record.root
    for _ in range(DEEP_PLIES):
        if record.game.is_terminal(node.state):
            break
        node = record.add_child(node, random_action(record.game, node.state, rng))
    save_record(record, path)
    return path


def deep_load_seconds(path: Path, plies: int) -> tuple[float, float]:
    """(wall, CPU) seconds to load the first `plies` plies of the deep record."""
    from timeline.fileformat import parse_bytes, record_from_json

    data = parse_bytes(path.read_bytes(), str(path))
    data["nodes"] = data["nodes"][:plies + 1]  # main line only: a prefix is a shorter game
    raw = json.dumps(data).encode()
    wall, cpu = time.perf_counter(), time.process_time()
    record_from_json(parse_bytes(raw, str(path)), str(path))
    return time.perf_counter() - wall, time.process_time() - cpu


def median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6


def main() -> None:
    rng = np.random.default_rng(2026)
    record = build_record(rng)
    nodes = list(record.nodes())
    assert len(nodes) == NODES, len(nodes)
    variations = sum(max(0, len(n.variations) - 1) for n in nodes)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.flick"
        save_times, load_times = [], []
        for _ in range(size(5, 2)):
            t = time.perf_counter()
            save_record(record, path)
            save_times.append(time.perf_counter() - t)
            t = time.perf_counter()
            loaded = load_record(path)
            load_times.append(time.perf_counter() - t)
        size_kb = path.stat().st_size / 1024

    # Seek. First visit: states kept only every 16th ply, a node whose state was never
    # computed (caches dropped again before each sample). Once visited: the same nodes again.
    session = Session(loaded)
    targets = [n for n in loaded.nodes() if n.ply % 16]
    order = [targets[i] for i in rng.permutation(len(targets))[:size(300, 30)]]
    first, again = [], []
    for node in order:
        loaded.drop_cached_states(keep_every=16)
        t = time.perf_counter()
        session.go_to(node)
        session.state  # noqa: B018
        first.append(time.perf_counter() - t)
    for node in order:
        session.go_to(node)
        session.state  # noqa: B018 - visited
        t = time.perf_counter()
        session.go_to(node)
        session.state  # noqa: B018
        again.append(time.perf_counter() - t)

    deep = deep_record_file()
    deep_plies = len(load_record(deep).mainline()) - 1
    wall_10k, cpu_10k = deep_load_seconds(deep, deep_plies // 3)
    wall_30k, cpu_30k = deep_load_seconds(deep, deep_plies)

    figures = {
        "nodes": NODES,
        "variations": variations,
        "file_kb": round(size_kb, 1),
        "seek_us_median": round(median_us(again), 2),
        "first_visit_us_median": round(median_us(first), 2),
        "first_visit_us_p95": round(float(np.percentile(first, 95)) * 1e6, 2),
        "load_ms": round(statistics.median(load_times) * 1e3, 2),
        "save_ms": round(statistics.median(save_times) * 1e3, 2),
        "deep_plies": deep_plies,
        "deep_load_s": round(wall_30k, 2),
        "deep_load_cpu_s": round(cpu_30k, 2),
        "deep_third_load_cpu_s": round(cpu_10k, 2),
        "deep_load_growth": round(cpu_30k / cpu_10k, 2),  # 3 when linear, 9 when quadratic
    }
    for key, value in figures.items():
        print(f"{key:>24}: {value}")
    report("seek", figures, TARGETS)


if __name__ == "__main__":
    main()
