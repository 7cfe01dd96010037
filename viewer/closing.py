"""Closing the window never loses work: Save / Discard / Cancel for each unsaved record.

The window's close button (the window manager's close request) does not close the window:
Panda throws `CLOSE_EVENT` instead (`GraphicsWindow.setCloseRequestEvent`), and the window
closes only once every record the window holds with changes since its last save (the one
shown and the ones kept behind it, `viewer.records`) has been answered: Save writes it to its
file (or asks for a name), Discard lets it go (its autosave is thrown away too), Cancel keeps
the window open. When another window wrote the file since this one read it, Save asks first
(viewer.conflicts): Keep mine writes over it, Keep theirs leaves the file as it is and keeps
this window's record aside in the sessions folder (viewer.autosave), Save as asks for a name. Setting up a
position in the editor counts too: it is asked about before it is dropped.
"""
from __future__ import annotations

from pathlib import Path

CLOSE_EVENT = "flickbook-close-request"


class ClosePrompt:
    """Answers the window's close request: quits at once when nothing is unsaved, else asks."""

    def __init__(self, controller):
        self.ctl = controller
        self.app = controller.app
        self.queue: list = []
        self.asking = False
        win = self.app.win
        if hasattr(win, "setCloseRequestEvent"):  # a window (an offscreen buffer has no close)
            win.setCloseRequestEvent(CLOSE_EVENT)
        self.app.accept(CLOSE_EVENT, self.request)

    def request(self) -> None:
        """The user asked to close the window."""
        if self.asking:
            return  # the question is on the screen already
        ctl = self.ctl
        if ctl.dialog is not None:  # help, a file dialog: closing the window answers them
            ctl.dialog.close()
        ctl.player.stop()
        self.queue = list(ctl.records.unsaved())
        if ctl.editor.active:
            self.asking = True
            ctl.dialogs.ask("You are setting up a position. Close and lose the set-up?",
                    [("Close", self._next), ("Cancel", self._cancel)])
            return
        self._next()

    def _next(self) -> None:
        if not self.queue:
            self.asking = False
            self.quit()
            return
        held = self.queue[0]
        more = len(self.queue) - 1
        text = f"Save the changes to {held.label()} before closing?"
        if more:
            text += f" ({more} more unsaved record{'s' if more > 1 else ''} after this one)"
        self.asking = True
        self.ctl.dialogs.ask(text, [("Save", self._save), ("Discard", self._discard),
                            ("Cancel", self._cancel)])

    def _discard(self) -> None:
        """The user threw away the changes of the record asked about."""
        held = self.queue[0]
        autosaver = getattr(self.app, "autosaver", None)
        if autosaver is not None:
            autosaver.discarded(held.session)
        self._done()

    def _done(self) -> None:
        """On to the next record (this one saved, or kept aside)."""
        self.queue.pop(0)
        self._next()

    def _cancel(self) -> None:
        self.queue = []
        self.asking = False
        self.ctl.say("Not closed: the window stays open")

    def _save(self) -> None:
        held = self.queue[0]
        if held.path is not None:
            theirs = self.ctl.disk.conflict(held.session, held.path)
            if theirs is not None:
                self._ask_conflict(held, theirs)
                return
            problem = self.write(held, held.path)
            if problem is None:
                self._done()  # saved: on to the next one
                return
            self.ctl.say(problem)
        self._save_as(held)

    def _ask_conflict(self, held, theirs) -> None:
        from viewer.conflicts import conflict_text

        mine = held.path.with_name(f"{held.path.stem}-mine{held.path.suffix or '.flick'}")

        def keep_mine():
            problem = self.write(held, held.path)
            if problem is None:
                self._done()
            else:
                self.ctl.say(problem)
                self._save_as(held)

        # Keep theirs: the file stays theirs; this record's autosave is kept aside on the way
        # out (it differs from the file), so it is not lost
        self.ctl.dialogs.ask(conflict_text(held.path, theirs),
                     [("Keep mine", keep_mine), ("Keep theirs", self._done),
                      ("Save as", lambda: self._save_as(held, mine)), ("Cancel", self._cancel)])

    def _save_as(self, held, default: Path | None = None) -> None:
        from viewer.autosave import data_dir
        from viewer.dialogs import FileDialog

        saved = []

        def on_done(path: Path):
            problem = self.write(held, path)
            if problem is None:
                saved.append(path)
            return problem

        def on_close():
            self.ctl.dialogs.closed()
            if saved:
                self._done()
            else:
                self._cancel()  # the file dialog was cancelled: the window stays

        default = default or held.path or data_dir() / f"{held.session.game.name}-game.flick"
        self.ctl.dialogs.open(FileDialog(self.app, "save", default, on_done, on_close=on_close))

    def write(self, held, path: Path) -> str | None:
        """Save `held`'s record to `path`; a message when it could not be written."""
        if path.suffix == "":
            path = path.with_suffix(".flick")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.ctl.files.write_record(held.session, path)
        except OSError as exc:
            return f"Could not save: {exc.strerror or exc}"
        held.path = path
        if held.session is self.ctl.session:
            self.ctl.path = path
        return None

    def quit(self) -> None:
        """Close the window (the autosave is put aside as a clean exit)."""
        self.app.userExit()
