"""Fuzzing every file kind beside records (tests/fuzz_kinds.py): a few hundred seeded mutations
of each, through the reader the program uses for it: 0 tracebacks, 0 hangs, 0 silent accepts
of what the format forbids, and both outcomes reached (or the fuzzer proves nothing)."""
import json
import sqlite3

import pytest

from fuzz_kinds import ROOT, mutations, run
from known_files import _export, _glonk_table, _hand

N = 300


def _assert_clean(counts):
    assert not counts["silent"], counts["silent"][:10]
    assert not counts["slow"], counts["slow"][:10]
    assert counts["refused"] > N // 3 and counts["accepted"] > 5, counts


def test_mutated_courses(tmp_path):
    from scenarios.courses import Course, CourseFileError, load_course, save_course
    from timeline import load_record

    course = Course("Mini", "A course of one chapter")
    course.add("First", load_record(ROOT / "scenarios" / "glik" / "01-first-touch.flick"))
    seed = json.loads(save_course(course, tmp_path / "seed.course").read_text())
    cases = mutations(seed, N, seed=38, typed=[("title",), ("description",), ("course_version",),
                                                ("chapters", 0, "title")],
                      free=[("chapters", 0, "record")])
    _assert_clean(run(load_course, cases, tmp_path, ".course", CourseFileError))


def test_mutated_progress_exports(tmp_path):
    from analysis.lessons.progress import ProgressFileError, read_export

    cases = mutations(_export(), N, seed=39, typed=[()])
    _assert_clean(run(read_export, cases, tmp_path, ".progress", ProgressFileError))


def test_mutated_observations(tmp_path):
    from analysis.glonk.table import OBSERVATION, Observation, _Fit
    from timeline import load_record
    from timeline.fileformat import RecordFileError, read_strict

    state = load_record(_glonk_table(tmp_path)).root.state

    def read(path):
        try:
            obs = Observation.from_json(read_strict(path, "observation", spec=OBSERVATION))
            _Fit(state, obs)  # what infer checks before it simulates
        except ValueError as exc:  # (a SchemaError, or a disc that cannot have been flicked)
            raise RecordFileError(str(exc)) from None

    seed = {"piece": "P1", "moved": {"P1": [0.2, 0.1]}, "removed": []}
    cases = mutations(seed, N, seed=40, typed=[()], extra_ok=[("moved",)])
    _assert_clean(run(read, cases, tmp_path, ".json", RecordFileError))


def test_mutated_hands(tmp_path):
    from analysis.glonk.table import hand_named

    def read(path):
        return hand_named("fuzzed", tmp_path)

    cases = mutations(_hand(), N, seed=41, typed=[()])
    _assert_clean(run(read, cases, tmp_path, ".json", ValueError))


@pytest.mark.parametrize("demo", ["glik-directed", "grendizer-directed"])
def test_mutated_direction_in_records(tmp_path, demo):
    from timeline import RecordFileError, load_record

    seed = json.loads((ROOT / "scenarios" / "demo" / f"{demo}.flick").read_text())
    cases = mutations(seed["direction"], N, seed=42, typed=[()]) + _moved_moments(seed, demo)
    whole = [(label, json.dumps({**seed, "direction": "\u0000D\u0000"}).replace(
        '"\\u0000D\\u0000"', raw.decode("utf-8", "replace")).encode("utf-8", "surrogatepass"), expect)
             for label, raw, expect in cases]
    counts = run(load_record, whole, tmp_path, ".flick", RecordFileError)
    assert not counts["silent"], counts["silent"][:10]
    assert not counts["slow"] and counts["refused"] > N // 3 and counts["accepted"] > 5, counts


def _moved_moments(seed: dict, demo: str, n: int = N // 3):
    """The direction's moments moved to random paths, and its notes anchored to random discs:
    invalid when the path names no node of the record, or the disc is on no table there."""
    import random

    from timeline import load_record

    record = load_record(ROOT / "scenarios" / "demo" / f"{demo}.flick")
    rng = random.Random(44)
    out = []
    for _ in range(n):
        direction = json.loads(json.dumps(seed["direction"]))
        kind = rng.choice([k for k in ("camera", "holds", "notes", "markers") if direction.get(k)])
        entry = rng.choice(direction[kind])
        if kind == "notes" and rng.random() < 0.5:
            entry["anchor"] = {"disc": rng.choice(["Q9", "P1", "zz", "V1"])}
            invalid = True  # these games have no discs to follow
        else:
            path = [rng.randrange(3) for _ in range(rng.randrange(0, 8))]
            entry["at"]["path"] = path
            try:
                record.node_at(path)
                invalid = False
            except ValueError:
                invalid = True
        out.append((f"{kind} moved", json.dumps(direction).encode(), "invalid" if invalid else "any"))
    return out


DATABASE_FAULTS = ["DROP TABLE cards", "DROP TABLE items", "DROP TABLE attempts", "DROP TABLE ratings",
                   "PRAGMA user_version = -5", "PRAGMA user_version = 4", "PRAGMA user_version = 99"]
DATABASE_CHANGES = ["UPDATE cards SET due = {v}", "UPDATE cards SET card = {v}",
                    "UPDATE attempts SET seconds = {v}", "UPDATE attempts SET at = {v}",
                    "UPDATE attempts SET solved = {v}", "UPDATE items SET title = {v}",
                    "UPDATE ratings SET rating = {v}", "DELETE FROM items", "PRAGMA user_version = 1"]
VALUES = ["'kitchen'", "NULL", "-1e308", "'2026-13-45T99:00:00'", "x'00ff'", "'{}'", "9e999", "0", "'\u00e9'"]


def test_mutated_progress_databases(tmp_path, monkeypatch):
    """Faults and odd values, and bytes flipped in the file, under `progress due` and
    `progress export` and the window's Learn list: one line or an answer, never a traceback."""
    import random

    from analysis.lessons.progress import Item, Progress
    from flickbook_cli import main

    rng = random.Random(43)
    home = tmp_path / "home"
    monkeypatch.setenv("FLICKBOOK_HOME", str(home))
    home.mkdir()
    db_path = home / "progress.sqlite"
    outcomes = {0: 0, 2: 0}
    silent = []
    for i in range(45):
        for leftover in home.glob("progress.sqlite*"):
            leftover.unlink()
        with Progress(db_path) as db:
            for k in range(3):
                db.record_attempt(Item(f"id{k}", f"Puzzle {k}", "glik", "puzzle", "x.flick"), k == 1, 3.0)
        how = rng.randrange(3)
        if how == 0:
            fault = rng.choice(DATABASE_FAULTS)
        elif how == 1:
            fault = rng.choice(DATABASE_CHANGES).format(v=rng.choice(VALUES))
        else:
            fault = None
        con = sqlite3.connect(db_path)
        if fault:
            try:
                con.execute(fault)
            except sqlite3.Error:
                pass
            con.commit()
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.close()
        if fault is None:
            raw = bytearray(db_path.read_bytes())
            for _ in range(rng.randint(1, 8)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            db_path.write_bytes(bytes(raw))
        for argv in (["progress", "due"], ["progress", "export", str(tmp_path / "out.progress")]):
            rc = main(argv)  # anything but a return is a traceback, and fails here
            assert rc in (0, 2), (fault, argv, rc)
            outcomes[rc] += 1
            if rc == 0 and fault in DATABASE_FAULTS:
                silent.append((fault, argv))
    assert not silent, silent
    assert outcomes[0] > 10 and outcomes[2] > 10, outcomes
