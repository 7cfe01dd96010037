"""Modal overlays drawn with DirectGUI: the F1 help, the file dialog and a yes/no question."""
from __future__ import annotations

import os
from pathlib import Path

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectEntry, DirectFrame, DirectLabel
from panda3d.core import TextNode

from viewer.panel import BTN_HOT, DIM, TEXT, _button

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

    def close(self, *_):
        if not self.closed:
            self.closed = True
            self.shade.destroy()
            if self.on_close:
                self.on_close()


class HelpOverlay(Overlay):
    """Every binding, in two columns (F1 or Esc closes it)."""

    def __init__(self, app, lines: list[tuple[str, str]], on_close=None):
        super().__init__(app, 2.9, 1.78, on_close)
        self.lines = list(lines)
        DirectLabel(parent=self.box, text="Flickbook controls", text_scale=0.06, text_fg=TEXT,
                    frameColor=(0, 0, 0, 0), pos=(0, 0, 0.78))
        half = (len(lines) + 1) // 2
        for col, chunk in enumerate((lines[:half], lines[half:])):
            x = -1.38 + col * 1.43
            for i, (keys, what) in enumerate(chunk):
                y = 0.66 - i * 0.058
                DirectLabel(parent=self.box, text=keys, text_scale=0.034, text_fg=(0.98, 0.8, 0.4, 1),
                            frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(x, 0, y))
                DirectLabel(parent=self.box, text=what, text_scale=0.034, text_fg=TEXT,
                            frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(x + 0.5, 0, y))
        _button(self.box, "Close (F1)", self.close, (0, 0, -0.8), width=0.3)


RECORD_SUFFIXES = (".flick", ".flick.gz")
#: Entries the file dialog lists at once (folders first, then records).
LIST_ROWS = 12


def is_record_name(name: str) -> bool:
    return name.lower().endswith(RECORD_SUFFIXES)


def listing(folder: Path) -> list[tuple[str, Path]]:
    """What the file dialog lists in `folder`: `..` (the folder above), the sub-folders
    (`name/`), then the record and scenario files (`.flick`, `.flick.gz`); hidden names left out."""
    folder = Path(folder)
    try:
        entries = sorted((p for p in folder.iterdir() if not p.name.startswith(".")),
                         key=lambda p: p.name.lower())
    except OSError:
        entries = []
    out = [("../", folder.parent)] if folder.parent != folder else []
    out += [(p.name + "/", p) for p in entries if _is_dir(p)]
    out += [(p.name, p) for p in entries if is_record_name(p.name) and not _is_dir(p)]
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
        title = "Save the record as" if mode == "save" else "Open a record or scenario"
        DirectLabel(parent=self.box, text=title, text_scale=0.055, text_fg=TEXT,
                    frameColor=(0, 0, 0, 0), pos=(0, 0, 0.64))
        self.default = Path(initial)
        self.entry = DirectEntry(parent=self.box, scale=0.04, width=50, pos=(-1.02, 0, 0.5),
                                 frameColor=(0.2, 0.21, 0.25, 1), text_fg=TEXT, focus=1,
                                 initialText="", command=self._enter)
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
        self.entries = listing(self.folder)
        shown = self.entries[:LIST_ROWS]
        records = sum(1 for _, p in self.entries if not _is_dir(p))
        self.where["text"] = f"In {self.folder}:" + (
            "" if records else "   (no .flick or .flick.gz files here)")
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
                text_scale=0.032, text_fg=DIM, frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                pos=(-1.0, 0, 0.27 - LIST_ROWS * 0.058)))

    def _pick(self, path) -> None:
        self.entry.enterText(str(path))
        self.entry["focus"] = 1

    def _enter(self, text: str) -> None:
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
        self.error["text"] = text
        self.error["text_fg"] = (1, 0.55, 0.45, 1)
        self.entry["focus"] = 1


class Question(Overlay):
    """A question with buttons; each button's callback runs after the dialog closes."""

    def __init__(self, app, text: str, answers: list[tuple[str, object]], on_close=None):
        super().__init__(app, 1.8, 0.6, on_close)
        self.text = text
        DirectLabel(parent=self.box, text=text, text_scale=0.045, text_fg=TEXT, text_wordwrap=36,
                    frameColor=(0, 0, 0, 0), pos=(0, 0, 0.16))
        n = len(answers)
        for i, (label, cb) in enumerate(answers):
            _button(self.box, label, self._answer, ((i - (n - 1) / 2) * 0.5, 0, -0.18), width=0.44,
                    extraArgs=[cb])

    def _answer(self, cb) -> None:
        self.close()
        if cb is not None:
            cb()
