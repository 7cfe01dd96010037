"""A hit can tip a disc up on its rim and turn it over (physics 4, `physics.tip`).

The rulebook's Damage: "A Base or Flying Saucer that is turned over 'accidentally', for example
after being violently struck, cannot be activated again during that turn." Physics has to be able
to turn a disc over when a hit really does, and must not where it cannot: rims meet band to band
on the mat, so equal discs side by side never tip, however hard or far off centre they meet."""
from __future__ import annotations

import math

import numpy as np
import pytest

from physics import PIECE_SIZES, Disc, Flick, Motion, config, simulate
from physics.tip import Tip, contact, kick, kicks, tip_energy

SAUCER = PIECE_SIZES["saucer"]
BASE = PIECE_SIZES["base"]


def piece(disc_id: str, kind: str, x: float, y: float, **kw) -> Disc:
    s = PIECE_SIZES[kind]
    return Disc(disc_id, s.radius, s.thickness, s.mass, x, y, **kw)


def tilt_deg(q) -> float:
    zz = 1 - 2 * (float(q[0]) ** 2 + float(q[1]) ** 2)
    return math.degrees(math.acos(max(-1.0, min(1.0, zz))))


def stacked(speed: float, offset: float = 0.0, yaw: float = 0.0):
    """A saucer lying on another saucer (its lower face 5 mm up), overhanging it towards a
    Base that is flicked at it: the Base's 6 mm rim reaches the upper saucer's lower chamfer."""
    under = piece("under", "saucer", 0.0, 0.0)
    top = piece("top", "saucer", -0.012, 0.0, z=SAUCER.thickness, yaw=yaw)
    base = piece("base", "base", -0.012 - SAUCER.radius - BASE.radius - 0.004,
                 offset * (SAUCER.radius + BASE.radius))
    return [base, under, top], Flick("base", 0.0, speed)


# --- where rims press on each other -------------------------------------------------------

def test_equal_discs_side_by_side_meet_at_their_centres_height():
    h, slope = contact(0.0, SAUCER.thickness, 0.0, SAUCER.thickness)
    assert (h, slope) == (SAUCER.thickness / 2, 0.0)
    # ...so a hit, however hard, has no moment about a horizontal axis: no turn at all.
    assert kick(SAUCER.mass, SAUCER.radius, SAUCER.thickness, 0.0, 10.0, 0.0) == 0.0


def test_a_base_meets_a_saucer_over_the_saucers_band_a_disc_lying_higher_at_the_chamfers():
    h, slope = contact(0.0, BASE.thickness, 0.0, SAUCER.thickness)
    assert slope == 0.0 and h == pytest.approx(SAUCER.thickness / 2)
    h, slope = contact(0.0, BASE.thickness, SAUCER.thickness, SAUCER.thickness)
    assert slope == 1.0 and SAUCER.thickness < h < BASE.thickness


def test_the_turn_rate_from_a_push_below_the_centre_matches_the_rigid_body_with_the_mat():
    """Horizontal impulse J at d below the centre of a disc on the mat: it turns about its
    struck edge, w = d J / (I + m R^2), its far side rising; the mat pushes up at that edge."""
    m, r, t = SAUCER.mass, SAUCER.radius, SAUCER.thickness
    i = m * (3 * r * r + t * t) / 12
    w = kick(m, r, t, -0.0005, 0.02, 0.0)
    assert w == pytest.approx(-0.0005 * 0.02 / (i + m * r * r))
    # Lifted at its struck side as hard as pushed: it turns about its far edge.
    w = kick(m, r, t, -0.002, 0.01, 0.01)
    assert w == pytest.approx((-0.002 * 0.01 + 2 * r * 0.01) / (i + m * r * r))
    # Pressed down at its struck side: the mat holds it flat.
    assert kick(m, r, t, 0.002, 0.01, -0.01) == 0.0


def test_along_a_sloping_normal_the_rims_exchange_less_than_a_flat_hit():
    a = (BASE.mass, BASE.radius, BASE.thickness)
    b = (SAUCER.mass, SAUCER.radius, SAUCER.thickness)
    wa, wb, across = kicks(a, b, -0.0005, 0.0, 0.0, 0.01, False)
    assert wb == 0.0 and wa == pytest.approx(kick(*a, -0.0005, 0.01, 0.0), rel=0.01)
    assert across == pytest.approx(0.01, rel=0.01)
    _, wb, across = kicks(a, b, 0.0005, -0.002, 1.0, 0.01, False)
    naive = kick(*b, -0.002, 0.01, 0.01)  # Bullet's impulse, plus as much again upwards
    assert 0.3 * naive < wb < 0.7 * naive
    assert 0.3 * 0.01 < across < 0.7 * 0.01


@pytest.mark.parametrize("kind", ["saucer", "base", "kiboom"])
def test_a_disc_turns_over_exactly_when_its_turn_carries_what_standing_it_on_its_rim_costs(kind):
    s = PIECE_SIZES[kind]
    crit = math.sqrt(1.0 / tip_energy(s.mass, s.radius, s.thickness, 1.0))
    for factor, outcome in ((0.98, "flat"), (1.02, "over")):
        tip = Tip(s.mass, s.radius, s.thickness, 1.0, 0.0, factor * crit)
        top = 0.0
        for _ in range(2400):
            tip.step(1 / 240)
            top = max(top, tip.a)
            if tip.done:
                break
        assert tip.done == outcome
        if outcome == "flat":
            # It rose nearly to balance over its edge (centre above the edge), then fell back.
            assert math.pi / 2 - math.atan2(s.thickness / 2, s.radius) - 0.35 < top < math.pi / 2


def test_a_tipping_disc_keeps_its_lowest_point_on_what_it_lies_on():
    s = SAUCER
    tip = Tip(s.mass, s.radius, s.thickness, 0.0, 1.0, 40.0)
    while tip.done is None:
        tip.step(1 / 240, substeps=1)
        a = tip.a
        lowest = tip.height() - s.thickness / 2 * abs(math.cos(a)) - s.radius * math.sin(a)
        assert abs(lowest) < 1e-12
    assert tip.done == "over"


# --- in simulate --------------------------------------------------------------------------

def test_a_saucer_violently_struck_at_its_chamfer_is_turned_over():
    """A saucer lying on another is struck by a Base at 1 m/s: the Base's rim meets its lower
    chamfer, lifts its struck side, and it goes over onto its other face."""
    discs, flick = stacked(1.0)
    m = simulate(discs, flick)
    top = next(d for d in m.final if d.id == "top")
    assert top.upside_down
    k = m.index("top")
    tilts = [tilt_deg(q) for q in m.poses[:, k, 3:]]
    assert max(tilts) > 90 and tilts[-1] == pytest.approx(180.0, abs=0.01)
    assert any(c.involves("top") for c in m.contacts)
    # Every other disc stays flat and keeps its face.
    for d in m.final:
        if d.id != "top":
            assert not d.upside_down


def test_a_turned_over_disc_ends_on_its_other_face_with_its_yaw_mirrored_about_the_edge():
    discs, flick = stacked(1.0, yaw=0.4)
    m = simulate(discs, flick)
    top = next(d for d in m.final if d.id == "top")
    k = m.index("top")
    assert top.upside_down
    # The final disc is what the last frame shows (its face and its yaw).
    from physics.sim import disc_quaternion

    q = np.array(disc_quaternion(top.yaw, top.upside_down))
    assert abs(float(np.dot(q, m.poses[-1, k, 3:]))) == pytest.approx(1.0, abs=1e-4)
    # Turned about the edge it was pushed towards (+x): yaw 0.4 becomes pi - 0.4.
    assert top.yaw == pytest.approx(math.pi - 0.4, abs=0.001)


def test_a_gentler_hit_rocks_the_saucer_up_and_it_falls_back_on_the_same_face():
    discs, flick = stacked(0.18)
    m = simulate(discs, flick)
    top = next(d for d in m.final if d.id == "top")
    k = m.index("top")
    tilts = [tilt_deg(q) for q in m.poses[:, k, 3:]]
    assert 2.0 < max(tilts) < 90.0 and tilts[-1] < 0.01
    assert not top.upside_down


def test_a_saucer_slides_under_the_overhang_of_a_saucer_lying_on_another():
    """A 5 mm saucer's rim stops below the upper saucer's lower face (5 mm up): it passes
    under the overhang and strikes the saucer beneath; nothing tips."""
    under = piece("under", "saucer", 0.0, 0.0)
    top = piece("top", "saucer", -0.012, 0.0, z=SAUCER.thickness)
    striker = piece("s", "saucer", -0.08, 0.0)
    m = simulate([striker, under, top], Flick("s", 0.0, 1.5))
    assert m.first_contact.other("s") == "under"
    assert not any(c.involves("top") and c.involves("s") for c in m.contacts)
    assert not any(d.upside_down for d in m.final)


def test_a_disc_lying_on_a_thin_disc_is_not_shoved_by_its_own_support():
    """A saucer on the 4 mm Black Hole: their rims cannot meet (one lies on the other), so when
    the Black Hole is knocked from under it, it drops straight onto the mat."""
    bh = piece("bh", "black_hole", 0.0, 0.0)
    top = piece("top", "saucer", 0.01, 0.0, z=PIECE_SIZES["black_hole"].thickness)
    far = piece("far", "saucer", 0.2, 0.0)
    m = simulate([bh, top, far], Flick("far", math.pi, 2.0))  # into the Black Hole's rim
    assert [(c.a, c.b) for c in m.contacts] == [("bh", "far")]
    got = next(d for d in m.final if d.id == "top")
    assert got.z == 0.0 and (got.x, got.y) == (top.x, top.y)


def test_a_turning_over_flick_gives_the_same_motion_bit_for_bit():
    discs, flick = stacked(1.5, offset=0.3)
    a, b = simulate(discs, flick), simulate(discs, flick)
    assert a.bit_equal(b)
    assert Motion.from_bytes(a.to_bytes()).bit_equal(a)
    assert any(d.upside_down for d in a.final)


def test_dead_centre_and_glancing_hits_between_equal_discs_tip_neither():
    """0 of 24: saucer on saucer and Base on Base at 1 to 3 m/s, centre to grazing."""
    for kind in ("saucer", "base"):
        r = PIECE_SIZES[kind].radius
        for speed in (1.0, 2.0, config.MAX_FLICK_SPEED):
            for offset in (0.0, 0.5, 0.9, 0.98):
                m = simulate([piece("a", kind, 0, 0), piece("b", kind, 0.1, offset * 2 * r)],
                             Flick("a", 0.0, speed))
                assert m.contacts
                assert max(tilt_deg(q) for q in m.poses[:, :, 3:].reshape(-1, 4)) < 0.01
                assert not any(d.upside_down for d in m.final)


def test_a_turning_over_flick_is_bit_identical_in_a_new_process():
    import hashlib
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parent.parent)
    script = (
        "import hashlib, sys\n"
        f"sys.path.insert(0, {root!r}); sys.path.insert(0, {root + '/tests'!r})\n"
        "from test_physics_tip import stacked\n"
        "from physics import simulate\n"
        "discs, flick = stacked(1.5, offset=0.3)\n"
        "print(hashlib.sha256(simulate(discs, flick).to_bytes()).hexdigest())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()[-1]
    discs, flick = stacked(1.5, offset=0.3)
    assert out == hashlib.sha256(simulate(discs, flick).to_bytes()).hexdigest()
