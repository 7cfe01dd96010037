"""The window's per-frame tasks run from one place (viewer.frame) in one stated order, not by
sort numbers spread over the viewer's files."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from viewer.frame import AFTER_DRAW, DRAWN_ONLY, ORDER, Frame

ROOT = Path(__file__).resolve().parents[1]


class FakeTaskMgr:
    def __init__(self):
        self.tasks = []

    def add(self, fn, name, sort=0):
        self.tasks.append((sort, name, fn))
        self.tasks.sort(key=lambda t: t[0])


class Task:
    cont, done = 1, 2


def run_frame(mgr):
    for _, _, fn in list(mgr.tasks):
        fn(Task)


def test_stages_run_in_the_stated_order_and_a_done_task_leaves():
    mgr = FakeTaskMgr()
    frame = Frame(mgr)
    ran = []

    def task(name, result=Task.cont):
        def fn(t):
            ran.append(name)
            return result
        return fn

    # added in the reverse of the order they must run in
    frame.add("probe", task("probe"), "p")
    frame.add("draw", task("draw"), "d")
    frame.add("camera", task("camera"), "cam")
    frame.add("clock", task("clock"), "clk")
    frame.add("jobs", task("once", Task.done), "once")
    frame.add("controller", task("controller"), "ctl")
    run_frame(mgr)
    assert ran == ["controller", "once", "clock", "camera", "draw", "probe"]
    assert frame.names() == ["ctl", "clk", "cam", "d", "p"]  # the done task has left
    ran.clear()
    frame.remove("cam")
    run_frame(mgr)
    assert ran == ["controller", "clock", "draw", "probe"]
    with pytest.raises(ValueError, match="no frame stage"):
        frame.add("somewhere", task("x"), "x")
    assert ORDER[-1] == "draw" and AFTER_DRAW == ("probe",)


def test_a_frame_that_draws_nothing_skips_laying_labels_out_and_wakes_by_the_stages_before():
    mgr = FakeTaskMgr()
    frame = Frame(mgr)
    ran = []
    awake = []
    frame.asleep = lambda: not awake

    def task(name, fn=None):
        def run(t):
            ran.append(name)
            if fn is not None:
                fn()
            return Task.cont
        return run

    for stage in ORDER + AFTER_DRAW:
        frame.add(stage, task(stage), stage)
    run_frame(mgr)  # asleep: every stage but the labels
    assert ran == [s for s in ORDER + AFTER_DRAW if s not in DRAWN_ONLY] and DRAWN_ONLY
    ran.clear()
    frame.add("controller", task("controller", lambda: awake.append(1)), "controller")
    run_frame(mgr)  # input woke the window in this frame: its labels are laid out before the draw
    assert ran == list(ORDER + AFTER_DRAW)


def test_no_viewer_module_adds_a_frame_task_of_its_own():
    offenders = []
    for path in (ROOT / "viewer").rglob("*.py"):
        if path.name == "frame.py":
            continue
        text = path.read_text()
        for m in re.finditer(r"taskMgr\.add\(|sort=\d", text):
            offenders.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
    assert offenders == []
