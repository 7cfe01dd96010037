"""The overlays on top of the window (F1's help, the file dialogs, a question) and Esc.

One dialog at a time (`Controller.dialog`, which puts the window in dialog mode): `open`
stops playback and shows it; its `on_close` is `closed`, which hands the keys back to the
window and runs what was waiting for the dialog to go (`then`: a save conflict is asked only
once the save dialog has closed).
"""
from __future__ import annotations

from viewer.dialogs import HelpOverlay, Question
from viewer.keys import help_lines


class Dialogs:
    """F1 and Esc; `open`, `closed`, `ask` and `then` for every part that shows a dialog."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app
        self._after = None  # what to do once the dialog shown now has closed

    def commands(self) -> dict:
        return {"help": self.help, "close_help": self.close_help,
                "close_dialog": self.close_dialog, "escape": self.escape,
                "help_page_next": lambda: self.help_page(1),
                "help_page_back": lambda: self.help_page(-1)}

    def help_page(self, pages: int) -> None:
        """PgDn / PgUp in a dialog: the help's next or previous page (a help of one page, or
        another dialog, says there is none)."""
        dialog = self.ctl.dialog
        if isinstance(dialog, HelpOverlay) and len(dialog.pages) > 1:
            dialog.turn(pages)
        else:
            self.ctl.say("The help has one page: all of it is shown"
                         if isinstance(dialog, HelpOverlay) else
                         "PgDn and PgUp turn the help's pages: this dialog has none")

    def open(self, dialog) -> None:
        self.ctl.player.stop()
        self.ctl.dialog = dialog
        self.ctl.modes.sync()

    def closed(self) -> None:
        ctl = self.ctl
        ctl.dialog = None
        ctl.panel.leave_comment()  # a dialog's field hands the keys back to the window
        ctl.modes.sync()
        then, self._after = self._after, None
        if then is not None:
            then()

    def then(self, fn) -> None:
        """Run `fn` once no dialog is shown (now, if none is)."""
        if self.ctl.dialog is not None:
            self._after = fn
        else:
            fn()

    def ask(self, text: str, answers) -> None:
        """A question with buttons: `answers` is [(words, what it runs or None)]."""
        self.open(Question(self.app, text, answers, on_close=self.closed))

    def help(self) -> None:
        """F1: the keys and mouse gestures of the mode on top, for the game shown (the mode's
        own `bindings` and `gestures`: nothing listed that does nothing there). Outside a
        dialog (viewer.commands.where); in the help, F1 is `close_help`."""
        mode = self.ctl.modes.active
        lines = help_lines(mode.bindings()) + mode.gestures()
        self.open(HelpOverlay(self.app, lines, on_close=self.closed, title=mode.title()))

    def close_help(self) -> None:
        """F1 in a dialog: the help closes (another dialog keeps its F1 for nothing)."""
        if isinstance(self.ctl.dialog, HelpOverlay):
            self.ctl.dialog.close()

    def close_dialog(self) -> None:
        """Esc in a dialog: it closes."""
        self.ctl.dialog.close()

    def escape(self) -> None:
        """Esc outside a dialog: stop or hide the best shot; else drop every selection (the
        scene's, a keyframe tick's, a slow motion begun) and the message."""
        ctl = self.ctl
        if ctl.best.escape():  # a best-shot search stopped, or its arrow hidden
            return
        ctl.panel.close_menu()
        self.app.scene.deselect()
        ctl.ticks.deselect()
        ctl.direction.let_go()  # a slow-motion stretch begun with Shift+S is let go
        ctl.say("")
