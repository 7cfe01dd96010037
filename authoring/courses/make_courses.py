"""Write the bundled courses (scenarios/courses/<game>.course): one a game, its chapters the
bundled tutorials, then the puzzles from easy to hard, then the lesson, each with a thumbnail
of its starting position drawn offscreen. Run it again after a bundled file changes:

    python authoring/courses/make_courses.py [--check]

`--check` writes nothing and exits 1 when a course on disk differs from what it would write.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scenarios.catalogue import catalogue  # noqa: E402
from scenarios.courses import Course, load_course, save_course  # noqa: E402
from timeline.fileformat import load_record  # noqa: E402

TITLES = {"glik": ("Glik from the first slide", "The tutorials of the slide rule, the puzzles "
                   "from one touch to the odyssey, and a lesson that asks you the moves."),
          "glonk": ("Glonk: flicks that count", "Your first flick, boarding and the Black "
                    "Hole, then five graded puzzles and the boarding lesson."),
          "grendizer": ("Grendizer: the card that matters", "Five puzzles from the last hit "
                        "point to the last stand, and the lesson on the card that decides.")}
THUMBNAIL = (256, 144)
#: Short chapter titles for the lessons, whose own titles repeat the game's name.
LESSON_TITLES = {"glik-round-the-corner.flick": "Lesson: round the corner",
                 "glonk-boarding-and-assault.flick": "Lesson: boarding, assault",
                 "grendizer-the-card-that-matters.flick": "Lesson: the card that matters"}


def thumbnail(record) -> bytes:
    from viewer.render import render_png

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "thumb.png"
        render_png(record, out, size=THUMBNAIL, camera_preset="top")
        return out.read_bytes()


def course_for(game: str, pictures: bool = True) -> Course:
    title, words = TITLES[game]
    course = Course(title, words)
    entries = [e for e in catalogue(game, include_own=False) if e.kind != "replay" and not e.error]
    for entry in entries:
        record = load_record(entry.path)
        course.add(LESSON_TITLES.get(entry.path.name, entry.title), record, thumbnail(record) if pictures else None)
    return course


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for game in TITLES:
        path = ROOT / "scenarios" / "courses" / f"{game}.course"
        course = course_for(game, pictures=not check)
        if check:
            old = load_course(path)
            if [(c.id, c.title) for c in old.chapters] != [(c.id, c.title) for c in course.chapters]:
                stale.append(path.name)
            continue
        save_course(course, path)
        print(f"{path}: {len(course.chapters)} chapters")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run authoring/courses/make_courses.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
