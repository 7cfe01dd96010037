"""Mouse flicking, the piece-action buttons and the Chrono clock in a real window.

The app's controller turns a left drag into a camera orbit. `FlickInput` runs one task just
before the controller's frame: when a left drag that the controller still calls a "click"
starts moving on the disc that can be flicked now, it takes the drag over (the controller then
ignores it) and feeds the scene's slingshot (`drag_update` while the button is held,
`drag_end` on release), playing the flick through `controller.play_action`; Shift or Ctrl
held while aiming adds a clockwise or anticlockwise spin. Clicks without a drag stay the
controller's. It also keeps a small column of buttons for the selected disc's
actions (boarding, heroic assault, powers) and runs Chrono mode's 60 s turn clock.
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectButton
from panda3d.core import KeyboardButton, MouseButton, TextNode

from games.glonk.actions import Move

TAKEN = "glonk-flick"
#: Spin (rad/s) of a flick released with Shift or Ctrl held.
SPIN = 12.0
#: Height (aspect2d units above the window's bottom) of the row of piece-action buttons.
BUTTONS_BOTTOM = 0.36


class FlickInput:
    """Wires the Glonk scene to the controller of a windowed app."""

    def __init__(self, app, scene):
        self.app = app
        self.scene = scene
        self.dragging = False
        self.last_pick = None
        self.buttons: list = []
        self._buttons_key = None
        self._turn_key = None
        self._clock_turn = None
        self.turn_seconds = 0.0
        app.taskMgr.add(self._frame, "glonk-input", sort=19)

    @property
    def controller(self):
        return getattr(self.app, "controller", None)

    def _state(self):
        ctl = self.controller
        if ctl is None:
            return None
        return ctl.session.node.state

    def _frame(self, task):
        ctl = self.controller
        if getattr(self.app, "scene", self.scene) is not self.scene:
            return task.done  # another game's scene replaced this one
        if ctl is None:
            return task.cont
        state = self._state()
        if state is None or not hasattr(state, "pieces"):
            return task.cont
        self._drag(ctl, state)
        self._chrono(ctl, state)
        self._refresh_buttons(state)
        return task.cont

    # --- the slingshot -------------------------------------------------------------------------
    def _spin(self) -> float:
        """Shift held: a clockwise spin; Ctrl held: anticlockwise (read while aiming)."""
        mw = self.app.mouseWatcherNode
        if mw is None:
            return 0.0
        if mw.isButtonDown(KeyboardButton.shift()):
            return -SPIN
        if mw.isButtonDown(KeyboardButton.control()):
            return SPIN
        return 0.0

    def _drag(self, ctl, state) -> None:
        d = ctl.drag
        pos = ctl._mouse()
        if self.dragging:
            self.scene.spin = self._spin()
            if pos is not None:
                self.last_pick = ctl._pick(pos)
                self.scene.drag_update(state, self.last_pick)
                self.app.refresh_status()
            down = self.app.mouseWatcherNode.isButtonDown(MouseButton.one())
            if not down or d is None or d.get("kind") != TAKEN:
                self.dragging = False
                pick = self.last_pick
                result = self.scene.drag_end(state, pick)
                self.scene.spin = 0.0
                self.app.refresh_status()
                if result.action is not None and ctl.play_action(result.action):
                    self._play_in_real_time(ctl)
                elif result.message:
                    ctl.say(result.message)
            return
        if d is None or d.get("kind") != "click" or d.get("button") != 1 or pos is None:
            return
        if ctl._pixels(pos, d["start"]) <= 3:
            return
        if self.app.shown_state is not state or ctl.playing:
            return
        if self.scene.drag_begin(state, d["pick"]):
            d["kind"] = TAKEN  # the controller neither orbits nor clicks for it
            d["moved"] = True
            self.dragging = True
            self.last_pick = ctl._pick(pos)
            self.scene.drag_update(state, self.last_pick)
            self.app.refresh_status()

    def _play_in_real_time(self, ctl) -> None:
        """Show the flick just played at its real speed (the controller's step animation is
        a short one, made for slides and placements)."""
        node = ctl.session.node
        motion = self.app.motion_of(node) if hasattr(self.app, "motion_of") else None
        if motion is not None and motion.duration > 0:
            self.app.animate_node(node, float(motion.duration))

    # --- Chrono mode ---------------------------------------------------------------------------
    def _chrono(self, ctl, state, dt: float | None = None) -> None:
        """Count the turn's seconds while the player can act; at 60 s play the time-out."""
        cfg = state.config
        if not cfg.chrono or state.phase != "actions" or ctl.session.node.variations:
            self.scene.chrono_left = None
            self._clock_turn = None
            return
        turn = (id(ctl.session.record), state.turns, state.turn_player, state.round)
        if turn != self._clock_turn:
            self._clock_turn = turn
            self.turn_seconds = 0.0
        if not ctl.playing and not self.app.animating and ctl.dialog is None:
            self.turn_seconds += globalClock.getDt() if dt is None else dt
        self.scene.chrono_left = cfg.chrono_seconds - self.turn_seconds
        self.app.refresh_status()
        if self.scene.chrono_left <= 0:
            self._clock_turn = None
            self.scene.deselect()
            ctl.play_action(Move("timeout"))

    # --- buttons for the selected disc ------------------------------------------------------------
    def _refresh_buttons(self, state) -> None:
        key = (id(state), self.scene.selected, self.scene.mode)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        for b in self.buttons:
            b.destroy()
        self.buttons = []
        if self.app.shown_state is not state:
            return
        # A row above the message line, bottom left: clear of the seat labels and the HUD.
        x = 0.05
        for label, what in self.scene.piece_actions(state):
            b = DirectButton(parent=self.app.a2dBottomLeft, text=label, scale=0.042,
                             text_align=TextNode.ALeft, pos=(x, 0, BUTTONS_BOTTOM),
                             relief=DGG.FLAT, frameColor=(0.20, 0.16, 0.32, 0.92),
                             text_fg=(0.95, 0.95, 1, 1), pad=(0.4, 0.25),
                             command=self._choose, extraArgs=[what])
            left, right, _, _ = b.getBounds()
            b.setX(x - left * 0.042)
            x += (right - left) * 0.042 + 0.02
            self.buttons.append(b)

    def _choose(self, what) -> None:
        ctl = self.controller
        state = self._state()
        if ctl is None or state is None:
            return
        if isinstance(what, str) and what.startswith("mode:"):
            msg = self.scene.set_mode(state, what[5:] or None)
            ctl.say(msg)
            self._buttons_key = None
            return
        ctl.play_action(what)


def attach(app, scene) -> FlickInput | None:
    """Install the Glonk input on a windowed app (None offscreen: nothing to drive)."""
    if getattr(app, "offscreen", True):
        return None
    return FlickInput(app, scene)
