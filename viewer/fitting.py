"""Fitting a named camera view into the window's layout (viewer.layout).

A named view (top, seat N) must show what the scene names (`Scene.seat_fit` points, the top
frame's corners) and the table between them whole, in the view's part of the window and under
none of the layout's boxes, as large as that allows. The points are made dense (a grid over
their outline on the table) so a box cannot sit between two of them; they are projected for
many camera distances at once with numpy, and for each distance the best screen shift is
found (the one nearest the middle of the room that keeps every point clear of every box),
then turned into a move of the camera's target along the table.
"""
from __future__ import annotations

import math

import numpy as np
from panda3d.core import LMatrix4f, NodePath, Point3, Vec3

from viewer.camera import View

#: Pixels kept between what a view shows and the edge of its room or a box.
PAD = 2.0
#: Grid steps over the outline of the points (each way).
GRID = 11
#: Screen shifts tried each way for one distance.
SHIFTS = 31


def hull(points2d: np.ndarray) -> np.ndarray:
    """Convex hull (counter-clockwise) of 2D points (monotone chain)."""
    pts = sorted(set(map(tuple, np.round(points2d, 9))))
    if len(pts) <= 2:
        return np.array(pts)

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])


def dense(points) -> np.ndarray:
    """`points` with a grid over their outline on the table (at their lowest height)."""
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    h = hull(pts[:, :2])
    if len(h) < 3:
        return pts
    xs = np.linspace(pts[:, 0].min(), pts[:, 0].max(), GRID)
    ys = np.linspace(pts[:, 1].min(), pts[:, 1].max(), GRID)
    gx, gy = np.meshgrid(xs, ys)
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)
    inside = np.ones(len(grid), dtype=bool)
    for i in range(len(h)):  # on the inner side of every edge (counter-clockwise)
        a, b = h[i], h[(i + 1) % len(h)]
        inside &= ((b[0] - a[0]) * (grid[:, 1] - a[1]) - (b[1] - a[1]) * (grid[:, 0] - a[0])) >= -1e-9
    z = np.full((int(inside.sum()), 1), pts[:, 2].min())
    return np.vstack([pts, np.hstack([grid[inside], z])])


class Projector:
    """Window pixels of world points for a camera at a View, with the app's lens."""

    def __init__(self, app):
        self.app = app
        self.probe = NodePath("fit-probe")
        m = app.camLens.getProjectionMat()
        self.proj = np.array([[m.getCell(i, j) for j in range(4)] for i in range(4)])
        self.size = app.screen.window()

    def pixels(self, view: View, pts: np.ndarray):
        """(n, 2) pixels and whether every point is in front of the camera."""
        self.probe.setPos(*view.eye())
        self.probe.lookAt(Point3(*view.target), Vec3(0, 0, 1))
        m = LMatrix4f(self.probe.getMat())
        m.invertInPlace()
        world_to_cam = np.array([[m.getCell(i, j) for j in range(4)] for i in range(4)])
        clip = np.hstack([pts, np.ones((len(pts), 1))]) @ world_to_cam @ self.proj
        w = clip[:, 3]
        if not (w > 1e-9).all():
            return None
        ndc = clip[:, :2] / w[:, None]
        W, H = self.size
        return np.stack([(ndc[:, 0] + 1) / 2 * W, (1 - ndc[:, 1]) / 2 * H], axis=1)


def best_shift(px: np.ndarray, area, obstacles, aim, sideways=None) -> tuple[float, float] | None:
    """The screen shift (pixels) that puts every point inside `area` and outside every
    obstacle, nearest to the one that centres the points on `aim` (x, y); None if none does.
    `sideways`: how far (pixels) the points may lie beside `aim` at most (None: any)."""
    lo = np.array([area.x0 + PAD, area.y0 + PAD]) - px.min(axis=0)
    hi = np.array([area.x1 - PAD, area.y1 - PAD]) - px.max(axis=0)
    if (lo > hi).any():
        return None
    if sideways is not None:  # the picture stays about centred across, and moves down
        centre_x = aim[0] - (px[:, 0].min() + px[:, 0].max()) / 2  # (the camera forwards,
        lo[0], hi[0] = max(lo[0], centre_x - sideways), min(hi[0], centre_x + sideways)
        hi[1] = min(hi[1], sideways)  # over the table) hardly at all
        if lo[0] > hi[0] or lo[1] > hi[1]:
            return None
    tx = np.linspace(lo[0], hi[0], SHIFTS)
    ty = np.linspace(lo[1], hi[1], SHIFTS)
    TX, TY = np.meshgrid(tx, ty)
    TX, TY = TX.ravel(), TY.ravel()
    ok = np.ones(len(TX), dtype=bool)
    x = px[:, 0][None, :] + TX[:, None]
    y = px[:, 1][None, :] + TY[:, None]
    for o in obstacles:
        hit = ((x > o.x0 - PAD) & (x < o.x1 + PAD) & (y > o.y0 - PAD) & (y < o.y1 + PAD)).any(axis=1)
        ok &= ~hit
        if not ok.any():
            return None
    centre = (px.min(axis=0) + px.max(axis=0)) / 2
    want = np.array(aim) - centre
    want = np.clip(want, lo, hi)
    # sideways costs more: it moves the camera off the seat's own line (its side nearest)
    d = (3 * (TX - want[0])) ** 2 + (TY - want[1]) ** 2
    d[~ok] = np.inf
    i = int(np.argmin(d))
    return float(TX[i]), float(TY[i])


def fit_view(app, view: View, points, plan, sideways: float | None = None) -> View:
    """`view` moved along the table and to the nearest distance at which `points` (made
    dense) lie in `plan.area`, clear of `plan.obstacles`, centred on the free region as
    nearly as that allows; with `sideways` (a share of the window's width) the picture stays
    that near the free region's middle across (a seat's view keeps the camera on the seat's
    line, so its own side stays the nearest). Heading and pitch stay."""
    pts = dense(points)
    area = plan.area or plan.free
    obstacles = list(plan.obstacles)
    aim = plan.free.centre
    proj = Projector(app)
    W, H = proj.size
    side_px = None if sideways is None else sideways * W
    fov = app.camLens.getFov()
    tan_x, tan_z = math.tan(math.radians(fov.x / 2)), math.tan(math.radians(fov.y / 2))
    h, pitch = math.radians(view.heading), math.radians(view.pitch)
    across, ahead = (math.cos(h), math.sin(h)), (-math.sin(h), math.cos(h))
    sin_p = max(abs(math.sin(pitch)), 0.2)

    def shift_at(target, dist):
        px = proj.pixels(View(target, dist, view.heading, view.pitch), pts)
        return None if px is None else best_shift(px, area, obstacles, aim, side_px)

    def moved(target, dist, t):
        """The target that moves the picture by `t` pixels (right, down) at `dist`."""
        fx, fy = t[0] / W * 2, -t[1] / H * 2  # film units (the film is 2 across): + right, + up
        dx = -fx * dist * tan_x  # the picture moves the other way from the camera
        dz = -fy * dist * tan_z / sin_p
        return (target[0] + across[0] * dx + ahead[0] * dz,
                target[1] + across[1] * dx + ahead[1] * dz, target[2])

    def settled(target, dist):
        """The target shifted (twice: perspective makes one shift inexact) so the view at
        `dist` fits; None if it does not."""
        for _ in range(3):
            px = proj.pixels(View(target, dist, view.heading, view.pitch), pts)
            if px is None:
                return None
            if _clear(px, area, obstacles) and _centred(px, area, obstacles, aim, side_px):
                return target
            t = best_shift(px, area, obstacles, aim, side_px)
            if t is None:
                return None
            target = moved(target, dist, t)
        px = proj.pixels(View(target, dist, view.heading, view.pitch), pts)
        return target if px is not None and _clear(px, area, obstacles) else None

    target = view.target
    near, far = view.distance / 4, view.distance * 6
    if settled(target, far) is None:
        return view
    for _ in range(14):  # the nearest distance at which a shifted view fits
        mid = math.sqrt(near * far)
        t = settled(target, mid)
        if t is None:
            near = mid
        else:
            far, target = mid, t
    return View(settled(target, far) or target, far, view.heading, view.pitch)


def _centred(px, area, obstacles, aim, sideways=None) -> bool:
    """Whether no shift would centre the points better on `aim` (within two pixels)."""
    t = best_shift(px, area, obstacles, aim, sideways)
    return t is not None and abs(t[0]) < 2 and abs(t[1]) < 2


def _clear(px, area, obstacles) -> bool:
    x, y = px[:, 0], px[:, 1]
    if not ((x >= area.x0 + PAD - 0.5) & (x <= area.x1 - PAD + 0.5)
            & (y >= area.y0 + PAD - 0.5) & (y <= area.y1 - PAD + 0.5)).all():
        return False
    for o in obstacles:
        if ((x > o.x0 - PAD + 0.5) & (x < o.x1 + PAD - 0.5)
                & (y > o.y0 - PAD + 0.5) & (y < o.y1 + PAD - 0.5)).any():
            return False
    return True
