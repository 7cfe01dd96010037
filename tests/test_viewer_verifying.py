"""The editors' shared Verify (viewer.editing.Verifying): the work runs off the frame thread (a
job of the window's job service), the panel counts its seconds meanwhile, and the verdict
reaches the model on the frame thread with the set-up it was found for; an error is said in
words, never lost in the thread."""
from __future__ import annotations

import threading
from types import SimpleNamespace

from viewer.editing import Verifying
from viewer.jobs import Jobs

JOBS = Jobs()  # the window's job service, which runs the work


class Verdict:
    def words(self):
        return "expert 90 %"


class Model:
    def __init__(self):
        self.accepted = []

    def accept(self, result, key):
        self.accepted.append((result, key))

    def result_words(self):
        return "Verified" if self.accepted else "Not verified"


class Editor(Verifying):
    """Just what Verifying needs of an editor."""

    def __init__(self):
        self.model, self.said, self.frame = Model(), [], object()
        self.result_label = {"text": ""}
        self.host = self  # what it says goes to the host's message line: kept here
        self.jobs = JOBS  # and its job service
        self.refreshed = 0

    def say(self, text):
        self.said.append(text)

    def _refresh_panel(self):
        self.refreshed += 1
        self.result_label["text"] = self.verify_words()


def test_the_verdict_reaches_the_model_with_its_key_when_the_work_ends():
    ed, go, verdict = Editor(), threading.Event(), Verdict()

    def work():
        assert threading.current_thread() is not threading.main_thread()
        go.wait(10)
        return verdict

    ed.start_verify(work, "position-1")
    assert ed.said == ["Verifying..."] and ed.result_label["text"] == "Verifying... 0 s"
    ed._poll(None)  # a frame while it runs: nothing taken in yet
    assert ed.model.accepted == [] and ed._job is not None
    go.set()
    ed.wait()
    assert ed.model.accepted == [(verdict, "position-1")] and ed._job is None
    assert ed.said[-1] == "expert 90 %" and ed.result_label["text"] == "Verified"


def test_an_error_in_the_work_is_said_and_nothing_is_accepted():
    ed = Editor()

    def work():
        raise ValueError("the goal names no piece")

    ed.start_verify(work, "k")
    ed.wait()
    assert ed.said[-1] == "Could not verify: the goal names no piece"
    assert ed.model.accepted == [] and ed._job is None


def test_a_running_job_is_not_taken_for_finished_while_the_panel_is_closed():
    ed, go = Editor(), threading.Event()
    ed.start_verify(lambda: go.wait(10) and Verdict(), "k")
    ed.frame = None  # the editor left edit mode meanwhile
    ed._poll(None)
    assert ed._job is not None and ed.model.accepted == []
    go.set()
    ed.wait()
    assert len(ed.model.accepted) == 1
