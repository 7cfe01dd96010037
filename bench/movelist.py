"""The move list's cost on a long record: a 300-ply Glik game with variations (nested) and
comments, against a 10-ply one, in the real panel drawn offscreen at 1280x800.

Measures, stepping the cursor along the main line one ply a frame (as playback and the arrow
keys do): the panel's refresh per step (the window of rows measured and drawn) on the long
record and on a 10-ply one; the whole frame on the long record with the move list following
and with it frozen (the difference is all the move list costs a frame, text layout included);
and a jump to every node of the long record. Targets: the long record's refresh within 2x the
short one's and under 5 ms median; the move list under 10 % of a frame. Ends with ONE JSON
line of figures.
Usage: python bench/movelist.py
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.benchkit import report, size  # noqa: E402

PLIES = size(300, 30)
TARGETS = {"refresh_ratio": "<= 2", "long_refresh_ms": "<= 5", "move_list_share": "<= 0.1"}


def steps(app, session, nodes) -> tuple[list[float], list[float]]:
    """(refresh seconds, frame seconds) for each node visited one frame apiece, in the
    process's CPU time (this machine's cores are shared, so wall time is mostly others')."""
    ctl = app.controller
    panel = ctl.panel
    refresh_times: list[float] = []
    original = panel.refresh_tree

    def timed(s, force=False):
        t = time.thread_time()
        original(s, force)
        refresh_times.append(time.thread_time() - t)

    panel.refresh_tree = timed
    frames = []
    try:
        for node in nodes:
            t = time.process_time()
            ctl.navigation.go_to(node)
            app.taskMgr.step()
            frames.append(time.process_time() - t)
    finally:
        panel.refresh_tree = original
    return refresh_times, frames


def main() -> None:
    from movelist_records import annotate, random_session
    from viewer.app import ViewerApp

    long_session = annotate(random_session("glik", PLIES, seed=4, players=3),
                            [p for p in range(40, PLIES, 40)] or [PLIES // 2], length=8)
    short_session = random_session("glik", 10, seed=4, players=3)
    nodes = sum(1 for _ in long_session.record.nodes())
    app = ViewerApp(short_session, offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    for _ in range(3):
        app.taskMgr.step()
    short_line = short_session.record.mainline()
    s_refresh, _ = steps(app, short_session, short_line * size(20, 2))  # 200 steps, warmed
    ctl.shown.set_session(long_session)
    long_line = long_session.record.mainline()
    steps(app, long_session, long_line[:20])  # warm the text caches as a first pass would
    l_refresh, _ = steps(app, long_session, long_line)
    moves = ctl.panel.moves
    follow_runs, frozen_runs = [], []
    for _ in range(size(3, 1)):  # alternated, so that the machine's other load falls on both alike
        moves.refresh = lambda session, force=False: None  # frozen: the list stays as it is
        try:
            frozen_runs.append(statistics.median(steps(app, long_session, long_line)[1]))
        finally:
            del moves.refresh
        follow_runs.append(statistics.median(steps(app, long_session, long_line)[1]))
    every = list(long_session.record.nodes())[1:]
    j_refresh, j_frames = steps(app, long_session, every)
    slots = len(ctl.panel.moves.slots)
    ms = (lambda xs: round(statistics.median(xs) * 1000, 3))
    figures = {
        "plies": len(long_line) - 1, "nodes": nodes, "rows": len(ctl.panel.moves.rows),
        "row_widgets": slots,
        "frame_cpu_ms": ms(follow_runs), "frame_frozen_list_cpu_ms": ms(frozen_runs),
        "move_list_share": round(1 - statistics.median(frozen_runs)
                                 / statistics.median(follow_runs), 3),
        "short_refresh_ms": ms(s_refresh), "long_refresh_ms": ms(l_refresh),
        "refresh_ratio": round(statistics.median(l_refresh) / statistics.median(s_refresh), 3),
        "long_refresh_p95_ms": round(sorted(l_refresh)[int(len(l_refresh) * 0.95)] * 1000, 3),
        "jump_every_node_frame_ms": ms(j_frames), "jump_refresh_ms": ms(j_refresh),
    }
    print(f"{figures['plies']} plies, {nodes} nodes, {figures['rows']} rows; "
          f"{slots} row widgets drawn")
    print(f"frame {figures['frame_cpu_ms']} ms CPU, {figures['frame_frozen_list_cpu_ms']} ms with the list "
          f"frozen (share {figures['move_list_share']}); refresh {figures['long_refresh_ms']} ms "
          f"long vs {figures['short_refresh_ms']} ms short ({figures['refresh_ratio']}x)")
    report("movelist", figures, TARGETS)


if __name__ == "__main__":
    main()
