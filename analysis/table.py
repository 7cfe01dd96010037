"""Games from the real table: infer the flick a player made from where the discs stopped, and
learn the player's own hand from many flicks.

After a real flick the user says which disc was flicked and where the discs that moved came to
rest (and which left the Galaxy). `infer_flick` finds the angle, speed and spin whose simulation
ends nearest those positions, by search over the real simulator (`games.glonk.rules.
simulate_flick`, the same physics as play): a first guess from the flicked disc's own slide (its
direction, and the speed a lone disc needs for that distance), a coarse grid around it, then a
Nelder-Mead refinement (scipy) from the best few. Where two clearly different flicks explain the
positions about as well (within the entry noise), the answer says so (`ambiguous`), with the
other one. Spin is searched only when the flicked disc touched another: on the mat alone spin
and slide decay together and a spin leaves no trace in where a disc stops.

`fit_hand` recovers a player's scatter (angle and speed, and spin where it is known) from pairs
of intended and executed flicks, as a `Skill` with its uncertainty (chi-square confidence
bounds), saved by player name in the user's data folder (`save_hand`, `hand_named`), so the
explorer, best shot and computer opponents can flick "as Alice plays".
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from analysis.skill import Skill
from games.glonk.actions import MAX_SPEED, MAX_SPIN, Flick
from games.glonk.model import GlonkState

#: A disc the user did not drag is where it was; one that moved less than this is "not moved".
MOVED = 0.002
#: What a removed-or-not mismatch costs, as a squared distance (10 cm off).
REMOVED_COST = 0.10 ** 2
#: The spread of a hand's entry on the mat (m): positions dragged to within about 3 mm.
ENTRY_NOISE = 0.003
MIN_SPEED = 0.02
#: About how many simulations an inference takes (its progress is told against this).
PLANNED = 250
#: Players rarely put much spin on a flick: a spin is believed in proportion to how much better
#: it explains the positions (a normal prior with this spread, rad/s; a MAP estimate).
SPIN_PRIOR_SD = 3.0


@dataclass(frozen=True)
class Observation:
    """What the user entered after one real flick: the disc flicked, the resting places of the
    discs that moved (id -> (x, y) in metres), and the ids that left the Galaxy."""

    piece: str
    moved: Mapping[str, tuple[float, float]]
    removed: frozenset[str] = frozenset()

    def to_json(self) -> dict:
        return {"piece": self.piece,
                "moved": {k: [round(float(x), 5), round(float(y), 5)] for k, (x, y) in sorted(self.moved.items())},
                "removed": sorted(self.removed)}

    @classmethod
    def from_json(cls, data: Mapping) -> "Observation":
        return cls(str(data["piece"]), {str(k): (float(v[0]), float(v[1])) for k, v in data["moved"].items()},
                   frozenset(str(r) for r in data.get("removed", ())))


@dataclass(frozen=True)
class Inference:
    """The flick that explains an observation best, how well (RMS of the resting-place errors,
    metres), how many simulations it took, and a clearly different flick that explains it
    about as well, if there is one."""

    flick: Flick
    fit_error: float
    simulations: int
    ambiguous: bool = False
    alternative: Flick | None = None
    alternative_error: float | None = None
    spin_known: bool = False

    def words(self) -> str:
        text = (f"inferred {self.flick.angle:.1f} deg {self.flick.speed:.2f} m/s"
                + (f" spin {self.flick.spin:+.1f}" if self.spin_known else "")
                + f" (fits within {1000 * self.fit_error:.1f} mm)")
        if self.ambiguous and self.alternative is not None:
            text += (f"; {self.alternative.angle:.1f} deg {self.alternative.speed:.2f} m/s "
                     "explains it as well")
        return text


def observe(before: GlonkState, after_final: Mapping[str, tuple[float, float]], piece: str,
            removed: Sequence[str] = ()) -> Observation:
    """The observation a user would enter: every disc whose resting place differs from before."""
    start = {p.id: (p.x, p.y) for p in before.in_play()}
    moved = {pid: xy for pid, xy in after_final.items()
             if pid in start and math.dist(xy, start[pid]) > MOVED}
    return Observation(piece, moved, frozenset(removed))


class _Fit:
    """The cost of candidate flicks against one observation (counting simulations)."""

    def __init__(self, state: GlonkState, obs: Observation, on_progress=None):
        from games.glonk.rules import simulate_flick

        self.on_progress = on_progress

        self.simulate = simulate_flick
        self.state = state
        self.obs = obs
        self.start = {p.id: (p.x, p.y) for p in state.in_play()}
        if obs.piece not in self.start:
            raise ValueError(f"{obs.piece} is not in play: it cannot have been flicked")
        unknown = sorted(set(obs.moved) - set(self.start)) + sorted(obs.removed - set(self.start))
        if unknown:
            raise ValueError(f"not in play before the flick: {', '.join(unknown)}")
        self.count = 0
        self.cache: dict[tuple, tuple[float, bool]] = {}

    def target(self, pid: str) -> tuple[float, float]:
        return self.obs.moved.get(pid, self.start[pid])

    def cost(self, angle: float, speed: float, spin: float = 0.0) -> float:
        prior = (spin / SPIN_PRIOR_SD) ** 2 * ENTRY_NOISE ** 2
        return self.run(angle, speed, spin)[0] + prior

    def run(self, angle: float, speed: float, spin: float = 0.0) -> tuple[float, bool]:
        """(mean squared error per disc considered, whether the flicked disc touched another)."""
        speed = float(np.clip(speed, MIN_SPEED, MAX_SPEED))
        spin = float(np.clip(spin, -MAX_SPIN, MAX_SPIN))
        key = (round(angle % 360.0, 4), round(speed, 5), round(spin, 3))
        if key in self.cache:
            return self.cache[key]
        self.count += 1
        if self.on_progress is not None and self.count % 10 == 0:
            self.on_progress(self.count, max(PLANNED, self.count + 10))
        flick = Flick(self.obs.piece, angle % 360.0, speed, spin)
        motion = self.simulate(self.state, flick)
        final = {d.id: (d.x, d.y) for d in motion.final}
        gone = set(self.start) - set(final)
        considered = set(self.obs.moved) | self.obs.removed | {
            pid for pid, xy in final.items() if math.dist(xy, self.start[pid]) > MOVED} | gone
        total = 0.0
        for pid in considered:
            if (pid in gone) != (pid in self.obs.removed):
                total += REMOVED_COST
            elif pid not in gone:
                total += (final[pid][0] - self.target(pid)[0]) ** 2 + (final[pid][1] - self.target(pid)[1]) ** 2
        touched = any(self.obs.piece in (c.a, c.b) for c in motion.contacts) if motion.contacts else False
        out = (total / max(len(considered), 1), touched)
        self.cache[key] = out
        return out


_LONE_SLIDE: dict[tuple, float] = {}


def lone_slide(state: GlonkState, piece: str, speed: float = 1.0) -> float:
    """How far the piece slides alone on the mat when flicked at `speed` (cached per size)."""
    import physics
    from games.glonk.rules import discs_of

    disc = next(d for d in discs_of(state) if d.id == piece)
    key = (round(disc.radius, 5), round(disc.thickness, 5), round(disc.mass, 5), speed)
    if key not in _LONE_SLIDE:
        alone = replace(disc, x=0.0, y=0.0)
        motion = physics.simulate([alone], physics.Flick(piece, 0.0, speed, 0.0))
        end = motion.final[0]
        _LONE_SLIDE[key] = math.hypot(end.x, end.y)
    return _LONE_SLIDE[key]


def first_guess(state: GlonkState, obs: Observation) -> tuple[float, float]:
    """The angle of the flicked disc's own displacement, and the speed a lone disc needs to
    slide that far (slide distance grows with the square of the speed)."""
    p = state.piece(obs.piece)
    if obs.piece in obs.moved:
        x, y = obs.moved[obs.piece]
        dx, dy = x - p.x, y - p.y
    else:  # it left the Galaxy: towards the centre of what else moved, else outwards
        others = [xy for pid, xy in obs.moved.items() if pid != obs.piece]
        if others:
            dx = float(np.mean([o[0] for o in others])) - p.x
            dy = float(np.mean([o[1] for o in others])) - p.y
        else:
            dx, dy = p.x or 1e-3, p.y
    distance = max(math.hypot(dx, dy), 0.005)
    unit = lone_slide(state, obs.piece, 1.0)
    speed = math.sqrt(distance / unit) if unit > 0 else 1.0
    return math.degrees(math.atan2(dy, dx)) % 360.0, float(np.clip(speed, MIN_SPEED, MAX_SPEED))


def infer_flick(state: GlonkState, obs: Observation, *, noise: float = ENTRY_NOISE,
                on_progress=None) -> Inference:
    """The flick whose simulation from `state` ends nearest the observation (see the module);
    `on_progress(done, planned)` is told the simulations run, every tenth."""
    from scipy.optimize import minimize

    fit = _Fit(state, obs, on_progress)
    a0, v0 = first_guess(state, obs)
    grid = [(a0 + da, v0 * f) for da in (0.0, -3.0, 3.0, -8.0, 8.0, -20.0, 20.0)
            for f in (1.0, 1.15, 1.35, 1.7, 2.2, 0.85)]
    scored = sorted((fit.cost(a, v), a, v) for a, v in grid)

    def refine(a, v, spin=None):
        scale = np.array([1.0, 0.05 * v] + ([2.0] if spin is not None else []))
        x0 = np.array([a, v] + ([spin] if spin is not None else []))

        def f(z):
            x = x0 + z * scale
            return fit.cost(x[0], x[1], x[2] if spin is not None else 0.0)

        n = len(x0)
        simplex = np.vstack([np.zeros(n), np.eye(n) * 1.5])  # 1.5 deg, 7.5 % speed, 3 rad/s
        res = minimize(f, np.zeros(n), method="Nelder-Mead",
                       options={"xatol": 0.01, "fatol": (0.05 * noise) ** 2, "maxfev": 120,
                                "initial_simplex": simplex})
        x = x0 + res.x * scale
        return float(res.fun), float(x[0]) % 360.0, float(np.clip(x[1], MIN_SPEED, MAX_SPEED)), \
            (float(np.clip(x[2], -MAX_SPIN, MAX_SPIN)) if spin is not None else 0.0)

    starts, seen = [], []
    for c, a, v in scored:  # the best few starts that are not near one another
        if all(abs(((a - sa + 180) % 360) - 180) > 2.5 or abs(v - sv) / sv > 0.08 for _, sa, sv in seen):
            seen.append((c, a, v))
            starts.append((a, v))
        if len(starts) == 3:
            break
    found = sorted(refine(a, v) for a, v in starts)
    if math.sqrt(max(found[0][0], 0.0)) > 2.5 * noise:  # a bounce misled the guess: look round
        wide = sorted((fit.cost(a, v0 * f), a, v0 * f) for a in range(0, 360, 12)
                      for f in (0.7, 1.0, 1.4, 2.0))
        found = sorted(found + [refine(a, v) for _, a, v in wide[:3]])
    best_cost, best_a, best_v, best_s = found[0]
    spin_known = fit.run(best_a, best_v, 0.0)[1]
    if spin_known:  # a hit: spin changes the throw, so it is found too
        spun = refine(best_a, best_v, 0.0)
        if spun[0] < best_cost:
            best_cost, best_a, best_v, best_s = spun
    best = Flick.make(obs.piece, best_a, best_v, best_s if spin_known else 0.0)
    rms = math.sqrt(max(best_cost, 0.0))
    alternative, alt_rms = None, None
    for c, a, v, s in found[1:]:
        differs = abs(((a - best_a + 180) % 360) - 180) > 2.0 or abs(v - best_v) / best_v > 0.06
        if differs and math.sqrt(max(c, 0.0)) <= max(rms, noise) * 1.5:
            alternative, alt_rms = Flick.make(obs.piece, a, v, s if spin_known else 0.0), math.sqrt(max(c, 0.0))
            break
    # a flicked disc that left the Galaxy and moved nothing else: any flick that takes it there
    unconstrained = obs.piece in obs.removed and not (set(obs.moved) - {obs.piece})
    return Inference(best, rms, fit.count, alternative is not None or unconstrained, alternative,
                     alt_rms, spin_known)


# --------------------------------------------------------------------------- the player's hand
@dataclass(frozen=True)
class Hand:
    """A player's own scatter, fitted from `flicks` pairs, with 95 % bounds on each figure."""

    name: str
    skill: Skill
    flicks: int
    angle_bounds: tuple[float, float]
    speed_bounds: tuple[float, float]
    angle_bias: float = 0.0  # degrees: a hand that pulls to one side
    speed_bias: float = 0.0  # fraction: a hand that flicks too hard
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"format": "flickbook-hand", "version": 1, "name": self.name,
                "skill": self.skill.to_json(), "flicks": self.flicks,
                "angle_bounds": list(self.angle_bounds), "speed_bounds": list(self.speed_bounds),
                "angle_bias": self.angle_bias, "speed_bias": self.speed_bias}

    @classmethod
    def from_json(cls, data: Mapping) -> "Hand":
        if data.get("format") != "flickbook-hand" or data.get("version") != 1:
            raise ValueError("not a Flickbook hand file (format flickbook-hand, version 1)")
        s = data["skill"]
        skill = Skill(str(s["name"]), float(s["angle_sd"]), float(s["speed_sd"]), float(s["spin_sd"]))
        return cls(str(data["name"]), skill, int(data["flicks"]), tuple(data["angle_bounds"]),
                   tuple(data["speed_bounds"]), float(data.get("angle_bias", 0.0)),
                   float(data.get("speed_bias", 0.0)))


def _sd_bounds(sd: float, n: int) -> tuple[float, float]:
    from scipy.stats import chi2

    return (sd * math.sqrt((n - 1) / chi2.ppf(0.975, n - 1)), sd * math.sqrt((n - 1) / chi2.ppf(0.025, n - 1)))


def fit_hand(name: str, pairs: Sequence[tuple[Flick, Flick]], *, spin_sd: float | None = None) -> Hand:
    """A player's scatter from (intended, executed) flicks: the standard deviation of the angle
    error (degrees) and of the relative speed error, their means (a bias), 95 % bounds; spin's
    spread where the pairs know it (else `spin_sd`, or the club level's)."""
    from analysis.skill import SKILLS

    if len(pairs) < 5:
        raise ValueError(f"a hand needs at least 5 flicks to fit, not {len(pairs)}")
    da = np.array([((e.angle - i.angle + 180.0) % 360.0) - 180.0 for i, e in pairs])
    dv = np.array([e.speed / i.speed - 1.0 for i, e in pairs if i.speed > 0])
    ds = np.array([e.spin - i.spin for i, e in pairs])
    a_sd, v_sd = float(np.std(da, ddof=1)), float(np.std(dv, ddof=1))
    if spin_sd is None:
        spin_sd = float(np.std(ds, ddof=1)) if np.any(ds != 0) else SKILLS["club"].spin_sd
    skill = Skill(_slug(name), round(a_sd, 3), round(v_sd, 4), round(spin_sd, 3))
    return Hand(name, skill, len(pairs), _sd_bounds(a_sd, len(da)), _sd_bounds(v_sd, len(dv)),
                float(np.mean(da)), float(np.mean(dv)))


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-") or "player"


def hands_dir() -> Path:
    from flickbook import places

    return places.data_dir() / "hands"


def save_hand(hand: Hand, folder: Path | None = None) -> Path:
    from timeline.fileformat import write_atomic

    folder = hands_dir() if folder is None else Path(folder)
    return write_atomic(folder / f"{_slug(hand.name)}.json",
                        json.dumps(hand.to_json(), indent=1, sort_keys=True).encode("utf-8"))


def hand_named(name: str, folder: Path | None = None) -> Hand:
    """A player's saved hand; ValueError saying whose hands there are otherwise."""
    folder = hands_dir() if folder is None else Path(folder)
    path = folder / f"{_slug(name)}.json"
    try:
        return Hand.from_json(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        known = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
        raise ValueError(f"no saved hand for {name!r}"
                         + (f": saved hands are {', '.join(known)}" if known else
                            " (fit one with `flickbook hand fit`)")) from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: cannot be read ({exc})") from None


# --------------------------------------------------------------------------- synthetic tables
def galaxy_position(seed: int, players: int = 2) -> GlonkState:
    """A seeded Galaxy in play: the set-up (draws, placements) played at random, to the first
    player's actions."""
    from games.api import CHANCE
    from games.registry import get_game

    game = get_game("glonk")
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(game.default_config(players))
    while state.phase != "actions":
        if game.current_player(state) == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            actions = game.discrete_actions(state)
            action = actions[int(rng.integers(len(actions)))]
        state = game.apply(state, action).state
    return state


@dataclass(frozen=True)
class SyntheticFlick:
    state: GlonkState
    flick: Flick  # what was really flicked
    observation: Observation  # what a hand entered: moved discs within `noise`
    slide: float  # how far the flicked disc went (m): short slides are hard to read


def synthetic_flick(seed: int, noise: float = ENTRY_NOISE, spin_sd: float = 1.5) -> SyntheticFlick:
    """A seeded real-table flick: a random own ship flicked at a random angle, 0.3-1.8 m/s, a
    club player's spin; the discs that moved entered with `noise` (m) of hand error."""
    from games.glonk.rules import simulate_flick

    state = galaxy_position(seed)
    rng = np.random.default_rng([seed, 1])
    ships = [p for p in state.in_play() if p.is_ship and p.owner == state.turn_player]
    piece = ships[int(rng.integers(len(ships)))]
    flick = Flick.make(piece.id, float(rng.uniform(0, 360)), float(rng.uniform(0.3, 1.8)),
                       float(np.clip(rng.normal(0, spin_sd), -MAX_SPIN, MAX_SPIN)))
    motion = simulate_flick(state, flick)
    start = {p.id: (p.x, p.y) for p in state.in_play()}
    entered = {}
    for d in motion.final:
        if math.dist((d.x, d.y), start[d.id]) > MOVED:
            entered[d.id] = (d.x + rng.normal(0, noise), d.y + rng.normal(0, noise))
    removed = [pid for pid, _ in motion.vanished] + [pid for pid, _ in motion.left_table]
    end = next((d for d in motion.final if d.id == piece.id), None)
    slide = math.dist((end.x, end.y), start[piece.id]) if end is not None else float("nan")
    return SyntheticFlick(state, flick, Observation(piece.id, entered, frozenset(removed)), slide)


def observed_entry(obs: Observation, found: Inference) -> dict:
    """The node's `observed` for a real-table flick (Record.add_child(..., observed=)): the
    entered places are authoritative for the rules; the inferred flick is the action."""
    return {"entered": {k: [float(x), float(y)] for k, (x, y) in sorted(obs.moved.items())},
            "removed": sorted(obs.removed), "fit_error": float(found.fit_error),
            "ambiguous": bool(found.ambiguous)}
