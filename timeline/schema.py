"""Small declarative type checks for the `.flick` format: exact types, never coercion.

A spec is a callable `spec(value, where)` that returns nothing or raises `SchemaError` with the
place and the problem ("node 4 (ply 4, action 'x'): glyphs[1]: must be one of ! ? ..."). JSON
Schema validators were considered: they give paths, not the node/ply/action wording the loader
owes its users, treat `1.0` as an integer, and cost far more per node on a 30,000-ply record.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Mapping

Spec = Callable[[Any, str], None]

#: How deeply free-form parts (config, goals, starting positions, headers) may nest.
MAX_DEPTH = 32


class SchemaError(ValueError):
    """`where: what`, ready to be shown after the file name."""


def fail(where: str, what: str):
    raise SchemaError(f"{where}: {what}" if where else what)


def _kind(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def Bool(value, where):  # noqa: N802 - specs read like types
    if not isinstance(value, bool):
        fail(where, f"must be true or false, not {_kind(value)}")


def Int(lo: int | None = None, hi: int | None = None) -> Spec:
    def check(value, where):
        if isinstance(value, bool) or not isinstance(value, int):
            fail(where, f"must be a whole number, not {_kind(value)}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            fail(where, f"must be {_range(lo, hi)}, not {value}")
    return check


def Num(lo: float | None = None, hi: float | None = None) -> Spec:
    def check(value, where):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            fail(where, f"must be a number, not {_kind(value)}")
        if not math.isfinite(value):
            fail(where, "must be a finite number")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            fail(where, f"must be {_range(lo, hi)}, not {value}")
    return check


def _range(lo, hi) -> str:
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"


def Str(max_len: int = 1_000_000) -> Spec:
    def check(value, where):
        if not isinstance(value, str):
            fail(where, f"must be text, not {_kind(value)}")
        if len(value) > max_len:
            fail(where, f"is longer than {max_len} characters")
    return check


def OneOf(*choices) -> Spec:
    def check(value, where):
        if isinstance(value, bool) or not any(
                type(value) is type(c) and value == c for c in choices):
            fail(where, f"must be one of {', '.join(map(_show, choices))}, not {_show(value)}")
    return check


def show(value) -> str:
    """A value as a message quotes it: short, and a list or object by its kind (a repr of a
    hostile file's 2,000-deep list would exhaust the stack)."""
    if isinstance(value, (list, dict)):
        return _kind(value)
    if isinstance(value, str) and len(value) > 40:
        value = value[:37]
    text = repr(value) if not isinstance(value, (bool, type(None))) else str(value).lower()
    return text if len(text) < 40 else text[:37] + "..."


_show = show


def Nullable(spec: Spec) -> Spec:
    def check(value, where):
        if value is not None:
            spec(value, where)
    return check


def ListOf(item: Spec, min_len: int = 0, max_len: int = 100_000) -> Spec:
    def check(value, where):
        if not isinstance(value, list):
            fail(where, f"must be a list, not {_kind(value)}")
        if not min_len <= len(value) <= max_len:
            fail(where, f"must hold {_range(min_len, max_len)} items, not {len(value)}")
        for i, v in enumerate(value):
            item(v, f"{where}[{i}]")
    return check


def Either(*specs: Spec, what: str) -> Spec:
    """The first spec that accepts; `what` describes the accepted forms in the message."""
    def check(value, where):
        for spec in specs:
            try:
                spec(value, where)
                return
            except SchemaError:
                continue
        fail(where, f"must be {what}")
    return check


def Obj(required: Mapping[str, Spec] | None = None, optional: Mapping[str, Spec] | None = None,
        extra: Spec | None = None) -> Spec:
    """An object with these keys; unknown keys are refused unless `extra` checks their values."""
    required = dict(required or {})
    optional = dict(optional or {})

    def check(value, where):
        if not isinstance(value, dict):
            fail(where, f"must be an object, not {_kind(value)}")
        for key, spec in required.items():
            if key not in value:
                fail(where, f"'{key}' is missing")
        for key, v in value.items():
            spec = required.get(key) or optional.get(key)
            inner = f"{where}: {key}" if where else key
            if spec is None:
                if extra is None:
                    fail(where, f"unknown key {_show(key)}")
                extra(v, inner)
            else:
                spec(v, inner)
    return check


def Json(max_depth: int = MAX_DEPTH) -> Spec:
    """Any JSON value nested at most `max_depth` deep, every number finite (checked without
    recursion, so a hostile file cannot exhaust the stack)."""
    def check(value, where):
        stack = [(value, 0)]
        while stack:
            v, depth = stack.pop()
            if isinstance(v, (dict, list)):
                if depth >= max_depth:
                    fail(where, f"is nested more than {max_depth} levels deep")
                stack.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
            elif isinstance(v, float) and not math.isfinite(v):
                fail(where, "holds a number that is not finite")
            elif not (v is None or isinstance(v, (str, int, float, bool))):
                fail(where, f"holds {_kind(v)}, which JSON cannot store")
    return check


def like_default(default) -> Spec:
    """The type a game's default config value implies (None: any JSON, the game checks it)."""
    if default is None:
        return Json()
    if isinstance(default, bool):
        return Bool
    if isinstance(default, int):
        return Int()
    if isinstance(default, float):
        return Num()
    if isinstance(default, str):
        return Str(10_000)
    if isinstance(default, dict):
        return Obj(optional={k: like_default(v) for k, v in default.items()})
    return Json()


def Tagged(tag: str, forms: Mapping[str, Spec]) -> Spec:
    """An object whose `tag` key names its form; the rest is checked by that form's spec (so
    a message names the wrong field of the right form, not "must be one of three shapes")."""
    def check(value, where):
        if not isinstance(value, dict):
            fail(where, f"must be an object, not {_kind(value)}")
        if tag not in value:
            fail(where, f"'{tag}' is missing (one of {', '.join(map(_show, forms))})")
        form = value[tag]
        if not isinstance(form, str) or form not in forms:
            fail(f"{where}: {tag}" if where else tag,
                 f"must be one of {', '.join(map(_show, forms))}, not {_show(form)}")
        forms[form]({k: v for k, v in value.items() if k != tag}, where)
    return check


# --- lessons ---------------------------------------------------------------------------------
#: What a lesson's "your turn" node accepts, in one of three forms (each game's house says
#: which it understands, analysis/lessons):
#:   {"kind": "optimal", "goal": {...}}          any move on a shortest line to the goal
#:   {"kind": "loss", "max_loss": 0.1}           any decision within that much win chance of
#:                                               the best ("rollouts", "seed" optional)
#:   {"kind": "chance", "outcome": "board_after", "at_least": 0.5}
#:                                               any flick that meets the outcome at least that
#:                                               often under the hand's scatter ("skill",
#:                                               "samples", "seed" optional)
ACCEPT = Tagged("kind", {
    "optimal": Obj(required={"goal": Obj(extra=Json(8))}),
    "loss": Obj(required={"max_loss": Num(0.0, 1.0)},
                optional={"rollouts": Int(4, 5000), "seed": Int(0, 2 ** 32)}),
    "chance": Obj(required={"outcome": Str(100), "at_least": Num(0.0, 1.0)},
                  optional={"skill": Str(100), "samples": Int(4, 5000), "seed": Int(0, 2 ** 32)}),
})
#: A node's "your turn": the question in words, what is accepted, hints in tiers (vaguest
#: first) and the words said on a right answer.
ASK = Obj(required={"accept": ACCEPT},
          optional={"question": Str(10_000), "hints": ListOf(Str(10_000), max_len=10),
                    "right": Str(10_000)})
