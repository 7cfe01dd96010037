"""Flicking with the mouse, the aim's ghost path, the piece-action buttons and Chrono's clock.

A press on one of your own active discs (phase "actions") is the flick gesture: the Glonk
scene answers it with a `FlickDrag` (a `viewer.modes.Drag`, so the window is in aim mode and
the camera stays put). The pull is read on the table in metres, so the power does not depend
on the zoom; Alt held while pulling moves the pull at a quarter of the pointer's pace (fine
control); Shift or Ctrl add a clockwise or anticlockwise spin. The flick fires from where the
button went up (read from the pointer trail, viewer.glonk.trail, not where the pointer is when
the frame gets to the release), and starts where it went down; a release off the window or Esc cancels it. A release without a pull is a
click (the disc is selected). While aiming, `GhostPath` simulates the aimed flick on a worker
thread with the same physics that will play it and the scene draws where it really goes,
with its first contact marked. `FlickInput` keeps the column of buttons for the selected
disc's actions, Chrono mode's 60 s turn clock and the shot explorer (viewer.glonk.explorer_view).
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectButton
from panda3d.core import KeyboardButton, TextNode

from games.glonk.actions import Move
from viewer.modes import Drag
from viewer.scene import Pick

#: Spin (rad/s) of a flick released with Shift or Ctrl held.
SPIN = 12.0
#: The row of piece-action buttons' room in the layout (aspect2d units): kept whether or not a
#: disc is picked, so the fitted view stays put.
ROW_ROOM, ROW_H = 1.4, 0.075
#: Alt held: the pull follows the pointer at this fraction of its movement.
FINE = 0.25
#: The aim must rest this long (s) before its ghost path is simulated again.
SETTLE = 0.12


class FlickDrag(Drag):
    """A flick being pulled back from a disc; the scene draws the aim as it changes. It talks
    to the window only through its host (viewer.host.Host)."""

    mode = "aim"
    #: only the overlays change while it lasts: the window shows the still scene's picture
    still_scene = True

    def __init__(self, host, scene, state, pick, start):
        super().__init__(1, start)
        self.host, self.scene, self.state, self.pick = host, scene, state, pick
        self.point = pick.point  # the pull's end on the table (metres)
        self._last = pick.point
        self.pulled = False
        self.ended = False

    def _follow(self, pos) -> None:
        at = self.host.pick_at(pos).point
        if at is None or self._last is None:
            return
        pace = FINE if self.host.held(KeyboardButton.alt()) else 1.0
        self.point = tuple(p + (a - b) * pace for p, a, b in zip(self.point, at, self._last))
        self._last = at

    def move(self, pos) -> None:
        self._follow(pos)
        if not self.pulled and self.host.pixels(pos, self.start) <= 3:
            return
        self.pulled = True
        host = self.host
        self.scene.spin = (-SPIN if host.held(KeyboardButton.shift())
                           else SPIN if host.held(KeyboardButton.control()) else 0.0)
        aim = self.scene.drag_update(self.state, Pick(point=self.point))
        self.scene.ghost.want(self.state, self.scene.aimed_flick(aim))
        host.refresh_status()

    def release(self, pos) -> None:
        released = self.scene.input.pointer("mouse1", "up") if self.scene.input else None
        if released is not None:
            pos = released  # where the button went up, not where the hand has gone since
        if not self.pulled:  # a whole pull between two frames (a quick hand, a busy machine)
            self.move(pos)
        self.ended = True
        ghost = self.scene.ghost.take()  # the aimed flick, maybe simulated already
        self.scene.ghost.want(None, None)
        if not self.pulled:
            self.scene.clear_aim()
            self.host.click(self.pick)  # a press and release in place: select the disc
            return
        self._follow(pos)
        result = self.scene.drag_end(self.state, Pick(point=self.point))
        self.scene.spin = 0.0
        self.host.mark("flick_released")
        self.host.refresh_status()
        if result.action is not None:
            intent = result.action
            done = self.scene.executed(self.host.node, intent)  # the table feel's hand
            if done != intent:
                self.host.play(done, intent=intent)
                return
            ready = ghost[1] if ghost is not None and ghost[0] == intent else None
            self.host.play(intent, step=ready)  # no wait when the aim had settled
        elif result.message:
            self.host.say(result.message)

    def cancel(self) -> None:
        trail = getattr(self.scene.input, "trail", None)
        if not self.ended and trail is not None and trail.latest("mouse1") == "up":
            at = trail.at("mouse1", "up")  # the hand left the window after letting go
            if at is not None and max(abs(at[0]), abs(at[1])) <= 1.0:
                self.release(at)
                return
        self.ended = True
        self.scene.ghost.want(None, None)
        self.scene.spin = 0.0
        self.scene.clear_aim()
        self.host.refresh_status()
        self.host.say("Flick cancelled (released off the window, or Esc)")


def _simulate_ghost(job, game, state, flick):
    """On a job thread: the aimed flick's step (None: an illegal aim shows no path)."""
    try:
        return flick, game.apply(state, flick)
    except Exception:  # noqa: BLE001 - an illegal aim shows no path
        return flick, None


class GhostPath:
    """The aimed flick, simulated as a job of the window's job service (viewer.jobs); `take()`
    hands over the newest result.

    `want(state, flick)` names what to simulate (the latest wish wins: the one before is
    cancelled); the job starts once the aim has rested for `SETTLE` seconds, so a moving pull
    costs nothing, and the same aim wanted again keeps its job."""

    def __init__(self, game, jobs):
        self.game = game
        self.jobs = jobs
        self._wish = None  # (state, flick)
        self._job = None

    def want(self, state, flick) -> None:
        if flick is not None and self._wish is not None and self._wish[0] is state \
                and self._wish[1] == flick:
            return
        self.jobs.cancel(self._job)
        self._job = None
        self._wish = None if flick is None else (state, flick)
        if flick is not None:
            self._job = self.jobs.submit("ghost path", _simulate_ghost, self.game, state, flick,
                                         delay=SETTLE)

    def take(self):
        """(flick, step) for the current wish once simulated, else None."""
        job = self._job
        return job.result if job is not None and job.status == "done" else None

    def close(self) -> None:
        self.want(None, None)


class FlickInput:
    """The Glonk scene's window-side parts: action buttons for the selected disc and Chrono."""

    def __init__(self, app, scene):
        self.app = app
        self.scene = scene
        self.buttons: list = []
        self._buttons_key = None
        self._clock_turn = None
        self.turn_seconds = 0.0
        self.explorer = None  # the shot explorer of a window (`scene._attach_input`)
        self.trail = None  # the pointer trail (`scene._attach_input`): where buttons went down and up
        self.task = app.frame.add("game input", self._frame, f"glonk-input-{id(self)}")

    @property
    def host(self):
        """The window's narrow host (viewer.host.Host), once it gave the scene its modes."""
        return self.scene.host

    def _state(self):
        host = self.host
        if host is None:
            return None
        return host.state

    def _frame(self, task):
        host = self.host
        if host is None:
            return task.cont
        state = self._state()
        if state is None or not hasattr(state, "pieces"):
            return task.cont
        self.scene.ghost_frame()
        if self.explorer is not None:
            self.explorer.frame(host)
        self._chrono(host, state)
        self._refresh_buttons(state)
        return task.cont

    def on_key(self, key: str) -> bool:
        """The shot explorer's keys: X on / off, A keep the aim (or replay), Shift+A clear."""
        host = self.host
        what = {"x": lambda: self.explorer.toggle(), "a": lambda: self.explorer.keep(host),
                "shift-a": lambda: self.explorer.clear()}.get(key)
        if what is None or host is None or self.explorer is None:
            return False
        host.say(what())
        return True

    def pointer(self, button: str, kind: str):
        """Film coordinates of the pointer where `button` last went `kind` ("down" / "up"),
        read from the pointer trail; None without a trail or when it cannot say."""
        return None if self.trail is None else self.trail.at(button, kind)

    def probe_fields(self) -> dict:
        return {} if self.explorer is None else {"explorer": self.explorer.probe()}

    def destroy(self) -> None:
        self.app.frame.remove(self.task)
        if self.trail is not None:
            self.trail.destroy()
            self.trail = None
        if self.explorer is not None:
            self.explorer.destroy()
        for b in self.buttons:
            b.destroy()
        self.buttons = []
        self.app.screen.release("piece_actions")

    # --- Chrono mode ---------------------------------------------------------------------------
    def _chrono(self, host, state, dt: float | None = None) -> None:
        """Count the turn's seconds while the player can act; at 60 s play the time-out."""
        cfg = state.config
        if not cfg.chrono or state.phase != "actions" or not host.at_line_end():
            self.scene.chrono_left = None
            self._clock_turn = None
            return
        turn = (host.record_id, state.turns, state.turn_player, state.round)
        if turn != self._clock_turn:
            self._clock_turn = turn
            self.turn_seconds = 0.0
        if not host.busy():
            self.turn_seconds += globalClock.getDt() if dt is None else dt
        self.scene.chrono_left = cfg.chrono_seconds - self.turn_seconds
        self.app.refresh_status()
        if self.scene.chrono_left <= 0:
            self._clock_turn = None
            self.scene.deselect()
            host.play(Move("timeout"))

    # --- buttons for the selected disc ------------------------------------------------------------
    def _refresh_buttons(self, state) -> None:
        key = (id(state), self.scene.selected, self.scene.mode)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        for b in self.buttons:
            b.destroy()
        self.buttons = []
        screen = self.app.screen
        self._row = []
        if self.app.shown_state is not state:
            return
        # A row of the left column's foot (viewer.layout), above the message line.
        x = 0.0
        top = 0.0
        for label, what in self.scene.piece_actions(state):
            b = DirectButton(parent=self.app.a2dTopLeft, text=label, scale=0.042,
                             text_align=TextNode.ALeft, pos=(0, 0, 0),
                             relief=DGG.FLAT, frameColor=(0.20, 0.16, 0.32, 0.92),
                             text_fg=(0.95, 0.95, 1, 1), pad=(0.4, 0.25),
                             command=self._choose, extraArgs=[what])
            left, right, bottom, top = b.getBounds()
            b.hide()
            self.buttons.append((b, x - left * 0.042, top * 0.042))
            x += (right - left) * 0.042 + 0.02
        self._row = self.buttons
        self.buttons = [b for b, _, _ in self._row]
        # the row's room is kept while there are no buttons too, and as wide as ROW_ROOM at
        # least: the view does not move as a disc is picked and its buttons come and go
        screen.request("piece_actions", max(x - 0.02, ROW_ROOM), ROW_H, self._place_buttons,
                       where="bottom", order=5)
        self._place_buttons(screen.box("piece_actions"), False)

    def _place_buttons(self, rect, _folded) -> None:
        row = getattr(self, "_row", ())
        if rect is None:
            for b, _, _ in row:
                if not b.isEmpty():
                    b.hide()
            return
        x0, z0 = self.app.screen.top_left(rect)
        for b, dx, top in row:
            if not b.isEmpty():
                b.setPos(x0 + dx, 0, z0 - top)
                b.show()

    def _choose(self, what) -> None:
        host = self.host
        state = self._state()
        if host is None or state is None:
            return
        if isinstance(what, str) and what.startswith("mode:"):
            msg = self.scene.set_mode(state, what[5:] or None)
            host.say(msg)
            self._buttons_key = None
            return
        host.play(what)
