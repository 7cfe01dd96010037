"""The window's job service: all work off the frame thread goes through one queue.

A part asks for work with `submit(kind, fn, *args, ...)` and gets a `Job`. Work runs in one of
two lanes, both fed from the service's one queue, in the order it was asked for:

- "thread" (the default): on the service's worker threads (physics is thread-safe per
  thread): a flick's simulation, the aim's ghost path, a record's motion check, a lesson's
  verdict, an editor's Verify;
- "process": in one of the window's long-lived worker processes (spawned: a fresh
  interpreter, no window or GL state), named by `worker` and started on first use, each
  process named "flickbook-<worker>": "analysis" (the default: the best shot, the
  computer's move, the table log's flick), "explorer" (the shot explorer's maps),
  "game-analysis" (F6). `fn` is named as "module:function" there; it is called with the
  job's args and, if it takes them, an `on_progress(done, planned, partial=None)` keyword
  and an `executor` (the worker's one batch-at-a-time thread: each batch's count comes back
  as it ends). A function that is a generator is a job in steps: each `yield (done,
  planned[, partial])` is its progress (with a partial result, the explorer's map so far),
  its `return` the result. A worker runs the job it holds with the highest `priority` (the
  oldest of those), one step at a time, so a newer, more urgent job need not wait for a
  long one to end.

A job's `position` (a record node) is where it was asked about: when the cursor leaves it,
the job is cancelled and its answer never delivered (`follow(node)`, called every frame).
`cancel()` drops a queued job at once; a running thread job is told (`job.cancelled()`, which
its function may ask) and its answer dropped; a process job is dropped by its worker between
steps or at its next `on_progress`, and a worker that has not dropped it `CANCEL_GRACE`
seconds later is busy in work that cannot stop: it is ended, and the jobs it held go to a
fresh one. A worker that dies by itself fails the jobs it held (`job.lost`, said in words);
the next job gets a fresh worker. What a job reports - progress, its result or its error - is
delivered on the frame thread (`poll`, in the frame's "jobs" stage) to the callbacks it was
submitted with; `job.result` and `job.finished` are readable from any thread as soon as the
work ends.
"""
from __future__ import annotations

import importlib
import inspect
import itertools
import multiprocessing
import os
import queue as queue_module
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

#: Worker threads of the thread lane (two: a flick's simulation never waits for a ghost path).
THREADS = 2
#: The process lane's worker when a job names none.
ANALYSIS = "analysis"
#: Seconds a process worker has to drop a cancelled job before it is ended.
CANCEL_GRACE = 1.0


def process_name(worker: str) -> str:
    """The name of the process of the process lane's worker `worker` (each its own)."""
    return f"flickbook-{worker}"


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
    worker: str = ANALYSIS  # the process lane's worker that runs it
    priority: int = 0  # a process worker runs its highest first
    asked_at: float = field(default_factory=time.monotonic)
    status: str = "queued"  # queued, running, done, failed, cancelled
    result: Any = None
    error: str | None = None
    lost: bool = False  # its worker process died before it answered
    progress: tuple[int, int] = (0, 0)
    partial: Any = None  # the partial result that came with the last progress
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


class _Cancelled(BaseException):  # not an Exception: a job's own `except Exception` passes it
    """Raised in a process job's `on_progress` once the window cancelled it."""


def process_worker(requests, results, parent: int | None = None) -> None:
    """A worker of the process lane. Requests: ("run", id, "module:function", args[,
    priority]), ("cancel", id), ("stop",) (ends it once the jobs it holds are done; the end
    of the viewer process `parent` ends it at once: a viewer that was killed cannot say stop).
    Results: ("started", id), ("progress", id, done, planned, partial)..., then ("done", id,
    result), ("error", id, text), or ("cancelled", id) for every cancel.

    A reader thread takes the requests as they come, so a cancel is answered while a job
    runs; the job itself stops at its next step or `on_progress`."""
    if parent is not None:
        from analysis.executors import silence_stdout

        silence_stdout()  # PyBullet's banner is not the terminal's business

        def watch():
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(0)

        threading.Thread(target=watch, name="flickbook-worker-parent", daemon=True).start()
    lock = threading.Condition()
    held: dict[int, list] = {}  # id -> [priority, order, name, args, steps or None]
    order = itertools.count()
    asked_off: set[int] = set()  # the job running now was cancelled: it stops at its next step
    now_running: list = [None]
    stopping = [False]
    batches: list = []  # the one batch-at-a-time executor, made when a job first asks

    def read() -> None:
        while True:
            try:
                message = requests.get()
            except (EOFError, OSError, ValueError):
                message = ("stop",)
            with lock:
                if message[0] == "run":
                    job_id, name, args = message[1:4]
                    priority = message[4] if len(message) > 4 else 0
                    held[job_id] = [priority, next(order), name, args, None]
                elif message[0] == "cancel":
                    job_id = message[1]
                    if job_id == now_running[0]:
                        asked_off.add(job_id)  # answered when it has stopped
                    else:
                        held.pop(job_id, None)
                        results.put(("cancelled", job_id))
                else:
                    stopping[0] = True
                lock.notify_all()
                if stopping[0]:
                    return

    threading.Thread(target=read, name="flickbook-worker-requests", daemon=True).start()

    def progress_of(job_id):
        def on_progress(done, planned, partial=None):
            results.put(("progress", job_id, done, planned, partial))
            with lock:
                if job_id in asked_off:
                    raise _Cancelled
        return on_progress

    def step(job_id, entry) -> tuple | None:
        """One step of the job: its answer when it has ended, else None."""
        try:
            if entry[4] is None:
                results.put(("started", job_id))
                fn = _resolve(entry[2])
                kwargs = {}
                parameters = inspect.signature(fn).parameters
                if "on_progress" in parameters:
                    kwargs["on_progress"] = progress_of(job_id)
                if "executor" in parameters:
                    if not batches:
                        from concurrent.futures import ThreadPoolExecutor

                        batches.append(ThreadPoolExecutor(1, "flickbook-worker-batches"))
                    kwargs["executor"] = batches[0]
                out = fn(*entry[3], **kwargs)
                if not inspect.isgenerator(out):
                    return ("done", job_id, out)
                entry[4] = out
            said = next(entry[4])
            done, planned = said[0], said[1]
            results.put(("progress", job_id, done, planned, said[2] if len(said) > 2 else None))
            return None
        except StopIteration as end:
            return ("done", job_id, end.value)
        except _Cancelled:
            return ("cancelled", job_id)
        except Exception as exc:  # noqa: BLE001 - said in the window, never a traceback
            return ("error", job_id, f"{type(exc).__name__}: {exc}")

    while True:
        with lock:
            while not held and not stopping[0]:
                lock.wait()
            if not held:
                break
            job_id = max(held, key=lambda i: (held[i][0], -held[i][1]))
            entry = held[job_id]
            now_running[0] = job_id
        answer = step(job_id, entry)
        with lock:
            now_running[0] = None
            if job_id in asked_off:
                asked_off.discard(job_id)
                answer = ("cancelled", job_id)
            if answer is not None:
                held.pop(job_id, None)
                results.put(answer)
    for executor in batches:
        executor.shutdown(wait=False, cancel_futures=True)


class _Worker:
    """One process of the process lane: its queues and the jobs it holds (id -> job)."""

    def __init__(self, name: str):
        self.name = name
        self.process = None
        self.requests = self.results = None
        self.held: dict[int, Job] = {}
        self.cancelling: dict[int, float] = {}  # id -> when it was cancelled, until answered

    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no GL state
        self.requests, self.results = context.Queue(), context.Queue()
        self.process = context.Process(target=process_worker, name=process_name(self.name),
                                       args=(self.requests, self.results, os.getpid()),
                                       daemon=True)
        self.process.start()
        self.cancelling.clear()

    def post(self, message) -> None:
        """Tell a running worker something (one that is gone has nothing to drop)."""
        if self.alive():
            try:
                self.requests.put(message)
            except (OSError, ValueError):
                pass

    def read(self) -> list:
        out = []
        while self.results is not None:
            try:
                out.append(self.results.get_nowait())
            except (queue_module.Empty, OSError, EOFError, ValueError):
                break
        return out

    def end(self, at_once: bool) -> None:
        process, self.process = self.process, None
        if process is not None:
            try:
                if not at_once:
                    self.requests.put(("stop",))
                    process.join(1.0)
            except (OSError, ValueError):
                pass
            if process.is_alive():
                process.terminate()
                process.join(2.0)
        self.requests = self.results = None
        self.cancelling.clear()


class Jobs:
    def __init__(self, threads: int = THREADS):
        self._lock = threading.Condition()
        self._queue: list[Job] = []  # the one queue, both lanes, oldest first
        self._ids = 0
        #: (job, what) to deliver on the frame thread: "done", "failed" or ("progress", d, p, x)
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
        self._workers: dict[str, _Worker] = {}  # the process lane's, by name
        self.started_workers = 0  # worker processes started, all workers (tests check reuse)

    # --- asking -------------------------------------------------------------------------------
    def submit(self, kind: str, fn, *args, lane: str = "thread", position=None,
               delay: float = 0.0, on_done=None, on_error=None, on_progress=None,
               worker: str = ANALYSIS, priority: int = 0) -> Job:
        with self._lock:
            self._ids += 1
            job = Job(kind, fn, args, lane, position, delay, on_done, on_error, on_progress,
                      self._ids, worker, priority)
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
        worker = self._workers.get(job.worker) if job.lane == "process" else None
        if worker is not None and worker.held.pop(job.id, None) is not None:
            if worker.alive():
                worker.cancelling[job.id] = time.monotonic()
                worker.post(("cancel", job.id))

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
        """On the frame thread: send the process jobs that are due to their workers, read
        what the workers said, end a worker that does not drop a cancelled job, and fail the
        jobs of a worker that died."""
        now = time.monotonic()
        for worker in list(self._workers.values()):
            if worker.process is None:
                continue
            alive = worker.process.is_alive()
            for message in worker.read():
                self._heard(worker, message)
            if worker.cancelling and now - min(worker.cancelling.values()) > CANCEL_GRACE:
                held = list(worker.held.values())
                worker.held.clear()
                worker.end(at_once=True)  # busy in work that cannot stop
                for job in held:  # the jobs it held start again in a fresh worker
                    with self._lock:
                        job.status, job.progress, job.partial = "queued", (0, 0), None
                    self._send(job)
            elif not alive:
                self._lose(worker)
        with self._lock:
            due = [j for j in self._queue if j.lane == "process" and now - j.asked_at >= j.delay]
            for job in due:
                self._queue.remove(job)
        for job in due:
            self._send(job)

    def _lose(self, worker: _Worker) -> None:
        """`worker` died by itself: the jobs it held fail, saying so (the next gets a fresh one)."""
        held = list(worker.held.values())
        worker.held.clear()
        worker.end(at_once=True)
        for job in held:
            job.lost = True
            self._finish(job, None, f"the worker process {process_name(worker.name)} "
                                    "stopped without an answer")

    def _heard(self, worker: _Worker, message) -> None:
        kind, job_id = message[0], message[1]
        if kind == "cancelled":
            worker.cancelling.pop(job_id, None)
            return
        job = worker.held.get(job_id)
        if job is None:
            return  # an answer to a job that was cancelled
        if kind == "started":
            with self._lock:
                if not job.cancelled():
                    job.status = "running"
        elif kind == "progress":
            with self._lock:
                self._events.append((job, ("progress",) + tuple(message[2:5])))
        else:
            del worker.held[job_id]
            ok = kind == "done"
            self._finish(job, message[2] if ok else None, None if ok else message[2])

    def _send(self, job: Job) -> None:
        worker = self._workers.get(job.worker)
        if worker is None:
            worker = self._workers[job.worker] = _Worker(job.worker)
        try:
            if not worker.alive():
                if worker.process is not None:
                    self._lose(worker)
                worker.start()
                self.started_workers += 1
            worker.held[job.id] = job
            worker.requests.put(("run", job.id, job.fn, job.args, job.priority))
        except (OSError, ValueError) as exc:  # the system refuses a process: said, not raised
            worker.held.pop(job.id, None)
            job.lost = True
            self._finish(job, None, f"no worker process {process_name(job.worker)} ({exc})")

    def end_worker(self, name: str) -> None:
        """The part that wanted the worker `name` is gone (the explorer of a scene closed): its
        jobs are cancelled and its process ends; a later job starts a fresh one."""
        worker = self._workers.get(name)
        if worker is None:
            return
        for job in list(worker.held.values()):
            self.cancel(job)
        with self._lock:
            queued = [j for j in self._queue if j.lane == "process" and j.worker == name]
        for job in queued:
            self.cancel(job)
        worker.end(at_once=False)

    def workers(self) -> dict[str, int | None]:
        """The process lane's workers now: process name -> its pid (None when not running)."""
        return {process_name(w.name): (w.process.pid if w.alive() else None)
                for w in self._workers.values()}

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
                job.progress = tuple(what[1:3])
                job.partial = what[3] if len(what) > 3 else None
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
        for worker in self._workers.values():
            for job_id in list(worker.held):
                worker.post(("cancel", job_id))  # so that stop ends it at once
            worker.held.clear()
            worker.end(at_once=False)
