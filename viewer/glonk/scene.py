"""Glonk on the table: the printed Galaxy mat, the discs, motion playback and flicking.

World units are metres: the Galaxy's centre is the origin, the mat's top is z = 0, a disc's
node sits at its centre (half its thickness up), exactly where physics puts it. Each disc
carries its active sticker on top and its passive sticker underneath, so a passive or damaged
disc is simply drawn turned over. Pieces beside the Galaxy follow the Galactic Convention,
each player having an area left or right of the Galaxy (where a landscape window has room)
with their name and score: out-of-play pieces active face up in rows, atomised ones passive
face up in the trophy stack of the player who scored them (or in the box when they count
for nobody); recovered stellar objects wait at the top left.

The scene owns no rules: reach hints come from `games.glonk.rules`, every click or drag ends
in a Glonk action that the app plays through the session.
"""
from __future__ import annotations

import math
from dataclasses import dataclass


from panda3d.core import NodePath, Quat, Shader, TextNode, TransparencyAttrib, Vec3

from flickbook import resources
from games.glonk import rules as R
from games.glonk.actions import Flick, Move, at_arg, jump_move, xy_args
from games.glonk.moves import RULES
from games.glonk.galaxy import load_galaxy
from games.glonk.model import ATOMISED, IN_PLAY, OUT, load_book
from viewer import geometry
from viewer.glonk import aim as AIM
from viewer.glonk import meshes, textures, words
from viewer.glonk.modes import KEYS, PICKS, AimMode, PickMode
from viewer.glonk.settings import save_setting as _save_setting
from viewer.glonk.settings import setting as _setting
from viewer.lighting import Material, apply_material
from viewer.scene import ClickResult, Motion, Pick, Scene

DISC = Material(0.30, 36.0, textured=True)
MAT = Material(0.06, 10.0, textured=True)

#: Beside the Galaxy (radii from the centre, metres).
ROW_R = 0.69       # out-of-play pieces of a seat (first row)
ZONE_SPREAD = 76   # degrees each side of the Galaxy given to seat areas
BOX_R = 0.80       # pieces that count for nobody / left the game
BOX_ANGLE = math.radians(-48)
BOX_GAP = 0.01     # between pieces in the box, and between the box and the mat's rim
STELLAR_R = 0.72   # recovered stellar objects
STELLAR_ANGLE = math.radians(132)

REACH = (0.25, 0.95, 0.45, 0.30)
START = (0.35, 1.0, 0.55, 0.55)
PLACE = (0.35, 0.70, 1.00, 0.40)
TARGET = (1.0, 0.35, 0.25, 0.85)
SELECT = (1.0, 1.0, 1.0, 0.9)
READY = (1.0, 1.0, 1.0, 0.35)
AIM_OK = (0.30, 1.0, 0.45, 0.9)
AIM_HYPER = (1.0, 0.62, 0.12, 0.9)
AIM_LOST = (1.0, 0.22, 0.18, 0.9)
GHOST = (0.80, 0.90, 1.0, 0.75)
CONTACT = (1.0, 0.95, 0.35, 0.95)


def _attach_input(app, scene):
    """Install the Glonk input, with its shot explorer, on a windowed app (None offscreen:
    nothing to drive). Here, above both, so the input and the explorer need not know each other."""
    if getattr(app, "offscreen", True):
        return None
    from viewer.glonk.explorer_view import ShotExplorer
    from viewer.glonk.input import FlickInput
    from viewer.glonk.trail import PointerTrail

    flick_input = FlickInput(app, scene)
    flick_input.trail = PointerTrail(app)
    flick_input.explorer = ShotExplorer(app, scene)
    return flick_input


def _load_shader(name: str) -> Shader:
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


def shows_back(piece) -> bool:
    """Whether the disc lies back face up: a passive ship, a Molten Mass."""
    if piece.is_ship:
        return not piece.active
    return piece.kind == "asteroid" and piece.molten


def short_name(armada) -> str:
    """"Zorgs", "Space Pirates", "O.M.U." for labels and the status line."""
    name = armada.name
    if "(" in name:
        return name[name.index("(") + 1:name.index(")")]
    return name[4:] if name.startswith("The ") else name


def describe_piece(book, state, p) -> str:
    """"Disciple (Flying Saucer, speed 2) of P1 Sinistrum, passive" and the like."""
    if p.is_ship:
        st = p.ship_type()
        kind = {"base": "Base", "saucer": "Flying Saucer", "kiboom": "Kiboom"}[p.kind]
        speed = f", speed {st.speed}" if st.speed else ""
        seat = p.owner
        who = (f" of P{seat + 1} {short_name(book.by_id[state.seats[seat]])}"
               if seat is not None and state.seats[seat] else "")
        face = "active" if p.active else "passive"
        extra = []
        if p.id in state.damaged:
            extra.append("damaged")
        if p.status == OUT:
            extra.append("out of play")
        elif p.status == ATOMISED:
            extra.append("atomised")
        powers = ", ".join(x.replace("_", " ") for x in st.powers)
        text = f"{st.name} ({kind}{speed}){who}, {', '.join([face] + extra)}"
        return text + (f"; {powers}" if powers else "")
    if p.kind == "black_hole":
        return "the Black Hole"
    return "a Molten Mass" if p.molten else "an Asteroid"


def zone_of(seat: int, players: int) -> tuple[float, float]:
    """Centre angle and angular width of the area beside the Galaxy that holds a seat's
    out-of-play pieces, trophy stack and label: seats alternate right and left of the
    Galaxy (seen from seat 0), where a landscape window has room for them."""
    side = seat % 2
    per_side = (players + 1) // 2
    k = seat // 2
    width = min(math.radians(ZONE_SPREAD) / per_side, math.radians(60))
    offset = (k - (per_side - 1) / 2) * width
    return (offset if side == 0 else math.pi - offset), width


@dataclass
class _FlickMotion:
    """Scene data of a flick: the recorded physics Motion and each disc's face at the start
    (physics starts every disc face up; the viewer turns over those shown back up)."""

    motion: object
    back: dict


def assault_verdict(step) -> str | None:
    """The simulator's verdict on a heroic assault: "heroic assault on V1 succeeds", or
    "... fails" with why (the first disc touched, a hyper-propulsion, a shield); None for a
    flick that is no assault."""
    ev = next((e for e in getattr(step, "events", ()) if e.kind == "heroic_assault"), None)
    if ev is None:
        return None
    d = ev.data
    head = f"heroic assault on {d.get('target')}"
    if d.get("success"):
        return f"{head} succeeds"
    first = d.get("first_touched")
    if first != d.get("target"):
        why = f"first touches {first}" if first else "touches nothing"
    elif any(e.kind == "hyper_propulsion" for e in step.events):
        why = "a hyper-propulsion"
    elif any(e.kind == "shield" for e in step.events):
        why = "shielded"
    else:
        why = "stopped first"
    return f"{head} fails: {why}"


class GlonkScene(Scene):
    """The Galaxy, its discs and the pieces beside it. `self.pieces` maps piece id -> node."""

    #: Stepping to a flick plays its recorded motion at its real length, not a fixed 0.35 s.
    natural_pace = True
    #: The seat view looks a little lower than the others: each player's own area beside the
    #: Galaxy then stays clearly the nearest, with the status and message lines kept clear.
    seat_pitch = -46.0
    mouse_help = (
        ("Left click a disc", "Select it: the spaces it may reach light up"),
        ("Left drag on your active disc", "Flick it: pull back and release; the arrow shows "
                                          "direction, power, reach"),
        ("While flicking: Shift / Ctrl, Alt", "Spin clockwise / anticlockwise; fine control"),
        ("While flicking: Esc, or release off the window", "Cancels the flick"),
        ("Buttons above the message", "Boarding, heroic assault and special actions"),
        ("Left click a lit space (setup)", "Place the armada, an asteroid or a returning ship"),
    )
    #: A left drag on your disc is the flick, so the camera orbits only from elsewhere.
    owns_left_drag = True

    surface_z = 0.0
    #: What the player does while an editor sets the position up (the editor sets it): the
    #: status then says that, not how to flick, since a press there moves discs.
    setting_up: str | None = None
    #: Log mode (viewer.glonk.tablelog): what the status says instead of how to flick.
    logging: str | None = None

    def __init__(self, base, game, root, lighting):
        super().__init__(base, game, root, lighting)
        self.galaxy = load_galaxy()
        self.book = load_book()
        self.mat_root = root.attachNewNode("glonk-mat")
        self.disc_root = root.attachNewNode("glonk-discs")
        self.label_root = root.attachNewNode("glonk-labels")
        self.label_root.setShader(_load_shader("text"), 50)
        lighting.hide_from_shadow(self.label_root)
        self.aim_root = self.overlay.attachNewNode("aim")
        self.mark_root = self.overlay.attachNewNode("marks")
        self.phase_root = self.overlay.attachNewNode("phase-hints")
        self._phase_key = None
        self.nodes: dict[str, NodePath] = {}
        self.poses: dict[str, tuple[float, float, float]] = {}
        self._protos: dict[tuple, NodePath] = {}
        self._layout_for = None
        self._layout: dict = {}
        self._labels_key = None
        self._box_edge = BOX_R
        self._seat_edge: dict[int, float] = {}  # seat -> outer radius of its out-of-play rows
        self.seat_labels = None
        self.disc_labels = None
        self._marks_key = None
        self.sticker_tex = None
        self.mat_tex = None
        # interaction
        self.selected: str | None = None
        self.host = None  # the window's (`modes`), None offscreen without one
        #: The second choice being picked (viewer.glonk.modes.PickMode, on the window's mode
        #: machine): `mode` reads its kind.
        self._picking = None
        self._pick_kind: str | None = None
        self.target: str | None = None  # assault target, or the piece moved by a power
        self.aim: AIM.Aim | None = None
        self.spin = 0.0  # rad/s given to the flick (Shift: clockwise, Ctrl: anticlockwise)
        self.aim_line: str | None = None
        self.hover_line: str | None = None
        self.chrono_left: float | None = None
        self.input = None
        self.ghost = None
        self.ghost_on = _setting("aim_preview", True)  # a house option: off for match play
        self._ghost_shown = None
        self.ghost_line: str | None = None
        self.ghost_root = self.overlay.attachNewNode("ghost-path")
        #: the flick's physics Motion last shown (show_motion), times shown, the discs it moves,
        #: and those it holds still where `show` puts them elsewhere (each frame moves them)
        self.motion_now = None
        self.motion_shows = 0
        self.motion_moved: frozenset = frozenset()
        self.displaced: set = set()
        self.playback_picture = None
        from viewer.glonk.bestshot import BestShotView

        self.best = BestShotView(self)  # the best shot's arrow (B: viewer.bestshot)

    # --- building ---------------------------------------------------------------------------
    def build(self) -> None:
        self.mat_tex = textures.to_texture(textures.mat_pixels(), "galaxy-mat")
        self.sticker_tex = textures.to_texture(textures.sticker_pixels(), "glonk-stickers")
        mat = meshes.mat_mesh(textures.MAT_RADIUS)
        mat.setTexture(self.mat_tex)
        apply_material(mat, MAT)
        mat.reparentTo(self.mat_root)
        self.lighting.hide_from_shadow(self.mat_root)
        from viewer.glonk.mat_picture import MatPicture

        here = resources.path("viewer", "glonk", "shaders")
        pair = [Shader.load(Shader.SL_GLSL, vertex=str(here / "mat.vert"),
                            fragment=str(here / f"{f}.frag")) for f in ("mat_picture", "mat_texture")]
        self.mat_picture = MatPicture(self.base, mat, _load_shader("mat"), pair[0], pair[1],
                                      textures.RIM)
        self._mat_task = self.base.frame.add("lighting", self.mat_picture.frame,
                                             f"glonk-mat-picture-{id(self)}")
        from viewer.glonk.playback_picture import PlaybackPicture

        self.playback_picture = PlaybackPicture(self.base, self)
        self._playback_task = self.base.frame.add("lighting", self.playback_picture.frame,
                                                  f"glonk-playback-picture-{id(self)}")
        self.disc_root.setTexture(self.sticker_tex)
        apply_material(self.disc_root, DISC)
        from viewer.glonk.input import GhostPath

        self.input = _attach_input(self.base, self)
        self.ghost = GhostPath(self.game, self.base.jobs)
        from viewer.glonk.labels import SeatLabels

        self.seat_labels = SeatLabels(self.base)
        from viewer.glonk.disc_labels import DiscLabels

        self.disc_labels = DiscLabels(self.base, self)
        self._labels_task = self.base.frame.add("labels", self._turn_labels,
                                                f"glonk-labels-{id(self)}")

    def still_occluders(self):
        """Only the discs can hide an overlay: the mat, its printed labels and the table lie
        flat under every one of them (viewer.still)."""
        return [self.disc_root]

    def destroy(self) -> None:
        super().destroy()
        self.base.frame.remove(self._labels_task)
        self.base.frame.remove(self._mat_task)
        self.base.frame.remove(self._playback_task)
        self.playback_picture.destroy()
        self.mat_picture.destroy()
        if self.seat_labels is not None:
            self.seat_labels.destroy()
        if self.disc_labels is not None:
            self.disc_labels.destroy()
        self.best.destroy()
        self.ghost.close()
        if self.input is not None:
            self.input.destroy()

    def _turn_labels(self, task):
        """Keep upright labels aligned with the camera's heading and the seat labels inside
        the free screen (after the camera, the window or the panels changed)."""
        h = self.base.camera.getH(self.base.render)
        for holder in self.label_root.findAllMatches("=upright"):
            if abs(holder.getH() - h) > 1e-3:
                holder.setH(h)
        if self.seat_labels is not None:
            self.seat_labels.update()
        if self.disc_labels is not None:
            self.disc_labels.update()
            self.best.update()  # after the disc labels: it keeps off them
        return task.cont

    def _proto(self, piece) -> NodePath:
        key = (piece.kind, piece.armada, piece.type)
        proto = self._protos.get(key)
        if proto is None:
            r, h = piece.radius, piece.thickness
            if piece.is_ship:
                armada = self.book.by_id[piece.armada]
                top = ("ship", piece.armada, piece.type, "active")
                ship = self.book.ship(piece.armada, piece.type)
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
        look = (piece.kind, piece.armada, piece.type)
        node = self.nodes.get(piece.id)
        if node is not None and node.getPythonTag("look") != look:
            node.removeNode()
            node = None
        if node is None:
            node = self._proto(piece).copyTo(self.disc_root)
            node.setName(f"piece-{piece.id}")
            node.setPythonTag("piece", piece.id)
            node.setPythonTag("look", look)
            self.nodes[piece.id] = node
        return node

    # --- drawing states ---------------------------------------------------------------------
    def show(self, state) -> None:
        """Put every disc where `state` has it (cheap: called every frame during playback)."""
        if state is None:
            return
        self.state = state
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
            self.poses[p.id] = (x, y, z)
            seen.add(p.id)
        for pid, node in self.nodes.items():
            if pid not in seen and not node.isStashed():
                node.stash()
                self.poses.pop(pid, None)
        self.pieces = {p.id: self.nodes[p.id] for p in state.pieces
                       if p.status == IN_PLAY and p.id in seen}
        if self.seat_labels is not None:  # labels keep off the discs where they can
            self.seat_labels.avoid = [(layout[p.id][:3], p.radius) for p in state.pieces
                                      if p.id in layout]
        self._show_labels(state)
        self._show_marks(state)
        self._show_phase_hints(state)
        self.lighting.mark_dirty()

    def layout(self, state) -> dict:
        """piece id -> (x, y, z, yaw, back face up) for every piece on the table."""
        if self._layout_for is state:
            return self._layout
        out = {}
        n = state.config.players
        rows: dict[int, list] = {}
        stacks: dict[int, list] = {}
        box, stellar = [], []
        for p in state.pieces:
            if p.status == IN_PLAY:
                out[p.id] = (p.x, p.y, p.thickness / 2, p.yaw, shows_back(p))
            elif p.status == OUT and p.is_ship and p.owner is not None:
                rows.setdefault(p.owner, []).append(p)
            elif p.status == OUT and not p.is_ship:
                stellar.append(p)
            elif p.status == ATOMISED and p.stack is not None:
                stacks.setdefault(p.stack, []).append(p)
            else:
                box.append(p)
        for seat in range(n):
            centre, width = zone_of(seat, n)
            r = self._arc_row(out, rows.get(seat, []), centre, ROW_R, width * 0.85, back=False)
            self._seat_edge[seat] = r + 0.02
            z = 0.0
            sx, sy = (r + 0.045) * math.cos(centre), (r + 0.045) * math.sin(centre)
            for p in sorted(stacks.get(seat, []), key=lambda q: (-q.radius, q.id)):
                out[p.id] = (sx, sy, z + p.thickness / 2, centre, True)
                z += p.thickness
        self._arc_row(out, stellar, STELLAR_ANGLE, STELLAR_R, 0.35, back=None)
        self._box_edge = self._grid(out, box, BOX_ANGLE, BOX_R)
        self._layout_for, self._layout = state, out
        return out

    @staticmethod
    def _arc_row(out, pieces, centre, radius, max_span, back) -> float:
        """Pieces side by side along arcs centred on angle `centre`, further rows outwards.
        Returns the radius of the outermost row."""
        if not pieces:
            return radius - 0.03
        pieces = sorted(pieces, key=lambda q: (-q.radius, q.id))
        gap = 0.005
        r = radius
        row: list = []

        def flush(row, r):
            total = sum(2 * q.radius + gap for q in row) - gap
            a = centre + (total / 2) / r
            for q in row:
                a -= q.radius / r
                face = shows_back(q) if back is None else back
                out[q.id] = (r * math.cos(a), r * math.sin(a), q.thickness / 2,
                             a + math.pi / 2, face)
                a -= (q.radius + gap) / r

        width = 0.0
        for q in pieces:
            w = 2 * q.radius + gap
            if row and (width + w) / r > max_span:
                flush(row, r)
                r += max(2 * q.radius for q in row) + gap
                row, width = [], 0.0
            row.append(q)
            width += w
        flush(row, r)
        return r

    @staticmethod
    def _grid(out, pieces, angle, radius) -> float:
        """Loose pieces (the box) in a small grid, passive face up, squared to the Galaxy at
        `angle`: centred `radius` from the centre, pushed outwards as it grows so that no
        piece reaches the mat's rim. Returns the radius of its outer edge."""
        if not pieces:
            return radius
        cols = max(1, int(math.ceil(math.sqrt(len(pieces)))))
        rows = int(math.ceil(len(pieces) / cols))
        big = max(q.radius for q in pieces)
        step = 2 * big + BOX_GAP
        nearest = textures.MAT_RADIUS + BOX_GAP + big  # the closest a row's centre may come
        centre = max(radius, nearest + (rows - 1) / 2 * step)
        ux, uy = math.cos(angle), math.sin(angle)  # outwards
        tx, ty = -uy, ux  # along the rim
        edge = 0.0
        for i, q in enumerate(sorted(pieces, key=lambda q: q.id)):
            r, c = divmod(i, cols)
            out_r = centre + (r - (rows - 1) / 2) * step
            along = ((cols - 1) / 2 - c) * step
            out[q.id] = (out_r * ux + along * tx, out_r * uy + along * ty, q.thickness / 2,
                         angle + math.pi / 2, q.is_ship or q.molten)
            edge = max(edge, math.hypot(out_r, along) + q.radius)
        return edge

    # --- labels and marks ---------------------------------------------------------------------
    def _show_labels(self, state) -> None:
        scores = state.scores()
        self.layout(state)  # where each seat's rows and the box end
        key = (state.seats, scores, state.turn_player, state.phase, state.annihilated,
               state.config.players, self._box_edge, tuple(sorted(self._seat_edge.items())))
        if key == self._labels_key:
            return
        self._labels_key = key
        self.label_root.getChildren().detach()
        n = state.config.players
        items = []
        for seat in range(n):
            a, _ = zone_of(seat, n)
            armada = self.book.by_id.get(state.seats[seat]) if state.seats[seat] else None
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
        if self.seat_labels is not None:
            self.seat_labels.set(items)
            self.seat_labels.update(force=True)

    def _label(self, text: str, radius: float, angle: float, height: float, rgba,
               upright: bool = True) -> NodePath:
        """Flat text on the table at polar (radius, angle). `upright` labels turn about the
        vertical with the camera's heading, so they read upright on screen from any view;
        others read from outside the Galaxy."""
        tn = TextNode("label")
        tn.setText(text)
        tn.setAlign(TextNode.ACenter)
        tn.setTextColor(*rgba)
        holder = self.label_root.attachNewNode("label-holder")
        holder.setPos(radius * math.cos(angle), radius * math.sin(angle), 0.0006)
        if upright:
            holder.setTag("upright", "1")  # turned with the camera by _turn_labels
            holder.setH(self.base.camera.getH(self.base.render))
        else:
            holder.setH(math.degrees(angle) + 90)
        node = holder.attachNewNode(tn)
        node.setScale(height)
        node.setP(-90)
        node.setTransparency(TransparencyAttrib.MAlpha)
        return node

    def _show_marks(self, state) -> None:
        """Small rings under damaged discs and around the selection and its target."""
        key = (state, self.selected, self.target)
        if key == self._marks_key:
            return
        self._marks_key = key
        self.mark_root.getChildren().detach()
        for pid in state.damaged:
            p = state.get(pid)
            if p is not None and p.status == IN_PLAY:
                self._ring(p, (1.0, 0.25, 0.2, 0.85), 0.004)
        if state.phase == "actions":  # a faint ring around each disc that may still act
            for p in state.in_play():
                if p.id != self.selected and R.activatable(state, p):
                    self._ring(p, READY, 0.0025)
        self.mark_root.flattenStrong()
        for pid, rgba in ((self.selected, SELECT), (self.target, TARGET)):
            p = state.get(pid) if pid else None
            if p is not None and p.status == IN_PLAY:
                self._ring(p, rgba, 0.005)

    def _ring(self, p, rgba, width) -> None:
        ring = meshes.ring_mesh("mark", p.radius + 0.002, width, rgba)
        ring.reparentTo(self.mark_root)
        ring.setPos(p.x, p.y, 0.0012)

    def probe(self) -> dict:
        """What real-window tests check: the shot explorer's progress, and the screen labels'
        boxes and what they must avoid."""
        from viewer.glonk.labels import free_area, hud_boxes

        facts = {} if self.input is None else self.input.probe_fields()
        labels = self.seat_labels
        if labels is None:
            return facts
        if self.disc_labels is not None:
            facts["disc_labels"] = {"all": self.disc_labels.all_on,
                                    "wanted": self.disc_labels.wanted(),
                                    "shown": self.disc_labels.shown()}
        def pixel(point):  # where the seat's area the label names is drawn (None: off view)
            xy = self.base.project(point)
            return xy and [round(v, 1) for v in xy]

        return {**facts, "labels": [{"text": t, "box": b and [round(v, 1) for v in b],
                                     "anchor": pixel(a)}
                                    for t, b, a in zip(labels.texts(), labels.drawn_boxes(),
                                                       labels.anchors)],
                "free": [round(v, 1) for v in free_area(self.base)],
                "hud": [[round(v, 1) for v in b] for b in hud_boxes(self.base)]}

    # --- motion -----------------------------------------------------------------------------
    def motion_between(self, before, after, step):
        """A flick plays its recorded physics Motion; other actions are shown at once."""
        if step is None or step.motion is None:
            return None
        return self._flick_motion(before, step.motion)

    @staticmethod
    def _flick_motion(before, motion):
        back = {}
        for pid in motion.ids:
            p = before.get(pid)
            back[pid] = bool(p is not None and shows_back(p))
        return Motion(duration=float(motion.duration), data=_FlickMotion(motion, back))

    def show_motion(self, motion, t: float) -> None:
        """Place the discs of a flick at time `t` of its recorded Motion (pose_at interpolates
        between samples, so any t in either direction is smooth; physics does not run)."""
        data = motion.data if isinstance(motion, Motion) else motion
        if isinstance(data, _FlickMotion):
            m, back = data.motion, data.back
        elif hasattr(data, "pose_at"):
            m, back = data, {}
        else:
            super().show_motion(motion, t)
            return
        poses = m.pose_at(t)
        present = m.present_at(t)
        if m is not self.motion_now:
            self.motion_now = m
            self.motion_moved = frozenset(m.moved_ids)
            self.displaced = set()
        self.motion_shows += 1
        moved, displaced = self.motion_moved, self.displaced
        flip = Quat(0.0, 1.0, 0.0, 0.0)  # Rx(pi)
        for i, pid in enumerate(m.ids):
            node = self.nodes.get(pid)
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
            self.poses[pid] = (float(x), float(y), float(z))
        self.lighting.mark_dirty(every_frame=True)  # the shadow stays under the sliding disc

    # --- camera -------------------------------------------------------------------------------
    def bounds(self):
        return Vec3(0, 0, 0), 0.80

    @staticmethod
    def _armada_colour(armada):
        """An armada's colour as it reads on the dark panels (a black armada: its accent)."""
        if armada is None:
            return (0.9,) * 3
        colour = textures._lighter(textures.hex_rgb(armada.colour), 0.45)
        if max(colour) < 0.5 or textures._lum(textures.hex_rgb(armada.colour)) < 0.15:
            colour = textures._lighter(textures.hex_rgb(armada.accent), 0.2)
        return colour

    def panel_foot_changed(self) -> None:
        explorer = getattr(self.input, "explorer", None)
        if explorer is not None:
            explorer.box.refresh()

    def seat_legend(self, state):
        out = []
        for seat in range(state.config.players):
            armada = self.book.by_id.get(state.seats[seat]) if state.seats[seat] else None
            name = f"P{seat + 1} {short_name(armada)}" if armada else f"P{seat + 1}"
            r, g, b = [float(v) for v in self._armada_colour(armada)][:3]
            out.append((name, (r, g, b, 1.0)))
        return out

    def top_fit(self, state):
        """The pieces laid out beside the Galaxy (the top view keeps them in the window)."""
        beside = {p.id: p for p in getattr(state, "pieces", ()) if p.status != IN_PLAY}
        return [(x + dx * beside[pid].radius, y + dy * beside[pid].radius, 0.0)
                for pid, (x, y, *_rest) in self.layout(state).items() if pid in beside
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]

    def seat_fit(self, state):
        """What a seat view must show whole: the mat's rim, every piece laid out beside the
        Galaxy and every seat's area (the app fits the view to these, inside the free window)."""
        return self._seat_view_points(state), 0.0

    def _seat_view_points(self, state) -> list[tuple[float, float, float]]:
        r = textures.MAT_RADIUS
        out = [(r * math.cos(k * math.pi / 16), r * math.sin(k * math.pi / 16), 0.0)
               for k in range(32)]
        if not hasattr(state, "pieces"):  # no position yet (or another game's)
            return out
        beside = {p.id: p for p in state.pieces if p.status != IN_PLAY}
        for pid, (x, y, z, _, _) in self.layout(state).items():
            p = beside.get(pid)
            if p is not None:
                out += [(x + dx * p.radius, y + dy * p.radius, 0.0)
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        n = state.config.players
        for seat in range(n):  # each seat's area and label, even while it holds no piece
            centre, width = zone_of(seat, n)
            edge = max(self._seat_edge.get(seat, ROW_R), ROW_R) + 0.05
            out += [(edge * math.cos(a), edge * math.sin(a), 0.0)
                    for a in (centre - width / 2, centre, centre + width / 2)]
        return out

    def seat_headings(self, state):
        """Each player looks from behind their own area beside the Galaxy (`zone_of`), so it
        is the nearest thing of the table and lies at the bottom of their view."""
        n = state.config.players if state is not None else 2
        return [math.degrees(zone_of(i, n)[0]) + 90.0 for i in range(n)]

    # --- spaces ---------------------------------------------------------------------------------
    def cell_center(self, cell) -> Vec3:
        s = self.galaxy.by_id[cell]
        x, y = s.centroid
        return Vec3(x, y, 0.0)

    def cell_at(self, x, y):
        return self.galaxy.space_at(x, y)

    def cell_size(self) -> float:
        return 0.09

    def draw_annotations(self, drawings) -> None:
        """Arrows between spaces (or points), highlighted spaces drawn as the spaces."""
        from viewer.scene import DRAWING_RGBA

        self.drawings.getChildren().detach()
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
                sid = a if isinstance(a, str) else self.galaxy.space_at(*a)
                if sid is None:
                    continue
                r, g, bl, _ = rgba
                node = self._space_node(sid, (r, g, bl, 0.45), 0.003)
                node.setZ(0.0018)
            node.reparentTo(self.drawings)

    def _drawing_place(self, at):
        """A drawing's place: a space id, or a point (x, y) on the table; None if neither.
        Space ids may come back as tuples ("M3",) or ("M", "3") from the record."""
        if isinstance(at, str):
            return at if at in self.galaxy.by_id else None
        try:
            parts = tuple(at)
        except TypeError:
            return None
        if parts and all(isinstance(p, str) for p in parts):
            sid = parts[0] if len(parts) == 1 else "".join(parts)
            return sid if sid in self.galaxy.by_id else None
        if len(parts) == 2 and all(isinstance(p, (int, float)) for p in parts):
            return (float(parts[0]), float(parts[1]))
        return None

    def _xy(self, place) -> tuple[float, float]:
        if isinstance(place, str):
            return self.galaxy.by_id[place].centroid
        return place

    def _space_node(self, sid: str, rgba, inset: float = 0.0) -> NodePath:
        s = self.galaxy.by_id[sid]
        return meshes.sector_mesh(f"space-{sid}", s.r0, s.r1, s.a0, s.a1, rgba, inset)

    def highlight_spaces(self, spaces, rgba, inset: float = 0.003) -> None:
        group = self.hints.attachNewNode("spaces")
        for sid in sorted(spaces):
            self._space_node(sid, rgba, inset).reparentTo(group)
        group.setZ(0.0015)
        group.flattenStrong()

    # --- picking --------------------------------------------------------------------------------
    def pick(self, origin, direction) -> Pick:
        """The disc under the ray (tested at disc-top height) and the space under it."""
        ox, oy, oz = origin
        dx, dy, dz = direction
        if abs(dz) < 1e-9:
            return Pick()
        best, best_d = None, None
        for pid, (px, py, pz) in self.poses.items():
            top = pz + 0.003
            s = (top - oz) / dz
            if s <= 0:
                continue
            x, y = ox + dx * s, oy + dy * s
            p = self.state.get(pid) if self.state is not None else None
            if p is None:
                continue
            d = math.hypot(x - px, y - py)
            if d <= p.radius * 1.08 and (best_d is None or d / p.radius < best_d):
                best, best_d = pid, d / p.radius
        s = (0.0 - oz) / dz
        if s <= 0:
            return Pick(piece=best)
        x, y = ox + dx * s, oy + dy * s
        return Pick(cell=self.galaxy.space_at(x, y), piece=best, point=(x, y, 0.0))

    def piece_at(self, cell):
        return None

    # --- modes and keys (viewer.glonk.modes) ------------------------------------------------------
    def modes(self, host):
        self.host = host
        self._picking = None
        return [AimMode(host._ctl)]

    def keys(self, mode: str):
        return KEYS.get(mode, [])

    @property
    def mode(self) -> str | None:
        """What the selected disc's action waits for: None, "assault", "telekinesis",
        "fission", "jump", or "place ACTION" (Fabriker, Teleportation: where). With a window,
        it is the kind of the pick mode on its mode machine."""
        if self.host is None:
            return self._pick_kind
        return self._picking.kind if self._picking is not None else None

    @mode.setter
    def mode(self, kind: str | None) -> None:
        self._pick_kind = kind
        if self.host is None:
            return
        old, self._picking = self._picking, None
        if old is not None:
            self.host.pop_mode(old)
        if kind:
            self._picking = self.host.push_mode(PickMode, kind)

    def picking_words(self) -> str:
        kind = self.mode
        return PICKS[kind.split()[0]][0] if kind else ""

    def toggle_ghost(self) -> str:
        """G: the aim preview (ghost path) on or off (a house setting: off for match play)."""
        self.ghost_on = not self.ghost_on
        _save_setting("aim_preview", self.ghost_on)
        self.ghost_root.getChildren().detach()
        self._ghost_shown = None
        self.ghost_line = None
        return ("Aim preview on: the ghost path shows where a flick goes" if self.ghost_on
                else "Aim preview off (match play)")

    # --- interaction ----------------------------------------------------------------------------
    def deselect(self) -> None:
        self.selected = None
        self.mode = None
        self.target = None
        self.clear_aim()
        self.clear_hints()
        self._marks_key = None
        if self.state is not None:
            self._show_marks(self.state)

    def clear_aim(self) -> None:
        self.aim = None
        self.aim_line = None
        self.aim_root.getChildren().detach()
        self.ghost_root.getChildren().detach()
        self.ghost_line = None
        self._ghost_shown = None

    def _legal(self, state) -> list:
        """The discrete choices now (buttons, placements): the rules' cheap query."""
        try:
            return list(self.game.discrete_actions(state))
        except Exception:  # a state the rules cannot continue from shows no choices
            return []

    def flick_piece(self, state) -> str | None:
        """The disc a drag would flick now: the selection, or the target of a power."""
        if state is None or state.phase != "actions":
            return None
        if self.mode in ("telekinesis", "fission"):
            return self.target
        if self.selected is not None:
            p = state.get(self.selected)
            if p is not None and R.activatable(state, p) and p.speed > 0:
                return p.id
        return None

    def select(self, state, pid: str | None) -> None:
        self.selected = pid
        self.mode = None
        self.target = None
        self.clear_aim()
        self.clear_hints()
        self._marks_key = None
        if pid is not None:
            p = state.piece(pid)
            reach = AIM.reachable_spaces(p)
            if reach:
                self.highlight_spaces(reach - R.occupied(p), REACH)
                self.highlight_spaces(R.occupied(p), START)
        self._show_marks(state)

    def set_mode(self, state, mode: str | None) -> str:
        """Enter a mode that needs a second choice; returns what to do next, in words."""
        self.mode = mode
        self.target = None
        self.clear_aim()
        self._marks_key = None
        self._show_marks(state)
        p = state.get(self.selected) if self.selected else None
        self.clear_hints()
        if p is None:
            return ""
        spec = self.game.action_spec(state)
        if mode == "assault":
            ids = spec["flick"]["assault_targets"].get(p.id, [])
            self._highlight_pieces(state, ids)
            self.highlight_spaces(AIM.reachable_spaces(p), REACH)
            return f"Heroic assault: click the enemy {p.id} attacks"
        if mode == "telekinesis":
            self._highlight_pieces(state, spec["telekinesis"].get(p.id, []))
            return "Telekinesis: click an enemy Flying Saucer within 1 parsec"
        if mode == "fission":
            self._highlight_pieces(state, spec["fission"].get(p.id, []))
            return "Meteoric fission: click an Asteroid within 1 parsec"
        if mode == "jump":
            return "Jump: click where the Jumper lands on the Galaxy"
        if mode and mode.startswith("place "):
            what = "the Kiboom" if mode.split()[1] == "fabricate" else mode.split()[3]
            return (f"Click beside {p.id} where {what} goes, or on {p.id} for the first free "
                    "spot facing the centre")
        return ""

    def _place_against(self, state, pick: Pick) -> ClickResult:
        """Fabriker and Teleportation: the piece goes against the Base on the side of the
        click (`at=`), or at the default spot for a click on the Base itself."""
        words = self.mode.split()[1:]
        default = Move(words[0], tuple(words[1:]))
        base = state.piece(default.args[0])
        if pick.piece == base.id or pick.point is None:
            return self._try(state, default)
        x, y = pick.point[0], pick.point[1]
        if math.hypot(x - base.x, y - base.y) > base.radius + 0.06:
            return ClickResult(message=f"Click beside {base.id}, or on it")
        angle = math.degrees(math.atan2(y - base.y, x - base.x))
        return self._try(state, Move(default.kind, default.args + (at_arg(angle),)))

    def _highlight_pieces(self, state, ids) -> None:
        group = self.hints.attachNewNode("targets")
        for pid in ids:
            q = state.get(pid)
            if q is None:
                continue
            ring = meshes.ring_mesh("target", q.radius + 0.003, 0.004, TARGET)
            ring.setPos(q.x, q.y, 0.0014)
            ring.reparentTo(group)
        group.flattenStrong()

    def click(self, state, pick: Pick) -> ClickResult:
        """A click selects a disc, chooses a target, or places a piece on a space."""
        ph = state.phase
        legal = self._legal(state)
        if ph == "over":
            return ClickResult(message="The game is over")
        if ph in ("place_armada", "place_asteroid", "return_base", "stellar"):
            if pick.cell is None:
                return ClickResult(message="Click a space of the Galaxy")
            for a in legal:
                if isinstance(a, Move) and a.args and a.args[-1] == pick.cell:
                    return ClickResult(action=self._asteroid_at(state, a, pick))
            return ClickResult(message=self._placement_rule(ph))
        if ph == "return_saucer":
            return self._return_click(state, legal, pick)
        if ph == "ray":
            for a in legal:
                if isinstance(a, Move) and a.kind == "ray" and a.args[1] == pick.piece:
                    return ClickResult(action=a)
            return ClickResult(message=RULES["ray"])
        if ph != "actions":
            return ClickResult()
        if self.mode and self.mode.startswith("place ") and self.selected:
            return self._place_against(state, pick)
        if self.mode == "jump" and self.selected and pick.point is not None:
            action = jump_move(self.selected, pick.point[0], pick.point[1])
            return self._try(state, action)
        if self.mode in ("assault", "telekinesis", "fission") and pick.piece is not None:
            spec = self.game.action_spec(state)
            allowed = {"assault": spec["flick"]["assault_targets"].get(self.selected, []),
                       "telekinesis": spec["telekinesis"].get(self.selected, []),
                       "fission": spec["fission"].get(self.selected, [])}[self.mode]
            if pick.piece in allowed:
                self.target = pick.piece
                self._marks_key = None
                self._show_marks(state)
                who = self.selected if self.mode == "assault" else pick.piece
                return ClickResult(message=f"Now drag back from {who} and release to flick")
            return ClickResult(message=RULES[self.mode])
        p = state.get(pick.piece) if pick.piece else None
        if p is None:
            self.deselect()
            return ClickResult()
        if p.owner != state.turn_player or not p.is_ship:
            return ClickResult(message=f"{p.id} is not one of your pieces")
        if not R.activatable(state, p):
            if any(isinstance(a, Move) and a.args and a.args[0] == p.id for a in legal):
                self.select(state, p.id)  # e.g. a Boarding after its propulsion
                return ClickResult(message=f"{p.id}: choose its action on the left")
            self.select(state, None)
            why = ("it was damaged this turn" if p.id in state.damaged
                   else "it is passive (it has acted)" if not p.active else "it cannot act now")
            return ClickResult(message=f"{p.id} cannot be activated: {why}")
        self.select(state, p.id)
        name = p.ship_type().name
        hint = (f"drag back from it to flick (speed {p.speed})" if p.speed > 0
                else "it cannot be propelled; use its special action")
        return ClickResult(message=f"{p.id} {name}: {hint}")

    def hover(self, state, pick) -> None:
        """Name the disc under the mouse in the status lines (what it is, whose, its state)."""
        line = None
        p = state.get(pick.piece) if (state is not None and pick.piece) else None
        if self.disc_labels is not None:
            self.disc_labels.hovered = p.id if p is not None else None
        if p is not None:
            line = f"{p.id}: {describe_piece(self.book, state, p)}"
        elif pick.cell is not None:
            line = f"Space {pick.cell}"
        if line != self.hover_line:
            self.hover_line = line
            refresh = getattr(self.base, "refresh_status", None)
            if refresh is not None and getattr(self.base, "shown_state", None) is not None:
                refresh()

    @staticmethod
    def _placement_rule(phase: str) -> str:
        return RULES.get({"place_armada": "place", "place_asteroid": "setup_asteroid",
                          "return_base": "return_base", "stellar": "stellar_asteroid"}
                         .get(phase, ""), "Not there")

    def _asteroid_at(self, state, default: Move, pick: Pick) -> Move:
        """An asteroid goes where the click was when the rule allows it there (on the space,
        touching no piece), else at the space's default spot."""
        if default.kind != "asteroid" or pick.point is None:
            return default
        chosen = Move("asteroid", default.args[:2] + xy_args(pick.point[0], pick.point[1]))
        return chosen if self.game.is_legal(state, chosen) else default

    def _return_click(self, state, legal, pick: Pick) -> ClickResult:
        """A lost saucer returns against the Base clicked (its default spot), or, for a click
        on the mat beside a Base, touching it on the side of the click."""
        returns = [a for a in legal if isinstance(a, Move) and a.kind == "return"]
        for a in returns:
            if a.args[2] == pick.piece:
                return ClickResult(action=a)
        bases = [state.piece(b) for b in dict.fromkeys(a.args[2] for a in returns)]
        if pick.point is not None and bases:
            x, y = pick.point[0], pick.point[1]
            base = min(bases, key=lambda b: math.hypot(b.x - x, b.y - y))
            if math.hypot(base.x - x, base.y - y) < base.radius + 0.06:
                saucer = next(a.args[0] for a in returns if a.args[2] == base.id)
                angle = math.degrees(math.atan2(y - base.y, x - base.x))
                return self._try(state, Move("return", (saucer, "to", base.id, at_arg(angle))))
        return ClickResult(message="Click one of your Bases, or beside it where the saucer goes")

    def _try(self, state, action) -> ClickResult:
        why = self.game.refusal(state, action)
        return ClickResult(action=action) if why is None else ClickResult(message=why)

    # --- the flick gesture ------------------------------------------------------------------------
    def press(self, state, pick, button, mods, host):
        """A left press on your own active disc (or the disc a power moves) starts a flick:
        the scene's `FlickDrag` runs it, so the camera stays put while you aim."""
        if button != 1 or state is None or state.phase != "actions":
            return None
        start = host.pointer()
        pressed = self.input.pointer("mouse1", "down") if self.input is not None else None
        if pressed is not None and pressed != start:  # where the button went down
            start, pick = pressed, host.pick_at(pressed)
        if pick.piece is None:
            return None
        if self.flick_piece(state) != pick.piece:
            if self.mode is not None:
                return None  # a power or an assault waits for its target first
            p = state.get(pick.piece)
            if (p is None or p.owner != state.turn_player or not p.is_ship
                    or not R.activatable(state, p) or p.speed <= 0):
                return None
            self.select(state, p.id)
        if not self.drag_begin(state, pick):
            return None
        from viewer.glonk.input import FlickDrag

        return FlickDrag(host, self, state, pick, start)

    def action_label(self, node) -> str:
        """The move's words; a flick the table feel's hand scattered says what was aimed and
        what was played ("aimed 45.0 deg 0.80 m/s, played 46.2 deg 0.77 m/s")."""
        from games.glonk.notation import aimed_words, flick_words

        text = super().action_label(node)
        intent = getattr(node, "intent", None)
        if isinstance(intent, Flick) and isinstance(node.action, Flick):
            text = text.replace(flick_words(node.action), aimed_words(intent, node.action), 1)
        observed = getattr(node, "observed", None)
        if observed is not None:  # made at a real table: the flick and its motion inferred
            text += f" (at the table; inferred, fits {1000 * observed['fit_error']:.1f} mm)"
        return text

    def simulates(self, action) -> bool:
        return isinstance(action, Flick)

    def simulate(self, state, action, on_frames):
        return self.game.apply(state, action, on_frames=on_frames)

    def streamed_motion(self, before, first):
        return self._flick_motion(before, first)

    def job_warm_up(self):
        import physics

        return physics.warm_up  # a job thread's first flick: its PyBullet client, connected

    def event_lines(self, node) -> list[str]:
        state = node.parent.state if node.parent is not None else node.state

        def name_of(seat):
            try:
                return f"P{seat + 1} {short_name(self.book.by_id[state.seats[seat]])}"
            except (IndexError, KeyError, TypeError):
                return f"P{seat + 1}" if isinstance(seat, int) else str(seat)

        lines = words.event_lines(node.step, name_of)
        observed = getattr(node, "observed", None)
        if observed is not None:  # the replay shows the inferred motion: say so first
            lines = [f"Logged at a real table: the motion shown is inferred (it fits the "
                     f"entered places within {1000 * observed['fit_error']:.1f} mm"
                     + ("; other flicks fit as well)" if observed["ambiguous"] else ")")] + lines
        return lines

    # --- the best shot (B: viewer.bestshot asks, viewer.glonk.bestshot draws) ---------------------
    def best_shot_skill(self) -> str | None:
        """The skill chosen in the panel (the shot explorer's), else None (the bot's)."""
        from analysis.skill import SKILLS

        explorer = getattr(self.input, "explorer", None)  # the panel's skill buttons
        skill = explorer.skill if explorer is not None else _setting("explorer_skill", None)
        return skill if skill in SKILLS else None

    def best_shot_words(self, state, action, summary: dict) -> str:
        from viewer.glonk.bestshot import shot_words

        return shot_words(state, action, summary)

    def show_best_shot(self, state, action, summary: dict, step) -> None:
        self.best.show(state, action, summary, step)
        self.base.refresh_status() if hasattr(self.base, "refresh_status") else None

    def clear_best_shot(self) -> None:
        self.best.clear()
        self.base.refresh_status() if hasattr(self.base, "refresh_status") else None

    def best_shot_drawn(self) -> bool:
        return self.best.drawn

    # --- the ghost path (the aimed flick, simulated off the frame thread) --------------------------
    def aimed_flick(self, aim):
        """The Flick the current aim would play, for the ghost path (None: nothing to show,
        as at the expert table)."""
        if not self.ghost_on or self.guide() == "none":
            return None
        return self.intended_flick(aim)

    def feel(self) -> str:
        """The table feel of the game shown (config.feel): practice, club or expert."""
        return getattr(getattr(self.state, "config", None), "feel", "practice")

    def guide(self) -> str:
        """How much of the aimed flick's simulated path the table shows: "path" (practice),
        "contact" (club: the first contact only) or "none" (expert)."""
        return {"club": "contact", "expert": "none"}.get(self.feel(), "path")

    def executed(self, node, intent):
        """The flick the hand makes of `intent` at `node` under the game's table feel: the
        intent itself at practice, else one draw of the feel's scatter (analysis.skill),
        seeded by the record and the place in it, so it is the same every time."""
        from analysis.skill import executed_flick

        feel = getattr(node.state.config, "feel", "practice")
        if not isinstance(intent, Flick) or feel == "practice":
            return intent
        key = f"{node.record.headers.get('created')}|{'.'.join(map(str, node.path))}"
        return executed_flick(intent, feel, key)

    def intended_flick(self, aim):
        """The Flick a release would play for `aim` (None: no aim, or no target chosen yet)."""
        if aim is None:
            return None
        if self.mode in ("telekinesis", "fission"):
            return Flick.make(aim.piece, aim.angle, aim.speed, self.spin, power=self.mode,
                              by=self.selected)
        if self.mode == "assault" and self.target is None:
            return None
        return Flick.make(aim.piece, aim.angle, aim.speed, self.spin,
                          assault=self.target if self.mode == "assault" else None)

    def ghost_frame(self) -> None:
        """Draw the newest simulated ghost path while aiming (called each frame)."""
        if self.ghost is None:
            return
        got = self.ghost.take() if self.aim is not None else None
        if got is self._ghost_shown:
            return
        self._ghost_shown = got
        self.ghost_root.getChildren().detach()
        self.ghost_line = None
        if got is None or got[1] is None or got[1].motion is None:
            self.base.refresh_status() if hasattr(self.base, "refresh_status") else None
            return
        flick, step = got
        self.draw_ghost(flick.piece, step)
        if hasattr(self.base, "wake"):
            self.base.wake()
            self.base.mark("ghost_path")
            self.base.refresh_status()

    def draw_ghost(self, pid: str, step) -> None:
        """The flicked disc's simulated path, where it rests, and its first contact."""
        from viewer.glonk.bestshot import path_points

        m = step.motion
        if pid not in m.ids:
            return
        i = m.index(pid)
        whole = self.guide() == "path"  # the club table shows the first contact alone
        pts = path_points(step, pid, samples=120)
        if len(pts) >= 2 and whole:
            path = meshes.polyline_mesh("ghost", pts, 0.003, GHOST)
            path.setZ(0.0018)
            path.reparentTo(self.ghost_root)
        p = self.state.get(pid) if self.state is not None else None
        radius = p.radius if p is not None else 0.02
        if whole:
            rest = meshes.ring_mesh("ghost-rest", radius - 0.002, 0.002, GHOST)
            rest.setPos(pts[-1][0], pts[-1][1], 0.0019)
            rest.reparentTo(self.ghost_root)
        first = m.first_contact
        hit = None
        if first is not None:
            other = first.b if first.a == pid else first.a
            x, y = m.pose_at(first.t)[i][:2]
            mark = meshes.ring_mesh("ghost-contact", radius * 0.55, 0.004, CONTACT)
            mark.setPos(float(x), float(y), 0.0022)
            mark.reparentTo(self.ghost_root)
            hit = other
        outcome = words.event_lines(step, lambda seat: f"P{seat + 1}")
        said = next((w for w in outcome if "propulsion" in w or "atomised" in w or "lost" in w), "")
        if not whole:
            said = ""  # where it ends is for the hand to find out
        self.ghost_line = "Path: " + (f"first touches {hit}" if hit else "touches nothing") + (
            f"; {said}" if said else "")
        verdict = assault_verdict(step)
        if verdict is not None and whole:  # the aim line and the path line say the same
            self.ghost_line = f"Path: {verdict}"
            if self.aim_line and ": simulating..." in self.aim_line:
                self.aim_line = self.aim_line.replace(": simulating...", f": {verdict}")

    # --- the slingshot ---------------------------------------------------------------------------
    def drag_begin(self, state, pick: Pick) -> bool:
        """A press on the disc to flick starts aiming (True); anything else is not ours."""
        pid = self.flick_piece(state)
        if pid is None or pick.piece != pid:
            return False
        self.clear_aim()
        return True

    def drag_update(self, state, pick: Pick) -> AIM.Aim | None:
        """Show direction, power and reach for the mouse pulled back to `pick.point`."""
        pid = self.flick_piece(state)
        self.aim_root.getChildren().detach()
        if pid is None or pick.point is None:
            self.aim = None
            return None
        p = state.piece(pid)
        aim = AIM.aim_from_pull(state, pid, (p.x, p.y), pick.point[:2])
        self.aim = aim
        if aim is None:
            self.aim_line = "Pull further back to flick"
            return None
        power_of = state.piece(self.selected) if self.mode in ("telekinesis", "fission") else p
        limit = None if self.mode == "fission" else power_of.speed if self.mode != "telekinesis" else p.speed
        if self.mode == "assault" and self.target is not None:
            # one verdict, the simulator's (the path line gives it once simulated): the
            # textbook slide cannot say whether the first touch is the target
            self.aim_line = (f"Flick {pid}: {aim.speed:.2f} m/s, heroic assault on "
                             f"{self.target}" + (": simulating..." if self.guide() == "path"
                                                 else ""))
        else:
            self.aim_line = f"Flick {pid}: " + aim.words(limit)
        if self.spin:
            way = "anticlockwise" if self.spin > 0 else "clockwise"
            self.aim_line += f", spinning {way} ({abs(self.spin):.0f} rad/s)"
        colour = AIM_LOST if aim.lost else AIM_OK if (aim.standard or self.mode == "fission") else AIM_HYPER
        a = math.radians(aim.angle)
        ux, uy = math.cos(a), math.sin(a)
        # The rubber band back to the mouse, the arrow out to the predicted rest point.
        band = meshes.polyline_mesh("band", [(p.x, p.y), tuple(pick.point[:2])], 0.004,
                                    (1, 1, 1, 0.55))
        band.setZ(p.thickness + 0.002)
        band.reparentTo(self.aim_root)
        sx, sy = p.x + ux * p.radius, p.y + uy * p.radius
        ex, ey = aim.rest
        if math.hypot(ex - sx, ey - sy) > 0.01:
            arrow = geometry.arrow("aim", (sx, sy), (ex, ey), 0.010, colour, z=0.0)
            arrow.setZ(0.009)
            arrow.reparentTo(self.aim_root)
        ghost = self._aim_part(("rest", p.radius, colour), lambda: meshes.ring_mesh(
            "rest", p.radius - 0.002, 0.003, colour))
        ghost.setPos(ex, ey, 0.0016)
        # a power gauge: an arc around the disc, longer when harder (built once per 1 % of
        # power at angle 0 and turned to the aim: a moving pull rebuilds no mesh for it)
        power = round(aim.speed / 3.0, 2)
        ring = p.radius + 0.012
        gauge = self._aim_part(("power", p.radius, power, colour), lambda: meshes.polyline_mesh(
            "power", [(ring * math.cos(math.pi - k / 24 * power * math.pi),
                       ring * math.sin(math.pi - k / 24 * power * math.pi)) for k in range(25)],
            0.006, colour))
        gauge.setPos(p.x, p.y, 0.0016)
        gauge.setH(math.degrees(a))
        return aim

    def _aim_part(self, key, build):
        """A copy under the aim of the overlay part `key` (sharing its geometry), built by
        `build()` the first time: the aim is redrawn at every pointer move."""
        parts = self.__dict__.setdefault("_aim_parts", {})
        proto = parts.get(key)
        if proto is None:
            if len(parts) > 512:
                parts.clear()
            proto = parts[key] = build()
        return proto.copyTo(self.aim_root)

    def drag_end(self, state, pick: Pick) -> ClickResult:
        """Release: the flick to play (or why there is none)."""
        aim = self.drag_update(state, pick) if pick.point is not None else self.aim
        self.clear_aim()
        if aim is None:
            return ClickResult(message="Pull back further from the disc to flick it")
        if self.mode in ("telekinesis", "fission"):
            action = Flick.make(aim.piece, aim.angle, aim.speed, self.spin, power=self.mode,
                                by=self.selected)
        else:
            action = Flick.make(aim.piece, aim.angle, aim.speed, self.spin,
                                assault=self.target if self.mode == "assault" else None)
            if self.mode == "assault" and self.target is None:
                return ClickResult(message="Heroic assault: click the target first")
        return self._try(state, action)

    # --- buttons ---------------------------------------------------------------------------------
    def turn_actions(self, state) -> list[tuple[str, object]]:
        """Whole-turn choices for the panel: end the turn, pass, Chrono's time-out."""
        out = []
        for a in self._legal(state):
            if isinstance(a, Move) and a.kind == "end_turn":
                out.append(("End turn", a))
            elif isinstance(a, Move) and a.kind == "pass":
                out.append(("Pass", a))
            elif isinstance(a, Move) and a.kind == "board":
                out.append((f"Board with {a.args[0]}" + (" (Contagion)" if len(a.args) == 2 else ""), a))
        return out

    def piece_actions(self, state) -> list[tuple[str, object]]:
        """Choices for the selected disc: discrete actions to play (Move values) and modes to
        enter (strings "mode:NAME") for actions that need a target or a point."""
        pid = self.selected
        if pid is None or state.phase != "actions":
            return []
        out = []
        legal = self._legal(state)
        for a in legal:
            if not isinstance(a, Move) or not a.args or a.args[0] != pid:
                continue
            if a.kind == "board":
                out.append(("Boarding (with Contagion)" if len(a.args) == 2 else "Boarding", a))
            elif a.kind == "fabricate":
                out.append(("Fabricate a Kiboom...", f"mode:place {a}"))
            elif a.kind == "teleport":
                out.append((f"Teleport {a.args[1]} here...", f"mode:place {a}"))
        spec = self.game.action_spec(state)
        if spec["flick"]["assault_targets"].get(pid):
            out.append(("Heroic assault...", "mode:assault"))
        if spec["telekinesis"].get(pid):
            out.append(("Telekinesis...", "mode:telekinesis"))
        if spec["fission"].get(pid):
            out.append(("Meteoric fission...", "mode:fission"))
        if pid in spec["jump"]["pieces"]:
            out.append(("Jump...", "mode:jump"))
        if self.mode:
            out.append(("Cancel", "mode:"))
        return out

    def _show_phase_hints(self, state) -> None:
        """In placement phases, the spaces a click may use (redrawn when the state changes)."""
        if state is self._phase_key:
            return
        self._phase_key = state
        self.phase_root.getChildren().detach()
        ph = state.phase
        if ph not in ("place_armada", "place_asteroid", "return_base", "stellar"):
            return
        spaces = {a.args[-1] for a in self._legal(state) if isinstance(a, Move) and a.args
                  and a.args[-1] in self.galaxy.by_id}
        group = self.phase_root.attachNewNode("spaces")
        for sid in sorted(spaces):
            self._space_node(sid, PLACE, 0.004).reparentTo(group)
        group.setZ(0.0015)
        group.flattenStrong()

    # --- words -----------------------------------------------------------------------------------
    def status_rows(self, state) -> int:
        """The position's lines and, with prompts shown, room for an aim and its path (or the
        best shot's line, or the hover line)."""
        aim, ghost, hover = self.aim_line, self.ghost_line, self.hover_line
        self.aim_line = self.ghost_line = self.hover_line = None
        try:
            base = len(self.status_lines(state))
        finally:
            self.aim_line, self.ghost_line, self.hover_line = aim, ghost, hover
        return base + (2 if self.show_prompts else 0)

    def status_lines(self, state) -> list[str]:
        if state is None:
            return []
        names = [short_name(self.book.by_id[a]) if a else "?" for a in state.seats]
        scores = state.scores()
        score = "   ".join(f"P{i + 1} {n}: {s}" for i, (n, s) in enumerate(zip(names, scores)))
        ph = state.phase
        lines = []
        if ph == "over":
            who = ", ".join(f"P{w + 1} {names[w]}" for w in state.winners) or "nobody"
            lines.append(f"Game over: {who} won ({state.end_reason})")
        elif ph in ("draw", "first"):
            lines.append("Setup: drawing armadas and the first player")
        else:
            what = {
                "place_armada": "places the armada: click a Middle Ring space",
                "place_asteroid": "places an Asteroid: click where it goes on a lit space",
                "return_base": "brings the Base back: click an Outer Ring space",
                "return_saucer": "brings lost saucers back: click a Base, or beside it where the saucer goes",
                "ray": "may fire an Anaesthetic Ray: click a target (or Pass)",
                "actions": "acts: click a disc, drag back and release to flick",
                "stellar": "returns an Asteroid: click where it goes on a lit space",
            }.get(ph, ph)
            if not self.show_prompts:
                what = what.split(":")[0]
            who = state.to_move
            if self.setting_up:  # a press moves a disc here: no flicking
                lines.append(f"Setting up: {self.setting_up}   (P{who + 1} {names[who]} "
                             "to move)")
            elif self.move_simulating and ph == "actions":
                lines.append(f"Round {state.round}   P{who + 1} {names[who]} flicked: "
                             "simulating the flick...")
            elif self.logging and ph == "actions":  # log mode: the flick is made at the table
                lines.append(f"Round {state.round}   P{who + 1} {names[who]} at the real table: "
                             f"{self.logging}")
            else:
                lines.append(f"Round {state.round}   P{who + 1} {names[who]} {what}")
        lines.append(f"Scores  {score}")
        if state.config.chrono and ph == "actions" and self.chrono_left is not None:
            left = max(0.0, self.chrono_left)
            lines.append(f"Chrono  {int(left) // 60}:{int(left) % 60:02d} left")
        if not self.show_prompts:
            return lines
        if self.aim_line:
            lines.append(self.aim_line)
            if self.ghost_line:
                lines.append(self.ghost_line)
        elif self.best.line:
            lines.append(self.best.line)
        elif self.hover_line:
            lines.append(self.hover_line)
        return lines
