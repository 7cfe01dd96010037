"""End-to-end: every file of a fuzz corpus opened one after another in ONE real window under
Xvfb, by the user's own path (Ctrl+O, the file's name typed into the open dialog, Enter), and
the windows that die counted: none may (issue 28 point 1).

The corpus is tests/fuzzing.py's mutated lessons, puzzles, tutorials, played records with
analysis, verdicts, camera views, drawings and motions of all three games, plus one file of
each kind that once passed `flickbook check` and then killed the window
(tests/test_fuzz_window.py `known_killers`). A file the window refuses is said in one line in
the dialog, and the record shown before stays (its path and node count in the probe); a file
it opens is shown, and `]` and `[` (next and previous mistake, which once killed it on an
analysis) are pressed. A window that dies is started again on the next file, so one death
does not hide the rest. Every step waits on the probe, never on a fixed sleep.

`python tests/test_fuzz_window_e2e.py N SEED` runs the corpus made of N mutated files and
prints one JSON line (the test: N = 600, about 90 opened and 100 refused, plus the killers).
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk  # noqa: E402

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)

START = ROOT / "scenarios" / "glik" / "01-first-touch.flick"


def corpus(n: int, seed: int) -> list[tuple[str, bytes]]:
    """The known killers, then of `n` mutated files every one the loader takes (those reach
    the window's drawing, which refused ones never do) and as many refused ones again, in the
    order the mutator made them."""
    from test_fuzz_window import known_killers

    from fuzzing import cases, run_case

    made = [(label, raw, run_case(raw, label)) for label, raw in cases(seed, n, bombs=False)]
    taken = sum(1 for *_, outcome in made if outcome == "accepted")
    out, refused = [], 0
    for label, raw, outcome in made:
        if outcome == "refused":
            refused += 1
            if refused > taken + 10:
                continue
        out.append((label, raw))
    return known_killers() + out


def _open_by_hand(desk: Desk, name: str) -> dict:
    """Ctrl+O, the name typed, Enter: the probe once the dialog closed or said no."""
    desk.key("ctrl+o")
    desk.wait(lambda p: p["dialog"] == "FileDialog", 30, "the open dialog")
    desk.type(name)
    desk.wait(lambda p: (p.get("dialog_entry") or "").endswith(name), 30,
              f"{name} typed into the open dialog")
    desk.key("Return")
    return desk.wait(lambda p: p["dialog"] is None or p.get("dialog_problem"), 60,
                     f"{name} opened or refused")


def run(n: int, seed: int, tmp: Path, first: int = 0, last: int | None = None) -> dict:
    files = corpus(n, seed)[first:last]
    folder = tmp / "corpus"
    folder.mkdir()
    start = folder / "start.flick"
    start.write_bytes(START.read_bytes())
    desk = Desk(tmp)
    deaths, refused, opened, problems = [], 0, 0, []

    def begin():
        desk.start("open", str(start))
        desk.wait(lambda p: p.get("path") == str(start), 60, "the start file shown")
    try:
        begin()
        for k, (label, raw) in enumerate(files):
            name = f"c{k + first}.flick"
            (folder / name).write_bytes(raw)
            before = desk.probe()
            try:
                p = _open_by_hand(desk, name)
                if p.get("dialog_problem"):
                    refused += 1
                    text = p["dialog_problem"]
                    if "\n" in text.strip() or not text.strip():
                        problems.append(f"{label}: not one line: {text!r}")
                    if p["path"] != before["path"] or p["nodes"] != before["nodes"]:
                        problems.append(f"{label}: refused, yet the record shown changed")
                    desk.key("Escape")
                    desk.wait(lambda p: p["dialog"] is None, 30, "the dialog closed")
                else:
                    opened += 1
                    if p["path"] != str(folder / name):
                        problems.append(f"{label}: opened, yet {p['path']} is shown")
                    if p["mode"] == "play":
                        desk.key("bracketright", "bracketleft", "End")
                    desk.wait(lambda p: p["frames_drawn"] > 0, 30, "a frame drawn")
            except AssertionError as exc:
                if desk.viewer.poll() is None:
                    raise  # alive but stuck: a failure of its own
                log = (tmp / "viewer.log").read_text(errors="replace").strip().splitlines()
                deaths.append(f"{label}: {(log or ['(no output)'])[-1][:200]} ({exc!s:.80})")
                (tmp / "viewer.log").unlink(missing_ok=True)
                begin()
        desk.key("F12")  # the window still answers at the end
        desk.wait(lambda p: p["dialog"] is None, 30, "the window at the end")
    finally:
        desk.stop()
    return {"files": len(files), "opened": opened, "refused": refused,
            "windows_died": len(deaths), "deaths": deaths, "problems": problems}


def test_every_file_of_a_fuzz_corpus_in_one_real_window_none_kills_it(tmp_path):
    figures = run(int(os.environ.get("FUZZ_WINDOW_CASES", "600")), 2828, tmp_path)
    assert figures["windows_died"] == 0, "\n".join(figures["deaths"])
    assert not figures["problems"], "\n".join(figures["problems"])
    # the corpus reaches both sides, or it proves nothing
    assert figures["opened"] >= 50 and figures["refused"] >= 50, figures


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        span = [int(a) for a in sys.argv[3:5]]  # optional: only files FIRST..LAST of the corpus
        result = run(int(sys.argv[1]), int(sys.argv[2]), Path(tmp), *span)
    print("\n".join(result["deaths"] + result["problems"]))
    result.pop("deaths")
    result.pop("problems")
    result["load_avg_1min"] = round(os.getloadavg()[0], 2)
    print(json.dumps(result))
