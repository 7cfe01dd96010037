"""The known-answer set of hostile files of every kind (issue 38), each with the command that
reads it and what it must do: be refused in one line that holds these words, or be accepted.

`cases(folder)` writes every file into `folder` and yields `Case`s; `outcome(case, home)` runs
the real command line (flickbook_cli.main, in this process) and says what it did: "refused"
(exit 2, one line), "accepted" (exit 0), "traceback" (an exception escaped) or "other".
"""
from __future__ import annotations

import contextlib
import io
import json
import math
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEEP = "[" * 3000 + "]" * 3000  # 6 KB nested 3,000 deep


@dataclass
class Case:
    kind: str
    label: str
    argv: list[str]
    expect: str  # "refuse" or "accept"
    words: tuple[str, ...] = ()
    setup: object = None  # fn(home) run before, for the data folder's files
    extra: dict = field(default_factory=dict)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def _glonk_table(folder: Path) -> Path:
    """A Glonk position with P1 (the side to move) and V1 (the other side's) in play."""
    from games.glonk.positions import position
    from timeline import Record, save_record

    state = position(["space_pirates", "invaders"], {"BH": (0.0, 0.0), "P1": (0.4, 0.0),
                                                     "V1": (-0.4, 0.0)}, asteroids=0)
    record = Record("glonk", dict(state.config.to_json()), start_state_json=state.to_json())
    return save_record(record, folder / "table.flick")


def _export(**change) -> dict:
    data = {"format": "flickbook-progress", "version": 1, "student": "Ann",
            "exported": "2026-12-01T10:00:00+00:00",
            "items": [{"item_id": "abc", "title": "First touch", "game": "glik", "kind": "puzzle",
                       "path": "x.flick"}],
            "attempts": [{"item_id": "abc", "at": "2026-12-01T09:00:00+00:00", "solved": True,
                          "seconds": 12.5}]}
    for key, value in change.items():
        where, _, inner = key.partition("__")
        if inner:
            data[where][0][inner] = value
        else:
            data[where] = value
    return data


def _hand(**change) -> dict:
    data = {"format": "flickbook-hand", "version": 1, "name": "Alice",
            "skill": {"name": "alice", "angle_sd": 2.0, "speed_sd": 0.05, "spin_sd": 1.0},
            "flicks": 40, "angle_bounds": [1.6, 2.6], "speed_bounds": [0.04, 0.065],
            "angle_bias": 0.1, "speed_bias": 0.0}
    for key, value in change.items():
        where, _, inner = key.partition("__")
        if inner:
            data[where][inner] = value
        else:
            data[where] = value
    return data


def _hand_setup(text: str):
    def setup(home: Path) -> None:
        (home / "hands").mkdir(parents=True, exist_ok=True)
        (home / "hands" / "alice.json").write_text(text, encoding="utf-8")
    return setup


def _database(statement: str | None):
    def setup(home: Path) -> None:
        from analysis.lessons.progress import Item, Progress

        home.mkdir(parents=True, exist_ok=True)
        with Progress(home / "progress.sqlite") as db:
            db.record_attempt(Item("abc", "First touch", "glik", "puzzle", "x.flick"), False, 3.0)
        if statement:
            con = sqlite3.connect(home / "progress.sqlite")
            con.execute(statement)
            con.commit()
            con.close()
    return setup


def cases(folder: Path) -> list[Case]:
    folder = Path(folder)
    out: list[Case] = []

    # --- courses: check X.course
    course = _text(ROOT / "scenarios" / "courses" / "glik.course")
    data = json.loads(course)
    title = json.dumps(data["title"])
    for label, text, words in (
            ("lone surrogate in the title", course.replace(title, '"a\\ud800b"', 1), ("lone surrogate",)),
            ("lone surrogate in the description",
             course.replace('"description": ', '"description": "\\udc00", "x_": ', 1)
             if '"description": ' in course else None, ("lone surrogate",)),
            ("a key given twice at the top", course.replace("{", '{"title": "x", ', 1), ("twice",)),
            ("a key given twice inside a chapter's record",
             course.replace('"format": "flickbook",', '"format": "flickbook", "format": "flickbook",', 1),
             ("twice",)),
            ("nested 3,000 deep", '{"format": "flickbook-course", "x": ' + DEEP + "}", ("nested",)),
            ("not JSON", "a shopping list", ("not a course file",)),
            ("NaN in a chapter", course.replace('"format": "flickbook",', '"format": "flickbook", "x": NaN,', 1),
             ("NaN",)),
    ):
        if text is not None:
            out.append(Case("course", label, ["check", str(_write(folder, f"c{len(out)}.course", text))],
                            "refuse", words))
    out.append(Case("course", "a bundled course", ["check", str(ROOT / "scenarios" / "courses" / "glik.course")],
                    "accept"))

    # --- progress exports: progress show X
    for label, value, words in (
            ("version true", _export(version=True), ("version",)),
            ("solved \"true\"", _export(attempts__solved="true"), ("solved",)),
            ("seconds NaN", json.dumps(_export()).replace("12.5", "NaN"), ("NaN",)),
            ("seconds -1e308", _export(attempts__seconds=-1e308), ("seconds",)),
            ("an item id that is a list", _export(items__item_id=["a"]), ("item_id",)),
            ("repeated keys", json.dumps(_export()).replace('"student": "Ann"', '"student": "Ann", "student": "Bob"'),
             ("twice",)),
            ("an unknown key", _export(teacher="Mr X"), ("unknown key",)),
            ("lone surrogate in the student", json.dumps(_export()).replace('"Ann"', '"\\ud800"'), ("lone surrogate",)),
            ("lone surrogate in a title", json.dumps(_export()).replace('"First touch"', '"\\udfff"'),
             ("lone surrogate",)),
            ("nested 3,000 deep", '{"format": "flickbook-progress", "items": ' + DEEP + "}", ("nested",)),
            ("a list", "[1, 2]", ("not a progress file",)),
    ):
        text = value if isinstance(value, str) else json.dumps(value)
        out.append(Case("progress export", label, ["progress", "show", str(_write(folder, f"p{len(out)}.progress", text))],
                        "refuse", words))
    out.append(Case("progress export", "a student's export",
                    ["progress", "show", str(_write(folder, "good.progress", json.dumps(_export())))], "accept"))

    # --- observations: infer table.flick --observation X
    table = str(_glonk_table(folder))
    good = {"piece": "P1", "moved": {"P1": [0.2, 0.1]}, "removed": []}
    for label, text, words in (
            ("a resting place of Infinity", json.dumps(good).replace("0.2", "Infinity"), ("Infinity",)),
            ("a resting place of 1e308", json.dumps(good).replace("0.2", "1e308"), ("moved",)),
            ("numbers given as text", json.dumps(good).replace("0.2", '"0.2"'), ("moved",)),
            ("a disc of the side not to move", json.dumps({**good, "piece": "V1", "moved": {"V1": [0.1, 0.1]}}),
             ("side to move",)),
            ("moved a list", json.dumps({**good, "moved": [[0.2, 0.1]]}), ("moved",)),
            ("moved null", json.dumps({**good, "moved": None}), ("moved",)),
            ("nested 3,000 deep", '{"piece": "P1", "moved": ' + DEEP + "}", ("nested",)),
            ("repeated keys", '{"piece": "P1", "piece": "V1", "moved": {}}', ("twice",)),
            ("an unknown key", json.dumps({**good, "spin": 3}), ("unknown key",)),
    ):
        out.append(Case("observation", label, ["infer", table, "--observation",
                                               str(_write(folder, f"o{len(out)}.json", text))], "refuse", words))

    # --- hands: explore table.flick --skill alice
    explore = ["explore", table, "--piece", "P1", "--angle", "0", "--speed", "0.5", "--samples", "2",
               "--executor", "inprocess", "--skill", "alice"]
    for label, text, words in (
            ("angle_sd -5", json.dumps(_hand(skill__angle_sd=-5)), ("angle_sd",)),
            ("speed_sd 1e300", json.dumps(_hand(skill__speed_sd=1e300)), ("speed_sd",)),
            ("angle_sd \"2.0\"", json.dumps(_hand(skill__angle_sd="2.0")), ("angle_sd",)),
            ("flicks 2.7", json.dumps(_hand(flicks=2.7)), ("flicks",)),
            ("version true", json.dumps(_hand(version=True)), ("hand file",)),
            ("a list", "[1, 2]", ("hand file",)),
            ("a string", '"alice"', ("hand file",)),
            ("nested 3,000 deep", '{"format": "flickbook-hand", "skill": ' + DEEP + "}", ("nested",)),
            ("repeated keys", json.dumps(_hand()).replace('"flicks": 40', '"flicks": 40, "flicks": 41'), ("twice",)),
    ):
        out.append(Case("hand", label, explore, "refuse", words, setup=_hand_setup(text)))
    out.append(Case("hand", "a saved hand", explore, "accept", setup=_hand_setup(json.dumps(_hand()))))

    # --- direction in records and logged records: check X.flick
    directed = json.loads(_text(ROOT / "scenarios" / "demo" / "glik-directed.flick"))

    def direction_case(label, change, words):
        data = json.loads(json.dumps(directed))
        change(data)
        out.append(Case("direction", label, ["check", str(_write(folder, f"d{len(out)}.flick", json.dumps(data)))],
                        "refuse", words))

    direction_case("a camera keyframe whose path names no node",
                   lambda d: d["direction"]["camera"][0]["at"].update(path=[7, 7]), ("names no node",))
    direction_case("a path 100,000 long",
                   lambda d: d["direction"]["camera"][0]["at"].update(path=[0] * 100_000), ("names no node",))
    direction_case("a note anchored to a disc that does not exist",
                   lambda d: d["direction"]["notes"][0].update(anchor={"disc": "Q9"}), ("not on the table",))
    direction_case("headers.logged 5", lambda d: d["headers"].update(logged=5), ("logged",))
    direction_case("headers.logged \"kitchen\"", lambda d: d["headers"].update(logged="kitchen"), ("logged",))
    out.append(Case("direction", "a directed tutorial",
                    ["check", str(ROOT / "scenarios" / "demo" / "glik-directed.flick")], "accept"))

    # --- records: check, info, solve
    text = _text(ROOT / "scenarios" / "demo" / "glik-directed.flick")
    deep_parent = text.replace('"parent": 0', '"parent": ' + "[" * 2000 + "]" * 2000, 1)
    assert deep_parent != text
    path = str(_write(folder, "deep-parent.flick", deep_parent))
    for command in ("check", "info", "solve"):
        out.append(Case("record", f"a parent 2,000 deep ({command})", [command, path], "refuse", ("bad parent",)))
    grendizer = json.loads(_text(ROOT / "scenarios" / "grendizer" / "01-last-hit-point.flick"))
    for label, order in (("a Grendizer goal order of text", {"actions": "abc"}),
                         ("a Grendizer goal order of numbers", {"piles": [1, 2, 3, 4]})):
        data = json.loads(json.dumps(grendizer))
        data["scenario"]["goal"]["order"] = order
        out.append(Case("record", label, ["check", str(_write(folder, f"r{len(out)}.flick", json.dumps(data)))],
                        "refuse", ("order",)))
    glik = json.loads(_text(ROOT / "scenarios" / "glik" / "01-first-touch.flick"))
    glik["nodes"][0]["drawings"] = [{"kind": "highlight", "at": [1, 2, 3, 4], "colour": "green"}]
    out.append(Case("record", "a drawing point of 4 numbers",
                    ["check", str(_write(folder, "drawing.flick", json.dumps(glik)))], "refuse", ("drawings",)))
    glonk = json.loads(_text(Path(table)))
    glonk["start"]["first_player"] = 0.0
    out.append(Case("record", "start.first_player a float",
                    ["check", str(_write(folder, "first.flick", json.dumps(glonk)))], "refuse", ("first_player",)))

    # --- the progress database: progress due | export
    for label, statement, words in (
            ("a dropped table", "DROP TABLE cards", ("damaged",)),
            ("a due that is not a date", "UPDATE cards SET due = '0000-kitchen'", ("damaged",)),
            ("user_version -5", "PRAGMA user_version = -5", ("damaged",)),
            ("a newer database", "PRAGMA user_version = 9", ("newer",)),
    ):
        out.append(Case("progress database", f"{label} (due)", ["progress", "due"], "refuse", words,
                        setup=_database(statement)))
        if "date" not in label:  # an export holds no due dates
            out.append(Case("progress database", f"{label} (export)",
                            ["progress", "export", str(folder / "out.progress")], "refuse", words,
                            setup=_database(statement)))
    out.append(Case("progress database", "a well database (due)", ["progress", "due"], "accept",
                    setup=_database(None)))
    return out


def outcome(case: Case, home: Path) -> tuple[str, str]:
    """(what the command did, its stderr) with the data folder `home`."""
    import traceback

    from flickbook_cli import main

    home.mkdir(parents=True, exist_ok=True)
    old = os.environ.get("FLICKBOOK_HOME")
    os.environ["FLICKBOOK_HOME"] = str(home)
    err, out = io.StringIO(), io.StringIO()
    try:
        if case.setup is not None:
            case.setup(home)
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                rc = main(list(case.argv))
            except SystemExit as exc:
                rc = exc.code
            except BaseException:  # noqa: BLE001 - what escapes is what a user would see
                return "traceback", traceback.format_exc(limit=-3)
    finally:
        if old is None:
            os.environ.pop("FLICKBOOK_HOME", None)
        else:
            os.environ["FLICKBOOK_HOME"] = old
    text = err.getvalue()
    lines = text.strip().splitlines()
    if "Traceback" in text:
        return "traceback", text
    if rc == 2 and len(lines) == 1 and lines[0].startswith("flickbook: "):
        return "refused", lines[0]
    if rc == 0:
        return "accepted", text
    return "other", f"rc {rc}: {text}"


def table(folder: Path) -> list[tuple[Case, str, str]]:
    """Every case run: (case, what it did, its line)."""
    rows = []
    for i, case in enumerate(cases(folder)):
        got, line = outcome(case, folder / f"home{i}")
        rows.append((case, got, line))
    return rows


if __name__ == "__main__":  # the table as the note gives it: python tests/known_files.py DIR
    import sys
    from collections import Counter

    sys.path.insert(0, os.environ.get("FLICKBOOK_ROOT", str(ROOT)))  # the code measured
    rows = table(Path(sys.argv[1]))
    counts = Counter()
    for case, got, line in rows:
        if got == "traceback":
            verdict = "TRACEBACK"
        elif case.expect == "refuse" and got == "accepted":
            verdict = "SILENT ACCEPT"
        elif case.expect == "refuse" and got == "refused" and all(w in line for w in case.words):
            verdict = "ok"
        elif case.expect == "accept" and got == "accepted":
            verdict = "ok"
        else:
            verdict = f"WRONG ({got})"
        counts[case.kind, verdict] += 1
        print(f"{case.kind:18} | {case.label:48} | {got:9} | {verdict} | {line.strip().splitlines()[-1][:110] if line.strip() else ''}")
    print()
    for (kind, verdict), n in sorted(counts.items()):
        print(f"{kind:18} {verdict:16} {n}")
