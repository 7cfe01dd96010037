"""Seat labels: each player's name and score on the screen, beside their area of the table.

A label is drawn in screen space (aspect2d) with a dark backdrop, at a fixed, readable size.
Each frame the camera moved, it is put as close as it can be to where its seat's area
appears, but always whole inside the free part of the window: not cut by the window's edge,
not under the move-list panel or the bottom bar, not over the status lines, the message line,
the piece buttons or the turn log, not over another label, and where it can, not over a disc. `place_boxes` is that
layout, pure and testable; `SeatLabels` keeps the text nodes.
"""
from __future__ import annotations

import math

import numpy as np
from panda3d.core import Point3, TextNode

#: Text height in aspect2d units (0.040: 16 pixels a line in an 800-pixel-high window).
TEXT_SCALE = 0.040
BACKDROP = (0.03, 0.04, 0.06, 0.70)
#: Pixels kept clear around each label (from the window's edge, panels and other labels).
MARGIN = 4
#: Candidate positions are tried on a grid this many pixels apart.
GRID = 4


def overlaps(a, b) -> bool:
    """Whether pixel boxes (x0, y0, x1, y1) overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a, free) -> bool:
    return a[0] >= free[0] and a[1] >= free[1] and a[2] <= free[2] and a[3] <= free[3]


def place_boxes(wanted, sizes, free, obstacles=(), soft=()) -> list:
    """Pixel boxes for labels of `sizes` (w, h), each as near as possible to its wanted
    centre (x, y), all inside `free` (x0, y0, x1, y1), clear of `obstacles` and of one
    another by MARGIN, and clear of the `soft` obstacles too where there is room for that.
    A label that cannot fit anywhere gets None."""
    placed: list = []
    taken = [tuple(o) for o in obstacles]
    for centre, size in zip(wanted, sizes):
        box = place_one(centre, size, free, taken + [tuple(o) for o in soft])
        if box is None and soft:
            box = place_one(centre, size, free, taken)
        placed.append(box)
        if box is not None:
            taken.append(box)
    return placed


def place_one(centre, size, free, taken):
    """The free spot nearest `centre` for one label of `size`, clear of `taken` (or None).
    Spots are tried near the wanted one first (a fine grid close by, then coarser and wider),
    so a label finds its place in a fraction of a millisecond."""
    (cx, cy), (w, h) = centre, size
    fx0, fy0, fx1, fy1 = free
    lo_x, hi_x = fx0 + MARGIN, fx1 - MARGIN - w
    lo_y, hi_y = fy0 + MARGIN, fy1 - MARGIN - h
    if hi_x < lo_x or hi_y < lo_y:
        return None
    # the wanted spot itself, clamped into the free area, is the first candidate
    x_want = min(max(cx - w / 2, lo_x), hi_x)
    y_want = min(max(cy - h / 2, lo_y), hi_y)
    boxes = np.array(taken, dtype=float).reshape(-1, 4)
    for reach, step in ((64, GRID), (256, 2 * GRID), (None, 2 * GRID)):
        if reach is None:
            x0, x1, y0, y1 = lo_x, hi_x, lo_y, hi_y
        else:
            x0, x1 = max(lo_x, x_want - reach), min(hi_x, x_want + reach)
            y0, y1 = max(lo_y, y_want - reach), min(hi_y, y_want + reach)
        xs = np.append(np.arange(x0, x1 + 1e-6, step, dtype=float), x_want)
        ys = np.append(np.arange(y0, y1 + 1e-6, step, dtype=float), y_want)
        X = np.tile(xs, len(ys))[:, None]
        Y = np.repeat(ys, len(xs))[:, None]
        near = boxes[(boxes[:, 2] > x0 - MARGIN) & (boxes[:, 0] < x1 + w + MARGIN)
                     & (boxes[:, 3] > y0 - MARGIN) & (boxes[:, 1] < y1 + h + MARGIN)]
        hit = ((X - MARGIN < near[:, 2]) & (near[:, 0] < X + w + MARGIN)
               & (Y - MARGIN < near[:, 3]) & (near[:, 1] < Y + h + MARGIN))
        ok = ~hit.any(axis=1)
        X, Y = X[:, 0], Y[:, 0]
        if ok.any():
            d = (X - (cx - w / 2)) ** 2 + (Y - (cy - h / 2)) ** 2
            d[~ok] = np.inf
            i = int(np.argmin(d))
            return (float(X[i]), float(Y[i]), float(X[i] + w), float(Y[i] + h))
    return None


def project_many(app, points):
    """Pixels (n, 2) of world points as the camera shows them, and which lie in front of it
    and inside the view (the same numbers as `app.project`, for many points at once)."""
    m = app.render.getMat(app.cam) * app.camLens.getProjectionMat()
    to_clip = np.array([[m.getCell(i, j) for j in range(4)] for i in range(4)])
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    clip = np.hstack([pts, np.ones((len(pts), 1))]) @ to_clip
    wpos = clip[:, 3:4]
    front = wpos[:, 0] > 1e-9
    ndc = clip[:, :3] / np.where(front[:, None], wpos, 1.0)
    w, h = app.size
    px = np.stack([(ndc[:, 0] + 1) / 2 * w, (1 - ndc[:, 1]) / 2 * h], axis=1)
    inside = front & (np.abs(ndc[:, :2]) <= 1.0).all(axis=1)
    return px, inside


def disc_pixel_boxes(app, discs):
    """Pixel boxes (n, 4: x0, y0, x1, y1) around discs given as ((x, y, z), radius), from
    their centres and the four points a radius away along the table's axes, all projected at
    once; and which of those five points (n, 5) lie in front of the camera and in the view."""
    pts = []
    for (x, y, z), r in discs:
        pts += [(x, y, z), (x + r, y, z), (x - r, y, z), (x, y + r, z), (x, y - r, z)]
    px, seen = project_many(app, pts)
    px = px.reshape(-1, 5, 2)
    return np.concatenate([px.min(axis=1), px.max(axis=1)], axis=1), seen.reshape(-1, 5)


def screen_box(app, node):
    """Pixel box (x0, y0, x1, y1 from the top left) that a 2D node covers, or None."""
    if node is None or node.isEmpty() or node.isHidden():
        return None
    bounds = node.getTightBounds(app.render2d)
    if not bounds:
        return None
    lo, hi = bounds
    w, h = app.size
    return ((lo.x + 1) / 2 * w, (1 - hi.z) / 2 * h, (hi.x + 1) / 2 * w, (1 - lo.z) / 2 * h)


def free_area(app) -> tuple[float, float, float, float]:
    """The part of the window (pixels) that no panel or box covers: the layout's free region
    (viewer.layout)."""
    free = app.free_region()
    return (free.x0, free.y0, free.x1, free.y1)


#: Pixels the status backdrop's right and bottom edges are rounded up to, as labels avoid
#: it: while aiming its text changes every frame (the speed's digits), and a label laid out
#: around the rounded box need not move until the box outgrows it.
STATUS_GRAIN = 32


def status_obstacle(app):
    """The box (pixels) labels keep clear of the status lines: their backdrop, its right
    and bottom edges rounded up to STATUS_GRAIN; None while there is no status text."""
    status = app.status_boxes() if hasattr(app, "status_boxes") else None
    if status is None:
        return None
    x0, y0, x1, y1 = status[1]
    return (x0, y0, math.ceil(x1 / STATUS_GRAIN) * STATUS_GRAIN,
            math.ceil(y1 / STATUS_GRAIN) * STATUS_GRAIN)


def window_host(app):
    """The window's host (viewer.host.Host) that the scene shown talks to, None offscreen."""
    return getattr(getattr(app, "scene", None), "host", None)


def hud_boxes(app) -> list:
    """Pixel boxes of what the app draws over the table: the status lines' backdrop (as
    `status_obstacle`), the message line, the piece buttons and the turn log (those shown
    now)."""
    boxes = []
    status = status_obstacle(app)
    if status is not None:
        boxes.append(status)
    host = window_host(app)
    nodes = []
    panel = getattr(host, "panel", None)
    message = getattr(panel, "message", None)
    if message is not None and str(message["text"]).strip():
        nodes.append(message)
    log = getattr(host, "turn_log", None)
    if log is not None:
        nodes.append(log.frame)
    scene_input = getattr(getattr(app, "scene", None), "input", None)
    nodes += list(getattr(scene_input, "buttons", ()) or ())
    for node in nodes:
        box = screen_box(app, node)
        if box is not None:
            boxes.append(box)
    return boxes


def label_node(parent, name: str, text: str, rgba, margin, scale: float):
    """A screen label in white-on-backdrop style: centred `text` in `rgba` with a drop
    shadow, on a card of BACKDROP with `margin` (left, right, bottom, top, in ems)."""
    tn = TextNode(name)
    tn.setText(text)
    tn.setAlign(TextNode.ACenter)
    tn.setTextColor(*rgba)
    tn.setShadow(0.04, 0.04)
    tn.setShadowColor(0, 0, 0, 0.9)
    tn.setCardColor(*BACKDROP)
    tn.setCardAsMargin(*margin)
    tn.setCardDecal(True)
    node = parent.attachNewNode(tn)
    node.setScale(scale)
    return node


class SeatLabels:
    """One label per seat in aspect2d; `update` lays them out for the current camera."""

    def __init__(self, app):
        self.app = app
        self.root = app.aspect2d.attachNewNode("glonk-seat-labels")
        self.root.setBin("fixed", 5)
        self.nodes: list = []
        self.anchors: list = []  # world points each label wants to sit just beyond
        self.centre = (0.0, 0.0, 0.0)  # the table's centre, seen from which it is "beyond"
        self._avoid: list = []  # (world point, radius): discs a label should not cover
        self.boxes: list = []  # pixel boxes last laid out (None: no room)
        self._seen = None  # what the last layout was made for (SeatLabels._inputs)
        self._version = 0  # moves on when the labels or the discs to avoid change

    def set(self, items) -> None:
        """`items`: (text, rgba, world anchor point) per seat."""
        texts = [(t, tuple(c)) for t, c, _ in items]
        if texts != [(n.node().getText(), tuple(n.node().getTextColor())) for n in self.nodes]:
            self.root.getChildren().detach()
            self.nodes = []
            for text, rgba in texts:
                self.nodes.append(label_node(self.root, "seat-label", text, rgba,
                                             (0.4, 0.4, 0.2, 0.2), TEXT_SCALE))
        self.anchors = [tuple(p) for _, _, p in items]
        self._version += 1

    @property
    def avoid(self) -> list:
        return self._avoid

    @avoid.setter
    def avoid(self, discs) -> None:
        discs = list(discs)
        if discs != self._avoid:
            self._avoid = discs
            self._version += 1

    def _size_px(self, node):
        """Pixel width, height of a label and its box's offset from its origin."""
        l, r, b, t = node.node().getCardActual()
        k = TEXT_SCALE * self.app.size[1] / 2
        return (r - l) * k, (t - b) * k, l * k, t * k

    def _inputs(self) -> tuple:
        """A cheap fingerprint of everything the layout depends on (nothing is projected)."""
        app = self.app
        cam = app.cam.getNetTransform().getMat()
        lens = app.camLens
        host = window_host(app)
        panel = getattr(host, "panel", None)
        log = getattr(host, "turn_log", None)
        scene_input = getattr(getattr(app, "scene", None), "input", None)
        buttons = getattr(scene_input, "buttons", ()) or ()
        return (tuple(round(cam.getCell(i, j), 6) for i in range(4) for j in range(4)),
                tuple(lens.getFilmOffset()), tuple(lens.getFov()), tuple(app.size),
                app.free_region(), status_obstacle(app),
                str(panel.message["text"]) if panel is not None else None,
                (log.frame.isHidden(), tuple(log.visible())) if log is not None else None,
                tuple(id(b) for b in buttons), self._version)

    def update(self, force: bool = False) -> None:
        """Lay the labels out again if the camera, the window or what covers it changed."""
        app = self.app
        if not self.nodes:
            return
        inputs = self._inputs()
        if inputs == self._seen and not force:
            return
        self._seen = inputs
        w, h = app.size
        sizes = [self._size_px(n) for n in self.nodes]
        middle = app.project(self.centre) or (w / 2, h / 2)
        wanted = []
        for p, (sw, sh, _, _) in zip(self.anchors, sizes):
            px = app.project(p)
            if px is None:
                wanted.append((w / 2, 0.0))
                continue
            # the label sits beyond its anchor, seen from the table's centre
            dx, dy = px[0] - middle[0], px[1] - middle[1]
            d = max(1e-6, (dx * dx + dy * dy) ** 0.5)
            ux, uy = dx / d, dy / d
            push = abs(ux) * sw / 2 + abs(uy) * sh / 2
            wanted.append((px[0] + ux * push, px[1] + uy * push))
        free = free_area(app)
        obstacles = hud_boxes(app)
        discs = self._disc_boxes()
        boxes = place_boxes(wanted, [(sw, sh) for sw, sh, _, _ in sizes], free, obstacles,
                            discs)
        aspect = app.getAspectRatio()
        for node, box, (_, _, left, top) in zip(self.nodes, boxes, sizes):
            if box is None:
                node.hide()
                continue
            node.show()
            x_origin = box[0] - left  # the text's origin, in pixels
            y_origin = box[1] + top
            node.setPos((x_origin / w * 2 - 1) * aspect, 0, 1 - y_origin / h * 2)
        self.boxes = boxes

    def _disc_boxes(self) -> list:
        """Pixel boxes around the discs in `avoid`, as the camera shows them (projected all
        at once: this runs on every frame the camera moves)."""
        if not self._avoid:
            return []
        boxes, seen = disc_pixel_boxes(self.app, self._avoid)
        return [tuple(b) for b in boxes[seen.all(axis=1)].tolist()]

    def drawn_boxes(self) -> list:
        """Pixel boxes the label nodes cover now (their backdrops), measured from the nodes."""
        out = []
        for node in self.nodes:
            if node.isHidden():
                out.append(None)
                continue
            l, r, b, t = node.node().getCardActual()
            lo = self.app.render2d.getRelativePoint(node, Point3(l, 0, b))
            hi = self.app.render2d.getRelativePoint(node, Point3(r, 0, t))
            w, h = self.app.size
            out.append(((lo.x + 1) / 2 * w, (1 - hi.z) / 2 * h, (hi.x + 1) / 2 * w,
                        (1 - lo.z) / 2 * h))
        return out

    def texts(self) -> list[str]:
        return [n.node().getText() for n in self.nodes]

    def destroy(self) -> None:
        self.root.removeNode()
