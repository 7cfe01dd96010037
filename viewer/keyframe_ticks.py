"""The direction's keyframes as ticks on the scrub bar: camera keyframes (above the bar),
speed stretches' ends, holds, notes and markers (below it), each at its line time.

A press on a tick selects it (the message line says what it is); dragging it along the bar
moves it to another moment, one undoable edit when the button comes up; Delete removes the
selected keyframe (the `delete_keyframe` command: Delete is bound to it while one is), Shift+B changes
the selected keyframe's setting (a camera keyframe's blend: cut, linear, smooth; a speed
stretch's rate; a hold's seconds), Esc drops the selection. Every edit is `Session.set_direction` of a new
direction (timeline.direction `moved`, `removed`, `with_blend`), so Ctrl+Z reaches it.

The ticks hang from the panel's track node and read only its width and the mouse's place on
it (`panel.track`, `panel.track_w`, `panel.mouse_fraction()`): the panel does not know them.
"""
from __future__ import annotations

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectFrame
from panda3d.core import MouseButton

from timeline.direction import moment_at, moment_of, moved, removed, ticks, with_next_setting

#: Colour of each kind of tick; a selected one is white.
COLOURS = {"camera": (0.45, 0.75, 1.0, 1), "follow": (0.30, 0.95, 0.90, 1),
           "speed": (0.50, 0.90, 0.40, 1), "hold": (0.75, 0.55, 1.0, 1),
           "note": (1.0, 0.85, 0.20, 1), "marker": (1.0, 0.38, 0.32, 1)}
SELECTED = (1.0, 1.0, 1.0, 1)
#: Half a tick's width, and its band (camera keyframes above the bar's line, the rest below).
HALF_W = 0.007
ABOVE, BELOW = (0.010, 0.050), (-0.050, -0.010)
#: A press that moves less than this (aspect2d units) is a click: it selects, it moves nothing.
DRAG_MIN = 0.006
#: The least line time between a speed stretch's two ends.
MIN_STRETCH = 0.02
BLEND_WORDS = {"cut": "a cut", "linear": "a linear move", "smooth": "a smooth move"}
#: The kinds of tick whose keyframe has a setting for Shift+B.
SETTINGS = ("camera", "follow", "speed", "hold")
WORDS = {"camera": "camera keyframe", "follow": "follow-camera keyframe",
         "speed": "slow-motion or faster stretch", "hold": "hold", "note": "note",
         "marker": "marker"}


class KeyframeTicks:
    """The ticks of the record's direction on the scrub bar of `ctl.panel`."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.panel = ctl.panel
        self.frames: dict[tuple, DirectFrame] = {}
        self.shown: list = []  # the Ticks drawn (timeline.direction.Tick)
        self.selected: tuple | None = None
        self.drag: dict | None = None
        self._drawn = None

    # --- what is drawn ------------------------------------------------------------------------
    def _clock(self):
        return self.ctl.player.clock()

    def refresh(self, force: bool = False) -> None:
        """Draw the ticks of the record's direction on the line shown (once per change)."""
        record = self.ctl.session.record
        clock = self._clock()
        if self._drawn is not None and self._drawn[0] is not record:
            self.selected = self.drag = None  # another record: its own keyframes
        # what is drawn, held (not by id: a freed direction's id may come again)
        drawn = (record, record.direction, clock, self.panel.track_w, self.selected)
        if not force and self._drawn is not None and all(
                a is b or (isinstance(a, (float, tuple)) and a == b) for a, b in zip(drawn, self._drawn)):
            return
        self._drawn = drawn
        self.shown = ticks(record.direction, clock)
        if self.selected is not None and all(t.key != self.selected for t in self.shown):
            self.selected = None
            self._drawn = drawn[:-1] + (None,)
        for frame in self.frames.values():
            frame.destroy()
        self.frames = {}
        total = clock.total
        for tick in self.shown:
            low, high = ABOVE if tick.kind in ("camera", "follow") else BELOW
            on = tick.key == self.selected
            w = HALF_W * (1.6 if on else 1.0)
            frame = DirectFrame(parent=self.panel.track, state=DGG.NORMAL,
                                frameColor=SELECTED if on else COLOURS[tick.kind],
                                frameSize=(-w, w, low * (1.3 if on else 1.0), high * (1.3 if on else 1.0)))
            frame.setX(self._x(tick.time, total))
            frame.bind(DGG.B1PRESS, self._press, [tick.key])
            self.frames[tick.key] = frame

    def _x(self, time: float, total: float) -> float:
        return (time / total if total > 0 else 0.0) * self.panel.track_w

    def tick(self, key) -> object | None:
        return next((t for t in self.shown if t.key == key), None)

    # --- the mouse ------------------------------------------------------------------------------
    def _press(self, key, _event=None) -> None:
        self.press(key, self._mouse_x())

    def press(self, key, x: float | None) -> None:
        """Select the tick `key` and start dragging it from aspect2d x `x` on the track."""
        self.ctl.player.stop()
        self.select(key)
        tick = self.tick(key)
        if tick is not None:
            self.drag = {"key": key, "x0": x, "time": tick.time, "moved": False}
        self.ctl.app.wake()

    def _mouse_x(self) -> float | None:
        fraction = self.panel.mouse_fraction()
        return None if fraction is None else fraction * self.panel.track_w

    def frame(self) -> None:
        """Each frame while a tick is held: it follows the mouse along the bar; once the
        button is up, the keyframe moves there (one edit)."""
        if self.drag is None:
            if self._drawn is not None and self._drawn[3] != self.panel.track_w:
                self.refresh()  # the window changed size: the bar with it
            return
        mw = self.ctl.app.mouseWatcherNode
        if mw is not None and mw.isButtonDown(MouseButton.one()):
            x = self._mouse_x()
            if x is not None:
                self.drag_to(x)
        else:
            self.release()

    def drag_to(self, x: float) -> None:
        """The held tick at aspect2d x `x` of the track (not yet an edit)."""
        drag = self.drag
        if drag is None:
            return
        if not drag["moved"] and (drag["x0"] is None or abs(x - drag["x0"]) < DRAG_MIN):
            return
        drag["moved"] = True
        clock = self._clock()
        time = min(max(x / self.panel.track_w, 0.0), 1.0) * clock.total
        drag["time"] = self._limited(drag["key"], time, clock)
        frame = self.frames.get(drag["key"])
        if frame is not None:
            frame.setX(self._x(drag["time"], clock.total))
        self.ctl.app.wake()

    def _limited(self, key, time: float, clock) -> float:
        """`time` kept on the right side of the other end, for an end of a speed stretch."""
        if len(key) < 3:
            return time
        other = self.tick((key[0], key[1], "to" if key[2] == "from" else "from"))
        if other is None:
            return time
        if key[2] == "from":
            return min(time, other.time - MIN_STRETCH)
        return max(time, other.time + MIN_STRETCH)

    def release(self) -> None:
        """The button is up: a dragged tick's keyframe moves to where it was let go."""
        drag, self.drag = self.drag, None
        if drag is None or not drag["moved"]:
            return
        clock = self._clock()
        session = self.ctl.session
        data = session.record.direction
        tick = self.tick(drag["key"])
        at = moment_at(clock, max(drag["time"], 0.0))
        if data is None or tick is None or at == moment_of(data, drag["key"]):
            self.refresh(force=True)
            return
        try:
            session.set_direction(f"move {WORDS[tick.kind]}", moved(data, drag["key"], at, clock))
        except ValueError as exc:
            self.ctl.say(f"The {WORDS[tick.kind]} stays where it was: {exc}")
            self.refresh(force=True)
            return
        self.ctl.say(f"{WORDS[tick.kind].capitalize()} moved to {self._where(at)} (Ctrl+Z undoes)")
        self.refresh()

    # --- selection and keys ---------------------------------------------------------------------
    def select(self, key) -> None:
        self.selected = key
        self.refresh()
        tick = self.tick(key)
        if tick is None:
            return
        at = moment_of(self.ctl.session.record.direction, key)
        blend = f", by {BLEND_WORDS[tick.blend]} (Shift+B: blend)" if tick.blend else ""
        self.ctl.say(f"{WORDS[tick.kind].capitalize()} at {self._where(at)}{blend}; drag: move, "
                     "Delete: remove")

    def setting_selected(self) -> bool:
        """A keyframe with a setting Shift+B changes is selected (camera, speed, hold)."""
        tick = self.tick(self.selected) if self.selected is not None else None
        return tick is not None and tick.kind in SETTINGS

    def deselect(self) -> bool:
        """Drop the selection; True when there was one."""
        if self.selected is None:
            return False
        self.selected = None
        self.refresh()
        return True

    def delete_selected(self) -> bool:
        """Remove the selected keyframe (True), or nothing is selected (False)."""
        tick = self.tick(self.selected) if self.selected is not None else None
        if tick is None:
            self.selected = None
            return False
        session = self.ctl.session
        session.set_direction(f"remove {WORDS[tick.kind]}", removed(session.record.direction, tick.key))
        self.selected = None
        self.ctl.say(f"{WORDS[tick.kind].capitalize()} removed (Ctrl+Z brings it back)")
        self.refresh()
        return True

    def cycle_setting(self) -> None:
        """Shift+B: the selected keyframe's next setting: a camera keyframe's blend (cut,
        linear, smooth), a speed stretch's rate (0.1x to 4x), a hold's seconds."""
        tick = self.tick(self.selected) if self.selected is not None else None
        if tick is None or tick.kind not in SETTINGS:
            self.ctl.say("Select a camera keyframe, a speed stretch or a hold on the scrub bar "
                         "first (click its tick)")
            return
        session = self.ctl.session
        data, words = with_next_setting(session.record.direction, tick.key)
        session.set_direction(f"{WORDS[tick.kind]}: {words}", data)
        if tick.blend is not None:
            said = f"The {WORDS[tick.kind]} arrives by {BLEND_WORDS[words]}" + (
                " (the view before holds until it)" if words == "cut" else "")
        elif tick.kind == "speed":
            said = f"The stretch plays at {words}"
        else:
            said = f"The hold lasts {words}"
        self.ctl.say(said + "; Shift+B again: the next one (Ctrl+Z undoes)")
        self.refresh()

    def _where(self, at: dict) -> str:
        node = self.ctl.session.record.node_at(at["path"])
        return f"ply {node.ply}, {at['t']:.2f} s"

    def probe(self) -> dict:
        """For real-window tests: each tick's key, kind, line time, moment and pixel centre,
        the track's pixel span, the selection and whether a tick is held."""
        app = self.ctl.app
        w, h = app.win.getXSize(), app.win.getYSize()

        def pixel(node, x, z):
            p = app.render2d.getRelativePoint(node, (x, 0, z))
            return [round((p.x + 1) / 2 * w, 1), round((1 - p.z) / 2 * h, 1)]

        data = self.ctl.session.record.direction
        out = []
        for tick in self.shown:
            frame = self.frames.get(tick.key)
            if frame is None:
                continue
            low, high = frame["frameSize"][2:]
            out.append({"key": list(tick.key), "kind": tick.kind, "time": round(tick.time, 4),
                        "at": moment_of(data, tick.key), "px": pixel(frame, 0, (low + high) / 2)})
        track = self.panel.track
        return {"ticks": out, "track": [pixel(track, 0, 0), pixel(track, self.panel.track_w, 0)],
                "total": round(self._clock().total, 4), "selected": list(self.selected or []) or None,
                "held": self.drag is not None}

    def destroy(self) -> None:
        for frame in self.frames.values():
            frame.destroy()
        self.frames = {}
