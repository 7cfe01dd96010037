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


def test_a_record_made_by_physics_2_plays_its_stored_motion_and_verify_says_which_physics(
        tmp_path, monkeypatch):
    """Physics 3 changed the rims' friction (0.02 -> 0.3). A carom recorded by physics 2 keeps
    playing what it stored: the struck disc rests where physics 2 put it, not where a fresh
    simulation would; --verify-motion names both versions."""
    import base64
    import json

    from timeline import load_record

    carom = Path(__file__).resolve().parent.parent / "scenarios" / "glonk" / "13-carom.flick"
    data = read_json(carom)
    record = record_from_json(data, "carom")
    today = record.mainline()[1]
    monkeypatch.setattr(config, "RIM_FRICTION", 0.02)  # physics 2's rims
    old = record.game.apply(today.parent.state, today.action)
    monkeypatch.undo()
    flick = next(i for i, n in enumerate(data["nodes"]) if "motion" in n)
    data["nodes"][flick]["motion"] = base64.b64encode(old.motion.to_bytes()).decode("ascii")
    data["headers"]["physics_version"] = "2"
    path = tmp_path / "physics2.flick"
    path.write_text(json.dumps(data))
    back = load_record(path).mainline()[1]
    assert back.motion.bit_equal(old.motion)  # the stored motion is what plays
    moved = max(abs(a.x - b.x) + abs(a.y - b.y)
                for a, b in zip(back.state.pieces, today.state.pieces))
    assert moved > 0.002  # physics 2's resting places, kept
    problems = verify_motions(load_record(path))
    assert "made by physics version 2" in problems[0] and len(problems) == 2
