"""The Glonk editor in the window (edit mode, F2, on a Glonk record): a left drag on a disc
moves it (off the Galaxy: out of play; onto the box: out of the scenario), a click selects it
(or chooses the space for a "reach" goal), a right click flips it, the panel does the rest:
the player count, each seat's armada (a click on it: the next armada not in play), its
starting score and who is to move, the goal and the words. Ctrl+Z / Ctrl+Y (or Undo / Redo)
take back and redo each edit. The position and goal live in
`scenarios.glonk.editor.GlonkEditorModel`, which knows no window."""
from __future__ import annotations

import math
from pathlib import Path

from games.glonk.model import IN_PLAY, OUT
from scenarios.glonk.editor import G, MAX_PLAYERS, GlonkEditorModel
from viewer.editing import X0, Verifying, WordEntries, panel_frame, panel_label, show_hints
from viewer.modes import Drag

SETTING_UP = "drag discs (off the Galaxy: out of play), right-click flips one"
SEL_RGBA = (1.0, 1.0, 1.0, 0.95)
SPACE_RGBA = (1.0, 0.85, 0.25, 0.45)
BOX_REACH = 0.16  # a disc dropped this close to the box's centre goes in the box
#: where the panel's controls sit (a2dTopRight units), for the panel and for tests; a row of
#: buttons is (x, y, step); the seats' rows are `seat_spot`. The goal and words (LOWER) sit
#: as they are with six players and move up a seat row for each player fewer.
SPOTS = {"flip": (-0.13, -0.165), "players": (-0.50, -0.26, 0.13),
         "points": (-0.16, -0.715, 0.09), "goal": (X0 + 0.09, -0.78, 0.17),
         "title": (X0, -0.975), "description": (X0, -1.095), "goal_text": (X0, -1.265),
         "hint": (X0, -1.375), "verify": (X0 + 0.12, -1.70), "save": (X0 + 0.45, -1.70)}
LOWER = ("points", "goal", "title", "description", "goal_text", "hint")
#: the seats' table: one row a seat (to move, armada, score - and +), SEAT_STEP apart
SEAT_TOP, SEAT_STEP = -0.33, 0.062
SEAT_X = {"turn": X0 + 0.035, "armada": -0.49, "minus": -0.25, "score": -0.165, "plus": -0.08}
GOAL_BUTTONS = (("Words only", "none"), ("Atomise", "atomise"), ("Reach", "reach"),
                ("Score", "score"))
ENTRY_FIELDS = ("title", "description", "goal_text", "hint")


def lift(players: int) -> float:
    """How far the goal and words sit above their six-player place."""
    return SEAT_STEP * (MAX_PLAYERS - players)


def spot(name: str, i: int = 0, players: int = MAX_PLAYERS) -> tuple[float, float]:
    """A control's centre in a2dTopRight units (the i-th of a row of buttons) with `players`
    seats in the table."""
    x, y, *step = SPOTS[name]
    if name in LOWER:
        y += lift(players)
    if name in ENTRY_FIELDS:
        return x + 0.3, y + 0.012
    return x + (step[0] * i if step else 0.0), y


def seat_spot(part: str, seat: int) -> tuple[float, float]:
    """The centre of a seat row's control: "turn", "armada", "minus", "score" or "plus"."""
    return SEAT_X[part], SEAT_TOP - SEAT_STEP * seat


class GlonkEditor(Verifying, WordEntries):
    """Edit mode on a Glonk table: drag discs, flip them; the players, their armadas and
    starting scores, who moves, the goal, the words; verify; save."""

    #: What the mouse does while setting up a Glonk position (the F1 help of edit mode).
    mouse_help = (("Left drag a disc", "Move it (on or off the Galaxy)"),
                  ("Left click a disc / a space", "Select it / choose the space"),
                  ("Right click a disc", "Flip it"))

    WORD_FIELDS = ("title", "description", "goal_text")

    def __init__(self, host):
        self.host = host  # the window's (viewer.host.Host): all this editor reaches
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
        self._job = None  # the shot explorer verifying the goal (viewer.editing.VerifyJob)
        self.host.every_frame("jobs", self._poll, "flickbook-glonk-editor-poll")

    # --- entering and leaving ---------------------------------------------------------------
    def enter(self) -> bool:
        record, node = self.host.record, self.host.node
        model = None
        try:
            if record.kind == "scenario" and node is record.root:
                from scenarios import Scenario

                from analysis.puzzles import Verdict

                model = GlonkEditorModel.from_scenario(Scenario.from_record(record))
                if model.saved_verdict:  # found for this very position and goal when saved
                    model.accept(Verdict.from_json(model.saved_verdict), model.key())
            else:
                model = GlonkEditorModel.from_state(node.state)
        except ValueError:
            model = GlonkEditorModel()  # armadas not drawn yet: a small starting position
        self.model = model
        self.selected = self.space = self.dragging = None
        self.path = None
        self.active = True
        self.host.scene.setting_up = SETTING_UP  # the status says so, not how to flick
        self._build_panel()
        self.show()
        self.host.say(f"Set up: {SETTING_UP}")
        return True

    def finish(self):
        """The record to play from the set-up position and what to say, or None (still
        setting up: the reason is said)."""
        try:
            self._sync_entries()
            scenario = self.model.scenario()
        except ValueError as exc:
            self.host.say(f"Still setting up: {exc}")
            return None
        problems = self.model.problems()
        return scenario.to_record(), (f"{scenario.title}: playing from the set-up position"
                                      + (f" ({problems[0]})" if problems else ""))

    def close(self) -> None:
        """Take the panel and the marks away (leaving edit mode)."""
        self.active = False
        self.dragging = None
        self.host.scene.setting_up = None
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
        host = self.host
        try:
            state = self.model.state()
        except ValueError as exc:
            host.say(str(exc))
            return
        host.shown_state = state
        if self.selected not in self.model.pieces:  # its armada left the table
            self.selected = None
        scene = host.scene
        scene.deselect()
        scene.show(state)
        scene.draw_annotations([])
        self._draw_marks(state)
        host.refresh_status()
        self._refresh_panel()

    def _draw_marks(self, state) -> None:
        from viewer.glonk import meshes

        scene = self.host.scene
        if self.marks is None or self.marks.isEmpty():
            self.marks = scene.overlay.attachNewNode("glonk-editor-marks")
        self.marks.getChildren().detach()
        if self.space is not None:
            node = scene.drawing.space_node(self.space, SPACE_RGBA, 0.003)
            node.setZ(0.0016)
            node.reparentTo(self.marks)
        pose = scene.poses.get(self.selected) if self.selected else None
        if pose is not None:
            meshes.ring_round_disc(self.marks, "editor-selected", state.piece(self.selected), pose,
                                   0.003, 0.005, SEL_RGBA, 0.0014)

    def board_click(self, pick, button: int = 1) -> None:
        """Left click: select a disc, or choose a space; right click on a disc: flip it."""
        if pick is None:
            return
        if pick.piece is not None:
            if button == 3:
                self.host.say(self.model.flip(pick.piece) or
                             f"{pick.piece} now {self.model.face(pick.piece)}")
            else:
                self.selected = pick.piece
                self.host.say(self._describe(pick.piece))
        elif pick.cell is not None and button == 1:
            self.space = pick.cell
            self.host.say(f"Space {pick.cell} chosen (for a Reach goal)")
        self.show()

    def _describe(self, pid: str) -> str:
        from viewer.glonk.status import describe_piece

        state = self.model.state()
        return f"{pid}: {describe_piece(self.host.scene.book, state, state.piece(pid))}"

    # --- dragging discs (a drag handler the window feeds) --------------------------------------
    def press(self, pick, pos):
        """A press on a disc: a `DiscDrag` that moves it with the pointer (None elsewhere)."""
        if not self.active or not self.grab_disc(pick):
            return None
        return DiscDrag(self, pos)

    def grab_disc(self, pick) -> bool:
        """A press on a disc starts moving it (True); anything else is not ours."""
        pid = pick.piece
        pose = self.host.scene.poses.get(pid) if pid else None
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
        node = self.host.scene.nodes.get(pid)
        p = self.model.pieces[pid]
        if node is not None:
            node.setPos(x, y, p.thickness / 2 + 0.004)
        off = math.hypot(x, y) > G.radius
        other = None if off else self.model.overlap(pid, x, y)
        self.host.say(f"{pid} would overlap {other}" if other else
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
        self.host.say(msg)
        self.show()

    # --- panel ------------------------------------------------------------------------------
    def _build_panel(self) -> None:
        from viewer.panel import DIM, _button

        f = self.frame = panel_frame(self.host)

        def label(text, y, scale=0.034, fg=None, x=X0, wrap=None):
            return panel_label(f, text, y, scale, fg, x, wrap)

        def button(text, xy, command, args=(), width=0.2, height=0.06, scale=0.03):
            return _button(f, text, command, (xy[0], 0, xy[1]), width=width, height=height,
                           scale=scale, extraArgs=list(args))

        label("Set up a Glonk scenario", -0.075, 0.042)
        button("Done (F2)", (-0.13, -0.062), self.host.toggle_editor, scale=0.032)
        self.selected_label = label("", -0.155, 0.028, wrap=17)
        button("Flip face", spot("flip"), self.flip)
        label("Players", spot("players")[1] - 0.01, 0.03, DIM)
        for i, (text, d) in enumerate((("-", -1), ("+", 1))):
            button(text, spot("players", i), self._players, [d], width=0.07, scale=0.04)
        self.players_label = label("", spot("players")[1] - 0.012, 0.032, x=-0.45)
        label("> to move; click an armada to change it", spot("players")[1] + 0.005, 0.023,
              DIM, x=-0.33, wrap=12.5)
        self.seat_rows = []
        for seat in range(MAX_PLAYERS):
            row = {"turn": button("", seat_spot("turn", seat), self._set_turn, [seat],
                                  width=0.06, height=0.052, scale=0.03),
                   "armada": button("", seat_spot("armada", seat), self._next_armada, [seat],
                                    width=0.38, height=0.052, scale=0.026),
                   "minus": button("-", seat_spot("minus", seat), self._score, [seat, -1],
                                   width=0.06, height=0.052, scale=0.04),
                   "score": label("", seat_spot("score", seat)[1] - 0.01, 0.028,
                                  x=seat_spot("score", seat)[0] - 0.045),
                   "plus": button("+", seat_spot("plus", seat), self._score, [seat, 1],
                                  width=0.06, height=0.052, scale=0.04)}
            self.seat_rows.append(row)
        # the goal and the words: one group, lifted by `lift` for fewer players
        self.lower = f.attachNewNode("glonk-editor-lower")
        low = self.lower
        y = SPOTS["points"][1]
        panel_label(low, "Checked goal", y - 0.01, 0.028, DIM)
        panel_label(low, "points", y - 0.01, 0.026, DIM, x=-0.32)
        for i, (text, d) in enumerate((("-", -1), ("+", 1))):
            _button(low, text, self._points, (SPOTS["points"][0] + 0.09 * i, 0, y),
                    width=0.08, height=0.05, scale=0.04, extraArgs=[d])
        for i, (text, kind) in enumerate(GOAL_BUTTONS):
            _button(low, text, self.set_goal, (SPOTS["goal"][0] + SPOTS["goal"][2] * i, 0,
                                               SPOTS["goal"][1]),
                    width=0.16, height=0.06, scale=0.026, extraArgs=[kind])
        self.goal_label = panel_label(low, "", SPOTS["goal"][1] - 0.06, 0.026,
                                      (0.75, 0.95, 0.75, 1), wrap=27)
        self._make_entries(low, (("title", "Title", 1), ("description", "Description", 3),
                                 ("goal_text", "Goal in words", 1),
                                 ("hint", "Hint (Enter adds it)", 1)), SPOTS)
        self.hints_label = panel_label(low, "", SPOTS["hint"][1] - 0.085, 0.026, wrap=28)
        _button(low, "Clear hints", self._clear_hints, (-0.13, 0, SPOTS["hint"][1] + 0.06),
                width=0.2, height=0.05, scale=0.026)
        button("Verify", spot("verify"), self.verify, width=0.24, height=0.07, scale=0.038)
        button("Save scenario", spot("save"), self.save, width=0.36, height=0.07, scale=0.038)
        self.result_label = label("", -1.785, 0.028, (0.98, 0.84, 0.30, 1), wrap=27)
        self.problem_label = label("", -1.855, 0.028, (1, 0.7, 0.5, 1), wrap=27)
        label("Drag: move (off the Galaxy: out of play; on the box: out of the game)   "
              "Right-click: flip   Ctrl+Z: undo", -1.93, 0.022, DIM, wrap=33)

    def _refresh_panel(self) -> None:
        if self.frame is None:
            return
        from viewer.panel import BTN, BTN_HOT, CURRENT

        m = self.model
        self.selected_label["text"] = (self._describe(self.selected) if self.selected
                                       else "Click a disc to select it")
        self.players_label["text"] = str(m.players)
        self.lower.setZ(lift(m.players))
        scores = m.state().scores()
        for seat, row in enumerate(self.seat_rows):
            parts = row.values()
            if seat >= m.players:
                for part in parts:
                    part.hide()
                continue
            for part in parts:
                part.show()
            row["turn"]["text"] = ">" if seat == m.turn else ""
            row["turn"]["frameColor"] = ((CURRENT,) * 4 if seat == m.turn else
                                         (BTN, BTN_HOT, BTN_HOT, BTN))
            row["armada"]["text"] = m.seat_name(seat)
            row["score"]["text"] = f"{scores[seat]} pt{'s' if scores[seat] != 1 else ''}"
        self.goal_label["text"] = m.goal_line()
        shown = 3 + (MAX_PLAYERS - m.players) // 2  # the room the seats leave
        show_hints(self.hints_label, m.hints, shown)
        problems = m.problems()
        self.problem_label["text"] = problems[0] if problems else "Ready to save"
        self.result_label["text"] = self.verify_words()

    # --- players, armadas, scores ----------------------------------------------------------------
    def _players(self, d: int) -> None:
        """One player more (the next free armada, laid out as at setup) or fewer (the last
        seat leaves with all its discs: Ctrl+Z brings them back)."""
        m = self.model
        before = m.seats
        msg = m.set_players(m.players + d)
        if msg is None:
            if d > 0:
                armada = m.seats[-1]
                placed = any(p.armada == armada and p.status == IN_PLAY
                             for p in m.pieces.values())
                msg = f"{m.seat_name(m.players - 1)} joins " + (
                    "(Ctrl+Z takes it back)" if placed else
                    "with no room on the Galaxy: its ships wait out of play, drag them on")
            else:
                msg = (f"P{len(before)} {m.armada_name(before[-1])} left with all its discs "
                       f"(Ctrl+Z brings them back)")
        self.host.say(msg)
        self.show()

    def _next_armada(self, seat: int) -> None:
        """The seat plays the next armada that is not in play (its ships take the places of
        the old ones)."""
        m = self.model
        if seat >= m.players:
            return
        free = m.free_armadas()
        if not free:
            self.host.say("All six armadas are in play: each plays once")
            return
        from games.glonk.model import load_book

        ids = load_book().ids()
        here = ids.index(m.seats[seat])
        armada = next(a for a in ids[here + 1:] + ids[:here] if a in free)
        self.host.say(m.set_armada(seat, armada) or
                     f"{m.seat_name(seat)}: its ships take the old armada's places")
        self.show()

    def _score(self, seat: int, d: int) -> None:
        m = self.model
        if seat >= m.players:
            return
        goal = m.check
        msg = m.set_score(seat, m.score(seat) + d)
        if msg is None:
            n = m.score(seat)
            msg = f"P{seat + 1} starts with {n} point{'s' if n != 1 else ''}"
            if m.check != goal:
                from games.glonk.goals import checkable_words

                msg += f" (the checked goal moves with it: {checkable_words(m.check)})"
        self.host.say(msg)
        self.show()

    def _set_turn(self, seat: int) -> None:
        if seat < self.model.players:
            self.model.set_turn(seat)
            self.show()

    def undo(self) -> str | None:
        return self._step(self.model.undo)

    def redo(self) -> str | None:
        return self._step(self.model.redo)

    def _step(self, step) -> str | None:
        what = step()
        self.show()
        return what

    def flip(self) -> None:
        if self.selected is None:
            self.host.say("Select a disc first (click it)")
            return
        self.host.say(self.model.flip(self.selected) or
                     f"{self.selected} now {self.model.face(self.selected)}")
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
        self.host.say(msg or m.goal_line())
        self._refresh_panel()

    def _points(self, d: int) -> None:
        g = self.model.check
        if not g or g.get("type") != "score":
            self.host.say("Choose a Score goal first")
            return
        msg = self.model.set_check(dict(g, points=g["points"] + d))
        self.host.say(msg or "")
        self._refresh_panel()

    # --- verifying and saving ------------------------------------------------------------------
    def verify(self) -> None:
        """The shot explorer on the checked goal, in a thread; the panel polls it."""
        if self._job is not None:
            return
        problems = self.model.problems()
        if problems or not self.model.check:
            self.host.say(problems[0] if problems else "Choose a checked goal to verify")
            return
        from analysis.puzzles import verify

        state, goal = self.model.state(), dict(self.model.check)
        self.start_verify(lambda: verify("glonk", state, goal, samples=20), self.model.key())
        self.host.say("Verifying: flicking the candidate shots...")

    def save(self) -> None:
        self._sync_entries()
        problems = self.model.problems()
        if problems:
            self.host.say(f"Not saved: {problems[0]}")
            return
        self._save_to_default_path()


class DiscDrag(Drag):
    """A disc carried by the pointer in the Glonk editor; released, it is dropped there."""

    def __init__(self, editor, start):
        super().__init__(1, start)
        self.editor = editor

    def move(self, pos):
        pick = self.editor.host.pick_at(pos)
        if pick.point is not None:
            self.editor.drag_to(pick.point[0], pick.point[1])

    def release(self, pos):
        self.move(pos)
        self.editor.drop_here()

    def cancel(self):
        """Esc or a release off the window: the disc goes back where it was."""
        self.editor.dragging = None
        self.editor.show()
