"""What the window is doing, written to a JSON file for real-window tests to wait on.

Set `FLICKBOOK_PROBE=/path/probe.json` and the viewer writes, whenever it changes, the active
mode, the message line, the turn log, the cursor's node, whether the clock, the camera or a
simulation is running, the frames drawn and a few timed moments (`marks`: a flick's release,
its motion ready, the clock's first frame). Tests read it instead of sleeping; nothing is
written without the variable.
"""
from __future__ import annotations

import json
import os
from pathlib import Path


def layout_probe(app) -> dict:
    """The regions the layout placed (viewer.layout), in window pixels from the top-left:
    {"free": [x0, y0, x1, y1], "boxes": {name: [x0, y0, x1, y1]}, "message_lines": n}."""
    return app.screen.probe()


class Probe:
    def __init__(self, app, path: Path):
        self.app = app
        self.path = path
        self._last = None
        self._at = -1.0
        app.frame.add("probe", self._frame, "flickbook-probe")

    def snapshot(self) -> dict:
        app = self.app
        ctl = app.controller
        node = ctl.session.node
        path = []
        cur = node
        while cur.parent is not None:
            path.append(cur.parent.variations.index(cur))
            cur = cur.parent
        scene = app.scene
        view = app.orbit.view
        return {
            "mode": ctl.mode,
            "message": ctl.message_text,
            "typing": ctl.typing(),
            "comment_box": ctl.panel.comment.get(),
            "comment_scrolled": ctl.fields.scroll(ctl.panel.comment).lines,
            "dialog": type(ctl.dialog).__name__ if ctl.dialog is not None else None,
            "node": path[::-1],
            "node_action": str(node.action) if node.action is not None else None,
            "comment": node.comment,
            "drawings": len(node.drawings),
            "nodes": sum(1 for _ in ctl.session.record.nodes()),
            "shown_is_cursor": app.shown_node is node,
            "clock_running": app.clock.running,
            "stepping": app.clock.stepping,
            "playing": ctl.playing,
            "pending": ctl.pending is not None,
            "drag": type(ctl.drag).__name__ if ctl.drag is not None else None,
            "camera_moving": app.orbit.moving,
            "view": [round(view.heading, 2), round(view.pitch, 2), round(view.distance, 4)],
            "aim_line": getattr(scene, "aim_line", None),
            "ghost_line": getattr(scene, "ghost_line", None),
            "ghost_on": getattr(scene, "ghost_on", None),
            "log": list(ctl.log.lines),
            "frames_drawn": app.frames_drawn,
            "window_active": app.win.isActive(),
            "marks": dict(app.marks),
            "clock_started": app.clock.started_at,
            "clock_first_drawn": app.clock.first_drawn_at,
            "clock_first_times": list(app.clock.first_times),
            "editor": ctl.editor.active,
            "editor_hints": list(getattr(getattr(getattr(ctl.editor, "current", None), "model",
                                                 None), "hints", None) or []),
            "inputs": ctl.inputs,
            "graph": {"shown": ctl.graph.shown, "dots": [i for i, _ in ctl.graph.dots],
                      "preview": len(ctl.graph.preview or {})},
            "analysing": {"running": ctl.analysis.running, "finished": ctl.analysis.finished},
            "computer": {"seats": {str(k): v for k, v in ctl.computer.seats.items()},
                         "thinking": ctl.computer.thinking is not None,
                         "played": ctl.computer.played, "chose": ctl.computer.last_choice},
            "best_shot": ctl.best.probe(),
            "ticks": ctl.ticks.probe(),
            "reel": ctl.dialog.probe() if type(ctl.dialog).__name__ == "ReelReview" else None,
            "status": app._status_text,
            "lesson": ctl.lesson_box.probe() if hasattr(ctl, "lesson_box") else None,
            "ask": node.ask,
            "lesson_panel": getattr(getattr(ctl, "lesson_panel", None), "active", False),
            "pointer": self._pointer(),
            "move_list": ctl.panel.moves.pixels(),
            "list_scroll": ctl.panel.scroll,
            "jobs": app.jobs.probe(),
            "workers_started": app.jobs.started_workers,
            "learn": (ctl.dialog.probe((app.win.getXSize(), app.win.getYSize()))
                      if type(ctl.dialog).__name__ == "LearnOverlay" else None),
            "puzzle": ({"next": str(ctl.puzzle_box.next_path) if ctl.puzzle_box.next_path
                        else None} if ctl.puzzle_box.puzzle is not None else None),
            "help": ([list(line) for line in ctl.dialog.lines]
                     if type(ctl.dialog).__name__ == "HelpOverlay" else None),
            "hover": getattr(scene, "hover_line", None),
            "scene": scene.probe() if hasattr(scene, "probe") else {},  # a game's own facts
            "layout": layout_probe(app),
        }

    def _pointer(self):
        mw = self.app.mouseWatcherNode
        if mw is None or not mw.hasMouse():
            return None
        m = mw.getMouse()
        w, h = self.app.win.getXSize(), self.app.win.getYSize()
        return [round((m.x + 1) / 2 * w, 1), round((1 - m.y) / 2 * h, 1)]

    #: While the window sleeps (draws nothing), the probe looks this often (seconds): a full
    #: snapshot costs about as much as the idle window itself, and a sleeping window changes
    #: only by what its workers report, which a test can wait a quarter second for.
    IDLE_EVERY = 0.25

    def _frame(self, task):
        now = task.time
        if not self.app.win.isActive() and now - self._at < self.IDLE_EVERY:
            return task.cont
        self._at = now
        try:
            snap = self.snapshot()
        except Exception as exc:  # noqa: BLE001 - the probe must never stop the viewer
            snap = {"error": str(exc)}
        text = json.dumps(snap, sort_keys=True)
        if text != self._last:
            self._last = text
            tmp = self.path.with_suffix(".tmp")
            try:
                tmp.write_text(text)
                os.replace(tmp, self.path)
            except OSError:
                pass
        return task.cont


def attach_probe(app) -> Probe | None:
    where = os.environ.get("FLICKBOOK_PROBE")
    return Probe(app, Path(where)) if where else None
