"""The window's job service (viewer.jobs): one queue; answers delivered on the frame thread
(`poll`) to the callbacks they were asked with; a job asked about a position is cancelled
when the cursor leaves it; the process lane is one long-lived worker that a cancel ends and
the next job starts afresh."""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from viewer.jobs import Jobs

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/jobwork.py, for the worker


def poll_until(jobs, condition, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        jobs.poll()
        time.sleep(0.01)


@pytest.fixture
def jobs():
    j = Jobs()
    yield j
    j.close()


def test_thread_jobs_answer_on_the_polling_thread_and_a_left_position_cancels(jobs):
    frame_thread = threading.get_ident()
    seen = []
    a = jobs.submit("square", lambda job, x: x * x, 7,
                    on_done=lambda job: seen.append((job.result, threading.get_ident())))
    poll_until(jobs, lambda: seen)
    assert seen == [(49, frame_thread)] and a.status == "done" and jobs.jobs == []
    # a failing job reports its error, never a traceback
    errors = []
    jobs.submit("boom", lambda job: 1 / 0, on_error=lambda job: errors.append(job.error))
    poll_until(jobs, lambda: errors)
    assert errors[0].startswith("ZeroDivisionError")
    # asked about a position, then the cursor moves on: cancelled, its answer never comes
    here, there = object(), object()
    started = threading.Event()

    def wait_for_cancel(job):
        started.set()
        while not job.cancelled():
            time.sleep(0.005)
        return "too late"

    answered = []
    b = jobs.submit("about here", wait_for_cancel, position=here,
                    on_done=lambda job: answered.append(job))
    started.wait(10)
    jobs.follow(here)
    assert b.status == "running"
    jobs.follow(there)
    assert b.status == "cancelled" and b.cancelled()
    time.sleep(0.05)
    jobs.poll()
    assert answered == [] and b.result is None


def test_a_delayed_job_waits_and_a_cancelled_one_never_runs(jobs):
    ran = []
    late = jobs.submit("later", lambda job: ran.append("late"), delay=0.3)
    gone = jobs.submit("never", lambda job: ran.append("never"), delay=0.3)
    jobs.cancel(gone)
    time.sleep(0.1)
    assert ran == [] and late.status == "queued"
    assert late.wait(10) and ran == ["late"] and gone.status == "cancelled"


def test_the_analysis_worker_reports_progress_is_reused_and_a_cancel_ends_it(jobs):
    progress, done = [], []
    first = jobs.submit("count", "jobwork:count", 4, lane="process",
                        on_progress=lambda job: progress.append(job.progress),
                        on_done=lambda job: done.append(job.result))
    second = jobs.submit("count", "jobwork:count", 2, lane="process",
                         on_done=lambda job: done.append(job.result))
    poll_until(jobs, lambda: len(done) == 2)
    assert progress == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert [d[:2] for d in done] == [("counted", 4), ("counted", 2)]
    assert done[0][2] == done[1][2] and jobs.started_workers == 1  # one long-lived worker
    failed = []
    jobs.submit("fail", "jobwork:fail", lane="process", on_error=lambda job: failed.append(job))
    poll_until(jobs, lambda: failed)
    assert failed[0].error == "ValueError: no good" and jobs.started_workers == 1
    # a running job cancelled: its worker ends, the next job gets a fresh one
    slow = jobs.submit("slow", "jobwork:slow", 30.0, lane="process")
    poll_until(jobs, lambda: slow.status == "running")
    jobs.cancel(slow)
    after = jobs.submit("count", "jobwork:count", 1, lane="process")
    poll_until(jobs, lambda: after.finished)
    assert after.status == "done" and after.result[2] != done[0][2]
    assert jobs.started_workers == 2 and slow.status == "cancelled"


def test_every_worker_thread_warms_up_once_before_its_next_job(jobs):
    """A scene's warm-up (a physics client for a Glonk window) runs on each worker thread,
    once however often it is asked for, and a job asked meanwhile still gets its answer."""
    ran = []
    lock = threading.Lock()

    def warm():
        with lock:
            ran.append(threading.current_thread().name)

    jobs.warm_threads(warm)
    jobs.warm_threads(warm)  # the same scene opened again: not run again
    deadline = time.monotonic() + 30
    while len(jobs.warmed) < 2:
        assert time.monotonic() < deadline, "the threads did not warm up"
        time.sleep(0.01)
    assert sorted(ran) == ["flickbook-jobs-0", "flickbook-jobs-1"]
    assert jobs.warmed == {"flickbook-jobs-0": 1, "flickbook-jobs-1": 1}
    # a warm-up that fails costs nothing but itself; the next job runs
    jobs.warm_threads(lambda: 1 / 0)
    seen = []
    jobs.submit("after", lambda job: "answered", on_done=lambda job: seen.append(job.result))
    poll_until(jobs, lambda: seen)
    assert seen == ["answered"] and sorted(ran) == ["flickbook-jobs-0", "flickbook-jobs-1"]


def test_a_glonk_job_thread_warmed_up_has_its_physics_client_ready():
    """physics.warm_up connects the calling thread's PyBullet client (kept for its flicks)."""
    import physics
    from physics import sim

    result = {}

    def thread():
        physics.warm_up()
        result["cid"] = getattr(sim._clients, "cid", None)

    t = threading.Thread(target=thread)
    t.start()
    t.join(60)
    assert result["cid"] is not None
