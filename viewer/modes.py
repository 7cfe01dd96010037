"""The mode machine: one mode at a time owns the keys and the mouse (pooltool's modes as model).

Modes: `play` (the default: browse the record, play moves at the cursor), `replay` (the clock
runs along the line), `aim` (a flick is being pulled back), `edit` (setting up a position),
`typing` (a text field has the keyboard: every key goes to it, Esc leaves it) and `dialog`
(a modal overlay). Each mode has `enter`, `exit`, its own key map and answers a mouse press
with a `Drag` (or None). The `ModeManager` decides which mode holds from what the window
shows (a focused field, an open dialog, a drag under way, the editor, playback) and switches,
calling exit then enter; the controller only routes events to the active mode.
"""
from __future__ import annotations

class Drag:
    """What a mouse press started; the controller feeds it pointer moves until the release.

    `move(pos)` and `release(pos)` get film coordinates ([-1, 1], as Panda's mouse watcher);
    `release` gets the pointer where the button went up; `cancel()` ends it without effect
    (Esc, a release outside the window, a dialog opening)."""

    #: The mode this drag puts the window in while it lasts (None: the mode stays).
    mode: str | None = None

    def __init__(self, button: int, start):
        self.button = button
        self.start = start

    def move(self, pos) -> None:
        pass

    def release(self, pos) -> None:
        pass

    def cancel(self) -> None:
        pass


class Mode:
    """One thing the user is doing: its keys (Panda event -> controller command)."""

    name = ""
    keys: dict[str, str] = {}

    def __init__(self, ctl):
        self.ctl = ctl

    def enter(self, previous: "Mode | None") -> None:
        pass

    def exit(self, following: "Mode") -> None:
        pass

    def key(self, event: str) -> bool:
        cmd = self.keys.get(event)
        if cmd is None:
            return False
        self.ctl.run_command(cmd)
        return True

    def press(self, button: int, mods: str, pos) -> Drag | None:
        return None

    def wheel(self, factor: float) -> None:
        self.ctl.wheel_zoom(factor)


class PlayMode(Mode):
    """Browsing and playing: the whole key table; a press asks the scene first (a flick),
    else a left click plays or selects, a left drag orbits, a right drag draws."""

    name = "play"

    def __init__(self, ctl, keys):
        super().__init__(ctl)
        self.keys = keys

    def press(self, button, mods, pos):
        return self.ctl.board_press(button, mods, pos)


class ReplayMode(PlayMode):
    """The clock runs along the line: the same keys (Space pauses); a press on the board
    stops playback first."""

    name = "replay"

    def press(self, button, mods, pos):
        if button == 1 and mods == "":
            self.ctl.stop_playback()
        return super().press(button, mods, pos)

    def exit(self, following):
        if following.name not in ("play", "replay"):
            self.ctl.stop_playback()


class AimMode(Mode):
    """A flick is being pulled back: Esc cancels it, the explorer's keys (X, A) and the
    disc labels' (I) work;
    nothing else reaches the game."""

    name = "aim"
    #: Spin is Shift or Ctrl held, so A keeps the aim whichever is down.
    keys = {"escape": "cmd_cancel_drag", "f1": "cmd_help", "x": "cmd_explorer",
            "a": "cmd_keep_candidate", "shift-a": "cmd_keep_candidate",
            "control-a": "cmd_keep_candidate", "f12": "cmd_screenshot",
            "i": "cmd_disc_labels", "shift-i": "cmd_disc_labels",
            "control-i": "cmd_disc_labels"}

    def press(self, button, mods, pos):
        return None  # another button while aiming does nothing

    def wheel(self, factor):
        pass  # the zoom stays put: the pull is read in table metres anyway

    def key(self, event):
        cmd = self.keys.get(event)
        if cmd == "cmd_help":  # help closes the aim: the overlay takes the window
            self.ctl.cmd_cancel_drag()
        return super().key(event)


class EditMode(Mode):
    """Setting up a position: only the editor's keys; presses go to the editor."""

    name = "edit"

    def __init__(self, ctl, keys):
        super().__init__(ctl)
        self.keys = keys

    def press(self, button, mods, pos):
        return self.ctl.editor_press(button, mods, pos)


class TypingMode(Mode):
    """A text field has focus: every key is the field's; Esc leaves it (its text is kept on
    the position it was typed on); a press on the table leaves it too (a press on the panel
    is the panel's: the controller never passes those on)."""

    name = "typing"
    keys = {"escape": "cmd_leave_field"}

    def enter(self, previous):
        self.ctl.cancel_drag()

    def press(self, button, mods, pos):
        self.ctl.cmd_leave_field()
        return None

    def wheel(self, factor):
        self.ctl.wheel_zoom(factor)


class DialogMode(Mode):
    """A modal overlay has the window: Esc closes it, F1 toggles the help."""

    name = "dialog"
    keys = {"escape": "cmd_escape", "f1": "cmd_help"}

    def enter(self, previous):
        self.ctl.cancel_drag()
        self.ctl.stop_playback()

    def wheel(self, factor):
        pass


class ModeManager:
    """Holds the modes and switches the active one (exit, then enter)."""

    def __init__(self, ctl, modes: list[Mode]):
        self.ctl = ctl
        self.modes = {m.name: m for m in modes}
        self.active: Mode = self.modes["play"]
        self.changes = 0

    def wanted(self) -> str:
        """The mode the window is in now: the first that holds, most modal first."""
        ctl = self.ctl
        if ctl.dialog is not None:
            return "dialog"
        if ctl.typing():
            return "typing"
        if ctl.drag is not None and ctl.drag.mode is not None:
            return ctl.drag.mode
        for mode in self.modes.values():  # modes of their own (the computer's turn)
            holds = getattr(mode, "holds", None)
            if holds is not None and holds():
                return mode.name
        if ctl.editor.active:
            return "edit"
        if ctl.playing:
            return "replay"
        return "play"

    def sync(self) -> Mode:
        name = self.wanted()
        if name != self.active.name:
            self.change(name)
        return self.active

    def change(self, name: str) -> None:
        old, new = self.active, self.modes[name]
        self.active = new
        self.changes += 1
        old.exit(new)
        new.enter(old)
        self.ctl.mode_changed(old, new)
