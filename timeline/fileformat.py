"""The `.flick` file format: versioned JSON (optionally gzip) for records and scenarios.

Nodes are stored as a flat pre-order list with parent indices, so a record of any depth
loads without recursion. Loading replays and validates every action; anything wrong gives a
`RecordFileError` that names the file, the place and the problem. Writes are atomic.
See docs/file-format.md.
"""
from __future__ import annotations

import base64
import gzip
import json
import os
import re
import tempfile
import zlib
from pathlib import Path
from typing import Any, Callable

from flickbook import __version__
from games.api import IllegalAction
from games.registry import get_game
from timeline.analysis_field import read_analysis
from timeline.record import GLYPHS, Drawing, Node, Record
from timeline.views import read_view

FORMAT_NAME = "flickbook"
FORMAT_VERSION = 2
EXTENSION = ".flick"
GZIP_MAGIC = b"\x1f\x8b"


class RecordFileError(Exception):
    """A record or scenario file that cannot be read: the message says what and where."""


# --- writing --------------------------------------------------------------------------------
def record_to_json(record: Record) -> dict:
    nodes = []
    index_of: dict[int, int] = {}
    for node in record.nodes():
        index_of[id(node)] = len(nodes)
        entry: dict[str, Any] = {}
        if node.parent is not None:
            entry["parent"] = index_of[id(node.parent)]
            entry["action"] = node.action_text
        if node.comment:
            entry["comment"] = node.comment
        if node.glyphs:
            entry["glyphs"] = list(node.glyphs)
        if node.drawings:
            entry["drawings"] = [d.to_json() for d in node.drawings]
        if node.camera is not None:
            entry["camera"] = node.camera
        if node.prompt:
            entry["prompt"] = node.prompt
        if node.analysis is not None:
            entry["analysis"] = node.analysis
        motion = node.stored_motion if node.stored_motion is not None else (
            node.motion if node.parent is not None else None)
        if motion is not None:
            entry["motion"] = base64.b64encode(motion.to_bytes()).decode("ascii")
        nodes.append(entry)
    data = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "kind": record.kind,
        "game": record.game.name,
        "config": record.config,
        "headers": {**record.headers, "written_by": f"flickbook {__version__}"},
        "nodes": nodes,
    }
    if record.start_state_json is not None:
        data["start"] = record.start_state_json
    if record.scenario is not None:
        data["scenario"] = record.scenario
    return data


def dumps(record: Record) -> bytes:
    """The file's bytes (uncompressed); stable key order so equal records give equal bytes."""
    return (json.dumps(record_to_json(record), indent=1, sort_keys=True) + "\n").encode("utf-8")


def save_record(record: Record, path: str | os.PathLike, *, compress: bool | None = None) -> Path:
    """Write atomically: a temporary file in the same folder, flushed, then renamed over `path`.

    `compress` defaults to gzip when the name ends in `.gz`.
    """
    path = Path(path)
    if compress is None:
        compress = path.suffix == ".gz"
    payload = dumps(record)
    if compress:
        payload = gzip.compress(payload, mtime=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


# --- migrations -----------------------------------------------------------------------------
def _migrate_1_to_2(data: dict) -> dict:
    """Version 1 (pre-release) nested the tree as {"action", "children": [...]}; 2 is flat."""
    root = data.pop("tree", None)
    if not isinstance(root, dict):
        raise ValueError("version 1 file without a 'tree' object")
    nodes: list[dict] = []
    stack: list[tuple[dict, int | None]] = [(root, None)]
    while stack:
        item, parent = stack.pop()
        if not isinstance(item, dict):
            raise ValueError(f"node {len(nodes)} is not an object")
        entry = {k: v for k, v in item.items() if k != "children"}
        if parent is not None:
            entry["parent"] = parent
        index = len(nodes)
        nodes.append(entry)
        children = item.get("children", [])
        if not isinstance(children, list):
            raise ValueError(f"node {index}: 'children' is not a list")
        stack.extend((child, index) for child in reversed(children))
    data["nodes"] = nodes
    data["format_version"] = 2
    return data


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _migrate_1_to_2}


# --- reading --------------------------------------------------------------------------------
def read_json(path: str | os.PathLike) -> dict:
    """The decoded, migrated JSON object of a file, or RecordFileError."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RecordFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordFileError(f"{path}: is a folder, not a record file") from None
    except OSError as exc:
        raise RecordFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return parse_bytes(raw, str(path))


#: Every record says `"format": "flickbook"` (near its start: keys are written sorted); damaged
#: JSON that has it is a damaged record, other text is some other file.
_RECORD_MARK = re.compile(r'"format"\s*:\s*"' + FORMAT_NAME + '"')


def parse_bytes(raw: bytes, name: str = "<data>") -> dict:
    if raw.startswith(GZIP_MAGIC):
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as exc:
            raise RecordFileError(f"{name}: damaged gzip data ({exc})") from None
    if not raw.strip():
        raise RecordFileError(f"{name}: the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordFileError(f"{name}: not a Flickbook file (not UTF-8 text at byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if not _RECORD_MARK.search(text):  # text, but nothing in it says it is a record
            raise RecordFileError(f"{name}: not a Flickbook file (it is not a record's JSON)") from None
        at_end = exc.pos >= len(text.rstrip()) - 1
        open_string = exc.msg.startswith("Unterminated string") and '"' not in text[exc.pos + 1:]
        hint = " (the file looks truncated)" if at_end or open_string else ""
        raise RecordFileError(
            f"{name}: damaged JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise RecordFileError(f"{name}: not a Flickbook file (no \"format\": \"{FORMAT_NAME}\")")
    version = data.get("format_version")
    if not isinstance(version, int):
        raise RecordFileError(f"{name}: format_version is missing or not a whole number")
    if version > FORMAT_VERSION:
        raise RecordFileError(f"{name}: written by a newer Flickbook (format {version}; "
                              f"this version reads up to {FORMAT_VERSION})")
    while version < FORMAT_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise RecordFileError(f"{name}: format version {version} is not supported")
        try:
            data = migrate(data)
        except (ValueError, KeyError, TypeError) as exc:
            raise RecordFileError(f"{name}: cannot migrate from format {version}: {exc}") from None
        version = data["format_version"]
    return data


def _upgrade_rules(data: dict, name: str) -> dict:
    """A record written under an older `rules_version` of its game, brought to this one by the
    game (when a rules decision changed what its actions mean)."""
    try:
        game = get_game(data["game"])
    except (KeyError, ValueError):
        return data  # an unknown game: Record() says so
    made_by = str(data.get("headers", {}).get("rules_version", "1"))
    if not game.game_type.upgrades_records or made_by == game.rules_version:
        return data
    try:
        return game.upgrade_record(data)
    except (IllegalAction, ValueError, KeyError, TypeError, IndexError) as exc:
        raise RecordFileError(f"{name}: made by rules version {made_by} of {game.title}, and "
                              f"cannot be brought up to version {game.rules_version}: "
                              f"{exc}") from None


def _check(cond: bool, name: str, where: str, what: str) -> None:
    if not cond:
        raise RecordFileError(f"{name}: {where}: {what}")


def record_from_json(data: dict, name: str = "<data>", *, verify_motion: bool = False,
                     warnings: list[str] | None = None) -> Record:
    """Build and validate a Record: every action is parsed and applied from its parent.

    Flick nodes keep their stored motion, which is what plays. With `verify_motion`, each
    flick is simulated again and any difference is added to `warnings`.
    """
    _check(isinstance(data.get("game"), str), name, "header", "'game' is missing")
    kind = data.get("kind", "record")
    _check(kind in ("record", "scenario"), name, "header", f"unknown kind {kind!r}")
    config = data.get("config", {})
    _check(isinstance(config, dict), name, "header", "'config' is not an object")
    headers = data.get("headers", {})
    _check(isinstance(headers, dict), name, "header", "'headers' is not an object")
    nodes = data.get("nodes")
    _check(isinstance(nodes, list) and len(nodes) >= 1, name, "nodes",
           "the list of nodes is missing or empty")
    data = _upgrade_rules(data, name)
    config, headers, nodes = data.get("config", {}), data.get("headers", {}), data["nodes"]
    headers = dict(headers)
    try:
        simulated = getattr(get_game(data["game"]), "physics_version", None) is not None
    except (KeyError, ValueError):
        simulated = False  # an unknown game: Record() below says so
    if simulated:
        # Records from before the header existed were made by physics version 1.
        headers.setdefault("physics_version", "1")
    try:
        record = Record(data["game"], dict(config), headers=headers,
                        start_state_json=data.get("start"), kind=kind,
                        scenario=data.get("scenario"))
    except ValueError as exc:
        raise RecordFileError(f"{name}: header: {exc}") from None
    except (KeyError, TypeError, IndexError) as exc:
        raise RecordFileError(f"{name}: starting position: invalid ({exc!r})") from None
    game = record.game
    built: list[Node] = []
    for i, entry in enumerate(nodes):
        where = f"node {i}"
        _check(isinstance(entry, dict), name, where, "not an object")
        if i == 0:
            _check("parent" not in entry, name, where, "the first node must be the root")
            node = record.root
        else:
            parent_index = entry.get("parent")
            _check(isinstance(parent_index, int) and 0 <= parent_index < i, name, where,
                   f"bad parent {parent_index!r} (must name an earlier node)")
            parent = built[parent_index]
            text = entry.get("action")
            _check(isinstance(text, str), name, where, "the action is missing")
            where = f"node {i} (ply {parent.ply + 1}, action {text!r})"
            try:
                action = game.parse_action(parent.state, text)
            except IllegalAction as exc:
                raise RecordFileError(f"{name}: {where}: not a legal action here: {exc.rule}") from None
            except (ValueError, KeyError, TypeError, IndexError) as exc:
                raise RecordFileError(f"{name}: {where}: cannot read the action ({exc})") from None
            _check(str(action) == text, name, where, f"action is not in canonical form ({action})")
            _check(parent.child_for(text) is None, name, where, "the same action appears twice here")
            node = Node(record, parent, action)
            if "motion" in entry:
                node.stored_motion = _decode_motion(entry["motion"], name, where)
            try:
                node._compute(parent.state)
            except IllegalAction as exc:
                raise RecordFileError(f"{name}: {where}: illegal: {exc.rule}") from None
            parent.variations.append(node)
        _read_annotations(node, entry, name, where)
        built.append(node)
    if verify_motion and warnings is not None:
        warnings.extend(verify_motions(record))
    return record


def verify_motions(record: Record, should_stop: Callable[[], bool] | None = None) -> list[str]:
    """Simulate every stored flick again from its position and compare, bit for bit.

    Returns one line per difference; the stored motion stays what plays. `should_stop` lets
    a viewer abandon the check (it runs in the background after a file is opened).
    """
    problems = []
    made_by = record.headers.get("physics_version")
    current = getattr(record.game, "physics_version", None)
    if made_by is not None and current is not None and str(made_by) != current:
        problems.append(f"the stored motions were made by physics version {made_by}; this "
                        f"Flickbook has physics version {current}, so flicks may come out "
                        "differently here; the stored motion is what plays")
    for i, node in enumerate(record.nodes()):
        if node.parent is None or node.stored_motion is None:
            continue
        if should_stop is not None and should_stop():
            break
        fresh = record.game.apply(node.parent.state, node.action).motion
        if fresh is None or fresh != node.stored_motion:
            problems.append(f"node {i} (ply {node.ply}, action {node.action_text!r}): a fresh "
                            "simulation differs from the stored motion; the stored motion is what plays")
    return problems


def _decode_motion(value, name: str, where: str):
    from physics import Motion  # only flick records carry motion

    try:
        return Motion.from_bytes(base64.b64decode(value, validate=True))
    except Exception as exc:  # noqa: BLE001 - any decoding failure is a damaged file
        raise RecordFileError(f"{name}: {where}: damaged motion data ({exc})") from None


def _read_annotations(node: Node, entry: dict, name: str, where: str) -> None:
    comment = entry.get("comment", "")
    _check(isinstance(comment, str), name, where, "comment is not text")
    node.comment = comment
    glyphs = entry.get("glyphs", [])
    _check(isinstance(glyphs, list) and all(g in GLYPHS for g in glyphs), name, where,
           f"glyphs must be a list of {' '.join(GLYPHS)}")
    node.glyphs = list(glyphs)
    drawings = entry.get("drawings", [])
    _check(isinstance(drawings, list), name, where, "drawings is not a list")
    try:
        node.drawings = [Drawing.from_json(d) for d in drawings]
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordFileError(f"{name}: {where}: bad drawing ({exc})") from None
    camera = entry.get("camera")
    if camera is not None:
        try:
            camera = read_view(camera)  # older forms migrate to the one view format
        except ValueError as exc:
            raise RecordFileError(f"{name}: {where}: bad camera view ({exc})") from None
    node.camera = camera
    prompt = entry.get("prompt")
    _check(prompt is None or isinstance(prompt, str), name, where, "prompt is not text")
    node.prompt = prompt
    try:
        node.analysis = read_analysis(entry.get("analysis"))
    except ValueError as exc:
        raise RecordFileError(f"{name}: {where}: bad analysis ({exc})") from None


def load_record(path: str | os.PathLike, *, verify_motion: bool = False,
                warnings: list[str] | None = None) -> Record:
    """Read, migrate and validate a `.flick` file; RecordFileError on any problem."""
    data = read_json(path)
    return record_from_json(data, str(path), verify_motion=verify_motion, warnings=warnings)


def loads(raw: bytes, name: str = "<data>") -> Record:
    return record_from_json(parse_bytes(raw, name), name)
