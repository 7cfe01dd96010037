"""The Grendizer scene's building room: the board, the track, the labels, the places and
every piece and card made once, when the scene is shown (`GrendizerScene.build`)."""
from __future__ import annotations

from panda3d.core import NodePath, TextNode, TransparencyAttrib

from games.grendizer.data import BOARD
from viewer.lighting import MATTE, PLASTIC, STONE, Material, apply_material

from . import layout as L
from . import pieces as P
from .cards import CardAtlas, back_of, card_mesh
from .ui import ScreenUI


CARD_MATERIAL = Material(0.08, 12.0, textured=True)
N_FLY = 4


class Building:
    """Makes the board and every piece once; `show` only moves them (viewer.grendizer.scene)."""

    # --- building -------------------------------------------------------------------------------
    def build(self) -> None:
        base_font = TextNode.getDefaultFont()
        self.font = base_font.makeCopy()  # 3D labels (unlit): white glyphs, clear background
        self.font.setFg((1, 1, 1, 1))
        self.font.setBg((1, 1, 1, 0))
        self.font.setPixelsPerUnit(48)
        atlas_font = base_font.makeCopy()
        atlas_font.setPixelsPerUnit(64)
        self.atlas = CardAtlas(self.base, atlas_font)
        board = P.board_mesh()
        apply_material(board, MATTE)
        board.reparentTo(self.board_root)
        self._labels()
        self._track()
        self._places()
        for lane in range(L.NLANES):
            for k in range(L.MINIFOS):
                self._piece(("m", lane, k), P.minifo(lane), L.MINIFO_T / 2, PLASTIC)
            self._piece(("b", lane), P.beast_token(lane), L.BEAST_T / 2, PLASTIC)
            hp = P.hp_marker()
            self._piece(("hp", lane), hp, 0.03, STONE)
            self._card_piece(("card", "beast", lane))
        g = P.grendizer()
        apply_material(g, PLASTIC)
        g.reparentTo(self.piece_root)
        self.pieces["grendizer"] = g
        self._piece("threat", P.threat_marker(), 0.05, PLASTIC)
        self._card_piece("revealed")
        self._card_piece("discard")
        self._card_piece("event_discard")
        for i in range(N_FLY):
            self._card_piece(("fly", i))
        self._hp_bars: dict = {}  # lane -> ((card, life, damage), node) of its HP bar
        self.ui = ScreenUI(self)
        self._task = self.base.frame.add("scene", self._watch, f"grendizer-scene-{id(self)}")

    def _piece(self, pid, node: NodePath, half_h: float, material) -> None:
        outer = self.piece_root.attachNewNode(str(pid))
        node.reparentTo(outer)
        node.setZ(half_h)
        apply_material(node, material)
        self.pieces[pid] = outer
        self._inner[pid] = node

    def _card_piece(self, pid) -> None:
        outer = self.card_root.attachNewNode(str(pid))
        inner = outer.attachNewNode("roll")
        inner.setZ(L.CARD_T / 2)
        apply_material(inner, CARD_MATERIAL)
        inner.setTexture(self.atlas.texture)
        self.pieces[pid] = outer
        self._inner[pid] = inner
        outer.hide()

    def _set_face(self, pid, face: str) -> None:
        key = (face, back_of(face) if not face.startswith("back_") else face)
        if self._faces.get(pid) == key:
            return
        self._faces[pid] = key
        inner = self._inner[pid]
        inner.getChildren().detach()
        mesh = self._mesh_cache.get(key)
        if mesh is None:
            mesh = card_mesh(self.atlas, key[0], key[1])
            mesh.setZ(-L.CARD_T / 2)
            self._mesh_cache[key] = mesh
        mesh.instanceTo(inner)

    def _hp_bar(self, lane: int, card: NodePath, key) -> None:
        """The Saucer Beast's hit points as a bar across its card, one segment per HP: those
        left bright, those lost dark, with the count printed large ("2/3 HP")."""
        bar = self._hp_bars.get(lane)
        if bar is not None and bar[0] == key:
            return
        if bar is not None:
            bar[1].removeNode()
        self._hp_bars[lane] = (key, NodePath("none"))
        if key is None:
            return
        _, life, damage = key
        node = card.attachNewNode("hp")
        node.setZ(L.CARD_T + 0.004)
        bar, count = P.hp_bar(life, max(life - damage, 0))
        bar.reparentTo(node)
        apply_material(bar, MATTE)
        count.reparentTo(node)
        count.setLightOff(1)
        count.setShaderOff(1)
        self._hp_bars[lane] = (key, node)

    def _labels(self) -> None:
        lab = self.board_root.attachNewNode("labels")
        under = self.board_root.attachNewNode("labels-under-cards")
        under.setShaderOff(20)
        under.setTransparency(TransparencyAttrib.MAlpha)
        self.lighting.hide_from_shadow(under)
        z = L.SURFACE + 0.003
        for lane in range(L.NLANES):
            bx = L.box_x(lane)
            ly = L.space_y(L.LOC)
            P.text(lab, self.font, BOARD.locations[lane], (bx, ly + 0.45, z), 0.26, (0.08, 0.08, 0.1, 1),
                   wrap=7.5)
            P.text(lab, self.font, "arrival", (bx - 0.55, L.space_y(0) - 0.62, z), 0.30,
                   (0.92, 0.95, 1.0, 1))
            sx = L.strip_x(lane)
            for kind, word in ((0, "AIRSPACE"), (1, "BATTLEFIELD")):
                x0, y0, x1, y1 = L.zone_extent(2 * lane + kind)
                # along the strip: its letters' height runs across the board, which the
                # players see square on, so they need little of the painted stretch
                P.text(lab, self.font, word, (sx + 0.13, (y0 + y1) / 2 - 0.35, z), 0.32,
                       (0.95, 0.95, 0.95, 0.9), heading=90, stretch=1.15)
            cx, cy = L.beast_card_pos(lane)
            # under where the card lies: no depth offset, so the card hides it
            P.text(under, self.font, "Saucer\nBeast\ncard", (cx, cy + 0.45, L.BOARD_H + 0.009),
                   0.32, (0.75, 0.65, 0.72, 1))
            px, py = L.pile_pos(lane)
            P.text(lab, self.font, f"{BOARD.colours[lane]}\npile", (px + 0.36, py + 0.12, L.BOARD_H + 0.01),
                   0.34, (0.92, 0.92, 0.95, 1), align="left")
        names = {"actions_deck": "Actions", "revealed": "Revealed", "discard": "Discard",
                 "beast_deck": "Saucer Beasts", "event_deck": "Events",
                 "event_discard": "Event discard"}
        for key, (x, y) in L.PLACES.items():
            P.text(lab, self.font, names[key], (x, y - L.CARD_H / 2 - 0.33, 0.002), 0.29,
                   (0.98, 0.95, 0.88, 1), fit=L.CARD_W + 0.2)
        tx, ty = L.TROPHY
        P.text(lab, self.font, "Destroyed Saucer Beasts", (tx - 0.4, ty - 0.72, 0.002), 0.24,
               (0.98, 0.95, 0.88, 1), align="left")
        lab.setShaderOff(20)
        lab.setTransparency(TransparencyAttrib.MAlpha)
        lab.setDepthOffset(2)
        self.lighting.hide_from_shadow(lab)
        self.labels = lab

    def _track(self) -> None:
        """The Threat track: a tile with the easy face on one side, the difficult on the other."""
        from viewer import geometry

        self.track_node = self.board_root.attachNewNode("threat-track")
        h = 12.9
        slab = geometry.box("track-slab", L.TRACK_W, h, L.BOARD_H, (0.14, 0.12, 0.12, 1))
        slab.setPos(-L.TRACK_W / 2, -h / 2, -L.BOARD_H / 2)
        apply_material(slab, MATTE)
        slab.reparentTo(self.track_node)
        self.track_faces = {}
        for diff, sign in (("easy", 1), ("difficult", -1)):
            face = P.track_face(diff, sign)
            face.setY(L.track_y(diff, 0) - self._track_center_y())
            apply_material(face, MATTE)
            face.reparentTo(self.track_node)
            self.track_faces[diff] = face
            lab = self.track_node.attachNewNode(f"track-labels-{diff}")
            z = L.BOARD_H / 2 + 0.006
            track = BOARD.tracks[diff]
            for s in range(track.spaces):
                y = L.track_y(diff, s) - self._track_center_y()
                text = "GAME\nOVER" if s == track.game_over else str(s)
                P.text(lab, self.font, text, (-0.2 if s != track.game_over else 0,
                                              y - (0.2 if s != track.game_over else -0.05), z),
                       0.34 if s != track.game_over else 0.34,
                       (1, 1, 1, 1) if s == track.game_over else (0.1, 0.1, 0.1, 1))
            P.text(lab, self.font, f"THREAT ({diff})", (0, L.track_y(diff, 0) - self._track_center_y()
                                                         - 0.75, z), 0.22, (0.98, 0.95, 0.88, 1))
            if sign < 0:
                lab.setR(180)
            lab.setShaderOff(20)
            lab.setTransparency(TransparencyAttrib.MAlpha)
            lab.setDepthOffset(2)
            self.lighting.hide_from_shadow(lab)
        self.track_node.setPos(L.TRACK_X, self._track_center_y(), L.BOARD_H / 2)
        self._track_diff = None

    @staticmethod
    def _track_center_y() -> float:
        return L.track_y("easy", 0) - L.track_pitch("easy") / 2 + 12.9 / 2 - 0.25

    def _places(self) -> None:
        """Outlines where the decks and piles lie on the table."""
        node = self.board_root.attachNewNode("places")
        for key, (x, y) in L.PLACES.items():
            f = P.frame_rect(key, x - L.CARD_W / 2 - 0.08, y - L.CARD_H / 2 - 0.08,
                             x + L.CARD_W / 2 + 0.08, y + L.CARD_H / 2 + 0.08,
                             (0.85, 0.80, 0.65, 1), 0.04, 0.001)
            f.reparentTo(node)
        apply_material(node, MATTE)
        self.lighting.hide_from_shadow(node)

    def _stack(self, name: str, n: int, face: str) -> None:
        """A deck drawn as one block as thick as its cards, its top card's face (or back) up."""
        old = self._stacks.get(name)
        if old is not None and old[0] == (n, face):
            return
        if old is not None:
            old[1].removeNode()
        if n <= 0:
            self._stacks[name] = ((n, face), NodePath("empty"))
            return
        t = max(L.stack_height(n), L.CARD_T)
        node = card_mesh(self.atlas, face, face, t=t)
        node.setTexture(self.atlas.texture)
        apply_material(node, CARD_MATERIAL)
        x, y = L.PLACES[name]
        node.setPos(x, y, 0.0)
        node.reparentTo(self.card_root)
        self._stacks[name] = ((n, face), node)

