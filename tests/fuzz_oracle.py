"""Fuzz cases whose right answer is known: each takes a real file of tests/fuzzing.py's seeds
(lessons, puzzles, tutorials, played records with analysis, camera views and drawings,
Glonk records with motions, and courses) and changes one thing that docs/file-format.md
either forbids (`expect == "refuse"`: loading it is a silent accept) or allows
(`expect == "accept"`: refusing it is a valid file refused). Limits are tried at the limit
(allowed) and one past it (forbidden).

`oracle_cases(seed, n)` yields `(label, bytes, expect, suffix)`; `judge(raw, suffix)` says
what the loader did ("refused" or "accepted"; anything else raises).
"""
from __future__ import annotations

import copy
import gzip
import json
import random
from pathlib import Path

from fuzzing import seeds

LONE = "\ud83d"  # written as the JSON escape \ud83d (json.dumps keeps it ASCII)


def _nodes(data):
    return data.get("nodes") if isinstance(data.get("nodes"), list) else []


def _node(data, rng, where=lambda n: True):
    found = [n for n in _nodes(data) if isinstance(n, dict) and where(n)]
    return rng.choice(found) if found else None


def _analysed(data, rng):
    return _node(data, rng, lambda n: isinstance(n.get("analysis"), dict))


def _seats(data) -> int:
    node = _analysed(data, random.Random(0))
    return len(node["analysis"]["win"]) if node else 2


# --- what the format forbids ---------------------------------------------------------------
def f_float_for_int(d, rng):
    d["format_version"] = float(d["format_version"])


def f_difficulty(d, rng):
    if "scenario" not in d or d.get("kind") != "scenario":
        return False
    d["scenario"]["difficulty"] = rng.choice([2.5, "3", True, 0, 6])


def f_unknown_node_key(d, rng):
    _node(d, rng)[rng.choice(["colour", "mark", "flick", "bogus"])] = 1


def f_unknown_scenario_key(d, rng):
    if not isinstance(d.get("scenario"), dict):
        return False
    d["scenario"]["answer"] = "42"


def f_headers_game(d, rng):
    d.setdefault("headers", {})["game"] = "chess"


def f_lone_surrogate(d, rng):
    where = rng.choice(["comment", "prompt", "player", "title"])
    if where == "player":
        d.setdefault("headers", {})["players"] = ["Ann", "B" + LONE]
    elif where == "title":
        d.setdefault("headers", {})["title"] = LONE + "title"
    else:
        _node(d, rng)[where] = "a" + LONE


def f_glyph(d, rng):
    _node(d, rng)["glyphs"] = [rng.choice(["!!!", "+", "?!?", ""])]


def f_drawing(d, rng):
    bad = rng.choice([{"kind": "circle", "at": [0, 0]},
                      {"kind": "highlight", "at": [0, 0], "colour": "purple"},
                      {"kind": "arrow", "at": [0, 0], "to": [1, 1], "width": 3},
                      {"kind": "highlight", "at": [0, 0, 0, 0, 0]}])
    _node(d, rng)["drawings"] = [bad]


def f_camera(d, rng):
    _node(d, rng)["camera"] = rng.choice([
        {"view": "side"}, {"view": "top", "seat": 1},
        {"view": "orbit", "target": [0, 0, 0], "distance": 1.0, "heading": 0, "pitch": 10},
        {"view": "orbit", "target": [0, 0, 0], "distance": 0, "heading": 0, "pitch": -45},
        {"view": "orbit", "target": [0, 0], "distance": 1.0, "heading": 0, "pitch": -45},
        {"view": "seat", "seat": 9}])


def f_created(d, rng):
    d.setdefault("headers", {})["created"] = rng.choice(["last tuesday", "2026-13-01", 20261201])


def f_physics_version(d, rng):
    if d.get("game") != "glonk":
        return False
    d.setdefault("headers", {})["physics_version"] = rng.choice([2, 3.0, None])


def f_analysis(d, rng):
    node = _analysed(d, rng)
    if node is None:
        return False
    a = node["analysis"]
    k = rng.randrange(7)
    if k == 0:
        a["win"] = [0.1] * (len(a["win"]) + 5)
    elif k == 1:
        a.update(glyph="?", loss=None)
    elif k == 2:
        a["best"] = "fly away"
    elif k == 3:
        a["samples"] = True
    elif k == 4:
        a["win"] = [1.5] + a["win"][1:]
    elif k == 5:
        a["method"] = "magic"
    else:
        a["unit"] = "gold"
    return f"analysis {k}"


def f_limit_past(d, rng):
    k = rng.randrange(7)
    if k == 0:
        _node(d, rng)["comment"] = "c" * 100_001
    elif k == 1:
        d.setdefault("headers", {})["players"] = ["A" * 201, "B"]
    elif k == 2:
        d.setdefault("headers", {})["venue"] = "v" * 10_001
    elif k == 3:
        d.setdefault("headers", {})["players"] = [f"P{i}" for i in range(65)]
    elif k == 4:
        if not isinstance(d.get("scenario"), dict):
            return False
        d["scenario"]["hints"] = ["h"] * 101
    elif k == 5:
        _node(d, rng)["drawings"] = [{"kind": "highlight", "at": [0, 0]}] * 1001
    else:
        _node(d, rng)["drawings"] = [{"kind": "highlight", "at": [rng.choice([100.5, -101, 1e6]), 0]}]
    return f"limit past {k}"


def f_glik_goal(d, rng):
    if d.get("game") != "glik" or not isinstance((d.get("scenario") or {}).get("goal"), dict):
        return False
    goal = d["scenario"]["goal"]
    k = rng.randrange(5)
    if k == 0:
        goal["count"], _ = 1.5, goal.pop("stones", None)
    elif k == 1:
        goal["count"], _ = 0, goal.pop("stones", None)
    elif k == 2:
        goal.update(count=1, stones=[[8, 9]])
    elif k == 3:
        goal.pop("player", None)
    else:
        goal.pop("count", None)
        goal["stones"] = [[99, 99]]
    return f"glik goal {k}"


def f_solution(d, rng):
    if not isinstance((d.get("scenario") or {}).get("solution"), list) or not d["scenario"]["solution"]:
        return False
    d["scenario"]["solution"] = d["scenario"]["solution"][:1] + ["jump over the moon"]


def f_verdict(d, rng):
    if not isinstance((d.get("scenario") or {}).get("verdict"), dict):
        return False
    v = d["scenario"]["verdict"]
    key, value = rng.choice([("solved", "yes"), ("cost", 1.5), ("success", 2.0), ("exact", 1)])
    v[key] = value
    return f"verdict {key}"


def f_parent(d, rng):
    nodes = _nodes(d)
    if len(nodes) < 3:
        return False
    i = rng.randrange(1, len(nodes))
    nodes[i]["parent"] = rng.choice([i, i + 5, len(nodes) + 3, -1, "0", 0.0])


def f_motion_not_a_flick(d, rng):
    if d.get("game") == "glonk":
        return False
    node = _node(d, rng, lambda n: "action" in n)
    if node is None:
        return False
    node["motion"] = "AAAA"


def f_ask(d, rng):
    node = _node(d, rng, lambda n: isinstance(n.get("ask"), dict))
    if node is None:
        return False
    ask = node["ask"]
    if rng.random() < 0.5:
        ask["hints"] = ["h"] * 11
        return "ask hints past 10"
    ask["accept"] = {**ask["accept"], "kind": "vibes"}
    return "ask kind"


def f_nan(d, rng):
    return "raw NaN"  # spliced in as text below


FORBIDDEN = [f_float_for_int, f_difficulty, f_unknown_node_key, f_unknown_scenario_key,
             f_headers_game, f_lone_surrogate, f_glyph, f_drawing, f_camera, f_created,
             f_physics_version, f_analysis, f_limit_past, f_glik_goal, f_solution, f_verdict,
             f_parent, f_motion_not_a_flick, f_ask, f_nan]


# --- what the format allows ----------------------------------------------------------------
def a_text(d, rng):
    text = rng.choice(["😀 ok", "漢字とかな", "שלום עולם", "a\u0301 combining", "tab\there",
                       "line\nbreak", "c" * 100_000, '"quoted" \\ back'])
    _node(d, rng)[rng.choice(["comment", "prompt"])] = text
    return "text"


def a_names(d, rng):
    k = rng.randrange(3)
    h = d.setdefault("headers", {})
    if k == 0:
        h["players"] = ["A" * 200, "B😀"]
    elif k == 1:
        h["players"] = [f"P{i}" for i in range(64)]
    else:
        h["venue"] = "v" * 10_000
        h["round"] = 3
        h["rated"] = False
    return f"names {k}"


def a_hints(d, rng):
    if not isinstance(d.get("scenario"), dict) or d.get("kind") != "scenario":
        return False
    d["scenario"]["hints"] = [f"hint {i}" for i in range(100)]


def a_drawings(d, rng):
    node = _node(d, rng)
    if rng.random() < 0.5:
        node["drawings"] = [{"kind": "highlight", "at": [0, 0], "colour": "blue"}] * 1000
        return "1000 drawings"
    node["drawings"] = [{"kind": "arrow", "at": [0, 0], "to": [1, 1], "colour": c}
                        for c in ("green", "red", "blue", "yellow")]
    return "arrows"


def a_glyphs(d, rng):
    _node(d, rng)["glyphs"] = rng.sample(["!", "?", "!!", "??", "!?", "?!"], rng.randint(1, 6))


def a_camera(d, rng):
    _node(d, rng)["camera"] = rng.choice([
        {"view": "top"}, {"view": "seat"}, {"view": "seat", "seat": 0},  # (a solo game has no seat 1)
        {"view": "orbit", "target": [0.5, -0.25, 0], "distance": 2.0, "heading": 359.5, "pitch": -90},
        {"view": "orbit", "target": [0, 0, 0], "distance": 0.01, "heading": -30, "pitch": 0},
        {"preset": "top"}])  # the old format, migrated on load


def a_created(d, rng):
    d.setdefault("headers", {})["created"] = rng.choice([None, "2026-12-01T10:10:46+00:00",
                                                         "2026-12-01", "2026-12-01T10:10:46.123456"])


def a_analysis(d, rng):
    node = _analysed(d, rng)
    if node is None:
        return False
    a = node["analysis"]
    a.update(rng.choice([{"win_error": None}, {"method": "solver"}, {"luck": -0.25},
                         {"unit": "points"}, {"samples": 0}, {"alternative": True}]))
    return "analysis"


def a_gzip(d, rng):
    return "gzip"  # written compressed below


ALLOWED = [a_text, a_names, a_hints, a_drawings, a_glyphs, a_camera, a_created, a_analysis,
           a_gzip]


# --- courses -------------------------------------------------------------------------------
def _course_seeds() -> list[tuple[str, bytes]]:
    root = Path(__file__).resolve().parents[1] / "scenarios" / "courses"
    return [(p.name, p.read_bytes()) for p in sorted(root.glob("*.course"))]


def course_case(data: dict, rng: random.Random) -> tuple[str, str]:
    k = rng.randrange(8)
    if k == 0:
        data["title"] = "T" * 201
        return "course title past 200", "refuse"
    if k == 1:
        data["chapters"] = []
        return "course without chapters", "refuse"
    if k == 2:
        data["chapters"][0]["thumbnail"] = "bm90IGEgcG5n"  # "not a png"
        return "course thumbnail not a PNG", "refuse"
    if k == 3:
        data["course_version"] = 2
        return "course version 2", "refuse"
    if k == 4:
        data["chapters"][0]["record"]["nodes"][0]["glyphs"] = ["!!!"]
        return "course chapter with a bad glyph", "refuse"
    if k == 5:
        data["title"] = "T" * 200
        return "course title of 200", "accept"
    if k == 6:
        data["chapters"][0]["thumbnail"] = None
        return "course thumbnail null", "accept"
    data["description"] = "d" * 10_000
    return "course description of 10,000", "accept"


def oracle_cases(seed: int, n: int):
    """`n` cases of known answer, the same ones for the same seed."""
    rng = random.Random(seed)
    base = [(name, json.loads(raw)) for name, raw in seeds()]
    courses = [(name, json.loads(raw)) for name, raw in _course_seeds()]
    k = 0
    while k < n:
        if courses and rng.random() < 0.05:
            name, original = rng.choice(courses)
            data = copy.deepcopy(original)
            what, expect = course_case(data, rng)
            k += 1
            yield f"{name}#{k} {what}", json.dumps(data).encode(), expect, ".course"
            continue
        name, original = rng.choice(base)
        data = copy.deepcopy(original)
        forbid = rng.random() < 0.5
        kind = rng.choice(FORBIDDEN if forbid else ALLOWED)
        said = kind(data, rng)
        if said is False:
            continue  # does not apply to this file
        label = f"{name}#{k} {kind.__name__}" + (f" ({said})" if isinstance(said, str) else "")
        text = json.dumps(data, indent=1)
        if kind is f_nan:
            text = text.replace('"format_version": ', '"format_version": NaN, "x": ', 1) \
                if rng.random() < 0.3 else text.replace('"nodes": [', '"nodes": [1e400, ', 1)
        raw = text.encode("utf-8")
        if kind is a_gzip:
            raw = gzip.compress(raw, mtime=0)
        k += 1
        yield label, raw, "refuse" if forbid else "accept", ".flick"


def judge(raw: bytes, suffix: str, folder: Path, name: str = "oracle") -> str:
    """'refused' or 'accepted' by the loader (a record, or a course); anything else raises."""
    from timeline import RecordFileError, dumps, loads

    if suffix == ".course":
        from scenarios.courses import CourseFileError, load_course

        path = Path(folder) / f"{name}.course"
        path.write_bytes(raw)
        try:
            load_course(path)
        except (CourseFileError, RecordFileError):
            return "refused"
        return "accepted"
    try:
        record = loads(raw, name)
    except RecordFileError:
        return "refused"
    first = dumps(record)
    assert dumps(loads(first, name + " (saved again)")) == first, f"{name}: not the same bytes again"
    return "accepted"
