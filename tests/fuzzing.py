"""A seeded mutator of `.flick` files, as SQLite's and python-chess's testers fuzz their formats.

`cases(seed, n)` yields `(label, bytes)`: real records and scenarios of all three games, then
mutated at the JSON level (a value swapped for a hostile one, a key dropped or added or
repeated, nodes reordered, motions swapped or edited) and at the byte level (truncated, bytes
flipped, gzip damaged or made a bomb). `run_case` says what the loader did with one of them.
"""
from __future__ import annotations

import base64
import copy
import dataclasses
import gzip
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HOSTILE = [None, True, False, 0, -1, 1, 2, 3, 9, 99, 2 ** 63, -2 ** 70, 0.5, 2.5, -0.0, 1e308,
           "", "false", "true", "3", "x", "pass", "end_turn", "flick", "\u0000", "\udcff",
           "é" * 50, [], {}, [1, 2], ["!"], {"a": 1}, [[0, 0]], {"kind": "arrow"},
           {"preset": "top"}, {"target": [0, 0, 0], "distance": 1, "heading": 0, "pitch": -50}]
#: Texts that JSON parsers take but the format forbids, spliced in as raw JSON.
RAW_HOSTILE = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "9" * 5000, "[" * 3000 + "]" * 3000,
               "[" * 40 + "]" * 40, '{"a": 1, "a": 2}', "1.0", "01",
               # lone surrogates: only a JSON escape carries one past UTF-8 decoding
               '"\\ud83d"', '"a\\udc00b"', '"\\ud83d\\ude00"']


def _hostile(rng: random.Random):
    return copy.deepcopy(rng.choice(HOSTILE))  # a fresh copy: later mutations must not leak


def seeds() -> list[tuple[str, bytes]]:
    """Real files of every game and kind, small enough to load in milliseconds."""
    import numpy as np

    from games.api import random_action
    from timeline import Drawing, Record, Session, dumps

    out = []
    for path in sorted((ROOT / "scenarios").rglob("*.flick")):
        if "demo" not in path.parts:
            out.append((path.name, path.read_bytes()))
    for game, actions in (("glik", 40), ("grendizer", 40), ("glonk", 12)):
        rng = np.random.default_rng(7)
        session = Session(Record.new(game, headers={"players": ["Ann", "Bob"], "seed": 7}))
        for _ in range(actions):
            g, state = session.game, session.state
            if g.is_terminal(state):
                break
            choices = [a for a in g.legal_actions(state) if not str(a).startswith(("flick", "fission"))]
            if not choices:
                break
            session.play(choices[int(rng.integers(len(choices)))] if g.current_player(state) >= 0
                         else random_action(g, state, rng))
        _analyse(session.record)
        session.set_comment("a note")
        session.toggle_glyph("!?")
        session.add_drawing(Drawing("highlight", (0, 0), None, "red"))
        session.set_camera({"target": [0.0, 0.0, 0.0], "distance": 1.5, "heading": 10.0,
                            "pitch": -60.0})
        out.append((f"{game}-played", dumps(session.record)))
    return out


def _analyse(record) -> None:
    """What `flickbook analyse` writes on a main line (figures made up, shapes real): a win
    chance per seat everywhere, and on decisions a loss, its glyph and a better move."""
    try:
        from timeline.analysis_field import seat_count
    except ImportError:  # code from before issue 28 (FUZZ_CODE) has it in analysis
        from analysis.rollouts import seat_count

    line = record.mainline()
    for i, node in enumerate(line):
        seats = seat_count(node.state)
        entry = {"version": 1, "win": [round(1.0 / seats, 3)] * seats, "win_error": 0.1,
                 "method": "rollouts", "samples": 20, "unit": "win", "loss": None,
                 "luck": None, "best": None, "glyph": None, "alternative": False}
        if i and record.game.current_player(line[i - 1].state) >= 0:
            others = [a for a in record.game.legal_actions(line[i - 1].state)
                      if str(a) != node.action_text and not str(a).startswith("flick")]
            if others and i % 3 == 0:
                entry.update(loss=0.2, best=str(others[0]), glyph="?")
            else:
                entry["loss"] = 0.0
        node.analysis = entry


def _paths(value, prefix=()):
    """Every place in a JSON value (without recursion, the values may be deep)."""
    stack = [(value, prefix)]
    while stack:
        v, p = stack.pop()
        yield p
        if isinstance(v, dict):
            stack.extend((x, p + (k,)) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, p + (i,)) for i, x in enumerate(v))


def _get(data, path):
    for k in path:
        data = data[k]
    return data


def _set(data, path, value):
    _get(data, path[:-1])[path[-1]] = value


def _mutate_json(data, rng: random.Random) -> bytes:
    places = [p for p in _paths(data) if p]
    choice = rng.random()
    path = rng.choice(places)
    parent = _get(data, path[:-1])
    marker = "\u0007MARK\u0007"
    global last_mutation
    last_mutation = f"{choice:.2f} at {path}"
    if choice < 0.40:
        _set(data, path, _hostile(rng))
        last_mutation += f" = {_get(data, path)!r}"[:80]
    elif choice < 0.55:
        _set(data, path, marker)  # replaced by raw text below
    elif choice < 0.65 and isinstance(parent, dict):
        del parent[path[-1]]
    elif choice < 0.72 and isinstance(parent, dict):
        parent[rng.choice(["bogus", "parent", "motion", "action", "game", "start", "chain_any"])] = \
            _hostile(rng)
    elif choice < 0.80:
        nodes = data.get("nodes")
        if isinstance(nodes, list) and len(nodes) > 2:
            i, j = rng.sample(range(1, len(nodes)), 2)
            if rng.random() < 0.5 and "motion" in nodes[i] and "motion" in nodes[j]:
                nodes[i]["motion"], nodes[j]["motion"] = nodes[j]["motion"], nodes[i]["motion"]
            else:
                nodes[i], nodes[j] = nodes[j], nodes[i]
    elif choice < 0.90:
        _edit_motion(data, rng)
    else:
        value = _get(data, path)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            _set(data, path, rng.choice([value + 1, value - 1, value * 10, -value, value + 0.5]))
        elif isinstance(value, str) and value:
            i = rng.randrange(len(value))
            _set(data, path, value[:i] + rng.choice("0123456789 ;=-x") + value[i + 1:])
        elif isinstance(value, list) and value:
            value.append(value[0])
    text = json.dumps(data, indent=1)
    if marker in text:
        text = text.replace(json.dumps(marker), rng.choice(RAW_HOSTILE), 1)
    if rng.random() < 0.05:  # a repeated key at the top: "format": "chess", "format": ...
        text = text.replace("{", '{"format": "chess", ', 1)
    return text.encode("utf-8", "surrogatepass")


def _edit_motion(data, rng: random.Random) -> None:
    """Decode a stored motion, change what a cheater would (piece, resting place, start, a
    frame) and encode it again, so that only the loader's agreement checks can tell."""
    from physics import Motion

    nodes = [n for n in data.get("nodes", []) if isinstance(n, dict) and isinstance(n.get("motion"), str)]
    if not nodes:
        return
    node = rng.choice(nodes)
    try:
        motion = Motion.from_bytes(base64.b64decode(node["motion"]))
    except ValueError:
        return
    kind = rng.randrange(4)
    if kind == 0 and len(motion.ids) > 1:
        motion = dataclasses.replace(motion, piece=rng.choice([i for i in motion.ids if i != motion.piece]))
    elif kind == 1 and motion.final:
        i = rng.randrange(len(motion.final))
        final = list(motion.final)
        final[i] = final[i].moved(final[i].x + 0.5, final[i].y)
        motion = dataclasses.replace(motion, final=tuple(final))
    elif kind == 2:
        poses = motion.poses.copy()
        poses[:, rng.randrange(len(motion.ids)), 0] += 0.3
        motion = dataclasses.replace(motion, poses=poses)
    else:
        poses = motion.poses.copy()
        poses[len(poses) // 2, rng.randrange(len(motion.ids)), 3:] = 0.0
        motion = dataclasses.replace(motion, poses=poses)
    node["motion"] = base64.b64encode(motion.to_bytes()).decode("ascii")


def _mutate_bytes(raw: bytes, rng: random.Random, bombs: bool = True) -> bytes:
    choice = rng.random()
    if choice < 0.25:
        return raw[:rng.randrange(len(raw))]
    if choice < 0.50:
        b = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if choice < 0.65:
        packed = gzip.compress(raw, mtime=0)
        return packed[:rng.randrange(10, len(packed))]
    if choice < 0.75:
        b = bytearray(gzip.compress(raw, mtime=0))
        b[rng.randrange(10, len(b))] ^= 1 << rng.randrange(8)
        return bytes(b)
    if choice < 0.80:  # a bomb: a small file that inflates past the limit
        forged = rng.random() < 0.5
        return _gzip_bomb(forged=forged) if bombs else raw[:-2]
    i = rng.randrange(len(raw))
    return raw[:i] + rng.choice([b"\xff", b"\x00", b"}", b"]", b",", b'"', b"\\"]) + raw[i:]


_BOMB: bytes | None = None
last_mutation = ""


def _gzip_bomb(forged: bool = False) -> bytes:
    """About 300 KB of gzip that inflates to 300 MB (past the 256 MB limit); `forged` has a
    trailer that claims 1 KB, so only inflating it can tell."""
    if forged:
        return _gzip_bomb()[:-4] + (1024).to_bytes(4, "little")
    global _BOMB
    if _BOMB is None:
        import zlib

        packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        head = b'{"format": "flickbook", "format_version": 2, "pad": "'
        parts = [packer.compress(head)]
        block = b" " * (1 << 20)
        for _ in range(300):
            parts.append(packer.compress(block))
        parts.append(packer.compress(b'"}'))
        parts.append(packer.flush())
        _BOMB = b"".join(parts)
    return _BOMB


def cases(seed: int, n: int, bombs: bool = True):
    """`n` mutated files, the same ones for the same seed."""
    rng = random.Random(seed)
    base = seeds()
    for k in range(n):
        name, raw = rng.choice(base)
        if rng.random() < 0.7:
            data = json.loads(raw)
            out = _mutate_json(data, rng)
            if rng.random() < 0.1:
                out = _mutate_bytes(out, rng, bombs)
        else:
            out = _mutate_bytes(raw, rng, bombs)
        yield f"{name}#{k}", out


def run_case(raw: bytes, name: str = "<fuzz>") -> str:
    """'refused' or 'accepted' (after checking the round trip); anything else raises."""
    from timeline import RecordFileError, dumps, loads

    try:
        record = loads(raw, name)
    except RecordFileError:
        return "refused"
    first = dumps(record)
    again = dumps(loads(first, name + " (saved again)"))
    assert again == first, f"{name}: saving the loaded record again gives other bytes"
    from flickbook_cli import record_info

    json.dumps(record_info(record), allow_nan=False)  # what `flickbook info --json` prints
    return "accepted"


#: What `run_commands` runs on each file, as a user would type it.
COMMANDS = (("info",), ("info", "--readable"), ("info", "--json"), ("check",))


def run_commands(raw: bytes, folder: Path, name: str = "case.flick",
                 solve_flicks: bool = False) -> list[int]:
    """Each of COMMANDS on the file, in this process, printing to strict UTF-8 streams (as a
    terminal's are): their exit statuses. A traceback, anything `flickbook` lets escape, or
    text a terminal cannot print raises here. Scenarios with a goal are solved too: Glik's
    whole (the solver is fast), Grendizer's one turn deep; Glonk's (seconds of simulated
    flicks each) only with `solve_flicks`, one turn deep with 2 samples. A course is checked."""
    import contextlib
    import io

    import flickbook_cli

    path = Path(folder) / name
    path.write_bytes(raw)
    commands = list(COMMANDS) if not name.endswith(".course") else [("check",)]
    if b'"goal"' in raw and not name.endswith(".course"):
        if b'"glik"' in raw:
            commands.append(("solve",))
        elif b'"grendizer"' in raw:
            commands.append(("solve", "--max-turns", "1", "--samples", "5"))
        elif solve_flicks:
            commands.append(("solve", "--max-turns", "1", "--samples", "2"))
    statuses = []
    for command in commands:
        out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
        err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = flickbook_cli.main([*command, str(path)])
            out.flush()
            err.flush()
        statuses.append(status)
    return statuses
