"""The ShowBase application: it only wires parts together.

Parts: the session (timeline), the game's scene, lighting, the table, the orbit camera, the
status HUD and, in a window, the input bindings, the timeline panel and the mode machine
(`viewer.controller`). Offscreen (tests, `flickbook render`) the same app draws into a buffer.
"""
from __future__ import annotations

import errno
import math
import time
import weakref
from pathlib import Path

import numpy as np
from direct.showbase.ShowBase import ShowBase
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import (
    AntialiasAttrib,
    Filename,
    PNMImage,
    Point2,
    Point3,
    RenderState,
    ScissorAttrib,
    TextNode,
    Vec3,
)

from viewer.camera import OrbitController, View
from viewer.display import NoDisplay, configure
from viewer.fitting import fit_view
from viewer.layout import ScreenLayout
from viewer.lighting import Lighting
from viewer.scenes import scene_class
from viewer.table import make_table

BACKGROUND = (0.11, 0.12, 0.14, 1)
#: The status lines' backdrop (RGBA): dark enough that they read over the brightest table.
STATUS_BACKDROP = (0.03, 0.04, 0.06, 0.62)
#: How often an idle window reads input (it draws nothing until something changes).
IDLE_HZ = 20.0
#: The narrower of the two fields of view (degrees): the window's shape sets the other.
MIN_FOV = 34.0


def _same_view(a: View, b: View) -> bool:
    """Whether two camera views are the same to what a person could see."""
    return (max(abs(x - y) for x, y in zip(a.target, b.target)) < 1e-3
            and abs(a.distance - b.distance) < 1e-3 * max(b.distance, 1e-3)
            and abs((a.heading - b.heading + 180) % 360 - 180) < 0.05
            and abs(a.pitch - b.pitch) < 0.05)


class ViewerApp(ShowBase):
    """One window (or offscreen buffer) showing one session's game on the table."""

    def __init__(self, session, *, offscreen: bool = False, size=(1280, 720), interactive=None):
        configure(offscreen, size)
        try:
            ShowBase.__init__(self)
        except Exception as exc:  # Panda raises a bare Exception when no window opens
            if "open window" in str(exc).lower():
                raise NoDisplay() from exc
            raise
        self.offscreen = offscreen
        self.size = tuple(size)
        self.disableMouse()
        self.setBackgroundColor(*BACKGROUND)
        self.render.setAntialias(AntialiasAttrib.MMultisample)
        self._awake_until = 0.0
        self._idle_at = 0.0
        self.frames_drawn = 0
        self.marks: dict[str, float] = {}  # moments worth measuring (probe): name -> real time
        from viewer.frame import Frame

        self.frame = Frame(self.taskMgr)  # every per-frame task, in one stated order
        from viewer.jobs import Jobs

        self.jobs = Jobs()  # all work off the frame thread: one queue (viewer.jobs)
        self.frame.add("jobs", self.jobs.frame, "flickbook-jobs")
        self.scene_root = self.render.attachNewNode("scene-root")
        self.lighting = Lighting(self, self.scene_root)
        from viewer.still import StillScene

        self.still = StillScene(self)  # while aiming: the still scene drawn once (viewer.still)
        self.frame.add("still", self.still.frame, "flickbook-still")
        self.session = None
        self.scene = None
        self.table = None
        self.orbit = OrbitController(View())
        self.screen = ScreenLayout(self)  # every 2D region; the 3D view gets the free one
        self._free = None  # the free region the lens was last set up for (pixels)
        self.status = OnscreenText(text="", pos=(0, 0), scale=0.042, fg=(0.95, 0.95, 0.92, 1), shadow=(0, 0, 0, 0.8),
                                   align=TextNode.ALeft, mayChange=True, parent=self.a2dTopLeft)
        self.status.setPos(0.04, -0.07)
        # A dark backdrop behind the status lines, so they read over any part of the table.
        card = self.status.textNode
        card.setCardColor(*STATUS_BACKDROP)
        card.setCardAsMargin(0.45, 0.45, 0.2, 0.25)
        card.setCardDecal(True)
        self.status.hide()
        self.camLens.setMinFov(MIN_FOV)
        self._motions: dict = {}
        self._drawn_for = None
        self._drawn_list = None
        from viewer.clock import Clock

        self.clock = Clock(self)
        self._status_text = None
        self.shown_state = None
        self.shown_changes = 0
        self.shown_node = None
        self.shown_fraction = None
        self.frame.add("clock", self._clock_task, "flickbook-clock")
        self.frame.add("camera", self._camera_task, "flickbook-camera")
        self.set_session(session)
        self.controller = None
        self.probe = None
        if interactive is None:
            interactive = not offscreen
        if interactive:
            from viewer.controller import Controller
            from viewer.probe import attach_probe

            self.lighting.throttle = True
            self.controller = Controller(self)
            if not offscreen:
                self.frame.add("draw", self._draw_when_changed, "flickbook-draw-when-changed")
                self.frame.asleep = self._asleep
                self.probe = attach_probe(self)

    # --- drawing only when something changes --------------------------------------------------
    def wake(self, seconds: float = 0.3) -> None:
        """Something changed (input, a new position, a moving camera): draw for `seconds`."""
        now = globalClock.getRealTime()
        if now + seconds > self._awake_until:
            self._awake_until = now + seconds

    def mark(self, name: str) -> None:
        self.marks[name] = globalClock.getRealTime()

    def busy(self) -> bool:
        """Anything moving: the clock, the camera, a flick being simulated or aimed, typing."""
        ctl = self.controller
        return (self.clock.running or self.orbit.moving
                or (ctl is not None and (ctl.moves.pending is not None or ctl.drag is not None
                                         or ctl.typing())))

    def _asleep(self) -> bool:
        """This frame will draw nothing (what `_draw_when_changed` decides next)."""
        return not self.busy() and globalClock.getRealTime() >= self._awake_until

    def _draw_when_changed(self, task):
        """A window draws frames only while something changes; idle, it only reads input
        (about 20 times a second) and draws nothing."""
        if self.busy():
            self.wake()
        active = globalClock.getRealTime() < self._awake_until
        if self.win.isActive() != active:
            self.win.setActive(active)
        if active:
            self.frames_drawn += 1
        else:  # nothing to draw: wait for the next look at the input, then read it
            time.sleep(max(0.0, 1.0 / IDLE_HZ - (globalClock.getRealTime() - self._idle_at)))
            self.graphicsEngine.openWindows()  # the window's events, without a frame
        self._idle_at = globalClock.getRealTime()
        return task.cont

    # --- wiring ---------------------------------------------------------------------------
    def set_session(self, session, fresh: bool = False) -> None:
        """Show `session` (a new game, an opened file): rebuild the scene when the game differs,
        or when `fresh` (an export: drawn exactly as a new process draws it)."""
        old_game = self.session.game.name if self.session is not None else None
        self.session = session
        self.shown_state = self.shown_node = None  # the last session's: presets ask this one's
        self.clock.stop(finish=False)
        if self.scene is None or old_game != session.game.name or fresh:
            self._presets = []  # fitted to the old scene (whose id a new one may take)
            if self.scene is not None:
                self.scene.destroy()
                self.scene.root_node.removeNode()
            if self.table is not None:  # the next game's table is sized to its scene
                self.table.removeNode()
                self.table = None
            holder = self.scene_root.attachNewNode(f"{session.game.name}-scene")
            self.scene = scene_class(session.game.name)(self, session.game, holder, self.lighting)
            self.scene.root_node = holder
            self.scene.build()
            warm = self.scene.job_warm_up()
            if warm is not None:
                self.jobs.warm_threads(warm)
            self.still.add_live(self.scene.overlay)
            self.still.set_occluders(self.scene.still_occluders())
        self._motions.clear()
        self._drawn_for = None
        self.frame_scene(reset_camera=True)
        if session.node.camera:  # the position opens with the view kept in it
            self.set_view(self.saved_view(session.node.camera))
        self.show_node(session.node)

    def frame_scene(self, reset_camera: bool = False) -> None:
        center, radius = self.scene.bounds()
        self.lighting.fit(center, radius)
        _, _, half_w, half_h = self.scene.top_frame(self.shown_state or self.session.state)
        self.screen.content_aspect = max(min(half_w / max(half_h, 1e-6), 3.0), 0.5)
        if self.table is None:
            self.table = make_table(self.scene_root, center, radius * 1.6, z=-0.001,
                                    lighting=self.lighting)
        if reset_camera:
            self.orbit.min_dist = radius * 0.15
            self.orbit.max_dist = radius * 8
            self.orbit.go(self.preset("seat", self.session_player()), duration=0)

    def session_player(self) -> int:
        p = self.session.game.current_player(self.session.state)
        return p if p >= 0 else 0

    def preset(self, name: str, player: int = 0) -> View:
        """A named camera view: 'top' (straight down) or 'seat' (from a player's side), fitted
        so what it must show lies in the window's free part (viewer.layout: clear of the
        panels and of every box). Kept for the same layout, lens and position."""
        state = self.shown_state or self.session.state
        plan = self._fit_plan or self.screen.plan or self.screen.replan()
        lens = self.camLens
        key = (name, player, plan.fit_key(), tuple(lens.getFov()), tuple(lens.getFilmOffset()),
               id(self.scene))
        for held_state, held_key, view in self._presets:
            if held_state is state and held_key == key:
                return view
        view = self._preset(name, player)
        self._presets = ([(state, key, view)] + self._presets)[:12]
        return view

    _presets: list = []

    def _preset(self, name: str, player: int = 0) -> View:
        center, radius = self.scene.bounds()
        headings = list(self.scene.seat_headings(self.session.state)) or [0.0]
        heading = headings[player % len(headings)]
        state = self.shown_state or self.session.state
        if name == "top":
            cx, cy, half_w, half_h = self.scene.top_frame(state)
            free = self.free_region()
            w, h = self.screen.window()
            fov = self.camLens.getFov()
            # the film is offset to the free region's centre: it spans this share of the film
            tan_h = math.tan(math.radians(fov.x / 2)) * free.w / w
            tan_v = math.tan(math.radians(fov.y / 2)) * free.h / h
            dist = max(half_w / tan_h, half_h / tan_v) * 1.04
            view = View((cx, cy, center.z), dist, 0.0, -89.5)
            fit = self.scene.seat_fit(state)  # how high what stands on the table reaches
            top = max([center.z] + [p[2] for p in fit[0]] if fit is not None else [center.z])
            corners = [(cx + sx * half_w, cy + sy * half_h, z) for sx in (-1, 1)
                       for sy in (-1, 1) for z in {center.z, top}]
            # and the pieces kept beside the board: inside the view's part of the window,
            # never under the side panel
            return self._fitted(view, corners + list(self.scene.top_fit(state)))
        if name == "seat":
            # aim a little towards the player's own side so their corner and reserve show
            h = math.radians(heading)
            shift = radius * 0.16
            target = (center.x + math.sin(h) * shift, center.y - math.cos(h) * shift, center.z)
            view = View(target, radius * 2.5, heading, getattr(self.scene, "seat_pitch", -52.0))
            fit = self.scene.seat_fit(state)
            if fit is None:  # the whole of what the top view frames
                cx, cy, half_w, half_h = self.scene.top_frame(state)
                fit = ([(cx + sx * half_w, cy + sy * half_h, center.z)
                        for sx in (-1, 1) for sy in (-1, 1)], 0.0)
            # seats that look from different sides keep the camera on the seat's line
            sideways = 0.02 if len({round(h, 3) for h in headings}) > 1 else None
            return self._fitted(view, fit[0], sideways=sideways)
        raise ValueError(f"unknown camera preset {name!r}: use top or seat")

    def status_boxes(self):
        """Pixel boxes (x0, y0, x1, y1 from the top left) of the status text and of its
        backdrop, or None while there is no status text."""
        tn = self.status.textNode
        if not tn.getText().strip():
            return None
        l, r, b, t = tn.getCardActual()

        inner = tn.getTransform()  # OnscreenText keeps its position and scale here

        def pixels(x0, x1, z0, z1):
            lo = self.render2d.getRelativePoint(self.status, inner.xformPoint(Point3(x0, 0, z0)))
            hi = self.render2d.getRelativePoint(self.status, inner.xformPoint(Point3(x1, 0, z1)))
            w, h = self.size
            return ((lo.x + 1) / 2 * w, (1 - hi.z) / 2 * h, (hi.x + 1) / 2 * w, (1 - lo.z) / 2 * h)

        return (pixels(tn.getLeft(), tn.getRight(), tn.getBottom(), tn.getTop()),
                pixels(l, r, b, t))

    def _fitted(self, view: View, points, _left_share: float = 0.0, sideways=None) -> View:
        """`view` moved (its target along the table, its distance) so `points` and the table
        between them lie in the view's part of the window and under none of the layout's
        boxes (viewer.layout), as near as that allows; heading and pitch stay."""
        plan = self._fit_plan or self.screen.plan or self.screen.replan()
        return fit_view(self, view, points, plan, sideways)

    _fit_plan = None

    def refresh_status(self) -> None:
        text = "\n".join(self.scene.status_lines(self.shown_state))
        if text != self._status_text:
            self._status_text = text
            self.status.setText(text)
            self._request_status()
            self.wake()  # e.g. Chrono's seconds: drawn even while nothing else changes

    def _request_status(self, replan: bool = True) -> None:
        """The status lines are the left column's first box, as large as their backdrop."""
        tn = self.status.textNode
        if not tn.getText().strip():
            self.status.hide()
            self.screen.release("status", replan=replan)
            return
        x0, x1, z0, z1 = self._status_extent()
        # its room: whole lines high, its width in steps of a tenth; in one session it only
        # grows (the view is not fitted again as the text changes from position to position)
        s = self.status.getScale()[0]
        rows = max(tn.getNumRows(), self.scene.status_rows(self.shown_state))
        h = max((rows * tn.getLineHeight() + 0.6) * s, z1 - z0)
        # as wide as half the view at least: a longer line (a hover, an aim) fits in that
        view_w = (self.screen.window()[0] - (self.screen.plan.side.w if self.screen.plan
                                             and self.screen.plan.side else 0.0))
        w = max(math.ceil((x1 - x0) / 0.1) * 0.1, 0.5 * view_w / self.screen.unit())
        held = self._status_room
        # the room only grows in a session, in a window; offscreen (export, renders) each
        # frame's room is its own, so a helper process that starts in the middle of a line
        # films exactly the frames one process would
        if held is not None and held[0] is self.session and not self.offscreen:
            w, h = max(w, held[1]), max(h, held[2])
        self._status_room = (self.session, w, h)
        self.screen.request("status", w, h, self._place_status, order=0, wide=True,
                            replan=replan)

    _status_room = None  # (session, width, height): the status lines' room kept in it

    def _status_extent(self):
        """(left, right, bottom, top) of the status text, its backdrop and its shadow, in
        a2dTopLeft units about the text's own position."""
        lo, hi = self.status.getTightBounds(self.a2dTopLeft)
        x, z = self.status.getPos()  # OnscreenText: its text's position (x, z)
        return lo.x - x, hi.x - x, lo.z - z, hi.z - z

    def _place_status(self, rect, _folded) -> None:
        if rect is None:
            self.status.hide()
            return
        x0, _, _, z1 = self._status_extent()
        x, z = self.screen.top_left(rect)
        self.status.setPos(x - x0, z - z1)
        self.status.show()

    # --- showing positions ----------------------------------------------------------------
    def line_clock(self, line, step_seconds: float | None = None, pace=None):
        """A clock over `line`; a natural-pace scene gives each node its own animation length;
        `pace` (a `timeline.playback.ReadingPace`) holds commented steps long enough to read."""
        from timeline import LineClock
        from timeline.playback import STEP_SECONDS

        natural = getattr(self.scene, "natural_pace", False)
        return LineClock(line, STEP_SECONDS if step_seconds is None else step_seconds,
                         duration_of=self._scene_span if natural else None, pace=pace)

    def _scene_span(self, node):
        motion = self.motion_of(node)
        return None if motion is None else max(float(motion.duration), 0.05)

    def motion_of(self, node):
        """The scene animation of `node`'s action (cached per node), or None."""
        if node.parent is None:
            return None
        key = id(node)
        cached = self._motions.get(key)
        if cached is not None and cached[0]() is node:
            return cached[1]
        motion = self.scene.motion_between(node.parent.state, node.state, node.step)
        self._motions[key] = (weakref.ref(node), motion)
        return motion

    def show_node(self, node, fraction: float | None = None) -> None:
        """Show the position after `node`, or `fraction` (0..1) of the way through its action."""
        state = node.state
        self.shown_state = state
        self.shown_node = node
        # how far into `node`'s action the picture is (None: its end), for the moment shown
        self.shown_fraction = fraction if fraction is not None and fraction < 1.0 else None
        self.shown_changes += 1  # the hover line is made again (viewer.controller)
        self.wake()
        self.scene.show(state)
        if fraction is not None and fraction < 1.0:
            motion = self.motion_of(node)
            if motion is not None:
                self.scene.show_motion(motion, max(fraction, 0.0) * motion.duration)
        if node is not self._drawn_for or node.drawings is not self._drawn_list:
            self._drawn_for, self._drawn_list = node, node.drawings
            self.scene.draw_annotations(node.drawings)
        self.refresh_status()

    def step_span(self, node, seconds: float = 0.35) -> float:
        """How long the one clock plays `node`'s action: `seconds`, or for a scene whose
        `natural_pace` is true the motion's own duration when that is longer; 0 without one."""
        motion = self.motion_of(node)
        if motion is None:
            return 0.0
        if getattr(self.scene, "natural_pace", False):
            return max(seconds, float(motion.duration))
        return seconds

    def animate_node(self, node, seconds: float = 0.35, then=None) -> None:
        """Show `node` by playing its action's animation on the one clock."""
        if node.parent is None or seconds <= 0 or self.motion_of(node) is None:
            self.clock.stop(finish=False)
            self.show_node(node)
            if then is not None:
                then()
            return
        from viewer.clock import Segments

        self.clock.run(Segments(node.parent, [node], lambda n: self.step_span(n, seconds)), then=then)

    def animate_steps(self, start, steps, then=None, at: float = 0.0) -> None:
        """Play each node of `steps` after `start` in turn (a move and the draws it caused);
        `at`: the first step's motion already shows `at` seconds in (its streamed frames)."""
        self.clock.play_steps(start, [n for n in steps if self.step_span(n) > 0] or list(steps)[-1:],
                              then=then, at=at)

    @property
    def animating(self) -> bool:
        return self.clock.stepping

    def _clock_task(self, task):
        if self.clock.stepping and self.clock.playback.clock.line[-1] is not self.session.node:
            self.clock.stop(finish=False)  # the cursor moved on: the step is no longer shown
            self.show_node(self.session.node)
        self.clock.tick(globalClock.getDt())
        return task.cont

    def view_for_preset(self, name, node=None) -> View:
        """A camera preset by name ("top", "seat", "seatN": seat N counted from 1), or the
        node's saved view."""
        if name in (None, "", "node", "saved"):
            if node is not None and node.camera:
                return self.saved_view(node.camera)
            if name in ("node", "saved"):
                raise ValueError("this node has no saved camera view")
            return self.preset("seat", self.session_player())
        if name == "top":
            return self.preset("top")
        if name == "seat":
            return self.preset("seat", self.session_player())
        if name.startswith("seat") and name[4:].isdigit():
            seat = int(name[4:])  # "seat1" is P1's: people count seats from 1
            players = len(list(self.scene.seat_headings(self.session.state)))
            if not 1 <= seat <= players:
                raise ValueError(f"no seat {seat}: this game has seats 1..{players}")
            return self.preset("seat", seat - 1)
        raise ValueError(f"unknown camera preset {name!r}: use top, seat or seat1..seatN")

    def saved_view(self, camera: dict) -> View:
        """The camera a node's saved view (timeline.views) stands for, in this window."""
        from timeline.views import read_view

        camera = read_view(camera)
        if camera["view"] == "top":
            return self.preset("top")
        if camera["view"] == "seat":
            seats = max(len(list(self.scene.seat_headings(self.session.state))), 1)
            return self.preset("seat", camera.get("seat", self.session_player()) % seats)
        return View.from_json(camera)

    def view_to_save(self, view: View) -> dict:
        """What K keeps for `view`: a named view when the camera stands at one (it then
        follows the window and the table), else the exact orbit view."""
        same = _same_view
        if same(view, self.preset("top")):
            return {"view": "top"}
        for seat in range(len(list(self.scene.seat_headings(self.session.state)))):
            if same(view, self.preset("seat", seat)):
                return {"view": "seat", "seat": seat}
        return view.to_json()

    def use_layout(self, old, new) -> None:
        """The layout changed what the 3D view has (viewer.layout: its free region, the boxes
        beside it): the lens film is offset so the camera target appears in the free region's
        middle (picking stays exact) and a camera at a named view moves to that view as the new
        layout frames it (the scene's screen things are placed by the layout itself)."""
        named = None
        same_game = (self.session is not None and self.scene is not None
                     and self.scene.game.name == self.session.game.name)
        if same_game and old is not None:
            named = self._named_before(old)
            if named is None:
                self._fit_plan = old  # is the camera at a named view of the old layout?
                try:
                    named = self.view_to_save(self.orbit.goal)
                finally:
                    self._fit_plan = None
                if named.get("view") not in ("top", "seat"):
                    named = None
        self._free = new.free
        self._set_film(new.free)
        self._clip_to_view(new)
        if named is not None:
            self.set_view(self.saved_view(named))
        elif same_game and old is not None:
            self._keep_in_room(old.free, new.free)

    def _clip_to_view(self, plan) -> None:
        """The main camera draws only the window's part left of the side panel and above the
        bar (their backdrop hides all but 12 % of what lies under them): under software GL a
        frame's cost is its pixels, and those two are about a third of a 1280x720 window's
        (the still picture's full-window copy, the cloth, the table's edge). One pixel more
        each way than the panels' edges, so no rounding leaves a seam; what shows through
        the panels' backdrop is the window's background colour."""
        w, h = plan.window
        x1, y1 = plan.view.x1, plan.view.y1
        if w <= 0 or h <= 0 or (x1 >= w and y1 >= h):
            self.view_clip = None
            state = RenderState.makeEmpty()
        else:
            right, bottom = min((x1 + 1) / w, 1.0), max(1 - (y1 + 1) / h, 0.0)
            self.view_clip = (0.0, right, bottom, 1.0)
            state = RenderState.make(ScissorAttrib.make(*self.view_clip))
        self.cam.node().setInitialState(state)

    #: (left, right, bottom, top) of the window, as fractions, the main camera draws in
    #: (None: all of it); a node's own scissor (a playback's patches) is cut to it
    view_clip: tuple | None = None

    def _keep_in_room(self, old, new) -> None:
        """A view of the user's own (or a record's) when a box opens or closes beside it: the
        camera moves back (or in) by as much as the view's room shrank (or grew), so what it
        showed in the old room shows in the new one, not under the box (the F3 panel covered
        the yellow stones of a record's own view). Changes under 10 % (a message line's
        second line) leave the camera where it is."""
        aspect = getattr(self.screen, "content_aspect", 1.4)

        def room(r):
            return min(r.w, r.h * aspect)

        if room(new) <= 1 or room(old) <= 1:
            return
        k = room(old) / room(new)
        if 1 / 1.1 <= k <= 1.1:
            return
        from dataclasses import replace

        goal = self.orbit.goal
        self.set_view(replace(goal, distance=goal.distance * k))

    def _named_before(self, old) -> dict | None:
        """The named view the camera stood at under the `old` layout, found among the views
        fitted for it. (Fitting it again under the old layout is not enough when the window
        changed shape: the lens has the new aspect already, so the old layout's view came out
        otherwise and a top view made at 1280x720 was kept at 1280x800, past the free part.)"""
        fit = old.fit_key()
        for _, key, view in self._presets:
            if key[2] == fit and key[5] == id(self.scene) and _same_view(view, self.orbit.goal):
                return {"view": "top"} if key[0] == "top" else {"view": "seat", "seat": key[1]}
        return None

    def free_region(self):
        """The window's part the 3D view has (viewer.layout.Rect, pixels from the top-left)."""
        if self._fit_plan is not None:
            return self._fit_plan.free
        return self.screen.free()

    def _set_film(self, free) -> None:
        w, h = self.screen.window()
        cx, cy = free.centre
        film = self.camLens.getFilmSize()
        self.camLens.setFilmOffset(film.x * (w / 2 - cx) / w, -film.y * (h / 2 - cy) / h)

    def own_lens(self) -> None:
        """The lens and camera as this app's own layout and view set them: a test's mirror of
        a window (tests/xvfb/mirror.py) puts that window's lens and camera on the process's
        offscreen app, and the next render (an export's frames) must not keep them."""
        w, h = self.size
        self.camLens.setMinFov(MIN_FOV)
        self.camLens.setAspectRatio(w / h)
        self.orbit.step(0)
        self.camera.clearTransform()  # a matrix set on it keeps its rounding in scale and shear
        self.apply_view(self.orbit.view)
        self._set_film(self.free_region())

    def set_insets(self, right: float, bottom: float) -> None:
        """Compatibility (older tests' offscreen mirrors of a window): a side panel `right`
        and a bar `bottom` aspect2d units large, laid out by viewer.layout."""
        if self.controller is None:  # as a window: its message line has room kept too
            self.screen.message = "" if (right or bottom) else None
        self.screen.set_fixed(right, bottom)
        self._request_status(replan=False)  # its room is sized by the view's width
        self.screen.replan()

    def windowEvent(self, win):
        super().windowEvent(win)
        self.wake()
        if self.screen.plan is not None and self.screen.plan.window != self.screen.window():
            self.screen.replan()
            if self._free is not None:
                self._set_film(self._free)

    def resize(self, size) -> None:
        """Offscreen: change the buffer size (renders that ask for another size)."""
        size = tuple(int(v) for v in size)
        if size != tuple(self.size):
            self.win.setSize(*size)
            self.size = size
        self.adjustWindowAspectRatio(size[0] / size[1])
        if self.screen.plan is None or self.screen.plan.window != self.screen.window():
            self._request_status(replan=False)  # its room is sized by the window's width
            self.screen.replan()

    # --- camera ---------------------------------------------------------------------------
    def _camera_task(self, task):
        if self.orbit.step(globalClock.getDt()):
            self.apply_view(self.orbit.view)
            self.wake()
        return task.cont

    def apply_view(self, view: View) -> None:
        eye = view.eye()
        self.camera.setPos(*eye)
        self.camera.lookAt(Point3(*view.target), Vec3(0, 0, 1))
        self.lighting.set_camera_pos(eye)
        self.camLens.setNearFar(max(view.distance * 0.02, 0.005), view.distance * 20)

    def set_view(self, view: View, duration: float = 0.0) -> None:
        self.orbit.go(view, duration)
        if duration <= 0:
            self.orbit.step(0)
            self.apply_view(self.orbit.view)

    # --- projection helpers (tests, picking) ----------------------------------------------
    def project(self, point, cam=None, lens=None):
        """Screen pixel (x, y from the top-left) of a world point, or None when not visible."""
        cam = cam or self.cam
        lens = lens or self.camLens
        p = cam.getRelativePoint(self.render, Point3(*point))
        p2 = Point2()
        if not lens.project(p, p2):
            return None
        w, h = self.size
        return ((p2.x + 1) / 2 * w, (1 - p2.y) / 2 * h)

    def mouse_ray(self, mx: float, my: float):
        """World-space ray through a point of the film in [-1, 1] coordinates."""
        near, far = Point3(), Point3()
        self.camLens.extrude(Point2(mx, my), near, far)
        a = self.render.getRelativePoint(self.cam, near)
        b = self.render.getRelativePoint(self.cam, far)
        d = b - a
        d.normalize()
        return (a.x, a.y, a.z), (d.x, d.y, d.z)

    # --- offscreen output -----------------------------------------------------------------
    def render_frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.taskMgr.step()

    def capture(self) -> np.ndarray:
        """The last rendered frame as an (h, w, 3) uint8 RGB array, top row first."""
        tex = self.win.getScreenshot()
        data = tex.getRamImageAs("RGB")
        w, h = tex.getXSize(), tex.getYSize()
        arr = np.frombuffer(bytes(data), dtype=np.uint8).reshape(h, w, 3)
        return arr[::-1].copy()

    def save_png(self, path) -> None:
        if not self.offscreen:  # a window that slept has no fresh frame: draw one first
            self.win.setActive(True)
            self.graphicsEngine.renderFrame()
            self.graphicsEngine.renderFrame()
        img = PNMImage()
        if not self.win.getScreenshot(img):
            raise RuntimeError("could not read back the frame")
        if Path(path).is_dir() or not img.write(Filename.fromOsSpecific(str(path))):
            raise OSError(errno.EIO, "cannot write the image there", str(path))
