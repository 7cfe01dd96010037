"""`flickbook render`: draw one position of a record to a PNG without a window.

One offscreen ShowBase serves every call in a process (Panda allows one), so tests can render
many positions and camera presets quickly.
"""
from __future__ import annotations

import re
from pathlib import Path

_APP = None


class RenderError(ValueError):
    """A render request that cannot be met (bad size, node, ply or preset)."""


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", str(text))
    if not m:
        raise RenderError(f"size must look like 1280x720, not {text!r}")
    w, h = int(m[1]), int(m[2])
    if not (16 <= w <= 8192 and 16 <= h <= 8192):
        raise RenderError("size must be between 16 and 8192 pixels each way")
    return w, h


def parse_node_path(text: str) -> tuple[int, ...]:
    """'0.0.1' -> (0, 0, 1); '' or 'root' -> ()."""
    text = str(text).strip()
    if text in ("", "root", "()"):
        return ()
    try:
        return tuple(int(p) for p in text.split("."))
    except ValueError:
        raise RenderError(f"a node path is child indices joined by dots (0.0.1), not {text!r}") from None


def _session_for(record_or_state, game=None):
    from timeline import Record, Session

    if isinstance(record_or_state, Session):
        return record_or_state
    if isinstance(record_or_state, Record):
        return Session(record_or_state)
    if game is None:
        raise RenderError("rendering a bare state needs its game")
    from games.registry import get_game

    g = get_game(game) if isinstance(game, str) else game
    rec = Record(g.name, dict(g.default_config()), start_state_json=g.state_to_json(record_or_state))
    return Session(rec)


def offscreen_app(session, size, fresh: bool = False):
    """The process's offscreen app, showing `session` at `size`, drawing as a fresh one would
    (what an earlier caller set on it, such as a window's panels or lens, is undone): an
    export's frames drawn here and in fresh helper processes are the same. `fresh`: a new
    scene too (what a scene keeps from one record to the next is gone)."""
    global _APP
    from viewer.app import ViewerApp

    if _APP is None:
        _APP = ViewerApp(session, offscreen=True, size=size, interactive=False)
    else:  # as a fresh one: no panels kept for a window, its own lens and camera
        _APP.set_session(session, fresh=fresh)
        _APP.set_insets(0.0, 0.0)
    _APP.resize(size)
    _APP.own_lens()
    return _APP


def render_png(record_or_state, out_path, size=(1280, 720), camera_preset: str | None = None,
               node_path=None, ply: int | None = None, game=None):
    """Render a position to `out_path`; returns the app (for tests that project points).

    The position is the node at `node_path` (child indices), or ply `ply` of the main line, or
    the session's cursor. `camera_preset`: "top", "seat" (player to move), "seatN" (N from 1: P1 is seat1), or None
    for the node's saved view if it has one, else "seat".
    """
    session = _session_for(record_or_state, game)
    if node_path is not None and ply is not None:
        raise RenderError("give either a node path or a ply, not both")
    if node_path is not None:
        path = parse_node_path(node_path) if isinstance(node_path, str) else tuple(node_path)
        try:
            session.go_to(path)
        except ValueError as exc:
            raise RenderError(str(exc)) from None
    elif ply is not None:
        line = session.record.mainline()
        if not 0 <= ply < len(line):
            raise RenderError(f"ply {ply} is outside the main line (0..{len(line) - 1})")
        session.go_to(line[ply])
    app = offscreen_app(session, tuple(size))
    app.show_node(session.node)
    view = app.view_for_preset(camera_preset, session.node)
    app.set_view(view)
    app.render_frames(2)
    out = Path(out_path)
    if out.parent and not out.parent.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
    app.save_png(out)
    return app


def render_command(args) -> int:
    """CLI: flickbook render FILE [--ply N | --node PATH] --out PNG [--size WxH] [--camera P].

    FILE `demo` (when no such file exists) is the bundled demo replay that `flickbook` opens
    (Glonk); `demo-glik` is the Glik demo.
    """
    import sys

    from timeline import RecordFileError, load_record

    try:
        size = parse_size(getattr(args, "size", None) or "1280x720")
        if args.file in ("demo", "demo-glik") and not Path(args.file).exists():
            from viewer.main import demo_for

            record = demo_for(args.file[5:] or None if args.file.startswith("demo-") else None).record
        else:
            record = load_record(args.file)
        render_png(record, args.out, size=size, camera_preset=getattr(args, "camera", None),
                   node_path=getattr(args, "node", None), ply=getattr(args, "ply", None))
    except (RenderError, RecordFileError, OSError, ValueError) as exc:  # ValueError: a camera
        print(f"flickbook: {exc}", file=sys.stderr)
        return 2
    print(args.out)
    return 0
