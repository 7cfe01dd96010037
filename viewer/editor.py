"""The scenario and puzzle editor (edit mode, F2) and the puzzle box shown while solving.

`EditorModel` is the editor without a window: stones put on and taken off fields, who is to
move and their AP, the goal (N touching stones of the player to move, or marked stones), the
words (title, description, hints), verification by the game's solver and saving as a scenario
file. Every arrangement goes through `GAME.state_from_json`, so the editor accepts exactly the
positions the rules accept, and says why it refuses the others.

`Editor` is edit mode in the window: a panel over the move list, clicks on the board put
stones of the chosen colour, right clicks mark goal stones. `PuzzleBox` shows an opened
puzzle's title, description and goal, gives hints one at a time and says when the moves
played meet the goal. Only Glik has a solver; on a Glonk record edit mode is the Glonk
scenario editor (viewer.glonk.editor.GlonkEditor, to which `Editor` hands over), and an
opened Glonk scenario gets a `GlonkPuzzle` in the puzzle box.
"""
from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

from games.glik.kit import COLS, DESTINATION, EXCLUDED, VOID
from games.glik.rules import DEFAULT_COLOURS, GAME, NEUTRALS, STONES_PER_PLAYER

GAME_NAME = "glik"
PALETTE = ("yellow", "red", "green", "blue", "neutral", None)  # None: the eraser
MAX_AP = 99
GOAL_KINDS = ("count", "stones")
#: what the player to move may do in the puzzle: the solver's default (place and slide), then
#: with neutral placement, then with neutral moves too
ACTION_SETS = (None, ("place", "slide", "neutral"), ("place", "slide", "neutral", "move-neutral"))
#: keys that still work in edit mode (the rest would act on the game behind the editor)
EDITOR_KEYS = {"cmd_edit_mode", "cmd_help", "cmd_escape", "cmd_view_top", "cmd_view_seat",
               "cmd_screenshot", "cmd_view_seat_1", "cmd_view_seat_2", "cmd_view_seat_3",
               "cmd_view_seat_4"}


def slugify(title: str) -> str:
    """A file name from a title: lower case words joined by hyphens ('puzzle' if none)."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug[:60].strip("-") or "puzzle"


def scenarios_dir(game: str = GAME_NAME) -> Path:
    """Where puzzles are saved: $FLICKBOOK_SCENARIOS/<game>/ (tests), else scenarios/<game>/ of
    a checkout; an installed program's own folder is replaced by an upgrade (or read-only), so
    there they go to the user's data folder."""
    from flickbook import resources
    from scenarios import SCENARIO_DIR
    from viewer.autosave import data_dir

    root = os.environ.get("FLICKBOOK_SCENARIOS")
    if root:
        return Path(root).expanduser() / game
    return (SCENARIO_DIR if resources.in_checkout() else data_dir() / "scenarios") / game


def free_path(path: Path) -> Path:
    """`path`, or the first `name-2.flick`, `name-3.flick`, ... that does not exist yet."""
    path = Path(path)
    n = 2
    out = path
    while out.exists():
        out = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return out


def goal_words(goal: dict | None, colours) -> str:
    """The goal in words, for the editor and the puzzle box."""
    if not goal:
        return "No goal set"
    who = colours[goal["player"]].capitalize()
    if goal.get("count") is not None:
        n = goal["count"]
        text = f"Goal: {who} has {n} stone{'s' if n != 1 else ''} touching"
    else:
        cells = ", ".join(f"({r},{c})" for r, c in goal.get("stones", []))
        text = f"Goal: the {who.lower()} stone{'s' if len(goal.get('stones', [])) != 1 else ''} on {cells} touch{'es' if len(goal.get('stones', [])) == 1 else ''}"
    acts = goal.get("actions")
    if acts:
        text += f" (allowed: {', '.join(acts)})"
    return text


class EditorModel:
    """A Glik position and puzzle being set up; every change is checked against the rules."""

    def __init__(self, players: int = 2):
        self.players = players
        self.stones: dict[tuple[int, int], str] = {}
        #: unplaced stones per seat and neutral: a stone put on the board comes from here,
        #: one taken off goes back (the rest of a colour's 7 are out of this puzzle)
        self.reserve = [STONES_PER_PLAYER] * players
        self.neutral_reserve = NEUTRALS
        self.turn = 0
        self.ap = 5
        self.round = 2
        self.house_rules = {"chain_any": False, "neutral_slide": False}
        self.layout = None  # None: the standard fixed layout
        self.goal_kind = "count"
        self.goal_count = 2
        self.marked: list[tuple[int, int]] = []
        self.goal_actions: tuple[str, ...] | None = None  # None: the solver's default
        self.title = ""
        self.description = ""
        self.hints: list[str] = []
        self.difficulty: int | None = None
        self.result = None  # the last SolveResult, for the position it was run on
        self._verified_key = None

    # --- the position -----------------------------------------------------------------------
    @property
    def colours(self) -> tuple[str, ...]:
        return DEFAULT_COLOURS[self.players]

    def config(self) -> dict:
        cfg = {"players": self.players, "setup": "fixed", "house_rules": dict(self.house_rules)}
        if self.layout is not None:
            cfg["layout"] = [list(x) for x in self.layout]
        return cfg

    def _json(self, stones=None, reserve=None, neutral_reserve=None) -> dict:
        stones = self.stones if stones is None else stones
        cfg = {"players": self.players, "setup": "fixed"}
        if self.layout is not None:
            cfg["layout"] = [list(x) for x in self.layout]
        data = GAME.state_to_json(GAME.new_initial_state(cfg))
        data["stones"] = [[r, c, col] for (r, c), col in sorted(stones.items())]
        data["reserve"] = list(self.reserve if reserve is None else reserve)
        data["neutral_reserve"] = (self.neutral_reserve if neutral_reserve is None
                                   else neutral_reserve)
        data.update(turn=self.turn, ap_left=self.ap, ap_spent=0, round=self.round,
                    house_rules=dict(self.house_rules))
        return data

    def state(self):
        """The position as a rules state (ValueError, with the rules' words, if invalid)."""
        return GAME.state_from_json(self._json())

    def field_problem(self, cell, colour: str) -> str | None:
        """Why a stone of `colour` may not stand on `cell`, in words; None if it may."""
        r, c = cell
        board = GAME.new_initial_state(self.config()).board
        if not board.in_bounds(r, c):
            return f"({r},{c}) is off the board"
        kind = board.kinds[r * COLS + c]
        if kind == EXCLUDED:
            return "Nothing stands on a brown excluded field"
        if kind == DESTINATION:
            return "No stone stands on a destination field: it is what stones touch"
        if kind == VOID:
            return "That slot holds no board"
        if colour != "neutral" and colour not in self.colours:
            return (f"{colour.capitalize()} is not in play with {self.players} players "
                    f"(more players bring red and blue)")
        return None

    def put(self, cell, colour: str | None) -> str | None:
        """Put a stone of `colour` on `cell` (None: take the stone off). A click with the
        colour already there takes it off. Returns a refusal in words, or None."""
        cell = (int(cell[0]), int(cell[1]))
        stones = dict(self.stones)
        reserve, nres = list(self.reserve), self.neutral_reserve
        old = stones.get(cell)
        if colour is None or old == colour:
            if old is None:
                return "There is no stone there to take off"
            del stones[cell]
        else:
            problem = self.field_problem(cell, colour)
            if problem:
                return problem
            stones[cell] = colour
        counts = reserve + [nres]  # a stone taken off goes back to its reserve; one put on
        seat_of = {c: i for i, c in enumerate(self.colours)} | {"neutral": len(reserve)}
        for col, back in ((old, True), (stones.get(cell), False)):  # comes from it when the
            if col is None or col not in seat_of:                   # rest of the colour is there
                continue
            i = seat_of[col]
            most = NEUTRALS if col == "neutral" else STONES_PER_PLAYER
            if back:
                counts[i] += 1
            elif self._on(stones, col) + counts[i] > most:
                counts[i] = max(0, counts[i] - 1)
        reserve, nres = counts[:-1], counts[-1]
        try:
            GAME.state_from_json(self._json(stones, reserve, nres))
        except ValueError as exc:
            return _rule_words(str(exc))
        self.stones, self.reserve, self.neutral_reserve = stones, reserve, nres
        self.marked = [m for m in self.marked if self.stones.get(m) == self.colours[self.turn]]
        return None

    @staticmethod
    def _on(stones, colour) -> int:
        return sum(1 for v in stones.values() if v == colour)

    def set_reserve(self, seat: int | None, n: int) -> str | None:
        """Unplaced stones of a seat (None: the neutral stones), within what is left of 7 (4)."""
        if seat is None:
            most = NEUTRALS - self._on(self.stones, "neutral")
            self.neutral_reserve = max(0, min(most, int(n)))
        else:
            most = STONES_PER_PLAYER - self._on(self.stones, self.colours[seat])
            self.reserve[seat] = max(0, min(most, int(n)))
        return None

    def set_players(self, n: int) -> str | None:
        if n not in DEFAULT_COLOURS:
            return "Glik is for 2 to 4 players"
        keep = set(DEFAULT_COLOURS[n]) | {"neutral"}
        lost = sorted({c for c in self.stones.values() if c not in keep})
        if lost:
            return f"Take the {' and '.join(lost)} stones off first"
        self.reserve = (self.reserve + [STONES_PER_PLAYER] * n)[:n]
        self.players = n
        self.turn = min(self.turn, n - 1)
        self.marked = [m for m in self.marked if self.stones.get(m) == self.colours[self.turn]]
        return None

    def set_turn(self, seat: int) -> None:
        """Who is to move (the goal is always that player's)."""
        self.turn = seat % self.players
        self.marked = [m for m in self.marked if self.stones.get(m) == self.colours[self.turn]]

    def set_ap(self, ap: int) -> None:
        self.ap = max(0, min(MAX_AP, int(ap)))

    def set_house_rule(self, name: str, on: bool) -> None:
        if name not in self.house_rules:
            raise ValueError(f"unknown Glik house rule {name!r}")
        self.house_rules[name] = bool(on)

    # --- the goal ---------------------------------------------------------------------------
    def toggle_mark(self, cell) -> str | None:
        """Mark or unmark a stone of the player to move as one the goal needs touching."""
        cell = (int(cell[0]), int(cell[1]))
        own = self.colours[self.turn]
        if cell in self.marked:
            self.marked.remove(cell)
        elif self.stones.get(cell) != own:
            return f"Only {own} stones (the player to move) can be goal stones"
        else:
            self.marked.append(cell)
        self.goal_kind = "stones" if self.marked else self.goal_kind
        return None

    def cycle_actions(self) -> None:
        """Next set of allowed actions (see ACTION_SETS); a loaded puzzle's own set comes first."""
        sets = list(ACTION_SETS)
        if self.goal_actions not in sets:
            sets.insert(0, self.goal_actions)
        self.goal_actions = sets[(sets.index(self.goal_actions) + 1) % len(sets)]

    def set_goal_count(self, n: int) -> None:
        self.goal_kind = "count"
        self.goal_count = max(1, min(STONES_PER_PLAYER, int(n)))

    def goal(self) -> dict | None:
        """The goal as stored in scenario files (None while marked stones are missing)."""
        g: dict = {"player": self.turn}
        if self.goal_kind == "count":
            g["count"] = self.goal_count
        elif self.marked:
            g["stones"] = [list(m) for m in sorted(self.marked)]
        else:
            return None
        if self.goal_actions is not None:
            g["actions"] = list(self.goal_actions)
        return g

    def problems(self) -> list[str]:
        """What stops this position from being a puzzle, in words (empty: it is one)."""
        out = []
        try:
            state = self.state()
        except ValueError as exc:
            return [_rule_words(str(exc))]
        goal = self.goal()
        if goal is None:
            out.append("Right-click the stones the goal needs, or choose a number touching")
        if self.ap < 1:
            out.append("The player to move needs at least 1 AP")
        if goal is not None and not out:
            from games.glik.solver import goal_met

            if goal_met(state, goal):
                out.append("The goal is met already: there is nothing to solve")
        return out

    # --- words ------------------------------------------------------------------------------
    def add_hint(self, text: str) -> str | None:
        text = text.strip()
        if not text:
            return "Type the hint first"
        self.hints.append(text)
        return None

    # --- verification and files -------------------------------------------------------------
    def _key(self):
        return (repr(sorted(self.stones.items())), self.turn, self.ap, self.players,
                repr(sorted(self.house_rules.items())), repr(self.goal()))

    def verify(self):
        """Run the solver on the position within its AP; remember the result and line."""
        problems = self.problems()
        if problems:
            raise ValueError(problems[0])
        from scenarios import solver_for

        key = self._key()
        result = solver_for(GAME_NAME).solve(self.state(), self.goal(), max_ap=self.ap)
        self.result, self._verified_key = result, key
        return result

    def accept(self, result, key) -> None:
        """Keep a result computed elsewhere (a background thread) for the position `key`."""
        self.result, self._verified_key = result, key

    @property
    def verified(self) -> bool:
        """A solution was found for exactly the position and goal now set up."""
        return (self.result is not None and self.result.solved
                and self._verified_key == self._key())

    def result_words(self) -> str:
        r = self.result
        if r is None or self._verified_key != self._key():
            return "Not verified"
        if not r.solved:
            return f"No solution within {r.bound} AP ({r.states} states, {r.seconds:.2f} s)"
        lines = "unique" if r.unique else f"{r.lines} shortest lines"
        return f"Best: {r.cost} AP, {lines} ({r.states} states, {r.seconds:.2f} s)"

    def scenario(self):
        """The puzzle as a scenario (with the verified solution, if any)."""
        from scenarios import Scenario

        state = self.state()
        return Scenario(GAME_NAME, GAME.state_to_json(state), self.title.strip() or "Untitled puzzle",
                        self.description.strip(), list(self.hints), self.goal(),
                        list(self.result.line) if self.verified else [], self.config(),
                        self.difficulty)

    def default_path(self, folder: Path | None = None) -> Path:
        folder = scenarios_dir() if folder is None else Path(folder)
        return folder / f"{slugify(self.title)}.flick"

    def save(self, path: Path | None = None, overwrite: bool = False) -> Path:
        """Write the verified puzzle; FileExistsError rather than overwrite unasked."""
        if not self.verified:
            raise ValueError("Verify the puzzle first: a puzzle is saved with its solution")
        from scenarios import save_scenario

        path = Path(path) if path is not None else self.default_path()
        if path.exists() and not overwrite:
            raise FileExistsError(str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        return save_scenario(path, self.scenario())

    @classmethod
    def from_state(cls, state) -> "EditorModel":
        """Start editing from a Glik play-phase position (stones, turn, AP, house rules)."""
        m = cls(state.players)
        if tuple(state.colours) != DEFAULT_COLOURS[state.players]:
            raise ValueError("the editor sets up the usual colours for each number of players")
        data = GAME.state_to_json(state)
        if list(data.get("layout") or []) != GAME.state_to_json(
                GAME.new_initial_state({"players": state.players, "setup": "fixed"}))["layout"]:
            m.layout = [tuple(x) for x in data["layout"]]
        m.stones = {(r, c): col for r, c, col in state.stone_list()}
        m.reserve, m.neutral_reserve = list(state.reserve), state.neutral_reserve
        m.turn = state.turn if state.phase == "play" else 0
        m.ap = state.ap_left if state.phase == "play" else 5
        m.round = max(state.round, 1)
        m.house_rules = {"chain_any": state.chain_any, "neutral_slide": state.neutral_slide}
        return m

    @classmethod
    def from_scenario(cls, scenario) -> "EditorModel":
        """Edit a saved puzzle: its position, goal and words."""
        m = cls.from_state(GAME.state_from_json(scenario.start))
        m.title, m.description = scenario.title, scenario.description
        m.hints = list(scenario.hints)
        m.difficulty = scenario.difficulty
        goal = scenario.goal or {}
        if goal.get("count") is not None:
            m.goal_kind, m.goal_count = "count", int(goal["count"])
        elif goal.get("stones"):
            m.goal_kind, m.marked = "stones", [tuple(s) for s in goal["stones"]]
        if goal.get("actions"):
            m.goal_actions = tuple(goal["actions"])
        return m


def _rule_words(message: str) -> str:
    """The rules' validation message made into a sentence for the author."""
    message = message.removeprefix("not a Glik state: ValueError: ")
    m = re.match(r"stone at \((\d+),(\d+)\) on a (\w+) field", message)
    if m:
        return f"No stone may stand on ({m[1]},{m[2]}): it is a {m[3]} field"
    return message[:1].upper() + message[1:]


# --- puzzles while playing ------------------------------------------------------------------------
class Puzzle:
    """An opened puzzle: its words, hints one at a time, and whether the moves met the goal."""

    def __init__(self, record):
        from scenarios import Scenario

        self.record = record
        self.scenario = Scenario.from_record(record)
        self.goal = self.scenario.goal
        self.hints_shown = 0
        self.best = self._cost_of(self._solution_end()) if self.scenario.solution else None

    @classmethod
    def of(cls, record) -> "Puzzle | None":
        info = record.scenario or {}
        if record.game.name == "glonk":
            from viewer.glonk.editor import GlonkPuzzle

            return GlonkPuzzle.of(record)
        if record.kind != "scenario" or not info.get("goal") or record.game.name != GAME_NAME:
            return None
        return cls(record)

    def _solution_end(self):
        node = self.record.root
        for _ in self.scenario.solution:
            if not node.variations:
                break
            node = node.variations[0]
        return node

    def _cost_of(self, node) -> int | None:
        """AP the puzzle's player spent on the way to `node` within their turn; None when
        the line went past the end of that turn (another player moved)."""
        path = []
        cur = node
        while cur is not None and cur is not self.record.root:
            path.append(cur)
            cur = cur.parent
        root = self.record.root.state
        spent = 0
        for i, n in enumerate(reversed(path)):
            ended = next((e for e in (n.step.events if n.step else ())
                          if e.kind == "turn_ended"), None)
            if ended is not None:
                if i != len(path) - 1:
                    return None  # moves after the turn ended
                spent = ended.data["ap_spent"] - root.ap_spent
            else:
                spent = n.state.ap_spent - root.ap_spent
        return spent

    def intro(self) -> str:
        return goal_words(self.goal, self.record.root.state.colours)

    def next_hint(self) -> str:
        hints = self.scenario.hints
        if not hints:
            return "This puzzle has no hints"
        if self.hints_shown < len(hints):
            self.hints_shown += 1
        n = self.hints_shown
        more = "" if n == len(hints) else f"  (H: hint {n + 1} of {len(hints)})"
        return f"Hint {n}: {hints[n - 1]}{more}"

    def check(self, node) -> str | None:
        """'Solved in N AP (best: M)' when the line to `node` meets the goal; None if not."""
        from games.glik.solver import goal_met, track

        path = []
        cur = node
        while cur is not None and cur is not self.record.root:
            path.append(cur)
            cur = cur.parent
        if cur is None or not path:
            return None
        tracked = tuple(tuple(s) for s in self.goal.get("stones", []))
        for n in reversed(path):
            tracked = track(tracked, n.step.events if n.step is not None else ())
        if not goal_met(node.state, self.goal, tracked if tracked else None):
            if node.state.turn != self.record.root.state.turn and self._cost_of(node) is not None:
                return "The turn is over and the goal was not met: step back and try again"
            return None
        cost = self._cost_of(node)
        if cost is None:
            return "Goal met, but not within the turn"
        best = f" (best: {self.best})" if self.best is not None else ""
        return f"Solved in {cost} AP{best}"


# --- the window parts (DirectGUI) ---------------------------------------------------------------
def _gui():
    from direct.gui import DirectGuiGlobals as DGG
    from direct.gui.DirectGui import DirectButton, DirectEntry, DirectFrame, DirectLabel
    from panda3d.core import TextNode

    return DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode


SWATCH = {"yellow": (0.96, 0.76, 0.08, 1), "red": (0.83, 0.13, 0.11, 1),
          "green": (0.10, 0.58, 0.22, 1), "blue": (0.12, 0.33, 0.85, 1),
          "neutral": (0.16, 0.16, 0.18, 1), None: (0.55, 0.55, 0.55, 1)}
MARK_RGBA = (1.0, 0.25, 0.85, 0.95)
X0 = -0.80 + 0.04  # the panel's left margin (viewer.panel.PANEL_W is 0.80), a2dTopRight units
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


class WordEntries:
    """The title, description and hint entries that both editors (Glik, Glonk) keep in their
    model; `WORD_FIELDS` names the text fields copied from the entries."""

    WORD_FIELDS: tuple[str, ...] = ("title", "description")

    def _clear_hints(self) -> None:
        self.model.hints = []
        self._refresh_panel()

    def _entry_enter(self, text: str, name: str) -> None:
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
            self.ctl.ask(f"{path.name} exists. Replace it?", list(self.asked.items()))
            return
        self._write(path, False)

    def _write(self, path: Path, overwrite: bool) -> None:
        try:
            self.path = self.model.save(path, overwrite=overwrite)
        except (OSError, ValueError) as exc:
            self.ctl.say(f"Could not save: {exc}")
            return
        self.ctl.say(f"Saved {self.path}")


class Editor(WordEntries):
    """Edit mode in the window: the set-up panel over the move list, board clicks edit."""

    def __init__(self, controller):
        from viewer.panel import PANEL_W, _button

        self.ctl = controller
        self.app = controller.app
        self.model: EditorModel | None = None
        self.active = False
        self.colour: str | None = "yellow"
        self.path: Path | None = None  # where the puzzle was last saved
        self._job = None  # (thread, holder, key, started) while the solver runs
        self.asked: dict = {}  # the answers of the last "replace?" question
        self.marks = None  # node of the goal-stone rings
        self._marks_scene = None
        self.frame = None
        self.entries: dict = {}
        self.glonk = None  # the Glonk editor, made the first time F2 is pressed on Glonk
        self.setup_button = _button(controller.panel.side, "Set up (F2)", self.toggle,
                                    (-PANEL_W + 0.42, 0, -0.06), width=0.24, height=0.06,
                                    scale=0.032)
        self.app.taskMgr.add(self._poll, "flickbook-editor-poll", sort=25)

    # --- entering and leaving ---------------------------------------------------------------
    def toggle(self) -> None:
        if self.active:
            self.leave()
        else:
            self.enter()
        self.ctl.refresh_soon()  # the game's turn buttons go while setting up

    def enter(self) -> None:
        if self.ctl.dialog is not None:
            return
        self.ctl.stop_playback()
        session = self.ctl.session
        if session.game.name == "glonk":  # Glonk's own editor: discs dragged on the Galaxy
            from viewer.glonk.editor import GlonkEditor

            if self.glonk is None:
                self.glonk = GlonkEditor(self.ctl)
            self.active = self.glonk.enter()
            return
        model = None
        if session.game.name == GAME_NAME:
            state = session.node.state
            try:
                if session.record.kind == "scenario" and session.node is session.record.root:
                    from scenarios import Scenario

                    model = EditorModel.from_scenario(Scenario.from_record(session.record))
                elif state.phase == "play":
                    model = EditorModel.from_state(state)
            except ValueError:
                model = None
        if model is None:
            model = EditorModel()
        if session.game.name != GAME_NAME:  # the editor draws on a Glik table
            from timeline import Session

            self.ctl.set_session(Session(_plain_record(model.scenario())))
        self.model = model
        self.path = None
        self.active = True
        self.ctl.puzzle_box.hide()
        self.ctl.panel.side.hide()
        self._build_panel()
        self.show()
        self.ctl.say("Set up: click fields to put stones, right-click your stones to mark the goal")

    def leave(self) -> None:
        """Back to play: a session from the set-up position (a scenario record)."""
        if self.glonk is not None and self.glonk.active:
            if self.glonk.leave():
                self.active = False
            return
        try:
            scenario = self.model.scenario()
        except ValueError as exc:
            self.ctl.say(f"Still setting up: {_rule_words(str(exc))}")
            return
        from timeline import Session

        record = scenario.to_record() if scenario.goal else _plain_record(scenario)
        self.active = False
        self._job = None
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
        self.ctl.panel.side.show()
        self._draw_marks()  # none outside edit mode
        self.ctl.set_session(Session(record), self.path)
        self.ctl.go_to(record.root)
        if not scenario.goal:
            self.ctl.say("Position set up (no goal: not a puzzle)")
        elif scenario.solution:
            self.ctl.say(f"{scenario.title}: the solution is the main line (Right steps through)")
        else:
            self.ctl.say(f"{scenario.title}: not verified yet (F2 to go back and Verify)")

    # --- the board --------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the position being set up, with rings round the goal stones."""
        app = self.app
        try:
            state = self.model.state()
        except ValueError:
            return
        app.shown_state = state
        app.scene.deselect()
        app.scene.show(state)
        app.scene.draw_annotations([])
        self._draw_marks()
        app.refresh_status()
        self._refresh_panel()

    def _draw_marks(self) -> None:
        """Rings round the goal stones, in a node of their own (Esc's deselect keeps them)."""
        from viewer import geometry

        scene = self.app.scene
        if self.marks is None or self.marks.isEmpty() or self._marks_scene is not scene:
            self.marks = scene.overlay.attachNewNode("editor-goal-marks")
            self._marks_scene = scene
        self.marks.getChildren().detach()
        for cell in self.model.marked if self.active else ():
            ring = geometry.disc("goal-mark", 0.52, 28, MARK_RGBA, inner=0.38)
            ring.reparentTo(self.marks)
            c = scene.cell_center(cell)
            ring.setPos(c.x, c.y, scene.surface_z + 0.004)

    def press(self, pick, button: int, pos):
        """A press in edit mode: the Glonk editor answers a press on a disc with a drag
        (viewer.modes.Drag); clicks stay clicks (None)."""
        if self.glonk is not None and self.glonk.active and button == 1:
            return self.glonk.press(pick, pos)
        return None

    def board_click(self, pick, button: int = 1) -> None:
        """Left click: put (or take off) a stone of the chosen colour; right: goal mark."""
        if self.glonk is not None and self.glonk.active:
            self.glonk.board_click(pick, button)
            return
        if pick is None or pick.cell is None:
            return
        if button == 3:
            msg = self.model.toggle_mark(pick.cell)
        else:
            msg = self.model.put(pick.cell, self.colour)
        self.ctl.say(msg or "")
        self.show()

    # --- panel ------------------------------------------------------------------------------
    def typing(self) -> bool:
        if self.glonk is not None and self.glonk.active:
            return self.glonk.typing()
        return self.active and any(bool(e["focus"]) for e in self.entries.values())

    def unfocus(self) -> None:
        if self.glonk is not None and self.glonk.active:
            self.glonk.unfocus()
        for name, e in self.entries.items():
            if e["focus"]:
                e["focus"] = 0
                self._entry_done(name)

    def _build_panel(self) -> None:
        from viewer.panel import BG, DIM, PANEL_W, TEXT, _button

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = _gui()
        f = DirectFrame(parent=self.app.a2dTopRight, frameColor=BG, frameSize=(-PANEL_W, 0, -2.0, 0))
        self.frame = f
        x0 = -PANEL_W + 0.04

        def label(text, y, scale=0.034, fg=TEXT, x=x0, wrap=None):
            kw = {"text_wordwrap": wrap} if wrap else {}
            return DirectLabel(parent=f, text=text, text_scale=scale, text_fg=fg,
                               frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(x, 0, y),
                               **kw)

        label("Set up a puzzle", -0.075, 0.045)
        _button(f, "Done (F2)", self.toggle, (-0.13, 0, -0.062), width=0.2, height=0.06, scale=0.032)
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
        y = -0.91
        self.entries = {}
        for name, caption, lines in (("title", "Title", 1), ("description", "Description", 3),
                                     ("hint", "Hint (Enter adds it)", 1)):
            label(caption, y, 0.03, DIM)
            e = DirectEntry(parent=f, scale=0.032, width=(PANEL_W - 0.08) / 0.032, numLines=lines,
                            pos=(SPOTS[name][0], 0, SPOTS[name][1]),
                            frameColor=(0.16, 0.17, 0.2, 1), text_fg=TEXT,
                            initialText="", cursorKeys=1, command=self._entry_enter,
                            extraArgs=[name], focusOutCommand=self._entry_done,
                            focusOutExtraArgs=[name])
            self.entries[name] = e
            y -= 0.1 + 0.045 * (lines - 1) + 0.03
        self.entries["title"].enterText(self.model.title)
        self.entries["description"].enterText(self.model.description)
        self.hints_label = label("", y + 0.01, 0.028, wrap=26)
        y -= 0.2
        _button(f, "Clear hints", self._clear_hints, (-0.13, 0, y + 0.34), width=0.2, height=0.05,
                scale=0.026)
        y = SPOTS["verify"][1]
        self.verify_button = _button(f, "Verify", self.verify, (SPOTS["verify"][0], 0, y),
                                     width=0.22, height=0.07)
        _button(f, "Save puzzle", self.save, (SPOTS["save"][0], 0, y), width=0.3, height=0.07)
        self.result_label = label("", y - 0.08, 0.03, wrap=24)
        self.line_label = label("", y - 0.15, 0.026, DIM, wrap=28)
        label("Click: put / take off a stone   Right-click: goal stone", -1.93, 0.026, DIM)

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
        self.hints_label["text"] = "\n".join(f"{i + 1}. {h}" for i, h in enumerate(m.hints[-4:])) or "No hints yet"
        self.result_label["text"] = (f"Verifying... {time.perf_counter() - self._job[3]:.0f} s"
                                     if self._job else m.result_words())
        line = m.result.line if m.verified else []
        self.line_label["text"] = ("Line: " + " ; ".join(line)) if line else ""

    def choose(self, colour) -> None:
        self.colour = colour
        self._refresh_panel()

    def _cycle_players(self) -> None:
        n = self.model.players % 4 + 1 if self.model.players < 4 else 2
        msg = self.model.set_players(max(n, 2))
        self.ctl.say(msg or "")
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
        self.ctl.say(f"The player to move may: {', '.join(acts)}")
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
            self.ctl.say(problems[0])
            return
        from scenarios import solver_for

        state, goal, key = self.model.state(), self.model.goal(), self.model._key()
        holder: dict = {}

        def work():
            try:
                holder["result"] = solver_for(GAME_NAME).solve(state, goal, max_ap=state.ap_left)
            except Exception as exc:  # shown to the author, not lost in the thread
                holder["error"] = str(exc)

        thread = threading.Thread(target=work, daemon=True, name="flickbook-verify")
        self._job = (thread, holder, key, time.perf_counter())
        thread.start()
        self.ctl.say("Verifying...")
        self._refresh_panel()

    def wait(self, seconds: float = 60.0) -> None:
        """Tests: let a running verification finish and be taken in."""
        if self._job is not None:
            self._job[0].join(seconds)
        self._poll(None)

    def _poll(self, task):
        job = self._job
        if job is not None and job[0].is_alive() and self.frame is not None:
            text = f"Verifying... {time.perf_counter() - job[3]:.0f} s"
            if self.result_label["text"] != text:
                self.result_label["text"] = text
        if job is not None and not job[0].is_alive():
            self._job = None
            _, holder, key, _ = job
            if "error" in holder:
                self.ctl.say(f"The solver refused: {holder['error']}")
            elif self.model is not None:
                self.model.accept(holder["result"], key)
                r = holder["result"]
                stale = key != self.model._key()
                self.ctl.say(("(for an earlier position) " if stale else "") + (
                    f"Solved: {r.cost} AP, {'unique' if r.unique else f'{r.lines} shortest lines'}"
                    if r.solved else f"No solution within {r.bound} AP"))
            self._refresh_panel()
        return task.cont if task is not None else None

    def save(self) -> None:
        self._sync_entries()
        if not self.model.verified:
            self.ctl.say("Verify the puzzle first: a puzzle is saved with its solution"
                         if self.model.result is None or self.model.result.solved or
                         self.model._verified_key != self.model._key()
                         else "This position has no solution within its AP: nothing to save")
            return
        self._save_to_default_path()


def _plain_record(scenario):
    """A goal-less set-up position as a scenario record (it replays like any game)."""
    from timeline.record import Record

    return Record.new(scenario.game, scenario.config, start_state_json=scenario.start,
                      kind="scenario", scenario=scenario.header(),
                      headers={"title": scenario.title})


class PuzzleBox:
    """Top left, under the status: an opened puzzle's title, description, goal and hints."""

    def __init__(self, controller):
        self.ctl = controller
        self.app = controller.app
        self.puzzle: Puzzle | None = None
        self.frame = None
        self.hint_text = ""
        self.solved_text = ""

    def attach(self, session) -> None:
        """Follow `session`: a puzzle record shows the box, anything else hides it."""
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
        self.puzzle = Puzzle.of(session.record)
        self.hint_text = ""
        if self.puzzle is None:
            return
        from viewer.panel import BG, TEXT, _button

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = _gui()
        sc = self.puzzle.scenario
        f = DirectFrame(parent=self.app.a2dTopLeft, frameColor=(*BG[:3], 0.72),
                        frameSize=(0, 1.3, -0.36, 0), pos=(0.03, 0, -0.15))
        self.frame = f

        def text(t, y, scale, fg, wrap=40):
            return DirectLabel(parent=f, text=t, text_scale=scale, text_fg=fg, text_wordwrap=wrap,
                               frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(0.03, 0, y))

        text(sc.title, -0.06, 0.045, (0.98, 0.84, 0.30, 1))
        text(sc.description, -0.11, 0.03, TEXT)
        self.goal_label = text(self.puzzle.intro(), -0.215, 0.03, (0.75, 0.95, 0.75, 1))
        self.hint_label = text("", -0.27, 0.03, (0.6, 0.85, 1, 1), wrap=42)
        n = len(sc.hints)
        self.hint_button = _button(f, "Hint (H)" if n else "No hints", self.hint,
                                   (1.14, 0, -0.045), width=0.26, height=0.06, scale=0.03)

    def hide(self) -> None:
        if self.frame is not None:
            self.frame.hide()

    def hint(self) -> None:
        if self.puzzle is None:
            self.ctl.say("Hints come with puzzles (open one from scenarios/)")
            return
        self.hint_text = self.puzzle.next_hint()
        if self.frame is not None:
            self.hint_label["text"] = self.hint_text
        self.ctl.say(self.hint_text)

    def after_move(self, node) -> str | None:
        """Say 'Solved in N AP (best: M)' when the move just played meets the goal."""
        if self.puzzle is None:
            return None
        msg = self.puzzle.check(node)
        if msg:
            self.ctl.say(msg)
        return msg
