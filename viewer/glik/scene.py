"""The Glik scene: the assembled board of small boards on the table, stones, setup and play.

Board coordinates are the rules' (row, col) fields: row 0 is the north edge, columns grow to
the east. One field is one world unit; the board is centred on the origin, its top surface at
`TILE_H`. Every interaction ends in a Glik action from `games.glik.actions` that the app plays
through the session; the scene only proposes what the rules list as legal.

The scene is made of rooms, each a module of its own: the table's measures
(`viewer.glik.board`), building the table and the boards' tiles (`viewer.glik.building`),
clicks in play and their hints (`viewer.glik.clicks`), laying the boards at setup
(`viewer.glik.setup`), the status lines, buttons and keys (`viewer.glik.status`); this module
keeps the constructor, the stones and showing a state, the geometry, picking and motion.
"""
from __future__ import annotations

import math

from panda3d.core import NodePath, Vec3

from games.glik.kit import COLS, NEUTRAL, ROWS
from games.glik.rules import STONES_PER_PLAYER, frozen_cells
from viewer import geometry
from viewer.glik.tray import HandTray
from viewer.scene import Motion, Pick, Scene

from .board import COORD_GAP, COORD_SIZE, STONE_H, STONE_R, TILE_H, cell_xy, xy_cell
from .building import Building
from .clicks import Clicks
from .setup import Setup
from .status import COLOUR_NAMES, StatusAndButtons


FROZEN = (0.10, 0.50, 0.95, 1.0)  # the ice-blue ring round a stone that may not move
FROZEN_RING = (STONE_R + 0.02, STONE_R + 0.10)  # its inner and outer radius


class GlikScene(Building, Clicks, Setup, StatusAndButtons, Scene):
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

