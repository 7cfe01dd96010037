"""Saved camera views: one format (timeline.views) that every file uses, older forms migrated
on load, anything else refused by `flickbook check` with the reason."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scenarios import SCENARIO_DIR, bundled
from timeline import RecordFileError, Session, load_record, save_record
from timeline.views import read_view

ROOT = SCENARIO_DIR.parent


def test_named_and_orbit_views_are_the_format():
    assert read_view({"view": "top"}) == {"view": "top"}
    assert read_view({"view": "seat", "seat": 1}) == {"view": "seat", "seat": 1}
    orbit = {"view": "orbit", "target": [0, 0.1, 0], "distance": 1.5, "heading": 30, "pitch": -60}
    assert read_view(orbit) == orbit


@pytest.mark.parametrize("old, new", [
    ({"preset": "top"}, {"view": "top"}),
    ({"preset": "seat"}, {"view": "seat"}),
    ({"preset": "seat2"}, {"view": "seat", "seat": 2}),
    ({"target": [0, 0, 0], "distance": 2, "heading": 0, "pitch": -50},
     {"view": "orbit", "target": [0, 0, 0], "distance": 2, "heading": 0, "pitch": -50}),
])
def test_older_forms_migrate(old, new):
    assert read_view(old) == new


@pytest.mark.parametrize("bad, words", [
    ({"view": "sideways"}, "unknown"),
    ({"preset": "diagonal"}, "unknown"),
    ({"view": "top", "zoom": 2}, "has no 'zoom'"),
    ({"view": "seat", "seat": -1}, "not a seat number"),
    ({"view": "orbit", "target": [0, 0], "distance": 1, "heading": 0, "pitch": -50}, "three numbers"),
    ({"view": "orbit", "target": [0, 0, 0], "distance": 0, "heading": 0, "pitch": -50}, "more than 0"),
    ({"view": "orbit", "target": [0, 0, 0], "distance": 1, "heading": 0, "pitch": 20}, "between -90"),
    ({"view": "orbit", "target": [0, 0, 0]}, "needs distance, heading, pitch"),
    ("top", "is an object"),
])
def test_anything_else_is_refused_with_the_reason(bad, words):
    with pytest.raises(ValueError, match=words):
        read_view(bad)


def test_every_bundled_file_stores_views_in_the_format():
    files = bundled() + [SCENARIO_DIR / "demo" / "glonk-demo.flick"]
    seen = 0
    for path in files:
        raw = json.loads(path.read_text())
        for entry in raw["nodes"]:
            if "camera" in entry:
                seen += 1
                assert read_view(entry["camera"]) == entry["camera"], path.name
    assert seen >= 4  # the demo and the three Glonk tutorials


def test_an_old_file_loads_migrated_and_saves_in_the_format(tmp_path):
    src = json.loads((SCENARIO_DIR / "glonk" / "01-your-first-flick.flick").read_text())
    src["nodes"][0]["camera"] = {"preset": "top"}
    old = tmp_path / "old.flick"
    old.write_text(json.dumps(src))
    record = load_record(old)
    assert record.root.camera == {"view": "top"}
    save_record(record, tmp_path / "new.flick")
    assert json.loads((tmp_path / "new.flick").read_text())["nodes"][0]["camera"] == {"view": "top"}


def test_check_refuses_a_bad_view(tmp_path):
    src = json.loads((SCENARIO_DIR / "glonk" / "01-your-first-flick.flick").read_text())
    src["nodes"][0]["camera"] = {"preset": "sideways"}
    bad = tmp_path / "bad.flick"
    bad.write_text(json.dumps(src))
    with pytest.raises(RecordFileError, match="node 0: bad camera view"):
        load_record(bad)
    out = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "check", str(bad)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode != 0 and "camera preset 'sideways' is unknown" in out.stdout + out.stderr


def test_a_session_keeps_only_views_in_the_format():
    session = Session(load_record(bundled("glik")[0]))
    session.set_camera({"preset": "seat1"})
    assert session.node.camera == {"view": "seat", "seat": 1}
    with pytest.raises(ValueError):
        session.set_camera({"view": "upside-down"})
