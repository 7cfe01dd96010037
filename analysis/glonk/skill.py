"""How accurately a player flicks: the scatter of angle, speed and spin around an intent.

A real flick never goes exactly where it was meant to. A `Skill` says by how much it misses:
angle error normal with `angle_sd` degrees, speed error normal with `speed_sd` times the
intended speed (a relative error: hard flicks miss by more), spin error normal with `spin_sd`
rad/s. The three named levels are the defaults (docs/analysis.md explains how they were set):

| level  | angle sd | speed sd | spin sd |
|--------|----------|----------|---------|
| novice | 6.0 deg  | 15 %     | 3.0     |
| club   | 3.0 deg  | 8 %      | 1.5     |
| expert | 1.5 deg  | 4 %      | 0.75    |
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.glonk.actions import MAX_SPEED, MAX_SPIN, Flick

MIN_SPEED = 0.01


@dataclass(frozen=True)
class Skill:
    name: str
    angle_sd: float  # degrees
    speed_sd: float  # fraction of the intended speed
    spin_sd: float  # rad/s

    def to_json(self) -> dict:
        return {"name": self.name, "angle_sd": self.angle_sd, "speed_sd": self.speed_sd,
                "spin_sd": self.spin_sd}


SKILLS = {
    "novice": Skill("novice", 6.0, 0.15, 3.0),
    "club": Skill("club", 3.0, 0.08, 1.5),
    "expert": Skill("expert", 1.5, 0.04, 0.75),
}
#: A player who always flicks exactly as intended (known-answer tests, scatter-free search).
EXACT = Skill("exact", 0.0, 0.0, 0.0)


def skill_named(name: str) -> Skill:
    """The named level; ValueError listing the levels otherwise."""
    key = str(name).strip().lower()
    if key == EXACT.name:
        return EXACT
    if key not in SKILLS:
        raise ValueError(f"unknown skill {name!r}: use {', '.join(SKILLS)}")
    return SKILLS[key]


def stratified_errors(samples: int, seed: int) -> list[tuple[float, float, float]]:
    """`samples` errors of the hand (angle, speed, spin, in standard deviations), a Latin
    hypercube: each of the three covers its normal distribution in `samples` equal-chance
    strata, one draw in each, in seeded random pairings. The mean of an outcome over them is
    far steadier than over as many independent draws (the angle's error, which decides most
    hits, is spread evenly), so two small samples of one shot agree much better."""
    from statistics import NormalDist

    rng = np.random.default_rng(seed)
    n = max(1, int(samples))
    order = np.stack([rng.permutation(n) for _ in range(3)], axis=1)
    u = (order + rng.random((n, 3))) / n
    inv = NormalDist().inv_cdf
    return [tuple(inv(min(max(float(x), 1e-12), 1 - 1e-12)) for x in row) for row in u]


def scattered(intent: Flick, skill: Skill, rng: np.random.Generator) -> Flick:
    """One flick as a player of `skill` actually makes it when meaning `intent`.

    Three normal draws in a fixed order (angle, speed, spin), always, so a generator gives the
    same flicks whatever the skill; speed and spin stay within the game's bounds.
    """
    da, dv, ds = rng.standard_normal(3)
    return scattered_by(intent, skill, da, dv, ds)


def scattered_by(intent: Flick, skill: Skill, da: float, dv: float, ds: float) -> Flick:
    """`intent` as a player of `skill` makes it when the hand errs by `da`, `dv`, `ds`
    standard deviations in angle, speed and spin."""
    speed = float(np.clip(intent.speed * (1.0 + skill.speed_sd * dv), MIN_SPEED, MAX_SPEED))
    spin = float(np.clip(intent.spin + skill.spin_sd * ds, -MAX_SPIN, MAX_SPIN))
    return Flick.make(intent.piece, intent.angle + skill.angle_sd * da, speed, spin,
                      assault=intent.assault, power=intent.power, by=intent.by)


#: The scatter of each table feel (games.glonk.model.FEELS): practice is exact.
FEEL_SKILLS = {"practice": EXACT, "club": SKILLS["club"], "expert": SKILLS["expert"]}


def executed_flick(intent: Flick, feel: str, key: str) -> Flick:
    """The flick a player at the `feel` table makes when meaning `intent`: one draw of that
    feel's scatter (`scattered`), seeded by `key` (the record and the place in it, say), so
    the same intent at the same place always comes out the same and a replay is exact."""
    skill = FEEL_SKILLS.get(feel)
    if skill is None:
        raise ValueError(f"unknown table feel {feel!r}: use {', '.join(FEEL_SKILLS)}")
    if skill is EXACT:
        return intent
    import hashlib

    seed = int.from_bytes(hashlib.sha256(f"{key}|{intent}".encode()).digest()[:8], "little")
    return scattered(intent, skill, np.random.default_rng(seed))
