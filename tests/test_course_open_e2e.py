"""End-to-end, in the real window (Xvfb, xdotool as a person's hands): a student double-clicks
a course a teacher handed out (`flickbook open lesson.course`, what the desktop entry runs):
its first chapter is shown, the window asks to add the course to the library, "Add it" copies
it into the user's own courses, and the Learn list's Courses shelf lists it. Every step waits
on the viewer's probe, never on a fixed sleep."""
from __future__ import annotations

import shutil

import pytest

from xvfb.desk import MISSING, ROOT, SKIP_REASON, Desk

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def test_a_handed_out_course_opened_from_the_file_manager_is_shown_and_added(tmp_path):
    from scenarios.courses import load_course

    handed = tmp_path / "Downloads" / "lesson.course"
    handed.parent.mkdir()
    shutil.copy(ROOT / "scenarios" / "courses" / "glik.course", handed)
    course = load_course(handed)
    desk = Desk(tmp_path)
    try:
        desk.start("open", str(handed))
        p = desk.wait(lambda p: p.get("question") and "Add the course" in p["question"], 60,
                      "the offer to add the course")
        assert course.title in p["question"]
        assert p["path"].endswith(".flick") and "course-chapters" in p["path"]
        desk.click(*desk.button("Add it"))
        p = desk.wait(lambda p: p.get("question") is None and "Added" in p["message"], 30,
                      "the course added")
        added = tmp_path / "home" / "scenarios" / "courses" / "lesson.course"
        assert added.read_bytes() == handed.read_bytes()
        desk.key("l")
        p = desk.wait(lambda p: (p.get("learn") or {}).get("tabs"), 30, "the Learn list")
        assert any(name.startswith("Courses") for name in p["learn"]["tabs"])
    finally:
        desk.stop()
