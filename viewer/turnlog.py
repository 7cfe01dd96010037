"""The turn log: what each move of the line up to the cursor did, in the game's own words.

It follows the cursor (`follow`): the moves from the start to the position shown, each headed
by its readable notation (`Scene.action_label`) with the lines the scene reads from its step's
events (`Scene.event_lines`); a chance step (a draw, a deal) is told under the move that
caused it. So an undone or deleted move leaves the log with the cursor, and stepping back
shows the log of that position, not the latest moves. The last few lines show above the
message line; the wheel over it scrolls back.
"""
from __future__ import annotations

import weakref

from games.api import CHANCE

from direct.gui.DirectGui import DirectFrame, DirectLabel
from panda3d.core import TextNode

#: Lines shown at once; older ones are a wheel turn away.
VISIBLE = 5
#: Lines kept (a long game's early turns drop off).
KEEP = 400
LINE_H = 0.046
BOTTOM = 0.43  # aspect2d units above the window's bottom edge (above the piece buttons)
WIDTH = 1.55
TEXT_SCALE = 0.034


class TurnLog:
    """What happened, newest last: `lines` holds everything kept, the label the visible part."""

    def __init__(self, app):
        self.app = app
        self.lines: list[str] = []
        self.back = 0  # lines scrolled back from the newest
        self.frame = DirectFrame(parent=app.a2dBottomLeft, frameColor=(0.05, 0.06, 0.08, 0.45),
                                 frameSize=(0, WIDTH, 0, VISIBLE * LINE_H + 0.02),
                                 pos=(0.03, 0, BOTTOM))
        self.label = DirectLabel(parent=self.frame, text="", text_scale=TEXT_SCALE,
                                 text_fg=(0.92, 0.93, 0.88, 1), text_shadow=(0, 0, 0, 1),
                                 frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                 pos=(0.02, 0, VISIBLE * LINE_H - 0.025))
        self.label["text_wordwrap"] = None
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
        self.lines = lines[-KEEP:]
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

    def clear(self) -> None:
        self.lines = []
        self.back = 0
        self._node = None
        self._show()

    def can_scroll(self) -> bool:
        return len(self.lines) > VISIBLE

    def scroll_by(self, n: int) -> None:
        self.back = max(0, min(self.back - n, max(0, len(self.lines) - VISIBLE)))
        self._show()

    def visible(self) -> list[str]:
        end = len(self.lines) - self.back
        return self.lines[max(0, end - VISIBLE):end]

    def contains(self, pos) -> bool:
        """Whether a pointer position (render2d) lies over the log."""
        if pos is None or self.frame.isHidden():
            return False
        aspect = self.app.getAspectRatio()
        x, y = (pos[0] + 1) * aspect, pos[1] + 1  # from the bottom-left corner
        left = self.frame.getX()
        return left <= x <= left + self.frame["frameSize"][1] and BOTTOM <= y <= BOTTOM + VISIBLE * LINE_H + 0.02

    def _show(self) -> None:
        shown = self.visible()
        if not shown:
            self.frame.hide()
            return
        more = f"  (wheel: {self.back} newer)" if self.back else ""
        text = "\n".join(_clip(s) for s in shown) + more
        if self.label["text"] != text:
            self.label["text"] = text
        # the box holds just the lines shown, hanging from its top edge
        n = len(shown)
        # as wide as its longest line: short lines cover no more of the table than they need
        measure = TextNode("turn-log-width")
        measure.setText(text)
        width = min(WIDTH, measure.getWidth() * TEXT_SCALE + 0.05)
        self.frame["frameSize"] = (0, width, (VISIBLE - n) * LINE_H, VISIBLE * LINE_H + 0.02)
        scene, session = self.app.scene, self.app.session
        strip = scene.screen_strip(session.state) if scene is not None and session is not None else 0.0
        self.frame.setX(0.03 + strip)  # right of a tray the scene keeps at the left edge
        self.frame.show()
        self.app.wake()


def _clip(line: str, width: int = 84) -> str:
    return line if len(line) <= width else line[:width - 1] + "…"
