"""The Glik editor in the window (edit mode, F2, on a Glik record): the set-up panel over the
move list; a click on a field puts a stone of the chosen colour (or takes it off), a right
click marks a goal stone; Verify runs the solver in a thread; Save writes the puzzle. The
position and goal live in `scenarios.glik.editor.EditorModel`, which knows no window."""
from __future__ import annotations

from pathlib import Path

from scenarios.glik.editor import (GAME_NAME, PALETTE, EditorModel, goal_words, line_words,
                                   rule_words)
from viewer.editing import (X0, Verifying, WordEntries, gui, panel_frame, panel_label,
                            plain_record, show_hints)

SWATCH = {"yellow": (0.96, 0.76, 0.08, 1), "red": (0.83, 0.13, 0.11, 1),
          "green": (0.10, 0.58, 0.22, 1), "blue": (0.12, 0.33, 0.85, 1),
          "neutral": (0.16, 0.16, 0.18, 1), None: (0.55, 0.55, 0.55, 1)}
MARK_RGBA = (1.0, 0.25, 0.85, 0.95)
#: where the panel's controls sit (a2dTopRight units: x from the right edge, y from the top);
#: one table for the panel and for tests that click them in a real window
SPOTS = {"swatch": (X0 + 0.2, -0.152, 0.095), "ap": (-0.34, -0.45, 0.09),
         "title": (X0, -0.96), "description": (X0, -1.09), "hint": (X0, -1.31),
         "verify": (X0 + 0.12, -1.59), "save": (X0 + 0.42, -1.59)}


def spot(name: str, i: int = 0) -> tuple[float, float]:
    """A control's centre in a2dTopRight units (the i-th of a row of swatches / AP buttons)."""
    x, y, *step = SPOTS[name]
    if name in ("title", "description", "hint"):
        return x + 0.3, y + 0.012
    return x + (step[0] * i if step else 0.0), y




class GlikEditor(Verifying, WordEntries):
    """Edit mode on a Glik table: the set-up panel, board clicks put stones and goal marks."""

    #: What the mouse does while setting up a Glik position (the F1 help of edit mode).
    mouse_help = (("Left click a field", "Put or take off a stone of the chosen colour"),
                  ("Right click a stone", "Mark / unmark it as a goal stone"))

    REFUSED = "The solver refused"

    def __init__(self, host):
        self.host = host  # the window's (viewer.host.Host): all this editor asks of the window
        self.model: EditorModel | None = None
        self.active = False
        self.colour: str | None = "yellow"
        self.path: Path | None = None  # where the puzzle was last saved
        self._job = None  # the solver at work (viewer.editing.VerifyJob)
        self.asked: dict = {}  # the answers of the last "replace?" question
        self.marks = None  # node of the goal-stone rings
        self._marks_scene = None
        self.frame = None
        self.entries: dict = {}
        host.every_frame("jobs", self._poll, "flickbook-editor-poll")

    # --- entering and leaving ---------------------------------------------------------------
    def enter(self) -> bool:
        """Start from the position shown (a puzzle at its start: the puzzle itself)."""
        record, node = self.host.record, self.host.node
        state = node.state
        model = None
        try:
            if record.kind == "scenario" and node is record.root:
                from scenarios import Scenario

                model = EditorModel.from_scenario(Scenario.from_record(record))
            elif state.phase == "play":
                model = EditorModel.from_state(state)
        except ValueError:
            model = None
        self.model = model if model is not None else EditorModel()
        self.path = None
        self.active = True
        self._build_panel()
        self.show()
        self.host.say("Set up: click fields to put stones, right-click your stones to mark the goal")
        return True

    def finish(self):
        """The record to play from the set-up position and what to say, or None (still
        setting up: the reason is said)."""
        self._sync_entries()
        try:
            scenario = self.model.scenario()
        except ValueError as exc:
            self.host.say(f"Still setting up: {rule_words(str(exc))}")
            return None
        record = scenario.to_record() if scenario.goal else plain_record(scenario)
        if not scenario.goal:
            words = "Position set up (no goal: not a puzzle)"
        elif scenario.solution:
            words = f"{scenario.title}: solve it (Show solution reveals the answer)"
        else:
            words = f"{scenario.title}: not verified yet (F2 to go back and Verify)"
        return record, words

    def close(self) -> None:
        """Take the panel and the goal rings away (leaving edit mode)."""
        self.active = False
        self._job = None
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
        self.entries = {}
        self._draw_marks()  # none outside edit mode

    # --- the board --------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the position being set up, with rings round the goal stones."""
        host = self.host
        try:
            state = self.model.state()
        except ValueError:
            return
        host.shown_state = state
        host.scene.deselect()
        host.scene.show(state)
        host.scene.draw_annotations([])
        self._draw_marks()
        host.refresh_status()
        self._refresh_panel()

    def _draw_marks(self) -> None:
        """Rings round the goal stones, in a node of their own (Esc's deselect keeps them)."""
        from viewer import geometry

        scene = self.host.scene
        if self.marks is None or self.marks.isEmpty() or self._marks_scene is not scene:
            self.marks = scene.overlay.attachNewNode("editor-goal-marks")
            self._marks_scene = scene
        self.marks.getChildren().detach()
        for cell in self.model.marked if self.active else ():
            ring = geometry.disc("goal-mark", 0.52, 28, MARK_RGBA, inner=0.38)
            ring.reparentTo(self.marks)
            c = scene.cell_center(cell)
            ring.setPos(c.x, c.y, scene.surface_z + 0.004)

    def board_click(self, pick, button: int = 1) -> None:
        """Left click: put (or take off) a stone of the chosen colour; right: goal mark."""
        if pick is None or pick.cell is None:
            return
        if button == 3:
            msg = self.model.toggle_mark(pick.cell)
        else:
            msg = self.model.put(pick.cell, self.colour)
        self.host.say(msg or "")
        self.show()

    # --- panel ------------------------------------------------------------------------------
    def _build_panel(self) -> None:
        from viewer.panel import DIM, _button

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
        f = self.frame = panel_frame(self.host)
        x0 = X0

        def label(text, y, scale=0.034, fg=None, x=x0, wrap=None):
            return panel_label(f, text, y, scale, fg, x, wrap)

        label("Set up a puzzle", -0.075, 0.045)
        _button(f, "Done (F2)", lambda: self.host.run_command("edit_mode"), (-0.13, 0, -0.062), width=0.2, height=0.06, scale=0.032)
        label("Stone", -0.165, fg=DIM)
        self.swatches, self.rims = {}, {}
        for i, colour in enumerate(PALETTE):
            x = spot("swatch", i)[0]
            w = 0.07 if colour else 0.1
            self.rims[colour] = DirectFrame(parent=f, frameColor=(0.35, 0.36, 0.4, 1),
                                            frameSize=(-w / 2 - 0.008, w / 2 + 0.008, -0.038, 0.038),
                                            pos=(x + (0.015 if not colour else 0), 0, -0.152))
            self.swatches[colour] = _button(f, "" if colour else "Erase", self.choose,
                                            (x + (0.015 if not colour else 0), 0, -0.152),
                                            width=w, height=0.06, scale=0.026, extraArgs=[colour])
        self.chosen_label = label("", -0.225, 0.028, DIM, x=x0 + 0.16)
        right = -0.13

        def row(y, text, command, extra=None):
            _button(f, text, command, (right, 0, y + 0.01), width=0.2, height=0.06, scale=0.03,
                    extraArgs=extra or [])
            return label("", y)

        self.players_label = row(-0.3, "Players", self._cycle_players)
        self.turn_label = row(-0.38, "Next", self._next_turn)
        self.ap_label = label("", -0.46)
        for i, (text, d) in enumerate((("-5", -5), ("-", -1), ("+", 1), ("+5", 5))):
            _button(f, text, self._ap, (spot("ap", i)[0], 0, spot("ap")[1]), width=0.08, height=0.06,
                    scale=0.04, extraArgs=[d])
        self.rule_label = row(-0.54, "Toggle", self._toggle_chain)
        _button(f, "Moves", self._cycle_actions, (-0.34, 0, -0.53), width=0.15, height=0.06,
                scale=0.028)
        self.reserve_label = label("", -0.62)
        for i, (text, seat, d) in enumerate((("-", 0, -1), ("+", 0, 1), ("N-", None, -1),
                                             ("N+", None, 1))):
            _button(f, text, self._reserve, (-0.34 + i * 0.09, 0, -0.61), width=0.08,
                    height=0.06, scale=0.04 if seat == 0 else 0.03, extraArgs=[seat, d])
        label("Goal", -0.70, fg=DIM)
        _button(f, "N touching", self._goal_count, (x0 + 0.3, 0, -0.69), width=0.22, height=0.06,
                scale=0.03)
        for i, (text, d) in enumerate((("-", -1), ("+", 1))):
            _button(f, text, self._count, (-0.16 + i * 0.09, 0, -0.69), width=0.08, height=0.06,
                    scale=0.04, extraArgs=[d])
        label("or right-click stones of the player to move", -0.755, 0.026, DIM)
        self.goal_label = label("", -0.81, 0.03, wrap=24)
        self._make_entries(f, (("title", "Title", 1), ("description", "Description", 3),
                               ("hint", "Hint (Enter adds it)", 1)), SPOTS)
        self.hints_label = label("", SPOTS["hint"][1] - 0.07, 0.028, wrap=26)
        _button(f, "Clear hints", self._clear_hints, (-0.13, 0, SPOTS["hint"][1] + 0.06),
                width=0.2, height=0.05, scale=0.026)
        y = SPOTS["verify"][1]
        self.verify_button = _button(f, "Verify", self.verify, (SPOTS["verify"][0], 0, y),
                                     width=0.22, height=0.07)
        _button(f, "Save puzzle", self.save, (SPOTS["save"][0], 0, y), width=0.3, height=0.07)
        self.result_label = label("", y - 0.08, 0.03, wrap=24)
        self.line_label = label("", y - 0.15, 0.026, DIM, wrap=28)
        # two lines, wrapped in the panel (on one line, drawn no smaller than SMALL, its end
        # ran off the window's right edge)
        label("Click: put / take off a stone   Right-click: goal stone", -1.89, 0.026, DIM,
              wrap=28)

    def _refresh_panel(self) -> None:
        if self.frame is None:
            return
        m = self.model
        from viewer.panel import BTN_HOT

        for colour, b in self.swatches.items():
            base = SWATCH[colour]
            b["frameColor"] = (base, BTN_HOT, BTN_HOT, base)
            self.rims[colour]["frameColor"] = ((1, 1, 1, 1) if colour == self.colour
                                               else (0.35, 0.36, 0.4, 1))
        self.chosen_label["text"] = (f"Clicks put {self.colour} stones" if self.colour
                                     else "Clicks take stones off")
        self.players_label["text"] = f"Players: {m.players}"
        self.turn_label["text"] = f"To move: {m.colours[m.turn].capitalize()}"
        self.ap_label["text"] = f"AP: {m.ap}"
        self.reserve_label["text"] = f"Reserve {m.reserve[m.turn]}, N {m.neutral_reserve}"
        self.rule_label["text"] = f"Chain any: {'on' if m.house_rules['chain_any'] else 'off'}"
        self.goal_label["text"] = goal_words(m.goal(), m.colours) if m.goal() else (
            "Goal: right-click the stones that must touch")
        show_hints(self.hints_label, m.hints, 4)  # the room above Verify
        self.result_label["text"] = self.verify_words()
        line = m.result.line if m.verified else []
        self.line_label["text"] = ("Line: " + "; ".join(line_words(m.state(), line))
                                   if line else "")

    def choose(self, colour) -> None:
        self.colour = colour
        self._refresh_panel()

    def _cycle_players(self) -> None:
        n = self.model.players % 4 + 1 if self.model.players < 4 else 2
        msg = self.model.set_players(max(n, 2))
        self.host.say(msg or "")
        self.show()

    def _next_turn(self) -> None:
        self.model.set_turn(self.model.turn + 1)
        self.show()

    def _ap(self, d: int) -> None:
        self.model.set_ap(self.model.ap + d)
        self.show()

    def _reserve(self, seat, d: int) -> None:
        """The mover's (seat 0 in the table: the player to move) or the neutral reserve."""
        if seat is None:
            self.model.set_reserve(None, self.model.neutral_reserve + d)
        else:
            t = self.model.turn
            self.model.set_reserve(t, self.model.reserve[t] + d)
        self.show()

    def _cycle_actions(self) -> None:
        self.model.cycle_actions()
        acts = self.model.goal_actions or ("place", "slide")
        self.host.say(f"The player to move may: {', '.join(acts)}")
        self.show()

    def _toggle_chain(self) -> None:
        self.model.set_house_rule("chain_any", not self.model.house_rules["chain_any"])
        self.show()

    def _goal_count(self) -> None:
        self.model.set_goal_count(self.model.goal_count)
        self.model.marked = []
        self.show()

    def _count(self, d: int) -> None:
        self.model.set_goal_count(self.model.goal_count + d)
        self.model.marked = []
        self.show()

    # --- verify and save --------------------------------------------------------------------
    def verify(self) -> None:
        """Run the solver in a thread (a deep puzzle can take a while); the panel polls it."""
        if self._job is not None:
            return
        problems = self.model.problems()
        if problems:
            self.host.say(problems[0])
            return
        from scenarios import solver_for

        state, goal = self.model.state(), self.model.goal()
        self.start_verify(lambda: solver_for(GAME_NAME).solve(state, goal, max_ap=state.ap_left),
                          self.model._key())

    def verdict_words(self, r, key) -> str:
        stale = key != self.model._key()
        return ("(for an earlier position) " if stale else "") + (
            f"Solved: {r.cost} AP, {'unique' if r.unique else f'{r.lines} shortest lines'}"
            if r.solved else f"No solution within {r.bound} AP")

    def save(self) -> None:
        self._sync_entries()
        if not self.model.verified:
            self.host.say("Verify the puzzle first: a puzzle is saved with its solution"
                         if self.model.result is None or self.model.result.solved or
                         self.model._verified_key != self.model._key()
                         else "This position has no solution within its AP: nothing to save")
            return
        self._save_to_default_path()
