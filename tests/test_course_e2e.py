"""End-to-end, a student in the real window (Xvfb, xdotool as a person's hands): Learn (L),
the Courses tab, the Glik course's first chapter; the turn ended without the goal (a failed
try, kept in the progress database); the chapter opened again from the list and solved with
two slides clicked on the board; back in Learn the chapter is ticked and the course counts it
("1/14 done"). Every step waits on the viewer's probe, never on a fixed sleep."""
from __future__ import annotations

import sqlite3

import pytest

from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk

W, H = 1280, 720
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def learn(p):
    return p.get("learn") or {}


def open_learn(desk, shelf: str) -> dict:
    desk.key("l")
    p = desk.wait(lambda p: learn(p).get("tabs") and all(learn(p)["tabs"].values()), 30,
                  "the Learn list")
    tab = next(name for name in learn(p)["tabs"] if name.startswith(shelf))
    desk.click(*learn(p)["tabs"][tab])
    return desk.wait(lambda p: learn(p).get("shelf") == tab and learn(p)["entries"]
                     and all(e[2] for e in learn(p)["entries"]), 30,
                     f"the {shelf} shelf")


def chapter_entry(p, number: int):
    return next(e for e in learn(p)["entries"]
                if e[0].startswith("Glik from the first slide") and e[1].startswith(f"{number}. "))


def attempts(desk):
    db = next((desk.tmp / "home").rglob("progress.sqlite"), None)
    if db is None:
        return []
    with sqlite3.connect(db) as con:
        return [tuple(r) for r in con.execute("SELECT solved FROM attempts ORDER BY rowid")]


def test_a_student_fails_a_course_chapter_solves_it_and_the_chapter_ticks(tmp_path):
    from games.glik.rules import GAME, slide_path
    from scenarios.courses import load_course
    from xvfb.mirror import Mirror

    chapter = load_course(ROOT / "scenarios" / "courses" / "glik.course").chapters[0]
    record = chapter.record
    desk = Desk(tmp_path)
    mirror = Mirror(desk, record)
    try:
        desk.start("demo", "glik")
        desk.settled()
        p = open_learn(desk, "Courses")
        heading, title, spot = chapter_entry(p, 1)
        assert "(0/14 done)" in heading and title == "1. First touch (puzzle)", (heading, title)
        desk.click(*spot)
        p = desk.wait(lambda p: p.get("learn") is None and p.get("puzzle") is not None
                      and p["nodes"] == 1, 60, "the chapter open at its start")
        # a try that fails: the turn ended with the goal unmet
        desk.key("e")
        p = desk.wait(lambda p: "turn is over" in p["message"], 30, "the failed try said")
        desk.settled()
        assert attempts(desk) == [(0,)]
        # the chapter again, from the list, solved with two slides clicked on the board
        p = open_learn(desk, "Courses")
        heading, title, spot = chapter_entry(p, 1)
        assert "(0/14 done)" in heading and "done" not in title
        desk.click(*spot)
        p = desk.wait(lambda p: p.get("learn") is None and p["nodes"] == 1, 60,
                      "the chapter open afresh")
        desk.key("t")
        desk.settled()
        mirror.sync()  # aim through the window's own camera (the layout fits the board)
        for text in record.scenario["solution"]:
            state = mirror.session.state
            action = GAME.parse_action(state, text)
            end = slide_path(state.stones, state.board, action.cell, action.direction)[-1]
            desk.click(*mirror.cell(action.cell))
            desk.click(*mirror.cell(end))
            desk.wait(lambda p, t=text: p["node_action"] == t, 60, f"the slide {text}")
            desk.settled()
            mirror.play(action)
        p = desk.wait(lambda p: p["message"].startswith("Solved"), 30, "the puzzle solved")
        assert attempts(desk) == [(0,), (1,)]
        # the chapter ticks, and the course counts it
        p = open_learn(desk, "Courses")
        heading, title, _ = chapter_entry(p, 1)
        assert "(1/14 done)" in heading and title == "1. First touch (puzzle, done)", (heading,
                                                                                      title)
    except BaseException:
        desk.key("F12")
        raise
    finally:
        mirror.close()
        desk.stop()
