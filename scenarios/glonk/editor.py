"""A Glonk position and scenario being set up, without a window (the viewer's Glonk editor
draws it).

`GlonkEditorModel`: any disc dragged to any place on the Galaxy (in play there) or off it (out
of play, beside the Galaxy), never overlapping another disc on the Galaxy; a disc's face
flipped (a ship active or passive, an Asteroid or Molten Mass); who is to move; the player
count (2 to 6), which armada each seat plays and the starting scores (enemy pieces in a
seat's trophy stack, as at the table); title, description, hints and the goal (words, plus
optionally a checked goal from games.glonk.goals); saving as a scenario under
scenarios/glonk/. Every change of the position or goal can be undone (`undo`, `redo`). Every
position goes through `GAME.state_from_json`, so a saved scenario is one the rules load.
"""
from __future__ import annotations

import functools
import math
from dataclasses import replace

from games.glonk import GAME
from games.glonk import rules as R
from games.glonk.galaxy import load_galaxy
from games.glonk.model import (ATOMISED, IN_PLAY, OUT, REMOVED, GlonkState, gap, load_book,
                               make_armada_pieces)
from scenarios.authoring import ScenarioWords
from games.glonk.goals import checkable_words, goal_problem, goal_words

GAME_NAME = "glonk"
G = load_galaxy()
#: a first position for a Glonk record still in its setup (no armadas drawn yet)
DEFAULT_ARMADAS = ("little_greys", "invaders")
DEFAULT_AT = {"BH": (0.0, 0.0), "G0": (0.0, -0.50), "G1": (-0.06, -0.33), "G2": (0.06, -0.33),
              "V0": (0.0, 0.50), "V1": (-0.06, 0.33), "V2": (0.06, 0.33), "A1": (0.2, 0.0)}


MIN_PLAYERS, MAX_PLAYERS = 2, len(load_book().armadas)  # the rulebook: one armada a player


def undoable(what):
    """An edit of the model that Undo reaches: when it changes the position or the goal (it
    returned no refusal), the state before goes on the undo list as `what` (words, or a
    function of the model and the edit's arguments that gives them)."""
    def wrap(edit):
        @functools.wraps(edit)
        def run(self, *args):
            before = self._snapshot()
            refusal = edit(self, *args)
            if refusal is None and self._snapshot() != before:
                self.undo_list.append((before, what(self, *args) if callable(what) else what))
                self.redo_list.clear()
            return refusal
        return run
    return wrap


def default_state() -> GlonkState:
    from games.glonk.positions import position

    return position(DEFAULT_ARMADAS, at=DEFAULT_AT)


class GlonkEditorModel(ScenarioWords):
    """A Glonk position and scenario being set up; every change is checked."""

    game_name = GAME_NAME

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
        self.undo_list: list[tuple[tuple, str]] = []  # (snapshot before, what the edit did)
        self.redo_list: list[tuple[tuple, str]] = []

    # --- the position -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.base.config.players

    def seat_name(self, seat: int) -> str:
        return f"P{seat + 1} {self.armada_name(self.base.seats[seat])}"

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

    @undoable(lambda m, pid, *_: f"{pid} moved")
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

    @undoable(lambda m, pid: f"{pid} put in the box")
    def remove(self, pid: str) -> str | None:
        """Put disc `pid` in the box: out of this scenario (a disc merely out of play, lost in
        space, comes back in its owner's turn)."""
        p = self.pieces.get(pid)
        if p is None:
            return f"There is no piece {pid}"
        self.pieces[pid] = replace(p, status=REMOVED, stack=None, active=True if p.is_ship
                                   else p.active, molten=False)
        return None

    @undoable(lambda m, pid: f"{pid} flipped")
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

    @undoable(lambda m, seat: f"{m.seat_name(m.turn)} to move")
    def set_turn(self, seat: int) -> None:
        self.turn = seat % self.players

    # --- players, armadas and starting scores ----------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.base.seats)

    @staticmethod
    def armada_name(armada: str) -> str:
        """The armada's short name: "Zorgs", "Little Greys", "O.M.U."."""
        name = load_book().by_id[armada].name
        if "(" in name:
            return name[name.index("(") + 1:name.index(")")]
        return name.removeprefix("The ")

    def free_armadas(self) -> list[str]:
        """The armadas no seat plays, in the order of the armada sheets."""
        return [a for a in load_book().ids() if a not in self.base.seats]

    @undoable(lambda m, n: f"{n} players")
    def set_players(self, n: int) -> str | None:
        """Play with `n` players: a new seat takes the first free armada, laid out on a free
        middle-ring space as at setup; a seat that leaves takes all its armada's discs off the
        table (and back out of the others' trophy stacks). Undo brings them back."""
        if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            return (f"Glonk is played by {MIN_PLAYERS} to {MAX_PLAYERS} players "
                    f"(one armada each: there are {MAX_PLAYERS})")
        while self.players < n:
            self._add_seat(self.free_armadas()[0])
        while self.players > n:
            self._drop_last_seat()
        return None

    @undoable(lambda m, seat, armada: f"P{seat + 1} plays the {m.armada_name(armada)}")
    def set_armada(self, seat: int, armada: str) -> str | None:
        """Seat `seat` plays `armada` instead: its ships take the old armada's places, status
        and faces kind for kind (Base for Base, saucer for saucer; one that would overlap a disc
        waits out of play); ships with no counterpart go in the box, old ones without one leave
        the table. An armada plays once."""
        book = load_book()
        if not 0 <= seat < self.players:
            return f"There is no seat P{seat + 1} in a {self.players}-player game"
        if armada not in book.by_id:
            return f"There is no armada {armada!r}: one of {', '.join(book.ids())}"
        old = self.base.seats[seat]
        if armada == old:
            return None
        if armada in self.base.seats:
            other = self.base.seats.index(armada)
            return (f"The {self.armada_name(armada)} play as P{other + 1} already: each armada "
                    f"is in play once")
        fresh = make_armada_pieces(armada, seat, self.base.config.fleet)
        olds = [p for p in self.base.pieces if p.armada == old]
        order = {IN_PLAY: 0, OUT: 1, ATOMISED: 2, REMOVED: 3}
        renamed: dict[str, str] = {}
        placed: dict = {}
        for is_base in (True, False):
            news = [p for p in fresh if (p.kind == "base") == is_base]
            was = sorted((self.pieces[p.id] for p in olds if (p.kind == "base") == is_base),
                         key=lambda p: order[p.status])
            for new, prev in zip(news, was):
                new = replace(new, owner=prev.owner, status=prev.status, x=prev.x, y=prev.y,
                              yaw=prev.yaw, stack=prev.stack,
                              active=prev.active or new.ship_type().faces == 1)
                placed[new.id] = new
                renamed[prev.id] = new.id
            for new in news[len(was):]:
                placed[new.id] = replace(new, status=REMOVED)
        gone = {p.id for p in olds}
        others = [p for p in self.pieces.values() if p.id not in gone and p.status == IN_PLAY]
        for pid, p in placed.items():  # in sheet order: the Base first
            if p.status == IN_PLAY:
                if any(gap(p, q) < -1e-9 for q in others):
                    placed[pid] = replace(p, status=OUT, stack=None)
                else:
                    others.append(p)
        seats = list(self.base.seats)
        seats[seat] = armada
        pieces = [p for p in self.pieces.values() if p.id not in gone]
        self._rebuild(seats, pieces + [placed[p.id] for p in fresh])
        self._follow_goal(renamed)
        return None

    def score(self, seat: int) -> int:
        return self.state().scores()[seat]

    @undoable(lambda m, seat, points: f"P{seat + 1} starts with {points} "
                                      f"point{'s' if points != 1 else ''}")
    def set_score(self, seat: int, points: int) -> str | None:
        """Seat `seat` starts with `points`: enemy pieces from the box (then out of play) go
        into its trophy stack, or back from it into the box, as players keep score. A Score
        goal of that seat keeps asking for the same number of points more."""
        if not 0 <= seat < self.players:
            return f"There is no seat P{seat + 1} in a {self.players}-player game"
        victory = self.base.config.victory
        if not isinstance(points, int) or points < 0:
            return "A score cannot be negative: the lowest is 0"
        if points >= victory:
            return (f"P{seat + 1} would have won already: a starting score is below the "
                    f"victory's {victory} points")
        state = self.state()
        now = state.scores()[seat]
        if points == now:
            return None
        stack = [p for p in state.pieces if p.status == ATOMISED and p.stack == seat]
        enemy = [p for p in state.pieces if p.is_ship and p.owner is not None
                 and p.owner != seat and state.points(p) > 0]
        boxed = [p for p in enemy if p.status == REMOVED or (p.status == ATOMISED
                                                              and p.stack is None)]
        lost = [p for p in enemy if p.status == OUT]  # only when the box runs short
        stack.sort(key=lambda q: -state.points(q))
        for small_first in (True, False):  # saucers before Bases; Bases if only they fit
            spare = sorted(boxed, key=lambda q: state.points(q), reverse=not small_first) + \
                sorted(lost, key=lambda q: state.points(q), reverse=not small_first)
            keep, left = [], points
            for p in stack + spare:
                if 0 < state.points(p) <= left or (state.points(p) == 0 and p in stack):
                    keep.append(p)
                    left -= state.points(p)
            if not left:
                break
        if left:
            return (f"There are not enough enemy pieces off the Galaxy for P{seat + 1} to "
                    f"hold {points} points: put some enemy ships in the box first")
        kept = {p.id for p in keep}
        for p in stack:
            if p.id not in kept:  # back into the box
                self.pieces[p.id] = replace(p, status=REMOVED, stack=None, active=True)
        for p in keep:
            self.pieces[p.id] = replace(p, status=ATOMISED, stack=seat, active=False)
        g = self.check
        if g and g.get("type") == "score" and g.get("player") == seat:
            self.check = dict(g, points=g["points"] + points - now)
        return None

    def _add_seat(self, armada: str) -> None:
        seat = self.players
        fresh = make_armada_pieces(armada, seat, self.base.config.fleet)
        self._rebuild(list(self.base.seats) + [armada], list(self.pieces.values()) + fresh)
        s = self.state()
        for space in R.armada_spaces(s, seat):
            spots = R.layout_armada(s, seat, space)
            if spots:
                for pid, (x, y) in spots.items():
                    self.pieces[pid] = replace(self.pieces[pid], status=IN_PLAY, x=x, y=y)
                return
        # no room on the Galaxy: the armada waits out of play beside it (drag it on)

    def _drop_last_seat(self) -> None:
        seat = self.players - 1
        armada = self.base.seats[seat]
        pieces = []
        for p in self.pieces.values():
            if p.armada == armada:
                continue  # off the table with its player
            if p.stack == seat:
                p = replace(p, status=REMOVED, stack=None, active=True)
            if p.owner == seat:  # a ship that player took as a Dominator goes home
                p = replace(p, owner=self.base.seats.index(p.armada))
            pieces.append(p)
        self._rebuild(list(self.base.seats[:-1]), pieces)
        self.turn %= self.players
        self._follow_goal({})

    def _rebuild(self, seats: list[str], pieces: list) -> None:
        """A new base position for `seats` holding `pieces` (stellar objects, then the
        armadas in seat order)."""
        n = len(seats)

        def seat_or_first(seat):  # a first player who left the table: P1 instead
            return seat if seat is None or seat < n else 0

        config = replace(self.base.config, players=n, armadas=tuple(seats),
                         first_player=seat_or_first(self.base.config.first_player))
        rank = {a: i for i, a in enumerate(seats)}
        pieces = sorted(pieces, key=lambda p: -1 if p.armada is None else rank[p.armada])
        dominator = tuple(d if d is not None and d < n else None
                          for d in (tuple(self.base.dominator) + (None,) * n)[:n])
        self.base = replace(self.base, config=config, seats=tuple(seats), pieces=tuple(pieces),
                            first_player=seat_or_first(self.base.first_player),
                            annihilated=(tuple(self.base.annihilated) + (False,) * n)[:n],
                            dominator=dominator)
        self.pieces = {p.id: p for p in pieces}

    def _follow_goal(self, renamed: dict[str, str]) -> None:
        """Keep the checked goal on what it names: a ship given another armada's name follows
        it; a goal on a ship or a seat that left the table goes (words only)."""
        g = self.check
        if not g:
            return
        if "piece" in g:
            pid = renamed.get(g["piece"], g["piece"])
            self.check = dict(g, piece=pid) if pid in self.pieces else None
        elif g.get("type") == "score" and not 0 <= g.get("player", 0) < self.players:
            self.check = None

    # --- undo -----------------------------------------------------------------------------
    def _snapshot(self) -> tuple:
        return (self.base, dict(self.pieces), self.turn, dict(self.check or {}))

    def _restore(self, snap: tuple) -> None:
        self.base, pieces, self.turn, check = snap
        self.pieces = dict(pieces)
        self.check = dict(check) or None

    def undo(self) -> str | None:
        """Take back the last edit of the position or goal; what it was, or None."""
        return self._step(self.undo_list, self.redo_list)

    def redo(self) -> str | None:
        return self._step(self.redo_list, self.undo_list)

    def _step(self, source: list, target: list) -> str | None:
        if not source:
            return None
        snap, words = source.pop()
        target.append((self._snapshot(), words))
        self._restore(snap)
        return words

    # --- the goal ---------------------------------------------------------------------------
    @undoable(lambda m, check: "the checked goal")
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
        victory = state.config.victory
        for seat, points in enumerate(state.scores()):
            if points >= victory:
                out.append(f"P{seat + 1} has {points} points: a starting score is below the "
                           f"victory's {victory}")
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

    def save_refusal(self) -> str | None:
        problems = self.problems()
        return problems[0] if problems else None

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
