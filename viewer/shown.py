"""The record the window shows, and the one way to show another (`Shown.set_session`: an open,
a new game, an undo of either, a restore after a crash, a reopen).

Every record that comes in passes `withhold` before any view reads it: a scenario's stored
solution and a lesson's answers leave the tree until they are earned (issue 20 point 1), and
`whole_record` puts them back for what writes the file. A record with stored flicks is
simulated again in the background (`check_motions`) to say if this machine's physics would
not reproduce it bit for bit.
"""
from __future__ import annotations

import contextlib
import weakref
from pathlib import Path

from analysis.lessons import student_view
from scenarios.solution import StoredSolution
from timeline import Session, verify_motions


def _check_motions_job(job, record, left):
    """On a job thread: the record's stored flicks simulated again (timeline.verify_motions),
    stopping once the job is cancelled or the record is `left()`."""
    try:
        return verify_motions(record, lambda: job.cancelled() or left())
    except Exception as exc:  # noqa: BLE001 - a check that fails must not stop the viewer
        return [f"the check could not run: {exc}"]


@contextlib.contextmanager
def _all_of(*contexts):
    """Enter `contexts` in order, leave them in reverse."""
    with contextlib.ExitStack() as stack:
        for context in contexts:
            stack.enter_context(context)
        yield


class Shown:
    """Swaps the controller's `session` and `path` and brings every part of the window to the
    new record; keeps what is withheld from each record, and its motion check."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app
        self._solutions: dict = {}  # id(record) -> (weak record, its StoredSolution or None)
        self.motion_check = None  # the job checking the shown record's stored flicks

    def listen(self, session: Session) -> None:
        """Every change of `session` refreshes the panel on the next frame."""
        session.listeners.append(self._changed)

    def _changed(self, what: str) -> None:
        self.ctl.refresh_soon()

    def set_session(self, session: Session, path: Path | None = None) -> None:
        """Show another record (opened file, new game). `records.swap` keeps the one replaced."""
        ctl, app = self.ctl, self.app
        if self._changed in ctl.session.listeners:
            ctl.session.listeners.remove(self._changed)
        autosaver = getattr(app, "autosaver", None)
        if autosaver is not None:
            autosaver.detach(ctl.session)
        ctl.cancel_drag()
        ctl.player.stop()
        ctl.moves.cancel()
        ctl.panel.forget_drafts()
        ctl.session = session
        ctl.path = path
        if path is not None and ctl.disk.noted(session) is None:
            ctl.disk.note(session, path)  # opened from the command line, restored
        self.listen(session)
        solution, lesson = self.withhold(session)
        app.set_session(session)
        ctl.follow_scene()
        if autosaver is not None:
            autosaver.whole = self.whole_record
            autosaver.attach(session, path)
        ctl.log.clear()
        ctl.refresh()
        ctl.study.opened(session.record, path)
        ctl.puzzle_box.attach(session, solution)
        ctl.editor.follow(session)
        info = session.record.scenario or {}
        if info.get("title"):  # a puzzle or tutorial: say what it is about
            ctl.say(f"{info['title']}: {info.get('description', '')}".strip(": "))
        self.check_motions(session.record)  # after: a physics it cannot simulate is said last
        if ctl.lesson_panel.active:
            ctl.lesson_panel.close()
        ctl.lesson_box.attach(session, lesson)
        ctl.table_log.follow(session)

    # --- what the player may not see yet --------------------------------------------------------
    def withhold(self, session):
        """What the player may see of `session`'s record, withheld before any view reads it
        (every way a record comes in passes here): a scenario's stored solution and a lesson's
        answers (`analysis.lessons.student_view`) leave the tree until they are earned.
        Returns (the StoredSolution or None, the LessonRun or None)."""
        lesson_box = getattr(self.ctl, "lesson_box", None)
        if lesson_box is not None:
            lesson_box.close()  # the record shown before is whole again first
        return self._hide_solution(session), student_view(session.record)

    def whole_record(self, record):
        """A context in which `record` holds everything withheld from view (a hidden
        solution, a lesson's answers): what a save or an autosave writes."""
        solution = self.solution_of(record)
        return _all_of(solution.attached() if solution is not None else contextlib.nullcontext(),
                       self.ctl.lesson_box.attached(record))

    def solution_of(self, record):
        """The StoredSolution hidden from `record` (None: it has none, or was never shown)."""
        held = self._solutions.get(id(record))
        return held[1] if held is not None and held[0]() is record else None

    def _hide_solution(self, session):
        """A scenario's stored solution, out of the move list until asked for (once per record)."""
        record = session.record
        held = self._solutions.get(id(record))
        if held is None or held[0]() is not record:
            self._solutions = {k: v for k, v in self._solutions.items() if v[0]() is not None}
            held = self._solutions[id(record)] = (weakref.ref(record), StoredSolution.hide(record))
        return held[1]

    # --- the stored flicks, simulated again -----------------------------------------------------
    def check_motions(self, record) -> None:
        """Simulate the record's stored flicks again in the background and say if any differ.

        The stored motion is what plays either way; this only tells the user that this
        machine's physics would not reproduce the file bit for bit.
        """
        ctl = self.ctl
        motion = record.game.motion
        refused = (motion.unavailable(motion.physics_of(record.root.state))
                   if motion is not None and motion.physics_of is not None else None)
        if refused is not None:  # nothing to simulate by: said at once, whatever it stores
            self.app.jobs.cancel(self.motion_check)
            self.motion_check = None
            ctl.say(refused[0].upper() + refused[1:])
            return
        if not any(n.stored_motion is not None for n in record.nodes()):
            return

        def done(job):
            problems = job.result
            flicks = getattr(problems, "flicks", problems)  # the physics version's note is no flick
            if ctl.session.record is record and flicks:
                count = len(flicks)
                ctl.say(f"{count} stored flick{'s' if count > 1 else ''} differ from a fresh "
                        f"simulation; the stored motion plays ({problems[0]})")
            elif ctl.session.record is record and problems:
                ctl.say(problems[0][0].upper() + problems[0][1:])

        self.app.jobs.cancel(self.motion_check)  # the record before's check
        self.motion_check = self.app.jobs.submit(
            "motion check", _check_motions_job, record, lambda: ctl.session.record is not record,
            on_done=done)
