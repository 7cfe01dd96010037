"""The Glonk editor in the window (edit mode, F2, on a Glonk record): a left drag on a disc
moves it (off the Galaxy: out of play; onto the box: out of the scenario), a click selects it
(or chooses the space for a "reach" goal), a right click flips it, the panel does the rest.
The position and goal live in `scenarios.glonk.editor.GlonkEditorModel`, which knows no
window."""
from __future__ import annotations

import math
import threading
from pathlib import Path

from games.glonk.model import IN_PLAY, OUT
from scenarios.glonk.editor import G, GlonkEditorModel
from viewer.editing import WordEntries
from viewer.modes import Drag

SEL_RGBA = (1.0, 1.0, 1.0, 0.95)
SPACE_RGBA = (1.0, 0.85, 0.25, 0.45)
BOX_REACH = 0.16  # a disc dropped this close to the box's centre goes in the box
X0 = -0.80 + 0.04  # the panel's left margin (viewer.panel.PANEL_W is 0.80)
#: where the panel's controls sit (a2dTopRight units), for the panel and for tests
SPOTS = {"flip": (-0.13, -0.235), "next": (-0.13, -0.385), "goal": (X0 + 0.09, -0.515, 0.17),
         "points": (-0.16, -0.585, 0.09), "title": (X0, -0.785), "description": (X0, -0.915),
         "goal_text": (X0, -1.10), "hint": (X0, -1.23), "verify": (X0 + 0.12, -1.62),
         "save": (X0 + 0.45, -1.62)}
GOAL_BUTTONS = (("Words only", "none"), ("Atomise", "atomise"), ("Reach", "reach"),
                ("Score", "score"))


def spot(name: str, i: int = 0) -> tuple[float, float]:
    """A control's centre in a2dTopRight units (the i-th of a row of buttons)."""
    x, y, *step = SPOTS[name]
    if name in ("title", "description", "goal_text", "hint"):
        return x + 0.3, y + 0.012
    return x + (step[0] * i if step else 0.0), y


class GlonkEditor(WordEntries):
    """Edit mode on a Glonk table: drag discs, flip them, set who moves, goal, words; save."""

    WORD_FIELDS = ("title", "description", "goal_text")

    def __init__(self, controller):
        self.ctl = controller
        self.app = controller.app
        self.model: GlonkEditorModel | None = None
        self.active = False
        self.selected: str | None = None
        self.space: str | None = None  # the space last clicked (for a "reach" goal)
        self.dragging: str | None = None
        self.grab = (0.0, 0.0)  # disc centre minus the point pressed
        self.drop: tuple[float, float] | None = None
        self.path: Path | None = None
        self.asked: dict = {}
        self.frame = None
        self.entries: dict = {}
        self.marks = None
        self._job = None  # (thread, holder, key) while the shot explorer verifies the goal
        self.app.taskMgr.add(self._poll, "flickbook-glonk-editor-poll", sort=25)

    # --- entering and leaving ---------------------------------------------------------------
    def enter(self) -> bool:
        session = self.ctl.session
        model = None
        try:
            if session.record.kind == "scenario" and session.node is session.record.root:
                from scenarios import Scenario

                from analysis.puzzles import Verdict

                model = GlonkEditorModel.from_scenario(Scenario.from_record(session.record))
                if model.saved_verdict:  # found for this very position and goal when saved
                    model.accept(Verdict.from_json(model.saved_verdict), model.key())
            else:
                model = GlonkEditorModel.from_state(session.node.state)
        except ValueError:
            model = GlonkEditorModel()  # armadas not drawn yet: a small starting position
        self.model = model
        self.selected = self.space = self.dragging = None
        self.path = None
        self.active = True
        self._build_panel()
        self.show()
        self.ctl.say("Set up: drag discs (off the Galaxy: out of play), right-click flips one")
        return True

    def finish(self):
        """The record to play from the set-up position and what to say, or None (still
        setting up: the reason is said)."""
        try:
            self._sync_entries()
            scenario = self.model.scenario()
        except ValueError as exc:
            self.ctl.say(f"Still setting up: {exc}")
            return None
        problems = self.model.problems()
        return scenario.to_record(), (f"{scenario.title}: playing from the set-up position"
                                      + (f" ({problems[0]})" if problems else ""))

    def close(self) -> None:
        """Take the panel and the marks away (leaving edit mode)."""
        self.active = False
        self.dragging = None
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
        self.entries = {}
        if self.marks is not None:
            self.marks.removeNode()
            self.marks = None

    # --- the table --------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the position being set up, the selection and the chosen space."""
        app = self.app
        try:
            state = self.model.state()
        except ValueError as exc:
            self.ctl.say(str(exc))
            return
        app.shown_state = state
        scene = app.scene
        scene.deselect()
        scene.show(state)
        scene.draw_annotations([])
        self._draw_marks(state)
        app.refresh_status()
        self._refresh_panel()

    def _draw_marks(self, state) -> None:
        from viewer.glonk import meshes

        scene = self.app.scene
        if self.marks is None or self.marks.isEmpty():
            self.marks = scene.overlay.attachNewNode("glonk-editor-marks")
        self.marks.getChildren().detach()
        if self.space is not None:
            node = scene._space_node(self.space, SPACE_RGBA, 0.003)
            node.setZ(0.0016)
            node.reparentTo(self.marks)
        pose = scene.poses.get(self.selected) if self.selected else None
        if pose is not None:
            p = state.piece(self.selected)
            ring = meshes.ring_mesh("editor-selected", p.radius + 0.003, 0.005, SEL_RGBA)
            ring.setPos(pose[0], pose[1], 0.0014 + (0 if p.status == IN_PLAY else p.thickness))
            ring.reparentTo(self.marks)

    def board_click(self, pick, button: int = 1) -> None:
        """Left click: select a disc, or choose a space; right click on a disc: flip it."""
        if pick is None:
            return
        if pick.piece is not None:
            if button == 3:
                self.ctl.say(self.model.flip(pick.piece) or
                             f"{pick.piece} now {self.model.face(pick.piece)}")
            else:
                self.selected = pick.piece
                self.ctl.say(self._describe(pick.piece))
        elif pick.cell is not None and button == 1:
            self.space = pick.cell
            self.ctl.say(f"Space {pick.cell} chosen (for a Reach goal)")
        self.show()

    def _describe(self, pid: str) -> str:
        from viewer.glonk.scene import describe_piece

        state = self.model.state()
        return f"{pid}: {describe_piece(self.app.scene.book, state, state.piece(pid))}"

    # --- dragging discs (a drag handler the controller feeds) ----------------------------------
    def press(self, pick, pos):
        """A press on a disc: a `DiscDrag` that moves it with the pointer (None elsewhere)."""
        if not self.active or not self.grab_disc(pick):
            return None
        return DiscDrag(self, pos)

    def grab_disc(self, pick) -> bool:
        """A press on a disc starts moving it (True); anything else is not ours."""
        pid = pick.piece
        pose = self.app.scene.poses.get(pid) if pid else None
        if pose is None or pick.point is None:
            return False
        self.dragging = pid
        self.selected = pid
        self.grab = (pose[0] - pick.point[0], pose[1] - pick.point[1])
        self.drop = (pose[0], pose[1])
        return True

    def drag_to(self, x: float, y: float) -> None:
        """Show the disc under the mouse (and say if it may not be dropped there)."""
        pid = self.dragging
        x, y = x + self.grab[0], y + self.grab[1]
        self.drop = (x, y)
        node = self.app.scene.nodes.get(pid)
        p = self.model.pieces[pid]
        if node is not None:
            node.setPos(x, y, p.thickness / 2 + 0.004)
        off = math.hypot(x, y) > G.radius
        other = None if off else self.model.overlap(pid, x, y)
        self.ctl.say(f"{pid} would overlap {other}" if other else
                     f"Drop {pid} here: in the box" if self.in_box(x, y) else
                     f"Drop {pid} here: out of play" if off else "")

    def in_box(self, x: float, y: float) -> bool:
        """Whether (x, y) is on the box beside the Galaxy (where discs out of the game lie)."""
        from viewer.glonk.scene import BOX_ANGLE, BOX_R

        return math.hypot(x - BOX_R * math.cos(BOX_ANGLE), y - BOX_R * math.sin(BOX_ANGLE)) < BOX_REACH

    def drop_here(self) -> None:
        pid, self.dragging = self.dragging, None
        if pid is None or self.drop is None:
            return
        if self.in_box(*self.drop):
            msg = self.model.remove(pid) or f"{pid} in the box: out of this scenario"
        else:
            msg = self.model.move(pid, *self.drop) or (
                f"{pid} out of play (lost in space: it returns in its owner's turn)"
                if self.model.pieces[pid].status == OUT else f"{pid} placed")
        self.ctl.say(msg)
        self.show()

    # --- panel ------------------------------------------------------------------------------
    def _build_panel(self) -> None:
        from direct.gui.DirectGui import DirectEntry, DirectFrame, DirectLabel
        from panda3d.core import TextNode

        from viewer.panel import BG, DIM, PANEL_W, TEXT, _button

        f = DirectFrame(parent=self.app.a2dTopRight, frameColor=BG,
                        frameSize=(-PANEL_W, 0, -2.0, 0))
        self.frame = f
        x0 = X0

        def label(text, y, scale=0.034, fg=TEXT, x=x0, wrap=None):
            kw = {"text_wordwrap": wrap} if wrap else {}
            return DirectLabel(parent=f, text=text, text_scale=scale, text_fg=fg,
                               frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                               pos=(x, 0, y), **kw)

        label("Set up a Glonk scenario", -0.075, 0.042)
        _button(f, "Done (F2)", self.ctl.editor.toggle, (-0.13, 0, -0.062), width=0.2,
                height=0.06, scale=0.032)
        label("Drag a disc: off the Galaxy it is out of play, on the box out of the game",
              -0.15, 0.024, DIM)
        self.selected_label = label("", -0.225, 0.028, wrap=17)
        _button(f, "Flip face", self.flip, (spot("flip")[0], 0, spot("flip")[1]), width=0.2,
                height=0.06, scale=0.03)
        self.turn_label = label("", -0.395)
        _button(f, "Next", self._next_turn, (spot("next")[0], 0, spot("next")[1]), width=0.2,
                height=0.06, scale=0.03)
        label("Checked goal", -0.455, 0.03, DIM)
        for i, (text, kind) in enumerate(GOAL_BUTTONS):
            x, y = spot("goal", i)
            _button(f, text, self.set_goal, (x, 0, y), width=0.16, height=0.06, scale=0.026,
                    extraArgs=[kind])
        label("points", -0.595, 0.028, DIM, x=-0.42)
        for i, (text, d) in enumerate((("-", -1), ("+", 1))):
            x, y = spot("points", i)
            _button(f, text, self._points, (x, 0, y), width=0.08, height=0.06, scale=0.04,
                    extraArgs=[d])
        self.goal_label = label("", -0.645, 0.026, (0.75, 0.95, 0.75, 1), wrap=28)
        self.entries = {}
        for name, caption, lines in (("title", "Title", 1), ("description", "Description", 3),
                                     ("goal_text", "Goal in words", 1),
                                     ("hint", "Hint (Enter adds it)", 1)):
            y = SPOTS[name][1]
            label(caption, y + 0.05, 0.028, DIM)
            e = DirectEntry(parent=f, scale=0.032, width=(PANEL_W - 0.08) / 0.032,
                            numLines=lines, pos=(SPOTS[name][0], 0, y),
                            frameColor=(0.16, 0.17, 0.2, 1), text_fg=TEXT, initialText="",
                            cursorKeys=1, overflow=int(lines == 1), command=self._entry_enter, extraArgs=[name],
                            focusOutCommand=self._entry_done, focusOutExtraArgs=[name])
            self.entries[name] = e
        self.entries["title"].enterText(self.model.title)
        self.say_when_full()
        self.entries["description"].enterText(self.model.description)
        self.entries["goal_text"].enterText(self.model.goal_text)
        self.hints_label = label("", -1.31, 0.028, wrap=26)
        _button(f, "Clear hints", self._clear_hints, (-0.13, 0, -1.225 + 0.06), width=0.2,
                height=0.05, scale=0.026)
        _button(f, "Verify", self.verify, (spot("verify")[0], 0, spot("verify")[1]),
                width=0.24, height=0.07)
        _button(f, "Save scenario", self.save, (spot("save")[0], 0, spot("save")[1]),
                width=0.36, height=0.07)
        self.result_label = label("", -1.71, 0.028, (0.98, 0.84, 0.30, 1), wrap=27)
        self.problem_label = label("", -1.80, 0.028, (1, 0.7, 0.5, 1), wrap=27)
        label("Drag: move   Click: select / choose a space   Right-click: flip", -1.93, 0.024,
              DIM)

    def _refresh_panel(self) -> None:
        if self.frame is None:
            return
        m = self.model
        self.selected_label["text"] = (self._describe(self.selected) if self.selected
                                       else "Click a disc to select it")
        self.turn_label["text"] = f"To move: {m.seat_name(m.turn)}"
        self.goal_label["text"] = m.goal_line()
        self.hints_label["text"] = ("\n".join(f"{i + 1}. {h}" for i, h in enumerate(m.hints[-4:]))
                                    or "No hints yet")
        problems = m.problems()
        self.problem_label["text"] = problems[0] if problems else "Ready to save"
        if self._job is None:
            self.result_label["text"] = m.result_words()

    def flip(self) -> None:
        if self.selected is None:
            self.ctl.say("Select a disc first (click it)")
            return
        self.ctl.say(self.model.flip(self.selected) or
                     f"{self.selected} now {self.model.face(self.selected)}")
        self.show()

    def _next_turn(self) -> None:
        self.model.set_turn(self.model.turn + 1)
        self.show()

    def set_goal(self, kind: str) -> None:
        """The checked goal from the selection, the chosen space or the player to move."""
        m = self.model
        if kind == "none":
            msg = m.set_check(None)
        elif kind == "score":
            msg = m.set_check({"type": "score", "player": m.turn,
                               "points": m.state().scores()[m.turn] + 1})
        elif self.selected is None:
            msg = "Select the disc first (click it)"
        elif kind == "atomise":
            msg = m.set_check({"type": "atomise", "piece": self.selected})
        elif self.space is None:
            msg = "Click the space to reach first (an empty spot of the Galaxy)"
        else:
            msg = m.set_check({"type": "reach", "piece": self.selected, "space": self.space})
        self.ctl.say(msg or m.goal_line())
        self._refresh_panel()

    def _points(self, d: int) -> None:
        g = self.model.check
        if not g or g.get("type") != "score":
            self.ctl.say("Choose a Score goal first")
            return
        msg = self.model.set_check(dict(g, points=g["points"] + d))
        self.ctl.say(msg or "")
        self._refresh_panel()

    # --- verifying and saving ------------------------------------------------------------------
    def verify(self) -> None:
        """The shot explorer on the checked goal, in a thread; the panel polls it."""
        if self._job is not None:
            return
        problems = self.model.problems()
        if problems or not self.model.check:
            self.ctl.say(problems[0] if problems else "Choose a checked goal to verify")
            return
        from analysis.puzzles import verify

        state, goal, key = self.model.state(), dict(self.model.check), self.model.key()
        holder: dict = {}

        def work():
            try:
                holder["result"] = verify("glonk", state, goal, samples=20)
            except Exception as exc:  # shown to the author, not lost in the thread
                holder["error"] = str(exc)

        self._job = (threading.Thread(target=work, daemon=True, name="flickbook-verify"),
                     holder, key)
        self._job[0].start()
        self.ctl.say("Verifying: flicking the candidate shots...")
        self.result_label["text"] = "Verifying..."

    def _poll(self, task):
        job = self._job
        if job is not None and not job[0].is_alive():
            self._job = None
            _, holder, key = job
            if "error" in holder:
                self.ctl.say(f"Could not verify: {holder['error']}")
            elif self.model is not None:
                self.model.accept(holder["result"], key)
                self.ctl.say(holder["result"].words())
            self._refresh_panel()
        return task.cont if task is not None else None

    def save(self) -> None:
        self._sync_entries()
        problems = self.model.problems()
        if problems:
            self.ctl.say(f"Not saved: {problems[0]}")
            return
        self._save_to_default_path()


class DiscDrag(Drag):
    """A disc carried by the pointer in the Glonk editor; released, it is dropped there."""

    def __init__(self, editor, start):
        super().__init__(1, start)
        self.editor = editor

    def move(self, pos):
        pick = self.editor.ctl.pick_at(pos)
        if pick.point is not None:
            self.editor.drag_to(pick.point[0], pick.point[1])

    def release(self, pos):
        self.move(pos)
        self.editor.drop_here()

    def cancel(self):
        """Esc or a release off the window: the disc goes back where it was."""
        self.editor.dragging = None
        self.editor.show()
