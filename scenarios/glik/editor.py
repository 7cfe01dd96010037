"""A Glik position and puzzle being set up, without a window (the viewer's Glik editor draws it).

`EditorModel`: stones put on and taken off fields, who is to move and their AP, the goal (N
touching stones of the player to move, or marked stones), the words (title, description,
hints), verification by the game's solver and saving as a scenario file. Every arrangement
goes through `GAME.state_from_json`, so the editor accepts exactly the positions the rules
accept, and says why it refuses the others.
"""
from __future__ import annotations

import re

from games.glik.kit import COLS, DESTINATION, EXCLUDED, VOID
from games.glik.notation import goal_text
from games.glik.rules import DEFAULT_COLOURS, GAME, NEUTRALS, STONES_PER_PLAYER
from scenarios.authoring import ScenarioWords

GAME_NAME = "glik"
PALETTE = ("yellow", "red", "green", "blue", "neutral", None)  # None: the eraser
MAX_AP = 99
GOAL_KINDS = ("count", "stones")
#: what the player to move may do in the puzzle: the solver's default (place and slide), then
#: with neutral placement, then with neutral moves too
ACTION_SETS = (None, ("place", "slide", "neutral"), ("place", "slide", "neutral", "move-neutral"))


def goal_words(goal: dict | None, colours) -> str:
    """The goal in words and board coordinates, for the editor and the puzzle box."""
    return goal_text(goal, colours)


class EditorModel(ScenarioWords):
    """A Glik position and puzzle being set up; every change is checked against the rules."""

    game_name = GAME_NAME

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
            return rule_words(str(exc))
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
            return [rule_words(str(exc))]
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
                        self.difficulty, self.verdict())

    def verdict(self) -> dict | None:
        """What verifying found, as the other editors save it (scenarios.verdict.Verdict), so
        the Learn list and `flickbook puzzles` show the puzzle's length ("2 AP, unique");
        None before a verification of this very position."""
        if not self.verified:
            return None
        from scenarios.verdict import Verdict

        r = self.result
        return Verdict(GAME_NAME, True, True, list(r.line), r.cost, "AP", r.unique, r.lines,
                       states=r.states, bound=r.bound, seconds=r.seconds).to_json()

    def save_refusal(self) -> str | None:
        if not self.verified:
            return "Verify the puzzle first: a puzzle is saved with its solution"
        return None

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
        m.take_words(scenario)
        goal = scenario.goal or {}
        if goal.get("count") is not None:
            m.goal_kind, m.goal_count = "count", int(goal["count"])
        elif goal.get("stones"):
            m.goal_kind, m.marked = "stones", [tuple(s) for s in goal["stones"]]
        if goal.get("actions"):
            m.goal_actions = tuple(goal["actions"])
        return m


def rule_words(message: str) -> str:
    """The rules' validation message made into a sentence for the author."""
    message = message.removeprefix("not a Glik state: ValueError: ")
    m = re.match(r"stone at \((\d+),(\d+)\) on a (\w+) field", message)
    if m:
        return f"No stone may stand on ({m[1]},{m[2]}): it is a {m[3]} field"
    return message[:1].upper() + message[1:]



def line_words(state, line) -> list[str]:
    """A solution line (canonical action texts) as players write it, played from `state`
    ("Y k14 down to k11"), for the editor's verdict: the board is labelled a-x and 1-16, so
    the canonical "slide 2,10 S" named a field the teacher cannot find on it."""
    from games.notation import line_text

    return line_text(GAME, state, line)
