"""The student's dashboard (issue 39 point 3): the rating and its history over days, each
course's chapters solved / failed / due, the themes failed most; the Learn list shows it and
`flickbook progress show` says the same in words."""
from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pytest

from analysis.lessons.progress import Item, Progress
from test_courses_progress import DAY0, FixedClock

ROOT = Path(__file__).resolve().parents[1]


def item(name: str, themes=()) -> Item:
    return Item(name, f"Puzzle {name}", "glik", "puzzle", f"{name}.flick", tuple(themes))


def test_the_history_has_a_point_a_day_and_moves_only_on_first_tries(tmp_path):
    clock = FixedClock()
    with Progress(tmp_path / "p.sqlite", clock=clock) as db:
        db.record_attempt(item("a"), solved=False, seconds=30)
        low = db.student_rating()
        db.record_attempt(item("b"), solved=True, seconds=30)  # same day: the day's last
        clock.advance(days=1)
        for _ in range(3):  # reviews of a: not rated
            db.record_attempt(item("a"), solved=True, seconds=10)
        history = db.rating_history()
        assert [day for day, _ in history] == [DAY0.date()]
        assert history[0][1] == pytest.approx(db.student_rating()) and low < history[0][1]
        clock.advance(days=2)
        db.record_attempt(item("c"), solved=False, seconds=30)
        assert [day for day, _ in db.rating_history()] == [DAY0.date(), (DAY0 + dt.timedelta(days=3)).date()]


def test_the_dashboard_counts_courses_and_ranks_the_themes_failed_most(tmp_path):
    clock = FixedClock()
    with Progress(tmp_path / "p.sqlite", clock=clock) as db:
        db.record_attempt(item("a", ["corners"]), solved=False, seconds=30)
        db.record_attempt(item("b", ["corners", "bridges"]), solved=False, seconds=30)
        db.record_attempt(item("c", ["bridges"]), solved=True, seconds=30)
        db.record_attempt(item("d", ["bridges"]), solved=True, seconds=30)
        clock.advance(days=2)  # the failures are due for review by now
        board = db.dashboard([("Club night", [["a"], ["b"], ["c"], ["e"]])])
    [course] = board.courses
    assert (course.chapters, course.solved, course.failed, course.due) == (4, 1, 2, 2)
    assert [(t.theme, t.failures, t.tries) for t in board.weakest()] == \
        [("corners", 2, 2), ("bridges", 1, 3)]
    words = "\n".join(board.lines())
    assert "Club night: 1/4 solved, 2 failed, 2 due" in words
    assert "corners (2 of 2 tries failed)" in words and f"Rating: {board.rating:.0f}" in words


def test_a_scenario_names_its_themes_strictly(tmp_path):
    from timeline import RecordFileError, load_record

    src = (ROOT / "scenarios" / "glik" / "01-first-touch.flick").read_text()
    assert load_record(ROOT / "scenarios" / "glik" / "01-first-touch.flick").scenario.get("themes")
    bad = src.replace('"themes": [', '"themes": [7, ', 1)
    assert bad != src
    path = tmp_path / "bad.flick"
    path.write_text(bad)
    with pytest.raises(RecordFileError, match="themes"):
        load_record(path)


def test_the_learn_list_shows_the_dashboard_at_1280x720():
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "dashboard checks passed" in result.stdout


def child() -> None:
    import os
    import random
    import tempfile

    os.environ["FLICKBOOK_HOME"] = tempfile.mkdtemp(prefix="flickbook-dashboard-")
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from direct.gui.DirectGui import DirectLabel
    from direct.gui.DirectGuiBase import DirectGuiWidget

    from analysis.lessons.progress import default_path, item_for
    from timeline import load_record
    from viewer.app import ViewerApp
    from viewer.layout import SMALL
    from viewer.main import demo_for

    clock = FixedClock(dt.datetime(2026, 11, 20, 18, tzinfo=dt.timezone.utc))
    files = sorted((ROOT / "scenarios").glob("*/[0-9]*.flick"))
    rnd = random.Random(3)
    with Progress(default_path(), clock=clock) as db:  # a student over ten days
        for day in range(10):
            for k in range(3):
                f = files[(day * 3 + k) % len(files)]
                db.record_attempt(item_for(load_record(f), f), rnd.random() < 0.6, 40)
            clock.advance(days=1)
    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    ctl._key("l")
    learn = ctl.dialog
    learn.show_shelf(learn.PROGRESS)
    app.render_frames(2)
    assert len(learn.dashboard.history) >= 5 and learn.dashboard.courses
    w, h = app.win.getXSize(), app.win.getYSize()
    labels = [x for x in DirectGuiWidget.guiDict.values()
              if isinstance(x, DirectLabel) and x.getName() == "dashboard-text"]
    assert labels
    for label in labels:
        scale = label["text_scale"]
        scale = scale[0] if isinstance(scale, tuple) else scale
        assert scale >= SMALL - 1e-9, (label["text"], scale)  # 12 px at 1280x720
        bounds = label.getTightBounds(app.render2d)
        if bounds is None:  # a label of a shelf drawn before, let go
            continue
        lo, hi = bounds
        x0, x1 = (lo.x + 1) / 2 * w, (hi.x + 1) / 2 * w
        y0, y1 = (1 - hi.z) / 2 * h, (1 - lo.z) / 2 * h
        assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h, (label["text"], x0, x1, y0, y1)
    texts = [label["text"] for label in labels]
    assert any(t.startswith("Rating ") for t in texts) and "Themes you fail most" in texts
    print("dashboard checks passed")


if __name__ == "__main__":
    child()
