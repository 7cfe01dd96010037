"""The move list's cost on a long record: a 300-ply Glik game with variations (nested) and
comments, against a 10-ply one, in the real panel drawn offscreen at 1280x800.

Measures, stepping the cursor along the main line one ply a frame (as playback and the arrow
keys do): the panel's refresh per step (the rows rebuilt, the window measured and drawn) and
the whole frame; the same on a 10-ply record; and a jump to every node of the long record.
Target: the long record's frame costs at most 1.5x the short one's (the move list draws only
its visible window), its refresh under 5 ms median. Ends with ONE JSON line of figures.
Usage: python bench/movelist.py
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def steps(app, session, nodes) -> tuple[list[float], list[float]]:
    """(refresh seconds, frame seconds) for each node visited one frame apiece."""
    ctl = app.controller
    panel = ctl.panel
    refresh_times: list[float] = []
    original = panel.refresh_tree

    def timed(s, force=False):
        t = time.perf_counter()
        original(s, force)
        refresh_times.append(time.perf_counter() - t)

    panel.refresh_tree = timed
    frames = []
    try:
        for node in nodes:
            t = time.perf_counter()
            ctl.go_to(node)
            app.taskMgr.step()
            frames.append(time.perf_counter() - t)
    finally:
        panel.refresh_tree = original
    return refresh_times, frames


def main() -> None:
    from movelist_records import annotate, random_session
    from viewer.app import ViewerApp

    long_session = annotate(random_session("glik", 300, seed=4, players=3),
                            [40, 80, 120, 160, 200, 240, 280], length=8)
    short_session = random_session("glik", 10, seed=4, players=3)
    nodes = sum(1 for _ in long_session.record.nodes())
    app = ViewerApp(short_session, offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    for _ in range(3):
        app.taskMgr.step()
    short_line = short_session.record.mainline()
    s_refresh, s_frames = steps(app, short_session, short_line * 20)  # 200 steps, warmed
    ctl.set_session(long_session)
    long_line = long_session.record.mainline()
    steps(app, long_session, long_line[:20])  # warm the text caches as a first pass would
    l_refresh, l_frames = steps(app, long_session, long_line)
    every = list(long_session.record.nodes())[1:]
    j_refresh, j_frames = steps(app, long_session, every)
    slots = len(ctl.panel.moves.slots)
    ms = (lambda xs: round(statistics.median(xs) * 1000, 3))
    figures = {
        "plies": len(long_line) - 1, "nodes": nodes, "rows": len(ctl.panel.moves.rows),
        "row_widgets": slots,
        "short_frame_ms": ms(s_frames), "long_frame_ms": ms(l_frames),
        "frame_ratio": round(statistics.median(l_frames) / statistics.median(s_frames), 3),
        "short_refresh_ms": ms(s_refresh), "long_refresh_ms": ms(l_refresh),
        "long_refresh_p95_ms": round(sorted(l_refresh)[int(len(l_refresh) * 0.95)] * 1000, 3),
        "jump_every_node_frame_ms": ms(j_frames), "jump_refresh_ms": ms(j_refresh),
    }
    print(f"{figures['plies']} plies, {nodes} nodes, {figures['rows']} rows; "
          f"{slots} row widgets drawn")
    print(f"frame: {figures['long_frame_ms']} ms long vs {figures['short_frame_ms']} ms short "
          f"({figures['frame_ratio']}x); refresh {figures['long_refresh_ms']} ms median")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
