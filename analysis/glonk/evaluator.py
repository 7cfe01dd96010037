"""The Glonk position evaluator: each seat's win chance from a position in microseconds,
learned from self-play (analysis/glonk/train_evaluator.py) and shipped as a small JSON file
(analysis/glonk/data/evaluator.json) read with numpy alone.

The model is of the Bradley-Terry kind: every seat still in play gets a strength
w . phi(state, seat), and the win chances are the softmax of those strengths; with two seats
the chance of seat 0 is sigma(w . (phi(s, 0) - phi(s, 1))), a logistic regression.

phi (FEATURES names each entry) reads the race to the victory score:
- `race`: half the log-odds that the seat reaches its points before its closest rival in a
  race where each turn scores a point with chance `race_q` (the file's; the turn order
  counts: the seat to move scores first). So a one-point lead is worth little at 1-0 and a
  lot at 6-5, and nothing is certain before the end;
- `to_move`, `score` (points / victory), `need_inv` (1 / (1 + points still needed)),
  `need_1` and `need_2` (one or two points from victory): the bends the race leaves out.
What lies on the Galaxy (ships in play, exposed to or threatening enemy ships, near a Black
Hole) was tried as features and made held-out predictions worse on the self-play data at hand
(docs/analysis.md); the race is what the games' outcomes follow.

A finished game is exact (its outcome); a seat annihilated has 0.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache

import numpy as np

from flickbook import resources

MODEL_FILE = ("analysis", "glonk", "data", "evaluator.json")
MODEL_VERSION = 1
FEATURES = ("race", "to_move", "score", "need_inv", "need_1", "need_2")
RACE_CAP = 30  # points needed beyond this count as this many


@lru_cache(maxsize=16)
def race_tables(q: float, n: int = RACE_CAP) -> tuple[np.ndarray, np.ndarray]:
    """f[a, b]: the chance that a seat needing a points beats one needing b when it is to
    move, g[a, b] when the other one is; each turn scores one point with chance q."""
    f = np.zeros((n + 1, n + 1))
    g = np.zeros((n + 1, n + 1))
    for a in range(n + 1):
        for b in range(n + 1):
            if a == 0 or b == 0:
                f[a, b] = g[a, b] = 0.5 if a == b else float(a == 0)
                continue
            f[a, b] = (q * g[a - 1, b] + q * (1 - q) * f[a, b - 1]) / (1 - (1 - q) ** 2)
            g[a, b] = q * f[a, b - 1] + (1 - q) * f[a, b]
    return f, g


def features(state, race_q: float = 0.35) -> np.ndarray:
    """phi(state, seat) for every seat: an array (seats, len(FEATURES))."""
    f, g = race_tables(float(race_q))
    n = state.config.players
    victory = state.config.victory
    scores = state.scores()
    need = [min(RACE_CAP, max(0, victory - sc)) for sc in scores]
    mover = state.turn_player if state.phase == "actions" else -1
    alive = [not a for a in state.annihilated] if state.annihilated else [True] * n
    out = np.zeros((n, len(FEATURES)))
    for seat in range(n):
        rivals = [o for o in range(n) if o != seat and alive[o]]
        if rivals:
            rival = min(rivals, key=lambda o: (need[o], o != mover))
            a, b = need[seat], need[rival]
            if seat == mover:
                p = f[a, b]
            elif rival == mover:
                p = g[a, b]
            else:  # nobody is to move (setup) or a third seat is: either may score first
                p = 0.5 * (f[a, b] + g[a, b])
            p = min(max(p, 1e-6), 1 - 1e-6)
            out[seat, 0] = 0.5 * math.log(p / (1 - p))
        out[seat, 1] = 1.0 if seat == mover else 0.0
        out[seat, 2] = scores[seat] / victory
        out[seat, 3] = 1.0 / (1.0 + need[seat])
        out[seat, 4] = 1.0 if need[seat] == 1 else 0.0
        out[seat, 5] = 1.0 if need[seat] == 2 else 0.0
    return out


class GlonkEvaluator:
    """Win chances from `features` and the shipped weights (numpy only)."""

    def __init__(self, weights, feature_names=FEATURES, meta=None, race_q: float = 0.35):
        if tuple(feature_names) != FEATURES:
            raise ValueError("the evaluator file's features are not this version's "
                             f"({len(feature_names)} named, {len(FEATURES)} expected)")
        self.weights = np.asarray(weights, dtype=float)
        if self.weights.shape != (len(FEATURES),):
            raise ValueError("the evaluator file's weights do not match its features")
        self.meta = dict(meta or {})
        self.race_q = float(race_q)

    @classmethod
    def from_json(cls, data: dict) -> "GlonkEvaluator":
        if data.get("version") != MODEL_VERSION:
            raise ValueError(f"evaluator version {data.get('version')!r} is not "
                             f"{MODEL_VERSION}")
        return cls(data["weights"], data["features"], data.get("meta"), data["race_q"])

    def to_json(self) -> dict:
        return {"version": MODEL_VERSION, "kind": "bradley-terry logistic",
                "features": list(FEATURES), "race_q": self.race_q,
                "weights": [float(w) for w in self.weights], "meta": self.meta}

    def strengths(self, state) -> np.ndarray:
        return features(state, self.race_q) @ self.weights

    def win(self, state) -> list[float]:
        """Each seat's win chance in `state` (a finished game: its outcome)."""
        if state.phase == "over":
            n = state.config.players
            w = state.winners
            return [1.0 / len(w) if i in w else 0.0 for i in range(n)] if w else [1.0 / n] * n
        z = self.strengths(state)
        alive = np.array([not a for a in state.annihilated], dtype=bool) \
            if state.annihilated else np.ones(len(z), dtype=bool)
        z = np.where(alive, z, -np.inf)
        e = np.exp(z - z[alive].max())
        p = e / e.sum()
        return [float(v) for v in p]

    def __call__(self, state) -> list[float]:
        return self.win(state)


@lru_cache(maxsize=1)
def shipped() -> GlonkEvaluator:
    """The evaluator shipped in the wheel (analysis/glonk/data/evaluator.json)."""
    path = resources.path(*MODEL_FILE)
    with open(path, encoding="utf-8") as f:
        return GlonkEvaluator.from_json(json.load(f))


def logit(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p / (1 - p))
