"""Verifying scenario puzzles of every game: what the best line achieves, as a verdict.

- Glik: the game's exact solver (fewest AP, and whether the shortest line is unique).
- Grendizer XperienZ with every draw fixed by the puzzle's order: the exact search of
  `games.grendizer.solver` (fewest turns, unique or not, or no win within the goal's turns).
  With hidden cards: each first decision is followed by the team bot in seeded playouts whose
  draws come from the fixed order while it lasts, then at random; the best first decision's
  success chance, with the half-width of its 95 % interval, is the verdict.
- Glonk (a goal met by one flick): every candidate flick of the shot explorer is flicked once
  exactly as meant; those that meet the goal are flicked again under each skill's scatter,
  and the most robust one's success chance at each level is the verdict. A goal no candidate
  meets is reported impossible as far as the search goes; one a novice meets most of the time,
  or that most candidates meet, is reported trivial.

Each playout or flick batch is a pure function of its task with its own spawned seed, so a
verdict is the same whatever the executor.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from games.api import CHANCE, TERMINAL, sample_chance
from games.registry import get_game

from .executors import InProcessExecutor, run_batches
from .rollouts import Z95
from analysis.glonk.skill import EXACT, SKILLS, scattered, skill_named

TRIVIAL_NOVICE = 0.5  # a novice meeting the goal this often makes the puzzle trivial
TRIVIAL_SHARE = 0.5  # ... as does this share of the candidate flicks meeting it exactly
FINALISTS = 4  # Glonk: the flicks that meet the goal exactly, judged under each skill


@dataclass
class Verdict:
    """What verifying a puzzle found; `to_json` is what `flickbook solve --json` prints and
    the scenario stores."""

    game: str
    exact: bool  # an exact search (True) or a success chance from samples (False)
    solved: bool
    line: list = field(default_factory=list)
    cost: int | None = None  # exact: turns (Grendizer) or AP (Glik)
    unit: str = "turns"  # what `cost` counts (turns, AP); "flick": a Glonk shot's chances
    unique: bool | None = None
    lines: int | None = None
    success: float | None = None  # sampled: the best line's success chance
    error: float | None = None  # its 95 % half-width
    samples: int = 0
    levels: dict = field(default_factory=dict)  # Glonk: skill -> [chance, error]
    trivial: bool = False
    note: str = ""
    states: int = 0
    bound: int | None = None  # exact: the most turns or AP searched
    seconds: float = 0.0

    def words(self) -> str:
        if self.exact:
            if not self.solved:
                return f"No win within the goal's {self.unit}" + (f" ({self.note})" if self.note else "")
            how = "unique" if self.unique else f"{self.lines} lines"
            unit = self.unit if self.cost != 1 else self.unit.rstrip("s")
            return f"Best: win in {self.cost} {unit}, {how}"
        if self.unit == "flick":
            if not self.solved:
                return f"Impossible: {self.note or 'no flick found meets the goal'}"
            order = sorted(self.levels, key=lambda k: SKILLS[k].angle_sd if k in SKILLS else 0)
            text = ", ".join(f"{k} {round(100 * self.levels[k][0])} %" for k in order)
            return text + (" (trivial: " + self.note + ")" if self.trivial else "")
        if not self.solved:
            return "No line found that meets the goal"
        return f"Best line succeeds {round(100 * self.success)} % +- {round(100 * self.error)} %"

    def to_json(self) -> dict:
        out = {"game": self.game, "exact": self.exact, "solved": self.solved,
               "line": list(self.line), "verdict": self.words(), "unit": self.unit,
               "seconds": round(self.seconds, 6)}
        if self.exact:
            out.update({"cost": self.cost, "unique": self.unique,
                        "lines": self.lines, "states": self.states, "bound": self.bound})
        else:
            out.update({"success": self.success, "error": self.error, "samples": self.samples})
        if self.unit == "flick":
            out.update({"levels": self.levels, "trivial": self.trivial})
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Verdict":
        keys = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in keys})


def verdict_problem(stored: dict, fresh: "Verdict") -> str | None:
    """Why a scenario's stored verdict is not what verifying its position finds now, in
    words; None when it is. Exact verdicts must agree on every figure a player reads
    (solved, cost, unique, lines); sampled ones on solved, and their success chances within
    both error bars. The stored words must be its own figures' words (a forged "win in 1
    AP" over a cost of 2 is caught even before solving)."""
    told = Verdict.from_json(stored)
    if stored.get("verdict") is not None and stored["verdict"] != told.words():
        return (f"the stored verdict says {stored['verdict']!r}, but its own figures say "
                f"{told.words()!r}")
    if told.exact != fresh.exact:
        return (f"the stored verdict is {'exact' if told.exact else 'sampled'}; verifying now "
                f"is {'exact' if fresh.exact else 'sampled'}: {fresh.words()}")
    if fresh.exact:
        keys = ("solved", "cost", "unique", "lines")
        differ = [k for k in keys if getattr(told, k) != getattr(fresh, k)]
        if differ:
            return f"the stored verdict says {told.words()!r}; verifying finds {fresh.words()!r}"
        return None
    if told.solved != fresh.solved:
        return f"the stored verdict says {told.words()!r}; verifying finds {fresh.words()!r}"
    pairs = [(told.success, told.error, fresh.success, fresh.error)]
    pairs += [(told.levels[k][0], told.levels[k][1], *fresh.levels[k])
              for k in told.levels if k in fresh.levels]
    for a, ea, b, eb in pairs:
        if a is not None and b is not None and abs(a - b) > (ea or 0.0) + (eb or 0.0):
            return (f"the stored verdict says {told.words()!r}; verifying finds "
                    f"{fresh.words()!r}, outside both error bars")
    return None


def verify(game_name: str, state, goal, *, samples: int = 200, seed: int = 0,
           executor=None, max_cost: int | None = None) -> Verdict:
    """The verdict on the puzzle `goal` from `state` (see the module's docstring)."""
    start = time.perf_counter()
    how = _VERIFIERS.get(game_name)
    if how is None:
        raise ValueError(f"{game_name} puzzles cannot be verified")
    v = how(state, goal, samples=samples, seed=seed, executor=executor, max_cost=max_cost)
    v.seconds = time.perf_counter() - start
    return v


def _verify_glik(state, goal, *, max_cost, **_) -> Verdict:
    from games.glik.solver import solve

    r = solve(state, goal, max_ap=max_cost)
    return Verdict("glik", True, bool(r.solved), list(r.line), r.cost, "AP", r.unique,
                   r.lines, states=r.states, bound=r.bound)


# --- Grendizer XperienZ -------------------------------------------------------------------
def _verify_grendizer(state, goal, *, samples, seed, executor, max_cost) -> Verdict:
    from games.grendizer import solver as S

    problem = S.goal_problem(state, goal)
    if problem:
        raise ValueError(problem)
    if goal.get("order"):
        try:
            r = S.solve(state, goal, max_turns=max_cost)
        except S.HiddenCards as exc:
            note = str(exc)
        else:
            return Verdict("grendizer", True, r.solved, r.line, r.cost, "turns", r.unique,
                           r.lines, states=r.states, bound=r.bound)
    else:
        note = "the cards are shuffled"
    v = grendizer_success(state, goal, samples=samples, seed=seed, executor=executor)
    v.note = note
    return v


@dataclass(frozen=True)
class GoalPlayouts:
    """Playouts of a Grendizer puzzle: `first` decided, then the team bot; draws from the
    fixed order while it decides them, else sampled; one seed per playout."""

    state: object
    goal: dict
    first: str | None
    seeds: tuple


def goal_playouts(task: GoalPlayouts) -> dict:
    """How many of the task's playouts meet the goal."""
    from games.grendizer import solver as S
    from games.grendizer.bot import choose_action

    game = get_game("grendizer")
    met = 0
    for seq in task.seeds:
        rng = np.random.default_rng(seq)
        s, cur, first = task.state, S.Cursor(), task.first
        for _ in range(10_000):
            who = game.current_player(s)
            if who == TERMINAL:
                break
            if who == CHANCE:
                try:
                    a, cur = S.fixed_outcome(s, task.goal.get("order"), cur)
                except S.HiddenCards:
                    a = sample_chance(game, s, rng)
            elif first is not None:
                a, first = game.parse_action(s, first), None
            else:
                a = choose_action(s, rng)
            s = game.apply(s, a).state
            status = S.goal_status(task.state, s, task.goal)
            if status is not None:
                met += status == S.MET
                break
    return {"n": len(task.seeds), "met": met}


def grendizer_success(state, goal, *, samples: int = 200, seed: int = 0, executor=None,
                      batch: int = 25) -> Verdict:
    """The best first decision's success chance (the team bot plays on), by playouts."""
    game = get_game("grendizer")
    firsts = ([str(a) for a in game.legal_actions(state)]
              if game.current_player(state) >= 0 else [None])
    seqs = np.random.SeedSequence(seed).spawn(len(firsts))
    tasks, owner = [], []
    for i, (first, seq) in enumerate(zip(firsts, seqs)):
        play = seq.spawn(samples)
        for k in range(0, samples, batch):
            tasks.append(GoalPlayouts(state, goal, first, tuple(play[k:k + batch])))
            owner.append(i)
    results = run_batches(executor or InProcessExecutor(), goal_playouts, tasks)
    met = [0] * len(firsts)
    for i, r in zip(owner, results):
        met[i] += r["met"]
    best = max(range(len(firsts)), key=lambda i: (met[i], -i))
    p, err = chance_and_error(met[best], samples)
    return Verdict("grendizer", False, met[best] > 0,
                   [firsts[best]] if firsts[best] is not None else [], success=p, error=err,
                   samples=samples)


def chance_and_error(hits: int, n: int) -> tuple[float, float]:
    """A chance from `hits` of `n` and its 95 % half-width (at least 3/n when all agree)."""
    p = hits / max(1, n)
    err = Z95 * np.sqrt(p * (1 - p) / max(1, n))
    if hits in (0, n):
        err = max(err, 3.0 / max(1, n))
    return float(p), float(min(1.0, err))


# --- Glonk --------------------------------------------------------------------------------
@dataclass(frozen=True)
class GoalFlicks:
    """`count` flicks of `intent` under `skill`, each judged against `goal`."""

    state: object
    goal: dict
    intent: object
    skill: object
    seed: object
    count: int


def goal_flicks(task: GoalFlicks) -> int:
    """How many of the flicks meet the goal on the position after them."""
    from games.glonk import GAME
    from games.glonk.goals import goal_met

    rng = np.random.default_rng(task.seed)
    hits = 0
    for _ in range(task.count):
        flick = task.intent if task.skill is EXACT else scattered(task.intent, task.skill, rng)
        try:
            after = GAME.apply(task.state, flick).state
        except ValueError:
            continue  # a scattered flick the rules refuse meets nothing
        hits += bool(goal_met(after, task.goal))
    return hits


def goal_candidates(state, goal) -> list:
    """Flicks aimed at what the goal names: the piece to the space to reach, each of the
    mover's pieces at the piece to atomise; a small grid of angles and speeds round each aim
    (the speed a slide of that length needs on the mat, from 70 % to 130 %)."""
    import math

    from games.glonk import GAME
    from games.glonk import rules as R
    from games.glonk.actions import MAX_SPEED, Flick

    aims = []
    kind = goal.get("type")
    if kind == "reach":
        p = state.get(goal["piece"])
        aims.append((p, GAME.galaxy().by_id[goal["space"]].centroid, 0.0))
    elif kind == "atomise":
        target = state.get(goal["piece"])
        for p in state.in_play():
            if p.owner == state.turn_player and p.id != target.id:
                aims.append((p, (target.x, target.y), p.radius + target.radius))
    out = []
    for p, (tx, ty), reach in aims:
        if p is None or p.owner != state.turn_player or not R.activatable(state, p):
            continue
        base = math.degrees(math.atan2(ty - p.y, tx - p.x))
        dist = max(0.01, math.hypot(tx - p.x, ty - p.y) - reach + 0.03)
        v0 = math.sqrt(2 * R.MU_G * dist)
        for da in (0, -1.5, 1.5):
            for f in (1.0, 0.85, 1.15, 0.7, 1.3):
                flick = Flick.make(p.id, (base + da) % 360, min(MAX_SPEED, v0 * f))
                if GAME.is_legal(state, flick):
                    out.append(flick)
    return out


def _verify_glonk(state, goal, *, samples, seed, executor, **_) -> Verdict:
    from games.glonk.goals import goal_problem

    from analysis.glonk import candidate_flicks

    problem = goal_problem(state, goal)
    if problem:
        raise ValueError(problem)
    if not (goal or {}).get("type"):
        raise ValueError("Only a checked goal (atomise, reach, score) can be verified")
    executor = executor or InProcessExecutor()
    cands = goal_candidates(state, goal)
    seen = {str(c) for c in cands}
    cands += [c for c in candidate_flicks(state) if str(c) not in seen]
    root = np.random.SeedSequence(seed)
    screen = run_batches(executor, goal_flicks,
                         [GoalFlicks(state, goal, c, EXACT, None, 1) for c in cands])
    working = [c for c, hit in zip(cands, screen) if hit]
    if not working:
        return Verdict("glonk", False, False, [], unit="flick", success=0.0,
                       error=chance_and_error(0, max(1, len(cands)))[1], samples=len(cands),
                       levels={}, note=f"none of {len(cands)} candidate flicks meets it")
    levels_by = {}
    names = list(SKILLS)  # novice, club, expert
    tasks, owner = [], []
    for i, (c, seq) in enumerate(zip(working[:FINALISTS], root.spawn(FINALISTS))):
        for name, sq in zip(names, seq.spawn(len(names))):
            tasks.append(GoalFlicks(state, goal, c, skill_named(name), sq, samples))
            owner.append((i, name))
    for (i, name), hits in zip(owner, run_batches(executor, goal_flicks, tasks)):
        levels_by.setdefault(i, {})[name] = hits

    def robust(i):
        got = levels_by[i]
        return (got["club"], got["novice"], got["expert"], -i)

    best = max(levels_by, key=robust)
    levels = {name: list(chance_and_error(levels_by[best][name], samples))
              for name in reversed(names)}
    share = len(working) / len(cands)
    trivial = levels["novice"][0] >= TRIVIAL_NOVICE or share >= TRIVIAL_SHARE
    note = ""
    if trivial:
        note = (f"a novice meets it {round(100 * levels['novice'][0])} % of the time"
                if levels["novice"][0] >= TRIVIAL_NOVICE else
                f"{len(working)} of {len(cands)} candidate flicks meet it")
    club = levels["club"]
    return Verdict("glonk", False, True, [str(working[best])], unit="flick",
                   success=club[0], error=club[1],
                   samples=samples, levels=levels, trivial=trivial, note=note)


_VERIFIERS = {"glik": _verify_glik, "grendizer": _verify_grendizer, "glonk": _verify_glonk}
