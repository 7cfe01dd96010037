"""The controller: it routes every key, press and wheel turn to the active mode, and holds the
commands the modes' key maps name.

The mode machine (`viewer.modes`: play, replay, aim, edit, typing, dialog) decides who gets an
event; a press becomes a `Drag` (camera orbit or pan, a drawing, a click, or the scene's own
drag such as a Glonk flick) fed pointer moves until its button-up event. Every command ends in
a session call; moves the scene says are simulated run as jobs (`viewer.jobs`, `Pending`) and
play on the app's one clock when their motion exists; the turn log and the message line say
what each step did. The panel is refreshed once per frame at most.
"""
from __future__ import annotations

import contextlib
import math
from pathlib import Path

from panda3d.core import MouseButton

from games.api import CHANCE, IllegalAction
from timeline.playback import ReadingPace
from timeline import (Drawing, LineClock, Playback, RecordFileError, Session, load_record,
                      save_record, verify_motions)
from viewer.dialogs import FileDialog, HelpOverlay, LearnOverlay, Question, frame_count
from viewer import keys as K
from viewer.camera_drag import CameraDrag
from viewer.host import Host
from viewer.keys import help_lines
from viewer.modes import DialogMode, Drag, EditMode, ModeManager, PlayMode, ReplayMode, TypingMode
from viewer.computer import ComputerMode, ComputerSeats
from viewer.panel import TimelinePanel
from viewer.scene import Pick

DRAG_PIXELS = 6
#: How long a presentation holds a caption: the same pace as an exported replay's (`--hold`).
PRESENTATION_PACE = ReadingPace()
STEP_ANIM_SECONDS = 0.35

def _check_motions_job(job, record, left):
    """On a job thread: the record's stored flicks simulated again (timeline.verify_motions),
    stopping once the job is cancelled or the record is `left()`."""
    try:
        return verify_motions(record, lambda: job.cancelled() or left())
    except Exception as exc:  # noqa: BLE001 - a check that fails must not stop the viewer
        return [f"the check could not run: {exc}"]


def _simulate_job(job, game, state, action):
    """On a job thread: `game.apply` of one action; (step, None) or (None, why not)."""
    try:
        return game.apply(state, action), None
    except IllegalAction as exc:
        return None, exc.rule
    except Exception as exc:  # noqa: BLE001 - a failed simulation is a message, not a crash
        return None, f"The flick could not be simulated: {exc}"


class Pending:
    """A move being simulated off the frame thread (a job of viewer.jobs): it enters the
    record at `parent` when its step arrives."""

    def __init__(self, parent, action, job, intent=None):
        self.parent, self.action, self.job = parent, action, job
        self.intent = intent  # what the hand meant, when a table feel scattered `action`
        self.step = None

    def done(self) -> bool:
        return self.job.finished

    def wait(self, seconds: float | None = None) -> bool:
        return self.job.wait(seconds)


@contextlib.contextmanager
def _all_of(*contexts):
    """Enter `contexts` in order, leave them in reverse."""
    with contextlib.ExitStack() as stack:
        for context in contexts:
            stack.enter_context(context)
        yield


class Controller:
    """Routes keys, mouse and the panel to the active mode (`viewer.modes`), and holds the
    commands the modes name: each one ends in a session call, a camera move or a dialog."""

    def __init__(self, app):
        self.app = app
        self.session: Session = app.session
        self.path: Path | None = None
        self._solutions: dict = {}  # id(record) -> (weak record, its StoredSolution or None)
        self._clock_line = None
        #: Presentation (F5): "off" (the moves' own pace), "hold" (a caption stays long
        #: enough to read, `PRESENTATION_PACE`) or "pause" (playback stops on each comment).
        self.presentation = "off"
        self.dialog = None
        self._after_dialog = None  # what to do once the dialog shown now has closed
        from viewer.conflicts import DiskWatch

        #: each record's file as this window last read or wrote it (two windows on one file)
        self.disk = DiskWatch()
        self.drag: Drag | None = None
        self._last_mouse = None
        self._hovered = None  # (pointer, app.shown_changes) the hover line was made for
        self._raw_wheel = False  # the wheel over the lists is read from every button (window)
        self._dirty = True
        self.message_text = ""
        self.pending: Pending | None = None  # an action being resolved off the frame thread
        self.inputs = 0  # key and button events handled (tests wait on it)
        self.panel = TimelinePanel(app, self)
        from viewer.keyframe_ticks import KeyframeTicks

        self.ticks = KeyframeTicks(self)  # the direction's keyframes on the scrub bar
        self._slow_from = None  # (record, moment) where Shift+S began a slow-motion stretch
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
        self.study = StudyLog()
        self.study.opened(self.session.record, self.path)
        self.puzzle_box = PuzzleBox(self)
        solution, lesson = self._withhold(self.session)
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

        self.table_log = TableLog(self)  # log mode: a game from a real table (viewer.tablelog)
        self.modes = ModeManager(self, [
            PlayMode(self), ReplayMode(self), EditMode(self), TypingMode(self),
            DialogMode(self), ComputerMode(self), LogMode(self)])
        self._keys_accepted: set[str] = set()
        self._modes_of = None
        self._follow_scene()
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
            self._raw_wheel = True
        self.session.listeners.append(self._session_changed)
        app.frame.add("controller", self._frame, "flickbook-controller")
        self.motion_check = None
        self._check_motions(self.session.record)
        from viewer.lesson import LessonBox

        self.lesson_box = LessonBox(self)  # a lesson: its first question
        from viewer.lesson_author import LessonPanel

        self.lesson_panel = LessonPanel(self)
        self.lesson_box.attach(self.session, lesson)
        self.table_log.follow(self.session)  # a record logged at a table: log mode
        self.refresh()

    # --- session plumbing ---------------------------------------------------------------------
    def _check_motions(self, record) -> None:
        """Simulate the record's stored flicks again in the background and say if any differ.

        The stored motion is what plays either way; this only tells the user that this
        machine's physics would not reproduce the file bit for bit.
        """
        if not any(n.stored_motion is not None for n in record.nodes()):
            return

        def done(job):
            problems = job.result
            flicks = getattr(problems, "flicks", problems)  # the physics version's note is no flick
            if self.session.record is record and flicks:
                count = len(flicks)
                self.say(f"{count} stored flick{'s' if count > 1 else ''} differ from a fresh "
                         f"simulation; the stored motion plays ({problems[0]})")
            elif self.session.record is record and problems:
                self.say(problems[0][0].upper() + problems[0][1:])

        self.app.jobs.cancel(self.motion_check)  # the record before's check
        self.motion_check = self.app.jobs.submit(
            "motion check", _check_motions_job, record, lambda: self.session.record is not record,
            on_done=done)

    def _scrolling_comment(self) -> None:
        """The comment box scrolls (viewer.fields): a comment longer than its four lines is
        kept whole; only past `fields.MAX_LINES` is it full."""
        from direct.gui import DirectGuiGlobals as DGG

        from viewer import fields

        box = self.panel.comment
        self.fields.scroll(box)
        box.bind(DGG.OVERFLOW, lambda *_event: self.say(
            f"The comment is full ({fields.MAX_LINES} lines): shorten it to add more"))

    def _withhold(self, session):
        """What the player may see of `session`'s record, withheld before any view reads it
        (every way a record comes in passes here): a scenario's stored solution and a lesson's
        answers (`analysis.lessons.student_view`) leave the tree until they are earned.
        Returns (the StoredSolution or None, the LessonRun or None)."""
        from analysis.lessons import student_view

        if getattr(self, "lesson_box", None) is not None:
            self.lesson_box.close()  # the record shown before is whole again first
        return self._hide_solution(session), student_view(session.record)

    def whole_record(self, record):
        """A context in which `record` holds everything withheld from view (a hidden
        solution, a lesson's answers): what a save or an autosave writes."""
        solution = self.solution_of(record)
        return _all_of(solution.attached() if solution is not None else contextlib.nullcontext(),
                       self.lesson_box.attached(record))

    def _hide_solution(self, session):
        """A scenario's stored solution, out of the move list until asked for (once per record)."""
        from scenarios.solution import StoredSolution

        import weakref

        record = session.record
        held = self._solutions.get(id(record))
        if held is None or held[0]() is not record:
            self._solutions = {k: v for k, v in self._solutions.items() if v[0]() is not None}
            held = self._solutions[id(record)] = (weakref.ref(record), StoredSolution.hide(record))
        return held[1]

    def solution_of(self, record):
        """The StoredSolution hidden from `record` (None: it has none, or was never shown)."""
        held = self._solutions.get(id(record))
        return held[1] if held is not None and held[0]() is record else None

    def set_session(self, session: Session, path: Path | None = None) -> None:
        """Show another record (opened file, new game). `records.swap` keeps the one replaced."""
        if self._session_changed in self.session.listeners:
            self.session.listeners.remove(self._session_changed)
        autosaver = getattr(self.app, "autosaver", None)
        if autosaver is not None:
            autosaver.detach(self.session)
        self.cancel_drag()
        self.stop_playback()
        if self.pending is not None:
            self.app.jobs.cancel(self.pending.job)
        self.pending = None
        self.panel.forget_drafts()
        self.session = session
        self.path = path
        if path is not None and self.disk.noted(session) is None:
            self.disk.note(session, path)  # opened from the command line, restored
        session.listeners.append(self._session_changed)
        solution, lesson = self._withhold(session)
        self.app.set_session(session)
        self._follow_scene()
        if autosaver is not None:
            autosaver.whole = self.whole_record
            autosaver.attach(session, path)
        self.log.clear()
        self.refresh()
        self.study.opened(session.record, path)
        self.puzzle_box.attach(session, solution)
        self.editor.follow(session)
        self._check_motions(session.record)
        info = session.record.scenario or {}
        if info.get("title"):  # a puzzle or tutorial: say what it is about
            self.say(f"{info['title']}: {info.get('description', '')}".strip(": "))
        if self.lesson_panel.active:
            self.lesson_panel.close()
        self.lesson_box.attach(session, lesson)
        self.table_log.follow(session)

    def _session_changed(self, what: str) -> None:
        self.refresh_soon()

    def refresh_soon(self) -> None:
        """Bring the panel up to date on the next frame (edits, mode changes)."""
        self._dirty = True
        self.app.wake()

    def refresh(self) -> None:
        """Bring the panel in line with the session (once per frame at most)."""
        self._dirty = False
        s = self.session
        self._clock_line = None
        self.log.follow(s.node)  # the moves up to the cursor: an undone one is gone
        self.panel.refresh_tree(s)
        self.panel.show_annotations(s.node)
        self.graph.refresh(s)
        turn_actions = [] if self.editor.active else self.app.scene.turn_actions(s.node.state)
        self.panel.set_turn_actions([(label, lambda a=a: self.play_action(a))
                                     for label, a in turn_actions] + self.best.buttons())
        self._update_scrub(self.app.clock.playback.time if self.playing else None)
        self.panel.set_playing(self.playing, self.app.clock.speed)
        self.ticks.refresh()
        self.app.wake()

    def clock(self) -> LineClock:
        line = self.session.line()
        pace = PRESENTATION_PACE if self.presentation != "off" else None
        if (self._clock_line is None or self._clock_line.line != line
                or getattr(self._clock_line, "pace", None) is not pace):
            self._clock_line = self.app.line_clock(line, pace=pace)
            self._clock_line.pace = pace
        return self._clock_line

    def comment_stops(self, clock: LineClock) -> tuple[float, ...]:
        """Where a presentation pauses: the line time each commented step's action is done."""
        if self.presentation != "pause":
            return ()
        return tuple(clock.starts[i] + clock.action_spans[i] for i, node in enumerate(clock.line)
                     if i > 0 and node.comment and node.comment.strip())

    def cmd_presentation(self):
        """F5: off -> captions held to be read -> a pause on each comment -> off."""
        order = ("off", "hold", "pause")
        self.presentation = order[(order.index(self.presentation) + 1) % len(order)]
        was_playing, reverse = self.playing, self.app.clock.speed < 0
        if was_playing:
            self.stop_playback()
        pace = PRESENTATION_PACE
        self.say({"off": "Presentation off: the replay keeps the moves' own pace",
                  "hold": f"Presentation: each comment stays {pace.base:g} s + {pace.per_word:g} s "
                          "a word (F5 again: pause on each comment)",
                  "pause": "Presentation: the replay pauses on each comment; Space goes on "
                           "(F5 again: off)"}[self.presentation])
        if was_playing:
            self._start(reverse=reverse)

    def _update_scrub(self, time: float | None = None) -> None:
        clock = self.clock()
        line = clock.line
        index = next(i for i, n in enumerate(line) if n is self.session.node)
        if time is None:
            time = clock.time_of(index)
        frac = time / clock.total if clock.total > 0 else 0.0
        self.panel.set_fraction(frac, f"ply {index} of {len(line) - 1}")

    def say(self, text: str) -> None:
        self.message_text = text
        self.panel.set_message(text)
        if self.panel.message_cut:  # the line shows what fits: the whole text is in the log
            self.log.tell(text)
        self.app.wake()

    def mode_changed(self, old, new) -> None:
        """The mode machine switched (the probe and the panel follow)."""
        self.app.wake()

    @property
    def mode(self) -> str:
        return self.modes.active.name

    def _follow_scene(self) -> None:
        """The scene shown brings its own modes and keys: register them, and listen for
        every key any mode may bind (a key no mode binds now reaches none)."""
        scene = self.app.scene
        if scene is self._modes_of:
            return
        self._modes_of = scene
        self.modes.add_scene_modes(list(scene.modes(self.host)))
        events = {k.event for g in K.PLAY_GROUPS + K.EDIT_GROUPS for k in g}
        for mode in self.modes.modes.values():
            events |= {k.event for g in mode.groups for k in g}
            if mode.scene_keys is not None:
                events |= {k.event for k in scene.keys(mode.scene_keys)}
        for event in sorted(events - self._keys_accepted):
            if not event.endswith("enter"):  # Enter has its own handler (`_enter_key`)
                self.app.accept(event, self._key, [event])
        self._keys_accepted |= events

    def typing(self) -> bool:
        """A text field (the comment box, an editor field) has the keyboard."""
        return self.panel.typing() or self.editor.typing() or (
            hasattr(self, "lesson_panel") and self.lesson_panel.typing()) or (
            hasattr(self, "table_log") and self.table_log.typing())

    # --- the frame ------------------------------------------------------------------------------
    def _frame(self, task):
        app = self.app
        self.modes.sync()
        self.app.jobs.follow(self.session.node)  # work asked about another position is dropped
        if self.pending is not None and self.pending.done():
            self._pending_arrived()
        if self.panel.scrubbing:
            if app.mouseWatcherNode is not None and app.mouseWatcherNode.isButtonDown(MouseButton.one()):
                self.scrub_to(self.panel.mouse_fraction())
            else:
                self.panel.scrub_release()
        self.ticks.frame()
        self._mouse_frame()
        if self.playing:
            self._update_scrub(app.clock.playback.time)
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
        self.modes.sync().key(event)

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

    def run_command(self, cmd: str) -> None:
        if cmd.startswith("cmd_view_seat_"):
            self.cmd_view_seat(int(cmd.rsplit("_", 1)[1]) - 1)
            return
        getattr(self, cmd)()

    def blocked(self) -> bool:
        return self.dialog is not None

    def cmd_leave_field(self) -> None:
        """Esc (or a press elsewhere) in a text field: leave it, its text kept on its node."""
        self.panel.leave_comment()
        self.editor.unfocus()
        self.lesson_panel.unfocus()
        self.table_log.unfocus()
        self.modes.sync()

    def cmd_cancel_drag(self) -> None:
        if self.drag is not None:
            self.cancel_drag()
            self.say("Flick cancelled")

    def cancel_drag(self) -> None:
        d, self.drag = self.drag, None
        if d is not None:
            d.cancel()
            self.app.wake()

    # --- navigation -----------------------------------------------------------------------------
    def go_to(self, node, animate: bool = False) -> None:
        if self.typing():  # the text typed so far stays on the position it was typed on
            self.cmd_leave_field()
        self.stop_playback()
        self.panel.close_menu()
        self.app.scene.deselect()
        self.session.go_to(node)
        if animate:
            self.app.animate_node(node, STEP_ANIM_SECONDS)
        else:
            self.app.clock.stop(finish=False)
            self.app.show_node(node)
        if node.camera:  # the view kept in this position (timeline.views)
            self.app.set_view(self.app.saved_view(node.camera), 0.6)
        self.say(node.prompt or "")  # a tutorial's prompt for this position

    def cmd_back(self):
        if self.session.node.parent is not None:
            self.go_to(self.session.node.parent)

    def cmd_forward(self):
        if self.session.node.variations:
            self.go_to(self.session.node.variations[0], animate=True)

    def cmd_start(self):
        self.go_to(self.session.record.root)

    def cmd_end(self):
        self.go_to(self.session.node.end())

    def _sibling(self, offset: int):
        node = self.session.node
        if node.parent is None:
            return
        sibs = node.parent.variations
        i = sibs.index(node) + offset
        if 0 <= i < len(sibs):
            self.go_to(sibs[i], animate=True)
        else:
            self.say("No other variation here" if len(sibs) == 1 else "No more variations that way")

    def cmd_next_variation(self):
        self._sibling(+1)

    def cmd_previous_variation(self):
        self._sibling(-1)

    # --- playback (the app's one clock, following the cursor along the line) ---------------------
    @property
    def playing(self) -> bool:
        clock = self.app.clock
        return clock.running and clock.follow

    @property
    def speed(self) -> float:
        """Line playback's speed (kept between runs): 0.25x to 4x, negative in reverse."""
        return self.app.clock.speed

    @property
    def playback(self) -> Playback | None:
        """The line playback (None before the first); its speed is the clock's."""
        clock = self.app.clock
        if clock.playback is not None and clock.follow:
            return clock.playback
        return None

    def _start(self, reverse: bool) -> None:
        clock = self.clock()
        index = next(i for i, n in enumerate(clock.line) if n is self.session.node)
        speed = abs(self.app.clock.speed)
        time = clock.time_of(index)
        at_end = time >= clock.total if not reverse else time <= 0
        if at_end:  # play again from the other end
            time = 0.0 if not reverse else clock.total
        self.app.scene.deselect()
        self.app.clock.speed = -speed if reverse else speed
        self.app.clock.run(clock, time, self.app.clock.speed, follow=True, then=self._line_ended)
        if self.app.clock.playback is not None and self.app.clock.playback.playing:
            self.app.clock.playback.stops = self.comment_stops(clock)
        self.panel.set_playing(self.playing, self.app.clock.speed)

    def _line_ended(self) -> None:
        playback = self.app.clock.playback
        if playback is not None and playback.time in playback.stops:
            self.say("Presentation: paused on this comment; Space goes on")
        self.panel.set_playing(False, self.app.clock.speed)
        self.refresh_soon()

    def cmd_play_pause(self):
        if self.playing and self.app.clock.speed > 0:
            self.stop_playback()
        else:
            self._start(reverse=False)

    def cmd_play_reverse(self):
        if self.playing and self.app.clock.speed < 0:
            self.stop_playback()
        else:
            self._start(reverse=True)

    def stop_playback(self) -> None:
        if self.playing:
            self.app.clock.stop()
        self.panel.set_playing(False, self.app.clock.speed)

    def _speed(self, faster: bool) -> None:
        p = Playback(self.clock())
        p.speed = self.app.clock.speed
        (p.faster if faster else p.slower)()
        self.app.clock.speed = p.speed
        if self.playing:
            self.app.clock.playback.speed = p.speed
        self.panel.set_playing(self.playing, p.speed)

    def cmd_faster(self):
        self._speed(True)

    def cmd_slower(self):
        self._speed(False)

    def scrub_to(self, fraction) -> None:
        if fraction is None:
            return
        clock = self.clock()
        self.app.scene.deselect()
        p = Playback(clock)
        pos = p.seek(fraction * clock.total)
        self.app.clock.stop(finish=False)
        node = clock.line[pos.index]
        if node is not self.session.node:
            self.session.go_to(node)
        span = clock.spans[pos.index]
        self.app.show_node(node, pos.t / span if span > 0 else None)
        self._update_scrub(p.time)
        self.panel.set_playing(False, self.app.clock.speed)

    # --- playing moves --------------------------------------------------------------------------
    def play_action(self, action, step=None, intent=None) -> bool:
        """Play `action` at the cursor (a new variation if the line went elsewhere); `intent`:
        what the player meant, where the hand made `action` of it (the node keeps it).

        An action the scene says is simulated (a flick) is resolved on a worker thread; it
        enters the record and plays from its first frame when the result arrives (`step`:
        already simulated, e.g. by the aim's ghost path). True when the action was played or
        is on its way."""
        if self.blocked():
            return False
        if self.editor.active:  # the set-up position is not the game: no move reaches it
            self.say("Setting up: press F2 (Done) to play from this position")
            return False
        if self.pending is not None:
            self.say("Still simulating the last flick")
            return False
        waiting = self.lesson_box.blocks_move()
        if waiting:
            self.say(waiting)
            return False
        self.stop_playback()
        parent = self.session.node
        if step is not None and parent.child_for(str(action)) is None:
            self.app.mark("motion_ready")
            return self._played(parent, action, step, intent)
        if parent.child_for(str(action)) is None and self.app.scene.simulates(action):
            self.pending = Pending(parent, action, self.app.jobs.submit(
                "simulation", _simulate_job, self.session.game, parent.state, action),
                intent=intent)
            self.app.scene.deselect()
            self.say("Simulating the flick...")
            return True
        return self._played(parent, action, None, intent)

    def _pending_arrived(self) -> None:
        job, self.pending = self.pending, None
        self.app.mark("motion_ready")
        job.step, error = job.job.result if job.job.result is not None else (None, job.job.error)
        if error is not None:
            self.say(error)
            return
        if self.session.node is not job.parent:  # the flick belongs where it was made
            self.session.go_to(job.parent)
        self._played(job.parent, job.action, job.step, job.intent)

    def _played(self, parent, action, step, intent=None) -> bool:
        mover = self.session.current_player
        was_new = parent.child_for(str(action)) is None and bool(parent.variations)
        try:
            node = self.session.play(action, step=step, intent=intent)
        except IllegalAction as exc:
            self.say(exc.rule)
            return False
        self.app.scene.deselect()
        steps = [node]
        if (self.session.game.current_player(node.state) == CHANCE
                and not self.table_log.chooses_chance()):  # logged: chance as it came
            self.session.auto_chance()
            cur = self.session.node
            chain = []
            while cur is not node:
                chain.append(cur)
                cur = cur.parent
            steps += reversed(chain)
        lines = []
        for n in steps:
            lines += self.app.scene.event_lines(n)
        self.log.follow(self.session.node)  # (it follows the cursor on every refresh too)
        branched = self._branch_words(steps)
        self.say(branched or (("New variation. " if was_new else "") + " ".join(lines[:2])))
        self.puzzle_box.after_move(node)
        self.lesson_box.after_move(node)

        def after_motion():
            self._follow_turn(mover)

        self.app.animate_steps(parent, steps, then=after_motion)
        return True

    def _branch_words(self, steps) -> str | None:
        """When the chance steps of a play (a card drawn, a deal) went another way than the
        record's line, so that the game goes on in a variation without the player choosing
        one: say so and how to make it the main line (issue 24 point 5). None otherwise, and
        in a puzzle or lesson, whose tries are variations on purpose."""
        if self.puzzle_box.puzzle is not None or self.lesson_box.active:
            return None
        game = self.session.game
        for node in steps:
            parent = node.parent
            if (parent is None or game.current_player(parent.state) != CHANCE
                    or parent.variations[0] is node or node not in parent.variations):
                continue
            there = self._label(parent.variations[0])
            here = self._label(node)
            return (f"{here[:1].upper()}{here[1:]}: the record had {there} here, so this game "
                    f"goes on as a variation (Shift+M makes it the main line)")
        end = self.session.node
        if game.is_terminal(end.state) and not end.is_mainline():
            return ("The game is over in a variation, not on the record's main line "
                    "(Shift+M makes it the main line)")
        return None

    def _follow_turn(self, mover: int) -> None:
        """Hot-seat: when the turn passes and the camera sits at the mover's seat, move it to
        the next player's seat (after the motion has played). A view the user chose (top-down,
        their own angle) is kept."""
        nxt = self.session.current_player
        if mover < 0 or nxt < 0 or nxt == mover:
            return
        headings = list(self.app.scene.seat_headings(self.session.state))
        if len(set(round(h % 360.0, 3) for h in headings)) < 2:
            return  # everyone sits on one side (cooperative games)
        here, seat = self.app.orbit.goal, self.app.preset("seat", mover)
        turned = abs((here.heading - seat.heading + 180.0) % 360.0 - 180.0)
        if turned < 1.0 and abs(here.pitch - seat.pitch) < 1.0:
            self.app.set_view(self.app.preset("seat", nxt), 0.8)

    def cmd_end_turn(self):
        for label, action in self.app.scene.turn_actions(self.session.node.state):
            if label.lower().startswith("end"):
                self.play_action(action)
                return
        self.say("There is no turn to end here")

    def cmd_next_mistake(self):
        self.graph.step_mistake(True)

    def cmd_previous_mistake(self):
        self.graph.step_mistake(False)

    def cmd_analyse(self):
        self.analysis.toggle()

    def cmd_computer_seat(self):
        self.computer.cycle_seat_to_move()

    def cmd_computer_take_back(self):
        self.computer.take_back()

    def cmd_best_shot(self):
        self.best.toggle()

    def cmd_best_play(self):
        self.best.play()

    def cmd_best_add(self):
        self.best.add()

    def cmd_edit_mode(self):
        self.editor.toggle()

    def cmd_table_log(self):
        self.table_log.toggle()

    def cmd_complete(self):
        self.table_log.complete()

    def cmd_new_game(self):
        """Ctrl+N: a new game of any game, played here or logged from a real table."""
        if self.dialog is not None:
            return
        from viewer.newgame import NewGameDialog

        self._open_dialog(NewGameDialog(self.app, self.new_game, on_close=self._dialog_closed))

    def new_game(self, game_name: str, log: bool) -> None:
        """Start a new game of `game_name` (its default players); `log`: logged from a real
        table (log mode, chance as it comes). The record shown before is kept (Ctrl+Z)."""
        from viewer.newgame import new_session

        try:
            session = new_session(game_name, log=log)
        except ValueError as exc:
            self.say(f"No new game: {exc}")
            return
        kept = self.records.swap(session, None, f"a new game of {session.game.title}")
        self.say(("Logging a table game" if log else "New game") + f" of {session.game.title}. "
                 + kept)

    def cmd_lessons(self):
        """F3: the lesson authoring panel (again: closed); on an analysed record with mistakes,
        first a question: write a lesson, or learn from the mistakes."""
        if self.dialog is not None:
            return
        if self.lesson_panel.active or not self.lesson_box.has_mistakes():
            self.lesson_panel.toggle()
            return
        self.ask("Lessons: write one here, or try each marked mistake of this game again?",
                 [("Write a lesson", self.lesson_panel.toggle),
                  ("Learn from mistakes", self.lesson_box.learn_from_mistakes),
                  ("Cancel", None)])

    def cmd_hint(self):
        if self.lesson_box.active:
            self.lesson_box.hint()
            return
        self.puzzle_box.hint()

    # --- edits ----------------------------------------------------------------------------------
    def _edit(self, fn, *args) -> bool:
        self.stop_playback()
        try:
            fn(*args)
        except IllegalAction as exc:
            self.say(exc.rule)
            return False
        self.app.show_node(self.session.node)
        return True

    def cmd_screenshot(self):
        from viewer.autosave import data_dir

        folder = data_dir() / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        n = len(list(folder.glob("flickbook-*.png"))) + 1
        path = folder / f"flickbook-{n:03d}.png"
        self.app.save_png(path)
        self.say(f"Screenshot saved: {path}")

    def cmd_list_up(self):
        self.panel.scroll_by(-10)

    def cmd_list_down(self):
        self.panel.scroll_by(10)

    def cmd_toggle_variations(self):
        self.say(self.panel.moves.toggle_here(self.session.node))

    def cmd_undo(self):
        if self.editor.active:  # setting up: the editor's edits, not the record behind it
            return self.editor.undo()
        self._undo_redo(self.session.undo, self.records.undo, "Undone", "undo")

    def cmd_redo(self):
        if self.editor.active:
            return self.editor.undo(redo=True)
        self._undo_redo(self.session.redo, self.records.redo, "Redone", "redo")

    def _undo_redo(self, step, record_step, done: str, verb: str) -> None:
        """Undo or redo the last edit (then the record swapped before it) and say what it
        was, moves in the game's readable notation."""
        what = step()
        if what:
            what = self.session.last_words or what
        else:
            what = record_step()
        self.app.show_node(self.session.node)
        self.say(f"{done}: {what}" if what else f"Nothing to {verb}")

    def _label(self, node) -> str:
        return self.app.scene.action_label(node) or "the start"

    def cmd_promote(self, node=None):
        node = node or self.session.node
        parent = node.parent
        if parent is None:
            self.say("The starting position has no variations to promote")
            return
        sibs = parent.variations
        if sibs.index(node) == 0:
            self.say(f"{self._label(node)} is the first choice here already"
                     + ("" if len(sibs) > 1 else " (no other variation)"))
            return
        if self._edit(self.session.promote, node):
            k = sibs.index(node)
            where = "the main choice here" if k == 0 else f"choice {k + 1} of {len(sibs)} here"
            self.say(f"Promoted {self._label(node)}: now {where} (Ctrl+Z undoes)")

    def cmd_make_main_line(self, node=None):
        node = node or self.session.node
        moved = sum(1 for n in _ancestry(node) if n.parent is not None
                    and n.parent.variations.index(n) != 0)
        if not moved:
            self.say("This line is the main line already")
            return
        if self._edit(self.session.make_main_line, node):
            self.say(f"The line through {self._label(node)} is the main line now (Ctrl+Z undoes)")

    def cmd_delete_keyframe(self):
        """Delete while a keyframe's tick is selected on the scrub bar: that keyframe."""
        self.ticks.delete_selected()

    def cmd_cycle_setting(self):
        self.ticks.cycle_setting()

    def cmd_delete_from_here(self, node=None):
        node = node or self.session.node
        if node.parent is None:
            self.say("The starting position cannot be deleted")
            return
        label = self._label(node)
        after = _count(node) - 1
        if self._edit(self.session.delete_from_here, node):
            more = f" and the {after} move{'s' if after != 1 else ''} after it" if after else ""
            self.say(f"Deleted {label}{more} (Ctrl+Z brings them back)")

    def cmd_comment(self, text: str, node=None):
        node = node or self.session.node
        if text != node.comment:
            self.session.set_comment(text, node)

    def cmd_glyph(self, glyph: str):
        self.session.toggle_glyph(glyph)

    def cmd_write_comment(self):
        # the N that asked for the box was a key event of this frame: its keystroke has gone
        # by already, so the box starts with the node's text, not an "n"
        if self.dialog is None:
            self.panel.focus_comment(self.session.node)
            self.modes.sync()

    def cmd_clear_drawings(self):
        if self.session.node.drawings:
            self.session.clear_drawings()
            self.app.show_node(self.session.node)

    def add_drawing(self, drawing: Drawing) -> None:
        self.session.add_drawing(drawing)
        self.app.show_node(self.session.node)

    # --- camera ---------------------------------------------------------------------------------
    def cmd_view_top(self):
        self.app.set_view(self.app.preset("top"), 0.6)

    def cmd_view_seat(self, seat: int | None = None):
        players = len(list(self.app.scene.seat_headings(self.session.state)))
        if seat is None:
            seat = self.app.session_player()
        if seat >= players:
            self.say(f"This game has {players} seats")
            return
        self.app.set_view(self.app.preset("seat", seat), 0.6)

    def cmd_save_view(self):
        self.session.set_camera(self.app.view_to_save(self.app.orbit.goal))
        self.say("Camera view kept in this position")

    def _moment(self):
        """The moment shown: the replay's (node, seconds into it), else the cursor at rest."""
        moment = self.app.clock.moment()
        if moment is None or moment[0] is not self.session.node:
            node = self.session.node
            from timeline.playback import node_duration

            return node, node_duration(node)
        return moment

    def cmd_camera_key(self, kind: str = "view"):
        node, t = self._moment()
        self.session.add_camera_key(self.app.view_to_save(self.app.orbit.goal), t, kind=kind,
                                    node=node)
        self.say(("Follow-camera" if kind == "follow" else "Camera") + " keyframe kept at this moment")

    def cmd_follow_key(self):
        self.cmd_camera_key("follow")

    def cmd_note_here(self):
        node, t = self._moment()
        motion = node.stored_motion if node.stored_motion is not None else node.motion
        if motion is None or not motion.piece:
            # no disc in motion here (a placement, a Glik slide, a card): the note is a ring
            # on the table at the middle of the view, for 4 s from this moment
            x, y = (float(v) for v in self.app.orbit.view.target[:2])
            self.session.add_note({"kind": "ring", "duration": 4.0, "fade": 0.3,
                                   "anchor": {"table": [round(x, 4), round(y, 4)]}}, t, node=node)
            self.say("Note kept on the table at the middle of the view, 4 s from this moment")
            return
        self.session.add_note({"kind": "ring", "duration": max(motion.duration - t, 0.0) + 2.0,
                               "fade": 0.3, "anchor": {"disc": motion.piece}}, t, node=node)
        self.say("Note kept on the flicked disc from this moment")

    def cmd_slow_motion(self):
        """Shift+S: a slow-motion stretch starts at the moment shown; Shift+S again at a later
        moment ends it there (one edit, at 0.25x; Shift+B on its tick changes the rate)."""
        from timeline.direction import moment, time_of

        node, t = self._moment()
        here = moment(node, t)
        start, self._slow_from = self._slow_from, None
        if start is None or start[0] is not self.session.record:
            self._slow_from = (self.session.record, here)
            self.say(f"Slow motion from ply {node.ply}, {t:.2f} s: Shift+S again where it ends")
            return
        clock = self.clock()
        a, b = time_of(start[1], clock), time_of(here, clock)
        if a is None or b is None or abs(b - a) < 1e-3:
            self.say("Slow motion needs its end at another moment of this line: Shift+S starts again")
            return
        fro, to = (start[1], here) if a < b else (here, start[1])
        from timeline.direction import with_entry

        self.session.set_direction("slow motion", with_entry(
            self.session.record.direction, "speed", {"from": fro, "to": to, "rate": 0.25}))
        self.say(f"Slow motion (0.25x) for {abs(b - a):.2f} s of the line; Shift+B on its tick "
                 "changes the rate (Ctrl+Z undoes)")

    def cmd_hold(self):
        """Shift+H: the replay stands still for a second at the moment shown."""
        from timeline.direction import moment, with_entry

        node, t = self._moment()
        self.session.set_direction("hold", with_entry(self.session.record.direction, "holds",
                                                      {"at": moment(node, t), "seconds": 1.0}))
        self.say(f"A 1 s hold at ply {node.ply}, {t:.2f} s; Shift+B on its tick: longer (Ctrl+Z undoes)")

    def cmd_mark(self):
        """M: a marker at the moment shown (playing or at rest), for the highlight reel."""
        node, t = self._moment()
        self.session.add_marker(t, node)
        count = len(self.session.record.direction["markers"])
        self.say(f"Marked ply {node.ply} at {t:.2f} s for the highlight reel ({count} marked; "
                 "flickbook export FILE --reel films them)")

    def cmd_reel_review(self):
        """F7: the highlight reel's marked moments on this line, each kept or dropped."""
        if self.dialog is not None:
            return
        from viewer.reel_review import ReelReview

        self._open_dialog(ReelReview(self, on_close=self._dialog_closed))

    # --- dialogs --------------------------------------------------------------------------------
    def _open_dialog(self, dialog) -> None:
        self.stop_playback()
        self.dialog = dialog
        self.modes.sync()

    def _dialog_closed(self) -> None:
        self.dialog = None
        self.panel.leave_comment()  # a dialog's field hands the keys back to the window
        self.modes.sync()
        then, self._after_dialog = self._after_dialog, None
        if then is not None:
            then()

    def held_changed(self) -> None:
        """The records kept behind the shown one changed: the autosave writes each that has
        unsaved changes to a file of its own (a crash loses none of them)."""
        autosaver = getattr(self.app, "autosaver", None)
        if autosaver is not None:
            autosaver.keep_held([(h.session, h.path) for h in self.records.held()[1:]
                                 if h.session.dirty])

    def cmd_help(self):
        """F1: the keys and mouse gestures of the mode on top, for the game shown (the mode's
        own `bindings` and `gestures`: nothing listed that does nothing there)."""
        if isinstance(self.dialog, HelpOverlay):
            self.dialog.close()
            return
        if self.dialog is not None:
            return
        mode = self.modes.active
        lines = help_lines(mode.bindings()) + mode.gestures()
        self._open_dialog(HelpOverlay(self.app, lines, on_close=self._dialog_closed,
                                      title=mode.title()))

    def cmd_escape(self):
        if self.dialog is not None:
            self.dialog.close()
            return
        if self.best.escape():  # a best-shot search stopped, or its arrow hidden
            return
        self.panel.close_menu()
        self.app.scene.deselect()
        self.ticks.deselect()
        self._slow_from = None  # a slow-motion stretch begun with Shift+S is let go
        self.say("")

    def default_path(self) -> Path:
        if self.path is not None:
            return self.path
        from viewer.autosave import data_dir

        return data_dir() / f"{self.session.game.name}-game.flick"

    def cmd_save(self):
        if self.dialog is not None:
            return
        self.save_as_dialog(self.default_path())

    def save_as_dialog(self, default: Path) -> None:
        self._open_dialog(FileDialog(self.app, "save", default, self.save_to,
                                     on_close=self._dialog_closed))

    def save_to(self, path: Path, force: bool = False) -> str | None:
        """Save the record; returns an error message for the dialog, or None. When another
        window or program wrote the file since this window read or wrote it, nothing is
        written yet: once the dialog closes, the window asks (viewer.conflicts); `force`
        writes over it (the answer Keep mine)."""
        if path.suffix == "":
            path = path.with_suffix(".flick")
        theirs = None if force else self.disk.conflict(self.session, path)
        if theirs is not None:
            from viewer.conflicts import ask_save_conflict

            session = self.session
            ask = lambda: ask_save_conflict(self, session, path, theirs)  # noqa: E731
            if self.dialog is not None:
                self._after_dialog = ask
            else:
                ask()
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.write_record(self.session, path)
        except OSError as exc:
            return f"Could not save: {exc.strerror or exc}"
        self.path = path
        autosaver = getattr(self.app, "autosaver", None)
        if autosaver is not None:
            autosaver.set_source(path)  # a restore after a crash saves back here
        self.say(f"Saved {path}")
        return None

    def write_record(self, session, path: Path) -> None:
        """Save `session`'s record to `path`, whole: a hidden solution line and a lesson's
        withheld answers are put back in the file (`whole_record`)."""
        with self.whole_record(session.record):
            save_record(session.record, path)
        session.dirty = False
        self.disk.note(session, path)
        self.held_changed()  # a record saved behind the shown one needs no file of its own

    def cmd_open(self):
        if self.dialog is not None:
            return
        start = self.path or self.default_path()
        self._open_dialog(FileDialog(self.app, "open", start, self.open_path,
                                     on_close=self._dialog_closed))

    def cmd_learn(self):
        if self.dialog is not None:
            return
        from viewer.learning import shelves

        found, note = shelves(self.study)
        self._open_dialog(LearnOverlay(self.app, [], self.open_path, shelves=found, note=note,
                                       on_close=self._dialog_closed))

    def open_path(self, path: Path) -> str | None:
        """Open a file; on any problem the message is returned and the current record stays."""
        from viewer.ondisk import Fingerprint

        fingerprint = Fingerprint.of(path)  # before reading: a write racing the read is seen
        try:
            record = load_record(path)
        except (RecordFileError, OSError, ValueError) as exc:
            return str(exc)
        previous, previous_path = self.session, self.path
        try:
            opened = Session(record)
            self.disk.note(opened, fingerprint)
            kept = self.records.swap(opened, path, f"open {path.name}")
        except Exception as exc:  # noqa: BLE001 - a record this window cannot show: keep ours
            self.set_session(previous, previous_path)
            return f"{path}: cannot be shown ({type(exc).__name__}: {exc})"
        if not (record.scenario or {}).get("title"):  # a scenario says its title instead
            self.say(f"Opened {path}" + (f". {kept}" if kept else ""))
        return None

    def ask(self, text: str, answers) -> None:
        self._open_dialog(Question(self.app, text, answers, on_close=self._dialog_closed))

    # --- mouse ----------------------------------------------------------------------------------
    def pointer(self):
        """The pointer in film coordinates ([-1, 1]), or None outside the window."""
        return self._mouse()

    def _mouse(self):
        mw = self.app.mouseWatcherNode
        if mw is None or not mw.hasMouse():
            return None
        m = mw.getMouse()
        return (m.x, m.y)

    def _pick(self, pos):
        origin, direction = self.app.mouse_ray(*pos)
        return self.app.scene.pick(origin, direction)

    def pick_at(self, pos):
        return self._pick(pos)

    def _over_gui(self) -> bool:
        """The pointer is over a button, a field or a panel (DirectGUI answers that press)."""
        mw = self.app.mouseWatcherNode
        return mw is not None and mw.getOverRegion() is not None

    def _press(self, button: int, mods: str) -> None:
        self.app.wake()
        mode = self.modes.sync()
        if self.drag is not None:
            return  # one drag at a time
        pos = self._mouse()
        if pos is None:
            return
        if self._over_gui():
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
        pos = self._mouse()
        if pos is not None and max(abs(pos[0]), abs(pos[1])) > 1.0:
            pos = None
        if pos is None:
            d.cancel()
        else:
            d.release(pos)
        self.modes.sync()

    def board_press(self, button: int, mods: str, pos) -> Drag | None:
        """Play mode's answer to a press: the scene's own drag (a flick) first, then a click
        that may become an orbit, a pan, or a drawing."""
        pick = self._pick(pos)
        state = self.session.node.state
        if self.pending is None and self.app.shown_state is state:
            drag = self.app.scene.press(state, pick, button, mods, self.host)
            if drag is not None:
                return drag
        if button == 1:
            return (CameraDrag(self, button, pos, "pan") if mods == "shift-"
                    else ClickDrag(self, button, pos, pick))
        if button == 2:
            return CameraDrag(self, button, pos, "orbit")
        if pick.cell is not None:
            return DrawDrag(self, button, pos, pick, mods)
        return CameraDrag(self, button, pos, "pan")

    def editor_press(self, button: int, mods: str, pos) -> Drag | None:
        """Edit mode's answer to a press: the editor's drag (a disc moved), else a click for
        the editor, or the camera."""
        pick = self._pick(pos)
        drag = self.editor.press(pick, button, pos)
        if drag is not None:
            return drag
        if button == 2 or (button == 1 and mods == "shift-"):
            return CameraDrag(self, button, pos, "orbit" if button == 2 else "pan")
        return EditorClick(self, button, pos, pick)

    def _pixels(self, a, b) -> float:
        w, h = self.app.win.getXSize(), self.app.win.getYSize()
        return math.hypot((a[0] - b[0]) * w / 2, (a[1] - b[1]) * h / 2)

    def _mouse_frame(self) -> None:
        pos = self._mouse()
        d = self.drag
        if d is not None:
            if pos is not None and pos != self._last_mouse:
                self._last_mouse = pos
                d.move(pos)
                self.app.wake()
            return
        # the hover line is made again when the pointer moves and whenever the position shown
        # changes under it (a step, playback, an undo): a disc that moved or was atomised is
        # no longer described where it was
        seen = (pos, self.app.shown_changes)
        if seen != self._hovered and self.dialog is None and self.app.shown_state is not None:
            self._hovered = seen
            self._last_mouse = pos
            if pos is not None:
                self.app.wake()
            self.app.scene.hover(self.app.shown_state,
                                 self._pick(pos) if pos is not None else Pick())

    def click(self, pick) -> None:
        """A left click on the scene: select, play, or say which rule forbids it."""
        if self.playing:
            self.stop_playback()
        state = self.session.node.state
        if self.app.shown_state is not state:
            self.app.show_node(self.session.node)
        result = self.app.scene.click(state, pick)
        if result.action is not None:
            self.play_action(result.action)
        else:
            self.say(result.message or "")

    def _wheel(self, factor: float) -> None:
        self.app.wake()
        mode = self.modes.sync()
        if mode.name == "dialog":
            return
        if self._scroll_list(self._mouse(), -1 if factor < 1 else 1, own_event=True):
            return
        mode.wheel(factor)

    def _list_wheel(self, direction: int) -> None:
        """A wheel turn seen by the raw button thrower: it scrolls the move list or the turn
        log when the pointer is anywhere over them (their rows swallow the window's event)."""
        self.app.wake()
        if self.modes.sync().name != "dialog":
            self._scroll_list(self._mouse(), direction, own_event=False)

    def _scroll_list(self, pos, direction: int, own_event: bool) -> bool:
        """Scroll the list under `pos` (wheel up: -1, towards the top); True when one was
        there (a turn log that holds no more than it shows leaves the wheel to the camera). With the raw thrower on, only its event scrolls (else a turn over a gap
        between rows would scroll twice)."""
        over_list = self.over_move_list(pos)
        over_log = not over_list and self.log.contains(pos) and self.log.can_scroll()
        if (over_list or over_log) and own_event and self._raw_wheel:
            return True
        if over_list:
            self.panel.scroll_by(3 * direction)
        elif over_log:
            self.log.scroll_by(direction)
        return over_list or over_log

    def wheel_zoom(self, factor: float) -> None:
        self.app.orbit.zoom(factor)

    def over_move_list(self, pos) -> bool:
        """Whether a mouse position (render2d) lies over the right panel's move list."""
        from viewer.panel import BAR_H, PANEL_W

        if pos is None or self.panel.side.isHidden():
            return False
        aspect = self.app.getAspectRatio()
        return pos[0] * aspect > aspect - PANEL_W and pos[1] > -1 + BAR_H


class ClickDrag(Drag):
    """A left press on the board: a click when released in place, else a camera orbit."""

    def __init__(self, ctl, button, start, pick):
        super().__init__(button, start)
        self.ctl, self.pick, self.orbit = ctl, pick, None

    def move(self, pos):
        if self.orbit is None and self.ctl._pixels(pos, self.start) > DRAG_PIXELS:
            self.orbit = CameraDrag(self.ctl, self.button, self.start, "orbit")
        if self.orbit is not None:
            self.orbit.move(pos)

    def release(self, pos):
        if self.orbit is None:
            self.ctl.click(self.pick)


class DrawDrag(Drag):
    """A right press on the board: an arrow to where it is released, or a marked field."""

    def __init__(self, ctl, button, start, pick, mods):
        super().__init__(button, start)
        self.ctl, self.pick, self.mods = ctl, pick, mods

    def release(self, pos):
        end = self.ctl._pick(pos).cell
        start = self.pick.cell
        colour = {"shift-": "red", "control-": "blue", "alt-": "yellow"}.get(self.mods, "green")
        if end is None or end == start:
            self.ctl.add_drawing(Drawing("highlight", start, None, colour))
        else:
            self.ctl.add_drawing(Drawing("arrow", start, end, colour))


class EditorClick(Drag):
    """Edit mode: a click (not a drag) puts or takes a stone, or marks a goal."""

    def __init__(self, ctl, button, start, pick):
        super().__init__(button, start)
        self.ctl, self.pick = ctl, pick

    def release(self, pos):
        if self.ctl._pixels(pos, self.start) <= DRAG_PIXELS:
            self.ctl.editor.board_click(self.pick, self.button)


def _ancestry(node):
    while node is not None:
        yield node
        node = node.parent


def _count(node) -> int:
    """`node` and every node after it (a long line is no recursion)."""
    count, todo = 0, [node]
    while todo:
        n = todo.pop()
        count += 1
        todo += n.variations
    return count


