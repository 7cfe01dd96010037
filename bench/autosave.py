"""Autosave cost on the frame thread, on a Glonk record of 150 flicks (issue 8 point 12).

Before: every comment re-encoded every stored motion and wrote the file before the next frame
(`save_record` with no cached encodings, as the old autosave did). After: an edit costs the
frame thread only the tree copy that `Autosaver.save` hands to its writer thread (target: under
5 ms per edit). Also: a save with the encodings cached vs without (issue 14 point 7), and how
many writes the writer needed for a burst of edits (coalescing). The slowest edit is a pass of
Python's cyclic garbage collector over the whole heap, not the autosave: the figure with the
heap frozen (`gc.freeze()`, as a viewer can do after loading) shows it gone.
Prints its figures, then one JSON line.
"""
from __future__ import annotations

import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.api import CHANCE  # noqa: E402
from timeline import Record, Session, save_record  # noqa: E402
from bench.benchkit import report, size  # noqa: E402

FLICKS = size(150, 12)
EDITS = size(40, 4)
TARGETS = {"after_frame_ms_per_edit_median": "<= 5", "after_frame_ms_per_edit_max_gc_frozen": None,
           "save_cached_ms": None}


def build_record(seed: int = 3) -> Record:
    """Seeded Glonk play, mostly flicks, until 150 flicks are recorded (re-dealt if it ends)."""
    session = Session(Record.new("glonk"), rng=np.random.default_rng(seed))
    game = session.game
    rng = np.random.default_rng(seed)
    flicks = 0
    while flicks < FLICKS:
        state = session.state
        if game.is_terminal(state):  # start a variation from an earlier point
            session.go_to(session.record.mainline()[int(rng.integers(5, session.node.ply))])
            continue
        if game.current_player(state) == CHANCE:
            session.auto_chance()
            continue
        actions = list(game.legal_actions(state))
        shots = [a for a in actions if str(a).startswith(("flick", "fission"))]
        pick = shots if shots and rng.random() < 0.75 else actions
        node = session.play(pick[int(rng.integers(len(pick)))])
        flicks += node.motion is not None
    return session.record


def main() -> None:
    from viewer.autosave import Autosaver

    t = time.perf_counter()
    record = build_record()
    build_s = time.perf_counter() - t
    nodes = list(record.nodes())
    flicks = sum(1 for n in nodes if n.parent is not None and n.motion is not None)

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        before = []
        # the old autosave: encode every motion and write, on the frame thread
        for _ in range(size(5, 1)):
            for n in nodes:
                n.motion_text = None
            t = time.perf_counter()
            save_record(record, tmp / "old.flick")
            before.append(time.perf_counter() - t)
        cached = []
        for _ in range(size(5, 1)):
            t = time.perf_counter()
            save_record(record, tmp / "cached.flick")
            cached.append(time.perf_counter() - t)

        for n in nodes:
            n.motion_text = None  # the window starts cold: the writer encodes once, then caches
        session = Session(record)
        saver = Autosaver(tmp / "home")
        saver.attach(session)
        saver.flush()
        frame, frame_cpu = [], []
        line = record.mainline()
        for i in range(EDITS):
            session.go_to(line[1 + i % (len(line) - 1)])
            t, c = time.perf_counter(), time.thread_time()
            session.set_comment(f"note {i}")  # the listener asks the autosaver to save
            frame_cpu.append(time.thread_time() - c)
            frame.append(time.perf_counter() - t)
            time.sleep(1 / 60)  # a frame passes between edits, as in the window
        saver.flush()
        writes_before = saver.saves
        for i in range(EDITS):  # a burst: edits faster than the disk
            session.set_comment(f"burst {i}")
        t = time.perf_counter()
        saver.flush()
        drain_s = time.perf_counter() - t
        writes = saver.saves - writes_before
        gc.freeze()  # the record's objects leave the collector's view: no long GC passes
        frozen = []
        for i in range(EDITS):
            session.go_to(line[1 + i % (len(line) - 1)])
            t = time.perf_counter()
            session.set_comment(f"frozen {i}")
            frozen.append(time.perf_counter() - t)
            time.sleep(1 / 60)
        gc.unfreeze()
        saver.flush()
        saver.close()

    figures = {
        "flicks": flicks,
        "nodes": len(nodes),
        "build_s": round(build_s, 1),
        "before_frame_ms_per_edit": round(statistics.median(before) * 1e3, 2),
        # wall time of an edit on the frame thread; CPU: the frame thread's own work (the rest
        # of the wall time is waiting for the interpreter lock or for a busy machine's CPU)
        "after_frame_ms_per_edit_median": round(statistics.median(frame) * 1e3, 3),
        "after_frame_ms_per_edit_p95": round(float(np.percentile(frame, 95)) * 1e3, 3),
        "after_frame_ms_per_edit_max": round(max(frame) * 1e3, 3),
        "after_frame_cpu_ms_per_edit_median": round(statistics.median(frame_cpu) * 1e3, 3),
        "after_frame_cpu_ms_per_edit_max": round(max(frame_cpu) * 1e3, 3),
        "after_frame_ms_per_edit_max_gc_frozen": round(max(frozen) * 1e3, 3),
        "save_uncached_ms": round(statistics.median(before) * 1e3, 1),
        "save_cached_ms": round(statistics.median(cached) * 1e3, 1),
        "edits": EDITS,
        "writes_for_a_burst_of_edits": writes,
        "drain_after_burst_ms": round(drain_s * 1e3, 1),
    }
    for key, value in figures.items():
        print(f"{key:>32}: {value}")
    report("autosave", figures, TARGETS)


if __name__ == "__main__":
    main()
