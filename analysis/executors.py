"""Where analysis batches run: one `concurrent.futures`-shaped interface over four back ends.

- `inprocess`: every batch runs at once in the calling thread (tests, debugging, tiny jobs);
- `local` (the default): a process pool of `workers` processes (default: all cores);
- `dask`: a Dask distributed local cluster; `tcp://HOST:PORT` joins a running scheduler;
- `ray`: a local Ray instance; `ray://HOST:PORT` joins a Ray cluster.

Dask and Ray are optional extras (`pip install flickbook[cluster]`), imported only when chosen.
Batches are pure top-level functions of picklable arguments and every PyBullet client is made
inside the worker that uses it (a client cannot cross a process boundary), so the results are
the same bytes on every back end.
"""
from __future__ import annotations

import concurrent.futures as cf
from concurrent.futures.process import BrokenProcessPool
import contextlib
import multiprocessing
import os
import sys
import time
from typing import Any, Callable, Iterator, Sequence

#: What `--executor` accepts besides scheduler addresses.
EXECUTOR_NAMES = ("local", "inprocess", "dask", "ray")
CLUSTER_EXTRA = "pip install 'flickbook[cluster]'"
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ExecutorError(ValueError):
    """An executor that cannot be used (unknown name, missing extra, unreachable address)."""


class WorkersLost(ExecutorError):
    """Batches whose workers died, and no worker left to run them (or one batch lost
    `BATCH_TRIES` times): one line saying so, never a traceback or a quiet other answer."""


#: How often one batch is sent out before its loss is an error: a batch whose worker died
#: (a killed process, a lost Dask worker or Ray worker) is sent again, to a new pool or
#: another worker; it is a pure function of its seeds, so it gives the same bytes there.
BATCH_TRIES = 3


class InProcessExecutor(cf.Executor):
    """Runs each submitted call at once in the caller's thread; futures come back done."""

    def submit(self, fn, /, *args, **kwargs):
        future: cf.Future = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller through the future
            future.set_exception(exc)
        return future


class RayExecutor(cf.Executor):
    """`submit` as a Ray remote task; Ray's ObjectRef.future() is a concurrent.futures.Future.

    Ray's own retry of a task whose worker died is turned off (`max_retries=0`): the loss comes
    back as WorkerCrashedError and `run_batches` sends the batch again, counts it once and
    stops with one line after BATCH_TRIES losses, as on every other back end."""

    def __init__(self, ray_module):
        self._ray = ray_module
        self._remote: dict[Callable, Any] = {}

    def submit(self, fn, /, *args, **kwargs):
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(num_cpus=1, max_retries=0)(fn)
        return remote.remote(*args, **kwargs).future()


class _RayThreadsToStderr:
    """`sys.stdout` while Ray runs: what Ray's own threads print there ("(raylet) A worker
    died...", "Task flick_batch failed... will be retried") goes to stderr instead, so the
    answer on stdout (`explore --json`) stays the same bytes as on every other back end."""

    def __init__(self, out, err):
        self._out, self._err = out, err

    def _stream(self):
        import threading

        thread = threading.current_thread()
        ray_thread = thread is not threading.main_thread() and thread.name.lower().startswith("ray")
        return self._err if ray_thread else self._out

    def write(self, text):
        stream = self._stream()
        if stream is self._out:
            return self._out.write(text)
        for line in str(text).splitlines():
            line = _short_ray_line(line)
            if line:
                self._err.write(f"flickbook: ray: {line}\n")
        return len(text)

    def flush(self):
        self._out.flush()
        self._err.flush()

    def __getattr__(self, name):
        return getattr(self._out, name)


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


@contextlib.contextmanager
def open_executor(spec: str | None = None, workers: int | None = None) -> Iterator[cf.Executor]:
    """The executor named by `spec` (see the module docstring), shut down on leaving.

    ExecutorError with one line saying what is wrong when it cannot be made.
    """
    spec = (spec or "local").strip()
    if workers is not None and workers < 1:
        raise ExecutorError("--workers must be at least 1")
    if spec == "inprocess":
        yield InProcessExecutor()
    elif spec == "local":
        with _local_pool(workers or default_workers()) as pool:
            yield pool
    elif spec == "dask" or spec.startswith("tcp://"):
        with _dask_executor(spec, workers) as executor:
            yield executor
    elif spec == "ray" or spec.startswith("ray://"):
        with _ray_executor(spec, workers) as executor:
            yield executor
    else:
        raise ExecutorError(f"unknown executor {spec!r}: use {', '.join(EXECUTOR_NAMES)}, "
                            "tcp://HOST:PORT (a Dask scheduler) or ray://HOST:PORT")


class LocalPool(cf.Executor):
    """A process pool that can be renewed: when one of its processes dies, Python's pool is
    broken for good (every batch in it fails with BrokenProcessPool); `renew` starts a fresh
    one, where `run_batches` sends the lost batches again."""

    def __init__(self, workers: int):
        self.workers = workers
        self.renewals = 0
        self._pool = self._start()

    def _start(self) -> cf.ProcessPoolExecutor:
        # forkserver: workers fork from a clean server process (no viewer threads, no
        # PyBullet client of the parent), with the batch modules imported once beforehand.
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(["analysis.glonk", "analysis.rollouts"])
        return cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                      initializer=silence_stdout)

    @property
    def broken(self) -> bool:
        return bool(getattr(self._pool, "_broken", False))

    def renew(self) -> None:
        """A fresh pool instead of a broken one (the broken one's processes are gone)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._start()
        self.renewals += 1

    def worker_pids(self) -> list[int]:
        """The pool's processes now (tests kill one of them mid-run)."""
        return sorted((getattr(self._pool, "_processes", None) or {}).keys())

    def submit(self, fn, /, *args, **kwargs):
        return self._pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


@contextlib.contextmanager
def _local_pool(workers: int):
    pool = LocalPool(workers)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def silence_stdout(root: str | None = None) -> None:
    """In a worker: C-level stdout and stderr to /dev/null (PyBullet prints a line each time
    a worker connects; a batch's errors come back through its future, not the terminal);
    optionally put `root` on sys.path."""
    if root is not None and root not in sys.path:
        sys.path.insert(0, root)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _import(name: str, what: str):
    try:
        return __import__(name, fromlist=["_"])
    except ImportError:
        raise ExecutorError(f"{what} is not installed: {CLUSTER_EXTRA}") from None


@contextlib.contextmanager
def _dask_executor(spec: str, workers: int | None):
    distributed = _import("distributed", "Dask distributed")
    import logging

    for name in ("distributed", "tornado", "asyncio"):  # a worker lost and recovered: no noise
        logging.getLogger(name).setLevel(logging.CRITICAL)
    cluster = None
    try:
        if spec == "dask":
            cluster = distributed.LocalCluster(
                n_workers=workers or default_workers(), threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR)
            client = distributed.Client(cluster)
        else:
            client = distributed.Client(spec, timeout=5)
    except Exception as exc:  # noqa: BLE001 - Nanny failed to start, a timeout, a refused address
        if cluster is not None:
            _quietly(cluster.close)
        raise ExecutorError(f"cannot use the Dask scheduler {spec}: {_first_line(exc)}"
                            f" ({_DASK_ADVICE if spec == 'dask' else _REMOTE_ADVICE})") from None
    try:
        if cluster is not None:  # local workers: quiet, and they find this checkout's code
            try:
                client.run(silence_stdout, _ROOT)
            except Exception as exc:  # noqa: BLE001 - a worker that died as the cluster started
                raise ExecutorError(f"cannot use the Dask scheduler {spec}: its workers did "
                                    f"not start ({_first_line(exc)}; {_DASK_ADVICE})") from None
        yield client.get_executor(pure=False)
    finally:
        _quietly(client.close)  # the answer is in already: a close that fails changes nothing
        if cluster is not None:
            _quietly(cluster.close)


#: What to do when a cluster does not start: said after the reason.
_DASK_ADVICE = "try again, or use --executor local"
_RAY_ADVICE = "the machine may be too busy for Ray to start: try again, or use --executor local"
_REMOTE_ADVICE = "check the address and that the cluster is running, or use --executor local"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0][:200] if text else type(exc).__name__


def _quietly(close: Callable[[], Any]) -> None:
    """Shut a cluster down; a failure of that (a worker already gone) is not the user's."""
    try:
        close()
    except Exception:  # noqa: BLE001 - the work is done or already reported
        pass


def _short_ray_line(line: str) -> str:
    """Ray's notice in a line a person reads: no colour codes, the first sentence only."""
    import re

    line = re.sub(r"\x1b\[[0-9;]*m", "", line).strip()
    line = re.sub(r"^\((raylet|pid=[^)]*)\)\s*", "", line)
    if not line:
        return ""
    first = re.split(r"(?<=[a-z)])\. ", line, maxsplit=1)[0].rstrip(".")
    if "worker died" in first.lower():
        first += f" (a lost batch is sent again, {BATCH_TRIES} tries in all, and counted once)"
    return first[:200]


@contextlib.contextmanager
def _ray_executor(spec: str, workers: int | None):
    ray = _import("ray", "Ray")
    env = {"env_vars": {"PYTHONPATH": os.pathsep.join(
        [_ROOT] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}}
    try:
        if spec == "ray":
            # "local": always a new instance of our own. With no address Ray joins the newest
            # cluster on the machine (another window's, a test's), which then refuses num_cpus
            # or is shut down under us.
            ray.init(address="local", num_cpus=workers or default_workers(),
                     include_dashboard=False,
                     log_to_driver=False, logging_level="ERROR", runtime_env=env,
                     configure_logging=True)
        else:
            ray.init(address=spec, runtime_env=env, log_to_driver=False,
                     logging_level="ERROR")
    except Exception as exc:  # noqa: BLE001 - "timed out during startup", GCS overloaded, refused
        _quietly(ray.shutdown)  # what did start of it
        raise ExecutorError(f"cannot use the Ray cluster {spec}: {_first_line(exc)}"
                            f" ({_RAY_ADVICE if spec == 'ray' else _REMOTE_ADVICE})") from None
    stdout = sys.stdout
    sys.stdout = _RayThreadsToStderr(stdout, sys.stderr)
    try:
        yield RayExecutor(ray)
    finally:
        try:
            _quietly(ray.shutdown)
        finally:
            if isinstance(sys.stdout, _RayThreadsToStderr):
                sys.stdout = stdout


#: Exceptions by which Ray and Dask say a worker (not the batch) failed, by class name, so
#: neither is imported to recognise them.
_RAY_LOST = {"WorkerCrashedError", "NodeDiedError", "LocalRayletDiedError", "ActorDiedError",
             "ObjectLostError", "OwnerDiedError", "ObjectReconstructionFailedError",
             "RaySystemError", "TaskUnschedulableError"}
_DASK_LOST = {"KilledWorker"}
#: Losses after which nothing can take the batch again (the scheduler itself is gone).
_FINAL = "the scheduler"


def worker_lost(exc: BaseException) -> str | None:
    """Why `exc` says a worker died under a batch (in words), or None when the batch itself
    failed (a bug or bad input: raised as it is)."""
    name, module = type(exc).__name__, type(exc).__module__ or ""
    if isinstance(exc, BrokenProcessPool):
        return "a worker process of the local pool died"
    if module.startswith("ray") and name in _RAY_LOST:
        return f"a Ray worker died ({name})"
    if module.startswith("distributed") and name in _DASK_LOST:
        return f"Dask workers died running it ({name})"
    if isinstance(exc, (cf.CancelledError, ConnectionError)) or name == "CommClosedError":
        # no one here cancels a batch that is still wanted: the cluster did (Dask, when its
        # scheduler goes away), and nothing is left to send it to
        return f"{_FINAL} of the cluster was lost ({name})"
    return None


def _submit(executor: cf.Executor, fn: Callable, task, tries: int) -> cf.Future:
    """`executor.submit(fn, task)`; a local pool that refuses it (one of its processes died
    while it started or between batches: the pool is broken for good) is renewed and asked
    again, `tries` times in all, a moment apart, before the refusal stands."""
    renew = getattr(executor, "renew", None)
    for attempt in range(tries):
        try:
            return executor.submit(fn, task)
        except Exception:  # noqa: BLE001 - a broken pool's BrokenProcessPool or RuntimeError
            if renew is None or attempt == tries - 1:
                raise
            time.sleep(0.05 * (attempt + 1))  # the lost process's siblings let go first
            renew()
    raise AssertionError("unreachable")


def run_batches(executor: cf.Executor, fn: Callable, tasks: Sequence, *,
                on_result: Callable[[int, Any], None] | None = None,
                progress: "Progress | None" = None, tries: int = BATCH_TRIES) -> list:
    """`[fn(t) for t in tasks]` on `executor`, in task order whatever order they finish in.

    `on_result(index, result)` sees each result as it arrives (partial results for a viewer),
    once per batch. A batch whose worker died is sent again (a broken local pool is renewed
    first), at most `tries` times in all, and counts once; past that, or when no worker is
    left to take it, WorkersLost says so in one line.
    """
    results: list = [None] * len(tasks)
    done = [False] * len(tasks)
    sent = [0] * len(tasks)
    pending: dict[cf.Future, int] = {}

    def send(i: int, why: str | None = None) -> None:
        if sent[i] >= tries:
            raise WorkersLost(f"analysis stopped: {why}; batch {i + 1} of {len(tasks)} was "
                              f"lost {sent[i]} times, so no answer is given")
        sent[i] += 1
        try:
            pending[_submit(executor, fn, tasks[i], tries)] = i
        except Exception as exc:  # noqa: BLE001 - a pool or cluster that takes no more work
            detail = (str(exc).splitlines() or [""])[0]
            reason = worker_lost(exc) or (f"the executor takes no more batches "
                                          f"({type(exc).__name__}{': ' + detail if detail else ''})")
            raise WorkersLost(f"analysis stopped: {reason}, and no worker is left to run "
                              f"batch {i + 1} of {len(tasks)} (run it again, or with "
                              "--executor inprocess)") from None

    try:
        for i in range(len(tasks)):
            send(i)
        while pending:
            finished, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
            lost = []
            for future in finished:
                i = pending.pop(future)
                try:
                    value = future.result()
                except BaseException as exc:  # noqa: BLE001 - sorted below: lost or failed
                    why = worker_lost(exc)
                    if why is None:
                        raise
                    if why.startswith(_FINAL):
                        raise WorkersLost(f"analysis stopped: {why}; batch {i + 1} of "
                                          f"{len(tasks)} has no worker left to run it") from None
                    lost.append((i, why))
                    continue
                if done[i]:
                    continue  # a batch that came back twice counts once
                results[i], done[i] = value, True
                if on_result is not None:
                    on_result(i, value)
                if progress is not None:
                    progress.advance()
            if lost and getattr(executor, "broken", False):
                executor.renew()
            for i, why in sorted(lost):
                if not done[i]:
                    send(i, why)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return results


class Progress:
    """A one-line progress bar on stderr when it is a terminal (silent otherwise)."""

    def __init__(self, total: int, label: str, stream=None, enabled: bool | None = None):
        self.total, self.label, self.done = max(1, total), label, 0
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.start = time.perf_counter()
        self._shown = 0.0

    def add_total(self, extra: int) -> None:
        self.total += extra

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.perf_counter()
        if self.enabled and (now - self._shown > 0.1 or self.done >= self.total):
            self._shown = now
            frac = min(1.0, self.done / self.total)
            bar = "#" * int(30 * frac)
            self.stream.write(f"\r{self.label} [{bar:<30}] {self.done}/{self.total} "
                              f"{now - self.start:5.1f} s")
            self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
