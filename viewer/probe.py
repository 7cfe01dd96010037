"""What the window is doing, written to a JSON file for real-window tests to wait on.

Set `FLICKBOOK_PROBE=/path/probe.json` and the viewer writes, whenever it changes, the active
mode, the message line, the turn log, the cursor's node, whether the clock, the camera or a
simulation is running, the frames drawn and a few timed moments (`marks`: a flick's release,
its motion ready, the clock's first frame). Tests read it instead of sleeping; nothing is
written without the variable.

Two keys say where things are drawn, so a test aims where a person would look:
- "camera" (`camera_facts`): the camera and lens as drawn, enough for an offscreen app to draw
  the same picture (tests/xvfb/mirror.py `align_to_window`);
- "screen" (`screen_items`): the scene's own clickable things drawn flat on the screen (Glik's
  tray of boards in hand, Grendizer's hand and outcome list), as window pixel boxes;
- "buttons" (`button_boxes`): every button and text field shown (the panels', a dialog's, an
  editor's), by its words, with its window pixel box: a test clicks "Restore" where it is.
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
            "question": (ctl.dialog.text if type(ctl.dialog).__name__ == "Question" else None),
            "dialog_problem": getattr(ctl.dialog, "problem", None),
            "dialog_entry": (ctl.dialog.entry.get() if type(ctl.dialog).__name__ == "FileDialog"
                             else None),
            "path": str(ctl.path) if ctl.path is not None else None,
            "node": path[::-1],
            "node_action": str(node.action) if node.action is not None else None,
            "comment": node.comment,
            "drawings": len(node.drawings),
            "nodes": sum(1 for _ in ctl.session.record.nodes()),
            "shown_is_cursor": app.shown_node is node,
            "clock_running": app.clock.running,
            "stepping": app.clock.stepping,
            "playing": ctl.player.playing,
            "pending": ctl.moves.pending is not None,
            "drag": type(ctl.drag).__name__ if ctl.drag is not None else None,
            "camera_moving": app.orbit.moving,
            "view": [round(view.heading, 2), round(view.pitch, 2), round(view.distance, 4)],
            "aim_line": getattr(scene, "aim_line", None),
            "ghost_line": getattr(scene, "ghost_line", None),
            "ghost_on": getattr(scene, "ghost_on", None),
            "log": list(ctl.log.lines),
            "frames_drawn": app.frames_drawn,
            # the still scene's picture (viewer.still): frames shown from it, times drawn
            "still": {"active": app.still.active, "frames": app.still.frames,
                      "redraws": app.still.redraws},
            # the Glonk mat lit from its picture (viewer.glonk.mat_picture), times drawn
            "mat_picture": ({"using": mp.using, "redraws": mp.redraws}
                            if (mp := getattr(scene, "mat_picture", None)) is not None else None),
            # the still picture during a Glonk playback (viewer.glonk.playback_picture): frames
            # drawn under it, pictures drawn for it
            "playback_picture": ({"active": pb.active, "frames": pb.frames,
                                  "redraws": pb.redraws}
                                 if (pb := getattr(scene, "playback_picture", None)) is not None
                                 else None),
            # seconds each frame stage took in all (viewer.frame), the draw's sleep included
            "frame_stage_s": {k: round(v, 4) for k, v in app.frame.totals.items()},
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
            "workers": app.jobs.workers(),  # the process lane's: name -> pid (None: not now)
            "learn": (ctl.dialog.probe((app.win.getXSize(), app.win.getYSize()))
                      if type(ctl.dialog).__name__ == "LearnOverlay" else None),
            "puzzle": ({"next": str(ctl.puzzle_box.next_path) if ctl.puzzle_box.next_path
                        else None} if ctl.puzzle_box.puzzle is not None else None),
            "help": ([list(line) for line in ctl.dialog.lines]
                     if type(ctl.dialog).__name__ == "HelpOverlay" else None),
            "hover": getattr(scene, "hover_line", None),
            "table_log": ctl.table_log.probe() if hasattr(ctl, "table_log") else None,
            "scene": scene.probe() if hasattr(scene, "probe") else {},  # a game's own facts
            "camera": camera_facts(app),
            "screen": screen_items(app),
            "buttons": self._buttons(),
            "layout": layout_probe(app),
        }

    _buttons_at = (None, -1.0)
    _buttons_were: dict = {}
    #: `button_boxes` costs a few ms: looked for again only after a frame was drawn (an idle
    #: window, which draws nothing, shows the same buttons), and while the window draws at
    #: most this often (seconds); once it sleeps, for the last frame it drew.
    BUTTONS_EVERY = 0.1

    def _buttons(self) -> dict:
        import time

        frames, at = self._buttons_at
        now = time.monotonic()
        if frames != self.app.frames_drawn and (now - at >= self.BUTTONS_EVERY
                                                 or not self.app.win.isActive()):
            self._buttons_at = (self.app.frames_drawn, now)
            self._buttons_were = button_boxes(self.app)
        return self._buttons_were

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
    #: While the window draws, the probe looks at most this often (seconds): a snapshot and
    #: its file cost 2-7 ms on a busy machine, which a window aiming at 45 frames a second
    #: cannot spend on every frame; tests poll the file every 50 ms.
    ACTIVE_EVERY = 0.04

    def _frame(self, task):
        now = task.time
        every = self.IDLE_EVERY if not self.app.win.isActive() else self.ACTIVE_EVERY
        if now - self._at < every:
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


def camera_facts(app) -> dict:
    """The camera and lens as the window draws with them: the camera's position and heading,
    pitch, roll in render space, the lens's field of view, film size and offset, near and far
    planes, and the window's size in pixels (the layout contract's "camera")."""
    cam, lens = app.cam, app.camLens
    pos, hpr = cam.getPos(app.render), cam.getHpr(app.render)
    fov, film, offset = lens.getFov(), lens.getFilmSize(), lens.getFilmOffset()
    return {"pos": [round(v, 6) for v in pos], "hpr": [round(v, 5) for v in hpr],
            "fov": [round(v, 6) for v in fov], "film_size": [round(v, 7) for v in film],
            "film_offset": [round(v, 7) for v in offset],
            "near_far": [round(lens.getNear(), 7), round(lens.getFar(), 5)],
            "window": [app.win.getXSize(), app.win.getYSize()]}


def screen_items(app) -> dict:
    """The scene's clickable things drawn flat on the screen: name -> [x0, y0, x1, y1] in
    window pixels from the top-left (the names are the scene's, see `Scene.screen_items`)."""
    scene = app.scene
    if scene is None:
        return {}
    size = (app.win.getXSize(), app.win.getYSize())
    return {name: [round(v, 1) for v in box] for name, box in scene.screen_items(size).items()}


def button_boxes(app) -> dict:
    """Each DirectGUI button drawn now, by its words ("!", "Restore", "Save puzzle"), and the
    comment box ("comment box"): a list of [x0, y0, x1, y1] window pixel boxes from the
    top-left, one per widget with those words."""
    from direct.gui.DirectButton import DirectButton
    from direct.gui.DirectGuiBase import DirectGuiWidget

    out: dict[str, list] = {}
    for widget in list(DirectGuiWidget.guiDict.values()):
        if not isinstance(widget, DirectButton):
            continue
        text = widget["text"]
        name = " ".join(text) if isinstance(text, (list, tuple)) else str(text or "")
        box = _widget_box(app, widget)
        if box is not None and name.strip():
            out.setdefault(name.strip(), []).append(box)
    comment = getattr(getattr(app.controller, "panel", None), "comment", None)
    box = _widget_box(app, comment) if comment is not None else None
    if box is not None:
        out["comment box"] = [box]
    return out


def _widget_box(app, widget):
    """A shown widget's frame in window pixels, or None (hidden, gone, not on the screen)."""
    from panda3d.core import Point3

    top = app.render2d
    try:
        if widget.isEmpty() or widget.isHidden() or widget.getTop() != top:
            return None
        l, r, b, t = widget.getBounds()
    except (AssertionError, TypeError, ValueError):
        return None
    w, h = app.win.getXSize(), app.win.getYSize()
    lo = top.getRelativePoint(widget, Point3(l, 0, b))
    hi = top.getRelativePoint(widget, Point3(r, 0, t))
    return [round((min(lo.x, hi.x) + 1) / 2 * w, 1), round((1 - max(lo.z, hi.z)) / 2 * h, 1),
            round((max(lo.x, hi.x) + 1) / 2 * w, 1), round((1 - min(lo.z, hi.z)) / 2 * h, 1)]


def attach_probe(app) -> Probe | None:
    where = os.environ.get("FLICKBOOK_PROBE")
    return Probe(app, Path(where)) if where else None
