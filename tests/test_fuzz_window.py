"""Nothing a user opens can break the window: every file of a fuzz corpus, and each kind of
file that once passed `flickbook check` and then killed the window (issue 28), is opened in
one real window (drawing offscreen) with Ctrl+O's path; a file it cannot show is refused in
one line and the record shown before stays. Then the keys that read what was opened (next
and previous mistake, the ends of the line) are pressed and frames drawn.

A window that dies (Panda can abort in C++, which no `except` catches) is counted: the child
process says which file it is on before opening it, the parent starts a new window after the
file that killed the last one. Run as a script: `tests/test_fuzz_window.py N SEED` prints
the counts (bench-sized runs).
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: FUZZ_CODE=DIR opens the same files with another checkout's code (to count before/after).
CODE = Path(os.environ.get("FUZZ_CODE", str(ROOT)))
sys.path[:0] = [str(CODE), str(ROOT / "tests")]


def _read(rel: str) -> dict:
    return json.loads((ROOT / rel).read_text())


def _dump(data: dict) -> bytes:
    return json.dumps(data, indent=1).encode("utf-8")  # ensure_ascii: surrogates as \ud83d


def known_killers() -> list[tuple[str, bytes]]:
    """One file of each kind issue 28 found: each passed `check` and killed the window."""
    glik = _read("scenarios/glik/01-first-touch.flick")
    out = []
    d = copy.deepcopy(glik)
    for node in d["nodes"]:  # a lone surrogate on whichever node the window shows
        node["comment"] = "\ud83d"
    out.append(("lone-surrogate-comment", _dump(d)))
    d = copy.deepcopy(glik)
    d["headers"]["created"] = "\ud800"
    out.append(("lone-surrogate-created", _dump(d)))
    d = copy.deepcopy(glik)
    d["scenario"]["goal"] = {"player": 0, "stones": [[99, 99]]}
    out.append(("glik-goal-off-the-board", _dump(d)))
    d = copy.deepcopy(glik)
    d["scenario"]["goal"] = {"stones": [[8, 20]]}
    out.append(("glik-goal-without-player", _dump(d)))
    lesson = _read("scenarios/lessons/glik-round-the-corner.flick")
    next(n for n in lesson["nodes"] if "ask" in n)["ask"]["accept"]["goal"] = \
        {"player": 0, "stones": [[99, 99]]}
    out.append(("glik-lesson-goal-off-the-board", _dump(lesson)))
    glonk = _read("scenarios/glonk/02-boarding.flick")
    glonk["start"]["seats"][0] = "no_such_armada"
    out.append(("glonk-unknown-armada", _dump(glonk)))
    from fuzzing import _analyse
    from timeline import dumps, loads

    record = loads(_played_glik(), "glik")
    _analyse(record)
    data = json.loads(dumps(record))
    marked = [n for n in data["nodes"] if (n.get("analysis") or {}).get("glyph")]
    marked[0]["analysis"]["loss"] = None  # "?" with loss null: ] and [ once killed the window
    out.append(("analysis-glyph-without-loss", _dump(data)))
    return out


def _played_glik() -> bytes:
    from fuzzing import seeds

    return dict(seeds())["glik-played"]


def corpus(n: int, seed: int) -> list[tuple[str, bytes]]:
    from fuzzing import cases

    return known_killers() + list(cases(seed, n, bombs=False))


def child(folder: Path, start: int, n: int, seed: int) -> None:
    """Open files start.. of the corpus in one window; write each index before opening it."""
    from timeline import Record, Session
    from viewer.app import ViewerApp

    files = corpus(n, seed)
    first = Session(Record.new("glik", {"players": 2, "setup": "fixed"}))
    app = ViewerApp(first, offscreen=True, size=(960, 540), interactive=True)
    ctl = app.controller
    progress = folder / "progress"
    refused = opened = 0
    for k in range(start, len(files)):
        name, raw = files[k]
        progress.write_text(f"{k} {name}")
        path = folder / f"case{k}.flick"
        path.write_bytes(raw)
        before = ctl.session
        problem = ctl.files.open_path(path)
        if problem is not None:
            assert ctl.session is before, f"{name}: refused, yet the record shown changed"
            assert "\n" not in problem.strip(), f"{name}: more than one line: {problem!r}"
            refused += 1
        else:
            opened += 1
            for key in ("]", "[", "end", "home", "]"):
                ctl._key(key)
                app.taskMgr.step()
        app.taskMgr.step()
        path.unlink()
    progress.write_text(f"done {opened} {refused}")
    print(f"opened {opened}, refused {refused}", flush=True)


def run(n: int, seed: int, folder: Path) -> dict:
    """Every file of the corpus opened; windows that died and the files that killed them."""
    env = dict(os.environ, FLICKBOOK_HOME=str(folder / "home"),
               PYTHONPATH=os.pathsep.join([str(CODE), os.environ.get("PYTHONPATH", "")]))
    deaths: list[str] = []
    opened = refused = 0
    start = 0
    total = len(corpus(n, seed))
    while start < total:
        result = subprocess.run([sys.executable, __file__, "--child", str(folder), str(start),
                                 str(n), str(seed)], cwd=CODE, env=env, capture_output=True,
                                text=True, timeout=1800)
        state = (folder / "progress").read_text() if (folder / "progress").exists() else ""
        if state.startswith("done"):
            _, o, r = state.split()
            opened, refused = opened + int(o), refused + int(r)
            break
        if not state:
            raise AssertionError("the window did not start: " + result.stderr[-3000:])
        k, name = state.split(" ", 1)
        tail = (result.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        deaths.append(f"{name}: {tail[:200]}")
        (folder / "progress").unlink()
        start = int(k) + 1
    return {"files": total, "windows_died": len(deaths), "deaths": deaths}


def test_no_file_of_a_fuzz_corpus_kills_the_window(tmp_path):
    figures = run(60, 28, tmp_path)
    assert figures["windows_died"] == 0, "\n".join(figures["deaths"])


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        child(Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    else:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            figures = run(int(sys.argv[1]), int(sys.argv[2]), Path(tmp))
        print("\n".join(figures.pop("deaths")))
        figures["load_avg_1min"] = round(os.getloadavg()[0], 2)
        print(json.dumps(figures))
