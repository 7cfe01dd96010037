"""The window's job service (viewer.jobs): one queue; answers delivered on the frame thread
(`poll`) to the callbacks they were asked with; a job asked about a position is cancelled
when the cursor leaves it; the process lane's workers are long-lived processes, each of its
own name: a job in steps sends partial results, the most urgent job runs first, a cancel is
answered between steps (a worker that cannot stop is ended and the next job starts afresh),
and a worker that dies is said and replaced. Every wait is on a condition."""
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


# --- the process lane: workers by name, jobs in steps, cancels, a worker that dies ------------
def test_a_job_in_steps_sends_its_partial_results_then_its_answer(jobs):
    partials, done = [], []
    jobs.submit("steps", "jobwork:steps", 3, "a", lane="process", worker="explorer",
                on_progress=lambda job: partials.append((job.progress, job.partial)),
                on_done=lambda job: done.append(job.result))
    poll_until(jobs, lambda: done)
    assert partials == [((1, 3), ["a1"]), ((2, 3), ["a1", "a2"])]
    assert done == [["a1", "a2", "a3"]]


def test_each_worker_is_its_own_process_with_its_own_name(jobs):
    answers = {}
    for worker in ("analysis", "explorer"):
        jobs.submit("pid", "jobwork:pid", lane="process", worker=worker,
                    on_done=lambda job, w=worker: answers.__setitem__(w, job.result))
    poll_until(jobs, lambda: len(answers) == 2)
    names = jobs.workers()
    assert sorted(names) == ["flickbook-analysis", "flickbook-explorer"]
    assert {names["flickbook-analysis"], names["flickbook-explorer"]} == set(answers.values())
    assert len(set(answers.values())) == 2 and jobs.started_workers == 2
    import multiprocessing

    children = {p.pid: p.name for p in multiprocessing.active_children()}
    assert children[answers["analysis"]] == "flickbook-analysis"
    assert children[answers["explorer"]] == "flickbook-explorer"
    # the explorer closed: its worker ends, the others go on
    jobs.end_worker("explorer")
    assert jobs.workers() == {"flickbook-analysis": answers["analysis"],
                              "flickbook-explorer": None}


def test_the_urgent_job_runs_first_and_a_cancelled_one_stops_between_steps(jobs):
    """A worker steps the job of the highest priority; a cancel is answered between steps,
    the worker going on with the next job (it is not ended)."""
    progress = []
    slow = jobs.submit("endless", "jobwork:endless", "kept", lane="process", worker="explorer",
                       on_progress=lambda job: progress.append(job.partial))
    poll_until(jobs, lambda: "kept" in progress)
    done = []
    jobs.submit("urgent", "jobwork:steps", 3, "u", lane="process", worker="explorer",
                priority=1, on_progress=lambda job: progress.append(job.partial),
                on_done=lambda job: done.append(job.result))
    poll_until(jobs, lambda: done)
    urgent_at = progress.index(["u1"])
    assert progress[urgent_at + 1] == ["u1", "u2"]  # no step of the other one between
    assert done == [["u1", "u2", "u3"]]
    poll_until(jobs, lambda: progress[-1] == "kept")  # the lower one goes on after it
    jobs.cancel(slow)
    after = []
    jobs.submit("pid", "jobwork:pid", lane="process", worker="explorer",
                on_done=lambda job: after.append(job.result))
    poll_until(jobs, lambda: after and not jobs._workers["explorer"].cancelling)
    assert slow.status == "cancelled" and jobs.started_workers == 1  # the same worker
    assert after == [jobs.workers()["flickbook-explorer"]]
    seen = len(progress)
    jobs.submit("pid", "jobwork:pid", lane="process", worker="explorer",
                on_done=lambda job: after.append(job.result))
    poll_until(jobs, lambda: len(after) == 2)
    assert len(progress) == seen  # nothing more from the cancelled job


def test_a_killed_worker_is_reported_and_the_next_job_gets_a_fresh_one(jobs):
    import os
    import signal

    failed = []
    slow = jobs.submit("slow", "jobwork:slow", 60.0, lane="process", worker="explorer",
                       on_error=lambda job: failed.append(job))
    poll_until(jobs, lambda: slow.status == "running")
    first = jobs.workers()["flickbook-explorer"]
    os.kill(first, signal.SIGKILL)
    poll_until(jobs, lambda: failed)
    assert failed[0] is slow and slow.lost and slow.status == "failed"
    assert slow.error == "the worker process flickbook-explorer stopped without an answer"
    assert jobs.workers()["flickbook-explorer"] is None and jobs.jobs == []
    done = []
    jobs.submit("pid", "jobwork:pid", lane="process", worker="explorer",
                on_done=lambda job: done.append(job.result))
    poll_until(jobs, lambda: done)
    assert done[0] != first and done[0] == jobs.workers()["flickbook-explorer"]
    assert jobs.started_workers == 2
