"""A Glonk position and scenario being set up, without a window (the viewer's Glonk editor
draws it).

`GlonkEditorModel`: any disc dragged to any place on the Galaxy (in play there) or off it (out
of play, beside the Galaxy), never overlapping another disc on the Galaxy; a disc's face
flipped (a ship active or passive, an Asteroid or Molten Mass); who is to move; title,
description, hints and the goal (words, plus optionally a checked goal from
scenarios.glonk.goals); saving as a scenario under scenarios/glonk/. Every position goes
through `GAME.state_from_json`, so a saved scenario is one the rules load.
"""
from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from games.glonk import GAME
from games.glonk import rules as R
from games.glonk.galaxy import load_galaxy
from games.glonk.model import ATOMISED, IN_PLAY, OUT, REMOVED, GlonkState, gap, load_book
from scenarios.authoring import ScenarioWords, scenarios_dir, slugify
from scenarios.glonk.goals import checkable_words, goal_problem, goal_words

GAME_NAME = "glonk"
G = load_galaxy()
#: a first position for a Glonk record still in its setup (no armadas drawn yet)
DEFAULT_ARMADAS = ("little_greys", "invaders")
DEFAULT_AT = {"BH": (0.0, 0.0), "G0": (0.0, -0.50), "G1": (-0.06, -0.33), "G2": (0.06, -0.33),
              "V0": (0.0, 0.50), "V1": (-0.06, 0.33), "V2": (0.06, 0.33), "A1": (0.2, 0.0)}


def default_state() -> GlonkState:
    from games.glonk.positions import position

    return position(DEFAULT_ARMADAS, at=DEFAULT_AT)


class GlonkEditorModel(ScenarioWords):
    """A Glonk position and scenario being set up; every change is checked."""

    def __init__(self, state: GlonkState | None = None):
        state = default_state() if state is None else state
        if any(a is None for a in state.seats):
            raise ValueError("the armadas are not drawn yet: set up from a later position")
        self.base = state
        self.pieces = {p.id: p for p in state.pieces}
        self.turn = state.turn_player
        self.title = ""
        self.description = ""
        self.goal_text = ""
        self.check: dict | None = None  # the checked goal (without "text")
        self.hints: list[str] = []
        self.difficulty: int | None = None
        self.result = None  # the last verdict (analysis.puzzles.Verdict)
        self._verified_key = None
        self.saved_verdict: dict | None = None  # the verdict the opened scenario stores

    # --- the position -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.base.config.players

    def seat_name(self, seat: int) -> str:
        armada = load_book().by_id[self.base.seats[seat]]
        return f"P{seat + 1} {armada.name.removeprefix('The ')}"

    def state(self) -> GlonkState:
        """The position (the actions phase of the player to move) as a rules state."""
        s = replace(self.base, phase="actions", pieces=tuple(self.pieces[p.id] for p in self.base.pieces),
                    turn_player=self.turn, to_move=self.turn, queue=(), damaged=frozenset(),
                    pending_board=None, ray_by=None, winners=(), end_reason="", tiebreak=False)
        return GAME.state_from_json(GAME.state_to_json(s))

    def overlap(self, pid: str, x: float, y: float) -> str | None:
        """The in-play disc that a disc `pid` at (x, y) would overlap, if any."""
        p = self.pieces[pid]
        moved = replace(p, x=x, y=y)
        for q in self.pieces.values():
            if q.id != pid and q.status == IN_PLAY and gap(moved, q) < -1e-9:
                return q.id
        return None

    def move(self, pid: str, x: float, y: float) -> str | None:
        """Put disc `pid` with its centre at (x, y): on the Galaxy it is in play there (kept
        inside the edge), off it out of play beside the Galaxy. Returns a refusal, or None."""
        p = self.pieces.get(pid)
        if p is None:
            return f"There is no piece {pid}"
        x, y = float(x), float(y)
        if math.hypot(x, y) > G.radius:  # dropped off the Galaxy
            if p.status == OUT:
                return None
            self.pieces[pid] = replace(p, status=OUT, stack=None,
                                       active=True if p.is_ship else p.active, molten=False)
            return None
        d = math.hypot(x, y)
        room = G.radius - p.radius
        if d > room:  # over the edge: pulled in to lie wholly on the Galaxy
            x, y = x * room / d, y * room / d
        other = self.overlap(pid, x, y)
        if other is not None:
            return f"{pid} would overlap {other}: discs on the Galaxy may touch, never overlap"
        kw = {"x": x, "y": y, "status": IN_PLAY, "stack": None}
        if p.status in (ATOMISED, REMOVED):
            kw["active"] = True
        self.pieces[pid] = replace(p, **kw)
        return None

    def remove(self, pid: str) -> str | None:
        """Put disc `pid` in the box: out of this scenario (a disc merely out of play, lost in
        space, comes back in its owner's turn)."""
        p = self.pieces.get(pid)
        if p is None:
            return f"There is no piece {pid}"
        self.pieces[pid] = replace(p, status=REMOVED, stack=None, active=True if p.is_ship
                                   else p.active, molten=False)
        return None

    def flip(self, pid: str) -> str | None:
        """Turn a disc over: a ship active <-> passive, an Asteroid <-> Molten Mass."""
        p = self.pieces.get(pid)
        if p is None:
            return f"There is no piece {pid}"
        if p.is_ship:
            if p.ship_type().faces == 1:
                return f"{p.id} has one face only"
            self.pieces[pid] = replace(p, active=not p.active)
        elif p.kind == "asteroid":
            self.pieces[pid] = replace(p, molten=not p.molten)
        else:
            return "The Black Hole has one face"
        return None

    def face(self, pid: str) -> str:
        p = self.pieces[pid]
        if p.is_ship:
            return "active" if p.active else "passive"
        return "Molten Mass" if p.molten else ("Asteroid" if p.kind == "asteroid" else "Black Hole")

    def set_turn(self, seat: int) -> None:
        self.turn = seat % self.players

    # --- the goal ---------------------------------------------------------------------------
    def set_check(self, check: dict | None) -> str | None:
        """Set the checked goal (None: words only); refused with a reason if it cannot be."""
        if check is not None:
            problem = goal_problem(self.state(), check)
            if problem:
                return problem
        self.check = dict(check) if check else None
        return None

    def goal(self) -> dict | None:
        """The goal as stored in scenario files: the checked goal plus the words."""
        g = dict(self.check or {})
        if self.goal_text.strip():
            g["text"] = self.goal_text.strip()
        return g or None

    def goal_line(self) -> str:
        return f"{goal_words(self.goal())}  (checked: {checkable_words(self.check)})"

    def problems(self) -> list[str]:
        """What stops this position from being a scenario, in words (empty: it is one)."""
        try:
            state = self.state()
        except ValueError as exc:
            return [str(exc)]
        out = []
        ps = [p for p in state.pieces if p.status == IN_PLAY]
        for i, a in enumerate(ps):
            for b in ps[i + 1:]:
                if gap(a, b) < -1e-9:
                    out.append(f"{a.id} and {b.id} overlap")
        if not R.any_options(state):
            out.append(f"{self.seat_name(self.turn)} has no piece that can act")
        problem = goal_problem(state, self.check)
        if problem:
            out.append(problem)
        return out

    # --- verification -----------------------------------------------------------------------
    def key(self):
        """What a verdict was found for: the position and the checked goal."""
        return (repr(GAME.state_to_json(self.state())), repr(self.check))

    def accept(self, result, key) -> None:
        """Keep a verdict (`analysis.puzzles.verify`, run by the window) for the set-up `key`."""
        self.result, self._verified_key = result, key

    @property
    def verified(self) -> bool:
        try:
            return self.result is not None and self._verified_key == self.key()
        except ValueError:
            return False

    def result_words(self) -> str:
        if not self.check:
            return "Words-only goal: nothing to verify"
        return self.result.words() if self.verified else "Not verified"

    # --- files ------------------------------------------------------------------------------
    def scenario(self, solution=()):
        """The scenario; a verified one carries its verdict and, as its line, the best flick."""
        from scenarios import Scenario

        state = self.state()
        verdict = self.result.to_json() if self.verified else None
        if verdict and not solution and self.result.solved:
            solution = self.result.line
        return Scenario(GAME_NAME, GAME.state_to_json(state),
                        self.title.strip() or "Untitled scenario", self.description.strip(),
                        list(self.hints), self.goal(), list(solution), state.config.to_json(),
                        self.difficulty, verdict)

    def default_path(self, folder: Path | None = None) -> Path:
        folder = scenarios_dir(GAME_NAME) if folder is None else Path(folder)
        return folder / f"{slugify(self.title)}.flick"

    def save(self, path: Path | None = None, overwrite: bool = False) -> Path:
        """Write the scenario; FileExistsError rather than overwrite unasked."""
        problems = self.problems()
        if problems:
            raise ValueError(problems[0])
        from scenarios import save_scenario

        path = Path(path) if path is not None else self.default_path()
        if path.exists() and not overwrite:
            raise FileExistsError(str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        return save_scenario(path, self.scenario())

    @classmethod
    def from_state(cls, state: GlonkState) -> "GlonkEditorModel":
        m = cls(state)
        m.turn = state.turn_player if state.phase not in ("draw", "first") else 0
        return m

    @classmethod
    def from_scenario(cls, scenario) -> "GlonkEditorModel":
        m = cls.from_state(GAME.state_from_json(scenario.start))
        m.take_words(scenario)
        goal = dict(scenario.goal or {})
        m.goal_text = str(goal.pop("text", ""))
        m.check = goal or None
        m.saved_verdict = scenario.verdict
        return m
