"""authoring/rerecord_motions.py moves a record to another physics version: its stored flicks
simulated again under `--physics N`, its header saying N, its puzzle verdict solved again,
and every change reported; a file whose outcome or verdict changed is kept unless --force.

Physics 5 is another helper's: here a stand-in "physics 5" (the mat's friction changed when
version 5 is asked) makes the changes happen, on copies of bundled files in tmp_path."""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from physics import config, sim
from timeline import load_record, save_record, verify_motions

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "authoring"))
import rerecord_motions as RR  # noqa: E402

PUZZLES = ROOT / "scenarios" / "glonk"


@pytest.fixture
def physics5(monkeypatch):
    """`set(mu)`: from now on, a flick simulated with version=5 slides on a mat of friction
    `mu` (version 4 is untouched)."""
    mu, physics4 = [config.DEFAULT_FRICTION], config.DEFAULT_FRICTION
    real = sim.simulate

    def simulate(*args, **kw):
        if kw.get("version") != 5:
            return real(*args, **kw)
        monkeypatch.setattr(config, "DEFAULT_FRICTION", mu[0])
        try:
            return real(*args, **kw)
        finally:
            monkeypatch.setattr(config, "DEFAULT_FRICTION", physics4)

    monkeypatch.setattr(sim, "simulate", simulate)
    return lambda value: mu.__setitem__(0, value)


def copy_of(name: str, tmp_path, verdict_samples: int | None = None) -> Path:
    """A bundled file copied to tmp_path; its verdict solved again with few samples (under
    its own physics 4), so that solving it again here is quick."""
    path = tmp_path / name
    shutil.copy(PUZZLES / name, path)
    if verdict_samples:
        from analysis.puzzles import verify

        record = load_record(path)
        record.scenario["verdict"] = verify("glonk", record.root.state, record.scenario["goal"],
                                            samples=verdict_samples).to_json()
        save_record(record, path)
    return path


def test_under_the_same_physics_nothing_changes_and_the_motions_are_the_same_bytes(tmp_path):
    path = copy_of("01-your-first-flick.flick", tmp_path)
    found = RR.rerecord(path, "4")
    assert found.flicks == 1 and found.changed == [] and found.serious == []
    before = RR.read_json(path)
    assert [n.get("motion") for n in found.data["nodes"]] == \
        [n.get("motion") for n in before["nodes"]]


def test_a_changed_outcome_is_reported_and_the_file_kept_unless_forced(tmp_path, physics5,
                                                                      capsys):
    physics5(0.5)
    path = copy_of("13-carom.flick", tmp_path)
    text = path.read_bytes()
    assert RR.main(["--physics", "5", "--no-verdict", str(path)]) == 1
    out = capsys.readouterr().out
    assert "node 1 (flick G1 a=108.33 v=1.662 s=0.00): the outcome changed" in out
    assert "left as it is" in out and path.read_bytes() == text
    assert RR.main(["--physics", "5", "--no-verdict", "--force", str(path)]) == 0
    assert "1 flick(s) re-recorded with physics 5 (made by 4)" in capsys.readouterr().out
    record = load_record(path)
    assert record.headers["physics_version"] == "5" and record.root.state.config.physics == 5
    node = record.mainline()[1]
    fresh = record.game.apply(node.parent.state, node.action)  # simulated by 5, as stored
    assert node.motion.bit_equal(fresh.motion)
    assert "V1" not in {p.id for p in node.state.pieces if p.status == "atomised"}
    assert verify_motions(record) == []


def test_a_verdict_solved_again_with_another_best_flick_makes_it_the_main_line(tmp_path,
                                                                            physics5,
                                                                            capsys):
    physics5(0.38)
    path = copy_of("14-long-haul.flick", tmp_path, verdict_samples=4)
    old = load_record(path)
    old_line = old.scenario["solution"]
    assert RR.main(["--physics", "5", str(path)]) == 1  # the verdict changed: kept
    out = capsys.readouterr().out
    found = re.search(r"verdict: the most robust flick is now (flick G1 [^(]*) \(was (.*)\)",
                      out)
    assert found and found.group(2) == old_line[0] and found.group(1) != old_line[0], out
    assert RR.main(["--physics", "5", "--force", str(path)]) == 0
    record = load_record(path)
    assert record.scenario["solution"] == [found.group(1)]
    assert [n.action_text for n in record.mainline()[1:]] == record.scenario["solution"]
    assert record.root.child_for(old_line[0]) is not None  # the old line stays, a variation
    verdict = record.scenario["verdict"]
    assert verdict["line"] == record.scenario["solution"] and verdict["samples"] == 4
    assert verify_motions(record) == []  # both flicks stored as physics 5 makes them


def test_a_puzzle_that_can_no_longer_be_solved_is_never_written(tmp_path, physics5, capsys):
    physics5(0.8)  # no flick the verifier tries slides far enough on this mat
    path = copy_of("13-carom.flick", tmp_path, verdict_samples=4)
    text = path.read_bytes()
    assert RR.main(["--physics", "5", "--force", str(path)]) == 1
    out = capsys.readouterr().out
    assert "verdict: the puzzle can no longer be solved under physics 5 (Impossible" in out
    assert path.read_bytes() == text


@pytest.mark.parametrize("argv, words", [
    (["--physics", "7", "{file}"], "--physics 7: this Flickbook simulates physics 4 and 5"),
    (["--physics", "x", "{file}"], "--physics 'x': a physics version is a whole number"),
    (["--physics", "5", "--samples", "0", "{file}"], "--samples '0': a whole number from 1"),
    (["--physics", "5", "--bogus", "{file}"], "unknown option --bogus"),
    (["--physics", "5"], "name the record files"),
    (["--physics", "5", "{tmp}/nothing.flick"], "nothing.flick: no such file"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, argv, words):
    path = copy_of("01-your-first-flick.flick", tmp_path)
    argv = [a.replace("{file}", str(path)).replace("{tmp}", str(tmp_path)) for a in argv]
    assert RR.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err
