"""The window's job service: all work off the frame thread goes through one queue.

A part asks for work with `submit(kind, fn, *args, ...)` and gets a `Job`. Work runs in one of
two lanes, both fed from the service's one queue, in the order it was asked for:

- "thread" (the default): on the service's worker threads (physics is thread-safe per
  thread): a flick's simulation, the aim's ghost path, a record's motion check;
- "process": in the window's one long-lived analysis worker process (spawned: a fresh
  interpreter, no window or GL state), one job at a time: the best shot, the computer's move.
  `fn` is named as "module:function" there; it is called with the job's args and, if it
  takes one, an `on_progress(done, planned)` keyword.

A job's `position` (a record node) is where it was asked about: when the cursor leaves it,
the job is cancelled and its answer never delivered (`follow(node)`, called every frame).
`cancel()` drops a queued job at once; a running thread job is told (`job.cancelled()`, which
its function may ask) and its answer dropped; a running process job ends its worker (a fresh
one starts for the next job). What a job reports - progress, its result or its error - is
delivered on the frame thread (`poll`, in the frame's "jobs" stage) to the callbacks it was
submitted with; `job.result` and `job.finished` are readable from any thread as soon as the
work ends.
"""
from __future__ import annotations

import importlib
import inspect
import multiprocessing
import os
import queue as queue_module
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

#: Worker threads of the thread lane (two: a flick's simulation never waits for a ghost path).
THREADS = 2


@dataclass(eq=False)
class Job:
    kind: str
    fn: Any
    args: tuple
    lane: str = "thread"
    position: Any = None
    delay: float = 0.0
    on_done: Callable | None = None
    on_error: Callable | None = None
    on_progress: Callable | None = None
    id: int = 0
    asked_at: float = field(default_factory=time.monotonic)
    status: str = "queued"  # queued, running, done, failed, cancelled
    result: Any = None
    error: str | None = None
    progress: tuple[int, int] = (0, 0)
    _cancel: threading.Event = field(default_factory=threading.Event)

    @property
    def finished(self) -> bool:
        return self.status in ("done", "failed", "cancelled")

    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def wait(self, seconds: float | None = None) -> bool:
        """Block until the work ended (tests, shutdown); True when it has."""
        deadline = None if seconds is None else time.monotonic() + seconds
        while not self.finished:
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True


def _resolve(name: str):
    module, _, attr = name.partition(":")
    return getattr(importlib.import_module(module), attr)


def process_worker(requests, results, parent: int | None = None) -> None:
    """The analysis worker: ("run", id, "module:function", args) -> ("progress", id, done,
    planned)..., then ("done", id, result) or ("error", id, text); ("stop",) ends it, so does
    the end of the viewer process `parent` (a viewer that was killed cannot say stop)."""
    if parent is not None:
        from analysis.executors import silence_stdout

        silence_stdout()  # PyBullet's banner is not the terminal's business

        def watch():
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(0)

        threading.Thread(target=watch, name="flickbook-worker-parent", daemon=True).start()
    while True:
        message = requests.get()
        if message[0] != "run":
            return
        _, job_id, name, args = message
        try:
            fn = _resolve(name)
            kwargs = {}
            if "on_progress" in inspect.signature(fn).parameters:
                kwargs["on_progress"] = lambda done, planned: results.put(
                    ("progress", job_id, done, planned))
            results.put(("done", job_id, fn(*args, **kwargs)))
        except Exception as exc:  # noqa: BLE001 - said in the window, never a traceback
            results.put(("error", job_id, f"{type(exc).__name__}: {exc}"))


class Jobs:
    def __init__(self, threads: int = THREADS):
        self._lock = threading.Condition()
        self._queue: list[Job] = []  # the one queue, both lanes, oldest first
        self._ids = 0
        #: (job, what) to deliver on the frame thread: "done", "failed" or ("progress", d, p)
        self._events: list[tuple[Job, object]] = []
        self._threads = [threading.Thread(target=self._thread_main, name=f"flickbook-jobs-{i}",
                                          daemon=True) for i in range(threads)]
        self._closed = False
        #: what each worker thread runs once before its next job (`warm_threads`)
        self._warmers: list[Callable[[], None]] = []
        self.warmed: dict[str, int] = {}  # thread name -> how many warmers it has run
        for t in self._threads:
            t.start()
        self.jobs: list[Job] = []  # not yet delivered (the probe lists them)
        # the analysis worker process: one job at a time
        self._process = None
        self._requests = self._results = None
        self._running_process_job: Job | None = None
        self.started_workers = 0  # analysis worker processes started (tests check reuse)

    # --- asking -------------------------------------------------------------------------------
    def submit(self, kind: str, fn, *args, lane: str = "thread", position=None,
               delay: float = 0.0, on_done=None, on_error=None, on_progress=None) -> Job:
        with self._lock:
            self._ids += 1
            job = Job(kind, fn, args, lane, position, delay, on_done, on_error, on_progress,
                      self._ids)
            self._queue.append(job)
            self.jobs.append(job)
            self._lock.notify_all()
        return job

    def warm_threads(self, warm: Callable[[], None]) -> None:
        """Have every worker thread run `warm()` once, when idle, before its next job: what a
        thread's first job would otherwise pay for (a physics client of its own, say) is paid
        before a player waits on it. The same function asked for again is not run again."""
        with self._lock:
            if warm not in self._warmers:
                self._warmers.append(warm)
                self._lock.notify_all()

    def cancel(self, job: Job | None) -> None:
        if job is None or job.finished:
            return
        with self._lock:
            job._cancel.set()
            if job in self._queue:
                self._queue.remove(job)
            job.status = "cancelled"
            if job in self.jobs:
                self.jobs.remove(job)
            self._lock.notify_all()
        if job is self._running_process_job:
            self._running_process_job = None
            self._end_process(at_once=True)  # the worker is ended; a fresh one comes next

    def cancel_kind(self, kind: str) -> None:
        for job in [j for j in self.jobs if j.kind == kind]:
            self.cancel(job)

    def follow(self, node) -> None:
        """The cursor is at `node`: a job asked about another position is cancelled."""
        for job in [j for j in self.jobs if j.position is not None and j.position is not node]:
            self.cancel(job)

    # --- the thread lane ------------------------------------------------------------------------
    def _next_thread_job(self, warmed: int = 0) -> Job | int | None:
        """The next job for a worker thread that has run `warmed` warmers; the number of
        warmers when there are more to run first; None once the service closes."""
        with self._lock:
            while not self._closed:
                if len(self._warmers) > warmed:
                    return len(self._warmers)
                now = time.monotonic()
                ready = [j for j in self._queue if j.lane == "thread"
                         and now - j.asked_at >= j.delay]
                if ready:
                    job = ready[0]
                    self._queue.remove(job)
                    job.status = "running"
                    return job
                waits = [j.delay - (now - j.asked_at) for j in self._queue if j.lane == "thread"]
                # nothing queued: sleep until a submit, a cancel or close notifies (an idle
                # window's worker threads never wake on their own)
                self._lock.wait(min(waits) if waits else None)
            return None

    def _thread_main(self) -> None:
        warmed = 0
        while True:
            job = self._next_thread_job(warmed)
            if job is None:
                return
            if isinstance(job, int):
                for warm in self._warmers[warmed:job]:
                    try:
                        warm()
                    except Exception:  # noqa: BLE001 - a warm-up only saves time later
                        pass
                warmed = job
                with self._lock:
                    self.warmed[threading.current_thread().name] = warmed
                continue
            try:
                result = job.fn(job, *job.args)
                error = None
            except Exception as exc:  # noqa: BLE001 - a failed job is a message, not a crash
                result, error = None, f"{type(exc).__name__}: {exc}"
            self._finish(job, result, error)

    def _finish(self, job: Job, result, error) -> None:
        with self._lock:
            if job.cancelled():
                return
            job.result, job.error = result, error
            job.status = "failed" if error is not None else "done"
            self._events.append((job, job.status))

    # --- the process lane -----------------------------------------------------------------------
    def _pump_process(self) -> None:
        """On the frame thread: read the worker's messages, send it the next job."""
        running = self._running_process_job
        if running is not None:
            for message in self._read():
                if message[1] != running.id:
                    continue  # an answer to a job that was cancelled
                if message[0] == "progress":
                    with self._lock:
                        self._events.append((running, ("progress", message[2], message[3])))
                else:
                    self._running_process_job = None
                    ok = message[0] == "done"
                    self._finish(running, message[2] if ok else None,
                                 None if ok else message[2])
                    break
            else:
                if self._process is not None and not self._process.is_alive():
                    self._running_process_job = None
                    self._process = None
                    self._finish(running, None, "the worker stopped without an answer")
            if self._running_process_job is not None:
                return
        with self._lock:
            job = next((j for j in self._queue if j.lane == "process"
                        and time.monotonic() - j.asked_at >= j.delay), None)
            if job is None:
                return
            self._queue.remove(job)
            job.status = "running"
        self._running_process_job = job
        self._send(("run", job.id, job.fn, job.args))

    def _read(self) -> list:
        out = []
        while self._results is not None:
            try:
                out.append(self._results.get_nowait())
            except (queue_module.Empty, OSError, EOFError, ValueError):
                break
        return out

    def _send(self, message) -> None:
        if self._process is None or not self._process.is_alive():
            context = multiprocessing.get_context("spawn")  # a fresh interpreter: no GL state
            self._requests, self._results = context.Queue(), context.Queue()
            self._process = context.Process(target=process_worker, name="flickbook-analysis",
                                            args=(self._requests, self._results, os.getpid()),
                                            daemon=True)
            self._process.start()
            self.started_workers += 1
        self._requests.put(message)

    def _end_process(self, at_once: bool) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if not at_once:
                self._requests.put(("stop",))
                process.join(1.0)
        except (OSError, ValueError):
            pass
        if process.is_alive():
            process.terminate()
            process.join(2.0)
        self._requests = self._results = None

    # --- on the frame thread --------------------------------------------------------------------
    def poll(self) -> None:
        """Deliver what the jobs reported (progress, results, errors) to their callbacks."""
        self._pump_process()
        with self._lock:
            events, self._events = self._events, []
        for job, what in events:
            if job.cancelled():
                continue
            if isinstance(what, tuple):  # progress, delivered in the order it was reported
                job.progress = what[1:]
                if job.on_progress is not None:
                    job.on_progress(job)
                continue
            if job in self.jobs:
                self.jobs.remove(job)
            callback = job.on_done if what == "done" else job.on_error
            if callback is not None:
                callback(job)

    def frame(self, task):
        self.poll()
        return task.cont

    def busy(self) -> bool:
        return bool(self.jobs)

    def probe(self) -> list[dict]:
        return [{"kind": j.kind, "status": j.status, "lane": j.lane,
                 "progress": list(j.progress)} for j in list(self.jobs)]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for job in self._queue:
                job._cancel.set()
                job.status = "cancelled"
            self._queue.clear()
            self._lock.notify_all()
        self._end_process(at_once=False)
