"""Teaching over time (issue 24): courses hold chapters of any game in one file, and a student's
progress is kept in a local database where failed puzzles and lesson questions come back for
review on a spaced-repetition schedule and puzzles gain a rating from solves."""
from __future__ import annotations

import datetime as dt
import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from analysis.lessons.progress import (SCHEMA_VERSION, START_RATING, Item, Progress, ProgressFileError,
                                       difficulty_rating, item_for, read_export)
from scenarios.courses import (Course, CourseFileError, chapter_id, load_course, save_course)
from timeline.fileformat import dumps, load_record

ROOT = Path(__file__).resolve().parents[1]
DAY0 = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.timezone.utc)


class FixedClock:
    def __init__(self, now=DAY0):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, **kw):
        self.now += dt.timedelta(**kw)


def puzzle(name="glik/01-first-touch.flick") -> Item:
    path = ROOT / "scenarios" / name
    return item_for(load_record(path), path)


# --------------------------------------------------------------------------- courses
def test_a_course_holds_chapters_of_any_game_and_round_trips_through_save_and_check(tmp_path, capsys):
    from flickbook_cli import main

    course = Course("Club night", "Three games, one evening")
    for name in ("glik/01-first-touch.flick", "lessons/glik-round-the-corner.flick",
                 "grendizer/02-two-strikes.flick", "demo/glonk-demo.flick"):
        record = load_record(ROOT / "scenarios" / name)
        course.add((record.scenario or {}).get("title", "Demo"), record)
    path = save_course(course, tmp_path / "club.course")
    back = load_course(path)
    assert [c.title for c in back.chapters] == [c.title for c in course.chapters]
    assert [c.kind for c in back.chapters] == ["puzzle", "lesson", "puzzle", "replay"]
    assert [c.game for c in back.chapters] == ["glik", "glik", "grendizer", "glonk"]
    assert [c.id for c in back.chapters] == [c.id for c in course.chapters]
    assert main(["check", str(path)]) == 0
    assert "valid course 'Club night', 4 chapters (2 puzzles, 1 lesson, 1 replay)" in capsys.readouterr().out


def test_a_course_with_a_damaged_chapter_is_refused_naming_the_chapter(tmp_path, capsys):
    from flickbook_cli import main

    course = Course("Broken")
    course.add("First", load_record(ROOT / "scenarios" / "glik" / "01-first-touch.flick"))
    path = save_course(course, tmp_path / "broken.course")
    data = json.loads(path.read_text())
    data["chapters"][0]["record"]["nodes"][1]["action"] = "slide 99,99 N"
    path.write_text(json.dumps(data))
    with pytest.raises(CourseFileError, match=r"chapter 1 \('First'\)"):
        load_course(path)
    assert main(["check", str(path)]) == 2
    assert "chapter 1 ('First')" in capsys.readouterr().err
    data["chapters"][0]["thumbnail"] = "bm90IGEgcG5n"  # "not a png"
    data["chapters"][0]["record"] = json.loads(dumps(
        load_record(ROOT / "scenarios" / "glik" / "01-first-touch.flick")))
    path.write_text(json.dumps(data))
    with pytest.raises(CourseFileError, match="not a PNG"):
        load_course(path)
    (tmp_path / "empty.course").write_text('{"format": "flickbook-course", "course_version": 1, '
                                           '"title": "x", "chapters": []}')
    with pytest.raises(CourseFileError, match="chapters"):
        load_course(tmp_path / "empty.course")


def test_every_bundled_course_is_valid_and_up_to_date(capsys):
    from flickbook_cli import main

    courses = sorted((ROOT / "scenarios" / "courses").glob("*.course"))
    assert [p.stem for p in courses] == ["glik", "glonk", "grendizer"]  # one a game
    for path in courses:
        assert main(["check", str(path)]) == 0
        course = load_course(path)
        assert {c.game for c in course.chapters} == {path.stem}
        assert all(c.thumbnail for c in course.chapters)
        assert "lesson" in {c.kind for c in course.chapters}
    result = subprocess.run([sys.executable, "authoring/courses/make_courses.py", "--check"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_an_exercise_keeps_its_identity_while_the_student_plays_in_it():
    record = load_record(ROOT / "scenarios" / "glik" / "01-first-touch.flick")
    before = chapter_id(record)
    node = record.root
    record.add_child(node, record.game.legal_actions(node.state)[0])
    assert chapter_id(record) == before
    other = load_record(ROOT / "scenarios" / "glik" / "02-northern-funnel.flick")
    assert chapter_id(other) != before


# --------------------------------------------------------------------------- progress
def test_a_failed_puzzle_comes_back_for_review_on_a_spaced_schedule(tmp_path):
    clock = FixedClock()
    with Progress(tmp_path / "p.sqlite", clock=clock) as db:
        item = puzzle()
        db.record_attempt(item, solved=False, seconds=40)
        assert db.due() == []  # not straight away
        clock.advance(minutes=2)
        [due] = db.due()
        assert due.item == item and due.failures == 1
        db.record_attempt(item, solved=True, seconds=20)  # reviewed and solved
        assert db.due() == []
        first_gap = db.next_due() - clock.now
        clock.now = db.next_due()
        db.record_attempt(item, solved=True, seconds=15)
        assert db.next_due() - clock.now > first_gap  # each good review spaces it further
        standing = db.standing(item.item_id)
        assert (standing.attempts, standing.solved, standing.best_seconds) == (3, 2, 15)


def test_a_solved_puzzle_is_never_scheduled_and_ratings_follow_the_solves(tmp_path):
    clock = FixedClock()
    with Progress(tmp_path / "p.sqlite", clock=clock) as db:
        easy, hard = puzzle("glik/01-first-touch.flick"), puzzle("glik/13-odyssey.flick")
        db.record_attempt(easy, True, 10, puzzle_rating=difficulty_rating(1))
        db.record_attempt(hard, False, 300, puzzle_rating=difficulty_rating(5))
        assert db.next_due() is not None and [d.item for d in db.due()] == []
        clock.advance(days=1)
        assert [d.item.item_id for d in db.due()] == [hard.item_id]
        assert db.rating(easy.item_id) < difficulty_rating(1)  # solved: it was easier than said
        assert db.rating(hard.item_id) > difficulty_rating(5)
        assert db.solved_ids() == {easy.item_id}


def test_only_the_first_try_at_an_item_is_rated_and_reviews_still_teach_the_schedule(tmp_path):
    clock = FixedClock()
    with Progress(tmp_path / "p.sqlite", clock=clock) as db:
        item = puzzle()
        db.record_attempt(item, solved=False, seconds=40, puzzle_rating=difficulty_rating(3))
        student, rated = db.student_rating(), db.rating(item.item_id)
        assert student < START_RATING  # the first try is a rated game: a loss
        first_due = db.next_due()
        for _ in range(8):  # eight reviews, each solved
            clock.now = db.next_due()
            db.record_attempt(item, solved=True, seconds=10)
        assert (db.student_rating(), db.rating(item.item_id)) == (student, rated)
        assert db.next_due() - clock.now > first_due - DAY0  # the schedule learnt from them
        assert db.standing(item.item_id).attempts == 9


def test_the_database_keeps_its_schema_version_and_migrates_an_older_one(tmp_path):
    from analysis.lessons.progress import MIGRATIONS

    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(MIGRATIONS[1] + "; PRAGMA user_version = 1;")
    old.execute("INSERT INTO items VALUES ('abc', 'Old puzzle', 'glik', 'puzzle', 'x.flick')")
    old.execute("INSERT INTO attempts(item_id, at, solved, seconds) VALUES ('abc', ?, 1, 5.0)",
                (DAY0.isoformat(),))
    old.commit()
    old.close()
    with Progress(path, clock=FixedClock()) as db:
        assert db.schema_version() == SCHEMA_VERSION
        assert db.solved_ids() == {"abc"}
        db.record_attempt(puzzle(), False, 1)  # the new tables work
    sqlite3.connect(path).execute("PRAGMA user_version = 99").connection.commit()
    with pytest.raises(RuntimeError, match="newer Flickbook"):
        Progress(path)


def _writer(path: str, n: int, tag: str) -> None:
    with Progress(path) as db:
        for i in range(n):
            db.record_attempt(Item(f"{tag}{i % 5}", f"{tag} {i}", "glik", "puzzle", "x"),
                              solved=i % 2 == 0, seconds=i)


def test_two_windows_writing_at_once_lose_nothing(tmp_path):
    path = str(tmp_path / "p.sqlite")
    Progress(path).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, 60, tag)) for tag in "ab"]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    with Progress(path) as db:
        attempts = db.attempts()
        assert len(attempts) == 120
        assert {a[0][0] for a in attempts} == {"a", "b"}


def test_a_window_killed_while_writing_leaves_a_whole_database(tmp_path):
    path = str(tmp_path / "p.sqlite")
    Progress(path).close()
    ctx = multiprocessing.get_context("spawn")
    proc = ctx.Process(target=_writer, args=(path, 100_000, "k"))
    proc.start()
    with Progress(path) as db:  # wait until it has written something, then kill it mid-stream
        deadline = dt.datetime.now() + dt.timedelta(seconds=120)
        while len(db.attempts()) < 20 and dt.datetime.now() < deadline:
            pass
    os.kill(proc.pid, signal.SIGKILL)
    proc.join(30)
    with Progress(path) as db:
        assert db.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        n = len(db.attempts())
        assert n >= 20
        db.record_attempt(puzzle(), True, 1)  # and it takes new writes
        assert len(db.attempts()) == n + 1


def test_a_student_exports_progress_and_a_teacher_reads_which_chapters_are_solved(tmp_path, capsys):
    from flickbook_cli import main

    clock = FixedClock()
    db_path = tmp_path / "home" / "progress.sqlite"
    course = load_course(ROOT / "scenarios" / "courses" / "glik.course")
    first, second = course.chapters[0], course.chapters[1]
    with Progress(db_path, clock=clock) as db:
        db.record_attempt(Item(first.id, first.title, "glik", "puzzle", "a"), True, 30)
        db.record_attempt(Item(second.id, second.title, "glik", "puzzle", "b"), False, 90)
        out = db.export(tmp_path / "alice.progress", student="Alice")
    report = read_export(out)
    assert report.student == "Alice"
    assert report.solved == {first.id: 1} and report.tried == {first.id: 1, second.id: 1}
    assert main(["progress", "show", str(out), "--course",
                 str(ROOT / "scenarios" / "courses" / "glik.course")]) == 0
    text = capsys.readouterr().out
    assert "Alice" in text and "1/14 chapters solved" in text
    assert f"[x] 1. {first.title}" in text and f"[ ] 2. {second.title} (tried once)" in text
    (tmp_path / "bad.progress").write_text("{}")
    with pytest.raises(ProgressFileError):
        read_export(tmp_path / "bad.progress")
    assert main(["progress", "show", str(tmp_path / "bad.progress")]) == 2
    # a file that is not there, a folder, or not JSON: one line that says which
    for path, words in ((tmp_path / "missing.progress", "no such file"),
                        (tmp_path, "a folder, not a progress file"),
                        (ROOT / "README.md", "not a progress file .damaged JSON")):
        with pytest.raises(ProgressFileError, match=words):
            read_export(path)


def test_a_course_too_large_or_a_folder_is_refused_by_the_one_bounded_reader(tmp_path, monkeypatch):
    import timeline.fileformat as F
    from scenarios.courses import CourseFileError, load_course

    big = tmp_path / "big.course"
    big.write_bytes(b" " * 2048)
    monkeypatch.setattr(F, "MAX_JSON_BYTES", 1024)
    with pytest.raises(CourseFileError, match="larger than 0 MB, the most a course may be"):
        load_course(big)
    (tmp_path / "dir.course").mkdir()
    with pytest.raises(CourseFileError, match="is a folder, not a course file"):
        load_course(tmp_path / "dir.course")
