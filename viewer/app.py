"""The ShowBase application: it only wires parts together.

Parts: the session (timeline), the game's scene, lighting, the table, the orbit camera, the
status HUD and, in a window, the input bindings, the timeline panel and the mode machine
(`viewer.controller`). Offscreen (tests, `flickbook render`) the same app draws into a buffer.
"""
from __future__ import annotations

import math

import numpy as np
from direct.showbase.ShowBase import ShowBase
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import (
    AntialiasAttrib,
    FrameBufferProperties,
    GraphicsOutput,
    GraphicsPipe,
    PNMImage,
    Point2,
    Point3,
    TextNode,
    Vec3,
    WindowProperties,
)

from viewer.camera import OrbitController, View
from viewer.display import NoDisplay, configure
from viewer.lighting import Lighting
from viewer.scenes import scene_class
from viewer.table import make_table

BACKGROUND = (0.11, 0.12, 0.14, 1)


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
        self.scene_root = self.render.attachNewNode("scene-root")
        self.lighting = Lighting(self, self.scene_root)
        self.session = None
        self.scene = None
        self.table = None
        self.orbit = OrbitController(View())
        self.status = OnscreenText(text="", pos=(-1.74, 0.92) if not offscreen else (-1.74, 0.92),
                                   scale=0.045, fg=(0.95, 0.95, 0.92, 1), shadow=(0, 0, 0, 0.8),
                                   align=TextNode.ALeft, mayChange=True, parent=self.a2dTopLeft)
        self.status.setPos(0.04, -0.07)
        self.camLens.setMinFov(34.0)
        self.taskMgr.add(self._camera_task, "flickbook-camera", sort=40)
        self.set_session(session)
        self.controller = None
        if interactive is None:
            interactive = not offscreen
        if interactive:
            from viewer.controller import Controller

            self.controller = Controller(self)

    # --- wiring ---------------------------------------------------------------------------
    def set_session(self, session) -> None:
        """Show `session` (a new game, an opened file): rebuild the scene when the game differs."""
        old_game = self.session.game.name if self.session is not None else None
        self.session = session
        if self.scene is None or old_game != session.game.name:
            if self.scene is not None:
                self.scene.root_node.removeNode()
            holder = self.scene_root.attachNewNode(f"{session.game.name}-scene")
            self.scene = scene_class(session.game.name)(self, session.game, holder, self.lighting)
            self.scene.root_node = holder
            self.scene.build()
        self.scene.show(session.state)
        self.frame_scene(reset_camera=True)
        self.refresh_status()

    def frame_scene(self, reset_camera: bool = False) -> None:
        center, radius = self.scene.bounds()
        self.lighting.fit(center, radius)
        if self.table is None:
            self.table = make_table(self.scene_root, center, radius * 1.6, z=-0.001)
            self.lighting.hide_from_shadow(self.table)
        if reset_camera:
            self.orbit.min_dist = radius * 0.15
            self.orbit.max_dist = radius * 8
            self.orbit.go(self.preset("seat", self.session_player()), duration=0)

    def session_player(self) -> int:
        p = self.session.game.current_player(self.session.state)
        return p if p >= 0 else 0

    def preset(self, name: str, player: int = 0) -> View:
        """A named camera view: 'top' (straight down) or 'seat' (from a player's side)."""
        center, radius = self.scene.bounds()
        headings = list(self.scene.seat_headings(self.session.state)) or [0.0]
        heading = headings[player % len(headings)]
        if name == "top":
            return View((center.x, center.y, center.z), radius * 2.0, 0.0, -89.5)
        if name == "seat":
            # aim a little towards the player's own side so their corner and reserve show
            h = math.radians(heading)
            shift = radius * 0.16
            target = (center.x + math.sin(h) * shift, center.y - math.cos(h) * shift, center.z)
            return View(target, radius * 2.5, heading, -52.0)
        raise ValueError(f"unknown camera preset {name!r}: use top or seat")

    def refresh_status(self) -> None:
        self.status.setText("\n".join(self.scene.status_lines(self.session.state)))

    # --- camera ---------------------------------------------------------------------------
    def _camera_task(self, task):
        if self.orbit.step(globalClock.getDt()):
            self.apply_view(self.orbit.view)
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
        img = PNMImage()
        if not self.win.getScreenshot(img):
            raise RuntimeError("could not read back the frame")
        img.write(str(path))
