"""The Glonk position evaluator: each seat's win chance from a position in a fraction of a
millisecond, learned from self-play (analysis/train_glonk_evaluator.py) and shipped as a small
JSON file (analysis/data/glonk_evaluator.json) read with numpy alone.

The model is of the Bradley-Terry kind: every seat still in play gets a strength
w . phi(state, seat), and the win chances are the softmax of those strengths. phi describes the
seat's side of the position (FEATURES names each entry): its score and the points it still
needs (with a few bends, so a one-point lead at 1-0 is worth less than at 6-5), whether it is
to move, what it has on the Galaxy and out of it, what of it stands within a flick of an enemy
ship (exposed) and what of the enemy stands within a flick of its active ships (threatened),
each weighed more for the seat to move, and its pieces near a Black Hole. Two seats: the
chance of seat 0 is sigma(w . (phi(s, 0) - phi(s, 1))), a logistic regression.

A finished game is exact (its outcome); a seat annihilated has 0.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache

import numpy as np

from flickbook import resources

MODEL_FILE = ("analysis", "data", "glonk_evaluator.json")
MODEL_VERSION = 1

FEATURES = (
    "score",              # points / victory
    "need_inv",           # 1 / (1 + points still needed)
    "need_1",             # one point from victory
    "need_2",             # two points from victory
    "to_move",            # this seat acts now (its turn in the actions phase)
    "to_move_need_inv",   # to_move x need_inv: close to victory and acting
    "value_in_play",      # points of its ships on the Galaxy / 10
    "mobile_ships",       # its ships that can move / 10
    "value_out",          # points of its ships out of play (lost in space, waiting) / 10
    "exposed_near",       # points of its ships within 0.1 m of an enemy ship / 10
    "exposed_far",        # ... within 0.3 m
    "threat_near",        # points of enemy ships within 0.1 m of its active mobile ships / 10
    "threat_far",         # ... within 0.3 m
    "to_move_threat",     # to_move x threat_far
    "to_move_exposed",    # to_move x exposed_far
    "black_hole_near",    # points of its ships within 0.1 m of a Black Hole / 10
    "base_in_play",       # its Base is on the Galaxy
)
NEAR, FAR = 0.1, 0.3


@lru_cache(maxsize=None)
def _kind_table():
    from games.glonk.model import load_book

    book = load_book()
    return ({k: v[0] for k, v in book.sizes.items()},
            {k: int(v) for k, v in book.values.items()})


@lru_cache(maxsize=None)
def _mobile(armada, ship_type) -> bool:
    from games.glonk.model import load_book

    st = load_book().ship(armada, ship_type)
    return st.speed > 0 and "flying_object" not in st.powers


def features(state) -> np.ndarray:
    """phi(state, seat) for every seat: an array (seats, len(FEATURES))."""
    radius, values = _kind_table()
    n = state.config.players
    victory = state.config.victory
    scores = np.asarray(state.scores(), dtype=float)
    out = np.zeros((n, len(FEATURES)))
    value_out = np.zeros(n)
    base = np.zeros(n)
    on = []
    for p in state.pieces:
        if p.status == "in_play":
            on.append(p)
        elif p.status == "out" and p.owner is not None and p.kind in values:
            value_out[p.owner] += values[p.kind]
    damaged = state.damaged
    rows = [(p.x, p.y, radius[p.kind],
             p.owner if p.owner is not None and p.kind in values else -1,
             values.get(p.kind, 0),
             p.kind in values and _mobile(p.armada, p.type),
             p.active and p.id not in damaged,
             p.kind == "black_hole") for p in on]
    need = np.maximum(0.0, victory - scores)
    mover = state.turn_player if state.phase == "actions" else -1
    to_move = (np.arange(n) == mover).astype(float)
    out[:, 0] = scores / victory
    out[:, 1] = 1.0 / (1.0 + need)
    out[:, 2] = need == 1
    out[:, 3] = need == 2
    out[:, 4] = to_move
    out[:, 5] = to_move * out[:, 1]
    out[:, 8] = value_out / 10.0
    if not rows:
        return out
    a = np.array(rows, dtype=float)
    x, y, r, owner, val = a[:, 0], a[:, 1], a[:, 2], a[:, 3].astype(int), a[:, 4]
    mobile = a[:, 5] > 0
    active = mobile & (a[:, 6] > 0)
    hole = a[:, 7] > 0
    for p in on:
        if p.kind == "base" and p.owner is not None:
            base[p.owner] = 1.0
    out[:, 16] = base
    gaps = np.hypot(x[:, None] - x[None, :], y[:, None] - y[None, :]) - r[:, None] - r[None, :]
    ship = owner >= 0
    enemy = ship[:, None] & ship[None, :] & (owner[:, None] != owner[None, :])
    near_enemy = np.where(enemy, gaps, np.inf).min(axis=1)  # per piece: its nearest enemy ship
    near_hole = np.where(hole[None, :], gaps, np.inf).min(axis=1) if hole.any() \
        else np.full(len(x), np.inf)
    mine = (owner[None, :] == np.arange(n)[:, None])  # (seats, pieces)
    minef = mine.astype(float)
    out[:, 6] = minef @ val / 10.0
    out[:, 7] = minef @ mobile / 10.0
    out[:, 9] = minef @ (val * (near_enemy < NEAR)) / 10.0
    out[:, 10] = minef @ (val * (near_enemy < FAR)) / 10.0
    # reach[seat, j]: the gap from the seat's nearest active mobile ship to enemy ship j
    attack = np.where(enemy & active[:, None], gaps, np.inf)
    reach = np.where(mine[:, :, None], attack[None, :, :], np.inf).min(axis=1)
    out[:, 11] = (reach < NEAR) @ val / 10.0
    out[:, 12] = (reach < FAR) @ val / 10.0
    out[:, 13] = to_move * out[:, 12]
    out[:, 14] = to_move * out[:, 10]
    out[:, 15] = minef @ (val * (near_hole < NEAR)) / 10.0
    return out


class GlonkEvaluator:
    """Win chances from `features` and the shipped weights (numpy only)."""

    def __init__(self, weights, feature_names=FEATURES, meta=None):
        if tuple(feature_names) != FEATURES:
            raise ValueError("the evaluator file's features are not this version's "
                             f"({len(feature_names)} named, {len(FEATURES)} expected)")
        self.weights = np.asarray(weights, dtype=float)
        if self.weights.shape != (len(FEATURES),):
            raise ValueError("the evaluator file's weights do not match its features")
        self.meta = dict(meta or {})

    @classmethod
    def from_json(cls, data: dict) -> "GlonkEvaluator":
        if data.get("version") != MODEL_VERSION:
            raise ValueError(f"evaluator version {data.get('version')!r} is not "
                             f"{MODEL_VERSION}")
        return cls(data["weights"], data["features"], data.get("meta"))

    def to_json(self) -> dict:
        return {"version": MODEL_VERSION, "kind": "bradley-terry logistic",
                "features": list(FEATURES),
                "weights": [float(w) for w in self.weights], "meta": self.meta}

    def strengths(self, state) -> np.ndarray:
        return features(state) @ self.weights

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
    """The evaluator shipped in the wheel (analysis/data/glonk_evaluator.json)."""
    path = resources.path(*MODEL_FILE)
    with open(path, encoding="utf-8") as f:
        return GlonkEvaluator.from_json(json.load(f))


def logit(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p / (1 - p))
