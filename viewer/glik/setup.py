"""The Glik scene's setup room: the slots a board in hand may be laid in, R turning it, and
the ghost of the board under the pointer before it is laid."""
from __future__ import annotations

from games.glik import actions as A
from games.glik.kit import SIZE
from viewer import geometry
from viewer.glik.tray import OUTLINE_RGBA
from viewer.scene import ClickResult, Pick

from .board import GAP, TILE_H, cell_xy


SLOT_OK = (0.30, 0.70, 1.00, 0.35)


class Setup:
    """Laying the boards: the legal slots, the board in hand's turn, its ghost on the table."""

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

