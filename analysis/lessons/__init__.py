"""Lessons (the Lichess interactive lesson): a record whose nodes may say "your turn".

A node's `ask` (its form is `timeline.schema.ASK`) turns the position after it into a
question: the learner must play there, and what follows it in the record (the author's answer
and everything after) is hidden until they do. What counts as right is not one move but a rule
judged by the game's own house (`analysis/<game>/lessons.py`, its manifest's `lesson_house`):

- Glik, `optimal`: any move on a shortest line to the goal (the exact solver);
- Grendizer, `loss`: any decision whose win chance is within `max_loss` of the best one's;
- Glonk, `chance`: any flick that meets the named outcome at least `at_least` of the time
  under the skill's scatter (the shot explorer), not one exact vector.

A wrong answer comes with why (words, and a line to play out: the refutation or what the flick
did) and the question stays; hints come in tiers, vaguest first. Each question scores 1 when
answered right at the first try without hints; every hint taken costs `HINT_COST` and every
wrong try `WRONG_COST`, never below 0. The lesson's score is the sum over its questions.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from games.registry import part
from timeline.record import Node, Record
from timeline.schema import ASK, SchemaError

HINT_COST = 0.25
WRONG_COST = 0.5
LESSON_DIR_NAME = "lessons"


def house_for(game_name: str) -> "LessonHouse":
    """The lesson house of a game (ValueError when the game has none)."""
    house = part(game_name, "lesson_house")
    if house is None:
        raise ValueError(f"there are no lessons for {game_name!r}")
    return house


@dataclass(frozen=True)
class Verdict:
    """What the house found of one answer: right or not, why in words, and the line to play
    out after it (canonical action texts: the refutation, or nothing), with its figures."""

    right: bool
    why: str
    line: tuple[str, ...] = ()
    figures: dict = field(default_factory=dict)


#: The accept form of a question built from a game's analysis ("learn from your mistakes";
#: given to the run, never written into a file): {"kind": "analysed", "played": the move the
#: game made (canonical text), "entry": that node's `analysis`, "seed": for measuring a move
#: the analysis did not}. Right is any move the analysis would not mark (`glyph` None), judged
#: by `analysis.record.judge_decision`, the very values behind the marks.
ANALYSED = "analysed"


class LessonHouse:
    """A game's judge of answers. `kinds` are the accept forms it understands (and every
    house understands `ANALYSED`); a house implements `own_problem`, `own_judge` and
    `own_accept_words` for its kinds."""

    kinds: tuple[str, ...] = ()
    #: The game the house judges (its `rules.GAME`).
    game = None
    #: The words for the accept forms, as the authoring panel shows them.
    kind_words = {"optimal": "any shortest way to the goal", "loss": "any decision close to "
                  "the best", "chance": "any flick that succeeds often enough",
                  ANALYSED: "any move the analysis would not mark as a mistake"}

    def problem(self, state, accept: dict) -> str | None:
        """Why `accept` cannot be judged at `state`, in words; None when it can."""
        if accept.get("kind") == ANALYSED:
            return self.analysed_problem(state, accept)
        if accept.get("kind") not in self.kinds:
            return (f"this game's lessons accept {' or '.join(repr(k) for k in self.kinds)}, "
                    f"not {accept.get('kind')!r}")
        return self.own_problem(state, accept)

    def own_problem(self, state, accept: dict) -> str | None:
        return None

    def judge(self, state, accept: dict, action, step=None) -> Verdict:
        if accept.get("kind") == ANALYSED:
            return self.analysed_judge(state, accept, action)
        return self.own_judge(state, accept, action, step)

    def own_judge(self, state, accept: dict, action, step=None) -> Verdict:
        raise NotImplementedError

    def default_accept(self, state, answer: Node | None) -> dict:
        """What a new "your turn" at `state` accepts before the author changes it."""
        raise NotImplementedError

    def accept_words(self, state, accept: dict) -> str:
        """The accept rule in a short sentence (the question box and the authoring panel)."""
        if accept.get("kind") == ANALYSED:
            entry = accept.get("entry") or {}
            unit = entry.get("unit", "win")
            limit = _analyser(self.game).thresholds[0]
            return (f"Any move the analysis would not mark as a mistake (losing less than "
                    f"{_amount(limit, unit)} against the best it found)")
        return self.own_accept_words(state, accept)

    def own_accept_words(self, state, accept: dict) -> str:
        return self.kind_words.get(accept.get("kind"), str(accept.get("kind")))

    def better_answer(self, state, accept: dict, action) -> str | None:
        """For the author's check: words naming an answer the house finds better than
        `action` (e.g. playing no card), or None when there is none it knows of."""
        return None

    def refutation(self, state, action) -> tuple[str, ...]:
        """A line to play out after a wrong move (canonical texts; none by default)."""
        return ()

    # --- judged as the analysis judged -------------------------------------------------------
    def analysed_problem(self, state, accept: dict) -> str | None:
        entry = accept.get("entry")
        if not isinstance(entry, dict) or not isinstance(accept.get("played"), str):
            return "the question needs the analysis of the move the game made"
        if entry.get("loss") is None or not entry.get("best"):
            return "the analysis found no better move here"
        if self.game is None or self.game.current_player(state) < 0:
            return "a question needs a player to decide here"
        try:
            _analyser(self.game)
        except ValueError as exc:
            return str(exc)
        return None

    def analysed_judge(self, state, accept: dict, action) -> Verdict:
        from analysis.record import judge_decision

        found = judge_decision(self.game, state, action, accept["played"], accept["entry"],
                               seed=int(accept.get("seed", 0)), analyser=_analyser(self.game))
        unit, loss = found["unit"], found["loss"]
        figures = {k: found[k] for k in ("value", "best", "loss", "glyph", "unit")}
        worth = _worth(found["value"], unit)
        if found["glyph"] is None:
            return Verdict(True, (f"the analysis finds nothing better ({worth})" if loss <= 1e-9
                                  else f"the analysis would not mark this: it loses only "
                                       f"{_amount(loss, unit)} against the best it found "
                                       f"({worth})"), (), figures)
        return Verdict(False, f"the analysis marks this {found['glyph']}: it loses "
                              f"{_amount(loss, unit)} against the best it found ({worth})",
                       self.refutation(state, action), figures)


def _analyser(game):
    from analysis.registry import analyser_for

    if game is None:
        raise ValueError("this house judges no game")
    return analyser_for(game.name)


def _amount(x: float, unit: str) -> str:
    return f"{x:.2f} win chance" if unit == "win" else f"{x:.2f} points"


def _worth(value: float, unit: str) -> str:
    return f"{100 * value:.0f} % win chance" if unit == "win" else f"{value:+.2f} points"


def ask_problem(ask) -> str | None:
    """The schema's complaint about an `ask` value (None: well formed)."""
    try:
        ASK(ask, "ask")
    except SchemaError as exc:
        return str(exc)
    return None


@dataclass
class Question:
    """One "your turn": the asking node (the position to play from) and its ask."""

    node: Node
    number: int
    #: An ask given from outside the record (learning from mistakes), else the node's own.
    given: dict | None = None

    @property
    def ask(self) -> dict:
        return self.given or self.node.ask or {}

    @property
    def text(self) -> str:
        return self.ask.get("question") or "Your turn: find the move."

    @property
    def hints(self) -> list[str]:
        return list(self.ask.get("hints") or [])

    @property
    def accept(self) -> dict:
        return self.ask["accept"]


def questions_of(record: Record) -> list[Question]:
    """The main line's "your turn" nodes, in order."""
    return [Question(n, i + 1) for i, n in enumerate(x for x in record.mainline() if x.ask)]


def student_view(record: Record, questions: list[Question] | None = None) -> "LessonRun | None":
    """What a student may see of `record`, decided here for every way a record reaches a
    window (the Learn list, Ctrl+O, `flickbook open`, a restore after a crash, a record brought
    back by undo) and for every view of it: a lesson shows its start and the moves up to the
    question asked, and nothing of what follows it (the author's answer, the line after it and
    their comments, glyphs and drawings), which the returned run keeps out of the tree until
    the question is answered. The move list, turn log, comment box, captions, hover text,
    export and the keys that step forward all read the tree, so none can show more. None: the
    record asks nothing (not a lesson), so a student may see all of it.

    `questions`: the record is asked these instead of its own (learning from the mistakes
    of an analysed game, `mistake_questions`): each question's moves (the move the game made
    with its mark and "[analysis] Better" comment, the better move found) are withheld the
    same way until it is answered.

    Call it before any view reads the record; `LessonRun.on_change` tells the views when the
    run takes a continuation out of the tree or gives one back."""
    run = lesson_of(record) if questions is None else LessonRun(record, questions)
    if run is not None:
        run.hide()
    return run


def is_lesson(record: Record) -> bool:
    return any(n.ask for n in record.nodes())


def lesson_problems(record: Record, *, check_answers: bool = True) -> list[str]:
    """What is wrong with a lesson, one line each: questions off the main line, accept forms
    the game's house cannot judge, and (with `check_answers`) authored answers it refuses."""
    problems = []
    try:
        house = house_for(record.game.name)
    except ValueError as exc:
        return [str(exc)]
    on_line = {id(n) for n in record.mainline()}
    for n in record.nodes():
        if n.ask and id(n) not in on_line:
            problems.append(f"ply {n.ply}: a question off the main line is never asked")
    for q in questions_of(record):
        where = f"question {q.number} (ply {q.node.ply})"
        bad = house.problem(q.node.state, q.accept)
        if bad:
            problems.append(f"{where}: {bad}")
            continue
        if not q.node.variations:
            problems.append(f"{where}: there is no answer after it (play the right move)")
            continue
        if check_answers:
            answer = q.node.variations[0]
            verdict = house.judge(q.node.state, q.accept, answer.action, answer.step)
            if not verdict.right:
                problems.append(f"{where}: the author's answer {answer.action_text} is not "
                                f"accepted: {verdict.why}")
    return problems


@dataclass
class Attempt:
    """How one question went: hints taken, wrong tries, and whether it is answered."""

    hints: int = 0
    wrong: int = 0
    done: bool = False

    @property
    def points(self) -> float:
        if not self.done:
            return 0.0
        return max(0.0, 1.0 - HINT_COST * self.hints - WRONG_COST * self.wrong)


class LessonRun:
    """A lesson being taken: which question is asked, the hints and tries so far, the score,
    and the asked node's continuation, kept out of the tree until it is answered."""

    def __init__(self, record: Record, questions: list[Question] | None = None):
        self.record = record
        self.house = house_for(record.game.name)
        self.questions = questions if questions is not None else questions_of(record)
        self.attempts = [Attempt() for _ in self.questions]
        self.index = 0
        self._hidden: list[Node] = []  # the asked node's own variations while it asks
        self._hidden_at: Node | None = None
        #: Called after the run took a continuation out of the tree or put one back (the
        #: window tells its views: `Session.tree_changed`).
        self.on_change = None

    @property
    def title(self) -> str:
        return str((self.record.scenario or {}).get("title") or self.record.headers.get("title")
                   or "Lesson")

    @property
    def current(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    # --- hiding what follows ------------------------------------------------------------------
    def hide(self) -> Node | None:
        """Take the current question's continuation out of the tree; the asked node."""
        q = self.current
        if q is None or self._hidden_at is q.node:
            return q.node if q else None
        self.unhide(tell=False)
        self._hidden_at = q.node
        self._hidden = list(q.node.variations)
        q.node.variations.clear()
        self._changed()
        return q.node

    def unhide(self, tell: bool = True) -> None:
        """Put a hidden continuation back (main line first; the learner's tries after it)."""
        node, hidden = self._hidden_at, self._hidden
        self._hidden_at, self._hidden = None, []
        if node is not None:
            node.variations[:] = _merged(hidden, node.variations)
            if tell:
                self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    @contextmanager
    def attached(self):
        """The hidden continuation back in the tree for the length of a save."""
        node, hidden = self._hidden_at, list(self._hidden)
        if node is None:
            yield
            return
        before = list(node.variations)
        node.variations[:] = _merged(hidden, before)
        try:
            yield
        finally:
            node.variations[:] = before

    def hidden_answer(self) -> Node | None:
        """The author's answer to the current question (hidden or not)."""
        q = self.current
        if q is None:
            return None
        kids = self._hidden if self._hidden_at is q.node else q.node.variations
        return kids[0] if kids else None

    # --- taking the lesson --------------------------------------------------------------------
    def hint(self) -> str:
        """The next tier of hint for the current question (costs `HINT_COST` once each)."""
        q = self.current
        if q is None:
            return "The lesson is over"
        hints = q.hints
        if not hints:
            return "This question has no hints"
        a = self.attempts[self.index]
        if a.hints < len(hints):
            a.hints += 1
        more = "" if a.hints == len(hints) else f"  (H: hint {a.hints + 1} of {len(hints)})"
        return f"Hint {a.hints} of {len(hints)}: {hints[a.hints - 1]}{more}"

    def hints_shown(self) -> list[str]:
        q = self.current
        return [] if q is None else q.hints[:self.attempts[self.index].hints]

    def judge(self, action, step=None) -> Verdict:
        """The house's verdict on `action` played at the current question (pure: no change
        to the run, so it may run on another thread)."""
        q = self.current
        if q is None:
            raise ValueError("the lesson is over")
        return self.house.judge(q.node.state, q.accept, action, step)

    def answered(self, verdict: Verdict, played: Node | None = None) -> Node | None:
        """Count `verdict` for the current question. Right: the continuation comes back into
        the tree (a learner's move equal to the author's takes its place, keeping the
        author's line after it), the next question becomes current, and the node the lesson
        goes on from (the author's answer) is returned. Wrong: None, the question stays."""
        a = self.attempts[self.index]
        if not verdict.right:
            a.wrong += 1
            return None
        a.done = True
        q = self.current
        if self._hidden_at is not q.node:
            self.hide()
        hidden = self._hidden
        for i, h in enumerate(hidden):
            if played is not None and h is not played and h.action_text == played.action_text:
                _take_place(played, h)
                hidden[i] = played
                for later in self.questions:  # a question asked at the author's node
                    if later.node is h:
                        later.node = played
        self.unhide()
        answer = q.node.variations[0] if q.node.variations else played
        self.index += 1
        return answer

    def score(self) -> tuple[float, int]:
        """(points, questions)."""
        return sum(a.points for a in self.attempts), len(self.questions)

    def score_words(self) -> str:
        points, out_of = self.score()
        hints = sum(a.hints for a in self.attempts)
        wrong = sum(a.wrong for a in self.attempts)
        return (f"Lesson complete: {points:g} / {out_of} "
                f"({100 * points / max(out_of, 1):.0f} %; {wrong} wrong "
                f"{'try' if wrong == 1 else 'tries'}, {hints} hint{'s' if hints != 1 else ''})")


def _merged(hidden: list[Node], tries: list[Node]) -> list[Node]:
    """The author's continuation first, then the learner's other tries (each action once)."""
    kept = {id(h) for h in hidden}
    texts = {h.action_text for h in hidden}
    return list(hidden) + [c for c in tries if id(c) not in kept and c.action_text not in texts]


def _take_place(played: Node, author: Node) -> None:
    """`played`, the learner's copy of the author's move, takes on the author's line and words
    (same action from the same position: the states agree)."""
    played.variations = author.variations
    for child in played.variations:
        child.parent = played
    for attr in ("comment", "glyphs", "drawings", "camera", "prompt", "ask", "analysis"):
        setattr(played, attr, getattr(author, attr))
    if author.stored_motion is not None and played.stored_motion is None:
        played.stored_motion, played.motion_text = author.stored_motion, author.motion_text


def mistake_questions(record: Record) -> list[Question]:
    """"Learn from your mistakes": a question at the position before each main-line move the
    analysis marked as a mistake, judged as the analysis judged it (`ANALYSED`: the move the
    game made earns its mark again, the better move found is right, any other is measured as
    the analysis measured them). Every marked move is asked; none is left out for want of a
    goal of the house's own kinds."""
    house = house_for(record.game.name)
    out: list[Question] = []
    line = record.mainline()
    for i, node in enumerate(line[1:], 1):
        entry = node.analysis or {}
        if not entry.get("glyph"):
            continue
        parent = line[i - 1]
        accept = {"kind": ANALYSED, "played": node.action_text, "entry": dict(entry),
                  "seed": i}
        if house.problem(parent.state, accept):
            continue
        glyph = entry["glyph"]
        played = _move_words(record.game, parent.state, node.action)
        hints = ["The analysis found a better move here: look at what the played move left "
                 "undone."]
        try:
            better = record.game.parse_action(parent.state, entry["best"])
            hints.append(f"The analysis preferred "
                         f"{_move_words(record.game, parent.state, better)}.")
        except Exception:  # noqa: BLE001 - a better move this position cannot read gets no hint
            pass
        out.append(Question(parent, len(out) + 1, {
            "accept": accept,
            "question": f"In the game, {played} was marked {glyph}. Find a better move.",
            "hints": hints}))
    return out


def _move_words(game, state, action) -> str:
    from games.notation import move_text

    try:
        return move_text(game, state, action)
    except Exception:  # noqa: BLE001 - a move without words keeps its canonical text
        return str(action)


def lesson_of(record: Record) -> LessonRun | None:
    """A run over `record`'s questions, or None when it asks nothing (or its game has no
    lessons)."""
    if not is_lesson(record):
        return None
    try:
        return LessonRun(record)
    except ValueError:
        return None


def lessons_dir():
    """Where lessons are saved (scenarios/lessons/ of a checkout; see scenarios.authoring)."""
    from scenarios.authoring import scenarios_dir

    return scenarios_dir(LESSON_DIR_NAME)


def lesson_header(title: str, description: str = "") -> dict[str, Any]:
    """The words a lesson file keeps in its `scenario` header."""
    return {"title": title, "description": description}


# --- authoring ---------------------------------------------------------------------------------
class LessonAuthor:
    """Marking positions "your turn" and setting what they accept and their hints, each change
    one undoable session edit (the window's lesson panel and the lesson makers use this)."""

    def __init__(self, session):
        self.session = session
        self.house = house_for(session.record.game.name)

    def mark(self, node: Node | None = None, question: str = "", accept: dict | None = None,
             hints: list[str] | None = None) -> str | None:
        """Make `node` (default: the cursor) ask; the refusal in words, or None."""
        node = node or self.session.node
        if not node.variations:
            return "Play the right move from here first: a question needs the author's answer"
        accept = accept or self.house.default_accept(node.state, node.variations[0])
        ask: dict[str, Any] = {"accept": accept}
        if question.strip():
            ask["question"] = question.strip()
        if hints:
            ask["hints"] = [h for h in hints if h.strip()]
        return self._set(node, ask)

    def unmark(self, node: Node | None = None) -> None:
        self.session.set_ask(None, node or self.session.node)

    def change(self, node: Node | None = None, **fields) -> str | None:
        """Change fields of the node's ask: `question`, `right`, or accept fields (e.g.
        `max_loss=0.05`, `at_least=0.6`, `outcome="board_after"`)."""
        node = node or self.session.node
        if not node.ask:
            return "This position does not ask yet (mark it first)"
        ask = json_copy(node.ask)
        for key, value in fields.items():
            if key in ("question", "right"):
                if str(value).strip():
                    ask[key] = str(value).strip()
                else:
                    ask.pop(key, None)
            else:
                ask["accept"][key] = value
        return self._set(node, ask)

    def add_hint(self, text: str, node: Node | None = None) -> str | None:
        node = node or self.session.node
        if not node.ask:
            return "This position does not ask yet (mark it first)"
        if not text.strip():
            return "Type the hint first"
        ask = json_copy(node.ask)
        ask["hints"] = list(ask.get("hints", [])) + [text.strip()]
        return self._set(node, ask)

    def clear_hints(self, node: Node | None = None) -> str | None:
        node = node or self.session.node
        if not node.ask:
            return None
        ask = json_copy(node.ask)
        ask.pop("hints", None)
        return self._set(node, ask)

    def _set(self, node: Node, ask: dict) -> str | None:
        bad = ask_problem(ask) or self.house.problem(node.state, ask["accept"])
        if bad:  # a sentence for the message line (the house's words start lower case)
            return f"This position cannot ask: {bad}"
        self.session.set_ask(ask, node)
        return None

    def check(self, node: Node | None = None) -> Verdict | None:
        """The house's verdict on the author's own answer at `node` (it must be accepted)."""
        node = node or self.session.node
        if not node.ask or not node.variations:
            return None
        answer = node.variations[0]
        verdict = self.house.judge(node.state, node.ask["accept"], answer.action, answer.step)
        better = self.house.better_answer(node.state, node.ask["accept"], answer.action)
        if better:
            from dataclasses import replace

            verdict = replace(verdict, why=f"{verdict.why}; but {better}")
        return verdict


def json_copy(value):
    import copy

    return copy.deepcopy(value)


def save_lesson(record: Record, path, title: str, description: str = "", *,
                overwrite: bool = True):
    """Write `record` as a lesson file (kind "lesson", its words in the `scenario` header),
    atomically; the record itself is left as it is. Refuses a lesson that asks nothing."""
    from pathlib import Path

    from timeline.fileformat import encode_snapshot, snapshot, write_atomic

    if not is_lesson(record):
        raise ValueError('no position says "your turn" yet: mark one first')
    if not title.strip():
        raise ValueError("the lesson needs a title")
    path = Path(path)
    if path.exists() and not overwrite:
        raise ValueError(f"{path.name} exists")
    path.parent.mkdir(parents=True, exist_ok=True)
    data = snapshot(record)
    data["kind"] = "lesson"
    data["scenario"] = lesson_header(title.strip(), description.strip())
    data["headers"]["title"] = title.strip()
    return write_atomic(path, encode_snapshot(data))
