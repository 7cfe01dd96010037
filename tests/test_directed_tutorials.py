"""The bundled directed tutorials of Glik and Grendizer (authoring/demo/make_directed_tutorials.py):
camera paths, slow motion, a hold, notes in time and markers on their records, up to date with
their generator, and filmed by the export as directed (camera at each keyframe, the notes shown
at their moments, the reel of their markers)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from timeline import load_record

ROOT = Path(__file__).resolve().parents[1]
TUTORIALS = ["glik", "grendizer"]


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_directed_tutorial_uses_a_direction(game):
    record = load_record(ROOT / "scenarios" / "demo" / f"{game}-directed.flick")
    assert record.game_name == game and record.kind == "record"
    d = record.direction
    assert len(d["camera"]) >= 4 and {k["blend"] for k in d["camera"]} >= {"cut", "smooth"}
    assert {k["view"]["view"] for k in d["camera"]} >= {"orbit", "top", "seat"}
    assert any(s["rate"] < 1 for s in d["speed"]) and d["holds"]
    assert {n["kind"] for n in d["notes"]} >= {"ring"} and len(d["notes"]) >= 2
    assert d["markers"] and d["version"] == 2
    assert record.mainline()[-1].comment  # a tutorial says what its last move did


def test_the_generator_is_up_to_date():
    made = subprocess.run([sys.executable, "authoring/demo/make_directed_tutorials.py", "--check"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stdout + made.stderr
    assert made.stdout.count("up to date") == 2


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_export_films_the_direction(game):
    from timeline.direction import Direction
    from viewer.export import FrameRenderer, directed_frame_times

    record = load_record(ROOT / "scenarios" / "demo" / f"{game}-directed.flick")
    with FrameRenderer(record, None, None, size=(320, 180), fps=10, speed=1.0, camera_preset="seat",
                       hold=0.5, step_seconds=0.6) as fr:
        d = Direction(record.direction, fr.clock, lambda v, n: fr.app.saved_view(v).to_json())
        times, films = directed_frame_times(d, 10, 1.0, 0.5)
        assert list(fr.times) == list(times) and list(fr.films) == list(films)
        assert d.film_total > fr.clock.total  # slow motion and the hold lengthen it
        # at an orbit keyframe's moment the path stands on that keyframe's view
        checked = 0
        for key in record.direction["camera"]:
            at = d.line_time(key["at"])
            if key["view"]["view"] != "orbit" or sum(d.line_time(k["at"]) == at
                                                     for k in record.direction["camera"]) > 1:
                continue
            want = d.camera_at(at)
            assert want["distance"] == pytest.approx(key["view"]["distance"], rel=1e-6)
            assert want["target"] == pytest.approx(key["view"]["target"], abs=1e-6)
            checked += 1
        assert checked >= 1
        # every frame films the path's camera and the notes showing at its film time
        shown = set()
        for i in range(0, len(fr.times), 3):
            fr.draw(i)
            time = float(fr.times[i])
            want = d.camera_at(time, fr.start_view.to_json())
            got = fr.app.orbit.view
            assert got.distance == pytest.approx(want["distance"], rel=1e-3), time
            assert list(got.target)[:2] == pytest.approx(want["target"][:2], abs=1e-3)
            notes = [n.index for n in d.notes_at(time, film=float(fr.films[i]))]
            assert [n.index for n, _ in fr.notes.shown] == notes
            shown |= set(notes)
        assert shown == set(range(len(record.direction["notes"]))), "every note is filmed"
    with FrameRenderer(record, None, None, size=(320, 180), fps=10, speed=1.0, camera_preset="seat",
                       hold=0.5, step_seconds=0.6, reel=(1.0, 1.0)) as fr:
        labels = [m.label for _, _, marked in fr.clips for m in marked]
        for marker in record.direction["markers"]:
            assert any(label.endswith(": " + marker["label"]) for label in labels), labels
        assert 0 < len(fr.times) < len(times)
