"""Verifying a Glonk puzzle (a goal met by one flick): every candidate flick of the shot
explorer is flicked once exactly as meant; those that meet the goal are flicked again under
each skill's scatter, and the most robust one's success chance at each level is the verdict.
A goal no candidate meets is reported impossible as far as the search goes; one a novice meets
most of the time, or that most candidates meet, is reported trivial."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.executors import InProcessExecutor, run_batches
from analysis.glonk.skill import EXACT, SKILLS, scattered, skill_named
from analysis.puzzles import PuzzleVerifier, Verdict, chance_and_error

TRIVIAL_NOVICE = 0.5  # a novice meeting the goal this often makes the puzzle trivial
TRIVIAL_SHARE = 0.5  # ... as does this share of the candidate flicks meeting it exactly
FINALISTS = 4  # the flicks that meet the goal exactly, judged under each skill


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


def verify_puzzle(state, goal, *, samples, seed, executor, **_) -> Verdict:
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


#: The skill levels a verdict gives chances at, most skilled (least scatter) first.
VERIFIER = PuzzleVerifier(verify_puzzle,
                          levels=tuple(sorted(SKILLS, key=lambda k: SKILLS[k].angle_sd)))
