"""Records say which physics made their motions; a record made by other physics is reported
as such by --verify-motion rather than silently differing."""
from __future__ import annotations

from pathlib import Path

from physics import config
from timeline import Record
from timeline.fileformat import read_json, record_from_json, verify_motions

TUTORIAL = Path(__file__).resolve().parent.parent / "scenarios" / "glonk" / "01-your-first-flick.flick"


def test_a_new_glonk_record_names_todays_physics_and_a_board_game_names_none():
    assert Record.new("glonk").headers["physics_version"] == str(config.VERSION)
    assert "physics_version" not in Record.new("glik").headers


def test_a_bundled_record_was_made_by_todays_physics_and_verifies():
    data = read_json(TUTORIAL)
    assert data["headers"]["physics_version"] == str(config.VERSION)
    assert verify_motions(record_from_json(data, "tutorial")) == []


def test_a_record_without_the_header_was_made_by_physics_1_and_says_so():
    data = read_json(TUTORIAL)
    del data["headers"]["physics_version"]
    record = record_from_json(data, "old")
    assert record.headers["physics_version"] == "1"
    problems = verify_motions(record)
    assert "made by physics version 1" in problems[0]
    assert f"this Flickbook has physics version {config.VERSION}" in problems[0]
