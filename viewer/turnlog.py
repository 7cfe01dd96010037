"""The turn log: what each move of the line up to the cursor did, in the game's own words.

It follows the cursor (`follow`): the moves from the start to the position shown, each headed
by its readable notation (`Scene.action_label`) with the lines the scene reads from its step's
events (`Scene.event_lines`); a chance step (a draw, a deal) is told under the move that
caused it. So an undone or deleted move leaves the log with the cursor, and stepping back
shows the log of that position, not the latest moves. The log lives in the side panel, under
the move list (`dock`: the panel gives it its place), so it never covers the table; its lines
wrap to the panel's width and the last few rows show; the wheel over it scrolls back. A
message too long for the message line is told here in full (`tell`).
"""
from __future__ import annotations

import textwrap
import weakref

from games.api import CHANCE

from direct.gui.DirectGui import DirectFrame, DirectLabel
from panda3d.core import TextNode

from viewer.layout import wrap

#: Rows shown at once (wrapped lines); older ones are a wheel turn away.
VISIBLE = 6
#: Lines kept (a long game's early turns drop off).
KEEP = 400
TEXT_SCALE = 0.034  # viewer.layout.SMALL: 12 pixels at 720 pixels high
LINE_H = TEXT_SCALE * 1.25
#: Lines of messages told in full (`tell`) kept under the moves.
SAID = 12


class TurnLog:
    """What happened, newest last: `lines` holds everything kept, the label the visible part."""

    def __init__(self, app):
        self.app = app
        self.lines: list[str] = []
        self.back = 0  # lines scrolled back from the newest
        self.said: list[str] = []  # messages told in full, after the moves
        self.width = 0.7  # aspect2d units: the panel's `dock` sets it
        self.frame = DirectFrame(parent=app.aspect2d, frameColor=(0.05, 0.06, 0.08, 0.7),
                                 frameSize=(0, self.width, -self.height(), 0))
        self.label = DirectLabel(parent=self.frame, text="", text_scale=TEXT_SCALE,
                                 text_fg=(0.92, 0.93, 0.88, 1), text_shadow=(0, 0, 0, 1),
                                 frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                 pos=(0.015, 0, -TEXT_SCALE))
        self.label["text_wordwrap"] = None
        self._measure = TextNode("turn-log-measure")
        self._rows: list[str] = []
        self.frame.hide()
        self._node = None  # the cursor the lines were made for
        self._told: dict[int, tuple] = {}  # id(node) -> (weak node, its scene, its lines)

    def follow(self, node) -> None:
        """Show the line from the start up to `node` (the cursor): the newest at the bottom."""
        if node is self._node:
            return
        self._node = node
        path = []
        while node is not None and node.parent is not None:
            path.append(node)
            node = node.parent
        lines: list[str] = []
        for n in path:  # newest first, back until the log holds what it keeps
            told = self._lines_of(n)
            lines[:0] = told
            if len(lines) >= KEEP:
                break
        self.said = []  # what was said about the last position
        self.moves = lines[-KEEP:]
        self.lines = self.moves
        self.back = 0
        self._show()

    def tell(self, text: str) -> None:
        """A message the message line could only show part of, in full under the moves."""
        wrapped = ["» " + w if i == 0 else "  " + w
                   for i, w in enumerate(textwrap.wrap(text, 80) or [text])]
        self.said = (self.said + wrapped)[-SAID:]
        self.lines = self.moves + self.said
        self.back = 0
        self._show()

    def _lines_of(self, node) -> list[str]:
        scene = self.app.scene
        held = self._told.get(id(node))
        if held is not None and held[0]() is node and held[1] is scene:
            return held[2]
        if len(self._told) > 4 * KEEP:
            self._told = {k: v for k, v in self._told.items() if v[0]() is not None}
        said = scene.event_lines(node)
        game = node.record.game
        if game.current_player(node.parent.state) == CHANCE and node.parent.parent is not None:
            out = ["    " + line for line in said]  # told under the move that caused it
        else:
            heading = scene.action_label(node)
            out = [heading + (": " + said[0] if said else "")] + ["    " + s for s in said[1:]]
        self._told[id(node)] = (weakref.ref(node), scene, out)
        return out

    moves: list = []

    @staticmethod
    def height() -> float:
        """The box's height (aspect2d units): VISIBLE rows."""
        return VISIBLE * LINE_H + 0.02

    def dock(self, parent, left: float, top: float, width: float) -> None:
        """Put the log in `parent` (the side panel) with its top-left corner at (left, top)."""
        self.frame.reparentTo(parent)
        self.frame.setPos(left, 0, top)
        self.width = width
        self.frame["frameSize"] = (0, width, -self.height(), 0)
        self._show()

    def rows(self) -> list[str]:
        """Every kept line wrapped to the box's width (a wrapped line's rest indented)."""
        room = (self.width - 0.03) / TEXT_SCALE  # in ems, as the text node measures
        if self._wrapped_at != room:
            self._wrapped_at, self._wrapped = room, {}
        out = []
        for line in self.lines:
            rows = self._wrapped.get(line)
            if rows is None:
                indent = len(line) - len(line.lstrip(" "))
                parts, _ = wrap(line.strip(), room - 0.5 * indent - 1.0, self._measure.calcWidth, 99)
                rows = [" " * indent + (parts[0] if parts else "")] + [
                    " " * (indent + 3) + p for p in parts[1:]]
                if len(self._wrapped) > 4 * KEEP:
                    self._wrapped = {}
                self._wrapped[line] = rows
            out += rows
        return out

    _wrapped_at = None
    _wrapped: dict = {}

    def clear(self) -> None:
        self.lines = []
        self.moves = []
        self.said = []
        self.back = 0
        self._node = None
        self._show()

    def can_scroll(self) -> bool:
        return len(self._rows) > VISIBLE

    def scroll_by(self, n: int) -> None:
        self.back = max(0, min(self.back - n, max(0, len(self._rows) - VISIBLE)))
        self._show()

    def visible(self) -> list[str]:
        """The rows shown (wrapped lines), the newest at the bottom."""
        end = len(self._rows) - self.back
        return self._rows[max(0, end - VISIBLE):end]

    def contains(self, pos) -> bool:
        """Whether a pointer position (render2d) lies over the log."""
        if pos is None or self.frame.isHidden():
            return False
        lo, hi = self.frame.getTightBounds(self.app.render2d) or (None, None)
        if lo is None:
            return False
        return lo.x <= pos[0] <= hi.x and lo.z <= pos[1] <= hi.z

    def _show(self) -> None:
        self._rows = self.rows()
        self.back = min(self.back, max(0, len(self._rows) - VISIBLE))
        shown = self.visible()
        if not shown:
            self.frame.hide()
            return
        if self.back:
            shown = shown[1:] + [f"  (wheel: {self.back} newer)"]
        text = "\n".join(shown)
        if self.label["text"] != text:
            self.label["text"] = text
        self.frame.show()
        self.app.wake()
