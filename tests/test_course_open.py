"""A course handed out as a file opens from every way in: `flickbook open x.course`, Ctrl+O
and any shelf of the Learn list show its first chapter, offer to add it to the library, and once
added the Courses shelf lists it; the desktop entry claims `.course` files too."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "scenarios" / "courses" / "glik.course"


def test_a_handed_out_course_opens_shows_its_first_chapter_and_is_added_to_the_library(tmp_path):
    handed = tmp_path / "downloads" / "lesson.course"
    handed.parent.mkdir()
    shutil.copy(COURSE, handed)
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(handed)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all course checks passed" in result.stdout
    assert (tmp_path / "scen" / "courses" / "lesson.course").read_bytes() == handed.read_bytes()


def test_flickbook_open_takes_a_course(tmp_path):
    from types import SimpleNamespace

    from scenarios.courses import load_course
    from viewer.main import session_for_args

    os.environ["FLICKBOOK_HOME"] = str(tmp_path / "home")
    try:
        session, path = session_for_args(SimpleNamespace(command="open", file=str(COURSE)))
    finally:
        del os.environ["FLICKBOOK_HOME"]
    first = load_course(COURSE).chapters[0]
    assert path.suffix == ".flick" and path.parent.name == "course-chapters"
    assert session.record.game.name == first.game


def test_a_damaged_course_given_to_open_is_one_line(tmp_path):
    bad = tmp_path / "bad.course"
    bad.write_text('{"format": "flickbook-course", "format": "x"}')
    env = dict(os.environ, FLICKBOOK_HOME=str(tmp_path / "home"))
    proc = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "open", str(bad)],
                          capture_output=True, text=True, timeout=120, env=env)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "appears twice" in lines[0], proc.stderr


def test_the_desktop_entry_claims_every_kind_the_program_writes():
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(ROOT / "bundle" / "flickbook.desktop")
    types = set(entry["Desktop Entry"]["MimeType"].strip(";").split(";"))
    mime = (ROOT / "bundle" / "flickbook-mime.xml").read_text()
    for kind, pattern in (("application/x-flickbook-record", "*.flick"),
                          ("application/x-flickbook-record", "*.flick.gz"),
                          ("application/x-flickbook-course", "*.course")):
        assert kind in types
        assert f'<mime-type type="{kind}">' in mime and f'<glob pattern="{pattern}"/>' in mime
    assert "%f" in entry["Desktop Entry"]["Exec"]


def child(handed: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from scenarios.courses import load_course
    from viewer.app import ViewerApp
    from viewer.dialogs import FileDialog, LearnOverlay, Question
    from viewer.main import demo_for

    course = load_course(handed)
    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    # Ctrl+O lists the course and opens it
    ctl.files.open()
    dialog = ctl.dialog
    assert isinstance(dialog, FileDialog)
    dialog.show_folder(handed.parent)
    assert [name for name, _ in dialog.entries][-1] == "lesson.course", dialog.entries
    dialog._finish("lesson.course")
    assert ctl.session.record.game.name == course.chapters[0].game, ctl.session.record.game.name
    assert ctl.path.parent.name == "course-chapters"
    question = ctl.dialog
    assert isinstance(question, Question), question
    assert "Add the course" in question.text and course.title in question.text
    # "Not now": nothing is added, and it is offered again next time
    question._answer(dict(question.answers)["Not now"])
    assert ctl.dialog is None
    assert not (Path(os.environ["FLICKBOOK_SCENARIOS"]) / "courses").exists()
    # a Learn list shelf's entry is opened by the same open_path: a course file too
    assert ctl.files.open_path(handed) is None
    question = ctl.dialog
    assert isinstance(question, Question), question
    question._answer(dict(question.answers)["Add it"])
    ctl._key("l")
    learn = ctl.dialog
    assert isinstance(learn, LearnOverlay)
    headings = {h for h, _, _ in learn.shelves["Courses"] if h.startswith(course.title)}
    assert len(headings) == 1  # the added copy under the same heading as the bundled one
    listed = [t for h, t, _ in learn.shelves["Courses"] if h.startswith(course.title)]
    assert len(listed) == 2 * len(course.chapters), listed  # bundled and added
    learn.close()
    # a course already in the library is not offered again
    added = Path(os.environ["FLICKBOOK_SCENARIOS"]) / "courses" / "lesson.course"
    assert ctl.files.open_path(added) is None and ctl.dialog is None
    print("all course checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
