"""Draws a direction's notes (timeline.direction.NoteShown) in a scene: rings and arrows lie on
the table at their anchors (so a note on a disc stays on it from any camera), a note's text
stands beside its anchor, on screen."""
from __future__ import annotations

import math

from panda3d.core import LineSegs, NodePath, TextNode, TransparencyAttrib

COLOURS = {"green": (0.3, 0.9, 0.4), "red": (0.95, 0.3, 0.25), "blue": (0.35, 0.6, 1.0),
           "yellow": (1.0, 0.85, 0.2)}
#: Sizes in the scene's cells (`Scene.cell_size()`: a Glonk space is 0.09 m, a Glik field 1):
#: a ring's radius (round a Glonk disc, about 0.04 m across), an arrow's head and its length
#: when the note gives no offset, and the height notes lie at (just above a disc's top face).
RING_CELLS, HEAD_CELLS, ARROW_CELLS, Z_CELLS = 0.06 / 0.09, 0.04 / 0.09, 0.15 / 0.09, 0.012 / 0.09


class NotesLayer:
    """The notes shown at one moment; `show(notes)` replaces them."""

    def __init__(self, app):
        self.app = app
        self.root = app.render.attachNewNode("direction-notes")
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.root.setLightOff(1)
        self.root.setDepthTest(False)
        self.root.setBin("fixed", 50)
        still = getattr(app, "still", None)
        if still is not None:
            still.add_live(self.root)  # drawn over the still picture, as over the scene
        self.texts = app.aspect2d.attachNewNode("direction-note-texts")
        self.shown = []  # (note, world point of its anchor)

    def show(self, notes) -> None:
        self.root.getChildren().detach()
        self.texts.getChildren().detach()
        self.shown = []
        cell = self.app.scene.cell_size()
        ring, head, z = RING_CELLS * cell, HEAD_CELLS * cell, Z_CELLS * cell
        for note in notes:
            r, g, b = COLOURS.get(note.colour, COLOURS["yellow"])
            x, y = note.at
            lines = LineSegs("note")
            lines.setThickness(4)
            lines.setColor(r, g, b, note.alpha)
            if note.kind == "ring":
                for k in range(49):
                    a = 2 * math.pi * k / 48
                    p = (x + ring * math.cos(a), y + ring * math.sin(a), z)
                    (lines.moveTo if k == 0 else lines.drawTo)(*p)
            elif note.kind == "arrow":
                dx, dy = note.offset if any(note.offset) else (ARROW_CELLS * cell,) * 2
                lines.moveTo(x + dx, y + dy, z)
                lines.drawTo(x, y, z)
                ang = math.atan2(dy, dx)
                for side in (-0.5, 0.5):
                    lines.moveTo(x, y, z)
                    lines.drawTo(x + head * math.cos(ang + side), y + head * math.sin(ang + side), z)
            if note.kind != "text":
                self.root.attachNewNode(lines.create())
            self.shown.append((note, (x, y, z)))
            if note.text:
                self._text(note, (x + note.offset[0], y + note.offset[1], z), (r, g, b))

    def _text(self, note, point, rgb) -> None:
        pixel = self.app.project(point)
        if pixel is None:
            return
        w, h = self.app.size
        aspect = w / h
        sx = (pixel[0] / w * 2 - 1) * aspect
        sy = 1 - pixel[1] / h * 2
        node = TextNode("note-text")
        node.setText(note.text)
        node.setTextColor(*rgb, note.alpha)
        node.setCardColor(0.05, 0.06, 0.08, 0.7 * note.alpha)
        node.setCardAsMargin(0.3, 0.3, 0.2, 0.2)
        node.setAlign(TextNode.ALeft)
        path = self.texts.attachNewNode(node)
        path.setScale(0.05)
        path.setPos(sx + 0.06, 0, sy + 0.04)
        path.setTransparency(TransparencyAttrib.MAlpha)

    def destroy(self) -> None:
        self.root.removeNode()
        self.texts.removeNode()
