"""Edit mode (F2) and the puzzle box: the parts every game's editor shares.

`EditorHost` finds the game's editor through `viewer.editors` (a game without one says so and
keeps its record), enters it over the position shown and, on Done, plays the set-up position
as a new record while the record behind it is kept: `Controller.records` swaps them, and
Ctrl+Z goes back to it (while an editor with its own undo is open, Ctrl+Z is the editor's).
`WordEntries` is the title / description / hint handling every editor's panel shares, with
`panel_frame` and `panel_label` for the rest of the panel; `Verifying` runs an editor's Verify
as a job of the window's job service (`VerifyJob`, thread lane) and takes the verdict in on the
frame thread. A game's editor is made with the window's host (`viewer.host.Host`, its `host`)
and reaches the window only through it, these shared parts too. `PuzzleBox` shows an opened
puzzle's words, goal and hints, and the stored solution only when asked ("Show solution").
"""
from __future__ import annotations

import time
from pathlib import Path

from scenarios.authoring import free_path

#: the editors' panels' left margin (a2dTopRight units: viewer.panel.PANEL_W is 0.80)
X0 = -0.80 + 0.04


def gui():
    from direct.gui import DirectGuiGlobals as DGG
    from direct.gui.DirectGui import DirectButton, DirectEntry, DirectFrame, DirectLabel
    from panda3d.core import TextNode

    return DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode


def plain_record(scenario):
    """A goal-less set-up position as a scenario record (it replays like any game)."""
    from timeline.record import Record

    return Record.new(scenario.game, scenario.config, start_state_json=scenario.start,
                      kind="scenario", scenario=scenario.header(),
                      headers={"title": scenario.title})


def panel_frame(app):
    """An editor's panel: the height of the window at its right, over the move list (`app`:
    the window's host, or anything with its top-right corner)."""
    from viewer.panel import BG, PANEL_W

    DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
    return DirectFrame(parent=app.a2dTopRight, frameColor=BG, frameSize=(-PANEL_W, 0, -2.0, 0))


def panel_label(frame, text, y, scale=0.034, fg=None, x=X0, wrap=None):
    """Left-aligned words on an editor's panel at (x, y) (a2dTopRight units)."""
    from viewer.panel import TEXT

    from viewer.layout import SMALL

    DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
    if scale < SMALL:  # no smaller than a player can read; wrapped as wide as asked
        wrap = wrap * scale / SMALL if wrap else wrap
        scale = SMALL
    kw = {"text_wordwrap": wrap} if wrap else {}
    return DirectLabel(parent=frame, text=text, text_scale=scale, text_fg=fg or TEXT,
                       frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(x, 0, y), **kw)


def hint_lines(hints, lines: int, width_of=len, width: float = 40) -> str:
    """The newest of `hints` that fit in `lines` one-line rows ("2. Try the left wall"), each
    cut with "..." to `width` as `width_of` measures it, and a first row saying how many older
    ones are not shown: a panel's hint list keeps to the room it was given however many hints
    an author adds or however long they are."""
    if not hints:
        return "No hints yet"
    rows = [f"{i + 1}. {h}" for i, h in enumerate(hints)]
    if len(rows) > lines:
        shown = rows[len(rows) - (lines - 1):] if lines > 1 else []
        rows = [f"(+{len(rows) - len(shown)} earlier hints)"] + shown
    out = []
    for row in rows:
        row = " ".join(row.split())
        if width_of(row) > width:
            while row and width_of(row + "...") > width:
                row = row[:-1]
            row = row.rstrip() + "..."
        out.append(row)
    return "\n".join(out)


def show_hints(label, hints, lines: int) -> None:
    """Put `hint_lines` on an editor panel's `label`, measured with its own font and wrap."""
    tn = label.component("text0").textNode
    width = tn.getWordwrap() if tn.hasWordwrap() else 40.0
    label["text"] = hint_lines(hints, lines, tn.calcWidth, width - 0.5)


class VerifyJob:
    """One verification running off the frame thread (a job of the window's job service,
    thread lane): `work()` gives the verdict (or raises: the error's words are kept for the
    author, never lost in the thread); `key` is what the verdict is for."""

    def __init__(self, work, key, jobs):
        self.key = key
        self.started = time.perf_counter()
        self.result = None
        self.error: str | None = None
        self.job = jobs.submit("verify", self._run, work)

    def _run(self, job, work) -> None:
        try:
            self.result = work()
        except Exception as exc:  # shown to the author by the editor's poll
            self.error = str(exc) or type(exc).__name__

    @property
    def done(self) -> bool:
        return self.job.finished

    def seconds(self) -> float:
        return time.perf_counter() - self.started


class Verifying:
    """An editor's Verify in the background: `start_verify(work, key)` runs it, a frame task
    (`_poll`) counts the seconds on `result_label` and, when it ends, hands the verdict to
    `model.accept(result, key)` and says `verdict_words(result, key)`."""

    REFUSED = "Could not verify"
    _job: VerifyJob | None = None

    def start_verify(self, work, key) -> None:
        self._job = VerifyJob(work, key, self.host.jobs)
        self.host.say("Verifying...")
        self._refresh_panel()

    def verify_words(self) -> str:
        """The result line: the seconds so far while verifying, else the model's verdict."""
        job = self._job
        return f"Verifying... {job.seconds():.0f} s" if job else self.model.result_words()

    def verdict_words(self, result, key) -> str:
        return result.words()

    def wait(self, seconds: float = 60.0) -> None:
        """Tests: let a running verification finish and be taken in."""
        if self._job is not None:
            self._job.job.wait(seconds)
        self._poll(None)

    def _poll(self, task):
        job = self._job
        if job is not None and not job.done:
            if self.frame is not None:
                text = self.verify_words()
                if self.result_label["text"] != text:
                    self.result_label["text"] = text
        elif job is not None:
            self._job = None
            if job.error is not None:
                self.host.say(f"{self.REFUSED}: {job.error}")
            elif self.model is not None:
                self.model.accept(job.result, job.key)
                self.host.say(self.verdict_words(job.result, job.key))
            self._refresh_panel()
        return task.cont if task is not None else None


class WordEntries:
    """The title, description and hint entries that every game's editor keeps in its model;
    `WORD_FIELDS` names the text fields copied from the entries."""

    WORD_FIELDS: tuple[str, ...] = ("title", "description")

    def _make_entries(self, frame, fields, spots) -> None:
        """The panel's text fields: for each (name, caption, lines) a caption over an entry
        whose top left is `spots[name]`; the model's words (WORD_FIELDS) are typed in."""
        from viewer.layout import SMALL
        from viewer.panel import DIM, PANEL_W, TEXT

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
        self.entries = {}
        for name, caption, lines in fields:
            x, y = spots[name][:2]
            panel_label(frame, caption, y + 0.05, 0.028, DIM, x=x)
            e = DirectEntry(parent=frame, scale=SMALL, width=(PANEL_W - 0.08) / SMALL,
                            numLines=lines, pos=(x, 0, y), frameColor=(0.16, 0.17, 0.2, 1),
                            text_fg=TEXT, initialText="", cursorKeys=1,
                            overflow=int(lines == 1), command=self._entry_enter,
                            extraArgs=[name], focusOutCommand=self._entry_done,
                            focusOutExtraArgs=[name])
            self.entries[name] = e
            if name in self.WORD_FIELDS:
                e.enterText(getattr(self.model, name))
        self.say_when_full()

    def typing(self) -> bool:
        """Whether one of the editor's text fields has the keyboard."""
        return self.active and any(e.guiItem.getFocus() for e in self.entries.values())

    def unfocus(self) -> None:
        """Let go of the keyboard, keeping what was typed."""
        for name, e in self.entries.items():
            if e.guiItem.getFocus():
                e["focus"] = 0
                self._entry_done(name)

    def say_when_full(self) -> None:
        """A one-line field scrolls sideways (`overflow`), a field of several lines up and down
        (`FieldKeys.scroll`); one past its most lines says so instead of swallowing keys."""
        from direct.gui import DirectGuiGlobals as DGG

        from viewer.fields import MAX_LINES

        for name, e in self.entries.items():
            if e["numLines"] > 1:
                self.host.scroll_field(e)  # it scrolls past its lines (viewer.fields)
                e.bind(DGG.OVERFLOW, lambda *_event, name=name: self.host.say(
                    f"The {name.replace('_', ' ')} is full ({MAX_LINES} lines): shorten it to "
                    f"add more"))

    def _clear_hints(self) -> None:
        self.model.hints = []
        self._refresh_panel()

    def _entry_enter(self, text: str, name: str) -> None:
        if name == "hint":  # Enter adds the hint; the field keeps the keys for the next one
            self._entry_done(name)
            self.entries[name]["focus"] = 1
            return
        self.host.hand_back_keys()
        self.entries[name]["focus"] = 0
        self._entry_done(name)

    def _entry_done(self, name: str) -> None:
        e = self.entries.get(name)
        if e is None or self.model is None:
            return
        text = e.get()
        if name == "hint":
            if text.strip():
                self.model.add_hint(text)
                e.enterText("")
        else:
            setattr(self.model, name, text)
        self._refresh_panel()

    def _sync_entries(self) -> None:
        for name in self.WORD_FIELDS:
            if name in self.entries:
                setattr(self.model, name, self.entries[name].get())

    def _save_to_default_path(self) -> None:
        """Write the model to its default file, asking before replacing one (never silently)."""
        path = self.model.default_path()
        if path.exists():
            self.asked = dict([("Replace", lambda: self._write(path, True)),
                               ("Keep both", lambda: self._write(free_path(path), False)),
                               ("Cancel", None)])
            self.host.ask(f"{path.name} exists. Replace it?", list(self.asked.items()))
            return
        self._write(path, False)

    def _write(self, path: Path, overwrite: bool) -> None:
        try:
            self.path = self.model.save(path, overwrite=overwrite)
        except (OSError, ValueError) as exc:
            self.host.say(f"Could not save: {exc}")
            return
        self.host.say(f"Saved {self.path}")


class EditorHost:
    """F2: the game's own editor over the position shown, and back to play from what it set up.

    The game's editor (from `viewer.editors`) has `enter() -> bool`, `finish() -> (record,
    words) | None`, `close()`, `active`, `path`, `typing()`, `unfocus()` and
    `board_click(pick, button)`.
    """

    def __init__(self, controller):
        from viewer.panel import PANEL_W, _button

        self.ctl = controller
        self.app = controller.app
        self.editors: dict = {}  # game name -> its editor, made the first time F2 asks for it
        self.current = None
        self.setup_button = _button(controller.panel.side, "Set up (F2)", self.toggle,
                                    (-PANEL_W + 0.42, 0, -0.06), width=0.24, height=0.06,
                                    scale=0.032)

    def follow(self, session) -> None:
        """Show the Set up button only for a game that has an editor (F2 still says why not)."""
        from viewer.editors import editor_class

        if editor_class(session.game.name) is None:
            self.setup_button.hide()
        else:
            self.setup_button.show()

    @property
    def active(self) -> bool:
        return self.current is not None and self.current.active

    def toggle(self) -> None:
        """The Set up (F2) button: set up, or done."""
        if self.active:
            self.done()
        else:
            self.set_up()

    def set_up(self) -> None:
        """F2 in play or replay mode (viewer.commands.where): set up this position."""
        self.enter()
        self.ctl.refresh_soon()  # the game's turn buttons go while setting up

    def done(self) -> None:
        """F2 in edit mode: play from the position set up."""
        self.leave()
        self.ctl.refresh_soon()

    def enter(self) -> None:
        """The game's editor over the position shown; a game without one says so."""
        from viewer.editors import editor_class

        game = self.ctl.session.game
        cls = editor_class(game.name)
        if cls is None:
            self.ctl.say(f"{game.title} has no position editor yet: the game stays as it is")
            return
        self.ctl.player.stop()
        editor = self.editors.get(game.name)
        if editor is None:
            editor = cls(self.ctl.host)
            self.editors[game.name] = editor
        if editor.enter():
            self.current = editor
            self.ctl.puzzle_box.hide()
            self.ctl.panel.side.hide()

    def leave(self) -> None:
        """Play the set-up position as a new record; the record behind it is kept (Ctrl+Z)."""
        editor = self.current
        done = editor.finish()
        if done is None:
            return  # still setting up: the editor said why
        record, words = done
        from timeline import Session

        editor.close()
        self.current = None
        self.ctl.panel.side.show()
        kept = self.ctl.records.swap(Session(record), editor.path, "the set-up position")
        self.ctl.navigation.go_to(record.root)
        self.ctl.say(words + (f". {kept}" if kept else ""))

    def typing(self) -> bool:
        return self.active and self.current.typing()

    def undo(self, redo: bool = False) -> None:
        """Ctrl+Z (Ctrl+Y: `redo`) while setting up: the editor's own undo, when it has one;
        the record behind the editor is never changed from here."""
        editor = self.current
        step = getattr(editor, "redo" if redo else "undo", None)
        if step is None:
            self.ctl.say("This editor has no undo: F2 leaves it, then Ctrl+Z undoes the set-up")
            return
        what = step()
        self.ctl.say(f"{'Redone' if redo else 'Undone'}: {what}" if what else
                     f"Nothing to {'redo' if redo else 'undo'} in the set-up")

    def unfocus(self) -> None:
        if self.active:
            self.current.unfocus()

    def mouse_help(self) -> tuple:
        """What the mouse does in the open editor (its own words, for F1)."""
        return tuple(getattr(self.current, "mouse_help", ())) if self.active else ()

    def press(self, pick, button: int, pos):
        """A press in edit mode: an editor may answer a left press with a drag handler
        (viewer.modes.Drag: the Glonk editor carries a disc); clicks stay clicks (None)."""
        if self.active and button == 1 and hasattr(self.current, "press"):
            return self.current.press(pick, pos)
        return None

    def board_click(self, pick, button: int = 1) -> None:
        if self.active:
            self.current.board_click(pick, button)


class PuzzleBox:
    """Top left, under the status: an opened puzzle's title, description, goal and hints, and
    "Show solution", which puts the stored solution (kept out of the tree) into the move list."""

    def __init__(self, controller):
        self.ctl = controller
        self.app = controller.app
        self.puzzle = None
        self.solution = None  # the StoredSolution of the record shown, hidden until asked
        self.frame = None
        self.solution_button = None
        self.hint_text = ""

    def attach(self, session, solution=None) -> None:
        """Follow `session`: a puzzle record shows the box, anything else hides it."""
        from scenarios import puzzle_for

        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
            self.app.screen.release("puzzle")
        self.solution = solution
        self.puzzle = puzzle_for(session.record, solution)
        self.hint_text = ""
        if self.puzzle is None:
            return
        from viewer.layout import SMALL, TITLE
        from viewer.panel import BG, TEXT, _button

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
        sc = self.puzzle.scenario
        f = DirectFrame(parent=self.app.a2dTopLeft, frameColor=(*BG[:3], 0.86),
                        frameSize=(0, BOX_W, -0.36, 0), pos=(0.03, 0, -0.27))
        self.frame = f

        def text(scale, fg):
            return DirectLabel(parent=f, text="", text_scale=scale, text_fg=fg,
                               frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft)

        self.labels = {"title": (text(TITLE, (0.98, 0.84, 0.30, 1)), TITLE),
                       "description": (text(SMALL, TEXT), SMALL),
                       "goal": (text(SMALL, (0.75, 0.95, 0.75, 1)), SMALL),
                       "hint": (text(SMALL, (0.6, 0.85, 1, 1)), SMALL)}
        self.goal_label = self.labels["goal"][0]
        self.hint_label = self.labels["hint"][0]
        self.goal_text = self.puzzle.intro()
        n = len(sc.hints)
        x, y = SOLUTION_SPOTS["hint"]
        self.hint_button = _button(f, "Hint (H)" if n else "No hints", self.hint, (x, 0, y),
                                   width=0.26, height=0.06, scale=SMALL)
        self.solution_button = None
        if solution is not None:
            x, y = SOLUTION_SPOTS["solution"]
            self.solution_button = _button(f, "Show solution", self.show_solution, (x, 0, y),
                                           width=0.26, height=0.06, scale=SMALL)
        x, y = SOLUTION_SPOTS["next"]
        self.next_path = None
        self.next_button = _button(f, "Next puzzle", self.open_next, (x, 0, y), width=0.26,
                                   height=0.06, scale=SMALL)
        self.next_button.hide()
        self._measure()

    def _measure(self) -> None:
        """Lay the box's words out (measured, wrapped left of the buttons) and ask the layout
        for its room: below the status lines; folded to its title when the column is short."""
        from viewer.layout import Stack

        if self.frame is None:
            return
        sc = self.puzzle.scenario
        words = BOX_W - 0.36
        stack = Stack()
        title, scale = self.labels["title"]
        stack.add(title, sc.title, scale, words)
        self._folded_h = max(stack.height, BUTTONS_H) + 0.02
        for name, text in (("description", sc.description), ("goal", self.goal_text),
                           ("hint", self.hint_text)):
            label, scale = self.labels[name]
            stack.add(label, text, scale, words)
        self._full_h = max(stack.height, BUTTONS_H) + 0.02
        self.app.screen.request("puzzle", BOX_W, self._full_h, self._place, order=20,
                                folded_h=self._folded_h, rank=1)

    def _place(self, rect, folded) -> None:
        if not self.app.screen.put(self.frame, rect, BOX_W):
            return
        for name in ("description", "goal", "hint"):
            label = self.labels[name][0]
            if folded or not label["text"]:
                label.hide()
            else:
                label.show()
        self.frame.show()

    def hide(self) -> None:
        if self.frame is not None:
            self.frame.hide()
        self.app.screen.release("puzzle")

    def hint(self) -> None:
        if self.puzzle is None:
            self.ctl.say("Hints come with puzzles (open one from scenarios/)")
            return
        self.hint_text = self.puzzle.next_hint()
        self._measure()
        self.ctl.say(self.hint_text)

    def show_solution(self) -> None:
        """Put the stored solution into the move list (undoable); the cursor stays put."""
        if self.solution is None:
            self.ctl.say("This record stores no solution")
            return
        session = self.ctl.session
        if self.solution.shown():
            self.ctl.say("The solution is in the move list already")
            return
        dirty = session.dirty
        first = self.solution.reveal(session)
        session.dirty = dirty  # the file holds the solution already: nothing new to save
        n = len(self.solution.texts)
        if first is None:
            self.ctl.say("You have played the whole solution already")
            return
        where = ("the main line" if session.record.root.variations[0] is first
                 else "a variation from the start")
        from games.notation import line_text

        words = line_text(session.game, session.record.root.state, self.solution.texts)
        self.ctl.say(f"The solution ({n} move{'s' if n != 1 else ''}) is shown as {where}: "
                     f"{'; '.join(words)}")

    def after_move(self, node) -> str | None:
        """Say 'Solved in N AP (best: M)' when the move just played meets the goal, and offer
        the next puzzle of the list (a solved puzzle does not just go on)."""
        if self.puzzle is None:
            return None
        msg = self.puzzle.check(node)
        outcome = self.puzzle.outcome(node)
        if outcome is not None:
            self.ctl.study.attempt(outcome)
        if outcome and msg and self.frame is not None:
            self._solving_line_first(node)
            self.next_path = next_puzzle(self.ctl.path)
            self.goal_text = f"Solved! {msg}"
            self._measure()
            if self.next_path is not None:
                from scenarios.catalogue import entry_of

                word = ("Next chapter" if self.next_path.parent.name == "course-chapters"
                        else "Next puzzle")
                self.next_button["text"] = word
                self.next_button.show()
                msg += (f".  Next: {entry_of(self.next_path, own=False).title} "
                        f"(the {word} button)")
            else:
                msg += ".  That was the last puzzle of the list."
        if msg:
            self.ctl.say(msg)
        return msg

    def _solving_line_first(self, node) -> None:
        """The line that solved the puzzle becomes the main line, the tries before it stay as
        variations (a failed first try was left the main line, the solution a variation)."""
        session = self.ctl.session
        cur = node
        while cur.parent is not None and cur.parent.variations[0] is cur:
            cur = cur.parent
        if cur.parent is None:
            return  # the main line already
        dirty = session.dirty
        session.make_main_line(node)
        session.dirty = dirty or session.dirty

    def open_next(self) -> None:
        """Open the next puzzle of the list (the current record is kept in the history)."""
        if self.next_path is None:
            return
        problem = self.ctl.files.open_path(self.next_path)
        if problem:
            self.ctl.say(problem)


#: The puzzle box's width (aspect2d units); the layout (viewer.layout) gives it its place, its
#: height is its measured words'.
BOX_W = 1.2
#: where the puzzle box's buttons sit inside it (x, z from its top-left corner)
SOLUTION_SPOTS = {"hint": (BOX_W - 0.16, -0.045), "solution": (BOX_W - 0.16, -0.115),
                  "next": (BOX_W - 0.16, -0.185)}
BUTTONS_H = 0.215


def next_puzzle(path):
    """The puzzle or tutorial after `path` in its list: the next chapter of the course it was
    opened from, else the next of its game's files in the Learn list; None at the end."""
    from pathlib import Path

    from scenarios.catalogue import catalogue, entry_of

    if path is None:
        return None
    path = Path(path)
    if path.parent.name == "course-chapters":  # scenarios.courses.chapter_file names
        # the course's next chapter, whatever it is (a lesson after a puzzle too: the
        # student was told "the last puzzle of the list" with a chapter still to do)
        siblings = sorted(p for p in path.parent.glob("*.flick") if _same_course(p, path))
        later = [p for p in siblings if p.name > path.name and not entry_of(p, own=True).error]
        return later[0] if later else None
    game = entry_of(path, own=False).game
    files = [e.path for e in catalogue(game) if e.kind in ("puzzle", "tutorial") and not e.error]
    resolved = [p.resolve() for p in files]
    try:
        i = resolved.index(path.resolve())
    except ValueError:
        return None
    return files[i + 1] if i + 1 < len(files) else None


def _same_course(a, b) -> bool:
    """Two chapter files of one course: the same name before the chapter number."""
    import re

    def stem(p):
        m = re.match(r"(.*)-\d\d-", p.name)
        return m.group(1) if m else None

    return stem(a) is not None and stem(a) == stem(b)


def puzzle_box_spot(name: str, box, height: int) -> tuple[float, float]:
    """A puzzle box button's centre in a2dTopLeft units, the box being where the layout put it
    (`box`: its pixels as the probe's "layout" reports them, the window `height` pixels high;
    for tests that click it)."""
    from viewer.layout import box_origin

    x0, z0 = box_origin(box, height)
    x, y = SOLUTION_SPOTS[name]
    return x0 + x, z0 + y
