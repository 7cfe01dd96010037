"""physics: flicked discs checked against physics as a textbook states it, and the Motion
contract (determinism, storage, playback) the rules, timeline and viewer rely on."""
from __future__ import annotations

import functools
import hashlib
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from physics import (PIECE_SIZES, Contact, Disc, Flick, Motion, config, gap_at_rest, simulate,
                     touching_at_rest)

ROOT = Path(__file__).resolve().parent.parent
G = config.GRAVITY
MU = config.DEFAULT_FRICTION


def piece(disc_id: str, kind: str, x: float, y: float, **kw) -> Disc:
    s = PIECE_SIZES[kind]
    return Disc(disc_id, s.radius, s.thickness, s.mass, x, y, **kw)


def around(m: Motion, t: float) -> tuple[int, int]:
    """Recorded frames to measure velocities from: the last sample interval that ends before
    moment t, and the first that starts 5 ms after it (once the hit is resolved)."""
    before = int(np.searchsorted(m.times, t, side="right")) - 2
    after = int(np.searchsorted(m.times, t + 0.005, side="left"))
    return before, after


def velocity(m: Motion, disc_id: str, k: int) -> np.ndarray:
    """Horizontal velocity of a disc over the recorded sample interval k .. k+1."""
    i = m.index(disc_id)
    return (m.poses[k + 1, i, :2].astype(float) - m.poses[k, i, :2]) / (m.times[k + 1] - m.times[k])


def cluster(n_side: int = 9) -> list[Disc]:
    """A grid of resting saucers (and a few bases), 81 discs 70 mm apart."""
    out = []
    for r in range(n_side):
        for c in range(n_side):
            kind = "base" if (r * n_side + c) % 10 == 0 else "saucer"
            out.append(piece(f"d{r}_{c}", kind, -0.28 + 0.07 * c, -0.28 + 0.07 * r,
                             yaw=0.1 * (r + c)))
    return out


# --- textbook physics -------------------------------------------------------------------

@pytest.mark.parametrize("speed", [0.8, 2.5])
def test_a_lone_disc_slides_v_squared_over_2_mu_g(speed):
    m = simulate([piece("a", "saucer", 0, 0)], Flick("a", math.radians(30), speed))
    (a,) = m.final
    expected = speed ** 2 / (2 * MU * G)
    assert math.hypot(a.x, a.y) == pytest.approx(expected, rel=0.10)
    assert math.atan2(a.y, a.x) == pytest.approx(math.radians(30), abs=0.01)
    # It stops after v / (mu g): the motion ends within a frame of that.
    assert m.duration == pytest.approx(speed / (MU * G), abs=1.5 / config.FRAME_HZ)


def test_a_head_on_hit_between_equal_discs_passes_on_most_of_the_momentum():
    a, b = piece("a", "saucer", 0, 0), piece("b", "saucer", 0.10, 0)
    m = simulate([a, b], Flick("a", 0.0, 2.0))
    assert m.first_contact is not None and m.first_contact.other("a") == "b"
    k0, k1 = around(m, m.first_contact.t)
    before = velocity(m, "a", k0)[0]
    assert velocity(m, "b", k1)[0] > 0.75 * before
    assert abs(velocity(m, "a", k1)[0]) < 0.2 * before
    # The struck disc goes on straight ahead.
    bf = m.final[1]
    assert abs(bf.y) < 0.02 * (bf.x - b.x)


def test_after_a_glancing_hit_equal_discs_move_off_as_the_2d_impulse_model_says():
    # Elastic discs, struck half a diameter off centre. Without rim friction they would part
    # at a right angle, the struck one along the line of centres (30 degrees); the rims' friction
    # (config.RIM_FRICTION) drags it round towards the striker's path ("cut-induced throw").
    from impulse2d import hit
    a = piece("a", "saucer", 0, 0, restitution=1.0)
    b = piece("b", "saucer", 0.10, a.radius, restitution=1.0)
    m = simulate([a, b], Flick("a", 0.0, 2.0))
    _, k1 = around(m, m.first_contact.t)
    va, vb = velocity(m, "a", k1), velocity(m, "b", k1)
    n = (math.cos(math.radians(30)), math.sin(math.radians(30)))
    wa, _, wb, _ = hit(a.mass, a.radius, (2.0, 0.0), 0.0, b.mass, b.radius, (0.0, 0.0), 0.0, n,
                       1.0, config.RIM_FRICTION)
    want_b = math.degrees(math.atan2(wb[1], wb[0]))
    want_angle = math.degrees(math.acos((wa[0] * wb[0] + wa[1] * wb[1])
                                        / math.hypot(*wa) / math.hypot(*wb)))
    assert want_b == pytest.approx(24.5, abs=0.1)  # 30 degrees less a 5.5-degree throw
    assert math.degrees(math.atan2(vb[1], vb[0])) == pytest.approx(want_b, abs=1.0)
    angle = math.degrees(math.acos(va @ vb / np.linalg.norm(va) / np.linalg.norm(vb)))
    assert angle == pytest.approx(want_angle, abs=3)


def test_momentum_is_conserved_within_the_friction_impulse():
    a = piece("a", "base", 0, 0)
    b = piece("b", "saucer", 0.11, 0.02)
    m = simulate([a, b], Flick("a", 0.0, 2.5))
    k0, k1 = around(m, m.first_contact.t)

    def momentum(k):
        return a.mass * velocity(m, "a", k) + b.mass * velocity(m, "b", k)

    change = np.linalg.norm(momentum(k1) - momentum(k0))
    # Between the middles of the two intervals, only the mat's friction acts from outside:
    # at most mu * g * (total mass) each second.
    span = (m.times[k1] + m.times[k1 + 1] - m.times[k0] - m.times[k0 + 1]) / 2
    friction_impulse = MU * G * (a.mass + b.mass) * span
    assert change <= friction_impulse
    assert np.linalg.norm(momentum(k0)) > 15 * friction_impulse  # the check is not vacuous


def test_a_spinning_disc_stops_spinning_and_stays_put():
    m = simulate([piece("a", "saucer", 0.1, 0.1)], Flick("a", 0.0, 0.0, spin=20.0))
    (a,) = m.final
    assert math.hypot(a.x - 0.1, a.y - 0.1) < 0.001
    # A flat disc's spin brakes at (4/3) mu g / R: 20 rad/s stops in about 0.13 s.
    stop = 20.0 / (4 / 3 * MU * G / a.radius)
    assert m.duration == pytest.approx(stop, rel=0.10)


@pytest.mark.parametrize("striker,target", [("saucer", "saucer"), ("kiboom", "black_hole"),
                                            ("base", "saucer"), ("saucer", "base")])
def test_no_disc_passes_through_another_or_leaves_the_mat_at_3_m_per_s(striker, target):
    a, b = piece("a", striker, 0, 0), piece("b", target, 0.12, 0)
    m = simulate([a, b], Flick("a", 0.0, config.MAX_FLICK_SPEED))
    assert [(c.a, c.b) for c in m.contacts][:1] == [("a", "b")]
    fa, fb = m.final
    assert fa.x < fb.x  # the striker stayed behind
    assert not (fa.z or fb.z or fa.upside_down or fb.upside_down)
    for i, d in enumerate((a, b)):
        # Its lowest point stays on the mat: flat, or rocking on an edge (a 5 mm Kiboom struck
        # 0.5 mm below its centre by the 4 mm Black Hole's rim tips up a few degrees).
        assert np.abs(lowest_point(m.poses[:, i], d.radius, d.thickness)).max() < 2e-5
        assert m.poses[-1, i, 2] == pytest.approx(d.thickness / 2, abs=1e-5)
        if striker != "kiboom":  # equal 5 mm rims, or a Base's band: no tip
            z = m.poses[:, i, 2]
            assert np.all(z == z[0])
    gap = np.hypot(*(m.poses[:, 0, :2] - m.poses[:, 1, :2]).T) - a.radius - b.radius
    # Overlap is at most one solver step of travel, never a pass-through.
    step = config.MAX_FLICK_SPEED / (config.FRAME_HZ * config.SUBSTEPS)
    assert gap.min() > -(step + 0.0005)


def lowest_point(pose: np.ndarray, radius: float, thickness: float) -> np.ndarray:
    """Height above the mat of the lowest point of discs with poses (F, 7)."""
    q = pose[:, 3:].astype(np.float64)
    zz = 1 - 2 * (q[:, 0] ** 2 + q[:, 1] ** 2)  # cosine of the tilt
    return pose[:, 2] - thickness / 2 * np.abs(zz) - radius * np.sqrt(np.clip(1 - zz * zz, 0, 1))


# --- determinism ------------------------------------------------------------------------

SCRIPT = """
import hashlib, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {root!r} + "/tests")  # by file, not as `tests.`: a package may own that name
from test_physics import busy_flick
from physics import simulate
discs, flick = busy_flick()
print(hashlib.sha256(simulate(discs, flick).to_bytes()).hexdigest())
"""


def busy_flick():
    """A base flicked hard into a packed grid: many discs wake, collide and go back to sleep."""
    discs = cluster()
    discs.append(piece("striker", "base", -0.45, -0.25))
    return discs, Flick("striker", math.radians(8), 3.0, spin=-6.0)


@functools.lru_cache(maxsize=1)
def busy_motion() -> Motion:
    discs, flick = busy_flick()
    return simulate(discs, flick)


def test_the_same_flick_gives_a_bit_identical_motion():
    discs, flick = busy_flick()
    m1 = simulate(discs, flick)
    m2 = simulate(discs, flick)
    assert m1.bit_equal(m2) and m1 == m2
    assert len(m1.moved_ids) > 5 and len(m1.contacts) > 5  # a real cascade
    other = simulate(discs, Flick("striker", math.radians(8), 2.9, spin=-6.0))
    assert other != m1


def test_the_same_flick_is_bit_identical_in_a_new_process():
    discs, flick = busy_flick()
    here = hashlib.sha256(simulate(discs, flick).to_bytes()).hexdigest()
    out = subprocess.run([sys.executable, "-c", SCRIPT.format(root=str(ROOT))],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip().splitlines()[-1] == here


def test_a_reused_client_gives_the_same_motion_as_a_new_connection(monkeypatch):
    discs, flick = busy_flick()
    simulate(discs, Flick("d0_0", 0.3, 2.0))  # leave something behind in the client
    reused = simulate(discs, flick)
    monkeypatch.setattr(config, "REUSE_CONNECTION", False)
    assert simulate(discs, flick) == reused


def test_a_flick_from_the_resting_discs_of_a_motion_replays_exactly():
    m = busy_motion()
    after = list(m.final)
    again = simulate(after, Flick("d4_4", 1.0, 1.0))
    assert again == simulate(after, Flick("d4_4", 1.0, 1.0))


# --- resting discs ------------------------------------------------------------------------

def test_discs_nothing_reaches_come_back_exactly_as_given():
    discs = cluster()
    discs.append(piece("loner", "saucer", 0.6, 0.6))
    m = simulate(discs, Flick("loner", math.radians(45), 1.0))
    assert m.moved_ids == ("loner",)
    assert m.final[:-1] == tuple(discs[:-1])
    assert m.contacts == () and m.first_contact is None


def test_a_disc_lying_on_another_stays_on_it_when_a_flick_passes_close_by():
    under = piece("under", "base", 0.2, 0.0)
    over = piece("over", "saucer", 0.2, 0.025, z=under.thickness)  # overhangs to y = 0.045
    m = simulate([piece("a", "saucer", 0.0, 0.075), under, over], Flick("a", 0.0, 1.5))
    assert m.contacts == ()
    assert m.final[1:] == (under, over)


def test_a_disc_at_rest_is_woken_when_struck():
    discs = [piece("a", "saucer", 0, 0), piece("b", "saucer", 0.2, 0),
             piece("c", "saucer", 0.3, 0)]
    m = simulate(discs, Flick("a", 0.0, 2.5))
    assert [(c.a, c.b) for c in m.contacts] == [("a", "b"), ("b", "c")]
    assert m.first_contact == m.contacts[0]
    assert m.final[2].x > 0.35


def test_discs_touching_before_the_flick_do_not_count_as_a_new_touch_when_pulled_apart():
    a = piece("a", "saucer", 0, 0)
    b = piece("b", "saucer", 2 * a.radius, 0)
    m = simulate([a, b], Flick("a", math.pi, 1.0))
    assert m.contacts == ()
    assert m.final[1] == b


def test_a_hit_runs_down_a_row_of_close_discs_without_overlaps():
    # Newton's cradle: 2 mm gaps, so each struck disc hits the next within the same frame.
    row = [piece(f"r{k}", "saucer", 0.1 + k * 0.042, 0) for k in range(5)]
    m = simulate([piece("a", "saucer", 0, 0)] + row, Flick("a", 0.0, 3.0))
    firsts = []
    for c in m.contacts:
        if (c.a, c.b) not in firsts:
            firsts.append((c.a, c.b))
    assert firsts[:5] == [("a", "r0"), ("r0", "r1"), ("r1", "r2"), ("r2", "r3"), ("r3", "r4")]
    xy = m.poses[:, :, :2]
    r = row[0].radius
    for i in range(6):
        for j in range(i + 1, 6):
            gap = np.linalg.norm(xy[:, i] - xy[:, j], axis=1) - 2 * r
            assert gap.min() > -0.002, (i, j)
    assert m.final[-1].x > row[-1].x + 0.2  # the last one flies off


def test_a_disc_flicked_into_one_it_already_touches_touches_it():
    a = piece("a", "saucer", 0, 0)
    b = piece("b", "saucer", 2 * a.radius, 0)
    m = simulate([a, b], Flick("a", 0.0, 0.5))
    assert m.first_contact is not None and m.first_contact.other("a") == "b"
    assert m.first_contact.t < 0.002
    assert m.final[1].x > b.x + 0.005


def test_the_contacts_are_ordered_by_time():
    m = busy_motion()
    ts = [c.t for c in m.contacts]
    assert ts == sorted(ts)
    assert m.first_contact.involves("striker")
    assert all(m.ids.index(c.a) < m.ids.index(c.b) for c in m.contacts)


def test_an_upside_down_disc_stays_upside_down_and_keeps_its_yaw_when_untouched():
    a = piece("a", "saucer", 0, 0, upside_down=True, yaw=0.7)
    b = piece("b", "kiboom", 0.3, 0.3, upside_down=True, yaw=-2.0)
    m = simulate([a, b], Flick("a", 0.0, 1.0))
    fa, fb = m.final
    assert fa.upside_down and fb.upside_down
    assert fa.yaw == pytest.approx(0.7, abs=0.2)
    assert fb == b


# --- vanishing and leaving the table ---------------------------------------------------------

def test_a_disc_vanishes_the_moment_it_touches_a_listed_disc():
    ship = piece("ship", "saucer", 0, 0)
    hole = piece("hole", "black_hole", 0.15, 0)
    m = simulate([ship, hole], Flick("ship", 0.0, 1.5),
                 vanish_on_touch={"ship": frozenset({"hole"})})
    assert [v[0] for v in m.vanished] == ["ship"]
    assert m.vanished[0][1] == m.first_contact.t
    assert [d.id for d in m.final] == ["hole"]
    assert not m.present_at(m.duration)[0] and m.present_at(0.0)[0]
    # It left before it could push the black hole far.
    assert abs(m.final[0].x - hole.x) < 0.005


def test_a_disc_that_goes_beyond_the_table_radius_leaves_the_table():
    m = simulate([piece("a", "saucer", 0.5, 0)], Flick("a", 0.0, 2.0), table_radius=0.8)
    assert [d for d, _ in m.left_table] == ["a"] and m.final == ()


# --- the Motion value --------------------------------------------------------------------

def test_motion_is_sampled_at_120_hz_or_better_and_read_only():
    m = simulate([piece("a", "saucer", 0, 0)], Flick("a", 0.0, 1.0))
    assert np.max(np.diff(m.times)) <= 1 / 120 + 1e-12
    assert m.poses.dtype == np.float32 and m.poses.shape == (len(m.times), 1, 7)
    with pytest.raises(ValueError):
        m.poses[0, 0, 0] = 1.0
    with pytest.raises(ValueError):
        m.times[0] = 1.0


def test_motion_round_trips_through_bytes_exactly_and_is_small():
    m = busy_motion()
    data = m.to_bytes()
    assert Motion.from_bytes(data) == m
    assert len(data) <= 10 * 1024


def test_any_motion_round_trips_through_bytes_within_10_micrometres():
    rng = np.random.default_rng(1)
    f, n = 50, 3
    poses = np.zeros((f, n, 7), dtype=np.float32)
    poses[:, :, :3] = np.cumsum(rng.normal(0, 0.003, (f, n, 3)), axis=0)
    q = rng.normal(size=(f, n, 4))
    poses[:, :, 3:] = q / np.linalg.norm(q, axis=2, keepdims=True)
    d = piece("x", "saucer", 0.1, 0.2)
    m = Motion(ids=("x", "y", "z"), times=np.arange(f) / 120.0, poses=poses,
               contacts=(Contact(0.05, "x", "y"),), first_contact=Contact(0.05, "x", "y"),
               vanished=(("z", 0.1),), final=(d,), duration=(f - 1) / 120.0, piece="x")
    back = Motion.from_bytes(m.to_bytes())
    assert np.max(np.abs(back.poses[..., :3] - m.poses[..., :3])) <= 1e-5
    assert np.max(np.abs(back.poses[..., 3:] - m.poses[..., 3:])) <= 1 / 32767
    assert back.contacts == m.contacts and back.vanished == m.vanished
    assert back.final == m.final and back.times.tobytes() == m.times.tobytes()


def test_corrupt_bytes_are_refused_with_a_clear_error():
    m = simulate([piece("a", "saucer", 0, 0)], Flick("a", 0.0, 0.5))
    data = m.to_bytes()
    for bad in (b"", b"nonsense", data[:-7], data[:4] + b"\x00" * 20):
        with pytest.raises(ValueError):
            Motion.from_bytes(bad)


def test_pose_at_is_continuous_and_the_same_forwards_and_backwards():
    m = busy_motion()
    ts = np.linspace(-0.1, m.duration + 0.1, 2001)
    forward = [m.pose_at(t) for t in ts]
    backward = [m.pose_at(t) for t in ts[::-1]][::-1]
    assert all(np.array_equal(f, b) for f, b in zip(forward, backward))
    pos = np.array([p[:, :3] for p in forward])
    step = ts[1] - ts[0]
    assert np.max(np.abs(np.diff(pos, axis=0))) <= 3.5 * step  # never faster than ~3 m/s
    quat = np.array([p[:, 3:] for p in forward])
    assert np.allclose(np.linalg.norm(quat, axis=2), 1.0, atol=1e-6)
    # Before the start and after the end, the first and last frames hold.
    assert np.array_equal(m.pose_at(-5.0), m.pose_at(m.times[0]))
    assert np.array_equal(m.pose_at(m.duration + 5), m.pose_at(m.duration))
    assert np.allclose(m.pose_at(-5.0), m.poses[0], atol=1e-4)
    assert np.allclose(m.positions_at(m.times[3]), m.poses[3, :, :3], atol=1e-7)


def test_the_last_frame_matches_the_resting_discs():
    m = busy_motion()
    last = m.poses[-1]
    for d in m.final:
        i = m.index(d.id)
        assert abs(last[i, 0] - d.x) <= 6e-6 and abs(last[i, 1] - d.y) <= 6e-6


# --- inputs and helpers -----------------------------------------------------------------

def test_bad_inputs_are_refused():
    a = piece("a", "saucer", 0, 0)
    with pytest.raises(ValueError):
        simulate([a], Flick("nobody", 0.0, 1.0))
    with pytest.raises(ValueError):
        simulate([a, a], Flick("a", 0.0, 1.0))
    with pytest.raises(ValueError):
        simulate([a], Flick("a", 0.0, 1.0), vanish_on_touch={"a": frozenset({"ghost"})})
    with pytest.raises(ValueError):
        Flick("a", 0.0, -1.0)
    with pytest.raises(ValueError):
        Disc("a", 0.0, 0.005, 0.008, 0, 0)


def test_gap_and_touching_at_rest_use_a_1_mm_tolerance():
    a = piece("a", "saucer", 0, 0)
    b = piece("b", "saucer", 0.0405, 0)   # 0.5 mm apart
    c = piece("c", "saucer", -0.0415, 0)  # 1.5 mm apart
    assert gap_at_rest(a, b) == pytest.approx(0.0005)
    assert touching_at_rest([a, b, c]) == (("a", "b"),)
    # A disc resting on top of another is 0 apart vertically when their footprints overlap.
    top = piece("t", "saucer", 0.01, 0, z=a.thickness)
    assert gap_at_rest(a, top) == pytest.approx(0.0)


def test_physics_loads_no_panda3d():
    code = ("import sys; sys.path.insert(0, %r); import physics; physics.simulate; "
            "print('panda3d' in sys.modules)" % str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_a_discs_track_runs_from_its_start_to_its_rest_and_skips_standing_still():
    m = simulate([piece("a", "saucer", 0, 0)], Flick("a", 0.0, 0.8))
    pts = m.track("a")
    assert pts[0] == pytest.approx((0.0, 0.0), abs=1e-6)
    rest = m.final[0]
    assert pts[-1] == pytest.approx((rest.x, rest.y), abs=1e-4)
    assert 3 <= len(pts) <= 121
    steps = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:])]
    assert min(steps) > 1e-4  # no two points where the disc stood still
    assert len(m.track("a", most=10)) <= 11


# --- the first frames, handed out while the rest is simulated ----------------------------------

def test_the_first_frames_streamed_are_the_start_of_the_motion_bit_for_bit():
    """A window plays a flick from the frames streamed while the rest is simulated: each
    handful is exactly the start of the motion `simulate` returns, which streaming leaves as
    it would be without."""
    discs, flick = busy_flick()
    first: list[Motion] = []
    m = simulate(discs, flick, on_frames=first.append)
    assert m == busy_motion()
    assert [len(f.times) for f in first] == [3, 6, 12, 24, 48]
    for f in first:
        n = len(f.times)
        assert f.ids == m.ids and f.piece == m.piece and f.duration == f.times[-1]
        assert np.array_equal(f.times, m.times[:n])
        assert np.array_equal(f.poses.view(np.uint32), m.poses[:n].view(np.uint32))
        assert f.contacts == () and f.final == () and f.vanished == ()


def test_no_frames_are_streamed_once_a_disc_has_vanished():
    """What comes after a vanishing may change (a Shield fires once), so the stream ends
    there: every streamed frame is before the ship vanished."""
    ship = piece("ship", "saucer", 0, 0)
    hole = piece("hole", "black_hole", 0.25, 0)
    first: list[Motion] = []
    m = simulate([ship, hole], Flick("ship", 0.0, 1.5),
                 vanish_on_touch={"ship": frozenset({"hole"})}, on_frames=first.append)
    assert m.vanished and first  # it slid a little before it touched
    assert all(f.duration <= m.vanished[0][1] for f in first)
    assert len(first) < 5
