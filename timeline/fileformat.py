"""The `.flick` file format: versioned JSON (optionally gzip) for records and scenarios.

Nodes are stored as a flat pre-order list with parent indices, so a record of any depth
loads without recursion. Loading replays and validates every action; anything wrong gives a
`RecordFileError` that names the file, the place and the problem. Writes are atomic.
See docs/file-format.md.
"""
from __future__ import annotations

import base64
import copy
import errno
import glob
import gzip
import json
import math
import os
import re
import tempfile
import time
import zlib
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from flickbook import __version__
from games.api import IllegalAction
from games.registry import get_game
from timeline.record import DRAWING_COLOURS, DRAWING_KINDS, GLYPHS, Drawing, Node, Record
from timeline.schema import (ASK, MAX_DEPTH, Bool, Either, Int, Json, ListOf, Num, Nullable,
                             Obj, OneOf, SchemaError, Str, fail, like_default, show as _show)
from timeline.analysis_field import read_analysis, seat_count
from timeline.views import read_view
from timeline.direction import read_direction

FORMAT_NAME = "flickbook"
FORMAT_VERSION = 4
EXTENSION = ".flick"
GZIP_MAGIC = b"\x1f\x8b"


# --- limits ---------------------------------------------------------------------------------
#: The most JSON a file may hold (after gzip). A 30,000-ply Glonk record is about 60 MB; past
#: this a file is refused within a second instead of filling memory.
MAX_JSON_BYTES = 256 << 20
#: The most nodes a record may hold. A loaded node costs about 5 KB (its cached position,
#: annotations and, for flicks, the motion), so this is about 1 GB of memory; a 30,000-ply
#: record is far inside it. Counted before the JSON is decoded.
MAX_NODES = 200_000
#: A version-1 file nests its tree (each ply two levels deeper): it may nest this deep, which
#: is the structure of MAX_NODES plies, and is read without recursion.
MAX_TREE_DEPTH = 2 * MAX_NODES + 64
#: Longest comment, prompt, title or description.
MAX_TEXT = 100_000
_INFLATE_CHUNK = 1 << 20
#: Past 16 MB of JSON, gzip that inflated more than 1,000-fold is a bomb (deflate's ceiling is
#: about 1,032; records of text and base64 motion inflate 3 to 20-fold): refused at once.
SUSPICIOUS_INFLATED_BYTES = 16 << 20
MAX_INFLATE_RATIO = 1000


class RecordFileError(Exception):
    """A record or scenario file that cannot be read: the message says what and where."""


# --- writing --------------------------------------------------------------------------------
def snapshot(record: Record) -> dict:
    """The record as plain data, motions still as Motion values (see `encode_snapshot`).

    This is the only part of saving that must run where the record is edited (the viewer's
    frame thread): it copies the tree in one pass and encodes nothing.
    """
    nodes = []
    index_of: dict[int, int] = {}
    for node in record.nodes():
        index_of[id(node)] = len(nodes)
        entry: dict[str, Any] = {}
        if node.parent is not None:
            entry["parent"] = index_of[id(node.parent)]
            entry["action"] = node.action_text
            if node.intent is not None:
                entry["intent"] = str(node.intent)
            if node.observed is not None:
                entry["observed"] = copy.deepcopy(node.observed)
        if node.comment:
            entry["comment"] = node.comment
        if node.glyphs:
            entry["glyphs"] = list(node.glyphs)
        if node.drawings:
            entry["drawings"] = [d.to_json() for d in node.drawings]
        if node.camera is not None:
            entry["camera"] = copy.deepcopy(node.camera)
        if node.prompt:
            entry["prompt"] = node.prompt
        if node.analysis is not None:
            entry["analysis"] = node.analysis
        if node.ask is not None:
            entry["ask"] = copy.deepcopy(node.ask)
        if node.parent is not None:
            if node.motion_text is not None:
                entry["motion"] = node.motion_text
            else:
                motion = node.stored_motion if node.stored_motion is not None else node.motion
                if motion is not None:
                    entry["motion"] = _PendingMotion(node, motion)
        nodes.append(entry)
    data = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "kind": record.kind,
        "game": record.game.name,
        "config": copy.deepcopy(record.config),  # copies: an editor may change them meanwhile
        "headers": {**copy.deepcopy(record.headers), "written_by": f"flickbook {__version__}"},
        "nodes": nodes,
    }
    if record.start_state_json is not None:
        data["start"] = copy.deepcopy(record.start_state_json)
    if record.scenario is not None:
        data["scenario"] = copy.deepcopy(record.scenario)
    if record.direction is not None:
        data["direction"] = copy.deepcopy(record.direction)
    return data


class _PendingMotion:
    """A motion not yet encoded; encoding caches the text on its node for every later save."""

    __slots__ = ("node", "motion")

    def __init__(self, node: Node, motion):
        self.node = node
        self.motion = motion

    def text(self) -> str:
        text = base64.b64encode(self.motion.to_bytes()).decode("ascii")
        self.node.motion_text = text
        return text


def encode_snapshot(data: dict) -> bytes:
    """A snapshot's file bytes (uncompressed); safe on another thread than the editor's."""
    for entry in data["nodes"]:
        pending = entry.get("motion")
        if isinstance(pending, _PendingMotion):
            entry["motion"] = pending.text()
    try:
        text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False)
    except ValueError as exc:  # NaN or infinity, which JSON cannot hold
        raise RecordFileError(f"cannot save: the record holds a number that is not finite ({exc})") from None
    return (text + "\n").encode("utf-8", "surrogatepass")


def record_to_json(record: Record) -> dict:
    data = snapshot(record)
    encode_snapshot(data)
    return data


def dumps(record: Record) -> bytes:
    """The file's bytes (uncompressed); stable key order so equal records give equal bytes."""
    return encode_snapshot(snapshot(record))


def save_record(record: Record, path: str | os.PathLike, *, compress: bool | None = None) -> Path:
    """Write atomically: a temporary file in the same folder, flushed, then renamed over `path`.

    `compress` defaults to gzip when the name ends in `.gz`.
    """
    return write_atomic(path, dumps(record), compress=compress)


def write_atomic(path: str | os.PathLike, payload: bytes, *, compress: bool | None = None) -> Path:
    """Replace `path` by `payload` so that a crash at any moment leaves the old or the new file.

    A symlink is followed (its target is replaced, the link stays); an existing file keeps its
    permissions (a new one gets the umask's) and a read-only one is refused; the folder is synced after the rename, so the new
    name survives a power cut; temporary files a killed writer left behind are removed.
    """
    path = Path(path)
    if compress is None:
        compress = path.suffix == ".gz"
    if compress:
        payload = gzip.compress(payload, mtime=0)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_UMASK
    else:  # a file its owner made read-only is not replaced behind their back (even by root)
        if not mode & 0o200 or not os.access(path, os.W_OK):
            raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    _remove_stale_temporaries(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), mode)
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
    _fsync_folder(path.parent)
    return path


#: A temporary file older than this was left by a writer that died (a write takes well under
#: a second); younger ones may belong to a save in progress in another process.
STALE_TEMPORARY_SECONDS = 120.0


def _remove_stale_temporaries(path: Path) -> None:
    now = time.time()
    try:
        leftovers = list(path.parent.glob(f".{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return
    for tmp in leftovers:
        try:
            if now - tmp.lstat().st_mtime > STALE_TEMPORARY_SECONDS:
                tmp.unlink()
        except OSError:
            pass


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems cannot sync a folder; the rename itself is still atomic
    finally:
        os.close(fd)


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()  # read once: changing the umask is not safe beside writer threads


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


def _migrate_2_to_3(data: dict) -> dict:
    """Version 3 lets a node keep its `intent` (what the player meant, where the hand's
    scatter made the action differ: a flick under a table feel). A version 2 node's action is
    what was meant, so nothing is added; an `intent` there is not version 2 data."""
    for i, entry in enumerate(data.get("nodes") or []):
        if isinstance(entry, dict) and "intent" in entry:
            raise ValueError(f"node {i} has an 'intent', which format 2 does not have")
    data["format_version"] = 3
    return data


def _migrate_3_to_4(data: dict) -> dict:
    """Version 4 lets a node be `observed` (a flick made at a real table, logged as the
    inferred flick plus the places entered after it). Every version 3 flick was played in
    Flickbook, so nothing is added; an `observed` there is not version 3 data."""
    for i, entry in enumerate(data.get("nodes") or []):
        if isinstance(entry, dict) and "observed" in entry:
            raise ValueError(f"node {i} is 'observed', which format 3 does not have")
    data["format_version"] = 4
    return data


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _migrate_1_to_2, 2: _migrate_2_to_3,
                                                 3: _migrate_3_to_4}


# --- reading --------------------------------------------------------------------------------
def read_bounded(path: str | os.PathLike, what: str = "record") -> bytes:
    """A file's bytes, read no further than MAX_JSON_BYTES (a larger file is refused before it
    is all in memory), or RecordFileError in words naming the file and `what` it should be
    (a record, a course): the one bounded reader of every file kind built on this format."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_JSON_BYTES + 1)
    except FileNotFoundError:
        raise RecordFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordFileError(f"{path}: is a folder, not a {what} file") from None
    except OSError as exc:
        raise RecordFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except MemoryError:
        raise RecordFileError(f"{path}: too large to read") from None
    if len(raw) > MAX_JSON_BYTES:
        raise RecordFileError(f"{path}: larger than {MAX_JSON_BYTES >> 20} MB, the most a "
                              f"{what} may be")
    return raw


def read_json(path: str | os.PathLike) -> dict:
    """The decoded, migrated JSON object of a file, or RecordFileError."""
    return parse_bytes(read_bounded(path), str(Path(path)))


def named_game(path: str | os.PathLike) -> str | None:
    """The game a file's JSON names (a damaged autosave the record loader refuses may still say
    it), read through the strict door like every file; None when it names none or is unreadable."""
    try:
        data = read_strict(path, "session", max_depth=MAX_TREE_DEPTH)
    except RecordFileError:  # damaged JSON (a NaN, cut short): the name as the text gives it
        try:
            raw = read_bounded(path, "session")
        except RecordFileError:
            return None
        found = _GAME_NAMED.search(raw[:1 << 20].decode("utf-8", "replace"))
        return found.group(1) if found else None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


#: `"game": "glik"` as a record writes it (sorted keys: near the start, before "nodes").
_GAME_NAMED = re.compile(r'"game"\s*:\s*"([a-z0-9_-]{1,40})"')


def _inflate(raw: bytes, name: str) -> bytes:
    """gzip data inflated in bounded steps: refused as soon as it passes MAX_JSON_BYTES."""
    out: list[bytes] = []
    total = 0
    data = raw
    while data:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        chunk = inflater.decompress(data, _INFLATE_CHUNK)
        while True:
            total += len(chunk)
            consumed = len(data) - len(inflater.unconsumed_tail)
            if total > MAX_JSON_BYTES:
                raise RecordFileError(f"{name}: inflates to more than {MAX_JSON_BYTES >> 20} MB, "
                                      "the most a record may be")
            if total > SUSPICIOUS_INFLATED_BYTES and total > MAX_INFLATE_RATIO * consumed:
                raise RecordFileError(f"{name}: inflates more than {MAX_INFLATE_RATIO}-fold, "
                                      "as no record does (a gzip bomb?)")
            out.append(chunk)
            if not inflater.unconsumed_tail:
                break
            chunk = inflater.decompress(inflater.unconsumed_tail, _INFLATE_CHUNK)
        if not inflater.eof:
            raise RecordFileError(f"{name}: damaged gzip data (the compressed data ends early)")
        data = inflater.unused_data  # gzip allows several members one after another
        if data and not data.startswith(GZIP_MAGIC):
            raise RecordFileError(f"{name}: damaged gzip data (trailing garbage)")
    return b"".join(out)


def _object_without_duplicates(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _JsonRefusal(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return obj


def _no_constant(name):
    raise _JsonRefusal(f"{name} is not a number JSON allows")


def _finite_float(text):
    value = float(text)
    if not math.isfinite(value):
        raise _JsonRefusal(f"the number {text[:20]} is too large")
    return value


class _JsonRefusal(ValueError):
    """Something `json` would accept that the format forbids."""


#: Only a \uD800-\uDFFF escape can put a lone surrogate into text decoded from UTF-8.
_MAYBE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _lone_surrogate(data) -> str | None:
    """Where the first text (or key) holding a lone surrogate is, as the loader names places
    ("node 3: comment", "headers: created"); None if there is none. Without recursion."""
    stack = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if _has_surrogate(value):
                return _place_name(path)
        elif isinstance(value, dict):
            for k, v in value.items():
                if _has_surrogate(k):
                    return _place_name(path + (k,))
                stack.append((v, path + (k,)))
        elif isinstance(value, list):
            stack.extend((v, path + (i,)) for i, v in enumerate(value))
    return None


def _place_name(path: tuple) -> str:
    if len(path) >= 2 and path[0] == "nodes" and isinstance(path[1], int):
        head, rest = f"node {path[1]}", path[2:]
    else:
        head, rest = (str(path[0]) if path else "the file"), path[1:]
    for part in rest:
        head += f"[{part}]" if isinstance(part, int) else f": {part}"
    return head


_WHITE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?")
_WORDS = {"null": None, "true": True, "false": False}


def _loads_deep(text: str, max_depth: int):
    """`json.loads` as `parse_bytes` calls it (no repeated keys, NaN or infinity), without
    recursion: for files nested deeper than Python's parser goes (version-1 trees)."""
    from json.decoder import scanstring

    stack: list[list] = []  # [items, is_object, pending key]
    pos = 0

    def key_at(at: int) -> tuple[str, int]:
        at = _WHITE.match(text, at).end()
        if not text.startswith('"', at):
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
        key, at = scanstring(text, at + 1, True)
        at = _WHITE.match(text, at).end()
        if not text.startswith(":", at):
            raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
        return key, at + 1

    while True:
        pos = _WHITE.match(text, pos).end()
        ch = text[pos:pos + 1]
        if ch in ("{", "["):
            if len(stack) >= max_depth:
                raise _JsonRefusal(f"nested more than {max_depth:,} levels deep")
            inner = _WHITE.match(text, pos + 1).end()
            if text.startswith("}" if ch == "{" else "]", inner):
                value, pos = ({} if ch == "{" else []), inner + 1
            elif ch == "{":
                key, pos = key_at(pos + 1)
                stack.append([[], True, key])
                continue
            else:
                stack.append([[], False, None])
                pos += 1
                continue
        elif ch == '"':
            value, pos = scanstring(text, pos + 1, True)
        elif text.startswith(("NaN", "Infinity", "-Infinity"), pos):
            _no_constant(text[pos:pos + 9].rstrip(",]} \n"))
        elif (m := _NUMBER.match(text, pos)) is not None:
            number = m.group(0)
            value = _finite_float(number) if m.group(2) or m.group(3) else int(number)
            pos = m.end()
        else:
            for word, value in _WORDS.items():
                if text.startswith(word, pos):
                    pos += len(word)
                    break
            else:
                raise json.JSONDecodeError("Expecting value", text, pos)
        while True:  # the value is complete: put it in its container, close what ends
            if not stack:
                end = _WHITE.match(text, pos).end()
                if end != len(text):
                    raise json.JSONDecodeError("Extra data", text, end)
                return value
            frame = stack[-1]
            frame[0].append((frame[2], value) if frame[1] else value)
            pos = _WHITE.match(text, pos).end()
            if text.startswith(",", pos):
                pos += 1
                if frame[1]:
                    frame[2], pos = key_at(pos)
                break
            if not text.startswith("}" if frame[1] else "]", pos):
                raise json.JSONDecodeError("Expecting ',' delimiter", text, pos)
            pos += 1
            stack.pop()
            value = _object_without_duplicates(frame[0]) if frame[1] else frame[0]


def _strict_value(text: str, max_depth: int):
    """The JSON value of `text` with no repeated keys, NaN or infinity, nested at most
    `max_depth` deep; JSONDecodeError or _JsonRefusal. Never recursion past the stack: a
    shallow limit is checked on the text before Python's (recursive) parser sees it, a deep one
    (a version-1 record's tree) is parsed without recursion where that parser gives up."""
    if max_depth <= _PRESCAN_DEPTH and _deeper_than(text, max_depth):
        raise _JsonRefusal(f"nested more than {max_depth:,} levels deep")
    try:
        return json.loads(text, object_pairs_hook=_object_without_duplicates,
                          parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:  # deeper than Python's parser goes: a version-1 tree, say
        return _loads_deep(text, max_depth)


#: Depth limits up to this are checked on the text before parsing (`_deeper_than`).
_PRESCAN_DEPTH = 256
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")


def _deeper_than(text: str, depth: int) -> bool:
    """Whether the brackets of `text` (outside strings) nest more than `depth` deep: each pass
    takes away the innermost pairs, so the passes an empty result takes are the depth."""
    brackets = _NOT_A_BRACKET.sub("", _JSON_STRING.sub("", text))
    for _ in range(depth):
        if not brackets:
            return False
        shorter = brackets.replace("[]", "").replace("{}", "")
        if shorter == brackets:  # unmatched brackets: damaged JSON, deeper than it may be?
            return brackets.count("[") + brackets.count("{") > depth
        brackets = shorter
    return bool(brackets)


#: How deeply a file of any kind other than a record may nest (courses embed records of
#: format 2 and later, whose nodes are flat; their free parts nest at most MAX_DEPTH).
MAX_FILE_DEPTH = 64


def load_strict(raw: bytes, name: str, what: str, *, spec=None, max_depth: int = MAX_FILE_DEPTH,
                max_bytes: int | None = None):
    """The one strict door of every file kind other than a record (courses, progress exports,
    observations, hands, sessions): the JSON value of `raw`, with no repeated keys, no lone
    surrogates, finite numbers only, nested at most `max_depth` and at most `max_bytes` long;
    then, with `spec` (timeline.schema), every value of its declared type and range. Anything
    else is a RecordFileError in the record loader's words: the file, the place, the problem,
    one line."""
    limit = MAX_JSON_BYTES if max_bytes is None else max_bytes
    if len(raw) > limit:
        size = f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit >> 10} KB"
        raise RecordFileError(f"{name}: larger than {size}, the most {_a(what)} file may be")
    if not raw.strip():
        raise RecordFileError(f"{name}: the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordFileError(f"{name}: not {_a(what)} file (not UTF-8 text at byte {exc.start})") from None
    try:
        data = _strict_value(text, max_depth)
    except json.JSONDecodeError as exc:
        raise RecordFileError(f"{name}: not {_a(what)} file (damaged JSON at line {exc.lineno}, "
                              f"column {exc.colno}: {exc.msg})") from None
    except ValueError as exc:  # _JsonRefusal, or an integer of thousands of digits
        raise RecordFileError(f"{name}: not valid {what} JSON: {exc}") from None
    if _MAYBE_SURROGATE.search(text):
        place = _lone_surrogate(data)
        if place is not None:
            raise RecordFileError(f"{name}: {place}: holds a lone surrogate (a \\uD800 to "
                                  "\\uDFFF escape without its pair), which is no character")
    if spec is not None:
        _conform(spec, data, name, "")
    return data


def _a(what: str) -> str:
    return ("an " if what[:1] in "aeiou" else "a ") + what


def read_strict(path: str | os.PathLike, what: str, *, spec=None, max_depth: int = MAX_FILE_DEPTH,
                max_bytes: int | None = None):
    """`load_strict` of a file read by `read_bounded`: the door for a path."""
    raw = read_bounded(path, what)
    return load_strict(raw, str(Path(path)), what, spec=spec, max_depth=max_depth,
                       max_bytes=max_bytes)


#: Every record says `"format": "flickbook"` (near its start: keys are written sorted); damaged
#: JSON that has it is a damaged record, other text is some other file.
_RECORD_MARK = re.compile(r'"format"\s*:\s*"' + FORMAT_NAME + '"')


def parse_bytes(raw: bytes, name: str = "<data>") -> dict:
    if len(raw) > MAX_JSON_BYTES:
        raise RecordFileError(f"{name}: larger than {MAX_JSON_BYTES >> 20} MB, the most a record may be")
    if raw.startswith(GZIP_MAGIC):
        if len(raw) >= 18 and int.from_bytes(raw[-4:], "little") > MAX_JSON_BYTES:
            raise RecordFileError(f"{name}: inflates to more than {MAX_JSON_BYTES >> 20} MB, "
                                  "the most a record may be")  # as its gzip trailer says
        try:
            raw = _inflate(raw, name)
        except (OSError, EOFError, zlib.error) as exc:
            raise RecordFileError(f"{name}: damaged gzip data ({exc})") from None
    if not raw.strip():
        raise RecordFileError(f"{name}: the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordFileError(f"{name}: not a Flickbook file (not UTF-8 text at byte {exc.start})") from None
    if text.count('"action"') > MAX_NODES:  # every node but the root has one
        raise RecordFileError(f"{name}: holds more than {MAX_NODES:,} nodes, the most a record "
                              "may hold")
    try:
        data = _strict_value(text, MAX_TREE_DEPTH)
    except json.JSONDecodeError as exc:
        if not _RECORD_MARK.search(text):  # text, but nothing in it says it is a record
            raise RecordFileError(f"{name}: not a Flickbook file (it is not a record's JSON)") from None
        at_end = exc.pos >= len(text.rstrip()) - 1
        open_string = exc.msg.startswith("Unterminated string") and '"' not in text[exc.pos + 1:]
        hint = " (the file looks truncated)" if at_end or open_string else ""
        raise RecordFileError(
            f"{name}: damaged JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}") from None
    except ValueError as exc:  # _JsonRefusal, or an integer of thousands of digits
        raise RecordFileError(f"{name}: not valid Flickbook JSON: {exc}") from None
    if _MAYBE_SURROGATE.search(text):
        place = _lone_surrogate(data)
        if place is not None:
            raise RecordFileError(f"{name}: {place}: holds a lone surrogate (a \\uD800 to "
                                  "\\uDFFF escape without its pair), which is no character")
    return record_data(data, name)


def record_data(data, name: str = "<data>") -> dict:
    """Strict JSON (from `parse_bytes`, or a course's chapter as the course's bytes give it)
    that says it is a record, brought up to this format version; else RecordFileError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise RecordFileError(f"{name}: not a Flickbook file (no \"format\": \"{FORMAT_NAME}\")")
    version = data.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int):
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
    except (IllegalAction, *_GAME_ERRORS) as exc:
        raise RecordFileError(f"{name}: made by rules version {made_by} of {game.title}, and "
                              f"cannot be brought up to version {game.rules_version}: "
                              f"{exc}") from None


# --- the shape of a file --------------------------------------------------------------------
def _EACH_NODE_LATER(value, where):  # noqa: N802 - nodes are checked one by one while loading
    return None


_TEXT = Str(MAX_TEXT)
#: Names (players, versions, places): at most this many characters.
MAX_NAME = 200
_NAME = Str(MAX_NAME)
#: Other header text, and each action's text: at most this many characters.
MAX_HEADER_TEXT = 10_000
#: Players named in the headers, hints of a scenario, drawings on one node, items of a
#: header list: at most these many.
MAX_PLAYERS, MAX_HINTS, MAX_DRAWINGS, MAX_HEADER_LIST = 64, 100, 1000, 1000
#: A drawing's coordinates (board cells, or metres on the Galaxy) lie within this of 0.
MAX_COORDINATE = 100


def _scalar(value, where):
    """A free header value: text, a number, true/false or null (text at most MAX_HEADER_TEXT)."""
    if isinstance(value, str):
        Str(MAX_HEADER_TEXT)(value, where)
    elif not (value is None or isinstance(value, bool)):
        Either(Num(), what="text, a number, true/false or null")(value, where)


def _header_extra(value, where):
    if isinstance(value, list):
        ListOf(_scalar, max_len=MAX_HEADER_LIST)(value, where)
    else:
        _scalar(value, where)


def _iso_time(value, where):
    """`created`: an ISO 8601 date and time, as `datetime.isoformat` writes it."""
    Str(100)(value, where)
    try:
        datetime.fromisoformat(value)
    except ValueError:
        fail(where, f"must be an ISO 8601 date and time (like 2026-12-01T10:10:46+00:00), "
                    f"not {value[:40]!r}")


HEADERS = Obj(optional={"game": _NAME, "rules_version": _NAME, "physics_version": _NAME,
                        "logged": OneOf("table"),  # a game logged at a real table
                        "created": Nullable(_iso_time),
                        "players": ListOf(_NAME, max_len=MAX_PLAYERS), "title": _TEXT,
                        "event": _TEXT, "written_by": _NAME, "seed": Int(0)},
              extra=_header_extra)
#: What `analysis.puzzles.Verdict.to_json` writes; every value of its type.
VERDICT = Obj(required={"game": _NAME, "exact": Bool, "solved": Bool},
              optional={"line": ListOf(Str(MAX_HEADER_TEXT), max_len=MAX_NODES),
                        "verdict": Str(MAX_HEADER_TEXT), "unit": _NAME, "seconds": Num(0),
                        "cost": Nullable(Int(0)), "unique": Nullable(Bool),
                        "lines": Nullable(Int(0)), "states": Int(0), "bound": Nullable(Int(0)),
                        "success": Nullable(Num(0.0, 1.0)), "error": Nullable(Num(0.0, 1.0)),
                        "samples": Int(0), "trivial": Bool, "note": Str(MAX_HEADER_TEXT),
                        "levels": Obj(extra=ListOf(Num(0.0, 1.0), 2, 2))})
#: The most themes a scenario names, and the longest a theme may be.
MAX_THEMES, MAX_THEME_LEN = 8, 30


def _theme(value, where):
    """A theme: a short word or two ("fork", "carom", "last hit point"), as tags are written."""
    Str(MAX_THEME_LEN)(value, where)
    if not value.strip() or any(not (c.isalnum() or c in " -'") for c in value):
        fail(where, f"must be a short word or two (letters, digits, spaces, hyphens), "
                    f"not {_show(value)}")


#: What a puzzle or lesson is about (the student's dashboard counts failures by theme).
THEMES = ListOf(_theme, 1, MAX_THEMES)
SCENARIO = Obj(optional={"title": _TEXT, "description": _TEXT, "themes": THEMES,
                         "hints": ListOf(_TEXT, max_len=MAX_HINTS),
                         "goal": Nullable(Obj(extra=Json())),
                         "solution": ListOf(Str(MAX_HEADER_TEXT), max_len=MAX_NODES),
                         "difficulty": Int(1, 5), "verdict": VERDICT})
#: A drawing's place: a name (a Glonk space), a list of 1 to 4 names (its parts), or a pair of
#: numbers (a Glik cell, a Grendizer box, a Glonk point in metres): every game's points are pairs.
_POINT = Either(_NAME, ListOf(_NAME, 1, 4), ListOf(Num(-MAX_COORDINATE, MAX_COORDINATE), 2, 2),
                what=f"a named place, a list of 1 to 4 names, or two coordinates (each from "
                     f"-{MAX_COORDINATE} to {MAX_COORDINATE})")
DRAWING = Obj(required={"kind": OneOf(*DRAWING_KINDS), "at": _POINT},
              optional={"to": _POINT, "colour": OneOf(*DRAWING_COLOURS)})
_XY = ListOf(Num(-1e3, 1e3), 2, 2)
OBSERVED = Obj(required={"entered": Obj(extra=_XY), "removed": ListOf(_NAME, max_len=10_000),
                         "fit_error": Num(0, 1e3), "ambiguous": Bool})
NODE = Obj(optional={"parent": Int(0), "action": Str(10_000), "intent": Str(10_000),
                     "observed": OBSERVED,
                     "comment": _TEXT,
                     "glyphs": ListOf(OneOf(*GLYPHS), max_len=len(GLYPHS)),
                     "drawings": ListOf(DRAWING, max_len=MAX_DRAWINGS), "camera": Obj(extra=Json(4)),
                     "prompt": _TEXT, "motion": Str(MAX_JSON_BYTES),
                     "analysis": Obj(extra=Json()), "ask": ASK})
TOP = Obj(required={"format": OneOf(FORMAT_NAME), "format_version": Int(1, FORMAT_VERSION),
                    "game": _NAME, "nodes": ListOf(_EACH_NODE_LATER, 1, MAX_NODES)},
          optional={"kind": OneOf("record", "scenario", "lesson"), "config": Obj(extra=Json()),
                    "headers": HEADERS, "start": Obj(extra=Json()), "scenario": SCENARIO,
                    "direction": Obj(extra=Json())})

#: What game code may raise on data it was not written for; the loader turns it into a message.
#: (RuntimeError: Glonk's setup flow says so of positions it cannot continue.)
_GAME_ERRORS = (ValueError, KeyError, TypeError, IndexError, AttributeError, ArithmeticError,
                RuntimeError)


def _check(cond: bool, name: str, where: str, what: str) -> None:
    if not cond:
        raise RecordFileError(f"{name}: {where}: {what}")


def _conform(spec, value, name: str, where: str) -> None:
    try:
        spec(value, where)
    except SchemaError as exc:
        raise RecordFileError(f"{name}: {exc}") from None


def _header_data(data: dict, name: str) -> dict:
    """The file's data with every type checked, brought up to this rules version."""
    _conform(TOP, data, name, "")
    try:
        simulated = get_game(data["game"]).motion is not None
    except ValueError:
        simulated = False  # an unknown game: _header says so
    if simulated:  # records from before the header existed were made by physics version 1
        data = {**data, "headers": {"physics_version": "1", **data.get("headers", {})}}
    data = _upgrade_rules(data, name)  # an upgrade that simulates uses the record's physics
    _conform(TOP, data, name, "")
    return data


def _house_rules_spec(game):
    """`house_rules`: {name: true/false} or a list of names; a rule the game lists is a
    true/false switch (other keys are the game's to judge, e.g. Glonk's "range")."""
    switches = Obj(optional={k: Bool for k in game.house_rules}, extra=Json(4))

    def check(value, where):
        if isinstance(value, list):
            ListOf(Str(200), max_len=100)(value, where)
        else:
            switches(value, where)
    return check


def _header(data: dict, name: str) -> Record:
    """The Record before its moves: header, config and starting position, all checked."""
    try:
        game = get_game(data["game"])
    except ValueError as exc:
        raise RecordFileError(f"{name}: header: {exc}") from None
    config = data.get("config", {})
    defaults = game.default_config()
    specs = {k: like_default(v) for k, v in defaults.items()}
    specs["house_rules"] = _house_rules_spec(game)
    _conform(Obj(optional=specs, extra=Json()), config, name, "config")
    headers = data.get("headers", {})
    _check(headers.get("game", game.name) == game.name, name, "headers",
           f"'game' is {headers.get('game')!r} but the file is a {game.name} record")
    try:  # the config must make sense even where a custom start replaces the standard one
        standard = game.new_initial_state(dict(config))
    except _GAME_ERRORS as exc:
        raise RecordFileError(f"{name}: config: {exc}") from None
    if game.motion is not None and game.motion.with_physics is not None:
        try:  # the version its stored motions were made by, which its new flicks use
            game.motion.with_physics(standard, headers["physics_version"])
        except ValueError as exc:
            raise RecordFileError(f"{name}: headers: {exc}") from None
    try:
        record = Record(game.name, dict(config), headers=dict(headers),
                        start_state_json=data.get("start"), kind=data.get("kind", "record"),
                        scenario=data.get("scenario"))
        canonical = None if "start" not in data else game.state_to_json(record.root.state)
    except _GAME_ERRORS as exc:
        raise RecordFileError(f"{name}: starting position: invalid ({exc})") from None
    if canonical is not None:  # games read leniently; what they would write back must match
        place = _first_difference(data["start"], json.loads(json.dumps(canonical)))
        _check(place is None, name, "starting position",
               f"{place} is not what the game means by it (a wrong type, or a value out of place)")
    goal = (record.scenario or {}).get("goal")
    if goal is not None:
        _check_goal(record, record.root.state, goal, name, "scenario: goal")
    return record


def _check_goal(record: Record, state, goal, name: str, where: str) -> None:
    """A goal the game cannot read (a wrong type, a field off the board) is refused here, so
    nothing that shows or solves it later meets one (the game's `goals`, where it has them)."""
    if record.game.goals is None:
        return
    check = record.game.goals.form_problem
    try:
        problem = check(state, goal)
    except _GAME_ERRORS as exc:
        problem = f"cannot be read ({exc})"
    _check(problem is None, name, where, str(problem))


def _check_solution(record: Record, name: str) -> None:
    """A scenario's `solution` is a line of actions played from its start: each must read
    and apply (along the main line, where the file holds it, it already has)."""
    solution = (record.scenario or {}).get("solution") or []
    node, state = record.root, record.root.state
    for k, text in enumerate(solution):
        where = f"scenario: solution[{k}] ({text[:60]!r})"
        child = node.child_for(text) if node is not None else None
        if child is not None:
            node, state = child, child.state
            continue
        node = None
        try:
            action = record.game.parse_action(state, text)
            _check(str(action) == text, name, where, f"not in canonical form ({action})")
            state = record.game.apply(state, action).state
        except IllegalAction as exc:
            raise RecordFileError(f"{name}: {where}: not a legal action here: {exc.rule}") from None
        except _GAME_ERRORS as exc:
            raise RecordFileError(f"{name}: {where}: cannot read the action ({exc})") from None


def _first_difference(given, canonical) -> str | None:
    """Where the file's JSON differs from the game's, types included (1, 1.0 and true are
    three values); a key only the game's has is a default the file may leave out."""
    stack = [(given, canonical, "start")]
    while stack:
        a, b, where = stack.pop()
        if type(a) is not type(b):
            return where
        if isinstance(a, dict):  # keys the file lacks are the game's defaults (newer rules)
            if set(a) - set(b):
                return f"{where} (unknown keys {', '.join(sorted(set(a) - set(b)))[:80]})"
            stack.extend((a[k], b[k], f"{where}.{k}") for k in a)
        elif isinstance(a, list):
            if len(a) != len(b):
                return where
            stack.extend((x, y, f"{where}[{i}]") for i, (x, y) in enumerate(zip(a, b)))
        elif a != b:
            return where
    return None


def record_from_json(data: dict, name: str = "<data>", *, verify_motion: bool = False,
                     warnings: list[str] | None = None) -> Record:
    """Build and validate a Record: every action is parsed and applied from its parent.

    Every value has exactly the type the format gives it (nothing is coerced). Flick nodes
    keep their stored motion, which is what plays, after checking that it agrees with its
    flick and position. With `verify_motion`, each flick is simulated again and any
    difference is added to `warnings`.
    """
    data = _header_data(data, name)
    record = _header(data, name)
    game = record.game
    built: list[Node] = []
    for i, entry in enumerate(data["nodes"]):
        where = f"node {i}"
        _check(isinstance(entry, dict), name, where, "not an object")
        if i == 0:
            _check("parent" not in entry and "action" not in entry and "motion" not in entry
                   and "intent" not in entry and "observed" not in entry,
                   name, where, "the first node must be the root (no parent, action or motion)")
            _conform(NODE, entry, name, where)
            node = record.root
        else:
            parent_index = entry.get("parent")
            _check(type(parent_index) is int and 0 <= parent_index < i, name, where,
                   f"bad parent {_show(parent_index)} (must name an earlier node)")
            parent = built[parent_index]
            text = entry.get("action")
            _check(isinstance(text, str), name, where, "the action is missing")
            where = f"node {i} (ply {parent.ply + 1}, action {text[:60]!r})"
            _conform(NODE, entry, name, where)
            node = _play(record, parent, text, entry, name, where)
        _read_annotations(node, entry, name, where)
        built.append(node)
    _check_solution(record, name)
    if "direction" in data:
        try:
            record.direction = read_direction(data["direction"])
        except ValueError as exc:
            raise RecordFileError(f"{name}: {exc}") from None
        _check_direction_places(record, name)
    if verify_motion and warnings is not None:
        warnings.extend(verify_motions(record))
    return record


def _check_direction_places(record: Record, name: str) -> None:
    """Every moment of the direction names a node of the record, and every note anchored to a
    disc names one there (in play before or after that node's action)."""
    from timeline.direction import MOMENT_LISTS, _moment_slots

    discs = record.game.discs  # the game's capability: where a disc rests (None: no discs)
    disc_position = discs.disc_position if discs is not None else None
    for kind in MOMENT_LISTS:
        for i, entry in enumerate(record.direction.get(kind, [])):
            for slot in _moment_slots(entry, kind):
                where = f"direction: {kind}[{i}]: {slot}: path"
                try:
                    node = record.node_at(entry[slot]["path"])
                except ValueError as exc:
                    raise RecordFileError(f"{name}: {where}: names no node of the record "
                                          f"({exc})") from None
            disc = entry.get("anchor", {}).get("disc") if kind == "notes" else None
            if disc is None:
                continue
            states = [node.state] + ([node.parent.state] if node.parent is not None else [])
            motion = node.stored_motion if node.parent is not None else None
            if not ((motion is not None and disc in motion.ids) or
                    (disc_position is not None and any(disc_position(s, disc) is not None
                                                       for s in states))):
                raise RecordFileError(f"{name}: direction: notes[{i}]: anchor: disc "
                                      f"{_show(disc)} is not on the table at that moment")


def _play(record: Record, parent: Node, text: str, entry: dict, name: str, where: str) -> Node:
    game = record.game
    try:
        action = game.parse_action(parent.state, text)
    except IllegalAction as exc:
        raise RecordFileError(f"{name}: {where}: not a legal action here: {exc.rule}") from None
    except _GAME_ERRORS as exc:
        raise RecordFileError(f"{name}: {where}: cannot read the action ({exc})") from None
    _check(str(action) == text, name, where, f"action is not in canonical form ({action})")
    _check(parent.child_for(text) is None, name, where, "the same action appears twice here")
    node = Node(record, parent, action)
    if "intent" in entry:
        node.intent = _intent(record, parent, action, entry["intent"], name, where)
    if "motion" in entry:
        _check(game.motion is not None, name,
               where, f"{game.title} actions carry no motion")
        node.stored_motion = _decode_motion(entry["motion"], name, where)
        try:  # a stored motion plays instead of a simulation: it must be this flick's
            problem = game.motion.motion_problem(parent.state, action, node.stored_motion)
        except _GAME_ERRORS as exc:
            problem = f"the stored motion cannot be checked ({exc})"
        _check(problem is None, name, where, f"illegal: {problem}")
    if "observed" in entry:
        node.observed = _observed(record, parent, action, node.stored_motion, entry["observed"],
                                  name, where)
    try:
        node._compute(parent.state)
    except IllegalAction as exc:
        raise RecordFileError(f"{name}: {where}: illegal: {exc.rule}") from None
    except _GAME_ERRORS as exc:
        raise RecordFileError(f"{name}: {where}: cannot apply the action ({exc})") from None
    if node.stored_motion is not None:
        _check(node._step.motion is node.stored_motion, name, where,
               "a motion is stored on an action that is not a flick")
        node.motion_text = entry["motion"]
    parent.variations.append(node)
    return node


def _intent(record: Record, parent: Node, action, text: str, name: str, where: str):
    """A node's intent, validated like its action: legal from the parent, in canonical form,
    and (the game says) a way of meaning that action."""
    game = record.game
    _check(game.game_type.intents, name, where, f"{game.title} actions carry no intent")
    try:
        intent = game.parse_action(parent.state, text)
    except IllegalAction as exc:
        raise RecordFileError(f"{name}: {where}: the intent is not a legal action here: "
                              f"{exc.rule}") from None
    except _GAME_ERRORS as exc:
        raise RecordFileError(f"{name}: {where}: cannot read the intent ({exc})") from None
    _check(str(intent) == text, name, where, f"intent is not in canonical form ({intent})")
    try:
        problem = game.intent_problem(parent.state, intent, action)
    except _GAME_ERRORS as exc:
        problem = f"the intent cannot be checked ({exc})"
    _check(problem is None, name, where, f"bad intent: {problem}")
    try:
        legal = game.is_legal(parent.state, intent) if game.game_type.continuous_actions \
            else intent in game.legal_actions(parent.state)
    except _GAME_ERRORS:
        legal = False
    _check(legal, name, where, f"the intent is not a legal action here ({intent})")
    return intent


def _observed(record: Record, parent: Node, action, motion, observed: dict, name: str,
              where: str) -> dict:
    """A node's observation, validated: a flick of a game that logs real tables, with the
    stored motion that rests exactly at the entered places."""
    game = record.game
    _check(game.observed is not None, name, where,
           f"{game.title} actions are not observed at a real table")
    _check(motion is not None, name, where, "an observed flick must store its motion")
    try:
        problem = game.observed.observed_problem(parent.state, action, observed, motion)
    except _GAME_ERRORS as exc:
        problem = f"the observation cannot be checked ({exc})"
    _check(problem is None, name, where, f"bad observation: {problem}")
    return copy.deepcopy(observed)


class MotionProblems(list):
    """What `verify_motions` found, one line each: `note` first, then `flicks`, one line per
    stored flick whose fresh simulation (by the record's own physics version) differs. Count
    `flicks`. `unavailable` is set when the record's physics version is none this program
    has: nothing was simulated, and `note` is the line that names both versions."""

    def __init__(self, note: str | None, flicks: list[str], unavailable: bool = False):
        super().__init__(([note] if note else []) + flicks)
        self.note = note
        self.flicks = flicks
        self.unavailable = unavailable


def verify_motions(record: Record, should_stop: Callable[[], bool] | None = None) -> MotionProblems:
    """Simulate every stored flick again from its position and compare, bit for bit.

    Each flick is simulated by the physics version its record was made by (the header's,
    which every state of the record carries), so a stored motion verifies bit for bit on any
    Flickbook that has that version. One that does not has nothing simulated: the result is
    the one line naming both versions (`unavailable`). Returns one line per difference; the
    stored motion stays what plays. `should_stop` lets a viewer abandon the check (it runs in
    the background after a file is opened).
    """
    motion = record.game.motion
    if motion is None:
        return MotionProblems(None, [])
    if motion.physics_of is not None:
        refused = motion.unavailable(motion.physics_of(record.root.state))
        if refused is not None:
            return MotionProblems(refused[0].upper() + refused[1:], [], unavailable=True)
    flicks = []
    for i, node in enumerate(record.nodes()):
        if node.parent is None or node.stored_motion is None:
            continue
        if should_stop is not None and should_stop():
            break
        if node.observed is not None:  # the inferred flick, blended to the entered places
            try:
                fresh = record.game.observed.observed_motion(node.parent.state, node.action, node.observed)
            except ValueError:
                fresh = None
            fresh = None if fresh is None else type(fresh).from_bytes(fresh.to_bytes())
        else:
            fresh = record.game.apply(node.parent.state, node.action).motion
        if fresh is None or fresh != node.stored_motion:
            flicks.append(f"node {i} (ply {node.ply}, action {node.action_text!r}): a fresh "
                          "simulation differs from the stored motion; the stored motion is what plays")
    return MotionProblems(None, flicks)


def _decode_motion(value: str, name: str, where: str):
    from physics import Motion  # only flick records carry motion

    try:
        return Motion.from_bytes(base64.b64decode(value, validate=True))
    except Exception as exc:  # noqa: BLE001 - any decoding failure is a damaged file
        raise RecordFileError(f"{name}: {where}: damaged motion data ({exc})") from None


def _read_annotations(node: Node, entry: dict, name: str, where: str) -> None:
    """Comment, glyphs, drawings, camera and prompt (their types are already checked)."""
    node.comment = entry.get("comment", "")
    node.glyphs = list(entry.get("glyphs", []))
    try:
        node.drawings = [Drawing.from_json(d) for d in entry.get("drawings", [])]
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordFileError(f"{name}: {where}: bad drawing ({exc})") from None
    camera = entry.get("camera")
    if camera is not None:
        try:
            camera = read_view(camera)  # older forms migrate to the one view format
        except ValueError as exc:
            raise RecordFileError(f"{name}: {where}: bad camera view ({exc})") from None
        seat, seats = camera.get("seat"), seat_count(node.state)
        _check(seat is None or seat < seats, name, where,
               f"bad camera view (seat {seat} is no seat of this game: "
               + ("it has one seat, id 0 (P1))" if seats == 1 else
                  f"its seat ids run from 0 to {seats - 1}, P1 to P{seats})"))
    node.camera = camera
    node.prompt = entry.get("prompt")
    node.ask = copy.deepcopy(entry["ask"]) if "ask" in entry else None
    if node.ask is not None and "goal" in node.ask["accept"]:
        _check_goal(node.record, node.state, node.ask["accept"]["goal"], name,
                    f"{where}: ask: accept: goal")
    try:
        node.analysis = read_analysis(entry.get("analysis"), seat_count(node.state))
    except ValueError as exc:
        raise RecordFileError(f"{name}: {where}: bad analysis ({exc})") from None
    best = (node.analysis or {}).get("best")
    if best is not None:  # the better action than this node's: one of its parent's position
        _check(node.parent is not None, name, where,
               "bad analysis (best: the root has no move to better)")
        try:
            better = node.record.game.parse_action(node.parent.state, best)
        except (IllegalAction, *_GAME_ERRORS) as exc:
            raise RecordFileError(f"{name}: {where}: bad analysis (best {best[:60]!r} is no "
                                  f"action of the position before this one: "
                                  f"{getattr(exc, 'rule', exc)})") from None
        _check(str(better) == best, name, where,
               f"bad analysis (best {best[:60]!r} is not in canonical form ({better}))")


def load_record(path: str | os.PathLike, *, verify_motion: bool = False,
                warnings: list[str] | None = None) -> Record:
    """Read, migrate and validate a `.flick` file; RecordFileError on any problem."""
    data = read_json(path)
    return record_from_json(data, str(path), verify_motion=verify_motion, warnings=warnings)


def loads(raw: bytes, name: str = "<data>") -> Record:
    return record_from_json(parse_bytes(raw, name), name)
