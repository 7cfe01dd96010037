"""Disc labels: each disc's short id ("V3") on the screen, beside the disc.

The disc under the mouse always shows its id; a key (I) labels every disc on the mat and
beside it. A label is drawn in screen space (aspect2d), at a fixed readable size with a dark
backdrop (like the seat labels), just above where its disc appears, and follows the disc as
it moves during playback. A label whose spot lies under a panel, the status lines or the
message line is hidden rather than drawn over them. The layout is remade only when the
camera, the window, the panels or the discs' positions changed (`_inputs`), and is projected
for all discs at once, so a frame of playback costs one small numpy product.
"""
from __future__ import annotations

import numpy as np

from viewer.glonk.labels import (disc_pixel_boxes, free_area, hud_boxes, label_node,
                                 place_one, project_many, status_obstacle, window_host)

#: Text height in aspect2d units (0.034: about 14 pixels a line in an 800-pixel-high window).
TEXT_SCALE = 0.034
#: Pixels between a disc's top edge on the screen and its label's bottom.
GAP = 2
#: How far (pixels) the hovered disc's label may move from its place above the disc so that
#: it covers no other disc (a crowd); where no spot that near is clear, it stays above its
#: disc, which is what it names.
NUDGE = 48


def label_boxes(centres, tops, sizes, free, obstacles=()) -> list:
    """Pixel boxes (x0, y0, x1, y1) for labels of `sizes` (w, h): each centred above its
    disc (screen centre `centres`, the disc's top edge at pixel row `tops`), or None where
    that box would leave the `free` area or cover one of the `obstacles`."""
    out = []
    fx0, fy0, fx1, fy1 = free
    for (cx, _), top, (w, h) in zip(centres, tops, sizes):
        box = (cx - w / 2, top - GAP - h, cx + w / 2, top - GAP)
        ok = box[0] >= fx0 and box[1] >= fy0 and box[2] <= fx1 and box[3] <= fy1
        ok = ok and not any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3]
                            for o in obstacles)
        out.append(box if ok else None)
    return out


def covers_disc(box, disc) -> bool:
    """Whether pixel `box` covers part of the disc drawn in pixel box `disc` (the ellipse
    inside it: a label over the box's empty corner covers nothing)."""
    cx, cy = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2
    a, b = max((disc[2] - disc[0]) / 2, 1e-6), max((disc[3] - disc[1]) / 2, 1e-6)
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return ((nx - cx) / a) ** 2 + ((ny - cy) / b) ** 2 < 1.0


def clear_of_discs(box, discs, free, obstacles=(), own=None):
    """`box` (a label's pixel box, just above its own disc) moved, at most NUDGE pixels, to the
    spot nearest its `own` disc that covers none of the other `discs` (their pixel boxes), nor its
    `own` disc's box, nor the `obstacles`, inside `free`; `box` itself when it covers no other
    disc or when no spot that near is clear."""
    if box is None or not any(covers_disc(box, d) for d in discs):
        return box
    x0, y0, x1, y1 = box
    # the spot nearest its own disc (above, beside or below it), so it is read as that
    # disc's and not a neighbour's
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    if own is not None:
        discs = list(discs) + [own]
        centre = ((own[0] + own[2]) / 2, (own[1] + own[3]) / 2)
    near = (max(free[0], x0 - NUDGE), max(free[1], y0 - NUDGE),
            min(free[2], x1 + NUDGE), min(free[3], y1 + NUDGE))
    moved = place_one(centre, (x1 - x0, y1 - y0), near,
                      [tuple(o) for o in obstacles] + [tuple(d) for d in discs])
    return moved or box


class DiscLabels:
    """The id labels of a Glonk scene's discs; `update` keeps them beside their discs."""

    def __init__(self, app, scene):
        self.app = app
        self.scene = scene
        self.root = app.aspect2d.attachNewNode("glonk-disc-labels")
        self.root.setBin("fixed", 4)
        self.all_on = False
        self.hovered: str | None = None
        self.nodes: dict[str, object] = {}  # piece id -> its label's NodePath
        self.boxes: dict[str, tuple | None] = {}  # piece id -> pixel box last laid out
        self.centres: dict[str, tuple] = {}  # piece id -> its disc's centre on the screen
        self._seen = None
        self._cards: dict[str, tuple] = {}  # piece id -> its label's card (l, r, b, t), text units
        self._order = ((), [])  # the ids shown by the scene -> them in reading order
        self._radii = (None, {})  # the state -> its discs' radii
        self.layouts = 0  # how many times the labels were laid out (each costs a projection)

    def toggle(self) -> bool:
        self.all_on = not self.all_on
        self._seen = None
        return self.all_on

    def wanted(self) -> list[str]:
        """The ids labelled now: every disc shown (all on), else the hovered one."""
        poses = self.scene.poses
        if self.all_on:
            shown = tuple(poses)
            if shown != self._order[0]:
                self._order = (shown, sorted(shown, key=_id_order))
            return self._order[1]
        return [self.hovered] if self.hovered in poses else []

    def _node(self, pid: str):
        node = self.nodes.get(pid)
        if node is None:
            node = label_node(self.root, "disc-label", pid, (1.0, 1.0, 1.0, 1.0),
                              (0.3, 0.3, 0.12, 0.12), TEXT_SCALE)
            self.nodes[pid] = node
            self._cards[pid] = tuple(node.node().getCardActual())
        return node

    def _inputs(self, ids) -> tuple:
        """A cheap fingerprint of what the layout depends on (nothing is projected)."""
        app = self.app
        cam = app.cam.getNetTransform().getMat()
        lens = app.camLens
        poses = self.scene.poses
        panel = getattr(window_host(app), "panel", None)
        return (tuple(cam.getCell(i, j) for i in range(4) for j in range(4)),
                tuple(lens.getFilmOffset()), tuple(lens.getFov()), tuple(app.size),
                app.free_region(), status_obstacle(app),
                str(panel.message["text"]) if panel is not None else None,
                tuple(ids), tuple(poses[i] for i in ids))

    def update(self) -> None:
        """Lay the labels out again if the camera, the window, the panels or a disc moved."""
        ids = self.wanted()
        if not ids and not self.boxes:
            return  # nothing to show and nothing shown: no fingerprint to take
        inputs = self._inputs(ids)
        if inputs == self._seen:
            return
        self._seen = inputs
        self.layouts += 1
        for pid, node in self.nodes.items():
            if pid not in ids and not node.isHidden():
                node.hide()
        self.boxes, self.centres = {}, {}
        if not ids:
            return
        state = self.scene.state
        if self._radii[0] is not state:
            self._radii = (state, {p.id: p.radius for p in state.pieces} if state else {})
        radii = [self._radii[1].get(pid, 0.02) for pid in ids]
        centres = np.array([self.scene.poses[i] for i in ids], dtype=float)
        # the centre and the point a radius further away on the screen's up, for each disc
        up = self._screen_up()
        tops3 = centres + np.asarray(radii)[:, None] * up[None, :]
        px, seen = project_many(self.app, np.vstack([centres, tops3]))
        n = len(ids)
        mid, top = px[:n], px[n:]
        top_rows = np.minimum(mid[:, 1] - np.abs(top[:, 1] - mid[:, 1]), top[:, 1])
        nodes = [self._node(pid) for pid in ids]
        sizes = [self._size_px(pid) for pid in ids]
        free, hud = free_area(self.app), hud_boxes(self.app)
        boxes = label_boxes(mid.tolist(), top_rows.tolist(), [(w, h) for w, h, _, _ in sizes],
                            free, hud)
        if not self.all_on and boxes and boxes[0] is not None:
            # the one label of the disc under the mouse keeps off its neighbours in a crowd
            # (with every disc labelled, each label stays above its own disc)
            others = self.disc_boxes()
            own = others.pop(ids[0], None)
            boxes[0] = clear_of_discs(boxes[0], list(others.values()), free, hud, own)
        w, h = self.app.size
        aspect = self.app.getAspectRatio()
        for i, (pid, node, box, (_, _, left, top_off)) in enumerate(
                zip(ids, nodes, boxes, sizes)):
            if box is None or not (seen[i] and seen[n + i]):
                node.hide()
                self.boxes[pid] = None
                continue
            node.show()
            x_origin, y_origin = box[0] - left, box[1] + top_off
            node.setPos((x_origin / w * 2 - 1) * aspect, 0, 1 - y_origin / h * 2)
            self.boxes[pid] = box
            self.centres[pid] = (float(mid[i, 0]), float(mid[i, 1]))

    def disc_boxes(self) -> dict:
        """Piece id -> the pixel box of its disc, for every disc shown in front of the camera
        (projected all at once)."""
        poses = self.scene.poses
        if not poses:
            return {}
        radii = self._radii[1]
        boxes, seen = disc_pixel_boxes(self.app, [(p, radii.get(pid, 0.02))
                                                  for pid, p in poses.items()])
        return {pid: tuple(b) for pid, b, ok in zip(poses, boxes.tolist(), seen.any(axis=1))
                if ok}

    def _screen_up(self) -> np.ndarray:
        """The world direction on the table that points up the screen (the camera's up,
        flattened onto the table; its forward when it looks straight down)."""
        q = self.app.cam.getQuat(self.app.render)
        for v in (q.getUp(), q.getForward()):
            flat = np.array([v.x, v.y, 0.0])
            if np.linalg.norm(flat) > 1e-3:
                return flat / np.linalg.norm(flat)
        return np.array([0.0, 1.0, 0.0])

    def _size_px(self, pid):
        """Pixel width, height of a label and its box's offset from its origin."""
        l, r, b, t = self._cards[pid]
        k = TEXT_SCALE * self.app.size[1] / 2
        return (r - l) * k, (t - b) * k, l * k, t * k

    def shown(self) -> list[dict]:
        """What is on the screen now (for the probe): each shown label's text, its pixel box,
        and its disc's centre on the screen."""
        return [{"text": self.nodes[pid].node().getText(), "box": [round(v, 1) for v in box],
                 "at": [round(v, 1) for v in self.centres[pid]]}
                for pid, box in self.boxes.items() if box is not None]

    def destroy(self) -> None:
        self.root.removeNode()


def _id_order(pid: str):
    """Ids in reading order: the letters, then the number (V2 before V10)."""
    head = pid.rstrip("0123456789")
    tail = pid[len(head):]
    return head, int(tail) if tail else -1
