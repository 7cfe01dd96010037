"""The screen layout: the one owner of the window's 2D regions.

Every box, label row and tray on the screen asks the layout for room (`Request`: its measured
size in pixels and where it belongs); `plan` returns a rectangle for each, the message line's
rectangle and wrapped lines, and the FREE region left to the 3D view. The app offsets the lens
film so the camera target sits in the middle of the free region and fits its named views
(top, seat N) inside it, so no box ever lies over the table: a box that opens makes the view
re-fit instead.

The regions, in window pixels from the top-left corner:

- the side panel (right, full height) and the bottom bar (left of it): fixed, sized by the
  panel from its measured contents;
- the message line: just above the bar, with a backdrop, wrapped to at most `MESSAGE_LINES`
  lines; what does not fit is cut with an ellipsis (the whole text goes to the turn log);
- strips (a hand of cards): full width of the view, stacked up from the message line;
- the left column: boxes stacked down from the top (status lines, puzzle, lesson, F3,
  explorer, set-up tray, a dialog) and up from the bottom (the turn log). When the column is
  too short the boxes that may fold do (to their title line), lowest rank first; then the
  last ones are cut to the room left (they scroll), never drawn over each other;
- the free region: the largest rectangle clear of all of that, judged by how large the
  scene's content (of aspect `content_aspect`) would be drawn in it.

`plan` is pure (no Panda): sizes come in measured, with `measure(text) -> pixels` for the
message line. `ScreenLayout` is the window's side of it: it measures with Panda's fonts,
keeps the requests, re-plans when one changes or the window is resized, and places each box
through the callback it gave.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

#: No text a player needs is drawn smaller than this (pixels high at 1280x720).
MIN_TEXT_PX = 12.0
#: Text scales (aspect2d units: a unit is half the window's height). At 720 pixels high,
#: BODY is 13 px, SMALL 12.2 px: every text a player needs is one of these or larger.
BODY = 0.036
SMALL = 0.034
TITLE = 0.042
#: Space kept at the window's edges and between boxes (pixels).
MARGIN = 8.0
GAP = 6.0
#: The message line wraps to at most this many lines.
MESSAGE_LINES = 2
MESSAGE_SCALE = BODY
#: Inner padding of the message line's backdrop (pixels).
MESSAGE_PAD = 4.0
#: The share of the view's width the left column may take at most.
COLUMN_SHARE = 0.7


@dataclass(frozen=True)
class Rect:
    """A window rectangle in pixels from the top-left corner: x0 <= x1, y0 <= y1."""
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def overlaps(self, other: "Rect", slack: float = 0.5) -> bool:
        """Whether the two share more than `slack` pixels both ways (touching is not)."""
        return (min(self.x1, other.x1) - max(self.x0, other.x0) > slack
                and min(self.y1, other.y1) - max(self.y0, other.y0) > slack)

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def inside(self, other: "Rect", slack: float = 0.5) -> bool:
        return (self.x0 >= other.x0 - slack and self.y0 >= other.y0 - slack
                and self.x1 <= other.x1 + slack and self.y1 <= other.y1 + slack)

    def as_list(self) -> list[float]:
        return [round(self.x0, 1), round(self.y0, 1), round(self.x1, 1), round(self.y1, 1)]


@dataclass(frozen=True)
class Request:
    """Room a box asks for: `w` x `h` pixels (measured), `where` it belongs: "top" (the left
    column, from the top), "bottom" (the left column, from the message line up) or "strip"
    (the view's whole width, above the message line). `order`: its place in its stack (lower
    nearer the edge). `folded_h`: its height folded to its title, None if it cannot fold;
    `rank`: the lower, the sooner it folds. "modal": a dialog, centred over everything while
    the game behind it is shaded and takes no input."""
    name: str
    w: float
    h: float
    where: str = "top"
    order: int = 50
    folded_h: float | None = None
    rank: int = 0
    wide: bool = False  # may take the view's whole width (the status lines), not a column's


@dataclass
class Plan:
    window: tuple[int, int]
    free: Rect
    boxes: dict[str, Rect] = field(default_factory=dict)
    folded: set[str] = field(default_factory=set)
    cut: set[str] = field(default_factory=set)  # boxes given less than they asked (scroll)
    hidden: set[str] = field(default_factory=set)  # no room at all
    modal: set[str] = field(default_factory=set)  # over everything (the game takes no input)
    side: Rect | None = None
    bar: Rect | None = None
    message: Rect | None = None  # the message line's backdrop (None: no message line)
    message_lines: list[str] = field(default_factory=list)
    message_cut: bool = False  # the text did not fit in MESSAGE_LINES lines
    area: Rect | None = None  # the view's whole part of the window (left of the side panel,
    # above the message line and the strips); the boxes of the left column lie in it
    obstacles: list[Rect] = field(default_factory=list)  # those boxes

    @property
    def view(self) -> Rect:
        """The window's part the side panel and the bar leave the 3D view (its boxes lie in
        it, over the view)."""
        w, h = self.window
        return Rect(0, 0, self.side.x0 if self.side is not None else w,
                    self.bar.y0 if self.bar is not None else h)

    def fit_key(self) -> tuple:
        """What a fitted camera depends on."""
        return self.window, self.free, self.area, tuple(self.obstacles)

    def probe(self) -> dict:
        """What the window's probe reports (viewer.probe: key "layout")."""
        boxes = {name: r.as_list() for name, r in self.boxes.items()}
        if self.side is not None:
            boxes["side_panel"] = self.side.as_list()
        if self.bar is not None:
            boxes["bar"] = self.bar.as_list()
        if self.message is not None and self.message_lines:
            boxes["message"] = self.message.as_list()
        return {"free": self.free.as_list(), "boxes": boxes,
                "message_lines": len(self.message_lines), "folded": sorted(self.folded),
                "cut": sorted(self.cut), "modal": sorted(self.modal)}


def rough_measure(px: float) -> Callable[[str], float]:
    """A font-free width estimate (half the text height a character) for tests."""
    return lambda text: len(text) * px * 0.5


def wrap(text: str, width: float, measure: Callable[[str], float],
         max_lines: int) -> tuple[list[str], bool]:
    """`text` broken at spaces into lines at most `width` pixels wide (a word longer than a
    line is broken inside), at most `max_lines` of them; the last is cut with an ellipsis when
    the text goes on. Returns (lines, whether it was cut)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            candidate = word if not line else line + " " + word
            if measure(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while measure(word) > width and len(word) > 1:  # a word wider than the line
                k = len(word)
                while k > 1 and measure(word[:k]) > width:
                    k -= 1
                lines.append(word[:k])
                word = word[k:]
            line = word
        lines.append(line)
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) <= max_lines:
        return lines, False
    kept = lines[:max_lines]
    last = kept[-1]
    while last and measure(last + " …") > width:
        last = last[:-1]
    kept[-1] = last.rstrip() + " …"
    return kept, True


def plan(window: tuple[int, int], *, side_w: float = 0.0, bar_h: float = 0.0,
         requests=(), message: str | None = None, measure: Callable[[str], float] | None = None,
         line_px: float | None = None, content_aspect: float = 1.4) -> Plan:
    """Lay out the window (see the module's words). `message`: None for a window without a
    message line (an offscreen render), else its text ("" keeps its room). `line_px`: the
    message line's line height in pixels (default MESSAGE_SCALE of the window's height)."""
    W, H = float(window[0]), float(window[1])
    unit = H / 2  # pixels per aspect2d unit
    side_w = min(max(side_w, 0.0), W * 0.5)
    bar_h = min(max(bar_h, 0.0), H * 0.5)
    out = Plan(window=(int(W), int(H)), free=Rect(0, 0, W, H))
    if side_w > 0:
        out.side = Rect(W - side_w, 0, W, H)
    view_x1 = W - side_w
    if bar_h > 0:
        out.bar = Rect(0, H - bar_h, view_x1, H)
    bottom = H - bar_h  # the lowest pixel row the view and the boxes may use
    obstacles: list[Rect] = []
    if message is not None:
        line_px = line_px if line_px is not None else MESSAGE_SCALE * unit * 1.2
        measure = measure or rough_measure(MESSAGE_SCALE * unit)
        room = Rect(MARGIN, bottom - GAP - MESSAGE_LINES * line_px - 2 * MESSAGE_PAD,
                    view_x1 - MARGIN, bottom - GAP)
        lines, cut = wrap(message, room.w - 2 * MESSAGE_PAD, measure, MESSAGE_LINES)
        out.message_lines, out.message_cut = lines, cut
        out.message = room
        obstacles.append(room)
        bottom = room.y0
    requests = list(requests)
    # strips: the view's whole width, stacked up from the message line
    for r in sorted((q for q in requests if q.where == "strip"), key=lambda q: q.order):
        h = min(r.h, max(bottom - GAP - MARGIN, 0.0))
        if h <= 0:
            out.hidden.add(r.name)
            continue
        rect = Rect(MARGIN, bottom - GAP - h, view_x1 - MARGIN, bottom - GAP)
        if h < r.h:
            out.cut.add(r.name)
        out.boxes[r.name] = rect
        obstacles.append(rect)
        bottom = rect.y0
    # the left column: stacked from the top and from the bottom
    top_items = sorted((q for q in requests if q.where == "top"), key=lambda q: q.order)
    low_items = sorted((q for q in requests if q.where == "bottom"), key=lambda q: q.order)
    col_w = max((view_x1 - 2 * MARGIN) * COLUMN_SHARE, 0.0)
    room = bottom - GAP - MARGIN  # the column's height
    items = top_items + low_items
    heights = {q.name: q.h for q in items}

    def need() -> float:
        shown = [n for n in heights if heights[n] > 0]
        return sum(heights[n] for n in shown) + GAP * max(len(shown) - 1, 0)

    if need() > room:  # fold what may fold, lowest rank first
        for q in sorted((q for q in items if q.folded_h is not None), key=lambda q: q.rank):
            heights[q.name] = min(q.folded_h, q.h)
            out.folded.add(q.name)
            if need() <= room:
                break
    if need() > room:  # cut the last boxes of the top stack, then the bottom one, to the room left
        for q in reversed(top_items) if top_items else ():
            excess = need() - room
            if excess <= 0:
                break
            floor = min(q.folded_h if q.folded_h is not None else q.h, heights[q.name])
            new = max(heights[q.name] - excess, floor if floor < heights[q.name] else 0.0)
            if new < heights[q.name]:
                heights[q.name] = new
                out.cut.add(q.name)
        for q in items:
            excess = need() - room
            if excess <= 0:
                break
            heights[q.name] = max(heights[q.name] - excess, 0.0)
            out.cut.add(q.name)
    y = MARGIN
    for q in top_items:
        h = heights[q.name]
        if h <= 0:
            out.hidden.add(q.name)
            continue
        rect = Rect(MARGIN, y, MARGIN + min(q.w, view_x1 - 2 * MARGIN if q.wide else col_w), y + h)
        out.boxes[q.name] = rect
        obstacles.append(rect)
        y = rect.y1 + GAP
    y = bottom - GAP
    for q in low_items:
        h = heights[q.name]
        if h <= 0:
            out.hidden.add(q.name)
            continue
        rect = Rect(MARGIN, y - h, MARGIN + min(q.w, col_w), y)
        out.boxes[q.name] = rect
        obstacles.append(rect)
        y = rect.y0 - GAP
    # modal boxes (a dialog): centred in the window over everything, the game shaded behind
    for r in (q for q in requests if q.where == "modal"):
        w, h = min(r.w, W - 2 * MARGIN), min(r.h, H - 2 * MARGIN)
        out.boxes[r.name] = Rect((W - w) / 2, (H - h) / 2, (W + w) / 2, (H + h) / 2)
        out.modal.add(r.name)
    out.area = Rect(0, 0, view_x1, bottom)
    out.obstacles = [out.boxes[q.name] for q in items if q.name in out.boxes]
    out.free = _free_region(out.area, out.obstacles, content_aspect)
    return out


#: Free rectangles that would draw the content within this share of the largest are as good:
#: of those the one with the most room is taken. The content's aspect is its top view's (a
#: round Glonk table: 1), while a pitched camera shows it wider than high, so a narrow
#: rectangle seems to draw it up to several per cent larger than it does: without the margin
#: the table jumped into the right half of the window, beside an empty left half, whenever a
#: message line and a best shot's status lines appeared, and back when they went.
FREE_SIZE_TOLERANCE = 0.10


def _free_region(area: Rect, obstacles: list[Rect], aspect: float) -> Rect:
    """The rectangle of `area` clear of `obstacles` (by GAP) in which content `aspect` wide to
    one high would be drawn largest, within FREE_SIZE_TOLERANCE; of those the largest."""
    grown = [Rect(o.x0 - GAP, o.y0 - GAP, o.x1 + GAP, o.y1 + GAP) for o in obstacles]
    grown = [o for o in grown if o.overlaps(area)]
    xs0 = sorted({area.x0} | {o.x1 for o in grown if area.x0 < o.x1 < area.x1})
    xs1 = sorted({area.x1} | {o.x0 for o in grown if area.x0 < o.x0 < area.x1})
    ys0 = sorted({area.y0} | {o.y1 for o in grown if area.y0 < o.y1 < area.y1})
    ys1 = sorted({area.y1} | {o.y0 for o in grown if area.y0 < o.y0 < area.y1})
    clear = []
    for x0 in xs0:
        for x1 in xs1:
            if x1 - x0 < 1:
                continue
            for y0 in ys0:
                for y1 in ys1:
                    if y1 - y0 < 1:
                        continue
                    r = Rect(x0, y0, x1, y1)
                    if not any(r.overlaps(o, 0.0) for o in grown):
                        clear.append((min(r.w, r.h * aspect), r.w * r.h, r))
    if not clear:
        return Rect(area.x0, area.y0, area.x0 + 1, area.y0 + 1)
    largest = max(size for size, _, _ in clear)
    good = [(room, size, r) for size, room, r in clear
            if size >= largest * (1 - FREE_SIZE_TOLERANCE)]
    return max(good, key=lambda g: (g[0], g[1]))[2]


# --- the window's side --------------------------------------------------------------------------
def text_height(text: str, scale: float, width: float | None = None) -> float:
    """Height (aspect2d units) of `text` drawn at `scale` in the default font, wrapped at
    `width` aspect2d units (None: not wrapped): its rows times the font's line height."""
    from panda3d.core import TextNode

    tn = TextNode("layout-measure-rows")
    if width is not None:
        tn.setWordwrap(width / scale)
    tn.setText(text or " ")
    return max(tn.getNumRows(), 1) * tn.getLineHeight() * scale


def text_width(text: str, scale: float) -> float:
    from panda3d.core import TextNode

    return TextNode("layout-measure-width").calcWidth(text) * scale


class Stack:
    """Labels stacked down a box (its top-left corner is (0, 0), z down), each measured:
    `add(label, text, scale, width)` sets its text and places it under the last one;
    `height` is how far down the stack reaches."""

    def __init__(self, left: float = 0.03, top: float = 0.02, gap: float = 0.012):
        self.left, self.z, self.gap = left, -top, gap

    def add(self, label, text: str, scale: float, width: float | None, gap: float | None = None) -> None:
        label["text"] = text
        if width is not None:
            label["text_wordwrap"] = width / scale
        if not text:
            label.hide()
            return
        label.show()
        h = text_height(text, scale, width)
        label.setPos(self.left, 0, self.z - scale * 0.8)  # its first baseline under the top
        self.z -= h + (self.gap if gap is None else gap)

    @property
    def height(self) -> float:
        return -self.z


def box_origin(box, height: int) -> tuple[float, float]:
    """(x, z) in a2dTopLeft units of the top-left corner of a layout box given in pixels (as
    the probe reports it) in a window `height` pixels high (tests that click in a box)."""
    u = height / 2.0
    return box[0] / u, -box[1] / u
class ScreenLayout:
    """The window's layout: requests by name, each with the callback that places its box
    (`place(rect, folded)`, rect in pixels); `replan` lays them out and tells the app the free
    region (`app.use_free_region`). Sizes are given in aspect2d units or pixels."""

    def __init__(self, app):
        self.app = app
        self.requests: dict[str, Request] = {}  # as asked (units or pixels: _in_units)
        self._in_units: dict[str, bool] = {}
        self.placers: dict[str, Callable] = {}
        self.side_w = 0.0  # aspect2d units
        self.bar_h = 0.0
        self.message: str | None = None  # None: no message line (an offscreen render)
        self.on_message: Callable | None = None  # the panel's: (rect, lines) -> None
        self.plan: Plan | None = None
        self._placed: dict[str, tuple] = {}
        self._measure_node = None
        self.content_aspect = 1.4
        self.replans = 0
        #: The window's mode now (viewer.modes), told by the controller: a box asked for
        #: some modes only (`request(modes=...)`) is laid out in those and released in others.
        self.mode = "play"
        self._modes: dict[str, frozenset] = {}

    # units <-> pixels (aspect2d: a unit is half the window's height)
    def unit(self) -> float:
        return self.window()[1] / 2.0

    def window(self) -> tuple[int, int]:
        win = getattr(self.app, "win", None)
        if win is not None and win.getXSize() > 0:
            return int(win.getXSize()), int(win.getYSize())
        return tuple(int(v) for v in self.app.size)

    def to_px(self, units: float) -> float:
        return units * self.unit()

    def put(self, frame, rect: Rect | None, width: float | None = None) -> bool:
        """Put a box's frame (a child of a2dTopLeft) where the layout placed it: hidden when
        it got no room (`rect` None); with `width`, its frame sized to the room's height.
        True when it is shown."""
        if frame is None:
            return False
        if rect is None:
            frame.hide()
            return False
        x, z = self.top_left(rect)
        frame.setPos(x, 0, z)
        if width is not None:
            frame["frameSize"] = (0, width, -rect.h / self.unit(), 0)
        frame.show()
        return True

    def top_left(self, rect: Rect) -> tuple[float, float]:
        """(x, z) of the rectangle's top-left corner in a2dTopLeft units."""
        u = self.unit()
        return rect.x0 / u, -rect.y0 / u

    def measure(self, text: str, scale: float = MESSAGE_SCALE) -> float:
        """Width in pixels of `text` drawn at `scale` in the default font."""
        if self._measure_node is None:
            from panda3d.core import TextNode

            self._measure_node = TextNode("layout-measure")
        return self._measure_node.calcWidth(text) * scale * self.unit()

    # requests
    def request(self, name: str, w: float, h: float, place: Callable, *, where: str = "top",
                order: int = 50, folded_h: float | None = None, rank: int = 0,
                units: bool = True, replan: bool = True, wide: bool = False,
                modes=None) -> None:
        """Ask for a `w` x `h` box (aspect2d units, or pixels with units=False). `modes`: the
        window's modes the box belongs to (None: every mode); in any other its room is given
        back and its placer told it has none, until the window is in one of them again."""
        # kept as asked: sizes in aspect2d units grow with the window's height (a resize)
        req = Request(name, w, h, where, order, folded_h, rank, wide)
        self.placers[name] = place
        kept = self._modes.get(name)
        if modes is None:
            self._modes.pop(name, None)
        else:
            self._modes[name] = frozenset(modes)
        if (self.requests.get(name) == req and self._in_units.get(name) == units
                and kept == self._modes.get(name)):
            return
        self.requests[name] = req
        self._in_units[name] = units
        if replan:
            self.replan()

    def set_mode(self, mode: str) -> None:
        """The window's mode changed: the boxes of other modes give their room back."""
        if mode != self.mode:
            self.mode = mode
            if any(mode not in modes or self.plan is None or name not in self.plan.boxes
                   for name, modes in self._modes.items()):
                self.replan()

    def in_mode(self, name: str) -> bool:
        """Whether the box `name` belongs to the window's mode now."""
        modes = self._modes.get(name)
        return modes is None or self.mode in modes

    def release(self, name: str, replan: bool = True) -> None:
        self.placers.pop(name, None)
        self._in_units.pop(name, None)
        self._modes.pop(name, None)
        self._placed.pop(name, None)
        if self.requests.pop(name, None) is not None and replan:
            self.replan()

    def set_fixed(self, side_w: float, bar_h: float) -> None:
        """The side panel's width and the bar's height (aspect2d units)."""
        if (side_w, bar_h) != (self.side_w, self.bar_h):
            self.side_w, self.bar_h = side_w, bar_h
            self.replan()

    def set_message(self, text: str) -> None:
        if text != self.message:
            self.message = text
            self._tell_message()

    def pixel_requests(self) -> list[Request]:
        """The requests in pixels at the window's size now."""
        u = self.unit()
        out = []
        for name, q in self.requests.items():
            if not self.in_mode(name):
                continue
            k = u if self._in_units.get(name, True) else 1.0
            out.append(Request(q.name, q.w * k, q.h * k, q.where, q.order,
                               None if q.folded_h is None else q.folded_h * k, q.rank, q.wide))
        return out

    def _compute(self) -> Plan:
        u = self.unit()
        return plan(self.window(), side_w=self.side_w * u, bar_h=self.bar_h * u,
                    requests=self.pixel_requests(), message=self.message,
                    measure=self.measure, line_px=MESSAGE_SCALE * u * 1.2,
                    content_aspect=self.content_aspect)

    def replan(self) -> Plan:
        """Lay the window out again and place what moved. A request made while placing (a
        box that measures itself again) is laid out right after, not inside."""
        if self._planning:
            self._again = True
            return self.plan
        self._planning = True
        try:
            for _ in range(4):
                self._again = False
                self._replan_once()
                if not self._again:
                    break
        finally:
            self._planning = False
        return self.plan

    _planning = False
    _again = False

    def _replan_once(self) -> Plan:
        old = self.plan
        self.plan = new = self._compute()
        self.replans += 1
        self.previous = old
        for name, rect in new.boxes.items():
            key = (rect, name in new.folded, name in new.cut)
            if self._placed.get(name) != key and name in self.placers:
                self._placed[name] = key
                self.placers[name](rect, name in new.folded)
        for name in new.hidden | {n for n in self.requests if not self.in_mode(n)}:
            if self._placed.get(name) != "hidden" and name in self.placers:
                self._placed[name] = "hidden"
                self.placers[name](None, True)
        self._tell_message()
        if old is None or old.fit_key() != new.fit_key():
            use = getattr(self.app, "use_layout", None)
            if use is not None:
                use(old, new)
        return new

    previous: Plan | None = None

    def _tell_message(self) -> None:
        if self.plan is None or self.on_message is None:
            return
        if self.message is not None and self.plan.message is not None:
            lines, cut = wrap(self.message, self.plan.message.w - 2 * MESSAGE_PAD, self.measure,
                              MESSAGE_LINES)
            self.plan.message_lines, self.plan.message_cut = lines, cut
        self.on_message(self.plan.message, self.plan.message_lines, self.plan.message_cut)

    def free(self) -> Rect:
        if self.plan is None or self.plan.window != self.window():
            self.replan()
        return self.plan.free

    def box(self, name: str) -> Rect | None:
        return None if self.plan is None else self.plan.boxes.get(name)

    def probe(self) -> dict:
        return (self.plan or self.replan()).probe()
