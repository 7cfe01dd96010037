"""Courses: chapters in order (records, tutorials, puzzles and lessons of any game) in one file a
teacher can hand to a student, like a Lichess study.

A course file (`.course`) is JSON:

    {"format": "flickbook-course", "course_version": 1, "title": "...", "description": "...",
     "chapters": [{"title": "...", "thumbnail": "<base64 PNG>" | null,
                   "record": <a whole .flick record's JSON>}, ...]}

Each chapter embeds its record, so the course is complete by itself; the record is read by the
same loader and validator as a `.flick` file (`timeline.fileformat`), so a chapter is valid
exactly when it would be valid as a file of its own. A chapter's identity (`chapter_id`) is a
hash of its record's canonical bytes: a student's progress on a puzzle follows the puzzle
whether it was opened from a course, from the Learn list or from a copy of the file.
"""
from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from pathlib import Path

from timeline.fileformat import (RecordFileError, dumps, read_strict, record_data,
                                 record_from_json, record_to_json, write_atomic)
from scenarios.catalogue import chapter_id  # noqa: F401 - the id of a chapter, kept here too
from timeline.record import Record
from timeline.schema import Int, ListOf, Nullable, Obj, OneOf, SchemaError, Str

FORMAT = "flickbook-course"
COURSE_VERSION = 1
EXTENSION = ".course"
#: The most chapters a course may hold, and the largest thumbnail (PNG bytes) a chapter may carry.
MAX_CHAPTERS = 200
MAX_THUMBNAIL_BYTES = 256 << 10
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

def _object(value, where):
    if not isinstance(value, dict):
        raise SchemaError(f"{where}: must be a record's JSON object")


_CHAPTER = Obj(required={"title": Str(200), "record": _object},
               optional={"thumbnail": Nullable(Str(MAX_THUMBNAIL_BYTES * 2))})
_TOP = Obj(required={"format": OneOf(FORMAT), "course_version": Int(1, COURSE_VERSION),
                     "title": Str(200), "chapters": ListOf(_CHAPTER, 1, MAX_CHAPTERS)},
           optional={"description": Str(10_000)})


class CourseFileError(RecordFileError):
    """A course file that cannot be read, with the file, the chapter and the problem."""


@dataclass
class Chapter:
    title: str
    record: Record
    thumbnail: bytes | None = None  # a PNG

    @property
    def id(self) -> str:
        return chapter_id(self.record)

    @property
    def kind(self) -> str:
        from scenarios.catalogue import kind_of

        return kind_of(self.record)

    @property
    def game(self) -> str:
        return self.record.game.name


@dataclass
class Course:
    title: str
    description: str = ""
    chapters: list[Chapter] = field(default_factory=list)

    def add(self, title: str, record: Record, thumbnail: bytes | None = None) -> Chapter:
        """Append a chapter (ValueError when the course is full or the picture is not a PNG)."""
        if len(self.chapters) >= MAX_CHAPTERS:
            raise ValueError(f"a course holds at most {MAX_CHAPTERS} chapters")
        _check_thumbnail(thumbnail, "the thumbnail")
        chapter = Chapter(title.strip() or "Chapter", record, thumbnail)
        self.chapters.append(chapter)
        return chapter

    def to_json(self) -> dict:
        return {"format": FORMAT, "course_version": COURSE_VERSION, "title": self.title,
                "description": self.description,
                "chapters": [{"title": c.title, "record": record_to_json(c.record),
                              "thumbnail": (base64.b64encode(c.thumbnail).decode("ascii")
                                            if c.thumbnail else None)}
                             for c in self.chapters]}


def _check_thumbnail(png: bytes | None, where: str) -> None:
    if png is None:
        return
    if not png.startswith(PNG_MAGIC):
        raise ValueError(f"{where} is not a PNG picture")
    if len(png) > MAX_THUMBNAIL_BYTES:
        raise ValueError(f"{where} is larger than {MAX_THUMBNAIL_BYTES >> 10} KB")


def save_course(course: Course, path) -> Path:
    """Write atomically (the old file or the new one survives a crash)."""
    if not course.chapters:
        raise ValueError("a course needs at least one chapter")
    text = json.dumps(course.to_json(), sort_keys=True, allow_nan=False, ensure_ascii=True)
    return write_atomic(path, text.encode("utf-8"))


def load_course(path) -> Course:
    """Read and validate a course: its own fields, then every chapter's record as the `.flick`
    loader does; CourseFileError naming the chapter on any problem."""
    path = Path(path)
    name = str(path)
    try:
        data = read_strict(path, "course")  # every chapter's record as strictly, as given
    except RecordFileError as exc:
        raise CourseFileError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CourseFileError(f"{name}: not a course file (no \"format\": \"{FORMAT}\")")
    try:
        _TOP(data, "")
    except SchemaError as exc:
        raise CourseFileError(f"{name}: {exc}") from None
    course = Course(data["title"], data.get("description", ""))
    for i, raw_chapter in enumerate(data["chapters"], 1):
        where = f"{name}: chapter {i} ({raw_chapter['title']!r})"
        try:
            record = record_from_json(record_data(raw_chapter["record"], where), where)
        except RecordFileError as exc:
            raise CourseFileError(str(exc)) from None
        except (ValueError, TypeError) as exc:
            raise CourseFileError(f"{where}: {exc}") from None
        thumbnail = raw_chapter.get("thumbnail")
        png = None
        if thumbnail is not None:
            try:
                png = base64.b64decode(thumbnail, validate=True)
                _check_thumbnail(png, "its thumbnail")
            except (binascii.Error, ValueError) as exc:
                raise CourseFileError(f"{where}: {exc}") from None
        course.chapters.append(Chapter(raw_chapter["title"], record, png))
    return course


def library_files() -> list[Path]:
    """The bundled courses, then the user's own (`<own scenarios folder>/courses/*.course`)."""
    from scenarios import SCENARIO_DIR
    from scenarios.authoring import own_root

    found = sorted((SCENARIO_DIR / "courses").glob("*.course"))
    try:
        found += sorted((own_root() / "courses").glob("*.course"))
    except OSError:
        pass
    return found


def is_course_file(path) -> bool:
    return Path(path).suffix == EXTENSION


def chapter_file(course_path, index: int, chapter: Chapter, folder: Path) -> Path:
    """The chapter as a `.flick` file of its own in `folder` (the viewer opens records from
    files): written once, named after the course and chapter, and found again next time."""
    from scenarios.authoring import slugify

    stem = f"{slugify(Path(course_path).stem)}-{index:02d}-{slugify(chapter.title)}-{chapter.id[:6]}"
    out = Path(folder) / f"{stem}.flick"
    if not out.exists():
        write_atomic(out, dumps(chapter.record))
    return out
