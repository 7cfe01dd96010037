"""The .flick format: round trips, gzip, atomic writes, migration and clear errors."""
import gzip
import json
import os

import pytest

from timeline import Drawing, Record, RecordFileError, Session, dumps, load_record, save_record
from timeline.fileformat import FORMAT_VERSION


@pytest.fixture
def record():
    s = Session(Record.new("toy", headers={"players": ["Ann", "Bob"]}))
    s.play("roll 3")
    s.play("add 1")
    s.play("add 2")
    s.set_comment("main idea")
    s.toggle_glyph("!?")
    s.add_drawing(Drawing("arrow", (0, 0), (2, 3), "blue"))
    s.set_camera({"view": "orbit", "target": [0.0, 0.1, 0.0], "heading": 30.0, "pitch": -50.0, "distance": 1.2})
    s.set_prompt("Find the best reply")
    s.go_to((0,))
    s.play("add 2")
    return s.record


def shape(record):
    return [(n.path, n.action_text, n.comment, n.glyphs, n.drawings, n.camera, n.prompt)
            for n in record.nodes()]


def test_round_trip_keeps_tree_and_annotations(tmp_path, record):
    path = save_record(record, tmp_path / "game.flick")
    again = load_record(path)
    assert shape(again) == shape(record)
    assert again.headers["players"] == ["Ann", "Bob"]
    assert dumps(again) == dumps(record)


def test_gzip_round_trip(tmp_path, record):
    path = save_record(record, tmp_path / "game.flick.gz")
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    assert shape(load_record(path)) == shape(record)


def test_write_is_atomic_and_leaves_no_temporary_files(tmp_path, record, monkeypatch):
    path = tmp_path / "game.flick"
    save_record(record, path)
    before = path.read_bytes()

    def fail(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        save_record(record, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.flick"]


def write(tmp_path, text, name="bad.flick"):
    p = tmp_path / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    return p


@pytest.mark.parametrize("content,message", [
    ("", "empty"),
    ("{\"format\": \"flickbook\", \"format_vers", "truncated"),
    ("[1, 2]", "not a Flickbook file"),
    (b"\x1f\x8b\x08\x00garbage", "damaged gzip"),
    (b"\xff\xfe\x00", "not UTF-8"),
])
def test_damaged_files_give_clear_messages(tmp_path, content, message):
    with pytest.raises(RecordFileError, match=message):
        load_record(write(tmp_path, content))


def test_missing_file(tmp_path):
    with pytest.raises(RecordFileError, match="no such file"):
        load_record(tmp_path / "nope.flick")


def edited(record, change):
    data = json.loads(dumps(record))
    change(data)
    return json.dumps(data)


def test_hand_edited_illegal_action_names_node_and_rule(tmp_path, record):
    def change(d):
        d["nodes"][2]["action"] = "roll 2"
    with pytest.raises(RecordFileError, match=r"node 2 \(ply 2, action 'roll 2'\).*adds 1 or 2"):
        load_record(write(tmp_path, edited(record, change)))


def test_bad_parent_and_unknown_game(tmp_path, record):
    with pytest.raises(RecordFileError, match="node 3: bad parent 7"):
        load_record(write(tmp_path, edited(record, lambda d: d["nodes"][3].update(parent=7))))
    with pytest.raises(RecordFileError, match="unknown game 'chess'"):
        load_record(write(tmp_path, edited(record, lambda d: d.update(game="chess"))))


def test_bad_glyph_is_reported(tmp_path, record):
    with pytest.raises(RecordFileError, match="glyphs"):
        load_record(write(tmp_path, edited(record, lambda d: d["nodes"][1].update(glyphs=["!!!"]))))


def test_newer_version_is_refused(tmp_path, record):
    with pytest.raises(RecordFileError, match="newer Flickbook"):
        load_record(write(tmp_path, edited(record, lambda d: d.update(format_version=FORMAT_VERSION + 1))))


def test_version_1_nested_tree_is_migrated(tmp_path, record):
    v1 = {"format": "flickbook", "format_version": 1, "game": "toy", "config": {"players": 2},
          "tree": {"comment": "start", "children": [
              {"action": "roll 1", "children": [
                  {"action": "add 1", "glyphs": ["!"]},
                  {"action": "add 2"}]}]}}
    rec = load_record(write(tmp_path, json.dumps(v1)))
    assert [n.action_text for n in rec.nodes()] == [None, "roll 1", "add 1", "add 2"]
    assert rec.root.comment == "start" and rec.node_at((0, 0)).glyphs == ["!"]


def test_scenario_with_custom_start(tmp_path):
    rec = Record.new("toy", start_state_json={"total": 8, "bonus": 1, "to_move": 1, "last": 0},
                     kind="scenario", scenario={"title": "Finish it", "goal": {"win": 1}})
    s = Session(rec)
    s.play("add 2")
    again = load_record(save_record(rec, tmp_path / "s.flick"))
    assert again.kind == "scenario" and again.scenario["title"] == "Finish it"
    assert again.result() == "0-1"


def test_gzip_of_damaged_json(tmp_path):
    with pytest.raises(RecordFileError, match="damaged JSON"):
        load_record(write(tmp_path, gzip.compress(b'{"format": "flickbook", "nodes": [{'),
                          "x.flick.gz"))
