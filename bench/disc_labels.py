"""Glonk's disc labels per frame: what labelling every disc (the I key) costs the viewer.

On the Glonk demo's last position (1280x800 offscreen, the seat view), with every disc
labelled: the time of one layout made again (what a frame costs while the camera or a disc
moves: one projection of all the discs, then the nodes placed), of a frame where nothing
changed (only the fingerprint is taken), and of the scene's own `show(state)` for scale, in
one run. Prints its figures, then one JSON line: labels, relayout_ms, unchanged_ms,
show_state_ms, relayout_per_show (the ratio).
"""
from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # ahead of bench/ (its analysis.py, physics.py hide the packages)

from bench.benchkit import report, size  # noqa: E402

TARGETS = {"relayout_ms": None, "unchanged_ms": None, "relayout_per_show": None}


def per_call(fn, n: int) -> float:
    fn()
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n * 1e3


def main(n: int = size(300, 10)) -> dict:
    from pathlib import Path

    from timeline import Session, load_record
    from viewer.render import offscreen_app

    session = Session(load_record(Path(ROOT) / "scenarios" / "demo" / "glonk-demo.flick"))
    session.go_to(session.record.root.end())
    app = offscreen_app(session, (1280, 800))
    app.show_node(session.node)
    app.set_view(app.preset("seat"))
    app.render_frames(2)
    scene = app.scene
    labels = scene.disc_labels
    if not labels.all_on:
        labels.toggle()
    labels.update()

    def relayout():
        labels._seen = None
        labels.update()

    figures = {"labels": len(labels.shown()),
               "relayout_ms": round(per_call(relayout, n), 4),
               "unchanged_ms": round(per_call(labels.update, n), 4),
               "show_state_ms": round(per_call(lambda: scene.show(scene.state), n), 4)}
    figures["relayout_per_show"] = round(figures["relayout_ms"] / figures["show_state_ms"], 3)
    labels.toggle()
    for k, v in figures.items():
        print(f"{k}: {v}")
    report("disc_labels", figures, TARGETS)
    return figures


if __name__ == "__main__":
    main()
