"""“Analyse this game” from the window (F6): the analysis engine runs on a copy of the record
in a worker process, the message line counts the positions done and the win-chance graph
fills in as they finish; F6 again (or Esc) cancels it. When it ends its findings (each
main-line node's `analysis`, the glyph and comment it earned, the better moves as
variations) enter the record as one edit, which Ctrl+Z takes back like any other.

The frame thread only reads the worker's queue; the record the window shows is never touched
from another thread.
"""
from __future__ import annotations

import multiprocessing
import queue as queue_module

#: Rollouts per position the window asks for at most (the game's default when it is less).
WINDOW_BUDGET = 40


def analyse_in_worker(data: dict, out, budget: int) -> None:
    """In the worker: analyse the record `data` (record_to_json) and put the progress
    ("node", ply, win), then ("done", record_to_json) or ("error", text) on `out`."""
    try:
        from concurrent.futures import ThreadPoolExecutor

        from analysis.record import analyse_record
        from analysis.registry import analyser_for
        from timeline.fileformat import record_from_json, record_to_json

        record = record_from_json(data)
        analyser = analyser_for(record.game.name)
        budget = min(budget, getattr(analyser, "default_budget", budget))  # quick, not thorough
        with ThreadPoolExecutor(1) as executor:  # one at a time: the batches arrive in turn
            analyse_record(record, budget=budget, executor=executor, progress=False,
                           analyser=analyser,
                           on_node=lambda ply, figures: out.put(("node", ply,
                                                                 figures.get("win"))))
        out.put(("done", record_to_json(record)))
    except Exception as exc:  # noqa: BLE001 - reported in the window
        out.put(("error", f"{type(exc).__name__}: {exc}"))


class GameAnalysis:
    """The analysis under way (at most one): its worker, the record it belongs to, what the
    worker has said so far."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.worker = None
        self.queue = None
        self.record = None
        self.done_plies: dict[int, list] = {}
        self.total = 0
        self.finished = 0  # analyses that entered a record (tests wait on it)
        ctl.app.frame.add("jobs", self._frame, "flickbook-game-analysis")

    @property
    def running(self) -> bool:
        return self.worker is not None

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
        context = multiprocessing.get_context("spawn")
        self.queue = context.Queue()
        self.worker = context.Process(target=analyse_in_worker, name="flickbook-analysis",
                                      args=(record_to_json(self.record), self.queue,
                                            WINDOW_BUDGET), daemon=True)
        self.worker.start()
        ctl.say(f"Analysing this game: 0 of {self.total} positions (F6 cancels)")

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.terminate()
            self.worker.join(5)
        self.worker = self.queue = None
        self.done_plies = {}
        self.ctl.graph.preview = None
        self.ctl.refresh_soon()

    def _frame(self, task):
        if self.worker is None:
            return task.cont
        ctl = self.ctl
        if ctl.session.record is not self.record:
            self.cancel()  # another record is shown: this one's analysis is dropped
            return task.cont
        while self.worker is not None:
            try:
                message = self.queue.get_nowait()
            except queue_module.Empty:
                break
            self._heard(message)
        if self.worker is not None and not self.worker.is_alive() and self.queue.empty():
            self.cancel()
            ctl.say("The analysis stopped without a result")
        return task.cont

    def _heard(self, message) -> None:
        ctl = self.ctl
        kind = message[0]
        if kind == "node":
            _, ply, win = message
            if win is not None:
                self.done_plies[ply] = list(win)
            ctl.graph.preview = dict(self.done_plies)
            ctl.say(f"Analysing this game: {len(self.done_plies)} of {self.total} positions "
                    f"(F6 cancels)")
            ctl.refresh_soon()
        elif kind == "error":
            self.cancel()
            ctl.say(f"The analysis failed: {message[1]}")
        elif kind == "done":
            data = message[1]
            self.worker.join(5)
            self.worker = self.queue = None
            ctl.graph.preview = None
            self._enter(data)

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

