"""“Analyse this game” from the window (F6): the analysis engine runs on a copy of the record
in the window's game-analysis worker process (a job of viewer.jobs, process lane, its own
worker: the best shot and the computer's move never wait for it), the message line counts the
positions done and the win-chance graph fills in as they finish; F6 again (or Esc) cancels it.
When it ends its findings (each main-line node's `analysis`, the glyph and comment it earned,
the better moves as variations) enter the record as one edit, which Ctrl+Z takes back like any
other. A worker that dies says so on the message line.

The record the window shows is never touched from another thread or process: the job's
progress and answer are taken in on the frame thread.
"""
from __future__ import annotations

#: Rollouts per position the window asks for at most (the game's default when it is less).
WINDOW_BUDGET = 40
#: The process lane's worker F6 runs in (its process: flickbook-game-analysis).
WORKER = "game-analysis"


def analyse_for_window(data: dict, budget: int, on_progress=None, executor=None) -> dict:
    """In the worker: analyse the record `data` (record_to_json) and give it back analysed
    (record_to_json); `on_progress(done, planned, (ply, win))` as each position is done, its
    batches one at a time on the worker's `executor`."""
    from analysis.executors import InProcessExecutor
    from analysis.record import analyse_record
    from analysis.registry import analyser_for
    from timeline.fileformat import record_from_json, record_to_json

    record = record_from_json(data)
    analyser = analyser_for(record.game.name)
    budget = min(budget, getattr(analyser, "default_budget", budget))  # quick, not thorough
    planned = len(record.mainline())
    done = [0]

    def on_node(ply, figures):
        done[0] += 1
        if on_progress is not None:
            on_progress(done[0], planned, (ply, figures.get("win")))

    analyse_record(record, budget=budget, executor=executor or InProcessExecutor(),
                   progress=False, analyser=analyser, on_node=on_node)
    return record_to_json(record)


class GameAnalysis:
    """The analysis under way (at most one): its job, the record it belongs to, what the
    worker has said so far."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.job = None  # its viewer.jobs.Job
        self.record = None
        self.done_plies: dict[int, list] = {}
        self.total = 0
        self.finished = 0  # analyses that entered a record (tests wait on it)
        ctl.app.frame.add("jobs", self._frame, "flickbook-game-analysis")

    @property
    def running(self) -> bool:
        return self.job is not None

    def toggle(self) -> None:
        """F6: start analysing the shown record, or cancel the analysis under way."""
        if self.running:
            self.cancel()
            self.ctl.say("Analysis cancelled; the record is as it was")
            return
        from timeline.fileformat import record_to_json

        ctl = self.ctl
        self.record = ctl.session.record
        self.total = len(self.record.mainline())
        self.done_plies = {}
        self.job = ctl.app.jobs.submit(
            "game analysis", "viewer.analysing:analyse_for_window", record_to_json(self.record),
            WINDOW_BUDGET, lane="process", worker=WORKER, on_progress=self._node,
            on_done=self._done, on_error=self._failed)
        ctl.say(f"Analysing this game: 0 of {self.total} positions (F6 cancels)")

    def cancel(self) -> None:
        self.ctl.app.jobs.cancel(self.job)
        self.job = None
        self.done_plies = {}
        self.ctl.graph.preview = None
        self.ctl.refresh_soon()

    def _frame(self, task):
        if self.job is not None and self.ctl.session.record is not self.record:
            self.cancel()  # another record is shown: this one's analysis is dropped
        return task.cont

    def _node(self, job) -> None:
        if job is not self.job or job.partial is None:
            return
        ctl = self.ctl
        ply, win = job.partial
        if win is not None:
            self.done_plies[ply] = list(win)
        ctl.graph.preview = dict(self.done_plies)
        ctl.say(f"Analysing this game: {len(self.done_plies)} of {self.total} positions "
                f"(F6 cancels)")
        ctl.refresh_soon()

    def _failed(self, job) -> None:
        if job is not self.job:
            return
        self.cancel()
        self.ctl.say("The analysis stopped without a result" if job.lost
                     else f"The analysis failed: {job.error}")

    def _done(self, job) -> None:
        if job is not self.job:
            return
        self.job = None
        self.ctl.graph.preview = None
        self._enter(job.result)

    def _enter(self, data: dict) -> None:
        """The analysed copy's findings into the shown record, as one undoable edit."""
        from timeline.fileformat import record_from_json

        ctl = self.ctl
        record = self.record
        copy = record_from_json(data)
        live, found = record.mainline(), copy.mainline()
        if [n.action_text for n in live] != [n.action_text for n in found]:
            ctl.say("The main line changed while it was analysed: F6 to analyse it again")
            return
        changes = []
        for node, result in zip(live, found):
            children = []
            for child in result.variations:  # the copy dropped its own stale alternatives
                mine = node.child_for(child.action_text)
                if mine is None:  # a better move the engine found: moved into this record
                    child.parent, child.record = node, record
                    mine = child
                children.append(mine)
            kept = {c.action_text for c in result.variations}
            children += [c for c in node.variations if c.action_text not in kept
                         and not (c.analysis or {}).get("alternative")]  # the user's own
            changes.append((node, {"analysis": result.analysis, "glyphs": list(result.glyphs),
                                   "comment": result.comment, "variations": children}))
        ctl.session.set_fields("analyse the game", changes)
        self.finished += 1
        marks = sum(1 for n in live if (n.analysis or {}).get("glyph"))
        ctl.say(f"Analysed {len(live)} positions: {marks} mistake{'s' if marks != 1 else ''} "
                f"marked (] and [ step to them, Ctrl+Z takes the analysis back)")

