"""The highlight reel's review list (F7): every marked moment of the line shown (the author's
markers, the analysis' mistakes, the moves that score or end the game; timeline.reel), one row
each, with Keep / Drop. A click on a row's button keeps or drops that moment, an undoable edit
of the direction (its `dropped` list), so `flickbook export FILE --reel` films the kept ones;
a click on the row's words goes to that moment. Esc closes it."""
from __future__ import annotations

from direct.gui.DirectGui import DirectLabel
from panda3d.core import TextNode

from timeline.reel import is_dropped, marked_moments, with_kept
from viewer.dialogs import Overlay
from viewer.panel import BTN, DIM, TEXT, _button

KEPT = (0.20, 0.45, 0.25, 1)
DROPPED = (0.45, 0.18, 0.16, 1)
ROWS = 12
SOURCE_WORDS = {"author": "marked", "mistake": "mistake", "score": "score", "end": "end"}


class ReelReview(Overlay):
    W, H = 2.0, 1.5
    ROW = 0.085

    def __init__(self, ctl, on_close=None):
        super().__init__(ctl.app, self.W, self.H, on_close)
        self.ctl = ctl
        self.first = 0
        self._drawn = []
        self.rows = []  # (Marked, kept) shown, in order
        self.title = DirectLabel(parent=self.box, text="", text_scale=0.055, text_fg=TEXT,
                                 frameColor=(0, 0, 0, 0), pos=(0, 0, self.H / 2 - 0.1))
        self.note = DirectLabel(parent=self.box, text="", text_scale=0.032, text_fg=DIM,
                                frameColor=(0, 0, 0, 0), pos=(0, 0, -self.H / 2 + 0.2),
                                text_wordwrap=56)
        _button(self.box, "^", lambda: self.page(-1), (self.W / 2 - 0.22, 0, self.H / 2 - 0.09),
                width=0.08, height=0.06)
        _button(self.box, "v", lambda: self.page(1), (self.W / 2 - 0.12, 0, self.H / 2 - 0.09),
                width=0.08, height=0.06)
        _button(self.box, "Close (Esc)", self.close, (0, 0, -self.H / 2 + 0.08), width=0.3)
        self.show()

    def marked(self):
        ctl = self.ctl
        return marked_moments(ctl.session.record, ctl.player.clock(), dropped=True)

    def show(self) -> None:
        for widget in self._drawn:
            widget.destroy()
        self._drawn = []
        record = self.ctl.session.record
        marked = self.marked()
        kept = sum(1 for m in marked if not is_dropped(record, m))
        self.first = max(0, min(self.first, max(0, len(marked) - ROWS)))
        self.title["text"] = (f"Highlight reel: {kept} of {len(marked)} marked moments kept"
                              if marked else "Highlight reel: nothing marked on this line")
        self.note["text"] = ("Keep / Drop: what flickbook export FILE --reel films (each with "
                             "2 s around it). Click a moment to go there; M marks the one shown."
                             if marked else "M marks the moment shown; an analysis (F6) marks "
                             "the mistakes; the moves that score or end the game are marked too.")
        self.rows = []
        self.toggles = {}
        top = self.H / 2 - 0.24
        for k, m in enumerate(marked[self.first:self.first + ROWS]):
            on = not is_dropped(record, m)
            self.rows.append((m, on))
            k_row = len(self.rows) - 1
            y = top - k * self.ROW
            words = f"{self.first + k + 1}. {m.label}  ({SOURCE_WORDS[m.source]})"
            go = _button(self.box, words, lambda m=m: self.go(m), (-0.16, 0, y), width=1.5,
                         height=self.ROW - 0.012, scale=0.034)
            go["text_align"] = TextNode.ALeft
            go["text_pos"] = (-0.72, -0.012)
            toggle = _button(self.box, "Keep" if on else "Dropped", lambda m=m, on=on: self.toggle(m, not on),
                             (self.W / 2 - 0.2, 0, y), width=0.26, height=self.ROW - 0.012, scale=0.034)
            toggle["frameColor"] = (KEPT if on else DROPPED, BTN, BTN, KEPT if on else DROPPED)
            self._drawn += [go, toggle]
            self.toggles[k_row] = toggle

    def page(self, direction: int) -> None:
        self.first += direction * ROWS
        self.show()

    def toggle(self, marked, keep: bool) -> None:
        session = self.ctl.session
        session.set_direction("keep in the reel" if keep else "drop from the reel",
                              with_kept(session.record.direction, marked, keep))
        self.ctl.say(f"{'Kept in' if keep else 'Dropped from'} the reel: {marked.label} (Ctrl+Z undoes)")
        self.show()

    def go(self, marked) -> None:
        clock = self.ctl.player.clock()
        self.close()
        self.ctl.navigation.go_to(clock.line[marked.index])

    def probe(self) -> list:
        """Each row shown: where it came from, its words, kept, and its button's pixel."""
        app = self.app
        w, h = app.win.getXSize(), app.win.getYSize()

        def pixel(node):
            p = app.render2d.getRelativePoint(node, (0, 0, 0))
            return [round((p.x + 1) / 2 * w, 1), round((1 - p.z) / 2 * h, 1)]
        return [[m.source, m.label, on, pixel(self.toggles[k])] for k, (m, on) in enumerate(self.rows)]
