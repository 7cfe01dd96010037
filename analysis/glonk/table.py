"""Games from the real table: infer the flick a player made from where the discs stopped, and
learn the player's own hand from many flicks.

After a real flick the user says which disc was flicked and where the discs that moved came to
rest (and which left the Galaxy). `infer_flick` finds the angle, speed and spin whose simulation
ends nearest those positions, by search over the real simulator (`games.glonk.rules.
simulate_flick`, the same physics as play): a first guess from the flicked disc's own slide (its
direction, and the speed a lone disc needs for that distance), a coarse grid around it, a
Nelder-Mead refinement (scipy) from the best few on the chi-square of the misses (`_Fit`), and
a least-squares (trust-region Gauss-Newton) polish on the residual vector. Spin is searched
only when the flicked disc touched another (from no spin and from either way round): on the
mat alone spin and slide decay together, so a spin leaves no trace in where a disc stops (1.5
rad/s moves a lone disc's resting place by 0.1 mm, and it slides straight).

What can be read at all (`precision`): with about 3 mm of hand error on each entered coordinate
a short lone slide cannot fix its direction to a degree (3 mm across at 10 cm is 1.7 deg). The
Cramér-Rao bound from the entered places' Jacobian on the simulator gives the standard deviation
of angle and speed that no estimator beats; a flick is *readable* when 1 deg and 5 % are each at
least 1.645 of them (a 90 % two-sided interval). The answer carries that bound at the flick it
found (`Inference.angle_sd`, `speed_sd`) and says a flick that is not readable is `ambiguous`
("cannot be read closer than +-X deg"), as it does where two clearly different flicks explain
the positions about as well (`AS_WELL`), naming the other one.

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

from analysis.glonk.skill import Skill
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
PLANNED = 600
#: Players rarely put much spin on a flick: a spin is believed in proportion to how much better
#: it explains the positions (a normal prior with this spread, rad/s; a MAP estimate).
SPIN_PRIOR_SD = 3.0
#: Another flick "explains the positions as well" when its chi-square (misses over the entry
#: noise, squared and summed) is within this of the best one's (plus a quarter of it).
AS_WELL = 4.0


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
        """An observation as `to_json` writes it; SchemaError (a ValueError) naming the place
        of anything else: a place that is not two finite numbers on the table, say."""
        OBSERVATION(data, "")
        return cls(str(data["piece"]), {str(k): (float(v[0]), float(v[1])) for k, v in data["moved"].items()},
                   frozenset(str(r) for r in data.get("removed", ())))


def _observation_spec():
    from timeline.schema import ListOf, Num, Obj, Str

    place = ListOf(Num(-MAX_PLACE, MAX_PLACE), 2, 2)
    return Obj(required={"piece": Str(200), "moved": Obj(extra=place)},
               optional={"removed": ListOf(Str(200), max_len=10_000)})


#: An entered resting place lies within this many metres of the Galaxy's centre.
MAX_PLACE = 10.0
#: What an observation file holds (`Observation.to_json`), each value of its type and range.
OBSERVATION = _observation_spec()


def _flickable_now(state: GlonkState) -> set[str]:
    """The discs a flick may move now: the side to move's own, and the enemy saucers and
    asteroids its Telekinesis and Meteoric Fission reach."""
    from games.glonk import rules as R

    own = [p for p in state.in_play() if p.owner == state.turn_player]
    out = {p.id for p in own}
    for p in own:
        if "telekinesis" in p.powers:
            out.update(t.id for t in R.telekinesis_targets(state, p))
        if "meteoric_fission" in p.powers:
            out.update(t.id for t in R.fission_targets(state, p))
    return out


@dataclass(frozen=True)
class Inference:
    """The flick that explains an observation best, how well (RMS of the resting-place errors,
    metres), how many simulations it took, a clearly different flick that explains it about as
    well, if there is one, and how closely the positions fix it at all: `angle_sd` (degrees)
    and `speed_sd` (a fraction of the speed), the Cramér-Rao bound at the found flick
    (`precision`). `readable`: 90 % of the bound's spread is within 1 deg and 5 %; a flick
    that is not readable is `ambiguous` too (it cannot be told from its neighbours)."""

    flick: Flick
    fit_error: float
    simulations: int
    ambiguous: bool = False
    alternative: Flick | None = None
    alternative_error: float | None = None
    spin_known: bool = False
    angle_sd: float = 0.0
    speed_sd: float = 0.0
    readable: bool = True

    def words(self) -> str:
        text = (f"inferred {self.flick.angle:.1f} deg {self.flick.speed:.2f} m/s"
                + (f" spin {self.flick.spin:+.1f}" if self.spin_known else "")
                + f" (fits within {1000 * self.fit_error:.1f} mm)")
        if self.ambiguous and self.alternative is not None:
            text += (f"; {self.alternative.angle:.1f} deg {self.alternative.speed:.2f} m/s "
                     "explains it as well")
        if not self.readable:
            text += ("; this flick cannot be read closer than "
                     + Precision(self.angle_sd, self.speed_sd, math.inf).words()
                     + " from these positions")
        return text


def observe(before: GlonkState, after_final: Mapping[str, tuple[float, float]], piece: str,
            removed: Sequence[str] = ()) -> Observation:
    """The observation a user would enter: every disc whose resting place differs from before."""
    start = {p.id: (p.x, p.y) for p in before.in_play()}
    moved = {pid: xy for pid, xy in after_final.items()
             if pid in start and math.dist(xy, start[pid]) > MOVED}
    return Observation(piece, moved, frozenset(removed))


class _Fit:
    """Candidate flicks against one observation (counting simulations): every disc in play is
    observed: at its entered place, or (not entered) within `MOVED` of where it was, and on the
    mat or not. `residuals` are those misses over the entry noise (a removal missed counts as
    `REMOVED_COST`), `cost` their sum of squares with the spin prior (a chi-square)."""

    def __init__(self, state: GlonkState, obs: Observation, on_progress=None,
                 noise: float = ENTRY_NOISE):
        from games.glonk.rules import simulate_flick

        self.on_progress = on_progress
        self.noise = noise
        self.simulate = simulate_flick
        self.state = state
        self.obs = obs
        self.start = {p.id: (p.x, p.y) for p in state.in_play()}
        if obs.piece not in self.start:
            raise ValueError(f"{obs.piece} is not in play: it cannot have been flicked")
        if obs.piece not in _flickable_now(state):
            raise ValueError(f"{obs.piece} is not a disc of the side to move (nor one its "
                             "Telekinesis or Meteoric Fission reaches): it cannot have been "
                             "flicked now")
        unknown = sorted(set(obs.moved) - set(self.start)) + sorted(obs.removed - set(self.start))
        if unknown:
            raise ValueError(f"not in play before the flick: {', '.join(unknown)}")
        self.ids = sorted(self.start)
        self.count = 0
        self.cache: dict[tuple, tuple[dict, bool]] = {}

    def target(self, pid: str) -> tuple[float, float]:
        return self.obs.moved.get(pid, self.start[pid])

    def ends(self, angle: float, speed: float, spin: float = 0.0) -> tuple[dict, bool]:
        """(id -> resting (x, y) of the discs left on the mat, whether the flicked disc touched
        another), cached."""
        speed = float(np.clip(speed, MIN_SPEED, MAX_SPEED))
        spin = float(np.clip(spin, -MAX_SPIN, MAX_SPIN))
        key = (round(angle % 360.0, 6), round(speed, 7), round(spin, 5))
        if key in self.cache:
            return self.cache[key]
        self.count += 1
        if self.on_progress is not None and self.count % 10 == 0:
            self.on_progress(self.count, max(PLANNED, self.count + 10))
        motion = self.simulate(self.state, Flick(self.obs.piece, angle % 360.0, speed, spin))
        final = {d.id: (d.x, d.y) for d in motion.final}
        touched = any(self.obs.piece in (c.a, c.b) for c in motion.contacts)
        self.cache[key] = (final, touched)
        return final, touched

    def residuals(self, angle: float, speed: float, spin: float = 0.0) -> np.ndarray:
        final, _ = self.ends(angle, speed, spin)
        miss = REMOVED_COST ** 0.5 / self.noise
        out = np.zeros(2 * len(self.ids))
        for i, pid in enumerate(self.ids):
            if (pid not in final) != (pid in self.obs.removed):
                out[2 * i] = miss
            elif pid in self.obs.moved:
                tx, ty = self.obs.moved[pid]
                out[2 * i] = (final[pid][0] - tx) / self.noise
                out[2 * i + 1] = (final[pid][1] - ty) / self.noise
            elif pid in final:  # not entered: it moved less than MOVED, which is all we know
                out[2 * i] = max(math.dist(final[pid], self.start[pid]) - MOVED, 0.0) / self.noise
        return out

    def cost(self, angle: float, speed: float, spin: float = 0.0) -> float:
        r = self.residuals(angle, speed, spin)
        return float(r @ r) + (spin / SPIN_PRIOR_SD) ** 2

    def rms(self, angle: float, speed: float, spin: float = 0.0) -> float:
        """The RMS miss (m) over the discs that moved, here or in the entry (the fit error)."""
        final, _ = self.ends(angle, speed, spin)
        considered = set(self.obs.moved) | self.obs.removed | (set(self.start) - set(final)) | {
            pid for pid, xy in final.items() if math.dist(xy, self.start[pid]) > MOVED}
        r = self.residuals(angle, speed, spin).reshape(-1, 2)
        rows = [i for i, pid in enumerate(self.ids) if pid in considered]
        return float(self.noise * math.sqrt(np.sum(r[rows] ** 2) / max(len(rows), 1)))

    def touched(self, angle: float, speed: float, spin: float = 0.0) -> bool:
        return self.ends(angle, speed, spin)[1]


_LONE_SLIDE: dict[tuple, float] = {}


def lone_slide(state: GlonkState, piece: str, speed: float = 1.0) -> float:
    """How far the piece slides alone on the mat when flicked at `speed` (cached per size)."""
    import physics
    from games.glonk.rules import discs_of

    disc = next(d for d in discs_of(state) if d.id == piece)
    version = state.config.physics  # the position's own physics, as its flicks are simulated
    key = (round(disc.radius, 5), round(disc.thickness, 5), round(disc.mass, 5), speed, version)
    if key not in _LONE_SLIDE:
        alone = replace(disc, x=0.0, y=0.0)
        motion = physics.simulate([alone], physics.Flick(piece, 0.0, speed, 0.0),
                                  version=version)
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


def contact_guesses(state: GlonkState, obs: Observation, near: int = 4) -> list[tuple[float, float]]:
    """Starts for a flick that hit others (its own slide then says little): aimed at each of
    the `near` nearest discs that moved (dead on, a little either side, and along the way that
    disc went), at the speed that gives the moved discs their slides (kinetic energy shared out
    by mass: each disc's slide is its lone slide's for the speed it got, and a quarter more
    for what the touches lose)."""
    from games.glonk.rules import discs_of

    p = state.piece(obs.piece)
    others = [pid for pid in obs.moved if pid != obs.piece]
    if not others:
        return []
    mass = {d.id: d.mass for d in discs_of(state)}
    energy = 0.0
    for pid in list(obs.moved) + ([obs.piece] if obs.piece not in obs.moved else []):
        q = state.piece(pid)
        if pid in obs.moved:
            unit = lone_slide(state, pid, 1.0)
            d = math.dist(obs.moved[pid], (q.x, q.y))
            energy += mass[pid] / mass[obs.piece] * (d / unit if unit > 0 else 0.0)
    speed = float(np.clip(math.sqrt(1.25 * max(energy, 1e-4)), MIN_SPEED, MAX_SPEED))
    out = []
    for pid in sorted(others, key=lambda k: math.dist((state.piece(k).x, state.piece(k).y),
                                                      (p.x, p.y)))[:near]:
        q = state.piece(pid)
        aim = math.degrees(math.atan2(q.y - p.y, q.x - p.x))
        went = math.degrees(math.atan2(obs.moved[pid][1] - q.y, obs.moved[pid][0] - q.x))
        for a in (aim, aim - 6.0, aim + 6.0, went):
            out.append((a % 360.0, speed))
    return out


def _turn(a: float, b: float) -> float:
    return abs(((a - b + 180.0) % 360.0) - 180.0)


def infer_flick(state: GlonkState, obs: Observation, *, noise: float = ENTRY_NOISE,
                on_progress=None) -> Inference:
    """The flick whose simulation from `state` ends nearest the observation (see the module);
    `on_progress(done, planned)` is told the simulations run, every tenth."""
    from scipy.optimize import minimize

    from games.glonk.rules import physics_refusal

    refused = physics_refusal(state)  # no other physics in the place of the position's own
    if refused is not None:
        raise ValueError(refused)
    fit = _Fit(state, obs, on_progress, noise)
    a0, v0 = first_guess(state, obs)

    def refine(a, v, s=None, *, maxfev=120):
        """Nelder-Mead over (angle, speed[, spin]) on the chi-square, from one start."""
        free = s is not None
        scale = np.array([1.0, 0.05 * v] + ([2.0] if free else []))
        x0 = np.array([a, v] + ([s] if free else []))

        def f(z):
            x = x0 + z * scale
            return fit.cost(x[0], x[1], x[2] if free else 0.0)

        n = len(x0)
        simplex = np.vstack([np.zeros(n), np.eye(n) * 1.5])  # 1.5 deg, 7.5 % speed, 3 rad/s
        res = minimize(f, np.zeros(n), method="Nelder-Mead",
                       options={"xatol": 0.01, "fatol": 0.05, "maxfev": maxfev,
                                "initial_simplex": simplex})
        x = x0 + res.x * scale
        return (float(res.fun), float(x[0]) % 360.0, float(np.clip(x[1], MIN_SPEED, MAX_SPEED)),
                float(np.clip(x[2], -MAX_SPIN, MAX_SPIN)) if free else 0.0)

    def polish(c, a, v, s, free):
        """Least squares (trust region) on the residual vector from a found flick, in units of
        a degree, 5 % of speed and a rad/s: the Gauss-Newton end a Nelder-Mead simplex lacks."""
        from scipy.optimize import least_squares

        lv = math.log(v)

        def point(z):
            return (a + z[0], math.exp(lv + 0.05 * z[1]), s + z[2] if free else 0.0)

        def resid(z):
            x = point(z)
            r = fit.residuals(*x)
            return np.append(r, x[2] / SPIN_PRIOR_SD) if free else r

        try:
            res = least_squares(resid, np.zeros(3 if free else 2), method="trf", diff_step=0.02,
                                xtol=1e-4, ftol=1e-6, max_nfev=12)
        except (ValueError, np.linalg.LinAlgError):
            return c, a, v, s
        x = point(res.x)
        c2 = fit.cost(*x)
        if c2 < c:
            return c2, x[0] % 360.0, float(np.clip(x[1], MIN_SPEED, MAX_SPEED)), x[2]
        return c, a, v, s

    grid = [(a0 + da, v0 * f) for da in (0.0, -3.0, 3.0, -8.0, 8.0, -20.0, 20.0)
            for f in (1.0, 1.15, 1.35, 1.7, 2.2, 0.85)]
    hits = contact_guesses(state, obs)
    grid += [(a, v * f) for a, v in hits for f in (0.8, 1.0, 1.3)]
    scored = sorted((fit.cost(a, v), a, v) for a, v in grid)
    starts, seen = [], []
    for c, a, v in scored:  # the best few starts that are not near one another
        if all(_turn(a, sa) > 2.5 or abs(v - sv) / sv > 0.08 for sa, sv in seen):
            seen.append((a, v))
            starts.append((a, v))
        if len(starts) == 3:
            break
    found = sorted(refine(a, v) for a, v in starts)
    if found[0][0] > 6.0 * (len(obs.moved) + 1) + 10.0:  # a bounce misled the guess: look round
        vw = hits[0][1] if hits else v0
        wide = sorted((fit.cost(a, vw * f), a, vw * f) for a in range(0, 360, 12)
                      for f in (0.7, 1.0, 1.4, 2.0))
        found = sorted(found + [refine(a, v) for _, a, v in wide[:3]])
    # spin throws a disc that touches another: where the best touch, spin is found too
    spin_known = fit.touched(found[0][1], found[0][2], 0.0)
    if spin_known:  # from no spin and from either way round (a spin can throw it either way)
        (_, a1, v1, _), rest = found[0], found[1:2]
        found = sorted(found + [refine(a1, v1, s0) for s0 in (0.0, -2.5, 2.5)]
                       + [refine(a, v, 0.0) for _, a, v, _ in rest])
    best_cost, best_a, best_v, best_s = polish(*found[0], spin_known)
    # the flick as stored (canonical decimals) is the one replayed: its fit is the one told
    best = Flick.make(obs.piece, best_a, best_v, best_s if spin_known else 0.0)
    best_cost = fit.cost(best.angle, best.speed, best.spin)
    rms = fit.rms(best.angle, best.speed, best.spin)
    alternative, alt_rms = None, None
    for c, a, v, s in found[1:]:
        differs = _turn(a, best.angle) > 2.0 or abs(v - best.speed) / best.speed > 0.06
        if differs and c <= best_cost + AS_WELL + 0.25 * best_cost:
            alternative = Flick.make(obs.piece, a, v, s if spin_known else 0.0)
            alt_rms = fit.rms(a, v, s)
            break
    # a flicked disc that left the Galaxy and moved nothing else: any flick that takes it there
    unconstrained = obs.piece in obs.removed and not (set(obs.moved) - {obs.piece})
    bound = precision(state, obs, best, noise=noise, fit=fit)
    readable = bound.readable and not unconstrained
    return Inference(best, rms, fit.count, alternative is not None or unconstrained or not readable,
                     alternative, alt_rms, spin_known, bound.angle_sd, bound.speed_sd,
                     readable)


# --------------------------------------------------------------------------- what can be read
#: A flick is readable when the 90 % two-sided half-widths (1.645 sd) of angle and speed that
#: the entered positions allow are within these (degrees, fraction of the speed).
READ_ANGLE, READ_SPEED, Z90 = 1.0, 0.05, 1.645
#: Finite-difference steps of the Jacobian: degrees, log speed, rad/s (central differences).
STEPS = (0.1, 0.005, 0.25)


@dataclass(frozen=True)
class Precision:
    """How closely the entered positions can fix a flick at all (Cramér-Rao): the standard
    deviations any unbiased estimator of (angle, speed, spin) is bound by, given `noise` of
    hand entry on each coordinate and a normal prior on spin (`SPIN_PRIOR_SD`; Bayesian bound).
    `angle_sd` degrees, `speed_sd` a fraction of the speed, `spin_sd` rad/s (math.inf where the
    positions say nothing: the information matrix is singular in that direction)."""

    angle_sd: float
    speed_sd: float
    spin_sd: float

    @property
    def readable(self) -> bool:
        """1 deg and 5 % are each at least 1.645 sd: a 90 % two-sided interval of an estimator
        that reaches the bound lies within the tolerance, for angle and for speed."""
        return Z90 * self.angle_sd <= READ_ANGLE and Z90 * self.speed_sd <= READ_SPEED

    def words(self) -> str:
        a = "any angle" if self.angle_sd > 60 else f"+-{Z90 * self.angle_sd:.1f} deg"
        v = "any speed" if self.speed_sd > 2 else f"+-{100 * Z90 * self.speed_sd:.0f} %"
        return f"{a}, {v} (90 %)"


def _ends(fit: "_Fit", angle: float, speed: float, spin: float) -> dict[str, tuple[float, float]]:
    return fit.ends(angle, speed, spin)[0]


def precision(state: GlonkState, obs: Observation, flick: Flick, *, noise: float = ENTRY_NOISE,
              spin_prior_sd: float = SPIN_PRIOR_SD, fit: "_Fit | None" = None) -> Precision:
    """The Cramér-Rao bound at `flick` for the observation model of `obs`: each entered resting
    place (the discs in `obs.moved` that the simulation leaves on the mat) carries `noise` (m)
    on x and on y; a disc not entered says only that it moved less than `MOVED`, and a removal
    is yes or no, so neither has a gradient. The Jacobian J of the entered places in (angle
    deg, log speed, spin rad/s) comes from central differences of the real simulator, at the
    steps `STEPS` and a third of them, each column taken at the step where it is smaller (a
    step that crosses a touch starting or ending sees a jump, not a slope); the information is
    J^T J / noise^2 plus the spin prior's 1 / sd^2 (and a vague 360 deg / e^4 prior, so that a
    direction the positions do not see reads as infinite); the bound is the square root of the
    inverse's diagonal. Thirteen simulations."""
    fit = fit if fit is not None else _Fit(state, obs, noise=noise)
    base = (flick.angle, math.log(max(flick.speed, MIN_SPEED)), flick.spin)
    centre = _ends(fit, base[0], math.exp(base[1]), base[2])
    ids = sorted(pid for pid in obs.moved if pid in centre)
    cols = []
    for k, step in enumerate(STEPS):
        best = None
        for h in (step, step / 3.0):
            ends = []
            for sign in (1.0, -1.0):
                x = list(base)
                x[k] += sign * h
                ends.append(_ends(fit, x[0], math.exp(x[1]), x[2]))
            col = []
            for pid in ids:
                up, down = ends[0].get(pid), ends[1].get(pid)
                for c in (0, 1):
                    if up is not None and down is not None:
                        col.append((up[c] - down[c]) / (2 * h))
                    elif up is not None:
                        col.append((up[c] - centre[pid][c]) / h)
                    elif down is not None:
                        col.append((centre[pid][c] - down[c]) / h)
                    else:
                        col.append(0.0)
            col = np.array(col)
            if best is None or float(col @ col) < float(best @ best):
                best = col
        cols.append(best)
    jac = np.array(cols).T if ids else np.zeros((0, 3))
    info = jac.T @ jac / noise ** 2 + np.diag([1 / 360.0 ** 2, 1 / 4.0 ** 2, 1 / spin_prior_sd ** 2])
    sd = np.sqrt(np.clip(np.diag(np.linalg.inv(info)), 0.0, None))
    angle_sd = float(sd[0]) if sd[0] < 100 else math.inf
    speed_sd = float(sd[1]) if sd[1] < 2 else math.inf  # a log-speed sd: the relative sd
    spin_sd = float(sd[2]) if sd[2] < 0.99 * spin_prior_sd else math.inf
    return Precision(angle_sd, speed_sd, spin_sd)


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
        """A hand as `to_json` writes it; SchemaError (a ValueError) naming the place of
        anything else (a scatter that is not positive, a count that is not a whole number)."""
        if (not isinstance(data, Mapping) or data.get("format") != "flickbook-hand"
                or type(data.get("version")) is not int or data["version"] != 1):
            raise ValueError("not a Flickbook hand file (format flickbook-hand, version 1)")
        HAND(data, "")
        s = data["skill"]
        skill = Skill(s["name"], float(s["angle_sd"]), float(s["speed_sd"]), float(s["spin_sd"]))
        return cls(data["name"], skill, data["flicks"], tuple(data["angle_bounds"]),
                   tuple(data["speed_bounds"]), float(data.get("angle_bias", 0.0)),
                   float(data.get("speed_bias", 0.0)))


def _positive(hi: float):
    from timeline.schema import Num, fail

    within = Num(0.0, hi)

    def check(value, where):
        within(value, where)
        if value <= 0:
            fail(where, f"must be more than 0 and at most {hi}, not {value}")
    return check


def _hand_spec():
    from timeline.schema import Int, ListOf, Num, Obj, OneOf, Str

    skill = Obj(required={"name": Str(200), "angle_sd": _positive(MAX_ANGLE_SD),
                          "speed_sd": _positive(MAX_SPEED_SD), "spin_sd": Num(0.0, MAX_SPIN_SD)})
    return Obj(required={"format": OneOf("flickbook-hand"), "version": Int(1, 1),
                         "name": Str(200), "skill": skill, "flicks": Int(5, 10 ** 9),
                         "angle_bounds": ListOf(Num(0.0, 180.0), 2, 2),
                         "speed_bounds": ListOf(Num(0.0, 10.0), 2, 2)},
               optional={"angle_bias": Num(-180.0, 180.0), "speed_bias": Num(-1.0, 10.0)})


#: The widest scatter a hand may have: degrees of angle, a fraction of speed, rad/s of spin.
MAX_ANGLE_SD, MAX_SPEED_SD, MAX_SPIN_SD = 90.0, 2.0, 50.0
#: What a hand file holds (`Hand.to_json`), each value of its type and range.
HAND = _hand_spec()


def _sd_bounds(sd: float, n: int) -> tuple[float, float]:
    from scipy.stats import chi2

    return (sd * math.sqrt((n - 1) / chi2.ppf(0.975, n - 1)), sd * math.sqrt((n - 1) / chi2.ppf(0.025, n - 1)))


def fit_hand(name: str, pairs: Sequence[tuple[Flick, Flick]], *, spin_sd: float | None = None) -> Hand:
    """A player's scatter from (intended, executed) flicks: the standard deviation of the angle
    error (degrees) and of the relative speed error, their means (a bias), 95 % bounds; spin's
    spread where the pairs know it (else `spin_sd`, or the club level's)."""
    from analysis.glonk.skill import SKILLS

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
    from timeline.fileformat import RecordFileError, read_strict

    try:
        return Hand.from_json(read_strict(path, "hand"))
    except RecordFileError as exc:
        if not path.exists():
            known = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
            raise ValueError(f"no saved hand for {name!r}"
                             + (f": saved hands are {', '.join(known)}" if known else
                                " (fit one with `flickbook hand fit`)")) from None
        raise ValueError(str(exc)) from None
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
