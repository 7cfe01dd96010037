"""The turn log: a short line after every action, in the game's own words, kept and scrollable.

The controller adds the lines a scene reads from each step's events (`Scene.event_lines`);
the log shows the last few above the message line, and the wheel over it scrolls back.
"""
from __future__ import annotations

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

    def add(self, heading: str, lines: list[str]) -> None:
        """One action: its name, then what it did (indented)."""
        self.lines.append(heading + (": " + lines[0] if lines else ""))
        self.lines += ["    " + line for line in lines[1:]]
        del self.lines[:-KEEP]
        self.back = 0
        self._show()

    def clear(self) -> None:
        self.lines = []
        self.back = 0
        self._show()

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
