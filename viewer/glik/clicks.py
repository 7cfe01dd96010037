"""The Glik scene's picking room in play: a click selects a stone (its slide ends and
placements light up) or plays a lit field; a click the rules refuse says which rule."""
from __future__ import annotations

from games.glik import actions as A
from games.glik.kit import COLS, NEUTRAL
from games.glik.notation import DIRECTION_WORDS, cell_name
from games.glik.rules import NEUTRAL_CODE, code_of, frozen_cells, slide_path
from viewer import geometry
from viewer.glik.tray import OUTLINE_RGBA
from viewer.scene import ClickResult, Pick


SELECT = OUTLINE_RGBA  # the picked stone's ring: the gold of the tray's frame
SELECT_RING = 1.2  # its size (a field is 1): clear of the stone on the cream field
SLIDE_END = (0.20, 0.95, 0.45, 0.85)
PATH_DOT = (0.20, 0.95, 0.45, 0.55)
PLACE_OK = (0.30, 0.70, 1.00, 0.70)


class Clicks:
    """A click in play becomes a selection, a legal action, or the rule that forbids it."""

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

