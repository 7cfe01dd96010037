"""The pointer: where it is, what lies under it, and what a press becomes in play and edit
mode (a `Drag`: the scene's own, such as a Glonk flick, else a click, an orbit or pan, a
drawing), the hover line under a resting pointer, and the wheel over the lists.

The controller routes each press, release and wheel turn to the mode on top; the modes ask
this module for their answers (`board_press`, `editor_press`), so the mouse's meaning in each
mode is kept beside the drags that carry it out.
"""
from __future__ import annotations

import math

from timeline import Drawing
from viewer.camera_drag import CameraDrag
from viewer.modes import Drag
from viewer.panel import BAR_H, PANEL_W
from viewer.scene import Pick

#: How far (screen pixels) a press may move and still be a click.
DRAG_PIXELS = 6


class Pointer:
    """The pointer's position, picks and presses; `frame` keeps the drag fed and the hover
    line true to what lies under the pointer now."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app
        self._last = None
        self._hovered = None  # (pointer, app.shown_changes) the hover line was made for
        #: The wheel over the lists is read from every button (a window's raw thrower).
        self.raw_wheel = False

    def commands(self) -> dict:
        return {"cancel_drag": self.cancel_flick}

    # --- where it is, what is under it ----------------------------------------------------------
    def position(self):
        """The pointer in film coordinates ([-1, 1]), or None outside the window."""
        mw = self.app.mouseWatcherNode
        if mw is None or not mw.hasMouse():
            return None
        m = mw.getMouse()
        return (m.x, m.y)

    def pick(self, pos) -> Pick:
        """What lies under film position `pos` (a `viewer.scene.Pick`)."""
        origin, direction = self.app.mouse_ray(*pos)
        return self.app.scene.pick(origin, direction)

    def over_gui(self) -> bool:
        """The pointer is over a button, a field or a panel (DirectGUI answers that press)."""
        mw = self.app.mouseWatcherNode
        return mw is not None and mw.getOverRegion() is not None

    def pixels(self, a, b) -> float:
        """Screen pixels between two film positions."""
        w, h = self.app.win.getXSize(), self.app.win.getYSize()
        return math.hypot((a[0] - b[0]) * w / 2, (a[1] - b[1]) * h / 2)

    def over_move_list(self, pos) -> bool:
        """Whether a mouse position (render2d) lies over the right panel's move list."""
        if pos is None or self.ctl.panel.side.isHidden():
            return False
        aspect = self.app.getAspectRatio()
        return pos[0] * aspect > aspect - PANEL_W and pos[1] > -1 + BAR_H

    # --- what a press becomes -------------------------------------------------------------------
    def board_press(self, button: int, mods: str, pos) -> Drag | None:
        """Play mode's answer to a press: the scene's own drag (a flick) first, then a click
        that may become an orbit, a pan, or a drawing."""
        ctl = self.ctl
        pick = self.pick(pos)
        state = ctl.session.node.state
        if ctl.moves.pending is None and self.app.shown_state is state:
            drag = self.app.scene.press(state, pick, button, mods, ctl.host)
            if drag is not None:
                return drag
        if button == 1:
            return (CameraDrag(ctl, button, pos, "pan") if mods == "shift-"
                    else ClickDrag(ctl, button, pos, pick))
        if button == 2:
            return CameraDrag(ctl, button, pos, "orbit")
        if pick.cell is not None:
            return DrawDrag(ctl, button, pos, pick, mods)
        return CameraDrag(ctl, button, pos, "pan")

    def editor_press(self, button: int, mods: str, pos) -> Drag | None:
        """Edit mode's answer to a press: the editor's drag (a disc moved), else a click for
        the editor, or the camera."""
        ctl = self.ctl
        pick = self.pick(pos)
        drag = ctl.editor.press(pick, button, pos)
        if drag is not None:
            return drag
        if button == 2 or (button == 1 and mods == "shift-"):
            return CameraDrag(ctl, button, pos, "orbit" if button == 2 else "pan")
        return EditorClick(ctl, button, pos, pick)

    def cancel_flick(self) -> None:
        """Esc while aiming (aim mode, viewer.commands.where): the drag ends without effect."""
        self.ctl.cancel_drag()
        self.ctl.say("Flick cancelled")

    # --- the wheel ------------------------------------------------------------------------------
    def wheel_zoom(self, factor: float) -> None:
        self.app.orbit.zoom(factor)

    def scroll_list(self, pos, direction: int, own_event: bool) -> bool:
        """Scroll the list under `pos` (wheel up: -1, towards the top); True when one was
        there (a turn log that holds no more than it shows leaves the wheel to the camera).
        With the raw thrower on, only its event scrolls (else a turn over a gap between rows
        would scroll twice)."""
        ctl = self.ctl
        over_list = self.over_move_list(pos)
        over_log = not over_list and ctl.log.contains(pos) and ctl.log.can_scroll()
        if (over_list or over_log) and own_event and self.raw_wheel:
            return True
        if over_list:
            ctl.panel.scroll_by(3 * direction)
        elif over_log:
            ctl.log.scroll_by(direction)
        return over_list or over_log

    # --- each frame -----------------------------------------------------------------------------
    def frame(self) -> None:
        """Feed the drag under way the pointer's moves; else keep the hover line true."""
        ctl, app = self.ctl, self.app
        pos = self.position()
        d = ctl.drag
        if d is not None:
            if pos is not None and pos != self._last:
                self._last = pos
                d.move(pos)
                app.wake()
            return
        # the hover line is made again when the pointer moves and whenever the position shown
        # changes under it (a step, playback, an undo): a disc that moved or was atomised is
        # no longer described where it was
        seen = (pos, app.shown_changes)
        if seen != self._hovered and ctl.dialog is None and app.shown_state is not None:
            self._hovered = seen
            self._last = pos
            if pos is not None:
                app.wake()
            app.scene.hover(app.shown_state, self.pick(pos) if pos is not None else Pick())


class ClickDrag(Drag):
    """A left press on the board: a click when released in place, else a camera orbit."""

    def __init__(self, ctl, button, start, pick):
        super().__init__(button, start)
        self.ctl, self.pick, self.orbit = ctl, pick, None

    def move(self, pos):
        if self.orbit is None and self.ctl.pointer.pixels(pos, self.start) > DRAG_PIXELS:
            self.orbit = CameraDrag(self.ctl, self.button, self.start, "orbit")
        if self.orbit is not None:
            self.orbit.move(pos)

    def release(self, pos):
        if self.orbit is None:
            self.ctl.moves.click(self.pick)


class DrawDrag(Drag):
    """A right press on the board: an arrow to where it is released, or a marked field."""

    def __init__(self, ctl, button, start, pick, mods):
        super().__init__(button, start)
        self.ctl, self.pick, self.mods = ctl, pick, mods

    def release(self, pos):
        end = self.ctl.pointer.pick(pos).cell
        start = self.pick.cell
        colour = {"shift-": "red", "control-": "blue", "alt-": "yellow"}.get(self.mods, "green")
        if end is None or end == start:
            self.ctl.edits.add_drawing(Drawing("highlight", start, None, colour))
        else:
            self.ctl.edits.add_drawing(Drawing("arrow", start, end, colour))


class EditorClick(Drag):
    """Edit mode: a click (not a drag) puts or takes a stone, or marks a goal."""

    def __init__(self, ctl, button, start, pick):
        super().__init__(button, start)
        self.ctl, self.pick = ctl, pick

    def release(self, pos):
        if self.ctl.pointer.pixels(pos, self.start) <= DRAG_PIXELS:
            self.ctl.editor.board_click(self.pick, self.button)
