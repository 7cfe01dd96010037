"""The Grendizer XperienZ scene: the board, tokens, cards on the table and the hand on screen.

The scene draws states and proposes actions the rules list as legal; it owns no rules. A
click on a card of the hand selects it (its legal targets light up), a click on a target
plays it; in the Grendizer Movement phase a click on a zone moves him. At a chance node (a
draw) a small list offers every outcome, so a branch can ask "what if another card came".
Every token is a real counter that is always somewhere, so each change animates as moves.
"""
from __future__ import annotations

from panda3d.core import NodePath, TextNode, TransparencyAttrib, Vec3

from games.api import CHANCE, TERMINAL, IllegalAction
from games.grendizer.actions import Discard, Move, Pass, Play
from games.grendizer.data import ACTIONS, BEASTS, BOARD
from viewer.lighting import MATTE, PLASTIC, STONE, Material, apply_material
from viewer.grendizer import words
from viewer.scene import ClickResult, Motion, Pick, Scene

from . import layout as L
from . import motion as M
from . import pieces as P
from .cards import CardAtlas, back_of, card_mesh
from .ui import ScreenUI

CARD_MATERIAL = Material(0.08, 12.0, textured=True)
PLAYER_RGBA = [(0.98, 0.84, 0.30, 1), (1.0, 0.55, 0.48, 1), (0.50, 0.88, 0.55, 1),
               (0.55, 0.72, 1.0, 1)]
CHANCE_RGBA = (0.62, 0.66, 0.72, 1)
HINT_ZONE = (0.25, 0.95, 0.45, 0.30)
HINT_EDGE = (0.25, 0.95, 0.45, 0.9)
HINT_BEAST = (1.0, 0.35, 0.25, 0.95)
HINT_MOVE = (0.35, 0.70, 1.0, 0.25)
#: The top view's frame: its centre moved towards the player, its half height as a share of the
#: table's radius (0.9 frames the table alone), so the hand and the status lines find room.
TOP_SHIFT, TOP_HALF = -1.5, 1.02
HINT_MOVE_EDGE = (0.35, 0.70, 1.0, 0.8)
N_FLY = 4


def zone_of(lane: int, space: int) -> int:
    return 2 * lane + (0 if space < L.A else 1)


class GrendizerScene(Scene):
    """Grendizer XperienZ on the table. See the module docstring for the interaction."""

    surface_z = L.SURFACE
    #: An exported video's caption sits right of the hand, which fills the bottom left.
    caption_anchor = (0.97, 58)
    #: A move's staged animation (attack, damage, destruction...) plays at its own pace.
    natural_pace = True
    mouse_help = (
        ("Left click a hand card, then a target", "Play it: its legal targets light up"),
        ("Left click a zone (movement phase)", "Move Grendizer"),
        ("Hover a card", "Show it large enough to read"),
        ("Outcome list at a draw", "Choose another card: a branch at that draw"),
    )

    def __init__(self, base, game, root, lighting):
        super().__init__(base, game, root, lighting)
        self.board_root = root.attachNewNode("board")
        self.piece_root = root.attachNewNode("pieces")
        self.card_root = root.attachNewNode("cards")
        self.selected: str | None = None
        self.atlas: CardAtlas | None = None
        self.ui: ScreenUI | None = None
        self._inner: dict = {}  # pid -> node that rolls (tokens, cards) under the placed node
        self._faces: dict = {}  # pid -> (face, back) currently shown
        self._mesh_cache: dict = {}
        self._stacks: dict = {}  # name -> (count, node)
        self._hint_key = None
        self._anim = None  # the Anim shown by the last show_motion

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

    # --- showing a state ------------------------------------------------------------------------
    def show(self, state) -> None:
        if state is not self.state:
            self.selected = None  # a selection belongs to the position it was made in
        self.state = state
        for tid, place in L.state_places(state).items():
            self._place(tid, place.pos, 0.0 if place.face_up else 180.0)
        self._place("grendizer", L.grendizer_pos(state.grendizer))
        self._place("threat", M.threat_pos(state.difficulty, state.threat),
                    180.0 if state.danger else 0.0)
        if self._track_diff != state.difficulty:
            self._track_diff = state.difficulty
            self.track_node.setR(0 if state.difficulty == "easy" else 180)
        for lane, Ln in enumerate(state.lanes):
            hp = M.hp_rest(state, lane)
            node = self.pieces[("hp", lane)]
            if hp is None:
                node.hide()
            else:
                node.show()
                self._place(("hp", lane), hp)
            card = self.pieces[("card", "beast", lane)]
            self._hp_bar(lane, card, None if hp is None else
                         (Ln.beast_card, BEASTS[Ln.beast_card].life, Ln.damage))
            if Ln.beast_card is None:
                card.hide()
            else:
                card.show()
                self._set_face(("card", "beast", lane), Ln.beast_card)
                x, y = L.beast_card_pos(lane)
                self._place(("card", "beast", lane), (x, y, L.BOARD_H),
                            180.0 if Ln.beast_token == "destroyed" else 0.0)
        self._show_card("revealed", state.revealed, (*L.PLACES["revealed"], 0.0))
        self._show_card("discard", state.discard[-1] if state.discard else None,
                        L.pile_top("discard", len(state.discard)))
        self._show_card("event_discard", state.event_discard[-1] if state.event_discard else None,
                        L.pile_top("event_discard", len(state.event_discard)))
        self._stack("actions_deck", len(state.deck), "back_actions")
        self._stack("beast_deck", len(state.beast_deck), "back_beasts")
        self._stack("event_deck", len(state.event_deck), "back_events")
        if len(state.discard) > 1:
            self._stack("discard", len(state.discard) - 1, state.discard[-2])
        else:
            self._stack("discard", 0, "back_actions")
        if len(state.event_discard) > 1:
            self._stack("event_discard", len(state.event_discard) - 1, state.event_discard[-2])
        else:
            self._stack("event_discard", 0, "back_events")
        for i in range(N_FLY):
            self.pieces[("fly", i)].hide()
        if self.selected is not None and (self.game.current_player(state) < 0
                                          or self.selected not in state.hands[state.player]):
            self.selected = None
        self._anim = None
        self.show_hints(state)
        if self.ui is not None:
            # while a move and its draws animate, the hand is the one the next click acts on
            session = getattr(self.base, "session", None)
            animating = getattr(self.base, "animating", False) and session is not None
            self.ui.show(session.node.state if animating else state)
        self.lighting.mark_dirty()

    def _place(self, pid, pos, roll: float = 0.0, scale: float = 1.0) -> None:
        node = self.pieces[pid]
        node.setPos(*pos)
        node.setScale(scale)
        inner = self._inner.get(pid)
        if inner is not None:
            inner.setR(roll)
        if pos[2] < -1:
            node.hide()
        else:
            node.show()

    def _show_card(self, pid, card, pos) -> None:
        node = self.pieces[pid]
        if card is None:
            node.hide()
            return
        self._set_face(pid, card)
        self._place(pid, pos)

    # --- motion ---------------------------------------------------------------------------------
    def motion_between(self, before, after, step):
        if step is None or before is None:
            return None
        anim = M.build(before, after, step.events)
        if anim is None:
            return None
        return Motion(duration=anim.duration, data=anim)

    def show_motion(self, motion, t: float) -> None:
        anim = motion.data
        if not isinstance(anim, M.Anim):
            return super().show_motion(motion, t)
        self._anim = anim
        for pid, track in anim.tracks.items():
            node = self.pieces.get(pid)
            if node is None:
                continue
            face = anim.faces.get(pid)
            if face is not None:
                self._set_face(pid, face)
            vis = anim.visible.get(pid)
            if vis is not None:
                t0, t1 = vis
                if t < t0 or (t1 is not None and t >= t1):
                    node.hide()
                    continue
            pos, roll, scale = M.sample(track, t)
            self._place(pid, pos, roll, scale)
        for pid, until in anim.hidden_until.items():
            if t < until:
                self.pieces[pid].hide()
        self.lighting.mark_dirty()

    # --- picking --------------------------------------------------------------------------------
    def bounds(self):
        (cx, cy, cz), r = L.bounds()
        return Vec3(cx, cy, cz), r

    @staticmethod
    def _table_rect():
        """(x0, y0, x1, y1) of the table: the decks, the board, the piles and the track."""
        x0, x1 = L.DECK_X2 - L.CARD_W / 2 - 0.3, L.TRACK_X + L.TRACK_W / 2 + 0.3
        y0, y1 = L.space_y(L.LOC) - L.LOC_H / 2 - 0.3, L.pile_pos(0)[1] + 0.5
        return x0, y0, x1, y1

    def top_frame(self, state):
        """From straight above: the whole table (the layout keeps the hand and the status
        lines beside it)."""
        x0, y0, x1, y1 = self._table_rect()
        return (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2

    #: The seat view looks down a little more steeply than the others: the long board then
    #: fits the window's free part larger (its cards' words stay readable).
    seat_pitch = -47.0

    def seat_fit(self, state):
        """A seat view shows the board with its piles and track, the decks, and the destroyed
        Saucer Beasts once there are some (the layout may keep a box over the empty table
        left of the board)."""
        x0, y0, x1, y1 = self._table_rect()
        x1 = L.TRACK_X + L.TRACK_W / 2 + 0.1
        bx0 = L.box_x(0) - L.BOX_W / 2 - 0.3
        top = L.BOARD_H + 0.6
        pts = [(x, y, z) for x in (bx0, x1) for y in (y0, y1) for z in (0.0, top)]
        dx0, dx1 = L.DECK_X2 - L.CARD_W / 2 - 0.1, L.DECK_X + L.CARD_W / 2 + 0.1
        dy0 = L.PLACES["event_discard"][1] - L.CARD_H / 2 - 0.5  # the piles' names below them
        pts += [(x, y, z) for x in (dx0, dx1) for y in (dy0, y1) for z in (0.0, top)]
        if getattr(state, "destroyed", 0):
            tx, ty = L.TROPHY
            pts += [(tx + ex, ty + ey, 0.0) for ex in (-1.3, 1.3) for ey in (-0.9, 0.9)]
        return pts, 0.0

    def seat_headings(self, state):
        """Everybody plays on the same side of the board (it is cooperative): one heading."""
        return [0.0] * (state.players if state is not None else 1)

    def screen_items(self, size) -> dict:
        """The hand and the outcome list on the screen (viewer.grendizer.ui)."""
        return {} if self.ui is None else self.ui.screen_items(size)

    def cell_center(self, cell) -> Vec3:
        lane, space = cell
        if not (0 <= lane < L.NLANES and 0 <= space <= L.LOC):
            raise ValueError(f"no space {cell!r} on the board")
        return Vec3(L.box_x(lane), L.space_y(space), L.SURFACE)

    def cell_size(self) -> float:
        return L.BOX_H

    def cell_at(self, x: float, y: float):
        """(lane, space) under table point (x, y): a box, a square, a location, or its strip."""
        for lane in range(L.NLANES):
            if L.box_x(lane) - L.BOX_W / 2 <= x <= L.strip_x(lane) + L.STRIP_W / 2:
                for space in range(L.LOC + 1):
                    h = L.space_size(space)[1]
                    if abs(y - L.space_y(space)) <= h / 2 + 0.06:
                        return (lane, space)
        return None

    def pick(self, origin, direction) -> Pick:
        """Screen things first (hand, outcome list), then the beasts, the board and the table."""
        if self.ui is not None:
            target = self.ui.hit_ray(origin)
            if target is not None:
                return Pick(target=target)
        base = super().pick(origin, direction)
        if base.point is None:
            return base
        x, y, _ = base.point
        state = self.state
        if state is not None:
            for lane, Ln in enumerate(state.lanes):
                if Ln.beast_token == "board":
                    bx, by, _ = L.beast_slot(lane, Ln.beast_pos)
                    if (x - bx) ** 2 + (y - by) ** 2 <= (L.BEAST_R * 1.3) ** 2:
                        return Pick(cell=(lane, Ln.beast_pos), target=("beast", lane),
                                    point=base.point)
                cx, cy = L.beast_card_pos(lane)
                if Ln.beast_card and abs(x - cx) <= L.CARD_W / 2 and abs(y - cy) <= L.CARD_H / 2:
                    return Pick(target=("beast", lane) if Ln.beast_token == "board"
                                else ("card", Ln.beast_card), point=base.point)
            if abs(x - L.TRACK_X) <= L.TRACK_W / 2 and abs(y - self._track_center_y()) < 6.5:
                return Pick(target=("threat",), point=base.point)
            for name, (px, py) in L.PLACES.items():
                if abs(x - px) <= L.CARD_W / 2 and abs(y - py) <= L.CARD_H / 2:
                    card = {"revealed": state.revealed,
                            "discard": state.discard[-1] if state.discard else None,
                            "event_discard": state.event_discard[-1] if state.event_discard
                            else None}.get(name)
                    return Pick(target=("card", card) if card else ("place", name),
                                point=base.point)
        return base

    def piece_at(self, cell):
        return None

    # --- words ----------------------------------------------------------------------------------
    def phase(self, state) -> str:
        return state.queue[0][0] if state.queue else "-"

    def event_lines(self, node) -> list[str]:
        return words.event_lines(node.step)

    def status_lines(self, state) -> list[str]:
        track = BOARD.tracks[state.difficulty]
        head = (f"Grendizer XperienZ ({state.difficulty}, {state.players} "
                f"player{'s' if state.players > 1 else ''})   turn {state.turn}")
        nxt = [d for d in sorted(track.danger) if d > state.threat]
        threat = (f"Threat {state.threat}/{track.game_over}"
                  + ("  DANGER face up" if state.danger else
                     f"  (next Danger at {nxt[0]})" if nxt else ""))
        tally = (f"Saucer Beasts destroyed {state.destroyed}/4   Actions deck {len(state.deck)}, "
                 f"discard {len(state.discard)}")
        if state.result == "victory":
            return [head, "VICTORY: the fourth Saucer Beast is destroyed, Earth is saved!", tally]
        if state.result == "defeat":
            return [head, "GAME OVER: the Threat reached the top, Earth is invaded", threat]
        who = f"Player {state.player + 1}"
        kind = self.phase(state)
        doing = {
            "action": f"{who}: action phase - click a card of your hand, then its target "
                      "(or Play no card)",
            "move": f"{who}: Grendizer movement - click a zone next to him, or play a "
                    "Movement card (or End turn)",
            "discard": f"{who}: Vega Spy - click the card of your hand to discard",
            "deal": "Setup: dealing the Actions cards",
            "first": "Setup: the first player is chosen at random",
            "turn_draw": f"{who} draws an Actions card",
            "pile": f"Invasion: a token comes from the {BOARD.colours[state.queue[0][1]]} pile"
            if kind == "pile" else "",
            "beast_card": "A Saucer Beast enters: its card is drawn",
            "event": "The Threat marker shows Danger: an Event card is drawn",
        }.get(kind, kind)
        if not self.show_prompts:
            doing = doing.split(" - ")[0]
        elif self.game.current_player(state) == CHANCE:
            doing += "   (a draw: pick its outcome in the list, or step forward)"
        return [head, doing, threat + "   " + tally]

    def turn_actions(self, state):
        if state is None or self.game.current_player(state) < 0:
            return []
        kind = self.phase(state)
        acts = self.game.legal_actions(state)
        if not any(isinstance(a, Pass) for a in acts):
            return []
        pas = next(a for a in acts if isinstance(a, Pass))
        if kind == "action":
            return [("Play no card", pas)]
        if kind == "move":
            return [("End turn", pas)]
        return []

    def action_colour(self, node):
        if node.parent is None:
            return None
        parent = node.parent.state
        if self.game.current_player(parent) == CHANCE:
            return CHANCE_RGBA
        return PLAYER_RGBA[parent.player % len(PLAYER_RGBA)]

    def seat_legend(self, state):
        return [(f"P{i + 1}", PLAYER_RGBA[i % len(PLAYER_RGBA)]) for i in range(state.players)]

    # --- interaction ----------------------------------------------------------------------------
    def deselect(self) -> None:
        self.selected = None
        if self.state is not None:
            self.show_hints(self.state)
            if self.ui is not None:
                self.ui.show(self.state)

    def plays_of(self, state, card: str) -> list:
        return [a for a in self.game.legal_actions(state) if isinstance(a, Play) and a.card == card]

    def click(self, state, pick: Pick) -> ClickResult:
        """A click becomes a selection, a legal action, or the rule that forbids it."""
        cp = self.game.current_player(state)
        target = pick.target
        if target is not None and target[0] == "outcome":
            return ClickResult(action=target[1])
        if target is not None and target[0] == "page" and self.ui is not None:
            return ClickResult(message=self.ui.turn_page(target[1]))
        if target is not None and target[0] == "random":
            from games.api import sample_chance
            session = getattr(self.base, "session", None)
            rng = session.rng if session is not None else None
            if rng is None:
                import numpy as np
                rng = np.random.default_rng()
            return ClickResult(action=sample_chance(self.game, state, rng))
        if cp == TERMINAL:
            return ClickResult(message="The game is over: " + (
                "victory!" if state.result == "victory" else "Earth is invaded"))
        if cp == CHANCE:
            return ClickResult(message="A card or token is to be drawn: pick the outcome in the "
                                       "list, or step forward")
        kind = self.phase(state)
        if target is not None and target[0] == "hand":
            return self._click_hand(state, target[1], kind)
        if self.selected is not None:
            return self._click_target(state, pick)
        zone = self._zone_of_pick(state, pick)
        if kind == "move" and zone is not None:
            if zone == state.grendizer:
                return ClickResult(message="Grendizer is already in this zone")
            return self._try(state, Move(zone))
        if kind == "action" and (zone is not None or target is not None):
            return ClickResult(message="Click a card of your hand first (or Play no card)")
        if kind == "discard":
            return ClickResult(message="Vega Spy: click the card of your hand to discard")
        return ClickResult()

    def _click_hand(self, state, card: str, kind: str) -> ClickResult:
        if kind == "discard":
            return self._try(state, Discard(card))
        if self.selected == card:
            plays = self.plays_of(state, card)
            direct = [a for a in plays if a.lane is None and a.zone is None and a.target is None]
            self.deselect()
            if direct:
                return ClickResult(action=direct[0])
            return ClickResult(message="")
        plays = self.plays_of(state, card)
        if not plays:
            return self._refuse(state, self._example_play(state, card))
        self.selected = card
        self.show_hints(state)
        if self.ui is not None:
            self.ui.show(state)
        c = ACTIONS[card]
        if all(a.lane is None and a.zone is None and a.target is None for a in plays):
            return ClickResult(message=f"{c.name}: click the card again (or the Threat track) "
                                       "to play it")
        what = {"movement": "the zone where Grendizer goes",
                "earth": "a Battlefield zone (the Saucer Beast, or MiniFOs there)",
                "eagle": f"the Saucer Beast or the MiniFOs of {BOARD.locations[c.lane or 0]}",
                "grendizer": "the Saucer Beast or the MiniFOs in Grendizer's zone"}.get(c.kind)
        if c.kind == "positive":
            what = ("a lane" if c.effect == "push_lane" else "a Battlefield zone")
        return ClickResult(message=f"{c.name}: click {what} (highlighted)")

    def _example_play(self, state, card: str) -> Play:
        """A representative play of `card` so the rules can say why it is not allowed."""
        c = ACTIONS[card]
        if c.kind == "movement":
            return Play(card, zone=(state.grendizer + 1) % 8)
        if c.kind == "earth":
            return Play(card, zone=1, target="minifo")
        if c.kind in ("eagle", "grendizer"):
            return Play(card, target="minifo")
        if c.effect == "push_lane":
            return Play(card, lane=0)
        if c.effect == "clear_battlefield":
            return Play(card, zone=1)
        return Play(card)

    def _zone_of_pick(self, state, pick):
        if pick.cell is not None:
            return zone_of(*pick.cell)
        if pick.target is not None and pick.target[0] == "beast":
            Ln = state.lanes[pick.target[1]]
            if Ln.beast_pos is not None:
                return zone_of(pick.target[1], Ln.beast_pos)
        return None

    def _click_target(self, state, pick: Pick) -> ClickResult:
        card = ACTIONS[self.selected]
        plays = self.plays_of(state, self.selected)
        target = pick.target
        if target == ("threat",) or (target is not None and target[0] == "hand"):
            direct = [a for a in plays if a.lane is None and a.zone is None and a.target is None]
            if direct:
                self.deselect()
                return ClickResult(action=direct[0])
        zone = self._zone_of_pick(state, pick)
        if zone is None:
            self.deselect()
            return ClickResult(message="Selection dropped")
        lane = zone // 2
        on_beast = target is not None and target[0] == "beast"
        cands = []
        for a in plays:
            if a.zone is not None and a.zone != zone:
                continue
            if a.lane is not None and a.lane != lane:
                continue
            if a.zone is None and a.lane is None:
                if card.kind == "eagle" and card.lane != lane:
                    continue
                if card.kind == "grendizer" and zone != state.grendizer:
                    continue
                if card.kind == "positive":
                    continue
            cands.append(a)
        if cands:
            want = "beast" if on_beast else "minifo"
            best = [a for a in cands if a.target == want] or cands
            self.deselect()
            return ClickResult(action=best[0])
        # not a target of this card: let the rules say why
        if card.kind == "movement":
            example = Play(card.id, zone=zone)
        elif card.kind == "earth":
            example = Play(card.id, zone=zone, target="beast" if on_beast else "minifo")
        elif card.kind == "grendizer" and zone != state.grendizer:
            return ClickResult(message="Grendizer Attack cards only affect Vega Forces in "
                                       "Grendizer's zone")
        elif card.kind == "eagle" and card.lane != lane:
            return ClickResult(message="Eagle Patrol Attack cards only affect Vega Forces in "
                                       f"the lane of their colour ({BOARD.locations[card.lane]})")
        elif card.effect == "push_lane":
            example = Play(card.id, lane=lane)
        elif card.effect == "clear_battlefield":
            example = Play(card.id, zone=zone)
        else:
            example = Play(card.id, target="beast" if on_beast else "minifo")
        return self._refuse(state, example)

    def _refuse(self, state, action) -> ClickResult:
        try:
            self.game.apply(state, action)
        except IllegalAction as exc:
            return ClickResult(message=exc.rule)
        return ClickResult(message="That is not a move here")

    def _try(self, state, action) -> ClickResult:
        try:
            self.game.apply(state, action)
        except IllegalAction as exc:
            return ClickResult(message=exc.rule)
        self.selected = None
        return ClickResult(action=action)

    def hover(self, state, pick) -> None:
        if self.ui is not None:
            self.ui.hover(state, pick)

    # --- hints ----------------------------------------------------------------------------------
    def show_hints(self, state) -> None:
        """Light the selected card's targets; in the movement phase, Grendizer's moves."""
        key = (id(state), self.selected)
        if key == self._hint_key:
            return
        self._hint_key = key
        self.clear_hints()
        if state is None or self.game.current_player(state) < 0:
            return
        z = L.SURFACE + 0.01
        if self.selected is not None:
            for a in self.plays_of(state, self.selected):
                self._hint_play(state, a, z)
            return
        if self.phase(state) == "move":
            for a in self.game.legal_actions(state):
                if isinstance(a, Move):
                    self._hint_zone(a.zone, HINT_MOVE, HINT_MOVE_EDGE, z)

    def _hint_zone(self, zone, fill, edge, z):
        x0, y0, x1, y1 = L.zone_extent(zone)
        P.fill_rect("hint", x0, y0, x1, y1, fill, z).reparentTo(self.hints)
        P.frame_rect("hint", x0, y0, x1, y1, edge, 0.07, z + 0.001).reparentTo(self.hints)

    def _hint_play(self, state, a: Play, z) -> None:
        card = ACTIONS[a.card]
        if a.target == "beast":
            lane = a.zone // 2 if a.zone is not None else (
                card.lane if card.kind == "eagle" else state.grendizer // 2)
            Ln = state.lanes[lane]
            if Ln.beast_pos is not None:
                x, y, _ = L.beast_slot(lane, Ln.beast_pos)
                r = P.ring("hint", L.BEAST_R * 1.35, HINT_BEAST, 0.07, 0)
                r.setPos(x, y, z + L.BEAST_T + 0.01)
                r.reparentTo(self.hints)
            return
        if a.zone is not None:
            self._hint_zone(a.zone, HINT_ZONE, HINT_EDGE, z)
        elif a.lane is not None:
            self._hint_zone(2 * a.lane, HINT_ZONE, HINT_EDGE, z)
            self._hint_zone(2 * a.lane + 1, HINT_ZONE, HINT_EDGE, z)
        elif card.kind == "eagle":
            self._hint_zone(2 * card.lane, HINT_ZONE, HINT_EDGE, z)
            self._hint_zone(2 * card.lane + 1, HINT_ZONE, HINT_EDGE, z)
        elif card.kind == "grendizer":
            self._hint_zone(state.grendizer, HINT_ZONE, HINT_EDGE, z)
        else:  # a card without a target on the board (Dr. Genzo Umon): the Threat marker
            r = P.ring("hint", 0.42, HINT_EDGE, 0.07, 0)
            x, y, zz = M.threat_pos(state.difficulty, state.threat)
            r.setPos(x, y, zz + 0.12)
            r.reparentTo(self.hints)

    # --- housekeeping ---------------------------------------------------------------------------
    def _watch(self, task):
        if self.ui is not None:
            self.ui.frame()
        return task.cont

    def destroy(self) -> None:
        """Another game opened: the screen overlay and the task go with the scene."""
        super().destroy()
        self.base.frame.remove(self._task)
        if self.ui is not None:
            self.ui.destroy()
            self.ui = None

    @property
    def chaining(self) -> bool:
        """The app's one clock is playing a move and its draws (the picker waits)."""
        return bool(getattr(self.base, "animating", False))

