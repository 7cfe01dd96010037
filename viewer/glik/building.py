"""The Glik scene's building room: the table, the board coordinates, and the small boards
laid so far, each a textured tile (`GlikScene.build`, redrawn as boards are laid)."""
from __future__ import annotations

import math

from panda3d.core import NodePath, TextNode

from games.glik.kit import COLS, KIT, ROWS, SIZE
from games.glik.notation import column_labels, row_labels
from viewer import geometry
from viewer.lighting import MATTE, STONE, Material, apply_material
from viewer.glik.tiles import RGB, tile_texture

from .board import COORD_GAP, COORD_SIZE, GAP, STONE_H, STONE_R, TILE_H, cell_xy


COORD_RGBA = (0.93, 0.90, 0.80, 0.9)
# matte printed card: no specular (measured: 10% of the frame in software GL for a faint sheen)
BOARD_MATERIAL = Material(0.0, 20.0, textured=True)


class Building:
    """Makes the table and its coordinates once, and the boards' tiles as they are laid."""

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

