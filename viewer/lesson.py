"""A lesson in the window: the question box, the answer checked in the background, hints in
tiers and the score (the model is analysis/lessons; this only shows it and plays it out).

Opened (from the Learn list or `flickbook open FILE`), a lesson goes to its first question and
hides what follows. A move played there is checked on a worker thread by the game's house
("Checking your answer..." meanwhile; a Glonk flick is explored under the hand's scatter). A
wrong answer says why and plays out what comes of it (the refutation, or the flick as it went),
then the window goes back to the question; a right one brings back the author's line and plays
on to the next question, or to the end and the score. H (or the Hint button) shows the next
tier of hint.
"""
from __future__ import annotations

from analysis.lessons import LessonRun, Verdict, mistake_questions, student_view

#: The box's width (aspect2d units); the layout (viewer.layout) gives it its place, below the
#: status lines, and its height is its measured words'.
BOX_W = 1.2
#: Where the box's buttons sit inside it (x, z from its top-left corner).
BUTTON_SPOTS = {"hint": (BOX_W - 0.16, -0.05), "again": (BOX_W - 0.16, -0.12)}
BUTTONS_H = 0.16


def button_spot(name: str, box, height: int) -> tuple[float, float]:
    """A lesson box button's centre in a2dTopLeft units, the box being where the layout put it
    (`box`: its pixels as the probe's "layout" reports them, the window `height` pixels high;
    for tests that click it)."""
    from viewer.layout import box_origin

    x0, z0 = box_origin(box, height)
    x, z = BUTTON_SPOTS[name]
    return x0 + x, z0 + z


class Judging:
    """The house's verdict on one answer, found by a job of the window's job service (thread
    lane: the house may explore a flick under the hand's scatter)."""

    def __init__(self, run: LessonRun, node, jobs):
        self.node = node
        self.verdict: Verdict | None = None
        self.error: str | None = None
        self.job = jobs.submit("lesson check", self._run, run)

    def _run(self, job, run) -> None:
        try:
            self.verdict = run.judge(self.node.action, self.node.step)
        except Exception as exc:  # noqa: BLE001 - a check that fails says so, never a traceback
            self.error = f"The answer could not be checked: {exc}"

    def done(self) -> bool:
        return self.job.finished


class LessonBox:
    """Top left: the lesson's title, the question, its accept rule, the check's status, the
    hints shown so far, and at the end the score."""

    def __init__(self, controller):
        self.ctl = controller
        self.app = controller.app
        self.run: LessonRun | None = None
        self.frame = None
        self.labels: dict = {}
        self.buttons: dict = {}
        self.judging: Judging | None = None
        self.status = ""  # "asking", "checking", "wrong", "right", "done"
        self.last_why = ""
        self.title_override: str | None = None
        self._after = None  # (node, then) once the clock has played a line
        self.app.frame.add("jobs", self._frame, "flickbook-lesson")

    @property
    def active(self) -> bool:
        return self.run is not None

    # --- following the session ----------------------------------------------------------------
    def attach(self, session, run: LessonRun | None = None) -> None:
        """Follow `session`: a lesson goes to its first question; anything else hides the box.
        `run`: what `student_view` already withheld of the record, before the window's views
        first read it (`viewer.shown.Shown.set_session`); else it is withheld here."""
        if self.run is not run:
            self.close()
        withheld_here = run is None
        if run is None:
            run = student_view(session.record)
        if run is None or not run.questions:
            return
        self._follow(run, session)
        if withheld_here:  # the views may have read the whole tree (F3 closed on a lesson):
            session.tree_changed()  # they lose what was withheld, the answers in the move list
        self._build()
        self._ask()

    def _follow(self, run: LessonRun, session) -> None:
        """Take `run` on; each continuation it withholds or gives back reaches the views."""
        self.run = run
        run.on_change = session.tree_changed

    def has_mistakes(self) -> bool:
        """Whether the record's main line has mistakes the analysis marked (and no lesson runs)."""
        return self.run is None and any((n.analysis or {}).get("glyph")
                                        for n in self.ctl.session.record.mainline())

    def learn_from_mistakes(self) -> None:
        """On an analysed record: a question at each mistake, asked again as in a lesson."""
        if self.run is not None and self.title_override is None:
            self.ctl.say("This is a lesson already: answer its questions")
            return
        record = self.ctl.session.record
        try:
            questions = mistake_questions(record)
        except ValueError as exc:
            self.ctl.say(str(exc))
            return
        if not questions:
            self.ctl.say("No mistakes to learn from: analyse the game first (F6)")
            return
        self.close()
        self._follow(student_view(record, questions), self.ctl.session)
        self.ctl.session.tree_changed()  # the views lose what student_view withheld
        self.title_override = "Learn from your mistakes"
        self._build()
        self._ask()

    def close(self) -> None:
        self.title_override = None
        if self.run is not None:
            self.run.unhide()  # the record is whole again (another record, or the author's F3)
            self.run.on_change = None
        self.run = None
        self.judging = None
        self._after = None
        self.status = ""
        if self.frame is not None:
            self.frame.destroy()
            self.app.screen.release("lesson")
            self.frame = None

    def attached(self, record):
        """For a save: the hidden answer back in the file (see LessonRun.attached)."""
        from contextlib import nullcontext

        if self.run is not None and self.run.record is record:
            return self.run.attached()
        return nullcontext()

    # --- the box ----------------------------------------------------------------------------------
    def _build(self) -> None:
        from viewer.editing import gui
        from viewer.panel import BG, TEXT, _button

        from viewer.layout import SMALL, TITLE

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
        f = DirectFrame(parent=self.app.a2dTopLeft, frameColor=(*BG[:3], 0.86),
                        frameSize=(0, BOX_W, -0.3, 0), pos=(0.03, 0, -0.27))
        self.frame = f

        def text(name, scale, fg):
            self.labels[name] = DirectLabel(
                parent=f, text="", text_scale=scale, text_fg=fg,
                frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft)
            self.scales[name] = scale

        self.scales = {}
        text("title", TITLE, (0.98, 0.84, 0.30, 1))
        text("question", SMALL, TEXT)
        text("accept", SMALL, (0.70, 0.72, 0.76, 1))
        text("status", SMALL, (0.75, 0.95, 0.75, 1))
        text("hints", SMALL, (0.6, 0.85, 1, 1))
        x, z = BUTTON_SPOTS["hint"]
        self.buttons["hint"] = _button(f, "Hint (H)", self.hint, (x, 0, z), width=0.26,
                                       height=0.06, scale=SMALL)
        x, z = BUTTON_SPOTS["again"]
        self.buttons["again"] = _button(f, "Try again", self.back_to_question,
                                        (x, 0, z), width=0.26, height=0.06, scale=SMALL)

    def _show(self) -> None:
        run = self.run
        if run is None or self.frame is None:
            return
        q = run.current
        texts = {"title": self.title_override or run.title}
        if q is None:
            texts["question"] = run.score_words()
            texts["accept"] = texts["hints"] = ""
            self.buttons["hint"].hide()
            self.buttons["again"].hide()
        else:
            texts["question"] = f"Question {q.number} of {len(run.questions)}: {q.text}"
            words = run.house.accept_words(q.node.state, q.accept)
            texts["accept"] = f"Accepted: {words[:1].lower()}{words[1:]}"
            shown = run.hints_shown()
            texts["hints"] = "\n".join(f"{i + 1}. {h}" for i, h in enumerate(shown))
            self.buttons["hint"].show()
            self.buttons["hint"]["text"] = "Hint (H)" if q.hints else "No hints"
            self.buttons["again"].show()
        colours = {"wrong": (1.0, 0.55, 0.45, 1), "checking": (0.95, 0.9, 0.55, 1)}
        self.labels["status"]["text_fg"] = colours.get(self.status, (0.75, 0.95, 0.75, 1))
        texts["status"] = self._status_words()
        self._texts = texts
        self._measure()
        self.app.wake()

    def _stack(self, names) -> float:
        """Lay `names`' words out down the box (measured; the first lines wrap left of the
        buttons, the rest take the box's width); the others hidden. Returns the height."""
        from viewer.layout import Stack

        narrow, wide = BOX_W - 0.36, BOX_W - 0.06
        stack = Stack()
        for name in ("title", "question", "accept", "status", "hints"):
            if name not in names:
                self.labels[name].hide()
                continue
            width = narrow if stack.height < BUTTONS_H else wide
            stack.add(self.labels[name], self._texts.get(name, ""), self.scales[name], width)
        return max(stack.height, BUTTONS_H) + 0.02

    FOLDED = ("title", "question", "status")
    FULL = ("title", "question", "accept", "status", "hints")

    def _measure(self) -> None:
        """Ask the layout for the box's room: all of it, or folded to the title, the
        question and the check's status when the column is short."""
        folded = self._stack(self.FOLDED)
        full = self._stack(self.FULL)
        screen = self.app.screen
        screen.request("lesson", BOX_W, full, self._place, order=20, folded_h=folded, rank=2)
        plan = screen.plan
        self._stack(self.FOLDED if plan is not None and "lesson" in plan.folded else self.FULL)

    _texts: dict = {}

    def _place(self, rect, folded) -> None:
        if not self.app.screen.put(self.frame, rect, BOX_W):
            return
        self._stack(self.FOLDED if folded else self.FULL)
        self.frame.show()

    def _status_words(self) -> str:
        if self.status == "checking":
            return "Checking your answer..."
        if self.status == "wrong":
            return f"Not this one: {self.last_why}"
        if self.status == "right":
            return f"Right: {self.last_why}"
        if self.status == "done":
            return "Well done." if self.run.score()[0] == self.run.score()[1] else ""
        return "Your turn: play your answer on the board."

    # --- asking -----------------------------------------------------------------------------------
    def _ask(self) -> None:
        """Hide the current question's continuation and show its position."""
        run = self.run
        node = run.hide()
        self.status = "asking" if node is not None else "done"
        if node is not None:
            self.ctl.navigation.go_to(node)
            self.ctl.say(f"Question {run.current.number}: {run.current.text}")
        self.ctl.refresh_soon()
        self._show()

    def question_node(self):
        q = self.run.current if self.run is not None else None
        return q.node if q is not None else None

    def hint(self) -> None:
        if self.run is None:
            return
        text = self.run.hint()
        self.ctl.say(text)
        self._show()

    def back_to_question(self) -> None:
        node = self.question_node()
        if node is None or self.judging is not None:
            return
        if self.status == "wrong":
            self.status = "asking"
        self.ctl.navigation.go_to(node)
        self.ctl.say(f"Question {self.run.current.number}: {self.run.current.text}")
        self._show()

    def blocks_move(self) -> str | None:
        """Why no move may be played now (an answer is being checked or played out)."""
        if self.run is None:
            return None
        if self.judging is not None:
            return "Checking your answer..."
        return None

    def after_move(self, node) -> bool:
        """A move was played: if it answers the question, check it (True)."""
        if self.run is None or self.run.current is None or node.parent is not self.question_node():
            return False
        self.judging = Judging(self.run, node, self.app.jobs)
        self.status = "checking"
        self._show()
        return True

    # --- the verdict --------------------------------------------------------------------------------
    def _frame(self, task):
        if self._after is not None and not self.app.clock.stepping:
            final, then = self._after
            self._after = None
            if self.run is not None:
                self.ctl.session.go_to(final)
                self.app.show_node(final)
                self.ctl.refresh_soon()
                then()
        job = self.judging
        if job is not None and job.done() and not self.app.clock.stepping:
            self.judging = None
            if self.run is not None and job.node.parent is self.question_node():
                self._verdict(job)
        return task.cont

    def _verdict(self, job: Judging) -> None:
        if job.error is not None:
            self.status = "wrong"
            self.last_why = job.error
            self.ctl.say(job.error)
            self._show()
            return
        verdict = job.verdict
        run, node = self.run, job.node
        question = node.parent
        self.last_why = verdict.why
        if self.title_override is None and run.current is not None:
            self.ctl.study.attempt(verdict.right, question=run.current.number)
        if not verdict.right:
            run.answered(verdict, node)
            self.status = "wrong"
            if "?" not in node.glyphs:
                node.glyphs.append("?")
            if not node.comment:
                node.comment = f"Lesson: {verdict.why}"
            self.ctl.say(f"Not this one: {verdict.why}")
            self._show()
            self._play_out(node, verdict.line)
            return
        said = run.current.ask.get("right")  # the author's words for a right answer
        answer = run.answered(verdict, node)
        self.status = "right"  # "done" once the line has played to the end (_arrived)
        words = f"Right: {verdict.why}" + (f". {said}" if said else "")
        if answer is not node and answer is not None:
            words += f". The line goes on with {self.app.scene.action_label(answer)}"
        if run.current is not None:
            run.hide()
        self.ctl.session.clear_history()  # a lesson walked is not an edit to undo
        steps = [answer] if answer is not node else []
        cur = answer
        while cur is not None and cur.variations:
            cur = cur.variations[0]
            steps.append(cur)
        start = question if answer is not node else node
        self.ctl.say(words)
        self._show()
        self._animate(start, steps, self._arrived)

    def _arrived(self) -> None:
        """The author's line has played to the next question (or the end)."""
        run = self.run
        if run is None:
            return
        self.ctl.refresh_soon()
        if run.finished:
            self.status = "done"
            self.ctl.say(f"Right: {self.last_why}. {run.score_words()}")
        else:
            self.status = "right"
            self.ctl.say(f"{self._status_words()}  Question {run.current.number}: "
                         f"{run.current.text}")
        self._show()

    def _play_out(self, node, line) -> None:
        """Show what comes of a wrong answer: its refutation line, played after it (the nodes
        stay as a variation to look at later). The reason stays on screen until the student
        goes on ("Try again"): a reason read in 1-2 s before the question came back was lost."""
        steps = []
        cur = node
        game = self.ctl.session.game
        for text in line:
            try:
                nxt = cur.child_for(text) or self.ctl.session.record.add_child(
                    cur, game.parse_action(cur.state, text))
            except Exception:  # noqa: BLE001 - a line that no longer plays stops where it fails
                break
            steps.append(nxt)
            cur = nxt
        self._animate(node, steps, self._wrong_shown)
        self.ctl.refresh_soon()

    def _animate(self, start, steps, then) -> None:
        """Play `steps` after `start` on the one clock, then put the cursor on the last and run
        `then`. Steps without a motion (a card drawn) show at once; the clock holds the cursor
        on the last one that moves, so it is not stopped as a step the cursor left."""
        if not steps:
            then()
            return
        moving = [n for n in steps if self.app.step_span(n) > 0]
        self.ctl.session.go_to(moving[-1] if moving else steps[-1])
        self.app.animate_steps(start, steps)
        self._after = (steps[-1], then)

    def _wrong_shown(self) -> None:
        """The wrong answer's outcome has played: say why again, and how to go on."""
        if self.run is not None and self.status == "wrong":
            self.ctl.say(f"Not this one: {self.last_why}  (Try again: back to the question)")

    def probe(self) -> dict | None:
        run = self.run
        if run is None:
            return None
        q = run.current
        return {"title": self.title_override or run.title, "status": self.status, "question": q.number if q else None,
                "questions": len(run.questions), "why": self.last_why,
                "hints": run.hints_shown(), "wrong": [a.wrong for a in run.attempts],
                "score": list(run.score()), "finished": run.finished,
                "status_line": self.labels["status"]["text"] if self.labels else ""}
