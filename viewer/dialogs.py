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


class FileDialog(Overlay):
    """Type a name or path (relative names go in the listed folder), or pick a listed file;
    Enter confirms, an empty line takes the default shown."""

    def __init__(self, app, mode: str, initial: Path, on_done, on_close=None):
        super().__init__(app, 2.2, 1.5, on_close)
        self.mode = mode
        self.on_done = on_done
        title = "Save the record as" if mode == "save" else "Open a record or scenario"
        DirectLabel(parent=self.box, text=title, text_scale=0.055, text_fg=TEXT,
                    frameColor=(0, 0, 0, 0), pos=(0, 0, 0.64))
        self.default = Path(initial)
        folder = self.default.parent if not self.default.is_dir() else self.default
        self.folder = folder
        self.entry = DirectEntry(parent=self.box, scale=0.04, width=50, pos=(-1.02, 0, 0.5),
                                 frameColor=(0.2, 0.21, 0.25, 1), text_fg=TEXT, focus=1,
                                 initialText="", command=self._enter)
        self.error = DirectLabel(parent=self.box, text=f"Enter alone: {self.default}",
                                 text_scale=0.034, text_fg=DIM, frameColor=(0, 0, 0, 0),
                                 text_align=TextNode.ALeft, pos=(-1.02, 0, 0.42))
        DirectLabel(parent=self.box, text=f"In {folder}:", text_scale=0.034, text_fg=DIM,
                    frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(-1.02, 0, 0.34))
        try:
            names = sorted(p.name for p in folder.iterdir()
                           if p.suffix in (".flick", ".json", ".gz") and p.is_file())[:12]
        except OSError:
            names = []
        for i, name in enumerate(names):
            DirectButton(parent=self.box, text=name, text_scale=0.036, text_align=TextNode.ALeft,
                         text_fg=TEXT, relief=DGG.FLAT,
                         frameColor=((0, 0, 0, 0), BTN_HOT, BTN_HOT, (0, 0, 0, 0)),
                         frameSize=(-0.01, 1.9, -0.015, 0.04), pos=(-1.0, 0, 0.27 - i * 0.058),
                         command=self._pick, extraArgs=[str(folder / name)])
        _button(self.box, "Save" if mode == "save" else "Open", self._ok, (0.55, 0, -0.64), width=0.3)
        _button(self.box, "Cancel", self.close, (0.9, 0, -0.64), width=0.3)

    def _pick(self, path: str) -> None:
        self.entry.enterText(path)
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
