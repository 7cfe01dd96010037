"""The side panel's foot is one thing's at a time (Glonk): with an analysed record the win graph
has it and the shot explorer keeps only its title and skill row there (its words ran through
the graph's legend at 1280x720 and 1280x800); while the explorer is on, the graph gives way,
and it comes back when the explorer goes off.

Panda allows one ShowBase per process, so the checks run in a child process.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_graph_and_the_explorer_share_the_panel_foot():
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "panel foot checks passed" in result.stdout


def gui_rect(app, item):
    """(left, bottom, right, top) of a DirectGUI item (its frame, fitted to its text), in
    aspect2d units."""
    left, right, bottom, top = item.getBounds()
    a = app.aspect2d.getRelativePoint(item, (left, 0, bottom))
    b = app.aspect2d.getRelativePoint(item, (right, 0, top))
    return (a.x, a.z, b.x, b.z)


def rect(app, node):
    """(left, bottom, right, top) of what a node draws, in aspect2d units; None if nothing."""
    bounds = node.getTightBounds(app.aspect2d)
    if bounds is None:
        return None
    lo, hi = bounds
    return (lo.x, lo.z, hi.x, hi.z)


def overlap(r, s) -> bool:
    return r[0] < s[2] and s[0] < r[2] and r[1] < s[3] and s[1] < r[3]


def visible_parts(box):
    parts = [box.title, box.odds, box.hint, *box.skill_buttons.values(), *box.lines]
    return [p for p in parts if not p.isHidden() and p["text"]]


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from viewer.app import ViewerApp
    from viewer.glonk.demo import demo_session

    session = demo_session()
    line = session.record.mainline()
    seats = line[-1].state.config.players
    for i, node in enumerate(line):  # win chances for the graph: seat 1 drifting ahead
        p = min(0.95, 0.5 + 0.015 * i)
        node.analysis = {"win": [p] + [(1 - p) / (seats - 1)] * (seats - 1)}
    app = ViewerApp(session, offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    from viewer.glonk.explorer_view import ShotExplorer
    from viewer.glonk.input import FlickInput

    app.scene.input = FlickInput(app, app.scene)  # a window's input offscreen too
    explorer = app.scene.input.explorer = ShotExplorer(app, app.scene)
    box = explorer.box
    box.dock(ctl.panel)  # what the explorer's frame task does in a window

    def frames(n=4):
        for _ in range(n):
            app.taskMgr.step()

    for size in ((1280, 720), (1280, 800)):
        app.resize(size)
        ctl.panel.layout()
        ctl.refresh()
        frames()
        graph = ctl.graph
        assert graph.shown, "the analysed record shows its graph"
        assert box.odds.isHidden() and box.hint.isHidden(), "the explorer's words yield"
        taken = [rect(app, graph.frame), rect(app, graph.legend)]
        for part in visible_parts(box):
            r = gui_rect(app, part)
            for t in taken:
                assert r is None or not overlap(r, t), (size, part["text"], r, t)
        # the explorer on: the graph gives way and the explorer's words are back
        explorer.toggle()
        frames()
        assert explorer.on and not graph.shown, "the graph gives the foot to the explorer"
        assert not box.odds.isHidden() and box.odds["text"], box.odds["text"]
        explorer.toggle()
        frames()
        assert not explorer.on and graph.shown, "the graph is back with the explorer off"
        assert box.odds.isHidden()
    print("panel foot checks passed")


if __name__ == "__main__":
    child()
