"""The Glonk scene's drawing room: the static geometry built once (the mat, the disc
prototypes, the labels' and pictures' frame tasks), `show(state)` putting every disc where the
state has it (beside the Galaxy after viewer.glonk.beside), `show_motion` sampling a flick's
recorded Motion, the marks, the printed labels and the highlighted spaces.

It draws under the scene's node roots and fills the scene's `nodes`, `poses` and `pieces`,
which the other rooms and the window read; it decides nothing about rules or input.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from panda3d.core import NodePath, Quat, Shader, TextNode, TransparencyAttrib, Vec3

from flickbook import resources
from games.glonk import rules as R
from games.glonk.actions import Move
from games.glonk.model import ATOMISED, IN_PLAY, OUT
from viewer import geometry
from viewer.glonk import beside, meshes, textures
from viewer.glonk.beside import BOX_ANGLE, ROW_R, shows_back, zone_of
from viewer.glonk.status import short_name
from viewer.lighting import Material, apply_material
from viewer.scene import Motion

DISC = Material(0.30, 36.0, textured=True)
MAT = Material(0.06, 10.0, textured=True)

PLACE = (0.35, 0.70, 1.00, 0.40)
TARGET = (1.0, 0.35, 0.25, 0.85)
SELECT = (1.0, 1.0, 1.0, 0.9)
READY = (1.0, 1.0, 1.0, 0.35)


def load_shader(name: str) -> Shader:
    """A GLSL pair from viewer/glonk/shaders: "text" (unlit glyphs: the lit shader ignores
    font alpha) or "mat" (the mat's cheaper lighting)."""
    here = resources.path("viewer", "glonk", "shaders")
    shader = Shader.load(Shader.SL_GLSL, vertex=str(here / f"{name}.vert"),
                         fragment=str(here / f"{name}.frag"))
    if shader is None:
        raise RuntimeError(f"could not load the Glonk {name} shader")
    return shader


def disc_quat(yaw: float, flipped: bool) -> Quat:
    """Orientation of a disc turned by `yaw` about z, turned over about x when `flipped`
    (the same convention as physics: Rz(yaw) * Rx(pi))."""
    c, s = math.cos(yaw / 2), math.sin(yaw / 2)
    if flipped:
        return Quat(0.0, c, s, 0.0)
    return Quat(c, 0.0, 0.0, s)


@dataclass
class FlickMotion:
    """Scene data of a flick: the recorded physics Motion and each disc's face at the start
    (physics starts every disc face up; the viewer turns over those shown back up)."""

    motion: object
    back: dict


def flick_motion(before, motion) -> Motion:
    back = {}
    for pid in motion.ids:
        p = before.get(pid)
        back[pid] = bool(p is not None and shows_back(p))
    return Motion(duration=float(motion.duration), data=FlickMotion(motion, back))


class TableDrawing:
    """What the Glonk scene (`scene`) draws, and the caches that keep redrawing cheap."""

    def __init__(self, scene):
        self.scene = scene
        self._protos: dict[tuple, NodePath] = {}
        self._layout_for = None
        self._layout: dict = {}
        self._labels_key = None
        self._box_edge = beside.BOX_R
        self._seat_edge: dict[int, float] = {}  # seat -> outer radius of its out-of-play rows
        self._marks_key = None
        self._phase_key = None
        self._tasks: list = []

    # --- building ---------------------------------------------------------------------------
    def build(self) -> None:
        """The mat, its picture, the playback picture and the discs' look (built once)."""
        s = self.scene
        s.mat_tex = textures.to_texture(textures.mat_pixels(), "galaxy-mat")
        s.sticker_tex = textures.to_texture(textures.sticker_pixels(), "glonk-stickers")
        mat = meshes.mat_mesh(textures.MAT_RADIUS)
        mat.setTexture(s.mat_tex)
        apply_material(mat, MAT)
        mat.reparentTo(s.mat_root)
        s.lighting.hide_from_shadow(s.mat_root)
        from viewer.glonk.mat_picture import MatPicture

        here = resources.path("viewer", "glonk", "shaders")
        pair = [Shader.load(Shader.SL_GLSL, vertex=str(here / "mat.vert"),
                            fragment=str(here / f"{f}.frag")) for f in ("mat_picture", "mat_texture")]
        s.mat_picture = MatPicture(s.base, mat, load_shader("mat"), pair[0], pair[1],
                                   textures.RIM)
        self._tasks.append(s.base.frame.add("lighting", s.mat_picture.frame,
                                            f"glonk-mat-picture-{id(s)}"))
        from viewer.glonk.playback_picture import PlaybackPicture

        s.playback_picture = PlaybackPicture(s.base, s)
        self._tasks.append(s.base.frame.add("lighting", s.playback_picture.frame,
                                            f"glonk-playback-picture-{id(s)}"))
        s.disc_root.setTexture(s.sticker_tex)
        apply_material(s.disc_root, DISC)

    def build_labels(self) -> None:
        """The seat labels and the disc labels, turned with the camera each frame."""
        s = self.scene
        from viewer.glonk.labels import SeatLabels

        s.seat_labels = SeatLabels(s.base)
        from viewer.glonk.disc_labels import DiscLabels

        s.disc_labels = DiscLabels(s.base, s)
        self._tasks.insert(0, s.base.frame.add("labels", self._turn_labels,
                                               f"glonk-labels-{id(s)}"))

    def destroy(self) -> None:
        s = self.scene
        for task in self._tasks:
            s.base.frame.remove(task)
        s.playback_picture.destroy()
        s.mat_picture.destroy()
        if s.seat_labels is not None:
            s.seat_labels.destroy()
        if s.disc_labels is not None:
            s.disc_labels.destroy()

    def _turn_labels(self, task):
        """Keep upright labels aligned with the camera's heading and the seat labels inside
        the free screen (after the camera, the window or the panels changed)."""
        s = self.scene
        h = s.base.camera.getH(s.base.render)
        for holder in s.label_root.findAllMatches("=upright"):
            if abs(holder.getH() - h) > 1e-3:
                holder.setH(h)
        if s.seat_labels is not None:
            s.seat_labels.update()
        if s.disc_labels is not None:
            s.disc_labels.update()
            s.best.update()  # after the disc labels: it keeps off them
        return task.cont

    def _proto(self, piece) -> NodePath:
        key = (piece.kind, piece.armada, piece.type)
        proto = self._protos.get(key)
        if proto is None:
            r, h = piece.radius, piece.thickness
            book = self.scene.book
            if piece.is_ship:
                armada = book.by_id[piece.armada]
                top = ("ship", piece.armada, piece.type, "active")
                ship = book.ship(piece.armada, piece.type)
                bottom = top if ship.faces == 1 else ("ship", piece.armada, piece.type, "passive")
                side = (*textures.hex_rgb(armada.colour) * 0.9, 1.0)
                if max(side[:3]) < 0.2:
                    side = (*(textures.hex_rgb(armada.accent) * 0.55), 1.0)
            elif piece.kind == "black_hole":
                top = bottom = ("black_hole",)
                side = (0.20, 0.10, 0.32, 1.0)
            else:
                top, bottom = ("asteroid",), ("molten",)
                side = (0.42, 0.36, 0.30, 1.0)
            proto = meshes.disc_mesh(f"disc-{piece.type}", r, h, top, bottom, side)
            self._protos[key] = proto
        return proto

    def _node(self, piece) -> NodePath:
        """The disc's node, made from its kind's prototype; made again when the id names
        another kind of disc than before (a record of other armadas or fleet sizes opened in
        the same window: ids are per seat and number, not per ship type)."""
        nodes = self.scene.nodes
        look = (piece.kind, piece.armada, piece.type)
        node = nodes.get(piece.id)
        if node is not None and node.getPythonTag("look") != look:
            node.removeNode()
            node = None
        if node is None:
            node = self._proto(piece).copyTo(self.scene.disc_root)
            node.setName(f"piece-{piece.id}")
            node.setPythonTag("piece", piece.id)
            node.setPythonTag("look", look)
            nodes[piece.id] = node
        return node

    # --- drawing states ---------------------------------------------------------------------
    def show(self, state) -> None:
        """Put every disc where `state` has it (cheap: called every frame during playback)."""
        s = self.scene
        layout = self.layout(state)
        seen = set()
        for p in state.pieces:
            spot = layout.get(p.id)
            if spot is None:
                continue
            x, y, z, yaw, back = spot
            node = self._node(p)
            node.setPosQuat(Vec3(x, y, z), disc_quat(yaw, back))
            if node.isStashed():
                node.unstash()
            s.poses[p.id] = (x, y, z)
            seen.add(p.id)
        for pid, node in s.nodes.items():
            if pid not in seen and not node.isStashed():
                node.stash()
                s.poses.pop(pid, None)
        s.pieces = {p.id: s.nodes[p.id] for p in state.pieces
                    if p.status == IN_PLAY and p.id in seen}
        if s.seat_labels is not None:  # labels keep off the discs where they can
            s.seat_labels.avoid = [(layout[p.id][:3], p.radius) for p in state.pieces
                                   if p.id in layout]
        self._show_labels(state)
        self.show_marks(state)
        self.show_phase_hints(state)
        s.lighting.mark_dirty()

    def layout(self, state) -> dict:
        """piece id -> (x, y, z, yaw, back face up) for every piece on the table."""
        if self._layout_for is state:
            return self._layout
        out, seat_edge, self._box_edge = beside.lay_out(state)
        self._seat_edge.update(seat_edge)
        self._layout_for, self._layout = state, out
        return out

    def seat_view_points(self, state) -> list[tuple[float, float, float]]:
        layout = self.layout(state) if hasattr(state, "pieces") else {}
        return beside.seat_view_points(state, layout, self._seat_edge)

    # --- labels and marks ---------------------------------------------------------------------
    def _show_labels(self, state) -> None:
        s = self.scene
        scores = state.scores()
        self.layout(state)  # where each seat's rows and the box end
        key = (state.seats, scores, state.turn_player, state.phase, state.annihilated,
               state.config.players, self._box_edge, tuple(sorted(self._seat_edge.items())))
        if key == self._labels_key:
            return
        self._labels_key = key
        s.label_root.getChildren().detach()
        n = state.config.players
        items = []
        for seat in range(n):
            a, _ = zone_of(seat, n)
            armada = s.book.by_id.get(state.seats[seat]) if state.seats[seat] else None
            name = short_name(armada) if armada else "?"
            colour = textures._lighter(textures.hex_rgb(armada.colour), 0.45) if armada else (0.9,) * 3
            if armada and (max(colour) < 0.5 or textures._lum(textures.hex_rgb(armada.colour)) < 0.15):
                colour = textures._lighter(textures.hex_rgb(armada.accent), 0.2)  # a black armada
            turn = state.phase not in ("draw", "first", "over") and state.to_move == seat
            text = f"{'> ' if turn else ''}P{seat + 1} {name}\n{scores[seat]} point{'s' if scores[seat] != 1 else ''}"
            if state.annihilated and state.annihilated[seat]:
                text += "  (annihilated)"
            edge = max(self._seat_edge.get(seat, ROW_R), ROW_R) + 0.05
            items.append((text, (*colour, 1.0), (edge * math.cos(a), edge * math.sin(a), 0.0)))
        boxed = [p for p in state.pieces if p.status not in (IN_PLAY, OUT)
                 and not (p.status == ATOMISED and p.stack is not None)]
        if boxed:
            r = self._box_edge
            items.append(("the box", (0.82, 0.82, 0.85, 1.0),
                          (r * math.cos(BOX_ANGLE), r * math.sin(BOX_ANGLE), 0.0)))
        if s.seat_labels is not None:
            s.seat_labels.set(items)
            s.seat_labels.update(force=True)

    def label(self, text: str, radius: float, angle: float, height: float, rgba,
              upright: bool = True) -> NodePath:
        """Flat text on the table at polar (radius, angle). `upright` labels turn about the
        vertical with the camera's heading, so they read upright on screen from any view;
        others read from outside the Galaxy."""
        s = self.scene
        tn = TextNode("label")
        tn.setText(text)
        tn.setAlign(TextNode.ACenter)
        tn.setTextColor(*rgba)
        holder = s.label_root.attachNewNode("label-holder")
        holder.setPos(radius * math.cos(angle), radius * math.sin(angle), 0.0006)
        if upright:
            holder.setTag("upright", "1")  # turned with the camera by _turn_labels
            holder.setH(s.base.camera.getH(s.base.render))
        else:
            holder.setH(math.degrees(angle) + 90)
        node = holder.attachNewNode(tn)
        node.setScale(height)
        node.setP(-90)
        node.setTransparency(TransparencyAttrib.MAlpha)
        return node

    def show_marks(self, state, again: bool = False) -> None:
        """Small rings under damaged discs and around the selection and its target (`again`:
        redrawn although the state, the selection and the target are the same)."""
        s = self.scene
        key = (state, s.selected, s.target)
        if again:
            self._marks_key = None
        if key == self._marks_key:
            return
        self._marks_key = key
        s.mark_root.getChildren().detach()
        for pid in state.damaged:
            p = state.get(pid)
            if p is not None and p.status == IN_PLAY:
                self._ring(p, (1.0, 0.25, 0.2, 0.85), 0.004)
        if state.phase == "actions":  # a faint ring around each disc that may still act
            for p in state.in_play():
                if p.id != s.selected and R.activatable(state, p):
                    self._ring(p, READY, 0.0025)
        s.mark_root.flattenStrong()
        for pid, rgba in ((s.selected, SELECT), (s.target, TARGET)):
            p = state.get(pid) if pid else None
            if p is not None and p.status == IN_PLAY:
                self._ring(p, rgba, 0.005)

    def forget_marks(self) -> None:
        """The marks are drawn again next time, whatever they show."""
        self._marks_key = None

    def _ring(self, p, rgba, width) -> None:
        ring = meshes.ring_mesh("mark", p.radius + 0.002, width, rgba)
        ring.reparentTo(self.scene.mark_root)
        ring.setPos(p.x, p.y, 0.0012)

    # --- motion -----------------------------------------------------------------------------
    def show_motion(self, data, t: float) -> bool:
        """Place the discs of a flick at time `t` of its recorded Motion (pose_at interpolates
        between samples, so any t in either direction is smooth; physics does not run).
        False for a motion that is no flick's."""
        s = self.scene
        if isinstance(data, FlickMotion):
            m, back = data.motion, data.back
        elif hasattr(data, "pose_at"):
            m, back = data, {}
        else:
            return False
        poses = m.pose_at(t)
        present = m.present_at(t)
        if m is not s.motion_now:
            s.motion_now = m
            s.motion_moved = frozenset(m.moved_ids)
            s.displaced = set()
        s.motion_shows += 1
        moved, displaced = s.motion_moved, s.displaced
        flip = Quat(0.0, 1.0, 0.0, 0.0)  # Rx(pi)
        for i, pid in enumerate(m.ids):
            node = s.nodes.get(pid)
            if node is None:
                continue
            if not present[i]:
                continue  # it left the simulation: the state shows where it went
            x, y, z, qx, qy, qz, qw = poses[i]
            q = Quat(qw, qx, qy, qz)
            if back.get(pid):
                q = flip * q  # Panda composes left to right: local flip, then the pose
            if pid in moved or pid in displaced:
                node.setPosQuat(Vec3(x, y, z), q)
            else:  # a disc the motion holds still: is it where `show` put it?
                before = node.getTransform()
                node.setPosQuat(Vec3(x, y, z), q)
                if node.getTransform().this != before.this:
                    displaced.add(pid)  # no: it changes each frame (viewer.glonk.playback_picture)
            if node.isStashed():
                node.unstash()
            s.poses[pid] = (float(x), float(y), float(z))
        s.lighting.mark_dirty(every_frame=True)  # the shadow stays under the sliding disc
        return True

    # --- spaces and drawings --------------------------------------------------------------------
    def draw_annotations(self, drawings) -> None:
        """Arrows between spaces (or points), highlighted spaces drawn as the spaces."""
        from viewer.scene import DRAWING_RGBA

        s = self.scene
        s.drawings.getChildren().detach()
        for d in drawings:
            rgba = DRAWING_RGBA.get(d.colour, DRAWING_RGBA["green"])
            a = self._drawing_place(d.at)
            b = self._drawing_place(d.to) if d.to is not None else None
            if a is None or (d.to is not None and b is None):
                continue  # a drawing off the Galaxy (or from another game) is skipped
            if d.kind == "arrow" and b is not None:
                (ax, ay), (bx, by) = (self._xy(a), self._xy(b))
                node = geometry.arrow("arrow", (ax, ay), (bx, by), 0.018, rgba, z=0.0)
                node.setZ(0.012)
            else:
                sid = a if isinstance(a, str) else s.galaxy.space_at(*a)
                if sid is None:
                    continue
                r, g, bl, _ = rgba
                node = self.space_node(sid, (r, g, bl, 0.45), 0.003)
                node.setZ(0.0018)
            node.reparentTo(s.drawings)

    def _drawing_place(self, at):
        """A drawing's place: a space id, or a point (x, y) on the table; None if neither.
        Space ids may come back as tuples ("M3",) or ("M", "3") from the record."""
        by_id = self.scene.galaxy.by_id
        if isinstance(at, str):
            return at if at in by_id else None
        try:
            parts = tuple(at)
        except TypeError:
            return None
        if parts and all(isinstance(p, str) for p in parts):
            sid = parts[0] if len(parts) == 1 else "".join(parts)
            return sid if sid in by_id else None
        if len(parts) == 2 and all(isinstance(p, (int, float)) for p in parts):
            return (float(parts[0]), float(parts[1]))
        return None

    def _xy(self, place) -> tuple[float, float]:
        if isinstance(place, str):
            return self.scene.galaxy.by_id[place].centroid
        return place

    def space_node(self, sid: str, rgba, inset: float = 0.0) -> NodePath:
        s = self.scene.galaxy.by_id[sid]
        return meshes.sector_mesh(f"space-{sid}", s.r0, s.r1, s.a0, s.a1, rgba, inset)

    def highlight_spaces(self, spaces, rgba, inset: float = 0.003) -> None:
        group = self.scene.hints.attachNewNode("spaces")
        for sid in sorted(spaces):
            self.space_node(sid, rgba, inset).reparentTo(group)
        group.setZ(0.0015)
        group.flattenStrong()

    def highlight_pieces(self, state, ids) -> None:
        group = self.scene.hints.attachNewNode("targets")
        for pid in ids:
            q = state.get(pid)
            if q is None:
                continue
            ring = meshes.ring_mesh("target", q.radius + 0.003, 0.004, TARGET)
            ring.setPos(q.x, q.y, 0.0014)
            ring.reparentTo(group)
        group.flattenStrong()

    def show_phase_hints(self, state) -> None:
        """In placement phases, the spaces a click may use (redrawn when the state changes)."""
        s = self.scene
        if state is self._phase_key:
            return
        self._phase_key = state
        s.phase_root.getChildren().detach()
        ph = state.phase
        if ph not in ("place_armada", "place_asteroid", "return_base", "stellar"):
            return
        spaces = {a.args[-1] for a in s.picking.legal(state) if isinstance(a, Move) and a.args
                  and a.args[-1] in s.galaxy.by_id}
        group = s.phase_root.attachNewNode("spaces")
        for sid in sorted(spaces):
            self.space_node(sid, PLACE, 0.004).reparentTo(group)
        group.setZ(0.0015)
        group.flattenStrong()
