"""Seeded mutational fuzzers of every file kind beside records (courses, progress exports,
observations, hands, direction in records, the progress database), as tests/fuzzing.py fuzzes
records: real files mutated at the JSON level and at the byte level, each run through the one
reader the program uses for that kind.

Each mutation is labelled "invalid" when the format forbids it whatever the rest holds (a key
given twice, NaN, Infinity, a number too large, a lone surrogate, nesting 3,000 deep, a value
of another JSON type where the kind declares one type, a key the kind does not declare, the
file cut short), or "any" (a byte flipped, a value swapped for one of the same type): an
invalid one must be refused, any one must be refused or read, and nothing may raise anything
else or take more than `SLOW` seconds.
"""
from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Longer than this for one file is a hang.
SLOW = 5.0
RAW_INVALID = ["NaN", "Infinity", "-Infinity", "1e400", '"\\ud83d"', '"a\\udc00b"',
               "[" * 3000 + "]" * 3000]
SAMPLES = {str: ["", "x", "é" * 30, "0.5", "true"], bool: [True, False], float: [0.0, -1.0, 0.5, 1e300, -1e300, 7],
           list: [[], [1, 2], ["a"], [[0, 0]]], dict: [{}, {"a": 1}], type(None): [None]}


def _kind_of(value):
    if isinstance(value, bool):
        return bool
    if isinstance(value, (int, float)):
        return float
    return type(value)


def _places(data, path=(), free=()):
    """Every (path, value) in `data` (free-form parts, whose paths start with one of `free`,
    left out: any type goes there)."""
    out = []
    stack = [(data, path)]
    while stack:
        value, where = stack.pop()
        if any(where[:len(f)] == f for f in free):
            continue
        out.append((where, value))
        if isinstance(value, dict):
            stack.extend((v, where + (k,)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, where + (i,)) for i, v in enumerate(value))
    return out


def _set(data, path, value):
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def _marked(data, path) -> str:
    """The JSON text of `data` with the value at `path` replaced by a marker string."""
    copy_ = copy.deepcopy(data)
    _set(copy_, path, "\u0000MARK\u0000")
    return json.dumps(copy_)


def mutations(seed_data: dict, n: int, seed: int, *, typed=(), free=(), extra_ok=()):
    """`n` mutated texts of `seed_data`: (label, text bytes, "invalid" | "any"). `typed`: path
    prefixes whose values have one declared type; `free`: free-form prefixes (left alone);
    `extra_ok`: prefixes of objects that take keys of any name."""
    rng = random.Random(seed)
    base = json.dumps(seed_data)
    places = [(p, v) for p, v in _places(seed_data, free=free) if p]
    objects = [(p, v) for p, v in _places(seed_data, free=free) if isinstance(v, dict)]
    out = []
    while len(out) < n:
        how = rng.randrange(7)
        if how == 0:  # a key given twice
            where, obj = rng.choice(objects)
            if not obj:
                continue
            key = rng.choice(list(obj))
            inner = json.dumps(obj)
            doubled = inner[:-1] + (", " if obj else "") + json.dumps(key) + ": " + json.dumps(obj[key]) + "}"
            text = _marked(seed_data, where).replace('"\\u0000MARK\\u0000"', doubled) if where else doubled
            out.append((f"key {key!r} twice at {where}", text.encode(), "invalid"))
        elif how == 1:  # a forbidden number, a lone surrogate, nesting past any limit
            where, _ = rng.choice(places)
            raw = rng.choice(RAW_INVALID)
            text = _marked(seed_data, where).replace('"\\u0000MARK\\u0000"', raw)
            out.append((f"{raw[:12]} at {where}", text.encode(), "invalid"))
        elif how == 2:  # a value of another type where one type is declared
            choices = [(p, v) for p, v in places if any(p[:len(t)] == t for t in typed)
                       and not isinstance(v, (dict, list))]
            if not choices:
                continue
            where, value = rng.choice(choices)
            kinds = [k for k in SAMPLES if k is not _kind_of(value)]
            new = copy.deepcopy(rng.choice(SAMPLES[rng.choice(kinds)]))
            data = copy.deepcopy(seed_data)
            _set(data, where, new)
            out.append((f"{where} = {new!r:.30}", json.dumps(data).encode(), "invalid"))
        elif how == 3:  # a key the kind does not declare
            where, obj = rng.choice(objects)
            if any(where[:len(e)] == e for e in extra_ok):
                continue
            data = copy.deepcopy(seed_data)
            target = data
            for step in where:
                target = target[step]
            target["zz_not_declared"] = 1
            out.append((f"unknown key at {where}", json.dumps(data).encode(), "invalid"))
        elif how == 4:  # cut short
            cut = rng.randrange(1, len(base.rstrip()))
            out.append((f"cut at {cut}", base[:cut].encode(), "invalid"))
        elif how == 5:  # bytes flipped
            raw = bytearray(base.encode())
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            out.append(("bytes flipped", bytes(raw), "any"))
        else:  # a value of the same type, of any size
            where, value = rng.choice(places)
            if isinstance(value, (dict, list)):
                continue
            new = copy.deepcopy(rng.choice(SAMPLES[_kind_of(value)]))
            data = copy.deepcopy(seed_data)
            _set(data, where, new)
            out.append((f"{where} = {new!r:.30}", json.dumps(data).encode(), "any"))
    return out


def run(read, cases, folder: Path, suffix: str, refusal) -> dict:
    """Each case through `read(path)`: counts of refused, accepted, silent accepts (an invalid
    one read) and slow ones; any other exception propagates (a traceback)."""
    counts = {"refused": 0, "accepted": 0, "silent": [], "slow": []}
    path = folder / f"fuzzed{suffix}"
    for label, raw, expect in cases:
        path.write_bytes(raw)
        start = time.perf_counter()
        try:
            read(path)
            got = "accepted"
        except refusal as exc:
            assert "\n" not in str(exc), (label, str(exc))
            got = "refused"
        if time.perf_counter() - start > SLOW:
            counts["slow"].append(label)
        counts[got] += 1
        if expect == "invalid" and got == "accepted":
            counts["silent"].append(label)
    return counts
