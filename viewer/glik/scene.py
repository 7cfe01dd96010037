"""The Glik scene: the assembled board of small boards on the table, stones, setup and play.

Board coordinates are the rules' (row, col) fields: row 0 is the north edge, columns grow to
the east. One field is one world unit; the board is centred on the origin, its top surface at
`TILE_H`. Every interaction ends in a Glik action from `games.glik.actions` that the app plays
through the session; the scene only proposes what the rules list as legal.
"""
from __future__ import annotations

import math

from panda3d.core import NodePath, TextNode, Vec3

from games.glik import actions as A
from games.glik.kit import COLS, KIT, NEUTRAL, ROWS, SIZE
from games.glik.notation import DIRECTION_WORDS, cell_name, column_labels, row_labels
from games.glik.rules import (NEUTRAL_CODE, STONES_PER_PLAYER, code_of, frozen_cells,
                              slide_path)
from viewer import geometry
from viewer.lighting import MATTE, STONE, Material, apply_material
from viewer.keys import Key
from viewer.glik import words
from viewer.glik.tiles import RGB, tile_texture
from viewer.glik.tray import OUTLINE_RGBA, HandTray
from viewer.scene import ClickResult, Motion, Pick, Scene

TILE_H = 0.16
GAP = 0.05
STONE_R = 0.37
STONE_H = 0.30

COLOUR_NAMES = {c: c.capitalize() for c in RGB}

COORD_GAP = 0.72  # board coordinates lie this far outside the board's edge
COORD_SIZE = 0.52
COORD_RGBA = (0.93, 0.90, 0.80, 0.9)

SELECT = OUTLINE_RGBA  # the picked stone's ring: the gold of the tray's frame
SELECT_RING = 1.2  # its size (a field is 1): clear of the stone on the cream field
SLIDE_END = (0.20, 0.95, 0.45, 0.85)
FROZEN = (0.10, 0.50, 0.95, 1.0)  # the ice-blue ring round a stone that may not move
FROZEN_RING = (STONE_R + 0.02, STONE_R + 0.10)  # its inner and outer radius
PATH_DOT = (0.20, 0.95, 0.45, 0.55)
PLACE_OK = (0.30, 0.70, 1.00, 0.70)
SLOT_OK = (0.30, 0.70, 1.00, 0.35)


def cell_xy(r: float, c: float) -> tuple[float, float]:
    """World (x, y) of the centre of field (r, c)."""
    return (c - COLS / 2 + 0.5, ROWS / 2 - r - 0.5)


def xy_cell(x: float, y: float):
    c = math.floor(x + COLS / 2)
    r = math.floor(ROWS / 2 - y)
    if 0 <= r < ROWS and 0 <= c < COLS:
        return (r, c)
    return None


# matte printed card: no specular (measured: 10% of the frame in software GL for a faint sheen)
BOARD_MATERIAL = Material(0.0, 20.0, textured=True)


class GlikScene(Scene):
    """Glik on the table. `self.pieces` maps a field (r, c) to the stone node standing there."""

    mouse_help = (
        ("Left click a stone", "Select it: its slide ends and placements light up"),
        ("Left click a lit field", "Play there (slide, place, move a neutral stone)"),
        ("Left click a slot (setup)", "Lay the board in hand; R turns it first"),
    )

    surface_z = TILE_H

    def __init__(self, base, game, root, lighting):
        super().__init__(base, game, root, lighting)
        self.board_root = root.attachNewNode("boards")
        self.stone_root = root.attachNewNode("stones")
        self.reserve_root = root.attachNewNode("reserve")
        self.slot_marks = self.overlay.attachNewNode("slots")
        self.frozen_marks = self.overlay.attachNewNode("frozen")
        self._frozen_key = None
        self._fill = None
        self._tiles: dict = {}
        self._pool: dict[str, list[NodePath]] = {}
        self._protos: dict[str, NodePath] = {}
        self.selected = None  # ("stone", cell) | ("reserve", colour) | ("hand", board)
        self.rotation = 0
        self.hover_slot = None
        self.ghost: NodePath | None = None
        self.ghost_frame: NodePath | None = None
        self.reserve_cells: dict = {}  # node key -> ("reserve", colour)
        self.tray = HandTray(self)  # setup: the boards in hand, on the screen

    # --- building ---------------------------------------------------------------------------
    def build(self) -> None:
        for colour, rgb in RGB.items():
            proto = geometry.lathe(f"stone-{colour}", geometry.stone_profile(STONE_R, STONE_H, 4),
                                   20, (*rgb, 1.0))
            apply_material(proto, STONE)
            self._protos[colour] = proto
            self._pool[colour] = []
        # Only stones cast into the shadow map: the boards are flat and the cloth is unlit,
        # so drawing them into the map would cost a full-map pass for no visible shadow.
        self.lighting.hide_from_shadow(self.board_root)
        under = geometry.box("underlay", COLS + 0.6, ROWS + 0.6, TILE_H * 0.5, (0.20, 0.16, 0.12, 1))
        under.setPos(-(COLS + 0.6) / 2, -(ROWS + 0.6) / 2, 0)
        apply_material(under, MATTE)
        under.reparentTo(self.board_root)
        # the cloth is unlit (see viewer.table), so the board's shadow on it is painted on
        shade = geometry.soft_rect("board-shadow", COLS + 0.6, ROWS + 0.6, 0.9, (0, 0, 0, 0.45))
        kd = self.lighting.key_dir
        shade.setPos(-kd.x / -kd.z * TILE_H * 3, -kd.y / -kd.z * TILE_H * 3, 0.0005)
        shade.reparentTo(self.overlay)
        shade.setShaderOff(20)  # shader-free: the rasteriser's fast path (see viewer.table)
        self._draw_coordinates()

    def _draw_coordinates(self) -> None:
        """Letters along the south and north edges, numbers along the west and east (the
        notation's a1 is the south-west field); each edge's labels read from outside it."""
        labels = self.overlay.attachNewNode("coordinates")
        out = ROWS / 2 + COORD_GAP, COLS / 2 + COORD_GAP
        for c, letter in column_labels():
            x = cell_xy(0, c)[0]
            self._coordinate(labels, letter, x, -out[0], 0)
            self._coordinate(labels, letter, x, out[0], 180)
        for r, number in row_labels():
            y = cell_xy(r, 0)[1]
            self._coordinate(labels, number, -out[1], y, -90)
            self._coordinate(labels, number, out[1], y, 90)
        labels.setShaderInput("flat_textured", 1.0)
        labels.flattenStrong()  # one batch: 80 labels cost what one does

    def _coordinate(self, parent, text: str, x: float, y: float, heading: float) -> None:
        label = TextNode("coordinate")
        label.setText(text)
        label.setAlign(TextNode.ACenter)
        label.setTextColor(*COORD_RGBA)
        node = parent.attachNewNode(label.generate())
        node.setScale(COORD_SIZE)
        node.setHpr(heading, -90, 0)
        # the text's baseline sits a third of a letter below its middle, seen by its reader
        drop = COORD_SIZE * 0.33
        h = math.radians(heading)
        node.setPos(x + math.sin(h) * drop, y - math.cos(h) * drop, 0.004)

    def _tile(self, slot, board, rotation, unused=False) -> NodePath:
        side = SIZE - GAP
        node = geometry.box(f"tile-{slot}", side, side, TILE_H)
        node.setTexture(tile_texture(board, rotation, unused))
        apply_material(node, BOARD_MATERIAL)
        return node

    def _draw_boards(self, state) -> None:
        board = state.board
        if self._fill == (state.fill, state.colours):
            return
        self._fill = (state.fill, state.colours)
        for node in self._tiles.values():
            node.removeNode()
        self._tiles.clear()
        self.slot_marks.getChildren().detach()
        for info in board.slots:
            r0, c0 = info.origin
            x, y = cell_xy(r0 + SIZE - 1, c0)  # south-west field of the slot
            if info.board is None:
                mark = geometry.square("slot", SIZE - 0.3, (0.95, 0.92, 0.8, 0.45), inner=SIZE - 0.45)
                mark.reparentTo(self.slot_marks)
                cx, cy = cell_xy(r0 + (SIZE - 1) / 2, c0 + (SIZE - 1) / 2)
                mark.setPos(cx, cy, TILE_H * 0.5 + 0.003)
                label = TextNode("q")
                label.setText("?")
                label.setAlign(TextNode.ACenter)
                label.setTextColor(0.95, 0.92, 0.8, 0.5)
                lnp = self.slot_marks.attachNewNode(label)
                lnp.setShaderInput("flat_textured", 1.0)
                lnp.setScale(2.2)
                lnp.setP(-90)
                lnp.setPos(cx, cy - 0.75, TILE_H * 0.5 + 0.004)
                continue
            colour = KIT["boards"][info.board].get("colour")
            node = self._tile(info.slot, info.board, info.rotation,
                              unused=colour is not None and colour not in state.colours)
            node.setPos(x - 0.5 + GAP / 2, y - 0.5 + GAP / 2, 0)
            node.reparentTo(self.board_root)
            self._tiles[info.slot] = node
        self.lighting.mark_dirty()

    # --- stones -----------------------------------------------------------------------------
    def _stone(self, colour: str, used: dict) -> NodePath:
        pool = self._pool[colour]
        i = used.get(colour, 0)
        used[colour] = i + 1
        if i >= len(pool):
            node = self._protos[colour].copyTo(self.stone_root)
            pool.append(node)
        node = pool[i]
        node.unstash()
        return node

    def show(self, state) -> None:
        """Draw `state`: boards, stones on their fields, reserves and (setup) boards in hand."""
        self.state = state
        self._draw_boards(state)
        used: dict = {}
        self.pieces = {}
        for r, c, colour in state.stone_list():
            node = self._stone(colour, used)
            x, y = cell_xy(r, c)
            node.setPos(x, y, TILE_H)
            node.setHpr(0, 0, 0)
            node.reparentTo(self.stone_root)
            self.pieces[(r, c)] = node
        self._show_frozen(state)
        self._show_reserves(state, used)
        for colour, pool in self._pool.items():
            for node in pool[used.get(colour, 0):]:
                node.stash()
        self._show_hand(state)
        self.lighting.mark_dirty()

    def _show_frozen(self, state) -> None:
        """An ice-blue ring round each frozen stone (touching its target, or a link of such a
        chain): those the player cannot move this turn."""
        cells = frozen_cells(state) if state.phase not in ("deal", "choose", "fill") else frozenset()
        if cells == self._frozen_key:
            return
        self._frozen_key = cells
        self.frozen_marks.getChildren().detach()
        for index in sorted(cells):
            x, y = cell_xy(*divmod(index, COLS))
            ring = geometry.disc("frozen", FROZEN_RING[1], 28, FROZEN, inner=FROZEN_RING[0])
            ring.reparentTo(self.frozen_marks)
            ring.setPos(x, y, TILE_H + 0.006)

    def reserve_pos(self, state, colour: str, k: int) -> tuple[float, float, float]:
        """Table position of the k-th unplaced stone of `colour`, beside its starting corner."""
        if colour == NEUTRAL:
            return (COLS / 2 + 1.4, 1.5 - k * 1.0, 0.0)
        r, c = state.board.start_cell[colour]
        x, y = cell_xy(r, c)
        sx = 1 if x > 0 else -1
        sy = 1 if y > 0 else -1
        return (x + sx * (1.9 + (k % 4) * 0.85), y - sy * (k // 4) * 0.85, 0.0)

    def _show_reserves(self, state, used: dict) -> None:
        self.reserve_cells = {}
        for seat, colour in enumerate(state.colours):
            for k in range(state.reserve[seat]):
                node = self._stone(colour, used)
                node.setPos(*self.reserve_pos(state, colour, k))
                node.reparentTo(self.reserve_root)
                self.pieces[("reserve", colour, k)] = node
        for k in range(state.neutral_reserve):
            node = self._stone(NEUTRAL, used)
            node.setPos(*self.reserve_pos(state, NEUTRAL, k))
            node.reparentTo(self.reserve_root)
            self.pieces[("reserve", NEUTRAL, k)] = node

    def _show_hand(self, state) -> None:
        """Setup: the boards the player to lay has in hand, in the tray on the screen."""
        hand = state.hands[state.turn] if state.phase in ("choose", "fill") else ()
        if not hand:
            self._clear_ghost()
        from viewer.panel import PLAYER_FG

        colour = state.colours[state.turn]
        chosen = self.selected[1] if self.selected is not None and self.selected[0] == "hand" else None
        self.tray.show(hand, chosen, self.rotation,
                       f"{COLOUR_NAMES[colour]}'s boards (R turns)",
                       PLAYER_FG.get(colour, (1, 1, 1, 1)))

    def destroy(self) -> None:
        """Another game opened: the tray on the screen goes with the scene."""
        super().destroy()
        self.tray.destroy()

    # --- geometry queries -------------------------------------------------------------------
    def bounds(self):
        return Vec3(0, 0, 0), math.hypot(COLS / 2 + 2, ROWS / 2 + 4)

    def top_frame(self, state):
        """The board with the reserves beside it (the tray in setup is a box of the layout:
        the view is fitted beside it)."""
        edge = ROWS / 2 + COORD_GAP + COORD_SIZE * 0.6  # the coordinates along the edges
        # above the north edge, room for the status lines drawn over the top-left corner
        half_w, top, bottom = COLS / 2 + 5.0, edge + 1.3, -edge
        return 0.0, (top + bottom) / 2, half_w, (top - bottom) / 2

    def seat_fit(self, state):
        """A seat view shows the whole board with its coordinates and every reserve stone (a
        full reserve, so the view stays put as stones leave it); the layout keeps it clear of
        the tray of boards in hand."""
        edge_x = COLS / 2 + COORD_GAP + COORD_SIZE * 0.5
        edge_y = ROWS / 2 + COORD_GAP + COORD_SIZE * 0.5
        points = [(sx * edge_x, sy * edge_y, 0.0) for sx in (-1, 1) for sy in (-1, 1)]
        for colour in state.colours:
            for k in (0, 3, STONES_PER_PLAYER - 1):
                x, y, _ = self.reserve_pos(state, colour, k)
                points += [(x + dx, y + dy, STONE_H) for dx in (-STONE_R, STONE_R)
                           for dy in (-STONE_R, STONE_R)]
        for k in (0, 3):
            x, y, _ = self.reserve_pos(state, NEUTRAL, k)
            points += [(x, y + STONE_R, STONE_H), (x, y - STONE_R, STONE_H)]
        return points, 0.0

    def screen_items(self, size) -> dict:
        """In setup, the boards in the tray: "board N" -> its box in window pixels."""
        return {f"board {board}": self.tray.pixel_box(box, size)
                for board, box in self.tray.boxes.items()}

    def seat_headings(self, state):
        """Each player looks from behind their starting corner towards the middle."""
        out = []
        board = state.board
        for colour in state.colours:
            r, c = board.start_cell[colour]
            x, y = cell_xy(r, c)
            out.append(math.degrees(math.atan2(x, -y)))
        return out

    def cell_center(self, cell) -> Vec3:
        r, c = int(cell[0]), int(cell[1])
        if not (0 <= r < ROWS and 0 <= c < COLS):
            raise ValueError(f"({r},{c}) is off the board")
        x, y = cell_xy(r, c)
        return Vec3(x, y, TILE_H)

    def cell_at(self, x, y):
        return xy_cell(x, y)

    def stone_world_pos(self, key) -> Vec3:
        """Where the stone `key` (a field, or ("reserve", colour, k)) is drawn: its top centre."""
        node = self.pieces[key]
        p = node.getPos(self.root)
        return Vec3(p.x, p.y, p.z + STONE_H * 0.85)

    # --- picking ----------------------------------------------------------------------------
    def pick(self, origin, direction) -> Pick:
        """A board in hand on the screen; fields on the board; off it, the nearest reserve
        stone."""
        board = self.tray.hit_ray(origin)
        if board is not None:
            return Pick(target=("hand", board))
        base_pick = super().pick(origin, direction)
        if base_pick.cell is not None:
            return base_pick
        ox, oy, oz = origin
        dx, dy, dz = direction
        if abs(dz) < 1e-9:
            return base_pick
        s = (0.15 - oz) / dz  # reserve stones and hand boards lie on the table
        x, y = ox + dx * s, oy + dy * s
        best, best_d = None, STONE_R * 1.4
        state = self.state
        if state is not None:
            for key, node in self.pieces.items():
                if key[0] != "reserve":
                    continue
                p = node.getPos(self.root)
                dd = math.hypot(p.x - x, p.y - y)
                if dd < best_d:
                    best, best_d = key, dd
            if best is not None:
                return Pick(target=("reserve", best[1]), point=(x, y, 0.0))
        return Pick(point=(x, y, 0.0))

    def piece_at(self, cell):
        return self.state.stone_at(*cell) if self.state is not None else None

    # --- interaction ------------------------------------------------------------------------
    def deselect(self) -> None:
        self.selected = None
        self.clear_hints()
        self._clear_ghost()

    def click(self, state, pick: Pick) -> ClickResult:
        """Turn a click into a selection, a legal action, or the rule that forbids it."""
        if state.phase == "over":
            return ClickResult(message="The game is over")
        if state.phase in ("choose", "fill"):
            return self._click_setup(state, pick)
        if state.phase != "play":
            return ClickResult()
        seat = state.turn
        colour = state.colours[seat]
        sel = self.selected
        if pick.target is not None and pick.target[0] == "reserve":
            want = pick.target[1]
            if want != colour and want != NEUTRAL:
                return self.refuse(state, A.Place(state.board.start_cell[want]))
            self.selected = ("reserve", want)
            self.show_hints(state)
            return ClickResult()
        cell = pick.cell
        if cell is None:
            self.deselect()
            return ClickResult()
        if sel is not None:
            action = self._action_for(state, sel, cell)
            if action is not None:
                self.deselect()
                return ClickResult(action=action)
        v = state.stones[cell[0] * COLS + cell[1]]
        if v:
            if sel == ("stone", cell):
                self.deselect()
                return ClickResult()
            if v == NEUTRAL_CODE:
                if state.neutral_reserve:
                    return ClickResult(message="Neutral stones may move only once all 4 are placed")
                if cell[0] * COLS + cell[1] in frozen_cells(state):
                    return ClickResult(message="A stone in a touching chain is frozen")
                self.selected = ("stone", cell)
                self.show_hints(state)
                return ClickResult()
            if v != code_of(colour):
                return self.refuse(state, A.Slide(cell, "N"))
            if cell[0] * COLS + cell[1] in frozen_cells(state):
                return self.refuse(state, A.Slide(cell, "N"))
            if state.ap_left <= 0:
                return ClickResult(message="You have no action points left this turn")
            self.selected = ("stone", cell)
            self.show_hints(state)
            if not any(slide_path(state.stones, state.board, cell, d) for d in "NESW"):
                return ClickResult(message="A slide that goes nowhere is not a move: this stone is boxed in")
            return ClickResult()
        if sel is not None:
            return self._explain_miss(state, sel, cell)
        if cell == state.board.start_cell.get(colour):
            return self.attempt(state, A.Place(cell))
        return ClickResult(message="Click one of your stones (or a stone beside your start) first")

    def _action_for(self, state, sel, cell):
        """The legal action that moves the selection to `cell`, or None."""
        kind, what = sel
        for action in self.legal_for(state, sel):
            if isinstance(action, A.Slide) and slide_path(state.stones, state.board, action.cell,
                                                          action.direction)[-1] == cell:
                return action
            if isinstance(action, (A.Place, A.PlaceNeutral)) and action.cell == cell:
                return action
            if isinstance(action, A.MoveNeutral) and action.to == cell:
                return action
        return None

    def legal_for(self, state, sel) -> list:
        """The legal actions of the current player that start from the selection."""
        if state.phase != "play" or state.ap_left <= 0:
            return []
        kind, what = sel
        acts = self.game.legal_actions(state)
        if kind == "stone":
            return [a for a in acts if isinstance(a, (A.Slide, A.MoveNeutral)) and a.cell == what]
        if kind == "reserve" and what == NEUTRAL:
            return [a for a in acts if isinstance(a, A.PlaceNeutral)]
        if kind == "reserve":
            return [a for a in acts if isinstance(a, A.Place)]
        return []

    def _explain_miss(self, state, sel, cell) -> ClickResult:
        kind, what = sel
        if kind == "stone" and state.stone_at(*what) != NEUTRAL:
            (r0, c0), (r, c) = what, cell
            if r0 != r and c0 != c:
                return ClickResult(message="Stones move orthogonally: north, east, south or west")
            d = ("S" if r > r0 else "N") if c0 == c else ("E" if c > c0 else "W")
            path = slide_path(state.stones, state.board, what, d)
            if not path:
                return self.refuse(state, A.Slide(what, d))
            # in the board's own names ("sliding up from g10 it stops at g16"), not "0,6"
            return ClickResult(message=f"A stone slides until it meets an obstacle: sliding "
                                       f"{DIRECTION_WORDS[d]} from {cell_name(what)} it stops "
                                       f"at {cell_name(path[-1])}")
        if kind == "reserve" and what != NEUTRAL:
            return self.refuse(state, A.Place(cell))
        if kind == "reserve":
            return self.refuse(state, A.PlaceNeutral(cell))
        return self.refuse(state, A.MoveNeutral(what, cell))

    def show_hints(self, state) -> None:
        """Mark the selection, its slide destinations (with paths) and legal placement fields."""
        self.clear_hints()
        sel = self.selected
        if sel is None:
            return
        kind, what = sel
        if kind == "stone":
            self.add_hint(what, SELECT, "ring", SELECT_RING)
        else:
            key = next((k for k in self.pieces if k[:2] == ("reserve", what)), None)
            if key is not None:
                p = self.pieces[key].getPos(self.root)
                ring = geometry.disc("sel", SELECT_RING * 0.42, 28, SELECT, inner=SELECT_RING * 0.30)
                ring.reparentTo(self.hints)
                ring.setPos(p.x, p.y, 0.01)
        for action in self.legal_for(state, sel):
            if isinstance(action, A.Slide):
                path = slide_path(state.stones, state.board, action.cell, action.direction)
                for p in path[:-1]:
                    self.add_hint(p, PATH_DOT, "dot")
                self.add_hint(path[-1], SLIDE_END, "ring")
                self.add_hint(path[-1], (*SLIDE_END[:3], 0.25), "square", 0.92)
            elif isinstance(action, (A.Place, A.PlaceNeutral)):
                self.add_hint(action.cell, PLACE_OK, "square", 0.8 if kind == "reserve" and what == NEUTRAL else 0.92)
            elif isinstance(action, A.MoveNeutral):
                self.add_hint(action.to, PLACE_OK, "square", 0.8)

    # --- setup --------------------------------------------------------------------------------
    def legal_slots(self, state, board: int) -> list:
        return sorted({a.slot for a in self.game.legal_actions(state)
                       if isinstance(a, A.LayBoard) and a.board == board})

    def _click_setup(self, state, pick: Pick) -> ClickResult:
        if pick.target is not None and pick.target[0] == "hand":
            b = pick.target[1]
            self.selected = None if self.selected == ("hand", b) else ("hand", b)
            self.rotation = 0
            self._show_hand(state)
            self.show_slot_hints(state)
            return ClickResult()
        if self.selected is None or self.selected[0] != "hand":
            return ClickResult(message=f"Choose one of your boards ({self.tray.where()}), "
                                       "then click a \"?\" slot; R turns it")
        slot = self.slot_of(pick.cell) if pick.cell is not None else None
        if slot is None:
            return ClickResult(message='Boards are laid only in the "?" slots')
        action = A.LayBoard(self.selected[1], self.rotation, slot)
        result = self.attempt(state, action)
        if result.action is not None:
            self.deselect()
        return result

    @staticmethod
    def slot_of(cell):
        return (cell[0] // SIZE, cell[1] // SIZE)

    def show_slot_hints(self, state) -> None:
        self.clear_hints()
        if self.selected is None or self.selected[0] != "hand":
            return
        for slot in self.legal_slots(state, self.selected[1]):
            r0, c0 = slot[0] * SIZE, slot[1] * SIZE
            for r in range(r0, r0 + SIZE):
                for c in range(c0, c0 + SIZE):
                    self.add_hint((r, c), SLOT_OK, "square", 0.96).setZ(TILE_H * 0.5 + 0.006)

    def rotate_selection(self, state) -> bool:
        """R: turn the board in hand a quarter clockwise (and its preview)."""
        if self.selected is None or self.selected[0] != "hand":
            return False
        self.rotation = (self.rotation + 1) % 4
        self._show_hand(state)
        self._preview(state, self.hover_slot, force=True)
        return True

    def hover(self, state, pick) -> None:
        if state.phase in ("choose", "fill") and self.selected is not None:
            self._preview(state, self.slot_of(pick.cell) if pick.cell is not None else None)

    def _preview(self, state, slot, force: bool = False) -> None:
        """Preview the board in hand in the slot under the mouse."""
        if not force and slot == self.hover_slot:
            return
        self.hover_slot = slot
        self._clear_ghost()
        if slot is None or self.selected is None or self.selected[0] != "hand":
            return
        if slot not in self.legal_slots(state, self.selected[1]):
            return
        node = self._tile(("ghost",), self.selected[1], self.rotation)
        x, y = cell_xy(slot[0] * SIZE + SIZE - 1, slot[1] * SIZE)
        node.setPos(x - 0.5 + GAP / 2, y - 0.5 + GAP / 2, 0.02)
        node.reparentTo(self.root)
        self.lighting.hide_from_shadow(node)
        self.ghost = node
        # framed in the tray's gold: this is the board picked there, as it would lie
        frame = geometry.square("ghost-frame", SIZE + 0.25, (*OUTLINE_RGBA[:3], 0.95),
                                inner=SIZE - 0.05)
        cx, cy = cell_xy(slot[0] * SIZE + (SIZE - 1) / 2, slot[1] * SIZE + (SIZE - 1) / 2)
        frame.setPos(cx, cy, TILE_H + 0.03)
        frame.reparentTo(self.overlay)
        self.ghost_frame = frame

    def _clear_ghost(self) -> None:
        if self.ghost is not None:
            self.ghost.removeNode()
            self.ghost_frame.removeNode()
            self.ghost = None
        self.hover_slot = None

    # --- motion -----------------------------------------------------------------------------
    def motion_between(self, before, after, step):
        """Slides glide along their path; placed stones drop in; moved neutrals hop."""
        if step is None:
            return None
        tracks = {}
        for ev in step.events:
            d = ev.data
            if ev.kind == "slid":
                path = [tuple(d["from"])] + [tuple(p) for p in d["path"]]
                n = len(path) - 1
                keys = []
                for i, (r, c) in enumerate(path):
                    s = i / n
                    t = 1 - (1 - s) ** 0.5  # fast start, gentle stop
                    keys.append((t, (*cell_xy(r, c), TILE_H)))
                tracks[tuple(d["to"])] = sorted(keys)
            elif ev.kind == "placed":
                r, c = d["cell"]
                x, y = cell_xy(r, c)
                colour = d["colour"]
                seat_k = (before.reserve[before.colours.index(colour)] - 1 if colour != NEUTRAL
                          else before.neutral_reserve - 1)
                sx, sy, _ = self.reserve_pos(before, colour, max(seat_k, 0))
                tracks[(r, c)] = [(0.0, (sx, sy, 0.0)), (0.5, ((sx + x) / 2, (sy + y) / 2, 1.2)),
                                  (1.0, (x, y, TILE_H))]
            elif ev.kind == "neutral_moved":
                (r0, c0), (r1, c1) = d["from"], d["to"]
                x0, y0 = cell_xy(r0, c0)
                x1, y1 = cell_xy(r1, c1)
                tracks[(r1, c1)] = [(0.0, (x0, y0, TILE_H)), (0.5, ((x0 + x1) / 2, (y0 + y1) / 2, 1.5)),
                                    (1.0, (x1, y1, TILE_H))]
        if not tracks:
            return None
        return Motion(duration=1.0, tracks=tracks)

    # --- words and buttons --------------------------------------------------------------------
    def action_colour(self, node):
        from viewer.panel import PLAYER_FG

        parent = node.parent.state
        if parent.phase in ("deal", "over"):
            return None
        return PLAYER_FG.get(parent.colours[parent.turn])

    def seat_legend(self, state):
        from viewer.panel import PLAYER_FG

        return [(colour.capitalize(), PLAYER_FG.get(colour)) for colour in state.colours]

    def turn_actions(self, state):
        if state.phase != "play":
            return []
        labels = {A.EndTurn: "End turn", A.OfferEnd: "Offer to end", A.Agree: "Agree to end"}
        return [(labels[type(a)], a) for a in self.game.legal_actions(state) if type(a) in labels]

    def keys(self, mode: str):
        """R turns the board in hand, in play mode, while boards are laid (setup)."""
        if mode != "play":
            return []

        def rotate(host):
            if not self.rotate_selection(host.shown_state):
                host.say("Click a board in hand first: R turns it")

        return [Key("r", rotate, "Setup: turn the board in hand",
                    lambda host: getattr(host.shown_state, "phase", None) in ("choose", "fill"))]

    # --- words --------------------------------------------------------------------------------
    def event_lines(self, node) -> list[str]:
        return words.event_lines(node.step)

    def status_lines(self, state) -> list[str]:
        """What is always visible: phase, whose turn, AP left, touching stones, the result."""
        names = [COLOUR_NAMES[c] for c in state.colours]
        counts = state.touching()
        touching = "   ".join(f"{n} {k}/{STONES_PER_PLAYER}" for n, k in zip(names, counts))
        if state.phase == "deal":
            return [f"Setup: dealing the boards ({len(state.deck)} still to deal)"]
        if state.phase in ("choose", "fill"):
            who = names[state.turn]
            where = ("the slot right of your starting board" if state.phase == "choose"
                     else 'any "?" slot')
            return [f"Setup: {who}, lay a board in {where}"] + (
                [f"Click a board in hand ({self.tray.where()}), R turns it, click a slot"]
                if self.show_prompts else [])
        if state.phase == "over":
            desc = self.game.describe(state)
            return [desc.split(";")[0], f"Touching: {touching}"]
        who = names[state.turn]
        res = state.reserve[state.turn]
        unused = [COLOUR_NAMES[c] for c in RGB if c != NEUTRAL and c not in state.colours]
        lines = [f"Round {state.round}   {who} to play   {state.ap_left} AP left   "
                 f"({res} in reserve, {state.neutral_reserve} neutral)",
                 f"Touching: {touching}"
                 + (f"   Not in play: {', '.join(unused)} (unused)" if unused else "")]
        if state.offer is not None:
            by, agreed = state.offer
            waiting = [names[i] for i in range(len(names)) if i != by and i not in agreed]
            lines.append(f"{names[by]} offers to end the game"
                         + (f"; {', '.join(names[i] for i in agreed)} agreed" if agreed else "")
                         + (f"; waiting for {', '.join(waiting)}" if waiting else ""))
        return lines
