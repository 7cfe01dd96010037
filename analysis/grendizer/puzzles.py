"""Verifying a Grendizer XperienZ puzzle. With every draw fixed by the puzzle's order: the exact
search of `games.grendizer.solver` (fewest turns, unique or not, or no win within the goal's
turns). With hidden cards: each first decision is followed by the team bot in seeded playouts
whose draws come from the fixed order while it lasts, then at random; the best first
decision's success chance, with the half-width of its 95 % interval, is the verdict."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.executors import InProcessExecutor, run_batches
from analysis.puzzles import PuzzleVerifier, Verdict, chance_and_error
from games.api import CHANCE, TERMINAL, sample_chance
from games.registry import get_game


def verify_puzzle(state, goal, *, samples, seed, executor, max_cost) -> Verdict:
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


VERIFIER = PuzzleVerifier(verify_puzzle)
