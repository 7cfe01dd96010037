"""Every hostile file of issue 38, of every kind, through the real command line: refused in one
line that says why (exit 2, no traceback), or, for the real files beside them, accepted
(tests/known_files.py holds the table)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from known_files import ROOT, cases, outcome

_FOLDER = None


def _cases():
    import tempfile

    global _FOLDER
    _FOLDER = Path(tempfile.mkdtemp(prefix="known-files-"))
    return cases(_FOLDER)


CASES = _cases()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.kind}: {c.label}" for c in CASES])
def test_a_known_file_gives_its_known_answer(case, tmp_path):
    got, line = outcome(case, tmp_path / "home")
    if case.expect == "accept":
        assert got == "accepted", line
    else:
        assert got == "refused", line
        for word in case.words:
            assert word in line, line


def test_every_kind_of_the_issue_is_in_the_set():
    kinds = {c.kind for c in CASES}
    assert kinds == {"course", "progress export", "observation", "hand", "direction", "record",
                     "progress database"}
    assert all(any(c.kind == k and c.expect == "accept" for c in CASES) for k in kinds - {"observation", "record"})


def test_one_of_each_kind_through_the_executable(tmp_path):
    """The same answers from a process of its own (stderr as a user's terminal shows it)."""
    first = {}
    for case in CASES:
        if case.expect == "refuse" and case.kind not in first and case.setup is None:
            first[case.kind] = case
    for case in first.values():
        env = dict(os.environ, FLICKBOOK_HOME=str(tmp_path / "home"))
        proc = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), *case.argv],
                              capture_output=True, text=True, timeout=240, env=env)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2 and len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
        assert all(w in lines[0] for w in case.words), lines[0]
