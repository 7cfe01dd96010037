"""The best Glonk shot on the mat (B, `viewer.bestshot`): the path the exact flick really takes
(bounces off neighbours included) as the main mark, an arrowhead and the odds at its end
(a screen label at the disc labels' size, kept off the discs),
and the odds in words ("Best: V2 Jumper 184 deg 2.1 m/s - standard 71 %, expected +1.2");
without a simulated step, a straight arrow as long as the textbook slide of its speed.

The odds are the search's own scattered flicks of that intent at the chosen skill
(`analysis.glonk.best_shot`), in the shot explorer's words (`viewer.glonk.explorer`):
standard (the piece ends within its speed), hyper (it ends beyond, on the Galaxy: the turn
ends), lost (your piece is atomised or leaves the Galaxy).
The words and the geometry are pure functions (tested without a window); `BestShotView`
draws them in the Glonk scene.
"""
from __future__ import annotations

import math

from viewer.glonk import aim as AIM
from viewer.glonk.explorer import odds_words, outcome_shares, percentages

#: The mark's colour (gold: no other overlay uses it).
ARROW = (1.0, 0.80, 0.20, 0.95)
ARROW_WIDTH = 0.012
#: Pixels between the arrow's head and the odds label's nearest edge.
LABEL_GAP_PX = 6


def flick_words(state, flick) -> str:
    """"V2 Jumper 184 deg 2.1 m/s" (with the heroic assault's target or the power used)."""
    p = state.piece(flick.piece)
    kind = p.ship_type().name if p.is_ship else ("Asteroid" if p.kind == "asteroid" else p.kind)
    head = f"{p.id} {kind}"
    if flick.power:
        by = state.piece(flick.by)
        power = "Telekinesis" if flick.power == "telekinesis" else "Meteoric Fission"
        head = f"{by.id}'s {power} on {head}"
    elif flick.assault:
        head = f"{head}, heroic assault on {flick.assault}"
    spin = f", spin {flick.spin:+.0f}" if abs(flick.spin) >= 0.5 else ""
    return f"{head} {flick.angle:.0f} deg {flick.speed:.1f} m/s{spin}"


def shot_words(state, flick, summary: dict) -> str:
    """The whole line: "Best: V2 Jumper 184 deg 2.1 m/s - standard 71 %, expected +1.2" (the
    odds in the shot explorer's words)."""
    return f"Best: {flick_words(state, flick)} \u2014 {odds_words(summary)}"


def arrow_points(state, flick) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the arrow starts (the disc's edge, along the flick) and ends (the textbook
    slide of its speed from the disc's centre, as the aim's arrow)."""
    p = state.piece(flick.piece)
    a = math.radians(flick.angle)
    ux, uy = math.cos(a), math.sin(a)
    start = (p.x + ux * p.radius, p.y + uy * p.radius)
    end = AIM.estimate(state, flick.piece, flick.angle, flick.speed).rest
    if math.hypot(end[0] - start[0], end[1] - start[1]) < 0.02:  # a soft touch: still visible
        end = (start[0] + ux * 0.02, start[1] + uy * 0.02)
    return start, end


def path_points(step, pid: str, samples: int = 80) -> list[tuple[float, float]]:
    """The flicked disc's simulated path (its exact flick)."""
    m = getattr(step, "motion", None)
    if m is None or pid not in m.ids:
        return []
    return m.track(pid, most=samples)


def mark_points(state, flick, step) -> list[tuple[float, float]]:
    """The best shot's main mark: the path the flick really takes (its simulated track, from
    the disc's edge to where it rests, bounces and all) when the step is known, else the
    straight textbook arrow. The odds go at its end."""
    pts = path_points(step, flick.piece)
    if len(pts) >= 2:
        p = state.piece(flick.piece)
        out = [pt for pt in pts if math.hypot(pt[0] - p.x, pt[1] - p.y) >= p.radius]
        if len(out) >= 2 and math.hypot(out[-1][0] - out[0][0], out[-1][1] - out[0][1]) >= 0.02:
            return out
    return list(arrow_points(state, flick))


def label_spot(head, tail, size) -> tuple[float, float]:
    """The centre (pixels) the odds label of `size` (w, h pixels) wants: just past the
    arrow's `head`, on the side it points to from `tail` (both pixels), its nearest edge
    LABEL_GAP_PX beyond the head."""
    dx, dy = head[0] - tail[0], head[1] - tail[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    reach = abs(ux) * size[0] / 2 + abs(uy) * size[1] / 2 + LABEL_GAP_PX
    return head[0] + ux * reach, head[1] + uy * reach


def label_text(summary: dict) -> str:
    """The label beside the arrow: "best +0.1" over "90 % standard" (the rest of the odds
    are in the status line)."""
    standard = percentages([outcome_shares(summary)["standard"]])[0]
    expected = round(summary["expected_value"], 1) or 0.0  # never "-0.0"
    return f"best {expected:+.1f}\n{standard} % standard"


class BestShotView:
    """The Glonk scene's drawing of the best shot: arrow, real path, ring, label on the mat."""

    def __init__(self, scene):
        self.scene = scene
        self.root = scene.overlay.attachNewNode("best-shot")
        self._label_root = scene.base.aspect2d.attachNewNode("best-shot-label")
        self._label_root.setBin("fixed", 4)
        self.label = None  # the odds label (aspect2d), beside the arrow's head on the screen
        self.box: tuple | None = None  # its pixel box last laid out (None: not shown)
        self._head = None  # the arrow's head and the point it comes from (world)
        self._seen = None
        self.line: str | None = None

    def show(self, state, flick, summary: dict, step=None) -> None:
        """Draw the shot: its real path (`step`'s track) as the main mark, with an arrowhead
        and the odds at its end; without a step, the straight textbook arrow."""
        from viewer import geometry
        from viewer.glonk import meshes

        self.clear()
        scene = self.scene
        p = state.piece(flick.piece)
        pts = mark_points(state, flick, step)
        ring = meshes.ring_mesh("best-from", p.radius + 0.002, 0.005, ARROW)
        ring.setPos(p.x, p.y, 0.0021)
        ring.reparentTo(self.root)
        # the head: the last few centimetres of the mark, pointing the way the disc went last
        end = pts[-1]
        k = len(pts) - 2
        while k > 0 and math.hypot(end[0] - pts[k][0], end[1] - pts[k][1]) < 0.03:
            k -= 1
        start = pts[k]
        if len(pts) > 2:
            body = meshes.polyline_mesh("best-path", pts[:k + 1] + [end], ARROW_WIDTH * 0.6,
                                        ARROW)
            body.setZ(p.thickness + 0.003)
            body.reparentTo(self.root)
        arrow = geometry.arrow("best-arrow", start, end, ARROW_WIDTH, ARROW, z=0.0)
        arrow.setZ(p.thickness + 0.004)
        arrow.reparentTo(self.root)
        self.line = shot_words(state, flick, summary)
        # the odds at the head, drawn on the screen at the disc labels' readable size and
        # kept off the discs and the panels (`update`, each frame the camera or they move)
        from viewer.glonk.disc_labels import TEXT_SCALE
        from viewer.glonk.labels import label_node

        z = p.thickness + 0.004
        self._head = ((end[0], end[1], z), (start[0], start[1], z))
        self.label = label_node(self._label_root, "best-label", label_text(summary),
                                (*ARROW[:3], 1.0), (0.3, 0.3, 0.12, 0.12), TEXT_SCALE)
        self._seen = None
        self.update()
        scene.lighting.mark_dirty()

    def update(self) -> None:
        """Place the odds label again if the camera, the window, the panels or the discs
        moved: at the spot nearest the one just past the head that covers no disc, no other
        label and no panel; hidden where there is none (the odds are in the status line)."""
        if self.label is None:
            return
        from viewer.glonk.labels import (free_area, hud_boxes, place_one, project_many,
                                         status_obstacle)

        app, scene = self.scene.base, self.scene
        inputs = (tuple(app.cam.getNetTransform().getMat().getRow(i) for i in range(4)),
                  tuple(app.camLens.getFilmOffset()), tuple(app.camLens.getFov()),
                  tuple(app.size), app.free_region(), status_obstacle(app),
                  tuple(sorted(scene.poses.items())),
                  tuple(tuple(b) for b in scene.disc_labels.boxes.values() if b))
        if inputs == self._seen:
            return
        self._seen = inputs
        px, seen = project_many(app, list(self._head))
        l, r, b, t = self.label.node().getCardActual()
        w, h = app.size
        k = self.label.getScale()[2] * h / 2  # text units -> pixels
        size = ((r - l) * k, (t - b) * k)
        box = None
        if seen.all():
            taken = (hud_boxes(app) + list(scene.disc_labels.disc_boxes().values())
                     + [tuple(b) for b in scene.disc_labels.boxes.values() if b])
            box = place_one(label_spot(px[0], px[1], size), size, free_area(app), taken)
        self.box = box
        if box is None:
            self.label.hide()
            return
        self.label.show()
        x_origin, y_origin = box[0] - l * k, box[1] + t * k
        self.label.setPos((x_origin / w * 2 - 1) * app.getAspectRatio(), 0,
                          1 - y_origin / h * 2)

    def clear(self) -> None:
        self.root.getChildren().detach()
        if self.label is not None:
            self.label.removeNode()
            self.label = None
        self.box = None
        self._head = None
        self.line = None
        self.scene.lighting.mark_dirty()

    def destroy(self) -> None:
        self.clear()
        self._label_root.removeNode()

    @property
    def drawn(self) -> bool:
        return self.root.getNumChildren() > 0
