"""The Grendizer XperienZ scene: the board, tokens, cards on the table and the hand on screen.

The scene draws states and proposes actions the rules list as legal; it owns no rules. A
click on a card of the hand selects it (its legal targets light up), a click on a target
plays it; in the Grendizer Movement phase a click on a zone moves him. At a chance node (a
draw) a small list offers every outcome, so a branch can ask "what if another card came".
Every token is a real counter that is always somewhere, so each change animates as moves.

The scene is made of rooms, each a module of its own: building the board and its pieces
(`viewer.grendizer.building`), clicks and what they select or play (`viewer.grendizer.clicks`),
the status lines and the hints (`viewer.grendizer.status`); this module keeps the constructor,
showing a state, its motion and the picking geometry (what lies under the pointer).
"""
from __future__ import annotations

from panda3d.core import Vec3

from games.grendizer.data import BEASTS
from viewer.scene import Motion, Pick, Scene

from . import layout as L
from . import motion as M
from .building import Building, N_FLY
from .cards import CardAtlas
from .clicks import Clicks
from .status import StatusAndHints
from .ui import ScreenUI


#: The top view's frame: its centre moved towards the player, its half height as a share of the
#: table's radius (0.9 frames the table alone), so the hand and the status lines find room.
TOP_SHIFT, TOP_HALF = -1.5, 1.02


class GrendizerScene(Building, Clicks, StatusAndHints, Scene):
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

