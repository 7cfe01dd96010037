"""The F3 panel adds the record shown as the next chapter of a course (issue 24: "the F3 panel
can add the current record as a chapter"; tried in a real window, the panel had no way to):
a course named in the panel's Course field is made in the user's own courses folder on its
first chapter, each chapter is the file as saved with a thumbnail of the board as shown, the
same file twice is refused, unsaved changes are refused, and the course passes
`flickbook check` and is on the Learn list's Courses shelf.

Panda allows one ShowBase per process, so the checks run in a child process (this file run
as a script), like tests/test_viewer_learn.py."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_f3_panel_adds_the_record_shown_as_a_course_chapter(tmp_path):
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all course chapter checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from flickbook_cli import main
    from scenarios import bundled
    from scenarios.courses import PNG_MAGIC, load_course
    from viewer.app import ViewerApp
    from viewer.learning import course_files
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller

    def frames(n=2):
        for _ in range(n):
            app.taskMgr.step()

    first, second = bundled("glik")[0], bundled("glik")[4]
    assert ctl.files.open_path(first) is None
    frames()
    ctl._key("f3")
    panel = ctl.lesson_panel
    assert panel.active and "course" in panel.entries
    frames()
    panel.add_chapter()
    assert ctl.message_text == "Type the course's title first", ctl.message_text
    panel.entries["course"].enterText("My Glik course")
    panel.add_chapter()
    path = tmp / "scen" / "courses" / "my-glik-course.course"
    assert ctl.message_text == (f"Added chapter 1, First touch, to the course My Glik course "
                                f"({path})"), ctl.message_text
    panel.add_chapter()
    assert ctl.message_text == "First touch is chapter 1 of My Glik course already"
    assert ctl.files.open_path(second) is None  # another file: the panel closes
    frames()
    ctl._key("f3")
    assert panel.active and panel.entries["course"].get() == "My Glik course"  # kept
    ctl.session.dirty = True  # a change not saved: the chapter would not be what the file is
    panel.add_chapter()
    assert ctl.message_text.startswith("Save it first"), ctl.message_text
    ctl.session.dirty = False
    panel.add_chapter()
    assert ctl.message_text.startswith("Added chapter 2, Round the corner,"), ctl.message_text
    course = load_course(path)
    assert course.title == "My Glik course"
    assert [c.title for c in course.chapters] == ["First touch", "Round the corner"]
    assert [c.kind for c in course.chapters] == ["puzzle", "puzzle"]
    for c in course.chapters:  # a picture of the board, not of the panels
        assert c.thumbnail is not None and c.thumbnail.startswith(PNG_MAGIC)
    assert main(["check", str(path)]) == 0
    assert path in course_files()  # on the Learn list's Courses shelf
    # a lesson saved from the panel, then another record made a lesson: its own file (the
    # panel kept the first one's path and wrote the second lesson over it)
    from timeline.fileformat import load_record

    lessons = []
    for source, title in ((first, "Lesson one"), (second, "Lesson two")):
        assert ctl.files.open_path(source) is None
        frames()
        ctl.puzzle_box.show_solution()
        ctl.navigation.go_to(ctl.session.record.root)
        ctl._key("f3")
        panel.toggle_mark()
        panel.entries["title"].enterText(title)
        panel.save()
        assert ctl.message_text.startswith("Saved the lesson"), ctl.message_text
        lessons.append(panel.saved)
    assert lessons[0] != lessons[1]
    # F3 closed on the lesson: it asks from its start, and the move list no longer shows the
    # answer the author saw (its rows were kept, the answer in them)
    frames()
    moves = ctl.panel.moves
    assert [r.node for r in moves.rows if r.kind == "move"]  # the author sees the answer
    ctl._key("f3")
    assert not panel.active and ctl.lesson_box.status == "asking"
    frames()
    moves = ctl.panel.moves
    shown = [r.node for r in moves.rows if r.kind == "move"]
    assert shown == [], [r.node.action_text for r in moves.rows if r.kind == "move"]
    assert load_record(lessons[0]).scenario["title"] == "Lesson one"
    assert load_record(lessons[1]).scenario["title"] == "Lesson two"
    print("all course chapter checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
