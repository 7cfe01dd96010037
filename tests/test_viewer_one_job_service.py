"""One job service: in viewer/, only the job service (viewer/jobs.py) starts threads, processes,
pools or executors, besides the autosave writer (viewer/autosave.py) and the export workers
(viewer/export.py). Every other part's background work is a job of viewer.jobs (read from the
source, so a new Thread anywhere in viewer/ fails here)."""
from __future__ import annotations

import ast
from pathlib import Path

VIEWER = Path(__file__).resolve().parent.parent / "viewer"
ALLOWED = {"jobs.py", "autosave.py", "export.py"}
#: What starts work beside the frame thread: a call of one of these names.
STARTERS = {"Thread", "Timer", "Process", "Pool", "ThreadPool", "Popen", "start_new_thread",
            "fork", "forkpty"}
#: Executors that run each call at once in the caller's thread: they start nothing.
INLINE = {"InProcessExecutor"}
#: The modules that start such work: importing one is a part running its own.
MODULES = {"threading", "_thread", "multiprocessing", "concurrent"}


def _called(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else (
        func.attr if isinstance(func, ast.Attribute) else None)


def starts_background_work(source: str) -> list[str]:
    """What `source` does that starts a thread, a process, a pool or an executor (line: what)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _called(node)
            if name in STARTERS or ((name or "").endswith("Executor") and name not in INLINE):
                found.append(f"{node.lineno}: {name}(...)")
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names
                      if a.name.split(".")[0] in MODULES]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in MODULES:
            found.append(f"{node.lineno}: from {node.module} import ...")
    return found


def test_only_the_job_service_autosave_and_export_start_threads_or_processes():
    offenders = {}
    for path in sorted(VIEWER.rglob("*.py")):
        rel = path.relative_to(VIEWER).as_posix()
        if rel in ALLOWED:
            continue
        found = starts_background_work(path.read_text(encoding="utf-8"))
        if found:
            offenders[rel] = found
    assert offenders == {}, ("background work outside viewer/jobs.py (submit it as a job): "
                             f"{offenders}")


def test_the_check_sees_each_way_of_starting_work():
    """The check itself: each way a part could start its own background work is seen."""
    ways = {
        "import threading\nthreading.Thread(target=print).start()": 2,
        "from threading import Thread\nThread(target=print).start()": 2,
        "import multiprocessing as mp\nmp.get_context('spawn').Process(target=print)": 2,
        "from concurrent.futures import ThreadPoolExecutor\nThreadPoolExecutor(1)": 2,
        "def f(pool):\n    return pool.ProcessPoolExecutor()": 1,
        "import subprocess\nsubprocess.Popen(['true'])": 1,
        "import os\nos.fork()": 1,
        "import subprocess\nsubprocess.run(['true'], timeout=2)": 0,  # waited for: not background
        "from analysis.executors import InProcessExecutor\nInProcessExecutor()": 0,
        "def f(jobs):\n    return jobs.submit('x', print)": 0,
    }
    for source, count in ways.items():
        assert len(starts_background_work(source)) == count, source
    assert starts_background_work((VIEWER / "jobs.py").read_text(encoding="utf-8"))
