"""The best Glonk shot on the mat (B, `viewer.bestshot`): the path the exact flick really takes
(bounces off neighbours included) as the main mark, an arrowhead and the odds at its end,
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
#: The label's height on the mat (metres) and its gap beyond the arrow's head.
LABEL_HEIGHT = 0.025
LABEL_GAP = 0.035


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


def label_place(start, end, heading: float) -> tuple[tuple[float, float], str, float]:
    """Where the short label goes, for a camera turned to `heading` degrees (labels turn with
    it, reading upright): just beyond the arrow's head, starting there ("left" aligned for an
    arrow that points right on screen, "right" for one that points left), raised above the
    line of the arrow so that it does not cover it; centred above or below the head of an
    arrow that points up or down. Returns the point, the alignment and the lift (in label
    heights, up on screen)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    h = math.radians(heading)
    right = ux * math.cos(h) + uy * math.sin(h)  # the arrow's direction on screen
    up = -ux * math.sin(h) + uy * math.cos(h)
    spot = (end[0] + ux * LABEL_GAP * 0.5, end[1] + uy * LABEL_GAP * 0.5)
    if right > 0.6:
        return spot, "left", 0.6
    if right < -0.6:
        return spot, "right", 0.6
    return (end[0] + ux * LABEL_GAP, end[1] + uy * LABEL_GAP), "center", (0.3 if up > 0 else -1.6)


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
        self.label = None  # its holder, among the scene's labels that turn with the camera
        self.line: str | None = None

    def show(self, state, flick, summary: dict, step=None) -> None:
        """Draw the shot: its real path (`step`'s track) as the main mark, with an arrowhead
        and the odds at its end; without a step, the straight textbook arrow."""
        from panda3d.core import TextNode, TransparencyAttrib

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
        heading = scene.base.camera.getH(scene.base.render)
        (x, y), align, lift = label_place(start, end, heading)
        text = TextNode("best-label")
        text.setText(label_text(summary))
        text.setAlign({"left": TextNode.ALeft, "right": TextNode.ARight}.get(
            align, TextNode.ACenter))
        text.setTextColor(*ARROW[:3], 1.0)
        text.setCardColor(0.05, 0.05, 0.08, 0.72)
        text.setCardAsMargin(0.25, 0.25, 0.15, 0.1)
        text.setCardDecal(True)
        holder = self.label = scene.label_root.attachNewNode("best-label-holder")
        holder.setPos(x, y, 0.004)
        holder.setTag("upright", "1")  # turned with the camera's heading, as the seat labels
        holder.setH(heading)
        node = holder.attachNewNode(text)
        node.setScale(LABEL_HEIGHT)
        node.setP(-90)
        node.setY(lift * LABEL_HEIGHT)
        node.setTransparency(TransparencyAttrib.MAlpha)
        scene.lighting.mark_dirty()

    def clear(self) -> None:
        self.root.getChildren().detach()
        if self.label is not None:
            self.label.removeNode()
            self.label = None
        self.line = None
        self.scene.lighting.mark_dirty()

    @property
    def drawn(self) -> bool:
        return self.root.getNumChildren() > 0
