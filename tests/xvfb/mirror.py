"""Where a real window draws things: an offscreen mirror aimed through the window's own camera.

A real-window test clicks on a piece where a person would: at the pixel where the window draws
it. The window reports its camera and lens in its probe (viewer.probe, key "camera"), and
`align_to_window` puts exactly that camera and lens on an offscreen app, so the app's
`project(point)` is the window's pixel of that point, however the window laid its view out
(panels, film offset, fitted views). Nothing here knows the window's panel sizes.

`Mirror` is the same session played offscreen beside the window: `sync()` waits until the
window shows the mirror's position with its camera still, then aligns to it; `px`, `cell`,
`ray` and `pick` say where things are; `pull` and `flick_for` are the flick gesture (a press on
a disc and a pull back). Things the scene draws flat on the screen (Glik's tray, Grendizer's
hand and outcome list) come from the window's probe itself (`screen`).
"""
from __future__ import annotations

import math

from panda3d.core import LMatrix4f, Point3

W, H = 1280, 720  # the viewer's window (the screen of xvfb.desk is 1280x800)


def align_to_window(app, probe: dict) -> None:
    """Give the offscreen `app` the window's camera and lens: `probe` is the window's probe
    snapshot (or its "camera" entry). Afterwards `app.project(p)` is the window's pixel of
    world point p, and `app.mouse_ray` reads a window pixel as the window does."""
    cam = probe.get("camera", probe)
    if "fov" not in cam:
        raise AssertionError(f"the probe reports no camera: {sorted(probe)}")
    size = tuple(int(v) for v in cam["window"])
    if tuple(app.size) != size:
        app.resize(size)
    app.orbit.step(0)  # a pending view of the app's own would move the camera at its next frame
    lens = app.camLens
    lens.setFilmSize(*cam["film_size"])
    lens.setFov(*cam["fov"])
    lens.setFilmOffset(*cam["film_offset"])
    lens.setNearFar(*cam["near_far"])
    # the lens's node (app.cam) hangs under app.camera: place app.camera so app.cam lands there
    goal = _mat(app, cam["pos"], cam["hpr"])
    local = LMatrix4f(app.cam.getMat())
    local.invertInPlace()
    app.camera.setMat(app.render, local * goal)
    app.lighting.set_camera_pos(tuple(cam["pos"]))


def _mat(app, pos, hpr) -> LMatrix4f:
    probe = app.render.attachNewNode("window-camera")
    probe.setPosHpr(app.render, Point3(*pos), tuple(hpr))
    mat = LMatrix4f(probe.getMat(app.render))
    probe.removeNode()
    return mat


def film_of(px: float, py: float, size=(W, H)) -> tuple[float, float]:
    """A window pixel (from the top-left) as film coordinates (-1..1, y up)."""
    w, h = size
    return (px / w) * 2 - 1, 1 - (py / h) * 2


def corner_px(x: float, y: float, corner: str = "top_right", size=(W, H)):
    """Window pixel of a point of a 2D corner node (a2dTopRight, a2dTopLeft, aspect2d's centre:
    "top_right", "top_left", "centre"), in its units (1 = half the window's height)."""
    w, h = size
    origin = {"top_right": (w, 0.0), "top_left": (0.0, 0.0), "centre": (w / 2, h / 2)}[corner]
    return origin[0] + x * h / 2, origin[1] - y * h / 2


def box_centre(box) -> tuple[float, float]:
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2


def node_path(node) -> list[int]:
    """The child indices from the root to `node`, as the probe's "node" says them."""
    path = []
    while node.parent is not None:
        path.append(node.parent.variations.index(node))
        node = node.parent
    return path[::-1]


def session_of(source):
    """A Session from CLI arguments (an argparse Namespace), a Record or a Session."""
    from timeline import Record, Session

    if isinstance(source, Session):
        return source
    if isinstance(source, Record):
        return Session(source)
    from viewer.main import session_for_args

    return session_for_args(source)[0]


class Mirror:
    """The window's session, played offscreen beside it and seen through the window's camera.

    `source`: the CLI arguments the window was started with, its Record, or a Session. The
    test plays on the mirror (`play`) what it makes the window play, and `sync()`s before it
    asks where things are."""

    def __init__(self, desk, source, size=(W, H)):
        from viewer.probe import camera_facts
        from viewer.render import offscreen_app

        self.desk = desk
        self.session = session_of(source)
        self.app = offscreen_app(self.session, size)
        self._own = camera_facts(self.app)  # the app's own camera, given back at close()
        self.probe: dict = {}

    @property
    def scene(self):
        return self.app.scene

    @property
    def size(self) -> tuple[int, int]:
        return tuple(self.app.size)

    def close(self) -> None:
        """Give the shared offscreen app its own camera and lens back."""
        align_to_window(self.app, self._own)

    # --- the window and the mirror showing the same thing -------------------------------------
    def sync(self, seconds: float = 60.0, position: bool = True) -> dict:
        """Wait until the window shows the mirror's position (its cursor, nothing moving: no
        clock, camera, simulation or drag), show that position here, and align to the
        window's camera. The probe snapshot that satisfied it. `position=False`: the camera
        alone (an editor changes the position the window shows, not the mirror's)."""
        want = node_path(self.session.node)

        def ready(p):
            if "camera" not in p or (p["clock_running"] or p["camera_moving"] or p["pending"]
                                     or p["drag"]):
                return False
            return not position or (p.get("node") == want and p.get("shown_is_cursor"))

        what = f"the window at the mirror's position {want}, still" if position else \
            "the window's camera to stand still"
        self.probe = self.desk.wait(ready, seconds, what)
        self.app.show_node(self.session.node)
        self.app.render_frames(1)
        align_to_window(self.app, self.probe)
        return self.probe

    def play(self, action) -> dict:
        """Play `action` here as the window's controller does (a chance node that follows is
        drawn by the session itself), then `sync()`."""
        from games.api import CHANCE

        self.session.play(action)
        if self.session.game.current_player(self.session.state) == CHANCE:
            self.session.auto_chance()
        return self.sync()

    def click(self, px: float, py: float, button: int = 1) -> dict:
        """Click the window there, and play here what the mirror's scene makes of a click on
        the same pixel (an asteroid goes where the click is)."""
        self.desk.click(px, py, button=button)
        state = self.session.state
        result = self.scene.click(state, self.pick(px, py))
        assert result is not None and result.action is not None, (
            f"a click at {px:.0f},{py:.0f} plays nothing here: {result}")
        return self.play(result.action)

    # --- where things are ---------------------------------------------------------------------
    def px(self, point) -> tuple[float, float]:
        """The window pixel of a world point."""
        p = self.app.project(point)
        assert p is not None, f"{tuple(point)} is not in the window's view"
        return p

    def cell(self, cell) -> tuple[float, float]:
        """The window pixel of a board cell's centre (the scene's `cell_center`)."""
        return self.px(self.scene.cell_center(cell))

    def ray(self, px: float, py: float):
        """The world ray (origin, direction) through a window pixel, rounded to whole pixels
        as xdotool moves the pointer."""
        return self.app.mouse_ray(*film_of(round(px), round(py), self.size))

    def pick(self, px: float, py: float):
        """What the mirror's scene finds under a window pixel (its `pick`)."""
        return self.scene.pick(*self.ray(px, py))

    def screen(self, name: str) -> tuple[float, float]:
        """The centre of a thing the window's scene drew flat on the screen ("board 3",
        "hand C05", "outcome ..."), from the probe `sync()` last read."""
        items = self.probe.get("screen") or {}
        assert name in items, f"{name!r} is not on the window's screen: {sorted(items)}"
        return box_centre(items[name])

    # --- the flick gesture (Glonk): press on a disc, pull back --------------------------------
    def pull(self, piece, metres: float, aim: float | None = None, steps: int = 8,
             whole: bool = False):
        """Pointer points of a press on `piece` and a pull back `metres` away from where the
        flick goes: `aim` degrees (None: straight out from the table's centre), in `steps`
        even steps; `whole`: in whole pixels."""
        if aim is None:
            aim = math.degrees(math.atan2(piece.y, piece.x))
        a = math.radians(aim)
        start = self.px((piece.x, piece.y, piece.thickness))
        end = self.px((piece.x - math.cos(a) * metres, piece.y - math.sin(a) * metres, 0.0))
        if whole:
            start, end = tuple(round(v) for v in start), tuple(round(v) for v in end)
        points = [start] + [(start[0] + (end[0] - start[0]) * k / steps,
                             start[1] + (end[1] - start[1]) * k / steps) for k in range(1, steps + 1)]
        return [tuple(round(v) for v in pt) for pt in points] if whole else points

    def flick_for(self, piece, release_px):
        """The flick the window reads from a pull of `piece` released at a window pixel."""
        from viewer.glonk import aim as AIM

        at = self.pick(*release_px).point
        return AIM.aim_from_pull(self.session.state, piece.id, (piece.x, piece.y), at[:2])
