"""End-to-end: a lesson in the real window (Xvfb, xdotool clicks as a person makes them).

The Glik puzzle chain opens at its first question with the answer hidden; H and the Hint
button show the hints one tier at a time; a wrong slide (clicked: the stone, then where it
stops) is refused with why, played out, and the window goes back to the question; the right
slide is accepted and the lesson goes on to question 2. Every step waits on the viewer's probe,
never on a fixed sleep. Skipped only when Xvfb/xdotool are missing.
"""
from __future__ import annotations

import shutil

import pytest

from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk
from xvfb.mirror import H, Mirror
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


@pytest.fixture
def desk(tmp_path):
    d = Desk(tmp_path)
    try:
        yield d
    finally:
        d.stop()


def lesson(p):
    return p.get("lesson") or {}


def press_button(desk, x, z):
    """Click a DirectGUI button at a2dTopLeft (x, z): the GUI keeps the click, so the caller
    waits on what it does."""
    desk.move(x * H / 2, -z * H / 2)
    desk.x("click", "1")


def test_a_glik_lesson_refuses_a_wrong_slide_accepts_the_right_one_and_gives_hints(desk, request):
    from games.glik.rules import slide_path
    from timeline import load_record
    from viewer.lesson import button_spot

    path = desk.tmp / "lesson.flick"
    shutil.copy(ROOT / "scenarios" / "lessons" / "glik-round-the-corner.flick", path)
    record = load_record(path)
    state = record.root.state
    mirror = Mirror(desk, record)
    request.addfinalizer(mirror.close)
    desk.start("open", str(path))
    p = desk.wait(lambda p: lesson(p).get("status") == "asking", 60, "the first question")
    assert lesson(p)["question"] == 1 and p["nodes"] == 1, "the answer is hidden"
    desk.key("t")
    mirror.sync()  # the fields are where the window's camera draws them

    desk.key("h")
    p = desk.wait(lambda p: len(lesson(p).get("hints", [])) == 1, 30, "the first hint")
    assert "Hint 1 of 3" in p["message"]
    press_button(desk, *button_spot("hint", p["layout"]["boxes"]["lesson"], H))
    p = desk.wait(lambda p: len(lesson(p).get("hints", [])) == 2, 30, "the second hint")
    assert "Hint 2 of 3" in p["message"]

    stone = (6, 19)
    mirror.sync()  # the hints made the lesson's box taller: the view was fitted again

    def slide(direction):
        end = slide_path(state.stones, state.board, stone, direction)[-1]
        desk.click(*mirror.cell(stone))
        desk.click(*mirror.cell(end))

    slide("E")  # off to the right edge: the goal cannot be reached this turn
    p = desk.wait(lambda p: lesson(p).get("status") == "wrong", 60, "the wrong answer refused")
    assert lesson(p)["wrong"][0] == 1 and "cannot be reached" in lesson(p)["why"]
    assert "Not this one" in p["message"]
    p = desk.settled()
    assert lesson(p)["status"] == "wrong", "the reason stays until the student goes on"
    press_button(desk, *button_spot("again", p["layout"]["boxes"]["lesson"], H))
    p = desk.wait(lambda p: lesson(p).get("status") == "asking" and p["node"] == [], 60,
                  "back to the question (Try again)")
    assert lesson(p)["question"] == 1
    mirror.sync()

    slide("N")  # up to the top edge: the first step of the only shortest way
    p = desk.wait(lambda p: lesson(p).get("question") == 2, 60, "the right answer accepted")
    assert lesson(p)["status"] == "right" and "shortest way" in lesson(p)["why"]
    assert p["node_action"] == "slide 6,19 N"
    assert lesson(p)["score"][0] == 0.0  # one wrong try (1/2) and two hints (1/4 each)
    p = desk.settled()
    assert p["nodes"] >= 3, "the author's line is back, the wrong try kept as a variation"


def test_a_lesson_is_written_in_the_window_typed_words_go_to_the_fields(desk):
    """F3 opens the authoring panel; the position is marked "your turn" with a click; a
    question and a hint typed with letters that are shortcuts elsewhere (h, l, t, n, e) land in
    the fields; Ctrl+Z takes the hint back; Save writes the lesson under scenarios/lessons/."""
    from timeline import load_record
    from viewer.lesson_author import spot

    scenarios = desk.tmp / "scenarios"
    desk.env["FLICKBOOK_SCENARIOS"] = str(scenarios)
    path = desk.tmp / "game.flick"
    record = load_record(ROOT / "scenarios" / "lessons" / "glik-round-the-corner.flick")
    for n in record.nodes():
        n.ask = None
    record.kind = "record"
    from timeline import save_record

    save_record(record, path)
    desk.start("open", str(path))
    desk.wait(lambda p: p["mode"] == "play" and p.get("lesson") is None, 60, "the record")
    desk.key("F3")
    p = desk.wait(lambda p: p["lesson_panel"] and "lesson_panel" in p["layout"]["boxes"], 30,
                  "the authoring panel")
    box = p["layout"]["boxes"]["lesson_panel"]  # where the layout put it (in window pixels)
    press_button(desk, *spot("mark", box, H))
    p = desk.wait(lambda p: (p.get("ask") or {}).get("accept", {}).get("kind") == "optimal",
                  30, "the position marked your turn")
    view = p["view"]

    # longer than the field is wide (the field dropped every key past its width)
    question = ("Take the long way: the top edge first, then left along it and down the far "
                "side until the stone stops. Which slide starts it? Think!")
    desk.click(*(c * H / 2 * s for c, s in zip(spot("question", box, H), (1, -1))))
    desk.wait(lambda p: p["typing"], 30, "the question field's keyboard")
    desk.type(question)
    desk.key("Return")
    p = desk.wait(lambda p: (p.get("ask") or {}).get("question") == question, 30,
                  "the question kept")
    assert p["dialog"] is None and p["view"] == view  # no L (Learn), no T (top view) ran

    hint = "Look at the whole line, then the edge."
    desk.click(*(c * H / 2 * s for c, s in zip(spot("hint", box, H), (1, -1))))
    desk.wait(lambda p: p["typing"], 30, "the hint field's keyboard")
    desk.type(hint)
    desk.key("Return")
    desk.wait(lambda p: (p.get("ask") or {}).get("hints") == [hint], 30, "the hint added")
    desk.key("Escape")
    desk.wait(lambda p: not p["typing"], 30, "the field let go")
    desk.key("ctrl+z")
    p = desk.wait(lambda p: "hints" not in (p.get("ask") or {}), 30, "the hint undone")
    assert p["ask"]["question"] == question
    desk.key("ctrl+y")
    desk.wait(lambda p: (p.get("ask") or {}).get("hints") == [hint], 30, "the hint redone")

    desk.click(*(c * H / 2 * s for c, s in zip(spot("title", box, H), (1, -1))))
    desk.wait(lambda p: p["typing"], 30, "the title field's keyboard")
    desk.type("My corner lesson")
    desk.key("Return")
    press_button(desk, *spot("save", box, H))
    desk.wait(lambda p: "Saved the lesson" in p["message"], 30, "the lesson saved")
    saved = load_record(scenarios / "lessons" / "my-corner-lesson.flick")
    assert saved.kind == "lesson" and saved.scenario["title"] == "My corner lesson"
    assert saved.root.ask["question"] == question and saved.root.ask["hints"] == [hint]
