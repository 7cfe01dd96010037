"""Playing a move at the cursor: a click on the table, a turn button, a key, the computer or
the best shot all end in `Moves.play`.

A move the scene says is simulated (a flick) is resolved off the frame thread, as a job of
`viewer.jobs` (`Pending`); it enters the record and plays from its first frame when its step
arrives. After each move the turn log and the message line say what happened, the puzzle and
lesson boxes judge it, and a hot-seat camera turns to the next player.
"""
from __future__ import annotations

from games.api import CHANCE, IllegalAction
from viewer.commands.edits import action_label
from viewer.sentences import as_sentences


#: The line time a flick's streamed first frames are played over (longer than any wait for
#: the rest: the preview holds at its last streamed frame until the whole motion comes).
PREVIEW_SPAN = 3600.0


class Stream:
    """What a simulation job has streamed so far: its motion's first frames (or None), set
    on the job thread, read on the frame thread (one attribute: swapped whole)."""

    first = None

    def take(self, first) -> None:
        self.first = first


def _simulate_job(job, scene, state, action, stream):
    """On a job thread: the scene's simulation of one action, streaming its first frames
    into `stream`; (step, None) or (None, why not)."""
    try:
        return scene.simulate(state, action, stream.take), None
    except IllegalAction as exc:
        return None, exc.rule
    except Exception as exc:  # noqa: BLE001 - a failed simulation is a message, not a crash
        return None, f"The flick could not be simulated: {exc}"


class Pending:
    """A move being simulated off the frame thread (a job of viewer.jobs): it enters the
    record at `parent` when its step arrives."""

    def __init__(self, parent, action, job, stream: Stream, intent=None):
        self.parent, self.action, self.job = parent, action, job
        self.intent = intent  # what the hand meant, when a table feel scattered `action`
        self.step = None
        self.stream = stream
        self.preview = None  # the clock's run that plays the streamed frames
        self.shown_at = 0.0  # how far into the motion the preview shows the discs (s)
        self.streamed_first = self.streamed_motion = None  # the stream last shown, as a Motion

    def done(self) -> bool:
        return self.job.finished

    def wait(self, seconds: float | None = None) -> bool:
        return self.job.wait(seconds)


class Moves:
    """Moves played at the cursor; `pending` is the one being simulated (None: none)."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app
        self.pending: Pending | None = None  # an action being resolved off the frame thread

    def commands(self) -> dict:
        return {"end_turn": self.end_turn}

    def play(self, action, step=None, intent=None) -> bool:
        """Play `action` at the cursor (a new variation if the line went elsewhere); `intent`:
        what the player meant, where the hand made `action` of it (the node keeps it).

        An action the scene says is simulated (a flick) is resolved on a worker thread; it
        enters the record and plays from its first frame when the result arrives (`step`:
        already simulated, e.g. by the aim's ghost path). True when the action was played or
        is on its way."""
        ctl, app = self.ctl, self.app
        if ctl.dialog is not None:
            return False
        if ctl.editor.active:  # the set-up position is not the game: no move reaches it
            ctl.say("Setting up: press F2 (Done) to play from this position")
            return False
        if self.pending is not None:
            ctl.say("Still simulating the last flick")
            return False
        waiting = ctl.lesson_box.blocks_move()
        if waiting:
            ctl.say(waiting)
            return False
        ctl.player.stop()
        parent = ctl.session.node
        if step is not None and parent.child_for(str(action)) is None:
            app.mark("motion_ready")
            return self._played(parent, action, step, intent)
        if parent.child_for(str(action)) is None and app.scene.simulates(action):
            stream = Stream()
            self.pending = Pending(parent, action, app.jobs.submit(
                "simulation", _simulate_job, app.scene, parent.state, action, stream),
                stream, intent=intent)
            app.scene.deselect()
            self._simulating(True)
            ctl.say("Simulating the flick...")
            return True
        return self._played(parent, action, None, intent)

    def click(self, pick) -> None:
        """A left click on the scene: select, play, or say which rule forbids it."""
        ctl, app = self.ctl, self.app
        if ctl.player.playing:
            ctl.player.stop()
        state = ctl.session.node.state
        if app.shown_state is not state:
            app.show_node(ctl.session.node)
        result = app.scene.click(state, pick)
        if result.action is not None:
            self.play(result.action)
        else:
            ctl.say(result.message or "")

    def end_turn(self) -> None:
        """E: the scene's turn button that ends the turn, if there is one here."""
        for label, action in self.app.scene.turn_actions(self.ctl.session.node.state):
            if label.lower().startswith("end"):
                self.play(action)
                return
        self.ctl.say("There is no turn to end here")

    def frame(self) -> None:
        """Each frame: a simulated move whose step has come enters the record; until then,
        its first frames play as they are streamed (issue 21: every flick is seen moving
        from its first frame, however long the rest takes to simulate)."""
        if self.pending is None:
            return
        if self.pending.done():
            self._pending_arrived()
        elif self.pending.preview is None and self.pending.stream.first is not None:
            self._start_preview(self.pending)

    def _start_preview(self, pending: Pending) -> None:
        from viewer.clock import Segments

        app = self.app
        if self.ctl.session.node is not pending.parent or app.clock.running:
            return  # the cursor went elsewhere, or something else plays: the motion waits
        app.mark("motion_first_frames")
        app.clock.run(Segments(pending.parent, [pending.parent], lambda node: PREVIEW_SPAN),
                      show=self._show_preview)
        pending.preview = app.clock.playback

    def _show_preview(self, node, fraction) -> None:
        """The clock's frame while a flick is simulated: the position before it, the discs
        where its streamed frames have them (held at the last one until more come)."""
        app, pending = self.app, self.pending
        app.show_node(node)
        if pending is None or fraction is None:
            return
        first = pending.stream.first
        if first is not pending.streamed_first:
            pending.streamed_first = first
            pending.streamed_motion = app.scene.streamed_motion(node.state, first)
        if pending.streamed_motion is None:
            return
        pending.shown_at = min(fraction * PREVIEW_SPAN, first.duration)
        app.scene.show_motion(pending.streamed_motion, pending.shown_at)

    def _previewing(self, pending: Pending) -> bool:
        clock = self.app.clock
        return pending.preview is not None and clock.playback is pending.preview and clock.running

    def cancel(self) -> None:
        """The record shown is replaced: a move still simulating is dropped."""
        if self.pending is not None:
            self.app.jobs.cancel(self.pending.job)
            if self._previewing(self.pending):
                self.app.clock.stop(finish=False)
        self.pending = None
        self._simulating(False)

    def _simulating(self, on: bool) -> None:
        """The status line says a move is being simulated (the scene's `move_simulating`)."""
        scene = self.app.scene
        if scene is not None and scene.move_simulating != on:
            scene.move_simulating = on
            self.app.refresh_status()

    def _pending_arrived(self) -> None:
        job = self.pending
        previewed = self._previewing(job)
        self.pending = None
        self._simulating(False)
        self.app.mark("motion_ready")
        job.step, error = job.job.result if job.job.result is not None else (None, job.job.error)
        if error is not None:
            if previewed:
                self.app.clock.stop(finish=False)
                self.app.show_node(self.ctl.session.node)
            self.ctl.say(error)
            return
        if self.ctl.session.node is not job.parent:  # the flick belongs where it was made
            self.ctl.session.go_to(job.parent)
        self._played(job.parent, job.action, job.step, job.intent,
                     at=job.shown_at if previewed else 0.0)

    def _played(self, parent, action, step, intent=None, at: float = 0.0) -> bool:
        ctl, app = self.ctl, self.app
        session = ctl.session
        mover = session.current_player
        was_new = parent.child_for(str(action)) is None and bool(parent.variations)
        try:
            node = session.play(action, step=step, intent=intent)
        except IllegalAction as exc:
            ctl.say(exc.rule)
            return False
        app.scene.deselect()
        steps = [node]
        if (session.game.current_player(node.state) == CHANCE
                and not ctl.table_log.chooses_chance()):  # logged: chance as it came
            session.auto_chance()
            cur = session.node
            chain = []
            while cur is not node:
                chain.append(cur)
                cur = cur.parent
            steps += reversed(chain)
        lines = []
        for n in steps:
            lines += app.scene.event_lines(n)
        ctl.log.follow(session.node)  # (it follows the cursor on every refresh too)
        branched = self._branch_words(steps)
        told = branched or as_sentences((["New variation"] if was_new else []) + lines[:2])
        moving = branched is None and any(app.step_span(n) > 0 for n in steps)
        # the result is told when it is shown: a flick's once its discs have stopped, never
        # while they still slide (it came 270 ms before the disc was seen moving)
        label = action_label(app, node)
        naming = as_sentences((["New variation"] if was_new else [])
                              + [label[:1].upper() + label[1:] + "..."])
        ctl.say(naming if moving else told)
        ctl.puzzle_box.after_move(node)
        ctl.lesson_box.after_move(node)

        def after_motion():
            # told unless something said since has the line (a puzzle solved, a lesson's verdict)
            if moving and ctl.session.node is steps[-1] and ctl.message_text == naming:
                ctl.say(told)
            self._follow_turn(mover)

        app.animate_steps(parent, steps, then=after_motion, at=at)
        return True

    def _branch_words(self, steps) -> str | None:
        """When the chance steps of a play (a card drawn, a deal) went another way than the
        record's line, so that the game goes on in a variation without the player choosing
        one: say so and how to make it the main line (issue 24 point 5). None otherwise, and
        in a puzzle or lesson, whose tries are variations on purpose."""
        ctl = self.ctl
        if ctl.puzzle_box.puzzle is not None or ctl.lesson_box.active:
            return None
        game = ctl.session.game
        for node in steps:
            parent = node.parent
            if (parent is None or game.current_player(parent.state) != CHANCE
                    or parent.variations[0] is node or node not in parent.variations):
                continue
            there = action_label(self.app, parent.variations[0])
            here = action_label(self.app, node)
            return (f"{here[:1].upper()}{here[1:]}: the record had {there} here, so this game "
                    f"goes on as a variation (Shift+M makes it the main line)")
        end = ctl.session.node
        if game.is_terminal(end.state) and not end.is_mainline():
            return ("The game is over in a variation, not on the record's main line "
                    "(Shift+M makes it the main line)")
        return None

    def _follow_turn(self, mover: int) -> None:
        """Hot-seat: when the turn passes and the camera sits at the mover's seat, move it to
        the next player's seat (after the motion has played). A view the user chose (top-down,
        their own angle) is kept."""
        app, session = self.app, self.ctl.session
        nxt = session.current_player
        if mover < 0 or nxt < 0 or nxt == mover:
            return
        headings = list(app.scene.seat_headings(session.state))
        if len(set(round(h % 360.0, 3) for h in headings)) < 2:
            return  # everyone sits on one side (cooperative games)
        here, seat = app.orbit.goal, app.preset("seat", mover)
        turned = abs((here.heading - seat.heading + 180.0) % 360.0 - 180.0)
        if turned < 1.0 and abs(here.pitch - seat.pitch) < 1.0:
            app.set_view(app.preset("seat", nxt), 0.8)
