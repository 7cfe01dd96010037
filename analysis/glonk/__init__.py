"""Glonk: the shot explorer, the best robust shot and the shot bot.

A flick is a noisy continuous action, so a shot is judged by what happens over many flicks
drawn around the intent with the player's skill scatter (analysis/glonk/skill.py), each one through
the real physics and rules. `flick_batch` is the pure unit of work: a batch of intents, each
flicked `count` times from its own `SeedSequence`, summarised into small sums that add up in a
fixed order, so an exploration gives the same bytes on any executor and any number of workers.

Value of one flick outcome, for the player who flicks (points, the unit of a Glonk score):
    points scored
  + BOARD_WEIGHT x the points a boarding right after would take (the piece may board)
  - SAFETY_WEIGHT x the points of the player's own pieces lost (atomised or lost in space)
  - HYPER_COST when it is a hyper-propulsion (the turn ends)
  + APPROACH_WEIGHT x metres the flicked piece came closer to the nearest enemy ship (<= 0.3)
Ties between shots of equal expected value go to the one that loses a piece least often,
then to the earlier candidate (aimed shots before the representative fan).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from games.api import CHANCE, TERMINAL, IllegalAction, sample_chance
from games.glonk import GAME
from games.glonk import rules as R
from games.glonk.actions import MAX_SPEED, Flick
from games.glonk.model import IN_PLAY, GlonkState

from analysis.executors import InProcessExecutor, Progress, run_batches
from analysis.record import WinAnalyser, lost
from .skill import (EXACT, SKILLS, Skill, scattered, scattered_by, skill_named,
                    stratified_errors)

BOARD_WEIGHT = 0.8
SAFETY_WEIGHT = 1.0
HYPER_COST = 0.25
APPROACH_WEIGHT = 0.5
APPROACH_CAP = 0.3
#: Named outcomes counted by the explorer (each a probability in the summary).
OUTCOMES = ("atomise_target", "atomise_enemy", "board_after", "lose_piece", "black_hole",
            "lost_in_space")
HIST_BINS = 24
BATCH_SIZE = 10  # flicks per explorer batch: fixed, so results do not depend on workers


# --- one flick ---------------------------------------------------------------------------
def flick_outcome(s: GlonkState, intent: Flick, flick: Flick) -> dict:
    """What one flick did, for the player who made it: outcome flags, points, value, end xy."""
    return step_outcome(s, intent, flick, GAME.apply(s, flick))


def step_outcome(s: GlonkState, intent: Flick, flick: Flick, step) -> dict:
    """`flick_outcome` of a flick already applied (`step`, e.g. a recorded node's)."""
    after = step.state
    mover = s.turn_player
    points = after.scores()[mover] - s.scores()[mover]
    own_lost = sum(p.value for p in s.in_play()
                   if p.owner == mover and after.piece(p.id).status != IN_PLAY)
    kinds = {e.kind for e in step.events}
    enemy_atomised = [e.data["piece"] for e in step.events if e.kind == "atomised"
                      and e.data.get("owner") is not None and e.data.get("owner") != mover]
    piece = after.piece(flick.piece)
    black_holes = {p.id for p in s.in_play() if p.kind == "black_hole"}
    touched_bh = any((e.kind == "contact" and flick.piece in (e.data["a"], e.data["b"])
                      and ({e.data["a"], e.data["b"]} & black_holes))
                     or (e.kind == "atomised" and e.data["piece"] == flick.piece
                         and e.data.get("cause") == "black_hole") for e in step.events)
    board_points = _boarding_points(after, flick.piece) if "may_board" in kinds else 0
    hyper = "hyper_propulsion" in kinds
    standard = "standard_propulsion" in kinds
    value = (points + BOARD_WEIGHT * board_points - SAFETY_WEIGHT * own_lost
             - (HYPER_COST if hyper else 0.0) + APPROACH_WEIGHT * _approach(s, after, flick))
    own_piece = s.piece(flick.piece).owner == mover
    flags = {
        "atomise_target": (intent.assault in enemy_atomised) if intent.assault
        else bool(enemy_atomised),
        "atomise_enemy": bool(enemy_atomised),
        "board_after": "may_board" in kinds,
        "lose_piece": own_piece and piece.status != IN_PLAY,
        "black_hole": touched_bh,
        "lost_in_space": "lost_in_space" in kinds and any(
            e.kind == "lost_in_space" and e.data["piece"] == flick.piece for e in step.events),
    }
    end = (piece.x, piece.y) if piece.status == IN_PLAY else None
    return {"points": points, "value": value, "standard": standard, "hyper": hyper,
            "flags": flags, "end": end, "step": step}


def _boarding_points(after: GlonkState, pid: str) -> int:
    p = after.piece(pid)
    victims = [o for o in after.in_play() if R.enemies(p, o) and R.touching(p, o)]
    if any("lethal" in v.powers or ("shield" in v.powers and v.active) for v in victims):
        return 0
    return sum(v.value for v in victims)


def _nearest_enemy(s: GlonkState, p) -> float | None:
    d = [math.hypot(o.x - p.x, o.y - p.y) for o in s.in_play() if R.enemies(p, o)]
    return min(d) if d else None


def _approach(before: GlonkState, after: GlonkState, flick: Flick) -> float:
    p0, p1 = before.piece(flick.piece), after.piece(flick.piece)
    if p1.status != IN_PLAY or p0.owner != before.turn_player:
        return 0.0
    d0, d1 = _nearest_enemy(before, p0), _nearest_enemy(after, p1)
    if d0 is None or d1 is None:
        return 0.0
    return float(np.clip(d0 - d1, -APPROACH_CAP, APPROACH_CAP))


# --- the pure batch ----------------------------------------------------------------------
@dataclass(frozen=True)
class FlickBatch:
    """`count` flicks of each intent from `state` under `skill`; intent i draws from seeds[i]."""

    state: GlonkState
    intents: tuple[Flick, ...]
    seeds: tuple[np.random.SeedSequence, ...]
    skill: Skill
    count: int
    bins: int = HIST_BINS


def empty_summary(bins: int = HIST_BINS) -> dict:
    return {"n": 0, "standard": 0, "hyper": 0, "outcomes": {k: 0 for k in OUTCOMES},
            "points": 0.0, "points_sq": 0.0, "value": 0.0, "value_sq": 0.0, "on_galaxy": 0,
            "hist": np.zeros((bins, bins), dtype=np.int64)}


def _edges(bins: int) -> np.ndarray:
    r = R.G.radius
    return np.linspace(-r, r, bins + 1)


def flick_batch(batch: FlickBatch) -> list[dict]:
    """One summary per intent (sums, so summaries of batches add up with `merge`)."""
    edges = _edges(batch.bins)
    out = []
    for intent, seed in zip(batch.intents, batch.seeds):
        rng = np.random.default_rng(seed)
        summary = empty_summary(batch.bins)
        for _ in range(batch.count):
            o = flick_outcome(batch.state, intent, scattered(intent, batch.skill, rng))
            summary["n"] += 1
            summary["standard"] += o["standard"]
            summary["hyper"] += o["hyper"]
            for k, v in o["flags"].items():
                summary["outcomes"][k] += bool(v)
            summary["points"] += o["points"]
            summary["points_sq"] += o["points"] ** 2
            summary["value"] += o["value"]
            summary["value_sq"] += o["value"] ** 2
            if o["end"] is not None:
                i = int(np.clip(np.searchsorted(edges, o["end"][0], side="right") - 1,
                                0, batch.bins - 1))
                j = int(np.clip(np.searchsorted(edges, o["end"][1], side="right") - 1,
                                0, batch.bins - 1))
                summary["hist"][i, j] += 1
                summary["on_galaxy"] += 1
        out.append(summary)
    return out


def merge(summaries: Sequence[dict]) -> dict:
    """The sum of summaries, added in the order given (so the float sums are reproducible)."""
    total = empty_summary(summaries[0]["hist"].shape[0] if summaries else HIST_BINS)
    for s in summaries:
        for k in ("n", "standard", "hyper", "points", "points_sq", "value", "value_sq",
                  "on_galaxy"):
            total[k] += s[k]
        for k in OUTCOMES:
            total["outcomes"][k] += s["outcomes"][k]
        total["hist"] = total["hist"] + s["hist"]
    return total


def report(summary: dict, seconds: float | None = None) -> dict:
    """The JSON summary of an exploration (probabilities, expectations, the histogram)."""
    n = max(1, summary["n"])

    def sd_err(total, sq):
        mean = total / n
        var = max(0.0, sq / n - mean * mean)
        return math.sqrt(var / n) if summary["n"] > 1 else 0.0

    edges = _edges(summary["hist"].shape[0])
    out = {
        "samples": summary["n"],
        "p_standard": summary["standard"] / n,
        "p_hyper": summary["hyper"] / n,
        "expected_points": summary["points"] / n,
        "expected_points_error": sd_err(summary["points"], summary["points_sq"]),
        "expected_value": summary["value"] / n,
        "expected_value_error": sd_err(summary["value"], summary["value_sq"]),
        "outcomes": {k: summary["outcomes"][k] / n for k in OUTCOMES},
        "end_histogram": {"x_edges": [round(float(e), 6) for e in edges],
                          "y_edges": [round(float(e), 6) for e in edges],
                          "counts": summary["hist"].tolist(),
                          "on_galaxy": summary["on_galaxy"],
                          "note": "counts[i][j]: the flicked piece came to rest in x bin i, "
                                  "y bin j (metres); pieces that left play are not counted"},
    }
    if seconds is not None:
        out["seconds"] = round(seconds, 3)
    return out


# --- the explorer ------------------------------------------------------------------------
def check_intent(s: GlonkState, intent: Flick) -> None:
    """IllegalAction (naming the rule) unless `intent` can be flicked in `s` (and simulated:
    a position made by a physics version this program does not have says so)."""
    refused = R.physics_refusal(s)
    if refused is not None:
        raise IllegalAction(refused)
    if not GAME.is_legal(s, intent):
        GAME.apply(s, intent)  # raises the IllegalAction that names the rule


def explore_batches(s: GlonkState, intent: Flick, skill: Skill, *, samples: int, seed: int,
                    batch_size: int = BATCH_SIZE, bins: int = HIST_BINS) -> list[FlickBatch]:
    """The batches of an exploration, in order: their summaries `merge` into `explore`'s
    (a viewer runs them one at a time to show the heatmap fill in and to stop early)."""
    check_intent(s, intent)
    if samples < 1:
        raise ValueError("samples must be at least 1")
    counts = [batch_size] * (samples // batch_size)
    if samples % batch_size:
        counts.append(samples % batch_size)
    seeds = np.random.SeedSequence(seed).spawn(len(counts))
    return [FlickBatch(s, (intent,), (sq,), skill, c, bins) for sq, c in zip(seeds, counts)]


def explore(s: GlonkState, intent: Flick, skill: Skill | str = "club", *, samples: int = 200,
            seed: int = 0, executor=None, batch_size: int = BATCH_SIZE,
            bins: int = HIST_BINS, on_partial: Callable[[dict], None] | None = None,
            progress: bool | None = None) -> dict:
    """Flick `intent` `samples` times under `skill` and summarise (see `report`).

    `on_partial(report)` gets the running summary as batches arrive (for a live heatmap).
    """
    import time

    skill = skill_named(skill) if isinstance(skill, str) else skill
    start = time.perf_counter()
    tasks = explore_batches(s, intent, skill, samples=samples, seed=seed,
                            batch_size=batch_size, bins=bins)
    done: dict[int, dict] = {}

    def partial(i, result):
        done[i] = result[0]
        if on_partial is not None:
            on_partial(report(merge([done[k] for k in sorted(done)])))

    bar = Progress(len(tasks), "explore", enabled=progress)
    try:
        results = run_batches(executor or InProcessExecutor(), flick_batch, tasks,
                              on_result=partial, progress=bar)
    finally:
        bar.close()
    out = report(merge([r[0] for r in results]), time.perf_counter() - start)
    out.update({"action": str(intent), "skill": skill.to_json(), "seed": seed})
    return out


def judged_explore(s: GlonkState, intent: Flick, skill: Skill, *, samples: int, seed: int,
                   executor=None) -> dict:
    """`explore`'s summary of `intent` over a stratified sample of the hand's errors
    (`skill.stratified_errors`): what a judge compares two shots by. The same `seed` gives
    two shots the very same errors (common random numbers), so their difference is the
    shots', not the draws'."""
    check_intent(s, intent)
    flicks = [scattered_by(intent, skill, *e) for e in stratified_errors(samples, seed)]
    seeds = np.random.SeedSequence(seed).spawn(len(flicks))  # unused: the flicks are exact
    tasks = [FlickBatch(s, tuple(flicks[i:i + BATCH_SIZE]), tuple(seeds[i:i + BATCH_SIZE]),
                        EXACT, 1) for i in range(0, len(flicks), BATCH_SIZE)]
    results = run_batches(executor or InProcessExecutor(), flick_batch, tasks)
    return report(merge([r for batch in results for r in batch]))


# --- the best robust shot ----------------------------------------------------------------
def candidate_flicks(s: GlonkState) -> list[Flick]:
    """The flicks the search tries, most promising first: heroic assaults and shots aimed at
    each enemy ship in reach (two strengths), then the rules' representative fan (8 angles,
    2 speeds) of every piece, Telekinesis and Meteoric Fission included."""
    legal = [a for a in GAME.legal_actions(s) if isinstance(a, Flick)]
    aimed = [a for a in legal if a.assault] + [f for _, f in _aimed_shots(s)]
    return _unique(aimed + [a for a in legal if not a.assault])


def _aimed_shots(s: GlonkState) -> list[tuple[float, Flick]]:
    """(gap, flick): each piece of the player to move at each enemy ship within 0.45 m of
    it, hard enough to cover the gap and 4 cm or 15 cm more."""
    out = []
    for p in sorted(s.in_play(), key=lambda q: q.id):
        if p.owner != s.turn_player or not R.activatable(s, p) or p.speed <= 0:
            continue
        for e in sorted(s.in_play(), key=lambda q: q.id):
            if not R.enemies(p, e):
                continue
            gap = math.hypot(e.x - p.x, e.y - p.y) - p.radius - e.radius
            if gap > 0.45:
                continue
            angle = math.degrees(math.atan2(e.y - p.y, e.x - p.x))
            for extra in (0.04, 0.15):
                v = min(MAX_SPEED, math.sqrt(2 * R.MU_G * (max(0.0, gap) + extra)))
                out.append((gap, Flick.make(p.id, angle, v)))
    return out


def _unique(flicks: Sequence[Flick]) -> list[Flick]:
    seen, out = set(), []
    for f in flicks:
        if str(f) not in seen:
            seen.add(str(f))
            out.append(f)
    return out


#: Shares of its range an advance slides a piece (the first is safe under a novice's 15 %
#: speed scatter, which spreads the slide by about 30 %), and the turns around its line.
ADVANCE_SHARES = (0.55, 0.85)
ADVANCE_TURNS = (0.0, -25.0, 25.0)
RANGE_STEP = 0.01  # metres between the points tried along an advance's line


def _range_along(s: GlonkState, p, angle: float, limit: float) -> float:
    """How far (metres, at most `limit`) `p` can slide along `angle` and still end a
    standard propulsion (the rule's range: the spaces it may end in)."""
    allowed = R.allowed_spaces(p)
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    reach, d = 0.0, RANGE_STEP
    while d <= limit:
        x, y = p.x + ux * d, p.y + uy * d
        if not R.is_standard(s, R.G.occupied(x, y, p.radius), allowed):
            break
        reach = d
        d += RANGE_STEP
    return reach


def advance_flicks(s: GlonkState) -> list[Flick]:
    """Flicks that bring each piece closer to its nearest enemy ship without leaving its
    range (so the turn goes on): along the line to it and 25 degrees either side, sliding a
    safe and a bold share of the way. Each piece's straight safe advance comes first, the
    pieces nearest an enemy first, then each one's next."""
    movers = []
    for p in s.in_play():
        if p.owner != s.turn_player or not R.activatable(s, p) or p.speed <= 0:
            continue
        enemies = [e for e in s.in_play() if R.enemies(p, e)]
        if not enemies:
            continue
        e = min(enemies, key=lambda q: (math.hypot(q.x - p.x, q.y - p.y), q.id))
        movers.append((math.hypot(e.x - p.x, e.y - p.y) - p.radius - e.radius, p.id, p, e))
    per_piece = []
    for gap, _, p, e in sorted(movers, key=lambda m: m[:2]):
        line = math.degrees(math.atan2(e.y - p.y, e.x - p.x))
        mine = []
        for turn in ADVANCE_TURNS:
            reach = _range_along(s, p, line + turn, max(0.0, gap))
            for share in ADVANCE_SHARES:
                if reach * share >= RANGE_STEP:
                    mine.append(Flick.make(p.id, (line + turn) % 360.0,
                                           min(MAX_SPEED, math.sqrt(2 * R.MU_G * reach * share))))
        per_piece.append(mine)
    return _interleave(*per_piece)  # each piece's first advance, then each one's second...


def _interleave(*groups: Sequence[Flick]) -> list[Flick]:
    """One from each group in turn (so a small screen sees every kind)."""
    return [g[i] for i in range(max((len(g) for g in groups), default=0))
            for g in groups if i < len(g)]


def search_flicks(s: GlonkState) -> list[Flick]:
    """What the best-shot search screens, in order: the shots aimed at the nearest enemies,
    the advances and the heroic assaults taken in turn, then the rest of `candidate_flicks`
    (a small budget screens only the first few, so each kind gets its share)."""
    cands = candidate_flicks(s)
    aimed = [f for _, f in sorted(_aimed_shots(s), key=lambda gf: gf[0])]
    assaults = [f for f in cands if f.assault]
    return _unique(_interleave(aimed, advance_flicks(s), assaults) + cands)


#: How far beyond a target's rim a shot aimed at it is meant to slide (metres): a touch, a
#: knock and a drive through it.
TARGET_EXTRAS = (0.04, 0.15, 0.40)


def first_hit(s: GlonkState, p, angle: float, speed: float):
    """(piece, metres slid to the contact) that `p` flicked straight along `angle` degrees at
    `speed` m/s touches first (rims on a straight textbook slide), or None."""
    reach = speed * speed / (2 * R.MU_G)
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    best = None
    for q in s.in_play():
        if q.id == p.id:
            continue
        dx, dy = q.x - p.x, q.y - p.y
        along = dx * ux + dy * uy
        if along <= 0.0:
            continue
        rr = (p.radius + q.radius) ** 2
        off = dx * dx + dy * dy - along * along
        if off >= rr:
            continue
        t = along - math.sqrt(rr - off)
        if t <= reach and (best is None or (t, q.id) < (best[1], best[0].id)):
            best = (q, t)
    return best


def target_shots(s: GlonkState) -> list[Flick]:
    """Shots at targets, the most valuable first: each piece of the player to move straight
    at each enemy ship its line reaches first (nothing in between), hard enough to touch it,
    knock it and drive through it (TARGET_EXTRAS), and the heroic assaults whose line meets
    their target first. Ordered by the target's value, then the shorter gap."""
    out = []
    for p in sorted(s.in_play(), key=lambda q: q.id):
        if p.owner != s.turn_player or not R.activatable(s, p) or p.speed <= 0:
            continue
        for e in sorted(s.in_play(), key=lambda q: q.id):
            if not R.enemies(p, e) or not e.is_ship:
                continue
            angle = math.degrees(math.atan2(e.y - p.y, e.x - p.x))
            gap = max(0.0, math.hypot(e.x - p.x, e.y - p.y) - p.radius - e.radius)
            hit = first_hit(s, p, angle, MAX_SPEED)
            if hit is None or hit[0].id != e.id:
                continue
            for k, extra in enumerate(TARGET_EXTRAS):
                v = math.sqrt(2 * R.MU_G * (gap + extra))
                if v > MAX_SPEED:
                    break
                out.append(((-e.value, k, gap, p.id, e.id), Flick.make(p.id, angle, v)))
    legal = [a for a in GAME.legal_actions(s) if isinstance(a, Flick) and a.assault]
    for a in legal:
        p, e = s.piece(a.piece), s.piece(a.assault)
        hit = first_hit(s, p, a.angle, a.speed)
        if hit is not None and hit[0].id == e.id:
            gap = max(0.0, math.hypot(e.x - p.x, e.y - p.y) - p.radius - e.radius)
            out.append(((-e.value, 0, gap, p.id, e.id), a))
    return _unique([f for _, f in sorted(out, key=lambda kf: kf[0])])


def judge_flicks(s: GlonkState) -> list[Flick]:
    """What a judging search screens: the shots at targets (`target_shots`), then
    `search_flicks`'s (the aimed shots, advances and assaults, then the rest)."""
    return _unique(target_shots(s) + search_flicks(s))


def _rank_key(item):
    index, summary = item
    n = max(1, summary["n"])
    return (-round(summary["value"] / n, 9), summary["outcomes"]["lose_piece"] / n, index)


#: Coarse-to-fine: the turns (degrees) and speed factors tried around a promising shot.
REFINE_TURNS = (-2.5, 2.5)
REFINE_SPEEDS = (0.85, 1.18)


def refined_flicks(s: GlonkState, flick: Flick) -> list[Flick]:
    """The shots next to `flick`: a little left and right of its line, a little softer and
    harder (what a hit that only grazed, or stopped short of, its target wanted)."""
    out = [Flick.make(flick.piece, flick.angle + turn, flick.speed, flick.spin,
                      flick.assault, flick.power, flick.by) for turn in REFINE_TURNS]
    out += [Flick.make(flick.piece, flick.angle, min(MAX_SPEED, flick.speed * k), flick.spin,
                       flick.assault, flick.power, flick.by) for k in REFINE_SPEEDS]
    return [f for f in out if GAME.is_legal(s, f)]


def best_shot(s: GlonkState, skill: Skill | str = "club", *, budget: int = 64,
              samples_per_candidate: int = 8, seed: int = 0, executor=None,
              progress: bool | None = None,
              on_progress: Callable[[int, int], None] | None = None,
              refine: int = 0, targets: bool = False) -> dict | None:
    """The flick with the highest expected value under `skill`, within `budget` flicks.

    Two stages: every candidate (up to half the budget) is flicked once exactly as meant, then
    the best of them share the rest, `samples_per_candidate` scattered flicks each. With
    `refine` (coarse to fine), the `refine` best of the screen are tried again a little to
    each side, softer and harder (`refined_flicks`, exactly, out of the budget's second half)
    before the finalists are chosen from all; with `targets`, the shots at targets are
    screened first (`judge_flicks`). Returns None when the player to move has no
    flick; else the chosen action, its summary and the ranking of the finalists.
    `on_progress(flicks done, flicks planned)` hears each batch (a window's "thinking" line).
    """
    skill = skill_named(skill) if isinstance(skill, str) else skill
    finder = judge_flicks if targets else search_flicks
    cands = finder(s) if GAME.current_player(s) >= 0 else []
    if not cands:
        return None
    budget = max(1, int(budget))
    executor = executor or InProcessExecutor()
    seq_screen, seq_final = np.random.SeedSequence(seed).spawn(2)
    first = cands[:max(1, min(len(cands), budget // 2 if budget > 1 else 1))]
    screen_seeds = seq_screen.spawn(len(first))
    chunk = 8
    tasks = [FlickBatch(s, tuple(first[i:i + chunk]), tuple(screen_seeds[i:i + chunk]),
                        EXACT, 1) for i in range(0, len(first), chunk)]
    left = budget - len(first)
    finalists = min(len(first), max(2, left // max(1, samples_per_candidate)), left)
    per = left // finalists if finalists else 0
    bar = Progress(len(tasks) + finalists, "best shot", enabled=progress)
    planned = len(first) + finalists * per
    done = [0]

    def heard(flicks):
        def count(_i, result):
            done[0] += flicks(result)
            if on_progress is not None:
                on_progress(done[0], planned)
        return count

    try:
        screened = [r for batch in run_batches(executor, flick_batch, tasks, progress=bar,
                                               on_result=heard(len))
                    for r in batch]
        ranked = sorted(enumerate(screened), key=_rank_key)
        if refine > 0 and left >= 2 * max(1, samples_per_candidate):
            known = {str(f) for f in first}
            near = [f for f in _unique([n for i, _ in ranked[:refine]
                                        for n in refined_flicks(s, first[i])])
                    if str(f) not in known][:left // 2]
            if near:
                near_seeds = np.random.SeedSequence(seed).spawn(3)[2].spawn(len(near))
                tasks = [FlickBatch(s, tuple(near[i:i + chunk]),
                                    tuple(near_seeds[i:i + chunk]), EXACT, 1)
                         for i in range(0, len(near), chunk)]
                bar.add_total(len(tasks))
                planned += len(near)
                screened += [r for batch in run_batches(executor, flick_batch, tasks,
                                                        progress=bar, on_result=heard(len))
                             for r in batch]
                first = first + near
                left -= len(near)
                finalists = min(len(first), max(2, left // max(1, samples_per_candidate)),
                                left)
                per = left // finalists if finalists else 0
                planned = len(first) + finalists * per
                ranked = sorted(enumerate(screened), key=_rank_key)
        if finalists:
            top = [i for i, _ in ranked[:finalists]]
            final_seeds = seq_final.spawn(len(top))
            tasks = [FlickBatch(s, (first[i],), (sq,), skill, per)
                     for i, sq in zip(top, final_seeds)]
            finals = [r[0] for r in run_batches(executor, flick_batch, tasks, progress=bar,
                                                on_result=heard(lambda r: r[0]["n"]))]
            ranked = sorted(zip(top, finals), key=_rank_key)
    finally:
        bar.close()
    best_index, best_summary = ranked[0]
    out = report(best_summary)
    out.update({
        "action": str(first[best_index]), "skill": skill.to_json(),
        "flicks": len(first) + finalists * per, "candidates": len(cands),
        "screened": len(first),
        "ranking": [{"action": str(first[i]), "expected_value": r["value"] / max(1, r["n"]),
                     "samples": r["n"]} for i, r in ranked[:8]],
    })
    return out


# --- the shot bot --------------------------------------------------------------------------
@dataclass(frozen=True)
class Strength:
    """A bot strength: how well it flicks (skill) and how many flicks it may search."""

    name: str
    skill: Skill
    budget: int
    samples_per_candidate: int


STRENGTHS = {
    "novice": Strength("novice", SKILLS["novice"], 16, 4),
    "club": Strength("club", SKILLS["club"], 48, 6),
    "expert": Strength("expert", SKILLS["expert"], 160, 10),
}


def strength_named(name: str) -> Strength:
    key = str(name).strip().lower()
    if key not in STRENGTHS:
        raise ValueError(f"unknown bot strength {name!r}: use {', '.join(STRENGTHS)}")
    return STRENGTHS[key]


#: Discrete actions that can score or lose pieces; the others (placements, rays, returns,
#: jumps, ending the turn) are worth 0 points and are not simulated.
SCORING_MOVES = ("board", "fabricate", "teleport")


def move_value(s: GlonkState, action) -> float:
    """Value of a discrete (non-flick) action for the player to move: points scored minus the
    points of own pieces lost (boarding and the powers that place pieces)."""
    if getattr(action, "kind", None) not in SCORING_MOVES:
        return 0.0
    mover = s.turn_player if s.phase == "actions" else s.to_move
    after = GAME.apply(s, action).state
    points = after.scores()[mover] - s.scores()[mover]
    lost = sum(p.value for p in s.in_play()
               if p.owner == mover and after.piece(p.id).status != IN_PLAY)
    return points - SAFETY_WEIGHT * lost


class ShotBot:
    """A Glonk player at a strength: it searches the best robust shot, then flicks it with
    its own scatter; discrete choices go to the best `move_value` (ties: seeded at random),
    and it ends its turn when nothing is worth more than stopping."""

    def __init__(self, strength: Strength | str = "club", executor=None):
        self.strength = strength_named(strength) if isinstance(strength, str) else strength
        self.executor = executor

    def __call__(self, s: GlonkState, rng: np.random.Generator):
        return self.choose(s, rng)

    def choose(self, s: GlonkState, rng: np.random.Generator):
        player = GAME.current_player(s)
        if player == TERMINAL:
            raise ValueError("the game is over")
        if player == CHANCE:
            return sample_chance(GAME, s, rng)
        legal = GAME.legal_actions(s)
        moves = [a for a in legal if not isinstance(a, Flick)]
        scored = [(move_value(s, a), i) for i, a in enumerate(moves)]
        best_move_value = max((v for v, _ in scored), default=-math.inf)
        if s.phase == "actions":
            shot = best_shot(s, self.strength.skill, budget=self.strength.budget,
                             samples_per_candidate=self.strength.samples_per_candidate,
                             seed=int(rng.integers(2 ** 63)), executor=self.executor,
                             progress=False)
            stop = 0.0  # ending the turn (or any move worth nothing)
            if shot is not None and shot["expected_value"] > max(best_move_value, stop) + 1e-9:
                intent = GAME.parse_action(s, shot["action"])
                return scattered(intent, self.strength.skill, rng)
        ties = [moves[i] for v, i in scored if v >= best_move_value - 1e-9]
        if s.phase == "actions":
            ends = [a for a in ties if str(a) == "end_turn"]
            if ends and best_move_value <= 1e-9:
                return ends[0]
        return ties[int(rng.integers(len(ties)))]


def bot_match(s: GlonkState, strengths: Sequence[str], *, seed: int = 0,
              max_turns: int = 40, points: int | None = None, executor=None) -> dict:
    """Shot bots at `strengths` (one per seat) play on from `s` until the game ends, `points`
    have been scored in all (when given) or `max_turns` turns have passed. Seeded: the same
    arguments give the same game. Returns the scores, the winners (the game's, else the
    leaders by score; [] while nobody has scored), the turns, and per seat the flicks and
    the turns it ended without a single flick while it could flick (`ended_idle`)."""
    bots = [ShotBot(name, executor) for name in strengths]
    rng = np.random.default_rng(seed)
    start = s.scores()
    turns, flicks, idle = 0, [0] * len(bots), [0] * len(bots)
    flicked = False  # in the turn under way
    while not GAME.is_terminal(s) and turns < max_turns:
        if points is not None and sum(s.scores()) - sum(start) >= points:
            break
        seat = GAME.current_player(s)
        action = sample_chance(GAME, s, rng) if seat == CHANCE else bots[seat](s, rng)
        if isinstance(action, Flick):
            flicks[seat] += 1
            flicked = True
        elif str(action) == "end_turn" and not flicked and any(
                isinstance(a, Flick) for a in GAME.legal_actions(s)):
            idle[seat] += 1
        before = s.turn_player
        s = GAME.apply(s, action).state
        if s.turn_player != before:
            turns, flicked = turns + 1, False
    scores = list(s.scores())
    if GAME.is_terminal(s):
        winners = list(s.winners)
    else:
        winners = [i for i, v in enumerate(scores) if v == max(scores)] if any(scores) else []
    return {"strengths": list(strengths), "seed": seed, "over": GAME.is_terminal(s),
            "turns": turns, "scores": scores, "winners": winners, "flicks": flicks,
            "ended_idle": idle, "state": s}


def intent(s: GlonkState, piece: str, angle: float, speed: float, spin: float = 0.0,
           assault: str | None = None) -> Flick:
    """The intended flick of `piece` (a propulsion, or the Telekinesis / Meteoric Fission of
    the piece that may propel it); IllegalAction for a piece that is not there."""
    from games.glonk.cli import flick_action

    return flick_action(s, piece, angle, speed, spin, assault)


def bot(strength: str = "club", executor=None) -> ShotBot:
    """`bot("expert")(state, rng) -> action`: the shot bot at a named strength."""
    return ShotBot(strength, executor)


# --- record analysis -----------------------------------------------------------------------
def score_share(state: GlonkState) -> list[float]:
    """Win chance read off the scores when a playout stops early: the leaders share it."""
    scores = state.scores()
    top = max(scores)
    leaders = [i for i, v in enumerate(scores) if v == top]
    return [1.0 / len(leaders) if i in leaders else 0.0 for i in range(len(scores))]


@dataclass(frozen=True)
class Horizon:
    """Stop a Glonk playout `rounds` rounds after it started (or after `actions` actions)
    and value it by `score_share`, or by the position evaluator when `value` is
    "evaluator" (analysis/glonk/evaluator.py)."""

    rounds: int
    actions: int
    value: str = "score"

    def __call__(self, start: GlonkState, state: GlonkState, n: int):
        if n >= self.actions or (state.phase == "actions"
                                 and state.round >= start.round + self.rounds):
            if self.value == "evaluator":
                from .evaluator import shipped

                return shipped().win(state)
            return score_share(state)
        return None


METHODS = ("evaluator", "rollouts")
TRUNCATIONS = ("evaluator", "score")


class GlonkAnalyser(WinAnalyser):
    """Win chance: by default the position evaluator (analysis/glonk/evaluator.py, learned from
    self-play: a fraction of a millisecond a position, no error bar). With method "rollouts":
    rollouts with the shot bot (`rollout_budget` flicks a decision, at the `skill` of the
    record's players), stopped after `horizon_rounds` rounds and valued by the evaluator
    (`truncate` "evaluator", the default) or by the score ("score": the leaders share the
    win); with b rollouts a node's error bar is about 1/sqrt(b) (e.g. +-0.35 at 8, +-0.1 at
    100). Loss and luck are in points (expected value, see the module docstring): a flick is
    an intent plus the scatter of the hand, so its loss splits in two: the choice (`loss`:
    the best robust shot's expected value minus the intent's; the node's intent where a table
    feel kept one, else the flick played) and the execution (`execution`: what the flick
    really did minus that expectation)."""

    game = "glonk"
    unit = "points"
    method = "evaluator"
    truncate = "evaluator"
    default_budget = 8
    thresholds = (0.5, 1.0, 2.0)  # points lost for ?!, ?, ??
    batch_size = 2
    skill = "club"
    rollout_budget = 4
    horizon_rounds = 1
    horizon_actions = 60
    #: Flicks that judge a played flick and that search the best shot; None: 2x and 4x the
    #: analysis budget (16 and 32 at the default 8), so a bigger budget judges more finely.
    explore_samples: int | None = None
    search_budget: int | None = None
    #: The search's best screened shots tried again around their line (coarse to fine).
    refine: int = 3
    budget = default_budget

    def for_budget(self, budget: int) -> "GlonkAnalyser":
        return self.configured(budget=int(budget))

    @property
    def leaf(self):
        return Horizon(self.horizon_rounds, self.horizon_actions, self.truncate)

    @property
    def policy(self):
        return ShotBot(Strength("rollout", skill_named(self.skill), self.rollout_budget, 1))

    def viewpoint(self, state) -> int:
        return state.turn_player

    @property
    def methods(self) -> tuple[str, ...]:
        return METHODS

    def check(self) -> None:
        skill_named(self.skill)
        if self.method not in METHODS:
            raise ValueError(f"glonk analysis has no method {self.method!r} (it has "
                             f"{', '.join(METHODS)})")
        if self.truncate not in TRUNCATIONS:
            raise ValueError(f"unknown rollout truncation {self.truncate!r}: use "
                             f"{' or '.join(TRUNCATIONS)}")

    def win(self, states, *, budget: int, seeds, executor=None, progress=None,
            on_result=None) -> list[dict]:
        if self.method == "rollouts":
            return super().win(states, budget=budget, seeds=seeds, executor=executor,
                               progress=progress, on_result=on_result)
        from .evaluator import shipped

        evaluator = shipped()
        out = []
        for i, state in enumerate(states):
            figures = {"win": evaluator.win(state), "win_error": None, "samples": 1,
                       "method": "evaluator"}
            if on_result is not None:
                on_result(i, figures)
            out.append(figures)
        return out

    def judge(self, parent, node, *, seed, executor=None) -> dict:
        s = parent.state
        action = node.action
        if GAME.current_player(s) == CHANCE:
            return {}
        mover = s.turn_player if s.phase == "actions" else s.to_move
        if not isinstance(action, Flick):
            moves = [a for a in GAME.legal_actions(s) if not isinstance(a, Flick)]
            values = [(move_value(s, a), i) for i, a in enumerate(moves)]
            best_v, best_i = max(values, key=lambda vi: (vi[0], -vi[1]))
            played_v = move_value(s, action)
            better = moves[best_i] if best_v > played_v + 1e-9 else None
            return {"loss": lost(best_v, played_v), "luck_seat": mover,
                    "best": None if better is None else str(better)}
        explore_seed, search_seed = seed.spawn(2)
        skill = skill_named(self.skill)
        meant = getattr(node, "intended", action)  # the intent, where a table feel kept one
        samples = self.explore_samples or 2 * self.budget
        search = self.search_budget or 4 * self.budget
        flicks = int(explore_seed.generate_state(1)[0])
        played = judged_explore(s, meant, skill, samples=samples, seed=flicks,
                                executor=executor)
        real = step_outcome(s, meant, action, node.step)["value"]
        best = best_shot(s, skill, budget=search,
                         seed=int(search_seed.generate_state(1)[0]), executor=executor,
                         progress=False, refine=self.refine, targets=True)
        best_ev = played["expected_value"]
        if best is not None and best["action"] != str(meant):
            # The search's own figure for the shot it chose is the best of several noisy
            # means (too high, the more so the more it compared); the shot is flicked again
            # as often as the intent, with the very same draws of the hand (common random
            # numbers: what differs between the two is the shot, not the luck).
            again = judged_explore(s, GAME.parse_action(s, best["action"]), skill,
                                   samples=samples, seed=flicks, executor=executor)
            best_ev = again["expected_value"]
        better = best is not None and best["action"] != str(meant) and \
            best_ev > played["expected_value"]
        # loss: the choice of intent against the best; execution: what the flick did
        # against what that intent could expect (the hand's scatter and the table's chaos)
        return {"loss": lost(best_ev, played["expected_value"]) if better else 0.0,
                "execution": real - played["expected_value"], "luck_seat": mover,
                "best": best["action"] if better else None,
                "extra": {"expected_value": played["expected_value"],
                          "expected_value_error": played["expected_value_error"],
                          "realised_value": real, "best_expected_value": best_ev,
                          "skill": skill.name, "samples": played["samples"]}}


    def decision_values(self, game, state, played, entry: dict) -> tuple[float, float]:
        """A flick's stored intent value (points, `extra.expected_value`) or a discrete move's
        value, and that plus its loss."""
        extra = entry.get("extra") or {}
        if "expected_value" in extra:
            value = float(extra["expected_value"])
        else:
            value = move_value(state, game.parse_action(state, played))
        return value, value + float(entry.get("loss") or 0.0)

    def decision_value(self, game, state, action, entry: dict, *, seed: int) -> float:
        """A flick: its expected value explored under the analysis' skill and samples; a
        discrete move: its value (`move_value`)."""
        if not isinstance(action, Flick):
            return move_value(state, action)
        extra = entry.get("extra") or {}
        samples = int(extra.get("samples") or self.explore_samples or 2 * self.budget)
        found = explore(state, action, extra.get("skill") or self.skill, samples=samples,
                        seed=seed, progress=False)
        return float(found["expected_value"])


ANALYSER = GlonkAnalyser()
