"""Physics benchmark: a full Galaxy (six armadas of 13, the black hole, six asteroids; 85 discs)
and a set of typical flicks.

Prints figures, then one JSON line with:
- flick_ms_median: median over the flicks of the wall time of `simulate` (best of 3 runs of
  each flick; target <= 100 ms); the CPU time is printed too, since the machine is shared;
- speedup_vs_all_awake: the same flicks with every disc kept awake, ratio of the median CPU
  times (>= 5);
- max_sink_mm, tunnelled: from a sweep of hits between every kind of piece at 1 to 3 m/s
  (sink: how far any disc's lowest point went below the mat; tunnelled: hits where a disc
  passed into or through another, or missed a disc it was aimed straight at) - target 0;
- motion_kb_median: median size of Motion.to_bytes() for the typical flicks (<= 10 KB);
- bullet_share: the part of a flick's time spent inside PyBullet calls (bullet_step_share: in
  stepSimulation alone), from a separate, instrumented run of the same flicks;
- textbook figures (issue 9): drift_mm_per_m (sideways drift of spinning slides, per metre
  slid, < 5), spin_stop_ratio (stop time of a disc spinning in place over
  omega R / ((4/3) mu g), the one farthest from 1; within 10 %), headon_angle_err_deg and
  headon_spin (a dead-centre hit: the struck disc's direction off the line of centres, < 0.5,
  and its spin, rad/s), low_speed_transfer (the smallest speed ratio struck / striker from
  0.05 to 0.2 m/s over (1 + e) / 2; within 10 %), max_hop_mm, leaning (discs that end tilted
  over 1 degree), flips and flip_rate (discs that end upside down in a sweep of hard hits at
  3.5 to 5 m/s; rims meet band to band on the mat, so 0), stacked_flip_speed (the lowest flick
  speed at which a Base turns over a saucer lying on another, struck dead centre; the whole
  table of speeds and offsets is printed), pack_overlap_mm and pack_propped (an asteroid into a mixed cluster, off
  centre), slide_err_worst (worst relative error of a lone slide against v^2 / (2 mu g) over
  24 directions and three speeds; within 3 %); throw_deg and throw_spin (a saucer spinning
  at 30 rad/s hitting an equal one dead centre at 2 m/s: the struck disc's throw and spin;
  2D impulse: 3.16 deg, 10.0 rad/s), throw_slide_deg (the same at 0.3 m/s, where the rims
  slide: atan(mu) = 16.7 deg), throw_err_deg (the worst gap to the 2D impulse model); load
  (the 1-minute load average the figures were taken at).
"""
from __future__ import annotations

import math
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pybullet  # noqa: E402

from physics import PIECE_SIZES, Disc, Flick, config, simulate  # noqa: E402
from physics import sim as physics_sim  # noqa: E402
from bench.benchkit import pick, report, size  # noqa: E402

TARGETS = {"flick_ms_median": "<= 100", "speedup_vs_all_awake": ">= 5", "max_sink_mm": "== 0",
           "tunnelled": "== 0", "motion_kb_median": "<= 10", "drift_mm_per_m": "< 5",
           "spin_stop_ratio": "1 +- 0.1", "headon_angle_err_deg": "< 0.5",
           "low_speed_transfer": "1 +- 0.1", "slide_err_worst": "<= 0.03",
           "bullet_share": None, "flip_rate": None,
           "stacked_flip_speed": None}

MU_G = config.DEFAULT_FRICTION * config.GRAVITY
E_PAIR = config.DEFAULT_RESTITUTION ** 2


def make(disc_id: str, kind: str, x: float, y: float, yaw: float = 0.0) -> Disc:
    s = PIECE_SIZES[kind]
    return Disc(disc_id, s.radius, s.thickness, s.mass, x, y, yaw)


def full_galaxy(seed: int = 7) -> list[Disc]:
    """85 discs laid out without overlap: black hole in the centre, six bases on the middle
    ring, 12 ships around each base, six asteroids on the outer ring."""
    rng = np.random.default_rng(seed)
    discs = [make("black_hole", "black_hole", 0.0, 0.0)]
    for k in range(6):
        a = 2 * math.pi * (k + 0.5) / 6
        discs.append(make(f"asteroid{k}", "asteroid", 0.52 * math.cos(a), 0.52 * math.sin(a)))

    def free(kind, x, y):
        r = PIECE_SIZES[kind].radius
        return all(math.hypot(x - d.x, y - d.y) > r + d.radius + 0.006 for d in discs)

    for k in range(6):
        a = 2 * math.pi * k / 6
        bx, by = 0.33 * math.cos(a), 0.33 * math.sin(a)
        discs.append(make(f"p{k}.base", "base", bx, by))
        placed = 0
        while placed < 12:
            kind = "kiboom" if placed % 4 == 3 else "saucer"
            ang = a + rng.uniform(-0.45, 0.45)
            rad = rng.uniform(0.16, 0.58)
            x, y = rad * math.cos(ang), rad * math.sin(ang)
            if free(kind, x, y):
                discs.append(make(f"p{k}.s{placed}", kind, x, y, rng.uniform(0, 2 * math.pi)))
                placed += 1
    return discs


def typical_flicks(discs: list[Disc], count: int = size(12, 3), seed: int = 3) -> list[Flick]:
    """Saucers aimed at a neighbour (most flicks), at 0.6 to 2.5 m/s, some with spin."""
    rng = np.random.default_rng(seed)
    ships = [d for d in discs if ".s" in d.id]
    out = []
    for k in range(count):
        d = ships[int(rng.integers(len(ships)))]
        others = sorted((o for o in discs if o.id != d.id),
                        key=lambda o: math.hypot(o.x - d.x, o.y - d.y))
        target = others[int(rng.integers(3))]
        angle = math.atan2(target.y - d.y, target.x - d.x) + rng.normal(0, 0.15)
        speed = float(rng.choice([0.6, 1.0, 1.5, 2.0, 2.5]))
        spin = float(rng.choice([0.0, 0.0, 5.0, -8.0]))
        out.append(Flick(d.id, angle, speed, spin))
    return out


def time_flicks(discs, flicks, repeat=1, **kw):
    """Wall and CPU seconds of each flick: the best of `repeat` runs (the machine is shared,
    so the best run is the one least disturbed by others)."""
    walls, cpus, motions = [], [], []
    for f in flicks:
        best_wall = best_cpu = math.inf
        for _ in range(repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            m = simulate(discs, f, **kw)
            best_wall = min(best_wall, time.perf_counter() - w0)
            best_cpu = min(best_cpu, time.process_time() - c0)
        walls.append(best_wall)
        cpus.append(best_cpu)
        motions.append(m)
    return walls, cpus, motions


def lowest_point(pose: np.ndarray, radius: float, thickness: float) -> np.ndarray:
    """z of the lowest point of flat cylinders with poses (F, 7)."""
    qx, qy, qz, qw = (pose[:, 3 + k].astype(np.float64) for k in range(4))
    zz = 1 - 2 * (qx * qx + qy * qy)  # cosine of the tilt
    sin_tilt = np.sqrt(np.clip(1 - zz * zz, 0, 1))
    return pose[:, 2] - thickness / 2 * np.abs(zz) - radius * sin_tilt


def hit_sweep():
    """Hits between every pair of kinds at 1 to 3 m/s, head-on and glancing.

    A hit tunnelled when the striker passed into the target (footprints overlapping by more
    than a quarter of the smaller radius at a recorded frame while both lie on the mat), went
    past a target it hit head-on, never touched a target it was aimed at, or ended riding on
    another disc or flipped. The deepest momentary overlap is reported as well: contacts are
    resolved once discs touch, so a hit may overlap by up to one solver step of travel.
    """
    kinds = ["saucer", "kiboom", "base", "asteroid", "black_hole"]
    max_sink = 0.0
    max_overlap = 0.0
    tunnelled = 0
    hits = 0
    for ka in pick(kinds[:3]):
        for kb in pick(kinds, 2):
            ra, rb = PIECE_SIZES[ka].radius, PIECE_SIZES[kb].radius
            for speed in pick((1.0, 1.5, 2.0, 2.5, 3.0)):
                for offset in pick((0.0, 0.5, 0.9), 2):
                    a = make("a", ka, 0.0, 0.0)
                    b = make("b", kb, 0.10, offset * (ra + rb))
                    m = simulate([a, b], Flick("a", 0.0, speed))
                    hits += 1
                    for i, d in enumerate((a, b)):
                        low = lowest_point(m.poses[:, i], d.radius, d.thickness)
                        max_sink = max(max_sink, float(-low.min()))
                    pa, pb_ = m.poses[:, 0], m.poses[:, 1]
                    gap = np.hypot(pa[:, 0] - pb_[:, 0], pa[:, 1] - pb_[:, 1]) - ra - rb
                    both_low = (pa[:, 2] < PIECE_SIZES[ka].thickness) & (
                        pb_[:, 2] < PIECE_SIZES[kb].thickness)
                    overlap = float(np.max(-gap[both_low], initial=0.0))
                    max_overlap = max(max_overlap, overlap)
                    through = overlap > min(ra, rb) / 4
                    missed = not m.contacts
                    beyond = offset == 0.0 and m.final[0].x > m.final[1].x
                    rode = any(d.z > 0 or d.upside_down for d in m.final)
                    if through or missed or beyond or rode:
                        tunnelled += 1
                        print(f"  tunnelled: {ka}->{kb} {speed} m/s offset {offset}:"
                              f" through={through} missed={missed} beyond={beyond} rode={rode}")
    return hits, max_sink, max_overlap, tunnelled


def tilt_deg(q) -> float:
    """Angle between a disc's axis and the vertical, folded so face-down counts as flat."""
    qx, qy = float(q[0]), float(q[1])
    zz = 1 - 2 * (qx * qx + qy * qy)
    return math.degrees(math.acos(min(1.0, abs(zz))))


def drift_per_metre():
    """Spinning slides in 8 directions: worst sideways drift per metre slid (mm/m)."""
    worst = 0.0
    for kind, spin in pick((("base", 12.0), ("saucer", 12.0), ("saucer", 30.0), ("kiboom", -30.0))):
        for k in pick(range(8), 2):
            a = 2 * math.pi * k / 8 + 0.2
            m = simulate([make("a", kind, 0, 0)], Flick("a", a, 3.0, spin))
            f = m.final[0]
            along = f.x * math.cos(a) + f.y * math.sin(a)
            side = -f.x * math.sin(a) + f.y * math.cos(a)
            worst = max(worst, abs(side) / along * 1e3)
    return worst


def unwrapped_yaw(m, i: int) -> np.ndarray:
    q = m.poses[:, i, 3:].astype(np.float64)
    return np.unwrap([math.atan2(2 * (x * y + z * w), 1 - 2 * (y * y + z * z))
                      for x, y, z, w in q])


def spin_stop_ratio():
    """Discs spinning in place: stop time over omega R / ((4/3) mu g); the one farthest from 1.

    The stop time is 2 * (angle turned) / omega, the time a steady braking takes to turn that
    far (it does not depend on how long the run takes to notice that the disc rests)."""
    ratios = []
    for kind in pick(("base", "saucer", "kiboom", "black_hole", "asteroid"), 2):
        for w in pick((10.0, 30.0)):
            m = simulate([make("a", kind, 0, 0)], Flick("a", 0.0, 0.0, w))
            yaw = unwrapped_yaw(m, 0)
            stop = 2 * abs(yaw[-1] - yaw[0]) / w
            ratios.append(stop / (w * PIECE_SIZES[kind].radius / (4 / 3 * MU_G)))
    return max(ratios, key=lambda r: abs(r - 1))


def head_on():
    """Dead-centre hits between every pair of kinds, 4 directions, 1 and 3 m/s: the struck
    disc's worst direction error (degrees) and fastest spin (rad/s) while it moves."""
    kinds = ["saucer", "kiboom", "base", "asteroid", "black_hole"]
    worst_angle = worst_spin = 0.0
    for ka in pick(kinds[:3]):
        for kb in pick(kinds):
            gap = PIECE_SIZES[ka].radius + PIECE_SIZES[kb].radius + 0.05
            for k in pick(range(4)):
                a = math.radians(22.5 + 90 * k)
                for speed in pick((1.0, 3.0)):
                    b = make("b", kb, gap * math.cos(a), gap * math.sin(a))
                    m = simulate([make("a", ka, 0, 0), b], Flick("a", a, speed))
                    fb = m.final[1]
                    went = math.atan2(fb.y - b.y, fb.x - b.x)
                    err = abs((went - a + math.pi) % (2 * math.pi) - math.pi)
                    worst_angle = max(worst_angle, math.degrees(err))
                    yaw = unwrapped_yaw(m, 1)
                    spin = np.abs(np.diff(yaw) / np.diff(m.times)) if len(yaw) > 1 else [0.0]
                    worst_spin = max(worst_spin, float(np.max(spin)))
    return worst_angle, worst_spin


def throw():
    """Throw and English: a saucer spinning at 30 rad/s hits an equal one dead centre at
    2 m/s (the rims stick) and at 0.3 m/s (they slide): the struck disc's direction off the
    line of centres (degrees, from where it rests) and its spin just after the hit (rad/s),
    each against the 2D impulse model with config.RIM_FRICTION."""
    s = PIECE_SIZES["saucer"]
    e = config.DEFAULT_RESTITUTION ** 2
    mu = config.RIM_FRICTION
    out = {}
    for speed in (2.0, 0.3):
        x = 2 * s.radius + 0.002
        m = simulate([make("a", "saucer", 0, 0), make("b", "saucer", x, 0)],
                     Flick("a", 0.0, speed, 30.0))
        fb = m.final[1]
        deg = math.degrees(math.atan2(fb.y, fb.x - x))
        yaw = unwrapped_yaw(m, 1)
        k = int(np.searchsorted(m.times, m.first_contact.t)) + 1
        w1 = (yaw[k + 1] - yaw[k]) / (m.times[k + 1] - m.times[k])
        w2 = (yaw[k + 2] - yaw[k + 1]) / (m.times[k + 2] - m.times[k + 1])
        spin = w1 + (w1 - w2) * ((m.times[k] + m.times[k + 1]) / 2 - m.first_contact.t) / (
            (m.times[k + 2] - m.times[k]) / 2)
        jn = (1 + e) * s.mass / 2 * speed
        jt = min(mu * jn, 30.0 * s.radius * s.mass / 6)
        out[speed] = (deg, abs(float(spin)), math.degrees(math.atan2(jt, jn)),
                      2 * jt / (s.mass * s.radius))
    return out


def low_speed_transfer():
    """Equal saucers 1 mm apart, struck at 0.05 to 0.2 m/s: the struck disc's speed over the
    striker's at impact (from their slide distances), over (1 + e) / 2; the smallest."""
    out = []
    for kind in pick(("saucer", "base", "kiboom")):
        r = PIECE_SIZES[kind].radius
        for v in pick((0.05, 0.1, 0.2), 2):
            v0 = math.sqrt(v * v + 2 * MU_G * 0.001)
            m = simulate([make("a", kind, 0, 0), make("b", kind, 2 * r + 0.001, 0)],
                         Flick("a", 0.0, v0))
            vb = math.sqrt(2 * MU_G * max(0.0, m.final[1].x - (2 * r + 0.001)))
            out.append(vb / v / ((1 + E_PAIR) / 2))
    return min(out)


def hard_hits():
    """Hard hits (3.5 to 5 m/s, struck discs reach 4.2 m/s in play) between kinds, centred
    and glancing: highest hop (mm), discs ending tilted, discs ending flipped, hits."""
    kinds = ["saucer", "kiboom", "base", "asteroid", "black_hole"]
    hop = 0.0
    leaning = flips = hits = 0
    for ka in pick(("kiboom", "saucer", "base")):
        for kb in pick(kinds):
            ra, rb = PIECE_SIZES[ka].radius, PIECE_SIZES[kb].radius
            for speed in pick((3.5, 4.2, 5.0)):
                for offset in pick((0.0, 0.3, 0.7), 2):
                    discs = [make("a", ka, 0, 0), make("b", kb, 0.1, offset * (ra + rb)),
                             make("c", "kiboom", 0.1 + rb + 0.02, -0.03)]
                    m = simulate(discs, Flick("a", 0.0, speed))
                    hits += 1
                    for i, d in enumerate(discs):
                        # How far its lowest point left the mat (a disc rocking on its edge
                        # after a hit raises its centre, not its edge).
                        hop = max(hop, float(np.max(lowest_point(m.poses[:, i], d.radius,
                                                                 d.thickness))))
                    for d in m.final:
                        flips += d.upside_down
                    leaning += sum(tilt_deg(q) > 1.0 for q in m.poses[-1, :, 3:])
    return hop, leaning, flips, hits


def stacked_flips():
    """The one way a hit turns a disc over (physics 4): a saucer lying on another, its lower
    face 5 mm up, struck by a Base whose 6 mm rim meets its lower chamfer. For flick speeds and
    offsets (of the sum of radii) the outcome: "over", or the largest tilt it rocked (deg).
    Returns ({speed: [outcome per offset]}, offsets, lowest speed that turned it over dead
    centre)."""
    s, b = PIECE_SIZES["saucer"], PIECE_SIZES["base"]
    offsets = (0.0, 0.3, 0.6, 0.9)
    table = {}
    lowest = None
    for speed in pick((0.17, 0.18, 0.19, 0.25, 0.5, 1.0, 2.0, 3.0), 3):
        row = []
        for offset in pick(offsets, 2):
            discs = [make("base", "base", -0.012 - s.radius - b.radius - 0.004,
                          offset * (s.radius + b.radius)),
                     make("under", "saucer", 0.0, 0.0),
                     Disc("top", s.radius, s.thickness, s.mass, -0.012, 0.0, z=s.thickness)]
            m = simulate(discs, Flick("base", 0.0, speed))
            top = next(d for d in m.final if d.id == "top")
            tilt = max(tilt_deg(q) for q in m.poses[:, m.index("top"), 3:])
            row.append("over" if top.upside_down else round(tilt, 1))
            if top.upside_down and offset == 0.0 and lowest is None:
                lowest = speed
        table[speed] = row
    return table, offsets, lowest


def pack():
    """An asteroid hitting a mixed cluster off centre: deepest final overlap (mm), discs left
    propped (tilted or raised), seconds to settle."""
    discs = [make("ast", "asteroid", -0.25, 0.012)]
    kinds = ["saucer", "kiboom", "base", "kiboom", "saucer", "kiboom", "saucer"]
    k = 0
    for row in range(3):
        for col in range(3):
            kind = kinds[k % len(kinds)]
            discs.append(make(f"c{k}", kind, 0.07 * col + 0.0005 * row,
                              0.066 * (row - 1) + 0.001 * col))
            k += 1
    worst = 0.0
    propped = 0
    duration = 0.0
    for speed in pick((2.0, 3.0, 4.2)):
        m = simulate(discs, Flick("ast", 0.0, speed))
        duration = max(duration, m.duration)
        fin = m.final
        for i, a in enumerate(fin):
            propped += a.z > 0 or tilt_deg(m.poses[-1, m.index(a.id), 3:]) > 1.0
            for b in fin[i + 1:]:
                if a.z == b.z:
                    worst = max(worst, a.radius + b.radius - math.hypot(a.x - b.x, a.y - b.y))
    return worst, propped, duration


def slide_error():
    """Lone slides in 24 directions at 0.5, 1 and 2 m/s: worst relative error of the distance
    against v^2 / (2 mu g)."""
    worst = 0.0
    for kind in pick(("saucer", "black_hole")):
        for k in pick(range(24), 3):
            a = 2 * math.pi * k / 24
            for v in pick((0.5, 1.0, 2.0)):
                f = simulate([make("a", kind, 0, 0)], Flick("a", a, v)).final[0]
                worst = max(worst, abs(math.hypot(f.x, f.y) / (v * v / (2 * MU_G)) - 1))
    return worst


def bullet_share(discs, flicks):
    """Share of the flicks' time spent inside PyBullet calls, and inside stepSimulation."""
    spent = {"all": 0.0, "step": 0.0}
    originals = {}
    for name in dir(pybullet):
        fn = getattr(pybullet, name)
        if callable(fn) and not name.startswith("_") and name[0].islower():
            originals[name] = fn

            def timed(*a, _fn=fn, _step=(name == "stepSimulation"), **kw):
                t0 = time.perf_counter()
                try:
                    return _fn(*a, **kw)
                finally:
                    dt = time.perf_counter() - t0
                    spent["all"] += dt
                    if _step:
                        spent["step"] += dt
            setattr(physics_sim.pb, name, timed)
    try:
        t0 = time.perf_counter()
        for f in flicks:
            simulate(discs, f)
        total = time.perf_counter() - t0
    finally:
        for name, fn in originals.items():
            setattr(physics_sim.pb, name, fn)
    return spent["all"] / total, spent["step"] / total


def main():
    discs = full_galaxy()
    assert len(discs) == 85
    flicks = typical_flicks(discs)
    simulate(discs, flicks[0])  # warm up imports and caches
    asleep_t, asleep_cpu, motions = time_flicks(discs, flicks, repeat=size(3, 1))
    awake_t, awake_cpu, awake_m = time_flicks(discs, flicks, all_awake=True)
    for f, t, ta, m, ma in zip(flicks, asleep_t, awake_t, motions, awake_m):
        print(f"{f.piece:10s} {f.speed:.1f} m/s spin {f.spin:+.0f}: {t * 1e3:6.1f} ms"
              f" (all awake {ta * 1e3:7.1f} ms, {ma.duration:.2f} s), {m.duration:.2f} s,"
              f" {len(m.contacts)} contacts,"
              f" {len(m.moved_ids)} moved, {len(m.to_bytes()) / 1024:.1f} KB")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} on {os.cpu_count()} cores; times are the best of "
          f"{size(3, 1)} runs")
    print(f"CPU time per flick: median {statistics.median(asleep_cpu) * 1e3:.1f} ms"
          f" (all awake {statistics.median(awake_cpu) * 1e3:.1f} ms)")
    flick_ms = statistics.median(asleep_t) * 1e3
    # Both sides in CPU time, so that other programs on the shared machine do not skew it.
    speedup = statistics.median(awake_cpu) / statistics.median(asleep_cpu)
    kb = statistics.median(len(m.to_bytes()) / 1024 for m in motions)
    hits, max_sink, max_overlap, tunnelled = hit_sweep()
    print(f"hit sweep: {hits} hits, max sink {max_sink * 1e3:.3f} mm, deepest momentary overlap"
          f" {max_overlap * 1e3:.2f} mm, {tunnelled} tunnelled")
    share, step_share = bullet_share(discs, flicks)
    print(f"time inside PyBullet: {share:.0%} (stepSimulation {step_share:.0%})")
    drift = drift_per_metre()
    stop = spin_stop_ratio()
    angle, spin = head_on()
    transfer = low_speed_transfer()
    hop, leaning, flips, hard = hard_hits()
    overlap, propped, settle = pack()
    stacked, offsets, lowest = stacked_flips()
    print("a saucer lying on a saucer, struck by a Base (physics 4): offsets "
          + ", ".join(f"{o:.1f}" for o in offsets))
    for speed, row in stacked.items():
        print(f"  {speed:4.2f} m/s: " + ", ".join(str(x) for x in row))
    slide = slide_error()
    thrown = throw()
    for speed, (deg, thrown_spin, want_deg, want_spin) in thrown.items():
        print(f"throw at {speed} m/s, 30 rad/s striker: {deg:.2f} deg, spin {thrown_spin:.2f}"
              f" rad/s"
              f" (2D impulse: {want_deg:.2f} deg, {want_spin:.2f} rad/s)")
    print(f"drift {drift:.2f} mm/m; spin stop ratio {stop:.3f}; head-on {angle:.3f} deg, spin"
          f" {spin:.2f} rad/s; low-speed transfer {transfer:.3f} of (1+e)/2; hard hits: hop"
          f" {hop * 1e3:.3f} mm, {leaning} leaning, {flips} flipped of {hard}; pack: overlap"
          f" {overlap * 1e3:.3f} mm, {propped} propped, {settle:.2f} s; worst slide error"
          f" {slide:.2%}")
    report("physics", {"flick_ms_median": round(flick_ms, 1),
                      "flick_cpu_ms_median": round(statistics.median(asleep_cpu) * 1e3, 1),
                      "speedup_vs_all_awake": round(speedup, 1),
                      "max_sink_mm": round(max_sink * 1e3, 3), "tunnelled": tunnelled,
                      "max_overlap_mm": round(max_overlap * 1e3, 2),
                      "motion_kb_median": round(kb, 2),
                      "bullet_share": round(share, 3), "bullet_step_share": round(step_share, 3),
                      "drift_mm_per_m": round(drift, 3), "spin_stop_ratio": round(stop, 3),
                      "headon_angle_err_deg": round(angle, 3), "headon_spin": round(spin, 3),
                      "low_speed_transfer": round(transfer, 3),
                      "max_hop_mm": round(hop * 1e3, 3), "leaning": int(leaning),
                      "flips": int(flips), "flip_rate": round(flips / hard, 4),
                      "stacked_flip_speed": lowest,
                      "pack_overlap_mm": round(overlap * 1e3, 4), "pack_propped": int(propped),
                      "pack_settle_s": round(settle, 2),
                      "slide_err_worst": round(slide, 4),
                      "rim_friction": config.RIM_FRICTION,
                      "throw_deg": round(thrown[2.0][0], 2),
                      "throw_spin": round(thrown[2.0][1], 2),
                      "throw_slide_deg": round(thrown[0.3][0], 2),
                      "throw_err_deg": round(max(abs(d - wd) for d, _, wd, _ in
                                                 thrown.values()), 3)}, TARGETS)


if __name__ == "__main__":
    main()
