"""The win-chance graph beside the table, for a record the analysis engine has analysed.

`flickbook analyse` writes each main-line node's `analysis` (timeline/analysis_field.py): the
win chance of every seat and, on a decision, the loss against the best alternative and its
glyph. The graph sits at the foot of the side panel, under the move list, so it never covers
the table. It draws one line per seat across the main line (left: the start, right: the end),
each in that seat's own colour on the table, with a legend naming the seats and their chances
at the cursor; a dot on each mistake sized by its loss, and a mark at the cursor; a click on
it goes to the nearest move. `[` and `]` step to the previous and next mistake (the
controller's commands); an analysed record without mistakes steps through its turning points
(where a seat's chance moved by TURN or more) instead. A record without analysis shows no
graph.
"""
from __future__ import annotations

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectFrame
from panda3d.core import CardMaker, LineSegs, NodePath, TextNode

from analysis.record import better_text
from viewer.panel import PANEL_W

#: The graph's box, in aspect2d units from the window's bottom right corner (inside the side
#: panel, under the drawing hints); the legend's rows sit on top of it.
BOTTOM = 0.035
HEIGHT = 0.20
LEFT = -PANEL_W + 0.04
WIDTH = PANEL_W - 0.08
LEGEND_ROW = 0.036
LEGEND_SCALE = 0.034  # viewer.layout.SMALL
#: Lines for seats whose scene gives no colour of their own.
SEAT_COLOURS = [(0.98, 0.84, 0.30, 1), (0.35, 0.85, 0.45, 1), (0.45, 0.65, 1.0, 1),
                (0.95, 0.45, 0.40, 1), (0.80, 0.55, 0.95, 1), (0.55, 0.90, 0.90, 1)]
#: A turning point: some seat's win chance moved by this much in one step.
TURN = 0.10


def mistakes(line) -> list[int]:
    """Indices of the main-line nodes whose analysis gave a mistake glyph."""
    return [i for i, n in enumerate(line) if (n.analysis or {}).get("glyph")]


def turning_points(line, jump: float = TURN) -> list[int]:
    """Indices of main-line nodes where some seat's win chance moved by `jump` or more from
    the node before (where both have one)."""
    out = []
    for i in range(1, len(line)):
        a, b = (line[i - 1].analysis or {}).get("win"), (line[i].analysis or {}).get("win")
        if a and b and max(abs(x - y) for x, y in zip(a, b)) >= jump - 1e-12:
            out.append(i)
    return out


def analysed(line) -> bool:
    return any((n.analysis or {}).get("win") for n in line)


def win_series(line) -> list[list[float | None]]:
    """Per seat, the win chance at each node of `line` (None where a node has none)."""
    seats = max((len((n.analysis or {}).get("win") or ()) for n in line), default=0)
    return [[((n.analysis or {}).get("win") or [None] * seats)[s] if (n.analysis or {}).get("win")
             else None for n in line] for s in range(seats)]


def preview_series(line, found: dict[int, list]) -> list[list[float | None]]:
    """Per seat, the win chances an analysis under way has found so far (None: not yet)."""
    seats = max((len(w) for w in found.values()), default=0)
    return [[found[i][s] if i in found else None for i in range(len(line))]
            for s in range(seats)]


class WinGraph:
    """The graph's frame (a click target), the lines drawn in it and the legend above it,
    rebuilt when the line or its analysis changes."""

    def __init__(self, app, ctl):
        self.app, self.ctl = app, ctl
        self.frame = DirectFrame(parent=app.a2dBottomRight, frameColor=(0.05, 0.06, 0.08, 0.6),
                                 frameSize=(0, WIDTH, 0, HEIGHT), pos=(LEFT, 0, BOTTOM),
                                 state=DGG.NORMAL)
        self.frame.bind(DGG.B1PRESS, self._clicked)
        self.drawn: NodePath | None = None
        self.cursor: NodePath | None = None
        self.legend = self.frame.attachNewNode("flickbook-win-graph-legend")
        self._key = None
        self.line: list = []
        self.seats: list[tuple[str, tuple]] = []  # (name, colour) of each seat's line
        self.dots: list[tuple[int, float]] = []  # (node index, dot size) of each mistake
        #: Win chances of an analysis under way ({node index: win}), drawn until it ends.
        self.preview: dict[int, list] | None = None
        #: whether there are lines to show, and whether the graph gives the panel's foot to
        #: something else for now (`give_way`: the shot explorer while it is on)
        self.has_lines = False
        self.yielded = False
        self.frame.hide()

    @property
    def shown(self) -> bool:
        return not self.frame.isHidden()

    def give_way(self, yielded: bool) -> None:
        """Leave the side panel's foot to another part of the panel (True), or take it back."""
        if yielded != self.yielded:
            self.yielded = yielded
            self._show(self.has_lines)

    def _show(self, has_lines: bool) -> None:
        """Shown when there are lines and nothing else has the foot; the scene is told when
        that changes (its own part of the panel may use the room or give it back)."""
        self.has_lines = has_lines
        was = self.shown
        self.frame.show() if has_lines and not self.yielded else self.frame.hide()
        if self.shown != was:
            changed = getattr(getattr(self.app, "scene", None), "panel_foot_changed", None)
            if changed is not None:
                changed()
            self.app.wake()

    def width(self) -> float:
        return WIDTH

    def x_of(self, i: int) -> float:
        return self.width() * (i / max(len(self.line) - 1, 1))

    def refresh(self, session) -> None:
        line = session.record.mainline()
        key = (tuple(id(n) for n in line),
               tuple(repr(n.analysis) for n in line), round(self.width(), 4),
               repr(sorted(self.preview.items())) if self.preview is not None else None)
        if key != self._key:
            self._key = key
            self._draw(line)
        self._draw_cursor(session.node)

    def seat_lines(self, line, seats: int) -> list[tuple[str, tuple]]:
        """(name, colour) of each seat: the scene's names and table colours, a spare colour
        for a seat the scene gives none."""
        scene = getattr(self.app, "scene", None)
        legend = []
        if scene is not None and line:
            try:
                legend = list(scene.seat_legend(line[-1].state))
            except Exception:  # noqa: BLE001 - a scene that cannot name its seats: numbers
                legend = []
        out = []
        for seat in range(seats):
            name, colour = legend[seat] if seat < len(legend) else (f"Seat {seat + 1}", None)
            out.append((name, tuple(colour) if colour else SEAT_COLOURS[seat % len(SEAT_COLOURS)]))
        return out

    def _draw(self, line) -> None:
        self.line = line
        for np_ in (self.drawn, self.cursor):
            if np_ is not None:
                np_.removeNode()
        self.drawn = self.cursor = None
        series = win_series(line) if self.preview is None else preview_series(line, self.preview)
        if not any(v is not None for s in series for v in s):
            self.dots = []
            self._show(False)
            return
        self.seats = self.seat_lines(line, len(series))
        w = self.width()
        self.frame["frameSize"] = (0, w, 0, HEIGHT)
        segs = LineSegs("flickbook-win-graph")
        segs.setThickness(1.0)
        segs.setColor(0.5, 0.52, 0.56, 1)
        segs.moveTo(0, 0, HEIGHT / 2)
        segs.drawTo(w, 0, HEIGHT / 2)  # even chances
        segs.setThickness(2.0)
        for seat, values in enumerate(series):
            segs.setColor(*self.seats[seat][1])
            started = False
            for i, v in enumerate(values):
                if v is None:
                    started = False
                    continue
                point = (self.x_of(i), 0, 0.008 + v * (HEIGHT - 0.016))
                segs.drawTo(*point) if started else segs.moveTo(*point)
                started = True
        self.drawn = self.frame.attachNewNode(segs.create())
        self.dots = []
        for i in mistakes(line) if self.preview is None else []:
            loss = float(line[i].analysis.get("loss") or 0.0)
            scale = 1.0 if line[i].analysis.get("unit") == "win" else 0.2  # points: 5 = a game
            size = 9.0 + 16.0 * min(1.0, loss * scale * 2.0)
            self.dots.append((i, size))
            half = size / 2 / 360.0  # pixels to aspect2d units at 720 pixels high
            z = 0.008 + self._mover_value(i) * (HEIGHT - 0.016)
            card = CardMaker("flickbook-win-graph-mistake")
            card.setFrame(self.x_of(i) - half, self.x_of(i) + half, z - half, z + half)
            card.setColor(0.95, 0.25, 0.22, 1)
            self.drawn.attachNewNode(card.generate())
        self._show(True)
        self.app.wake()

    def _draw_legend(self, i: int | None) -> None:
        """The seats' names in their line colours, two to a row, above the graph, each with
        its win chance at node `i` (the cursor) where known."""
        self.legend.getChildren().detach()
        win = (self.line[i].analysis or {}).get("win") if i is not None else None
        if win is None and i is not None and self.preview is not None:
            win = self.preview.get(i)
        per_row = 2
        rows = (len(self.seats) + per_row - 1) // per_row
        for seat, (name, colour) in enumerate(self.seats):
            row, col = divmod(seat, per_row)
            text = TextNode(f"flickbook-win-graph-seat-{seat}")
            chance = f" {100 * win[seat]:.0f} %" if win and seat < len(win) else ""
            text.setText(f"\u2014 {name}{chance}")
            text.setTextColor(*colour)
            text.setShadow(0.05, 0.05)
            text.setShadowColor(0, 0, 0, 1)
            node = self.legend.attachNewNode(text)
            node.setScale(LEGEND_SCALE)
            node.setPos(col * WIDTH / per_row, 0,
                        HEIGHT + 0.012 + (rows - 1 - row) * LEGEND_ROW)

    def _mover_value(self, i: int) -> float:
        """Where a mistake's dot sits: on the line of the seat that made the move."""
        line = self.line
        win = line[i].analysis.get("win") or [0.5]
        mover = self.ctl.session.game.current_player(line[i - 1].state) if i > 0 else 0
        return float(win[mover] if 0 <= mover < len(win) else win[0])

    def _draw_cursor(self, node) -> None:
        if not self.shown:
            return
        i = next((k for k, n in enumerate(self.line) if n is node), None)
        self._draw_legend(i)
        if self.cursor is not None:
            self.cursor.removeNode()
            self.cursor = None
        if i is None:
            return
        segs = LineSegs("flickbook-win-graph-cursor")
        segs.setThickness(1.5)
        segs.setColor(1, 1, 1, 0.9)
        segs.moveTo(self.x_of(i), 0, 0)
        segs.drawTo(self.x_of(i), 0, HEIGHT)
        self.cursor = self.frame.attachNewNode(segs.create())

    def _clicked(self, _event) -> None:
        mw = self.app.mouseWatcherNode
        if mw is None or not mw.hasMouse() or not self.line:
            return
        m = mw.getMouse()
        p = self.frame.getRelativePoint(self.app.render2d, (m.x, 0, m.y))
        frac = min(max(p.x / max(self.width(), 1e-6), 0.0), 1.0)
        i = round(frac * (len(self.line) - 1))
        self.ctl.navigation.go_to(self.line[i])
        self.ctl.say(self.describe(i))

    def describe(self, i: int) -> str:
        """The line for node `i` of the graph: its move, each seat's win chance, and the loss
        if any."""
        node = self.line[i]
        a = node.analysis or {}
        seats = self.seats or self.seat_lines(self.line, len(a.get("win") or []))
        win = " / ".join(f"{seats[s][0] if s < len(seats) else f'Seat {s + 1}'} {100 * w:.0f} %"
                         for s, w in enumerate(a.get("win") or []))
        text = f"Ply {i}" + (f" {self.app.scene.action_label(node)}"
                             if node.action is not None else "")
        if win:
            text += f": win {win}"
        if a.get("glyph"):
            unit = "win chance" if a.get("unit") == "win" else "points"
            text += f"; {a['glyph']} loses {a.get('loss') or 0.0:.2f} {unit}"
            if a.get("best") and node.parent is not None:
                text += f", better {better_text(self.ctl.session.game, node.parent.state, a['best'])}"
        return text

    def step_mistake(self, forward: bool) -> None:
        """Go to the next (or previous) mistake of the main line from the cursor; on an
        analysed record without mistakes, to its next (previous) turning point."""
        session = self.ctl.session
        line = session.record.mainline()
        marks, what = mistakes(line), "mistake"
        if not marks and analysed(line):
            marks, what = turning_points(line), "turning point"
            if not marks:
                self.ctl.say(f"No mistakes marked, and no seat's win chance moves by "
                             f"{100 * TURN:.0f} % or more in one step")
                return
        if not marks:
            self.ctl.say("No mistakes marked: analyse the game first (F6 or flickbook analyse)")
            return
        here = next((k for k, n in enumerate(line) if n is session.node), -1 if forward else len(line))
        pick = [i for i in marks if i > here] if forward else [i for i in marks if i < here]
        if not pick:
            self.ctl.say(f"No later {what}" if forward else f"No earlier {what}")
            return
        i = pick[0] if forward else pick[-1]
        self.ctl.navigation.go_to(line[i])
        self.line = line
        prefix = "" if what == "mistake" else "Turning point (no mistakes marked): "
        self.ctl.say(prefix + self.describe(i))
