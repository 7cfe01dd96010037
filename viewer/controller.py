"""The controller: it wires the window's parts together and routes every key, press and wheel
turn to the mode on top; it implements no command itself.

The mode machine (`viewer.modes`: play, replay, edit, typing, dialog, and the modes a game or
a part brings) decides who gets an event. A key runs what the mode's key map names: a command
of the one table `Controller.commands` (name -> bound handler), gathered from the command
groups of `viewer.commands` (navigation, playback, moves, edits, direction, views, files,
dialogs, teaching), the pointer's (`viewer.pointer`) and the parts' own (the analysis, the
computer, the best shot, the editor, log mode, the keyframe ticks). A press becomes the
mode's `Drag`, fed pointer moves until its button-up event. The record shown and its
swapping are `viewer.shown`'s. The per-frame task runs the parts in one stated order, and the
panel is refreshed once per frame at most.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Callable

from panda3d.core import MouseButton

from timeline import Session
from viewer import keys as K
from viewer.commands.dialogs import Dialogs
from viewer.commands.direction import Direction
from viewer.commands.edits import Edits
from viewer.commands.files import Files
from viewer.commands.moves import Moves
from viewer.commands.navigation import Navigation
from viewer.commands.playback import Player
from viewer.commands.teaching import Teaching
from viewer.commands.views import Views
from viewer.computer import ComputerMode, ComputerSeats
from viewer.dialogs import frame_count
from viewer.host import Host
from viewer.modes import DialogMode, Drag, EditMode, ModeManager, PlayMode, ReplayMode, TypingMode
from viewer.panel import TimelinePanel
from viewer.pointer import Pointer
from viewer.shown import Shown


class Controller:
    """Wires the window's parts, holds what the modes decide from (the session shown, the
    dialog, the drag), and routes keys, mouse and the panel's buttons to the active mode and
    the command table."""

    def __init__(self, app):
        self.app = app
        self.session: Session = app.session
        self.path: Path | None = None
        self.dialog = None
        self.drag: Drag | None = None
        self._dirty = True
        self.message_text = ""
        self.inputs = 0  # key and button events handled (tests wait on it)
        # the command groups (viewer.commands) and the pointer: each holds this controller
        self.navigation = Navigation(self)
        self.player = Player(self)
        self.moves = Moves(self)
        self.edits = Edits(self)
        self.direction = Direction(self)
        self.views = Views(self)
        self.files = Files(self)
        self.dialogs = Dialogs(self)
        self.teaching = Teaching(self)
        self.pointer = Pointer(self)
        self.shown = Shown(self)
        from viewer.conflicts import DiskWatch

        #: each record's file as this window last read or wrote it (two windows on one file)
        self.disk = DiskWatch()
        self.panel = TimelinePanel(app, self)
        from viewer.keyframe_ticks import KeyframeTicks

        self.ticks = KeyframeTicks(self)  # the direction's keyframes on the scrub bar
        from viewer.turnlog import TurnLog

        self.log = TurnLog(app)
        self.panel.dock_log(self.log)
        from viewer.editing import EditorHost, PuzzleBox
        from viewer.records import RecordHistory

        self.editor = EditorHost(self)
        self.editor.follow(self.session)
        self.records = RecordHistory(self)
        from viewer.fields import FieldKeys
        from viewer.study import StudyLog

        self.fields = FieldKeys(app)  # Ctrl+A, Ctrl+C, Ctrl+X, Ctrl+V in every text field
        self._scrolling_comment()
        self.study = StudyLog(say=self.say)  # a fault of the progress database: said once
        self.study.opened(self.session.record, self.path)
        self.puzzle_box = PuzzleBox(self)
        solution, lesson = self.shown.withhold(self.session)
        self.puzzle_box.attach(self.session, solution)
        from viewer.closing import ClosePrompt

        self.closing = ClosePrompt(self)
        self.computer = ComputerSeats(self)
        from viewer.wingraph import WinGraph

        self.graph = WinGraph(app, self)
        from viewer.analysing import GameAnalysis

        self.analysis = GameAnalysis(self)
        from viewer.bestshot import BestShotAsk

        self.best = BestShotAsk(self)
        if self.session.node.camera:  # the opening view again, framed now the panels are in
            app.set_view(app.saved_view(self.session.node.camera))
        else:
            app.set_view(app.preset("seat", app.session_player()))
        self.host = Host(self)
        from viewer.tablelog import LogMode, TableLog

        self.table_log = TableLog(self.host)  # log mode: a game from a real table
        self.table_log.app = app  # what a game's entry draws with (never the controller)
        host = self.host  # every mode is made with the host, never with this controller
        self.modes = ModeManager(self, [
            PlayMode(host), ReplayMode(host), EditMode(host), TypingMode(host),
            DialogMode(host), ComputerMode(host), LogMode(host)])
        self._keys_accepted: set[str] = set()
        self._modes_of = None
        self.follow_scene()
        for prefix in ("", "shift-", "control-", "alt-"):  # (one handler an event: this one)
            app.accept(prefix + "enter", self._enter_key, [prefix + "enter"])
        for prefix in ("", "shift-", "control-", "alt-", "control-alt-", "shift-alt-"):
            for button in (1, 2, 3):
                app.accept(f"{prefix}mouse{button}", self._press, [button, prefix])
                app.accept(f"{prefix}mouse{button}-up", self._button_up, [button])
            app.accept(prefix + "wheel_up", self._wheel, [0.88])
            app.accept(prefix + "wheel_down", self._wheel, [1 / 0.88])
        watcher = getattr(app, "mouseWatcher", None)
        if watcher is not None:  # every button down and up, even those a panel button keeps
            from panda3d.core import ButtonThrower

            raw = watcher.getParent().attachNewNode(ButtonThrower("flickbook-raw-buttons"))
            raw.node().setPrefix("flickbook-raw-")
            raw.node().setButtonDownEvent("flickbook-button")
            raw.node().setButtonUpEvent("flickbook-button")
            app.accept("flickbook-button", self._input_seen)
            # the wheel over the move list: its rows are buttons, which keep the wheel from
            # the window's own wheel events, so the list reads it here, wherever over it
            app.accept("flickbook-raw-wheel_up", self._list_wheel, [-1])
            app.accept("flickbook-raw-wheel_down", self._list_wheel, [1])
            self.pointer.raw_wheel = True
        self.shown.listen(self.session)
        app.frame.add("controller", self._frame, "flickbook-controller")
        self.shown.check_motions(self.session.record)
        from viewer.lesson import LessonBox

        self.lesson_box = LessonBox(self)  # a lesson: its first question
        from viewer.lesson_author import LessonPanel

        self.lesson_panel = LessonPanel(self)
        self.lesson_box.attach(self.session, lesson)
        self.table_log.follow(self.session)  # a record logged at a table: log mode
        #: Every command a key map, a mode, a button or a menu names -> its bound handler.
        self.commands: dict[str, Callable[[], object]] = self._command_table()
        self.refresh()

    def _command_table(self) -> dict[str, Callable[[], object]]:
        """The one command table: each command group's own, then the parts' commands."""
        table: dict[str, Callable[[], object]] = {}
        for group in (self.navigation, self.player, self.moves, self.edits, self.direction,
                      self.views, self.files, self.dialogs, self.teaching, self.pointer):
            for name, handler in group.commands().items():
                assert name not in table, f"two commands are named {name}"
                table[name] = handler
        parts = {
            "leave_field": self.leave_field,
            "edit_mode": self.editor.set_up,
            "edit_done": self.editor.done,
            "table_log": self.table_log.begin,
            "complete": self.table_log.complete,
            "next_mistake": partial(self.graph.step_mistake, True),
            "previous_mistake": partial(self.graph.step_mistake, False),
            "analyse": self.analysis.toggle,
            "computer_seat": self.computer.cycle_seat_to_move,
            "computer_take_back": self.computer.take_back,
            "best_shot": self.best.toggle,
            "best_play": self.best.play,
            "best_add": self.best.add,
            "delete_keyframe": self.ticks.delete_selected,
            "cycle_setting": self.ticks.cycle_setting,
        }
        assert not table.keys() & parts.keys(), "a part's command is named like a group's"
        return {**table, **parts}

    def run_command(self, name: str) -> bool:
        """Run the command `name` (a key map's, a button's): the one way a name becomes a call.
        Only in the modes it is declared for (`viewer.commands.where`): outside them the
        message line says which command, the mode now and where it works (False)."""
        from viewer.commands.where import WHERE

        mode = self.modes.active  # (a key's mode: the one that bound it, synced for it)
        where = WHERE.get(name)
        if where is not None and not where.holds(mode.name):
            self.say(f"{self.command_words(name)} does not work now, in {self._mode_words(mode)}"
                     f": it works {where.words}")
            return False
        self.commands[where.command_in(name, mode.name) if where is not None else name]()
        return True

    def press_button(self, name: str) -> bool:
        """A bar button's command: a press off a text field leaves it (as a press on the
        table does), then the command runs in the mode under it."""
        if self.typing():
            self.leave_field()
        self.modes.sync()
        return self.run_command(name)

    def command_words(self, name: str) -> str:
        """How the message line names a command: its key and what F1 says of it, else its
        button's label."""
        key = next((k for k in self._every_key() if k.run == name), None)
        if key is not None:
            return f"{K.key_name(key.event)} ({key.words.split(' (')[0]})"
        button = self.panel.buttons.get(name)
        return (f"{button['text']} (the button)" if button is not None
                else name.replace("_", " ").capitalize())

    @staticmethod
    def _mode_words(mode) -> str:
        return mode.title().removeprefix("Controls: ")

    # --- wiring ---------------------------------------------------------------------------------
    def _scrolling_comment(self) -> None:
        """The comment box scrolls (viewer.fields): a comment longer than its four lines is
        kept whole; only past `fields.MAX_LINES` is it full."""
        from direct.gui import DirectGuiGlobals as DGG

        from viewer import fields

        box = self.panel.comment
        self.fields.scroll(box)
        box.bind(DGG.OVERFLOW, lambda *_event: self.say(
            f"The comment is full ({fields.MAX_LINES} lines): shorten it to add more"))

    def follow_scene(self) -> None:
        """The scene shown brings its own modes and keys: register them, and listen for
        every key any mode may bind and every letter and digit (a key the mode shown does not
        bind is answered on the message line: `not_a_key_here`)."""
        scene = self.app.scene
        if scene is self._modes_of:
            return
        self._modes_of = scene
        self.modes.add_scene_modes(list(scene.modes(self.host)))
        events = {k.event for g in K.PLAY_GROUPS + K.EDIT_GROUPS for k in g}
        events |= set("abcdefghijklmnopqrstuvwxyz0123456789")  # bound or not: it is answered
        events |= {k.event for k in self._every_key()}
        for event in sorted(events - self._keys_accepted):
            if not event.endswith("enter"):  # Enter has its own handler (`_enter_key`)
                self.app.accept(event, self._key, [event])
        self._keys_accepted |= events

    # --- what the window shows ------------------------------------------------------------------
    def refresh_soon(self) -> None:
        """Bring the panel up to date on the next frame (edits, mode changes)."""
        self._dirty = True
        self.app.wake()

    def refresh(self) -> None:
        """Bring the panel in line with the session (once per frame at most)."""
        self._dirty = False
        s = self.session
        self.player.line_changed()
        self.log.follow(s.node)  # the moves up to the cursor: an undone one is gone
        self.panel.refresh_tree(s)
        self.panel.show_annotations(s.node)
        self.graph.refresh(s)
        turn_actions = [] if self.editor.active else self.app.scene.turn_actions(s.node.state)
        self.panel.set_turn_actions([(label, lambda a=a: self.moves.play(a))
                                     for label, a in turn_actions] + self.best.buttons())
        playing = self.player.playing
        self.player.update_scrub(self.app.clock.playback.time if playing else None)
        self.panel.set_playing(playing, self.app.clock.speed)
        self.ticks.refresh()
        self.app.wake()

    def say(self, text: str) -> None:
        """The message line (what fits; the whole text goes to the turn log when cut)."""
        self.message_text = text
        self.panel.set_message(text)
        if self.panel.message_cut:  # the line shows what fits: the whole text is in the log
            self.log.tell(text)
        self.app.wake()

    def mode_changed(self, old, new) -> None:
        """The mode machine switched (the probe, the panel and the layout's boxes of a mode
        follow)."""
        screen = getattr(self.app, "screen", None)
        if screen is not None:
            screen.set_mode(new.name)
        self.app.wake()

    @property
    def mode(self) -> str:
        return self.modes.active.name

    # --- the frame ------------------------------------------------------------------------------
    def _frame(self, task):
        """The window's per-frame work, in this order: the mode, the jobs, a move simulated,
        the scrub bar, the keyframe ticks, the pointer, the playing line, the panel."""
        app = self.app
        self.modes.sync()
        app.jobs.follow(self.session.node)  # work asked about another position is dropped
        self.moves.frame()
        if self.panel.scrubbing:
            if app.mouseWatcherNode is not None and app.mouseWatcherNode.isButtonDown(MouseButton.one()):
                self.player.scrub_to(self.panel.mouse_fraction())
            else:
                self.panel.scrub_release()
        self.ticks.frame()
        self.pointer.frame()
        self.player.frame()
        if self._dirty:
            self.refresh()
        self.panel.keep_draft(self.session.node)
        return task.cont

    # --- keys -----------------------------------------------------------------------------------
    def _key(self, event: str) -> None:
        """Every key event goes to the active mode, and only there.

        A dialog that closes on Enter in its field does so in the middle of a frame's input:
        Panda hands a focused entry its keystrokes before it throws the same frame's key
        events, so the keys typed just before Enter (a fast typist, a busy machine) arrive
        after the dialog has closed. They were the field's (`keys_taken_frame`): that frame's
        keys up to its Enter are dropped rather than run as shortcuts (`_enter_key`)."""
        self.app.wake()
        if getattr(self.app, "keys_taken_frame", None) == frame_count():
            return
        mode = self.modes.sync()
        if not mode.key(event) and mode.name not in ("typing", "dialog"):
            self.say(self.not_a_key_here(mode, event))

    def _every_key(self) -> list:
        """Every key any mode of the window may bind for the scene shown, bound now or not."""
        modes = self.modes.modes.values()
        keys = [k for m in modes for g in m.groups for k in g]
        return keys + [k for m in modes if m.scene_keys is not None
                       for k in self.app.scene.keys(m.scene_keys)]

    def not_a_key_here(self, mode, event: str) -> str:
        """What the message line says of a key the active mode does not bind (another mode's,
        or one whose part this position lacks): a key never does nothing in silence. A field
        or a dialog has every key for itself."""
        from viewer.commands.where import WHERE

        key = next((k for k in self._every_key() if k.event == event), None)
        what = K.key_name(event) + (f" ({key.words.split(' (')[0]})" if key else "")
        where = WHERE.get(key.run) if key is not None and isinstance(key.run, str) else None
        works = (f" (it works {where.words})" if where is not None
                 and not where.holds(mode.name) else "")
        return (f"{what} does nothing now, in {self._mode_words(mode)}{works}: F1 lists the "
                "keys you have")

    def _enter_key(self, event: str = "enter") -> None:
        """The Enter key's own event: in the frame a field took the keys, it is the Enter
        that accepted the field, so the keys after it (an Esc typed quickly after, on a busy
        machine) are the window's again. Any other Enter goes to the mode like every key
        (Enter and Shift+Enter play and keep the best shot)."""
        if getattr(self.app, "keys_taken_frame", None) == frame_count():
            self.app.keys_taken_frame = None
            return
        self._key(event)

    def _input_seen(self, _button=None) -> None:
        self.inputs += 1
        self.app.wake()

    def typing(self) -> bool:
        """A text field (the comment box, an editor field) has the keyboard."""
        return self.panel.typing() or self.editor.typing() or (
            hasattr(self, "lesson_panel") and self.lesson_panel.typing()) or (
            hasattr(self, "table_log") and self.table_log.typing())

    def leave_field(self) -> None:
        """Esc (or a press elsewhere) in a text field: leave it, its text kept on its node."""
        self.panel.leave_comment()
        self.editor.unfocus()
        self.lesson_panel.unfocus()
        self.table_log.unfocus()
        self.modes.sync()

    # --- the mouse ------------------------------------------------------------------------------
    def _press(self, button: int, mods: str) -> None:
        self.app.wake()
        mode = self.modes.sync()
        if self.drag is not None:
            return  # one drag at a time
        pos = self.pointer.position()
        if pos is None:
            return
        if self.pointer.over_gui():
            return  # the panel's own button or field answers it (a field keeps the keys)
        self.panel.close_menu()
        drag = mode.press(button, mods, pos)
        if drag is not None:
            self.drag = drag
            self.modes.sync()

    def _button_up(self, button: int) -> None:
        """The release, read at its own event: the pointer where the button went up (None
        outside the window, which cancels a flick)."""
        self.app.wake()
        d = self.drag
        if d is None or d.button != button:
            return
        self.drag = None
        pos = self.pointer.position()
        if pos is not None and max(abs(pos[0]), abs(pos[1])) > 1.0:
            pos = None
        if pos is None:
            d.cancel()
        else:
            d.release(pos)
        self.modes.sync()

    def cancel_drag(self) -> None:
        d, self.drag = self.drag, None
        if d is not None:
            d.cancel()
            self.app.wake()

    def _wheel(self, factor: float) -> None:
        self.app.wake()
        mode = self.modes.sync()
        if mode.name == "dialog":
            return
        if self.pointer.scroll_list(self.pointer.position(), -1 if factor < 1 else 1,
                                    own_event=True):
            return
        mode.wheel(factor)

    def _list_wheel(self, direction: int) -> None:
        """A wheel turn seen by the raw button thrower: it scrolls the move list or the turn
        log when the pointer is anywhere over them (their rows swallow the window's event)."""
        self.app.wake()
        if self.modes.sync().name != "dialog":
            self.pointer.scroll_list(self.pointer.position(), direction, own_event=False)
