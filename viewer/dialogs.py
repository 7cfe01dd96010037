"""Modal overlays drawn with DirectGUI: the F1 help, the file dialog and a yes/no question."""
from __future__ import annotations

import os
from pathlib import Path

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectEntry, DirectFrame, DirectLabel
from panda3d.core import TextNode

from viewer.keyfocus import frame_count, hand_back_keys  # noqa: F401 - frame_count: the controller's
from viewer.panel import BTN, BTN_HOT, DIM, TEXT, _button

SHADE = (0.0, 0.0, 0.0, 0.55)
BOX = (0.12, 0.13, 0.16, 0.97)


class Overlay:
    """A full-window shade with a centred box; `close()` removes it and calls `on_close`."""

    def __init__(self, app, w: float, h: float, on_close=None):
        self.app = app
        self.on_close = on_close
        self.shade = DirectFrame(parent=app.aspect2d, frameColor=SHADE, state=DGG.NORMAL,
                                 frameSize=(-4, 4, -2, 2), sortOrder=100)
        self.box = DirectFrame(parent=self.shade, frameColor=BOX, frameSize=(-w / 2, w / 2, -h / 2, h / 2))
        self.closed = False
        self.size = (w, h)
        # the layout places it (viewer.layout: a modal box, centred over the shaded window)
        app.screen.request("dialog", w, h, self._place, where="modal")

    def _place(self, rect, _folded) -> None:
        if self.closed or rect is None:
            return
        x, y = rect.centre
        W, H = self.app.screen.window()
        u = self.app.screen.unit()
        self.box.setPos((x - W / 2) / u, 0, (H / 2 - y) / u)

    def close(self, *_):
        if not self.closed:
            self.closed = True
            self.app.screen.release("dialog")
            self.shade.destroy()
            if self.on_close:
                self.on_close()


class HelpOverlay(Overlay):
    """The keys and mouse gestures of one mode, in columns that never overlap (F1 or Esc
    closes it): long descriptions wrap inside their column; when two columns cannot hold every
    line a third is opened, and when three cannot, the lines go on further pages (PgDn / PgUp
    or the buttons) rather than shrinking: every line is drawn at 12 px or more at 1280x720.
    `boxes` keeps each label's rectangle on the page shown (box units)."""

    W, H = 2.9, 1.78
    TOP, BOTTOM = 0.66, -0.62  # where the lines may go (the title above, the buttons below)
    COLUMNS = 2
    KEY_W = 0.46  # the keys' part of a column
    READABLE = 0.034  # text scale of a 12 px line at 720 px (viewer.layout.SMALL)

    def __init__(self, app, lines: list[tuple[str, str]], on_close=None, title="Flickbook controls"):
        super().__init__(app, self.W, self.H, on_close)
        self.lines = list(lines)
        self.boxes: list[tuple[float, float, float, float]] = []
        self.labels: list = []  # the DirectLabels of the page shown (tests measure their bounds)
        self.title = DirectLabel(parent=self.box, text=title, text_scale=0.06, text_fg=TEXT,
                                 frameColor=(0, 0, 0, 0), pos=(0, 0, 0.78))
        self.scale = self.READABLE
        self.columns, self.key_w = self.COLUMNS, self.KEY_W
        if len(self._placed(self.lines)) < len(self.lines):
            self.columns, self.key_w = self.COLUMNS + 1, self.KEY_W * 0.8
        self.pages: list[list[tuple[str, str]]] = []
        rest = self.lines
        while rest:
            n = max(len(self._placed(rest)), 1)
            self.pages.append(rest[:n])
            rest = rest[n:]
        self.pages = self.pages or [[]]
        self.page = 0
        self.page_label = DirectLabel(parent=self.box, text="", text_scale=self.READABLE,
                                      text_fg=DIM, frameColor=(0, 0, 0, 0), pos=(0, 0, -0.70))
        if len(self.pages) > 1:
            _button(self.box, "< Page (PgUp)", lambda: self.turn(-1), (-0.95, 0, -0.8), width=0.42)
            _button(self.box, "Page (PgDn) >", lambda: self.turn(1), (0.95, 0, -0.8), width=0.42)
        self._show_page()
        _button(self.box, "Close (F1)", self.close, (0, 0, -0.8), width=0.3)

    def turn(self, pages: int) -> None:
        """Show the page `pages` on (or back), round the ends."""
        if len(self.pages) > 1 and not self.closed:
            self.page = (self.page + pages) % len(self.pages)
            self._show_page()

    def _show_page(self) -> None:
        for label in self.labels:
            label.destroy()
        self.labels, self.boxes = [], []
        self._draw(self._placed(self.pages[self.page]))
        self.page_label["text"] = (f"Page {self.page + 1} of {len(self.pages)}: PgDn for the "
                                   "next" if len(self.pages) > 1 else "")

    def _placed(self, lines) -> list:
        """Where the first lines of `lines` go, as many as fit on one page."""
        scale = self.scale
        col_w = (self.W - 0.12) / self.columns
        wrap = (col_w - self.key_w - 0.04) / scale  # in ems of the label's text
        line_h = scale * 1.2
        col, y = 0, self.TOP
        placed = []
        for keys, what in lines:
            tn = TextNode("measure")
            tn.setWordwrap(wrap)
            tn.setText(what)
            rows = max(tn.getNumRows(), 1)
            tk = TextNode("measure-keys")
            tk.setWordwrap((self.key_w - 0.03) / scale)
            tk.setText(keys)
            rows = max(rows, tk.getNumRows())
            h = rows * line_h
            if y - h < self.BOTTOM:
                col, y = col + 1, self.TOP
                if col >= self.columns:
                    break
            x = -self.W / 2 + 0.06 + col * col_w
            placed.append((x, y, keys, what, h, wrap, col_w))
            y -= h + scale * 0.3
        return placed

    def _draw(self, placed) -> None:
        scale = self.scale
        for x, y, keys, what, h, wrap, col_w in placed:
            top = y - scale * 0.85  # a label's baseline sits one ascent below its top
            self.labels.append(DirectLabel(
                parent=self.box, text=keys, text_scale=scale, text_fg=(0.98, 0.8, 0.4, 1),
                frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(x, 0, top),
                text_wordwrap=(self.key_w - 0.03) / scale))
            self.labels.append(DirectLabel(
                parent=self.box, text=what, text_scale=scale, text_fg=TEXT,
                frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                pos=(x + self.key_w, 0, top), text_wordwrap=wrap))
            self.boxes.append((x, y - h, x + col_w - 0.02, y))


def text_ems(text: str) -> float:
    """How wide `text` is drawn in the buttons' font, in ems (units of its text scale)."""
    from direct.gui import DirectGuiGlobals as DGG

    node = TextNode("measure")
    font = DGG.getDefaultFont()
    if font is not None:
        node.setFont(font)
    return node.calcWidth(text)


def fit_words(title: str, ems: float) -> str:
    """A Learn entry's words shortened to `ems` wide: the title is cut with "..." and its
    facts in brackets ("(puzzle, 2 AP, unique, done)") are kept whole, so a teacher's long
    title no longer runs out of its button over the next column."""
    if text_ems(title) <= ems:
        return title
    name, facts = (title[:title.rindex(" (")], title[title.rindex(" ("):]) if (
        title.endswith(")") and " (" in title) else (title, "")
    if text_ems("..." + facts) > ems:
        name, facts = title, ""
    words = name.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(",:;") + "..." + facts
        if text_ems(shorter) <= ems:
            return shorter
    cut = name
    while cut and text_ems(cut + "..." + facts) > ems:
        cut = cut[:-1]
    return cut + "..." + facts


class LearnOverlay(Overlay):
    """What there is to learn, on shelves chosen by the tabs along the top (the files of every
    game, the courses with their progress, the items due for review), one button each under
    its heading; a click opens it (`on_pick(path)` returns None, or why it could not)."""

    W, H = 2.4, 1.78
    ROW = 0.072
    TAB_Y = 0.66
    PROGRESS = "Your progress"  # the dashboard's tab

    def __init__(self, app, entries: list[tuple[str, str, Path]], on_pick, on_close=None,
                 shelves: dict[str, list[tuple[str, str, Path]]] | None = None, note: str = "",
                 dashboard=None):
        super().__init__(app, self.W, self.H, on_close)
        self.shelves = dict(shelves) if shelves else {"Files": list(entries)}
        self.dashboard = dashboard  # analysis.lessons.progress.Dashboard, or None (no database)
        if dashboard is not None:
            self.shelves[self.PROGRESS] = []
        self.on_pick = on_pick
        self.note = note
        self.entries: list[tuple[str, str, Path]] = []
        self.buttons: dict[Path, DirectButton] = {}
        self.tabs: dict[str, DirectButton] = {}
        self._drawn: list = []
        DirectLabel(parent=self.box, text="Learn: tutorials, puzzles, lessons and courses",
                    text_scale=0.06, text_fg=TEXT, frameColor=(0, 0, 0, 0), pos=(0, 0, 0.78))
        if len(self.shelves) > 1:
            tab_w = min(0.5, (self.W - 0.12) / len(self.shelves) - 0.04)
            x0 = -(len(self.shelves) - 1) * (tab_w + 0.04) / 2
            for k, name in enumerate(self.shelves):
                self.tabs[name] = _button(self.box, name, lambda n=name: self.show_shelf(n),
                                          (x0 + k * (tab_w + 0.04), 0, self.TAB_Y),
                                          width=tab_w, height=0.064, scale=0.034)
        self.message = DirectLabel(parent=self.box, text="", text_scale=0.034, text_fg=DIM,
                                   frameColor=(0, 0, 0, 0), pos=(0, 0, -0.70))
        _button(self.box, "Close (Esc)", self.close, (0, 0, -0.8), width=0.3)
        self.shelf = next(iter(self.shelves))
        self.show_shelf(self.shelf)

    def show_shelf(self, name: str) -> None:
        """Fill the box with one shelf's entries (the tab of the shelf shown is lit)."""
        for widget in self._drawn:
            widget.destroy()
        self._drawn, self.buttons = [], {}
        self.shelf = name
        self.entries = list(self.shelves[name])
        for tab_name, tab in self.tabs.items():
            lit = (0.62, 0.44, 0.12, 1) if tab_name == name else BTN
            tab["frameColor"] = (lit, BTN_HOT, BTN_HOT, lit)
        top = 0.56 if self.tabs else 0.62
        self.message["text"] = ""
        if name == self.PROGRESS:
            self._drawn = draw_dashboard(self.box, self.dashboard, (-self.W / 2 + 0.08,
                                         self.W / 2 - 0.08, -0.62, top))
            return
        rows = max(1, int((0.66 + top) / self.ROW))
        slots = self._slots(rows)
        col_w = (self.W - 0.12) / max(2, slots[-1][0] // rows + 1 if slots else 1)
        for i, (heading, title, path) in slots:
            x, y = self._cell(i, rows, col_w)
            y -= 0.62 - top
            if path is None:  # a heading
                self._drawn.append(DirectLabel(
                    parent=self.box, text=heading, text_scale=0.04, text_fg=(0.98, 0.8, 0.4, 1),
                    frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(x, 0, y - 0.012)))
                continue
            words = fit_words(title, (col_w - 0.12) / 0.034)
            button = _button(self.box, words, lambda p=path: self._pick(p),
                             (x + col_w / 2 - 0.03, 0, y), width=col_w - 0.08,
                             height=self.ROW - 0.012, scale=0.034)
            self.buttons[path] = button
            self._drawn.append(button)
        if not self.entries:
            self._drawn.append(DirectLabel(
                parent=self.box, text=self.note or "Nothing here yet", text_scale=0.04,
                text_fg=DIM, frameColor=(0, 0, 0, 0), pos=(0, 0, 0.2), text_wordwrap=50))
        self.message["text"] = ""

    def _slots(self, rows: int) -> list[tuple[int, tuple]]:
        """(slot index, (heading, title, path)) down the columns; a heading (path None) starts
        each game's group after a blank row, or at the top of the next column when the group
        would not fit in what is left of this one (and would in a fresh one)."""
        sizes: dict[str, int] = {}
        for heading, _, _ in self.entries:
            sizes[heading] = sizes.get(heading, 0) + 1
        out, i, section = [], 0, None
        for heading, title, path in self.entries:
            if heading != section:
                if i % rows:
                    left = rows - i % rows - 1  # after the blank row
                    fresh = sizes[heading] + 1 <= rows
                    i += rows - i % rows if (left < sizes[heading] + 1 and fresh) or left < 2 else 1
                section = heading
                out.append((i, (heading, heading, None)))
                i += 1
            out.append((i, (heading, title, path)))
            i += 1
        return out

    def _cell(self, i: int, rows: int, col_w: float) -> tuple[float, float]:
        col, row = divmod(i, rows)
        return -self.W / 2 + 0.06 + col * col_w, 0.62 - row * self.ROW

    def probe(self, size) -> dict:
        """For tests that click as a person would: the shelf shown, and the window pixel at
        the middle of each tab and of each entry's button, with the entries' words."""
        from panda3d.core import Point3

        def centre(widget):  # the middle of the button's frame (a PGItem draws no nodes)
            l, r, b, t = widget.guiItem.getFrame()
            p = self.app.render2d.getRelativePoint(widget, Point3((l + r) / 2, 0, (b + t) / 2))
            w, h = size
            return [round((p.x + 1) / 2 * w, 1), round((1 - p.z) / 2 * h, 1)]

        return {"shelf": self.shelf, "tabs": {name: centre(b) for name, b in self.tabs.items()},
                "entries": [[heading, title, centre(self.buttons[path])]
                            for heading, title, path in self.entries if path in self.buttons],
                "message": self.message["text"]}

    def _pick(self, path: Path) -> None:
        problem = self.on_pick(path)
        if problem is None:
            self.close()
        else:
            self.message["text"] = problem


def draw_dashboard(parent, board, area) -> list:
    """The student's dashboard in `area` (left, right, bottom, top of `parent`): the rating and
    its change, a line plot of its history over days with labelled axes, each course's chapters
    solved / failed / due, and the three themes failed most. Returns what it drew."""
    from panda3d.core import LineSegs

    from viewer.layout import SMALL

    left, right, bottom, top = area
    mid = (left + right) / 2 - 0.1
    drawn = []

    def label(text, x, y, scale=SMALL, fg=TEXT, align=TextNode.ALeft, wrap=None):
        drawn.append(DirectLabel(parent=parent, text=text, text_scale=scale, text_fg=fg,
                                 frameColor=(0, 0, 0, 0), text_align=align, pos=(x, 0, y),
                                 text_wordwrap=wrap))
        drawn[-1].setName("dashboard-text")
        return drawn[-1]

    head = (0.98, 0.8, 0.4, 1)
    if board.rating is None:
        label("Rating: not kept yet", left, top - 0.07, 0.05, head)
    else:
        label(f"Rating {board.rating:.0f}", left, top - 0.07, 0.06, head)
        if board.history:
            words = f"{board.change or 0:+.0f} over the last 7 days, {board.attempts} tries"
        else:
            words = "solve a puzzle on its first try to be rated"
        label(words, left, top - 0.14, SMALL, DIM)
    # the history: rating against day, from the first rated day to the last
    plot = (left + 0.2, mid - 0.06, bottom + 0.16, top - 0.24)  # l, r, b, t
    frame = DirectFrame(parent=parent, frameColor=(0.07, 0.08, 0.1, 1),
                        frameSize=(plot[0], plot[1], plot[2], plot[3]))
    frame.setName("dashboard-plot")
    drawn.append(frame)
    history = board.history
    if history:
        values = [r for _, r in history]
        lo, hi = min(values), max(values)
        pad = max(20.0, (hi - lo) * 0.15)
        lo, hi = lo - pad, hi + pad
        first, last = history[0][0], history[-1][0]
        span = max(1, (last - first).days)

        def at(day, rating):
            x = plot[0] + 0.03 + (plot[1] - plot[0] - 0.06) * ((day - first).days / span
                                                              if len(history) > 1 else 0.5)
            return x, plot[2] + (plot[3] - plot[2]) * (rating - lo) / (hi - lo)

        lines = LineSegs("rating-history")
        lines.setThickness(2.0)
        lines.setColor(0.98, 0.7, 0.25, 1)
        for k, (day, rating) in enumerate(history):
            x, z = at(day, rating)
            (lines.moveTo if k == 0 else lines.drawTo)(x, 0, z)
        dots = LineSegs("rating-days")
        dots.setThickness(6.0)
        dots.setColor(1, 0.85, 0.5, 1)
        for day, rating in history:
            x, z = at(day, rating)
            dots.moveTo(x, 0, z)
            dots.drawTo(x + 0.001, 0, z)
        for segs in (lines, dots):
            drawn.append(frame.attachNewNode(segs.create()))
        for value, z in ((hi, plot[3]), (lo, plot[2])):  # the rating axis: its two ends
            label(f"{value:.0f}", plot[0] - 0.02, z - SMALL * 0.35, align=TextNode.ARight)
        label(f"{first:%d %b}", plot[0], plot[2] - 0.06)  # the day axis: first and last day
        if last != first:
            label(f"{last:%d %b}", plot[1], plot[2] - 0.06, align=TextNode.ARight)
        label("rating by day", (plot[0] + plot[1]) / 2, plot[2] - 0.06, fg=DIM,
              align=TextNode.ACenter)
    else:
        label("Your rating's history shows here", (plot[0] + plot[1]) / 2,
              (plot[2] + plot[3]) / 2, fg=DIM, align=TextNode.ACenter)
    # the courses and the themes, on the right
    x = mid + 0.06
    wrap = (right - x) / SMALL
    y = top - 0.07
    label("Courses: chapters solved / failed / due", x, y, 0.04, head)
    y -= 0.08
    for course in board.courses:
        label(fit_words(course.title, wrap * 0.95), x, y)
        label(f"{course.solved}/{course.chapters} solved, {course.failed} failed, "
              f"{course.due} due", x + 0.04, y - 0.05, fg=DIM)
        y -= 0.12
    if not board.courses:
        label("No course in your library yet", x, y, fg=DIM)
        y -= 0.08
    y -= 0.03
    label("Themes you fail most", x, y, 0.04, head)
    y -= 0.08
    weakest = board.weakest(3)
    for theme in weakest:
        label(f"{theme.theme}: {theme.failures} of {theme.tries} tries failed", x, y)
        y -= 0.06
    if not weakest:
        label("None yet: a theme counts after two tries with a failure", x, y, fg=DIM,
              wrap=wrap)
    return drawn


RECORD_SUFFIXES = (".flick", ".flick.gz")
#: What the open dialog lists: records and scenarios, and courses (a handed-out `.course`).
OPEN_SUFFIXES = RECORD_SUFFIXES + (".course",)
#: Entries the file dialog lists at once (folders first, then records).
LIST_ROWS = 12


def is_record_name(name: str) -> bool:
    return name.lower().endswith(RECORD_SUFFIXES)


def listing(folder: Path, suffixes: tuple[str, ...] = RECORD_SUFFIXES) -> list[tuple[str, Path]]:
    """What the file dialog lists in `folder`: `..` (the folder above), the sub-folders
    (`name/`), then the files of these `suffixes` (records and scenarios; the open dialog
    courses too); hidden names left out."""
    folder = Path(folder)
    try:
        entries = sorted((p for p in folder.iterdir() if not p.name.startswith(".")),
                         key=lambda p: p.name.lower())
    except OSError:
        entries = []
    out = [("../", folder.parent)] if folder.parent != folder else []
    out += [(p.name + "/", p) for p in entries if _is_dir(p)]
    out += [(p.name, p) for p in entries if p.name.lower().endswith(suffixes) and not _is_dir(p)]
    return out


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


class FileDialog(Overlay):
    """Type a name or path (relative names go in the listed folder), or pick a listed file;
    click a folder (or type one) to look inside it. Enter confirms, an empty line takes the
    default shown. Only records and scenarios (`.flick`, `.flick.gz`) are listed."""

    def __init__(self, app, mode: str, initial: Path, on_done, on_close=None):
        super().__init__(app, 2.2, 1.5, on_close)
        self.mode = mode
        self.on_done = on_done
        self.problem: str | None = None
        title = "Save the record as" if mode == "save" else "Open a record, scenario or course"
        DirectLabel(parent=self.box, text=title, text_scale=0.055, text_fg=TEXT,
                    frameColor=(0, 0, 0, 0), pos=(0, 0, 0.64))
        self.default = Path(initial)
        self.entry = DirectEntry(parent=self.box, scale=0.04, width=50, pos=(-1.02, 0, 0.5),
                                 frameColor=(0.2, 0.21, 0.25, 1), text_fg=TEXT, focus=1,
                                 initialText="", overflow=1, command=self._enter)
        self.error = DirectLabel(parent=self.box, text=f"Enter alone: {self.default}",
                                 text_scale=0.034, text_fg=DIM, frameColor=(0, 0, 0, 0),
                                 text_align=TextNode.ALeft, pos=(-1.02, 0, 0.42))
        self.where = DirectLabel(parent=self.box, text="", text_scale=0.034, text_fg=DIM,
                                 frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                 pos=(-1.02, 0, 0.34))
        self.rows: list = []
        self.entries: list[tuple[str, Path]] = []
        self.show_folder(self.default if self.default.is_dir() else self.default.parent)
        _button(self.box, "Save" if mode == "save" else "Open", self._ok, (0.55, 0, -0.64), width=0.3)
        _button(self.box, "Cancel", self.close, (0.9, 0, -0.64), width=0.3)

    def show_folder(self, folder: Path) -> None:
        """List `folder` (records and sub-folders) and make it where relative names go."""
        self.folder = Path(os.path.abspath(folder))  # "puzzles/.." reads as the folder itself
        for row in self.rows:
            row.destroy()
        self.rows = []
        self.entries = listing(self.folder, RECORD_SUFFIXES if self.mode == "save" else OPEN_SUFFIXES)
        shown = self.entries[:LIST_ROWS]
        records = sum(1 for _, p in self.entries if not _is_dir(p))
        self.where["text"] = f"In {self.folder}:" + (
            "" if records else "   (no .flick or .flick.gz files here)" if self.mode == "save"
            else "   (no .flick, .flick.gz or .course files here)")
        for i, (name, path) in enumerate(shown):
            folder = name.endswith("/")
            self.rows.append(DirectButton(
                parent=self.box, text=name, text_scale=0.036, text_align=TextNode.ALeft,
                text_fg=(0.98, 0.8, 0.4, 1) if folder else TEXT, relief=DGG.FLAT,
                frameColor=((0, 0, 0, 0), BTN_HOT, BTN_HOT, (0, 0, 0, 0)),
                frameSize=(-0.01, 1.9, -0.015, 0.04), pos=(-1.0, 0, 0.27 - i * 0.058),
                command=self.show_folder if folder else self._pick, extraArgs=[path]))
        if len(self.entries) > LIST_ROWS:
            self.rows.append(DirectLabel(
                parent=self.box, text=f"... and {len(self.entries) - LIST_ROWS} more: type a name",
                text_scale=0.034, text_fg=DIM, frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                pos=(-1.0, 0, 0.27 - LIST_ROWS * 0.058)))

    def _pick(self, path) -> None:
        self.entry.enterText(str(path))
        self.entry["focus"] = 1

    def _enter(self, text: str) -> None:
        hand_back_keys(self.app)
        self._finish(text)

    def _ok(self) -> None:
        self._finish(self.entry.get())

    def _finish(self, text: str) -> None:
        text = text.strip()
        path = Path(os.path.expanduser(text)) if text else self.default
        if not path.is_absolute():
            path = self.folder / path
        if text and _is_dir(path):  # a folder: look inside it
            self.entry.enterText("")
            self.show_folder(path)
            self.entry["focus"] = 1
            return
        message = self.on_done(path)
        if message:
            self.show_error(message)
        else:
            self.close()

    def show_error(self, text: str) -> None:
        self.problem = text  # what the dialog says went wrong (the probe reads it)
        self.error["text"] = text
        self.error["text_fg"] = (1, 0.55, 0.45, 1)
        self.entry["focus"] = 1


class Question(Overlay):
    """A question with buttons; each button's callback runs after the dialog closes."""

    def __init__(self, app, text: str, answers: list[tuple[str, object]], on_close=None):
        n = len(answers)
        w = max(1.8, 0.5 * n + 0.3)  # four answers widen the box, their spacing stays
        measure = TextNode("measure-question")
        measure.setWordwrap((w - 0.18) / 0.045)
        measure.setText(text)
        lines = max(measure.getNumRows(), 1)
        h = 0.6 if lines <= 3 else 0.6 + 0.054 * (lines - 3)  # long questions grow upwards
        super().__init__(app, w, 0.6, on_close)
        self.box["frameSize"] = (-w / 2, w / 2, -0.3, h - 0.3)
        self.text = text
        self.answers = list(answers)  # (label, callback), in button order
        self.label = DirectLabel(parent=self.box, text=text, text_scale=0.045, text_fg=TEXT,
                                 text_wordwrap=(w - 0.18) / 0.045, frameColor=(0, 0, 0, 0),
                                 pos=(0, 0, h - 0.3 - 0.14))
        for i, (label, cb) in enumerate(answers):
            _button(self.box, label, self._answer, ((i - (n - 1) / 2) * 0.5, 0, -0.18), width=0.44,
                    extraArgs=[cb])

    def _answer(self, cb) -> None:
        self.close()
        if cb is not None:
            cb()
