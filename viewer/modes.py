"""The mode machine: one mode at a time owns the keys and the mouse (pooltool's modes as model).

Modes: `play` (the default: browse the record, play moves at the cursor), `replay` (the clock
runs along the line), `edit` (setting up a position), `typing` (a text field has the keyboard:
every key goes to it, Esc leaves it), `dialog` (a modal overlay), and the modes a game or a
part brings: the computer's turn (`viewer.computer`), logging a game from a real table
(`viewer.tablelog`), Glonk's aim and its target picking (`viewer.glonk.modes`). Each mode has `enter`, `exit`, its own key map (`bindings`: a list
of `viewer.keys.Key` for the game shown), its mouse gestures and help lines (`gestures`), and
answers a mouse press with a `Drag` (or None). F1 lists exactly what `bindings` and
`gestures` give, so it cannot list a key that does nothing there.

A mode is made with the window's host (`viewer.host.Host`), never the controller: what its
keys, presses and wheel reach (a command, the board's press, the editor's, the camera) are
the host's, so a game's modes (viewer/<game>/) see no more of the window than its scene does.

The `ModeManager` decides which mode holds from what the window shows (a focused field, an
open dialog, a drag under way, a mode a scene pushed, the editor, playback) and switches,
calling exit then enter; the controller only routes events to the active mode.
"""
from __future__ import annotations

from viewer import keys as K


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
    """One thing the user is doing: its keys, its mouse and its help."""

    name = ""
    #: The key groups (viewer.keys) this mode binds; `bindings` adds the game's own keys.
    groups: tuple = ()
    #: The scene keys of which mode name this mode binds (None: none).
    scene_keys: str | None = None

    def __init__(self, host):
        self.host = host  # the window's (viewer.host.Host): all this mode reaches

    def enter(self, previous: "Mode | None") -> None:
        pass

    def exit(self, following: "Mode") -> None:
        pass

    def title(self) -> str:
        return f"Controls: {self.name} mode ({self.host.game.title})"

    def bindings(self) -> list[K.Key]:
        """The keys bound now: this mode's groups, then the game's own keys for it; a key
        whose `when` is false now is left out (a later one of the same event wins)."""
        host = self.host
        scene = [] if self.scene_keys is None else list(host.scene.keys(self.scene_keys))
        out: dict[str, K.Key] = {}
        for k in [k for group in self.groups for k in group] + scene:
            if k.bound(host):
                out[k.event] = k
        return list(out.values())

    def gestures(self) -> list[tuple[str, str]]:
        """What the mouse does in this mode, as F1 lists it."""
        return []

    def key(self, event: str) -> bool:
        for k in self.bindings():
            if k.event == event:
                if isinstance(k.run, str):
                    self.host.run_command(k.run)
                else:
                    k.run(self.host)
                return True
        return False

    def press(self, button: int, mods: str, pos) -> Drag | None:
        return None

    def wheel(self, factor: float) -> None:
        self.host.wheel_zoom(factor)


class PlayMode(Mode):
    """Browsing and playing: the record's keys and the game's; a press asks the scene first (a
    flick), else a left click plays or selects, a left drag orbits, a right drag draws."""

    name = "play"
    groups = K.PLAY_GROUPS
    scene_keys = "play"

    def press(self, button, mods, pos):
        return self.host.board_press(button, mods, pos)

    def gestures(self):
        scene = self.host.scene
        own = list(getattr(scene, "mouse_help", ()))
        # where a left drag on a piece is the game's (a flick), it orbits only elsewhere
        orbit = K.ORBIT_ELSEWHERE if getattr(scene, "owns_left_drag", False) else K.ORBIT
        return own + [orbit, K.PAN, K.ZOOM] + K.DRAW + K.PANEL


class ReplayMode(PlayMode):
    """The clock runs along the line: the same keys (Space pauses); a press on the board
    stops playback first."""

    name = "replay"

    def press(self, button, mods, pos):
        if button == 1 and mods == "":
            self.host.stop_playback()
        return super().press(button, mods, pos)

    def exit(self, following):
        if following.name not in ("play", "replay"):
            self.host.stop_playback()


class EditMode(Mode):
    """Setting up a position: only the editor's keys; presses go to the editor."""

    name = "edit"
    groups = K.EDIT_GROUPS
    scene_keys = "edit"

    def press(self, button, mods, pos):
        return self.host.editor_press(button, mods, pos)

    def gestures(self):
        return list(self.host.editor_mouse_help()) + [
            ("Middle drag", "Orbit the camera"), ("Shift+left drag", "Pan the camera"),
            ("Wheel", "Zoom")]


class TypingMode(Mode):
    """A text field has focus: every key is the field's; Esc leaves it (its text is kept on
    the position it was typed on); a press on the table leaves it too (a press on the panel
    is the panel's: the controller never passes those on)."""

    name = "typing"
    groups = ([K.Key("escape", "leave_field", "Leave the field (its text is kept)"),
               K.COMPLETE],)

    def enter(self, previous):
        self.host.cancel_drag()

    def press(self, button, mods, pos):
        self.host.leave_field()
        return None

    def gestures(self):
        return [K.FIELD, ("Click on the table", "Leave the field")]


class DialogMode(Mode):
    """A modal overlay has the window: Esc closes it, F1 toggles the help."""

    name = "dialog"
    groups = ([K.Key("escape", "close_dialog", "Close this"),
               K.Key("f1", "close_help", "Show / hide the help"),
               K.Key("page_down", "help_page_next", "The help's next page"),
               K.Key("page_up", "help_page_back", "The help's previous page")],)

    def enter(self, previous):
        self.host.cancel_drag()
        self.host.stop_playback()

    def wheel(self, factor):
        pass


class ModeManager:
    """Holds the modes and switches the active one (exit, then enter).

    The window's own modes are fixed; a scene adds its own (`Scene.modes`) when it is shown
    and may `push` one (a target to pick) that holds until it is `pop`ped or the position
    changes under it."""

    def __init__(self, ctl, modes: list[Mode]):
        self.ctl = ctl
        self.modes = {m.name: m for m in modes}
        self.own = set(self.modes)
        self.active: Mode = self.modes["play"]
        self.pushed: list[Mode] = []
        self.scene_modes: set[str] = set()
        self.changes = 0

    def add_scene_modes(self, modes: list[Mode]) -> None:
        """The modes of the scene shown now (those of a scene before it go)."""
        self.pushed = []
        for name in [n for n in self.modes if n not in self.own]:
            del self.modes[name]
        for m in modes:
            self.modes[m.name] = m
        self.scene_modes = {m.name for m in modes}
        if self.active.name not in self.modes:
            self.active = self.modes["play"]

    def push(self, mode: Mode) -> None:
        """`mode` holds (below a dialog, a field, a drag and the editor) until popped."""
        self.pushed = [m for m in self.pushed if m is not mode] + [mode]
        self.modes[mode.name] = mode
        self.sync()

    def pop(self, mode: Mode | None = None) -> None:
        """End a pushed mode (the top one when None)."""
        gone = self.pushed[-1:] if mode is None else [m for m in self.pushed if m is mode]
        self.pushed = [m for m in self.pushed if m not in gone]
        for m in gone:
            if self.modes.get(m.name) is m and m.name not in self.own | self.scene_modes:
                del self.modes[m.name]
        if self.pushed:
            self.modes[self.pushed[-1].name] = self.pushed[-1]
        self.sync()

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
        if self.pushed:
            return self.pushed[-1].name
        if ctl.player.playing:
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
