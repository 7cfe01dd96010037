"""A damaged, locked, newer or unreachable progress database never stops play: the command
line says one line and exits 2, the window says it once, plays on and writes what it kept
when the database takes it again."""
import sqlite3

import pytest

from analysis.lessons.progress import Item, Progress, ProgressError
from flickbook_cli import main

ITEM = Item("abc123", "First touch", "glik", "puzzle", "x.flick")


def _database(home):
    """A progress database in the data folder `home` with one failed puzzle due for review."""
    (home).mkdir(parents=True, exist_ok=True)
    path = home / "progress.sqlite"
    with Progress(path) as db:
        db.record_attempt(ITEM, False, 12.0)
    return path


DAMAGES = {
    "a dropped table": "DROP TABLE cards",
    "a due that is not a date": "UPDATE cards SET due = '0000-kitchen'",
    "a negative schema version": "PRAGMA user_version = -5",
    "a newer schema version": "PRAGMA user_version = 9",
    "a dropped attempts table": "DROP TABLE attempts",
}


def damage(path, statement):
    db = sqlite3.connect(path)
    db.execute(statement)
    db.commit()
    db.close()


@pytest.mark.parametrize("action", [["due"], ["export", "{out}"]])
@pytest.mark.parametrize("case", sorted(DAMAGES))
def test_the_command_line_says_a_damaged_database_in_one_line(tmp_path, monkeypatch, capsys,
                                                               case, action):
    monkeypatch.setenv("FLICKBOOK_HOME", str(tmp_path / "home"))
    damage(_database(tmp_path / "home"), DAMAGES[case])
    argv = ["progress"] + [a.replace("{out}", str(tmp_path / "out.progress")) for a in action]
    if action == ["export", "{out}"] and "date" in case:  # an export holds no due dates
        assert main(argv) == 0 and "1 attempt exported" in capsys.readouterr().out
        return
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("flickbook: your progress "), err
    assert ("newer Flickbook" if "newer" in case else "damaged") in err[0]


def test_a_locked_database_is_one_line_after_a_short_wait(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FLICKBOOK_HOME", str(tmp_path / "home"))
    path = _database(tmp_path / "home")
    monkeypatch.setattr(Progress, "BUSY_MS", 50)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert main(["progress", "export", str(tmp_path / "out.progress")]) == 2
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "locked" in err[0], err


def test_a_database_in_a_place_that_is_a_file_is_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "home").write_text("not a folder")
    monkeypatch.setenv("FLICKBOOK_HOME", str(tmp_path / "home"))
    assert main(["progress", "due"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "your progress" in err[0], err


@pytest.mark.parametrize("case", sorted(DAMAGES))
def test_every_query_of_a_damaged_database_is_a_progress_error(tmp_path, case):
    path = _database(tmp_path / "home")
    damage(path, DAMAGES[case])
    try:
        db = Progress(path)
    except ProgressError:
        return  # refused at the door: as good
    with db:
        for query in (db.due, db.next_due, db.solved_ids, db.attempts, db.student_rating,
                      lambda: db.standing(ITEM.item_id), lambda: db.record_attempt(ITEM, True, 3)):
            try:
                query()
            except ProgressError as exc:
                assert "\n" not in str(exc)


def test_the_window_keeps_an_attempt_a_locked_database_refuses_and_writes_it_later(tmp_path):
    from viewer.study import StudyLog

    path = _database(tmp_path / "home")
    said = []
    study = StudyLog(path, say=said.append)
    study.item = ITEM
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert study.attempt(True)  # counted, though not written yet
        assert len(study.pending) == 1 and len(said) == 1 and "locked" in said[0]
        study.read(lambda db: db.due(), [])  # the same fault again is not said again
        assert len(said) == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert study.flush() and not study.pending and study.problem is None
    study.close()
    with Progress(path) as db:
        assert [a[2] for a in db.attempts()] == [False, True]


def test_the_learn_list_of_a_damaged_database_still_opens(tmp_path, monkeypatch):
    from viewer.learning import shelves
    from viewer.study import StudyLog

    monkeypatch.setenv("FLICKBOOK_HOME", str(tmp_path / "home"))
    path = _database(tmp_path / "home")
    damage(path, "DROP TABLE cards")
    said = []
    found, note = shelves(StudyLog(path, say=said.append))
    assert found["Files"] and "damaged" in note and len(said) == 1


def test_a_locked_database_costs_the_frame_thread_no_long_wait(tmp_path):
    """An attempt recorded while another program holds the lock waits at most BUSY_MS (the
    command line's 5 s, 30 s before, would freeze the window), then is kept for later."""
    import time

    from viewer.study import BUSY_MS, StudyLog

    path = _database(tmp_path / "home")
    study = StudyLog(path)
    study.item = ITEM
    study.progress  # opened before the lock, as a window has it
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start = time.perf_counter()
        study.attempt(False)
        waited = time.perf_counter() - start
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert study.pending and waited < 0.1 + 20 * BUSY_MS / 1000, waited
    study.close()


def test_a_database_deleted_under_the_window_is_started_afresh_and_the_attempt_kept(tmp_path):
    from viewer.study import StudyLog

    path = _database(tmp_path / "home")
    study = StudyLog(path)
    study.item = ITEM
    study.progress
    for leftover in path.parent.glob("progress.sqlite*"):
        leftover.unlink()
    assert study.attempt(True) and not study.pending
    study.close()
    with Progress(path) as db:
        assert [a[2] for a in db.attempts()] == [True]
