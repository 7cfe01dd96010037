"""End-to-end: the shot explorer's worker process (a worker of the window's job service, its
own process named flickbook-explorer) killed while it explores, in a real window under Xvfb:
the explorer says so in its box, never a traceback, and the next flick explored gets a fresh
worker. Every wait is on the probe, never a fixed sleep."""
from __future__ import annotations

import os
import signal

from test_e2e_viewer import pytestmark  # noqa: F401
from xvfb.desk import ROOT, Desk

DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


def explorer(p) -> dict:
    return p.get("scene", {}).get("explorer", {})


def test_a_killed_explorer_worker_is_said_and_the_next_flick_gets_a_fresh_one(tmp_path):
    desk = Desk(tmp_path)
    try:
        desk.start("open", str(DEMO))
        desk.key("End")
        desk.settled()
        p = desk.key("x")
        assert explorer(p)["on"]
        p = desk.wait(lambda p: explorer(p)["samples"] and p["workers"].get("flickbook-explorer"),
                      120, "the stored flick's first batch")
        worker = p["workers"]["flickbook-explorer"]
        assert explorer(p)["samples"] < explorer(p)["samples_wanted"]
        assert worker != p["workers"].get("flickbook-analysis")  # a process of its own
        subject = explorer(p)["subject"]
        os.kill(worker, signal.SIGKILL)
        p = desk.wait(lambda p: "stopped" in (explorer(p)["odds"] or ""), 30, "the loss said")
        assert explorer(p)["odds"] == ("Cannot explore this aim: the worker process stopped "
                                       "(aim again to start it again)")
        assert p["workers"]["flickbook-explorer"] is None and "Traceback" not in p["message"]
        desk.key("Left")  # another flick of the record: explored by a fresh worker
        p = desk.wait(lambda p: explorer(p)["subject"] not in (None, subject)
                      and explorer(p)["samples"], 120, "the next flick explored")
        assert p["workers"]["flickbook-explorer"] not in (None, worker)
        assert "Cannot explore" not in explorer(p)["odds"]
    finally:
        desk.stop()
