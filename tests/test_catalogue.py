"""A teacher's own puzzles and lessons appear beside the bundled ones (issue 24, point 1): the
editors save into the user's data folder, and the Learn list and `flickbook puzzles` list that
folder too, by game, with each file's kind, difficulty and saved verdict."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from scenarios.catalogue import brief_verdict, catalogue, kind_of

ROOT = Path(__file__).resolve().parents[1]


def _own(tmp_path, monkeypatch):
    monkeypatch.setenv("FLICKBOOK_SCENARIOS", str(tmp_path / "scen"))
    (tmp_path / "scen" / "grendizer").mkdir(parents=True)
    (tmp_path / "scen" / "lessons").mkdir(parents=True)
    shutil.copy(ROOT / "scenarios" / "grendizer" / "01-last-hit-point.flick",
                tmp_path / "scen" / "grendizer" / "my-last-hit.flick")
    shutil.copy(ROOT / "scenarios" / "lessons" / "glik-round-the-corner.flick",
                tmp_path / "scen" / "lessons" / "my-corner-lesson.flick")
    (tmp_path / "scen" / "grendizer" / "broken.flick").write_text("{not json")


def test_the_users_own_files_are_listed_with_kind_and_verdict(tmp_path, monkeypatch):
    _own(tmp_path, monkeypatch)
    entries = {e.path.name: e for e in catalogue()}
    mine = entries["my-last-hit.flick"]
    assert mine.own and mine.game == "grendizer" and mine.kind == "puzzle"
    assert mine.difficulty == 1 and mine.verdict == "1 turn, unique"
    lesson = entries["my-corner-lesson.flick"]
    assert lesson.own and lesson.kind == "lesson" and lesson.game == "glik"
    assert not entries["01-first-touch.flick"].own
    assert entries["broken.flick"].error  # a damaged file of the teacher's is named, not hidden
    assert {e.path.name for e in catalogue("glik")} >= {"my-corner-lesson.flick", "01-first-touch.flick"}
    assert all(e.game == "glik" for e in catalogue("glik"))


def test_flickbook_puzzles_lists_the_users_own_files(tmp_path, monkeypatch, capsys):
    from flickbook_cli import main

    _own(tmp_path, monkeypatch)
    assert main(["puzzles", "grendizer", "--json"]) == 0
    rows = {Path(r["file"]).name: r for r in json.loads(capsys.readouterr().out)}
    assert rows["my-last-hit.flick"]["own"] and rows["my-last-hit.flick"]["verdict"] == "1 turn, unique"
    assert not rows["01-last-hit-point.flick"]["own"]
    assert "error" in rows["broken.flick"]
    assert main(["puzzles", "grendizer"]) == 0
    out = capsys.readouterr().out
    assert "Last Hit Point  (puzzle, 1 turn, unique, yours)" in out


def test_kinds_and_brief_verdicts():
    from timeline.fileformat import load_record

    assert kind_of(load_record(ROOT / "scenarios" / "glonk" / "01-your-first-flick.flick")) == "tutorial"
    assert kind_of(load_record(ROOT / "scenarios" / "demo" / "glonk-demo.flick")) == "replay"
    assert brief_verdict({"levels": {"club": [0.514, 0.1]}}) == "club 51 %"
    assert brief_verdict({"exact": True, "solved": True, "cost": 3, "unit": "moves",
                          "unique": True}) == "3 moves, unique"
    assert brief_verdict({"exact": True, "solved": True, "cost": 2, "unit": "turns",
                          "lines": 14}) == "2 turns, 14 lines"
    assert brief_verdict("forged") is None


def test_a_solved_puzzle_offers_the_next_one_of_its_list():
    from viewer.editing import next_puzzle

    glik = ROOT / "scenarios" / "glik"
    assert next_puzzle(glik / "01-first-touch.flick") == glik / "02-northern-funnel.flick"
    assert next_puzzle(glik / "13-odyssey.flick") is None  # the last one: nothing after it
    glonk = ROOT / "scenarios" / "glonk"
    assert next_puzzle(glonk / "03-the-black-hole.flick") == glonk / "11-backstop.flick"
    assert next_puzzle(None) is None


def test_each_file_is_read_once_until_it_changes_and_carries_its_progress_id(tmp_path, monkeypatch):
    """The Learn list's ratings use the entry's item id (no second read of each puzzle), and
    listing again (each solve asks for the next puzzle) reads only the files that changed."""
    import scenarios.catalogue as C
    from analysis.lessons.progress import item_for
    from timeline import load_record

    _own(tmp_path, monkeypatch)
    mine = tmp_path / "scen" / "grendizer" / "my-last-hit.flick"
    catalogue()  # every file read once
    reads = []
    real = C.load_record
    monkeypatch.setattr(C, "load_record", lambda p: reads.append(Path(p).name) or real(p))
    entries = {e.path.name: e for e in catalogue()}
    assert reads == []  # nothing changed: nothing read
    assert entries["my-last-hit.flick"].item_id == item_for(load_record(mine), mine).item_id
    data = json.loads(mine.read_text())
    data["scenario"]["title"] = "My own last hit, renamed"
    mine.write_text(json.dumps(data))
    entries = {e.path.name: e for e in catalogue()}
    assert reads == ["my-last-hit.flick"]
    assert entries["my-last-hit.flick"].title == "My own last hit, renamed"


def test_the_learn_list_reads_ratings_by_the_entrys_id(tmp_path, monkeypatch):
    import timeline.fileformat as F
    from viewer.learning import file_entries

    _own(tmp_path, monkeypatch)
    catalogue()

    class Progress:
        asked = []

        def rating(self, item_id):
            self.asked.append(item_id)
            return 1500.0

    monkeypatch.setattr(F, "load_record", lambda *a, **k: (_ for _ in ()).throw(AssertionError("read again")))
    shown = file_entries(Progress())
    puzzles = [e for e in catalogue() if e.kind == "puzzle" and not e.error]
    assert sorted(Progress.asked) == sorted(e.item_id for e in puzzles)
    assert any("rated 1500" in title for _, title, _ in shown)
