"""The shot explorer on the mat: the numbers behind the heatmap, the odds in words, the kept
candidate aims, and the job that flicks the samples in the explorer's worker process.

A flick is an intent plus the scatter of the hand (analysis/glonk/skill.py), so while you aim (or on
a flick of the record) the explorer flicks the intent many times under the skill chosen in the
panel, through the real physics and rules (`analysis.glonk.explore_batches`), and the mat
fills in where the disc ends. Each aim is a job in steps of the window's job service
(`explore_in_steps`, process lane, the worker "explorer"): its worker runs one batch at a time
and reads its mail between batches, so a new aim replaces the old one at once (the old one is
cancelled), the live aim goes first (it is the most urgent job), a kept candidate's
exploration carries on after it, and every batch sends the running report back. Its reports
are the same bytes as `analysis.glonk.explore` gives for the same seed (`flickbook explore`).

Nothing here imports Panda3D: `viewer.glonk.explorer_view` draws it in the window.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

#: Flicks the window explores per aim, and per batch (a batch is what one report adds).
WINDOW_SAMPLES = 120
WINDOW_BATCH = 5
#: Heatmap cells across the Galaxy (2 cm cells on the 1.2 m mat).
HEAT_BINS = 60
#: Candidate aims kept side by side at most.
MAX_CANDIDATES = 3
#: The seed of the window's explorations (so a shot shows the same odds every time).
WINDOW_SEED = 11


# --- the odds in words --------------------------------------------------------------------------
def percentages(fractions: Sequence[float]) -> list[int]:
    """Whole percentages of `fractions` (which add up to 1 or less) that add up to the same
    rounded total: largest remainders get the leftover points, so 0.624/0.296/0.08 reads
    62/30/8 and never 63/30/8 = 101."""
    raw = [max(0.0, f) * 100.0 for f in fractions]
    whole = [math.floor(r) for r in raw]
    total = round(sum(raw))
    order = sorted(range(len(raw)), key=lambda i: (-(raw[i] - whole[i]), i))
    for i in order[:max(0, total - sum(whole))]:
        whole[i] += 1
    return whole


def outcome_shares(report: dict) -> dict[str, float]:
    """The flicked piece's fate, as shares that add up to 1 for a propulsion: `standard`
    (ends within its speed), `hyper` (ends beyond it, still on the Galaxy: the turn ends),
    `lost` (your piece is atomised or leaves the Galaxy)."""
    out = report["outcomes"]
    lost = out["lose_piece"]
    hyper = max(0.0, report["p_hyper"] - out["lost_in_space"])  # lost in space is hyper too
    return {"standard": report["p_standard"], "hyper": hyper, "lost": lost}


def odds_words(report: dict, extras: bool = True) -> str:
    """"standard 62 %, hyper 30 %, lost 8 %, expected +0.7": the outcome odds and the
    expected value in points (analysis.glonk's value), then (`extras`) what else happens."""
    shares = outcome_shares(report)
    names = [k for k, v in shares.items() if v > 0] or ["standard"]
    pct = dict(zip(names, percentages([shares[k] for k in names])))
    parts = [f"{k} {pct[k]} %" for k in names]
    expected = round(report["expected_value"], 1) or 0.0  # never "-0.0"
    parts.append(f"expected {expected:+.1f}")
    more = extra_words(report) if extras else ""
    return ", ".join(parts) + (f" ({more})" if more else "")


def extra_words(report: dict) -> str:
    """"atomises an enemy 12 %, may board 5 %": the chances of the better things, if any."""
    extra = []
    atomise = report["outcomes"]["atomise_enemy"]
    if atomise > 0:
        extra.append(f"atomises an enemy {round(atomise * 100)} %")
    board = report["outcomes"]["board_after"]
    if board > 0:
        extra.append(f"may board {round(board * 100)} %")
    return ", ".join(extra)


def progress_words(report: dict, samples: int, skill: str) -> str:
    """"club: 56 of 120 flicks" (or "club: 120 flicks" once all are in)."""
    n = report["samples"]
    return f"{skill}: {n} flicks" if n >= samples else f"{skill}: {n} of {samples} flicks"


# --- the heatmap ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class HeatCell:
    """One lit square of the heatmap: its corners on the mat (metres) and how hot (0..1]."""

    x0: float
    y0: float
    x1: float
    y1: float
    heat: float


def heat_field(histogram: dict, blur: int = 2):
    """(x edges, y edges, heat[i, j]) of an explorer report's `end_histogram`: each bin's
    count spread over its `blur` neighbours (a few samples read as a patch, not as pins),
    scaled so the hottest bin is 1 (all 0 without samples)."""
    counts = np.asarray(histogram["counts"], dtype=float)
    xe = np.asarray(histogram["x_edges"], dtype=float)
    ye = np.asarray(histogram["y_edges"], dtype=float)
    if counts.size == 0 or counts.sum() <= 0:
        return xe, ye, np.zeros_like(counts)
    smooth = counts.copy()
    if blur > 0:
        k = np.array([math.exp(-(d * d) / (2.0 * (blur * 0.6) ** 2))
                      for d in range(-blur, blur + 1)])
        k /= k.sum()
        pad = np.pad(counts, blur)
        rows = sum(k[d] * pad[d:d + counts.shape[0], :] for d in range(len(k)))
        smooth = sum(k[d] * rows[:, d:d + counts.shape[1]] for d in range(len(k)))
    return xe, ye, smooth / smooth.max()


def heat_cells(histogram: dict, blur: int = 2, floor: float = 0.04) -> list[HeatCell]:
    """The squares to light (`heat_field`'s bins at `floor` or hotter)."""
    xe, ye, heat = heat_field(histogram, blur)
    return [HeatCell(float(xe[i]), float(ye[j]), float(xe[i + 1]), float(ye[j + 1]),
                     float(heat[i, j])) for i, j in zip(*np.nonzero(heat >= floor))
            if heat[i, j] > 0]


def corner_heat(heat: np.ndarray) -> np.ndarray:
    """Heat at the bins' corners (the mean of the up to four bins around each), so the map
    is drawn with smooth shading across the squares instead of as blocks."""
    pad = np.pad(heat, 1)
    return (pad[:-1, :-1] + pad[1:, :-1] + pad[:-1, 1:] + pad[1:, 1:]) / 4.0


#: Heat colour ramp: cool and faint where few discs end, hot and solid where most do.
RAMP = ((0.0, (0.45, 0.12, 0.75, 0.45)), (0.35, (0.92, 0.22, 0.45, 0.68)),
        (0.7, (1.0, 0.55, 0.10, 0.84)), (1.0, (1.0, 0.95, 0.45, 0.94)))


def heat_colour(heat: float) -> tuple[float, float, float, float]:
    """The ramp's colour at `heat`; fully clear at 0 (so shading fades out at the edge)."""
    heat = min(max(heat, 0.0), 1.0)
    if heat < RAMP[0][0] + 0.04:
        r, g, b, a = RAMP[0][1]
        return (r, g, b, a * heat / 0.04)
    for (t0, c0), (t1, c1) in zip(RAMP[:-1], RAMP[1:]):
        if heat <= t1:
            f = (heat - t0) / (t1 - t0)
            return tuple(a + (b - a) * f for a, b in zip(c0, c1))
    return RAMP[-1][1]


# --- candidate aims -------------------------------------------------------------------------------
@dataclass
class Candidate:
    """An aim kept to compare: its slot (1..3, which also picks its colour), the flick, the
    exploration that feeds its odds and, once simulated, the exact flick's step."""

    slot: int
    flick: object
    job: int | None = None
    report: dict | None = None
    step: object = None
    kept_at: int = 0


@dataclass
class Candidates:
    """Up to `MAX_CANDIDATES` aims from one position. Keeping a fourth replaces the oldest;
    keeping an aim from another position starts a new comparison."""

    state: object = None
    items: list[Candidate] = field(default_factory=list)
    _kept: int = 0

    def keep(self, state, flick, job: int | None = None) -> tuple[Candidate, str]:
        """Keep `flick` (aimed in `state`); the candidate and what happened, in words."""
        if state is not self.state:
            self.clear()
            self.state = state
        text = str(flick)
        for c in self.items:
            if str(c.flick) == text:
                return c, f"That aim is candidate {c.slot} already"
        self._kept += 1
        if len(self.items) < MAX_CANDIDATES:
            used = {c.slot for c in self.items}
            slot = next(s for s in range(1, MAX_CANDIDATES + 1) if s not in used)
            c = Candidate(slot, flick, job, kept_at=self._kept)
            self.items.append(c)
            return c, f"Kept as candidate {slot} of {MAX_CANDIDATES}"
        oldest = min(self.items, key=lambda c: c.kept_at)
        self.items.remove(oldest)
        c = Candidate(oldest.slot, flick, job, kept_at=self._kept)
        self.items.append(c)
        return c, f"Kept as candidate {c.slot} (it replaces the oldest)"

    def clear(self) -> list[Candidate]:
        gone, self.items, self.state = self.items, [], None
        return gone

    def by_slot(self) -> list[Candidate]:
        return sorted(self.items, key=lambda c: c.slot)

    def for_job(self, job: int) -> Candidate | None:
        return next((c for c in self.items if c.job == job), None)


# --- the worker ------------------------------------------------------------------------------------
def explore_in_steps(state, flick, skill: str, samples: int, seed: int):
    """One aim explored in batches: a job in steps of the window's explorer worker
    (viewer.jobs, process lane). Each batch but the last yields (done, planned, the report
    so far); the last report is its answer, the same bytes as `analysis.glonk.explore` for
    the same seed. An aim the rules refuse answers {"refused": the rule's words}."""
    from analysis.glonk import explore_batches, flick_batch, merge, report
    from analysis.glonk.skill import skill_named

    try:
        tasks = explore_batches(state, flick, skill_named(skill), samples=samples, seed=seed,
                                batch_size=WINDOW_BATCH, bins=HEAT_BINS)
    except Exception as exc:  # noqa: BLE001 - the rule's words go to the window
        return {"refused": getattr(exc, "rule", None) or str(exc)}
    done = []
    for task in tasks:
        done.append(flick_batch(task)[0])
        out = report(merge(done))
        out.update({"action": str(flick), "skill": skill})
        if len(done) < len(tasks):
            yield len(done), len(tasks), out
    return out
