"""The list of teaching material a user can open: the bundled puzzles, tutorials, lessons and
demo, and the user's own (saved by the editors into `authoring.own_root()`), read from the files
themselves, so the Learn list and `flickbook puzzles` show the same entries.

A file that cannot be read is listed with its problem rather than left out silently: a teacher
who saved it wants to know why it does not open.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from timeline.fileformat import RecordFileError, load_record
from timeline.record import Record

#: The order kinds are listed in under one game.
KINDS = ("tutorial", "puzzle", "lesson", "replay")


@dataclass(frozen=True)
class Entry:
    """One openable file: what it is, for which game, and what its author or verifier said."""

    path: Path
    game: str  # the game's registry name ("" when the file could not be read)
    kind: str  # one of KINDS
    title: str
    own: bool  # the user's own file (their data folder), not one shipped with the program
    difficulty: int | None = None
    verdict: str | None = None  # the saved verdict's words, e.g. "expert 79 %, club 57 %"
    error: str | None = None  # why the file cannot be opened, for a damaged one
    #: The progress database's id of the exercise (`scenarios.courses.chapter_id`), read with
    #: the rest so a list that shows ratings opens no file twice.
    item_id: str | None = None

    def label(self) -> str:
        """The entry's line in a list: title, kind and the saved facts, as people read them."""
        facts = [self.kind]
        if self.difficulty is not None:
            facts.append(f"level {self.difficulty}")
        if self.verdict:
            facts.append(self.verdict)
        if self.own:
            facts.append("yours")
        return f"{self.title} ({', '.join(facts)})"


def chapter_id(record: Record) -> str:
    """A chapter's (or any opened file's) identity, 16 hex digits: the hash of what makes it
    the same exercise (its game, starting position, and its scenario's title, goal and
    solution; a plain record's main line), not of the tree, which grows while a student plays."""
    info = record.scenario or {}
    what = {"game": record.game.name, "kind": record.kind,
            "start": record.game.state_to_json(record.root.state),
            "scenario": {k: info.get(k) for k in ("title", "goal", "solution")}}
    if record.scenario is None:
        what["line"] = [n.action_text for n in record.mainline()[1:]]
    text = json.dumps(what, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def kind_of(record: Record) -> str:
    """A record's teaching kind: lesson (a node asks the student), tutorial (a prompt guides the
    player through a scenario), puzzle (a scenario with a goal), or a plain replay."""
    nodes = list(record.nodes())
    if record.kind == "lesson" or any(n.ask for n in nodes):
        return "lesson"
    if record.kind != "scenario":
        return "replay"
    if any(n.prompt for n in nodes):
        return "tutorial"
    return "puzzle"


#: (resolved path, own) -> ((mtime_ns, size), Entry): a file is read again only once it changed,
#: so listing the catalogue (each solve asks for the next puzzle) costs a stat a file.
_ENTRIES: dict[tuple[Path, bool], tuple[tuple[int, int], Entry]] = {}


def entry_of(path: Path, own: bool) -> Entry:
    """The entry for one file (never raises for a damaged or unreadable file); read once per
    change of the file (its modification time and size)."""
    path = Path(path)
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    key = (path.resolve(), own)
    known = _ENTRIES.get(key)
    if stamp is not None and known is not None and known[0] == stamp and known[1].path == path:
        return known[1]
    entry = _read_entry(path, own)
    if stamp is not None:
        _ENTRIES[key] = (stamp, entry)
    return entry


def _read_entry(path: Path, own: bool) -> Entry:
    try:
        record = load_record(path)
    except (RecordFileError, OSError, ValueError) as exc:
        return Entry(path, path.parent.name, "replay", path.stem, own, error=str(exc))
    info = record.scenario or {}
    kind = kind_of(record)
    title = info.get("title") or (record.headers.get("title") if isinstance(record.headers, dict)
                                  else None) or ("Demo replay" if kind == "replay" else path.stem)
    difficulty = info.get("difficulty")
    return Entry(path, record.game.name, kind, str(title), own,
                 difficulty if isinstance(difficulty, int) else None,
                 brief_verdict(info.get("verdict")), item_id=chapter_id(record))


def brief_verdict(verdict) -> str | None:
    """A saved verdict in a few words: a physical puzzle's club success ("club 57 %"), an exact
    one's length and whether its answer is unique ("3 moves, unique"), else its own words."""
    if not isinstance(verdict, dict):
        return None
    levels = verdict.get("levels")
    if isinstance(levels, dict) and isinstance(levels.get("club"), (list, tuple)) and levels["club"]:
        share = levels["club"][0]
        if isinstance(share, (int, float)):
            return f"club {round(100 * share)} %"
    cost, unit = verdict.get("cost"), verdict.get("unit")
    if verdict.get("exact") and verdict.get("solved") and isinstance(cost, int) and isinstance(unit, str):
        unit = unit if cost != 1 else unit.rstrip("s")
        lines = verdict.get("lines")
        alone = ("unique" if verdict.get("unique") else
                 f"{lines} lines" if isinstance(lines, int) and lines > 1 else None)
        return f"{cost} {unit}" + (f", {alone}" if alone else "")
    words = verdict.get("verdict")
    return words if isinstance(words, str) else None


def bundled_files() -> list[Path]:
    from scenarios import SCENARIO_DIR

    return sorted(SCENARIO_DIR.glob("*/*.flick"))


def own_files() -> list[Path]:
    """The user's own scenario and lesson files, one folder deep under `own_root()`."""
    from scenarios.authoring import own_root

    root = own_root()
    try:
        return sorted(p for p in root.glob("*/*.flick") if p.is_file())
    except OSError:
        return []


def catalogue(game: str | None = None, *, include_own: bool = True) -> list[Entry]:
    """Every openable teaching file (bundled first, then the user's), sorted by game, kind,
    difficulty and file name; `game` keeps one game's entries (a damaged file's game is the
    folder it lies in)."""
    entries = [entry_of(p, own=False) for p in bundled_files()]
    if include_own:
        bundled = {p.resolve() for p in bundled_files()}
        entries += [entry_of(p, own=True) for p in own_files() if p.resolve() not in bundled]
    if game is not None:
        entries = [e for e in entries if e.game == game]
    return sorted(entries, key=lambda e: (e.game, KINDS.index(e.kind), e.own,
                                          e.difficulty if e.difficulty is not None else 0,
                                          e.path.name))
