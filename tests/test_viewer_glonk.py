"""Glonk in the viewer: textures, layout, motion playback, aiming, and offscreen pictures.

The picture tests render the scene offscreen (Mesa, EGL surfaceless), project a disc's
centre to the screen and compare the colour there with the disc's sticker and with the mat
beneath it: the picture must show each disc where the state puts it.
"""
from __future__ import annotations

import functools
import math
from dataclasses import replace

import numpy as np
import pytest

from games.glonk import GAME, load_book, load_galaxy
from games.glonk.actions import Flick, Move
from games.glonk.positions import position, scripted_motion
from viewer.glonk import aim as AIM
from viewer.glonk import textures as T

POS = {"Z0": (0.33, 0.05), "Z1": (0.30, -0.06), "Z2": (0.215, 0.257), "P0": (-0.30, 0.10),
       "P5": (-0.15, 0.32), "P6": (-0.36, -0.20), "BH": (0.0, 0.0), "A1": (0.15, -0.05),
       "A2": (-0.20, -0.05)}


def mixed_state():
    return position(["zorgs", "space_pirates"], at=POS, out=["Z3", "Z4", "P1"],
                    atomised={"Z5": 1, "Z6": 1, "P3": 0, "P4": None}, passive=["Z1", "P5"],
                    molten=["A2"], damaged=["P6"], turn=0)


# --- textures ------------------------------------------------------------------------------------

def test_mat_has_centre_three_rings_and_lines_in_space_colours():
    size = 320
    img = T.mat_image(size)
    half = T.MAT_HALF

    def at(x, y):
        c = int((x + half) / (2 * half) * size)
        r = int((half - y) / (2 * half) * size)
        return img[r, c]

    line = at(0.25, 0.0012)  # on the inner ring's radial line at angle 0
    inner = at(0.175 * math.cos(0.5), 0.175 * math.sin(0.5))
    middle = at(0.335 * math.cos(0.18), 0.335 * math.sin(0.18))
    outer = at(0.51 * math.cos(0.13), 0.51 * math.sin(0.13))
    assert line.mean() > 0.6 and line[2] > 0.8  # bright cyan-white line
    assert inner[0] > inner[1] and inner[2] > inner[1]  # magenta inner ring
    assert middle[2] > middle[0] > middle[1] * 0.8  # indigo middle ring
    assert outer[2] > outer[0]  # blue outer ring
    assert at(0.0, 0.0).mean() < 0.15  # the dark vortex under the Black Hole
    for c in (inner, middle, outer):
        assert 0.05 < c.mean() < 0.6  # printed colours, not lines


def test_every_ship_type_has_a_distinct_active_and_passive_sticker():
    atlas = T.sticker_pixels().astype(float)
    book = load_book()
    means, cells = {}, {}
    for key in T.sticker_keys():
        r, c = T.cell_of(key)
        cells[key] = atlas[r * T.CELL:(r + 1) * T.CELL, c * T.CELL:(c + 1) * T.CELL]
        means[key] = cells[key].mean(axis=(0, 1))
    for armada in book.armadas:
        for ship in armada.ships:
            a = cells[("ship", armada.id, ship.type, "active")]
            p = cells[("ship", armada.id, ship.type, "passive")]
            if ship.faces == 2:  # pixel by pixel, the two faces differ clearly
                assert np.abs(a - p).mean() > 25, (armada.id, ship.type)
    # the armadas' active faces differ from one another
    firsts = [means[("ship", a.id, a.ships[1].type, "active")] for a in book.armadas]
    for i in range(len(firsts)):
        for j in range(i + 1, len(firsts)):
            assert np.abs(firsts[i] - firsts[j]).sum() > 25


# --- aiming --------------------------------------------------------------------------------------

def test_slide_estimate_is_the_textbook_v2_over_2_mu_g():
    assert AIM.slide_distance(2.0) == pytest.approx(4.0 / (2 * 0.35 * 9.81), rel=1e-6)


def test_a_longer_pull_flicks_harder_up_to_3_m_per_s():
    speeds = [AIM.pull_to_speed(p) for p in (0.01, 0.05, 0.1, 0.2, 0.25, 0.6)]
    assert speeds == sorted(speeds)
    assert speeds[-1] == pytest.approx(3.0) and speeds[-2] == pytest.approx(3.0)
    # the speed grows in step with the pull, so a few pixels never make a hard flick: a 4 mm
    # pull (about 4 px in top view) is under 0.1 m/s, not the 0.58 m/s it used to be
    assert AIM.pull_to_speed(0.1) == pytest.approx(2 * AIM.pull_to_speed(0.05))
    assert AIM.pull_to_speed(0.004) < 0.1


def test_the_flick_goes_opposite_to_the_pull_and_says_standard_or_hyper():
    s = mixed_state()
    z2 = s.piece("Z2")  # a Kogneur, speed 1, in the middle ring
    assert z2.speed == 1
    short = AIM.aim_from_pull(s, "Z2", (z2.x, z2.y), (z2.x + 0.01, z2.y))
    assert short.angle == pytest.approx(180.0)
    assert short.standard and not short.lost
    assert short.parsecs is not None and short.parsecs <= 1
    far = AIM.aim_from_pull(s, "Z2", (z2.x, z2.y), (z2.x - 0.15, z2.y + 0.0001))
    assert abs(far.angle) < 1 or abs(far.angle - 360) < 1
    assert not far.standard
    assert far.lost == (math.hypot(*far.rest) - z2.radius >= 0.60)
    assert "HYPER" in far.words(1) or "lost" in far.words(1)
    assert AIM.aim_from_pull(s, "Z2", (z2.x, z2.y), (z2.x + 0.002, z2.y)) is None


# --- the offscreen scene -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def app():
    from viewer.render import _session_for, offscreen_app

    return offscreen_app(_session_for(mixed_state(), "glonk"), (640, 480))


def show(app, state, preset="top"):
    from viewer.render import _session_for

    app.set_session(_session_for(state, "glonk"))
    app.scene.deselect()  # as the controller does when the position changes
    app.set_view(app.preset(preset))
    app.render_frames(2)
    return app.capture().astype(float)


def _disc_mean(img, cx, cy, pr):
    """Mean colour of the pixels of `img` within `pr` of (cx, cy) (pixel centres at integers),
    looked at only in the square around the disc."""
    h, w = img.shape[:2]
    x0, x1 = max(0, int(math.floor(cx - pr))), min(w, int(math.ceil(cx + pr)) + 1)
    y0, y1 = max(0, int(math.floor(cy - pr))), min(h, int(math.ceil(cy + pr)) + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    mask = (xx - cx) ** 2 + (yy - cy) ** 2 <= pr * pr
    return img[y0:y1, x0:x1][mask].mean(axis=0)


def disc_colour(app, img, x, y, z, radius, frac=0.45):
    """Mean rendered colour over the middle of a disc lying at (x, y, z)."""
    c = app.project((x, y, z))
    e = app.project((x + radius, y, z))
    assert c is not None and e is not None
    pr = max(2.0, math.hypot(e[0] - c[0], e[1] - c[1]) * frac)
    return _disc_mean(img, c[0], c[1], pr)


@functools.lru_cache(maxsize=1)
def _atlas():
    return T.sticker_pixels().astype(float)


@functools.lru_cache(maxsize=1)
def _mat():
    return T.mat_pixels().astype(float)


def face_colour(key, frac=0.45):
    r, c = T.cell_of(key)
    cell = _atlas()[r * T.CELL:(r + 1) * T.CELL, c * T.CELL:(c + 1) * T.CELL]
    n = T.CELL
    return _disc_mean(cell, n / 2 - 0.5, n / 2 - 0.5, n / 2 * T.FACE_FILL * frac)


def mat_colour(x, y, radius, frac=0.45):
    img = _mat()
    n = img.shape[0]
    half = T.MAT_HALF
    # pixel (i, j) has its centre at world ((j + 0.5) / n * 2 half - half, half - (i + 0.5) ...)
    scale = n / (2 * half)
    return _disc_mean(img, (x + half) * scale - 0.5, (half - y) * scale - 0.5,
                      radius * frac * scale)


def face_key(p):
    if p.kind == "black_hole":
        return ("black_hole",)
    if p.kind == "asteroid":
        return ("molten",) if p.molten else ("asteroid",)
    book = load_book()
    faces = book.ship(p.armada, p.type).faces
    return ("ship", p.armada, p.type, "active" if (p.active or faces == 1) else "passive")


def assert_disc_shown(app, img, p, x=None, y=None):
    x = p.x if x is None else x
    y = p.y if y is None else y
    got = disc_colour(app, img, x, y, p.thickness, p.radius)
    want = face_colour(face_key(p))
    under = mat_colour(x, y, p.radius)
    assert np.abs(got - want).sum() < np.abs(got - under).sum(), (p.id, got, want, under)
    assert np.abs(got - want).sum() < 150, (p.id, got, want)


def test_the_picture_shows_the_mat_and_each_disc_where_the_state_puts_it(app):
    s = mixed_state()
    img = show(app, s)
    for p in s.in_play():
        assert_disc_shown(app, img, p)
    # an empty space shows the printed mat
    sp = load_galaxy().by_id["O20"]
    x, y = sp.centroid
    got = disc_colour(app, img, x, y, 0.0, 0.03)
    assert np.abs(got - mat_colour(x, y, 0.03)).sum() < 90


def test_a_moved_disc_is_drawn_at_its_new_place_and_the_mat_shows_where_it_was(app):
    s = mixed_state()
    z2 = s.piece("Z2")
    moved = s.with_pieces({**{p.id: p for p in s.pieces}, "Z2": replace(z2, x=-0.05, y=-0.45)})
    img = show(app, moved)
    assert_disc_shown(app, img, moved.piece("Z2"))
    old = disc_colour(app, img, z2.x, z2.y, 0.0, z2.radius)
    assert np.abs(old - mat_colour(z2.x, z2.y, z2.radius)).sum() < 90


def test_passive_and_molten_discs_lie_back_face_up(app):
    s = mixed_state()
    show(app, s)
    scene = app.scene
    for pid, back in (("Z1", True), ("P5", True), ("A2", True), ("Z0", False), ("A1", False)):
        up = scene.nodes[pid].getQuat(app.render).getUp()
        assert (up.z < -0.99) if back else (up.z > 0.99), pid


def test_out_of_play_and_atomised_pieces_lie_beside_the_galaxy(app):
    s = mixed_state()
    show(app, s)
    scene = app.scene
    lay = scene.layout(s)
    for pid in ("Z3", "Z4", "P1", "Z5", "Z6", "P3", "P4"):
        x, y, z, yaw, back = lay[pid]
        assert math.hypot(x, y) > 0.63, pid  # off the mat
    for pid in ("Z3", "Z4", "P1"):
        assert lay[pid][4] is False  # out of play: active face up
    for pid in ("Z5", "Z6", "P3", "P4"):
        assert lay[pid][4] is True  # atomised: passive face up
    # Z5 and Z6 are in seat 1's trophy stack: one on top of the other
    (x5, y5, z5, *_), (x6, y6, z6, *_) = lay["Z5"], lay["Z6"]
    assert (x5, y5) == (x6, y6) and abs(z5 - z6) == pytest.approx(s.piece("Z5").thickness)
    # nothing overlaps beside the Galaxy except within a stack
    beside = [(pid, v) for pid, v in lay.items() if s.piece(pid).status != "in_play"]
    for i, (a, va) in enumerate(beside):
        for b, vb in beside[i + 1:]:
            if (va[0], va[1]) == (vb[0], vb[1]):
                continue
            d = math.hypot(va[0] - vb[0], va[1] - vb[1])
            assert d >= s.piece(a).radius + s.piece(b).radius, (a, b)


def test_scores_are_written_beside_the_galaxy_and_in_the_status(app):
    s = mixed_state()
    show(app, s)
    texts = app.scene.seat_labels.texts()
    assert any("P1 Zorgs" in t and "1 point" in t for t in texts)  # P3 (a Sloop) = 1
    assert any("P2 Space Pirates" in t and "2 points" in t for t in texts)  # two saucers
    lines = app.scene.status_lines(s)
    assert any("Zorgs: 1" in line and "Space Pirates: 2" in line for line in lines)


def test_show_motion_samples_the_recorded_motion_forwards_and_backwards(app):
    from viewer.glonk.scene import GlonkScene

    s = mixed_state()
    show(app, s)
    scene: GlonkScene = app.scene
    m = scripted_motion(s, "Z2", moves={"Z2": (0.0, -0.45)}, duration=1.0)
    step = type("S", (), {"motion": m})()
    anim = scene.motion_between(s, s, step)
    assert anim.duration == pytest.approx(1.0)
    for t in (0.8, 0.25, 0.6, 0.0):  # scrubbing both ways
        scene.show_motion(anim, t)
        want = m.pose_at(t)[m.index("Z2")]
        got = scene.nodes["Z2"].getPos(app.render)
        assert (got.x, got.y, got.z) == pytest.approx(tuple(want[:3]), abs=1e-6)
    scene.show_motion(anim, 0.5)
    app.render_frames(1)
    img = app.capture().astype(float)
    z2 = s.piece("Z2")
    x, y = (z2.x + 0.0) / 2, (z2.y - 0.45) / 2
    assert_disc_shown(app, img, z2, x, y)


def test_a_passive_disc_keeps_its_face_while_its_motion_plays(app):
    s = mixed_state()
    show(app, s)
    m = scripted_motion(s, "Z0", moves={"Z1": (0.25, -0.2)}, duration=1.0)
    anim = app.scene.motion_between(s, s, type("S", (), {"motion": m})())
    app.scene.show_motion(anim, 0.5)
    assert app.scene.nodes["Z1"].getQuat(app.render).getUp().z < -0.99  # still passive face up
    assert app.scene.nodes["Z0"].getQuat(app.render).getUp().z > 0.99


# --- clicks and drags ----------------------------------------------------------------------------

def test_a_placement_click_on_a_legal_space_plays_it_and_elsewhere_says_the_rule(app):
    from viewer.scene import Pick

    s = GAME.new_initial_state(GAME.default_config(2))
    rng = np.random.default_rng(1)
    from games.api import CHANCE, sample_chance

    while GAME.current_player(s) == CHANCE:
        s = GAME.apply(s, sample_chance(GAME, s, rng)).state
    assert s.phase == "place_armada"
    show(app, s)
    legal = [a for a in GAME.legal_actions(s)]
    good = legal[0].args[0]
    res = app.scene.click(s, Pick(cell=good, point=(0, 0, 0)))
    assert res.action == Move("place", (good,))
    bad = app.scene.click(s, Pick(cell="C", point=(0, 0, 0)))
    assert bad.action is None and "Middle Ring" in bad.message


def test_a_click_beside_a_base_returns_the_lost_saucer_there_and_on_the_base_by_default(app):
    from games.glonk.rules import touching
    from viewer.scene import Pick

    s = position(["space_pirates", "invaders"], {"P0": (-0.2, 0.25), "P1": (0.3, 0.05),
                                                 "V0": (0.2, -0.25), "V1": (-0.3, -0.1),
                                                 "BH": (0.0, 0.0)}, out=["P2"], turn=1,
                 asteroids=0)
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "return_saucer"
    show(app, s)
    p0 = s.piece("P0")
    beside = (p0.x, p0.y - 0.05, 0.0)  # below P0: the saucer goes on that side (270 deg)
    res = app.scene.click(s, Pick(point=beside))
    assert str(res.action) == "return P2 to P0 at=270.0"
    st = GAME.apply(s, res.action).state
    assert touching(st.piece("P2"), p0) and st.piece("P2").y < p0.y
    assert str(app.scene.click(s, Pick(piece="P0", point=(p0.x, p0.y, 0))).action) == \
        "return P2 to P0"
    far = app.scene.click(s, Pick(point=(0.45, 0.3, 0.0)))
    assert far.action is None and "beside it" in far.message


def test_an_asteroid_goes_where_the_click_is_when_the_rule_allows_it(app):
    from games.glonk.moves import RULES
    from viewer.scene import Pick

    s = position(["space_pirates", "invaders"], {"P0": (-0.2, 0.25), "P1": (0.3, 0.05),
                                                 "V0": (0.2, -0.25), "V1": (-0.3, -0.1),
                                                 "BH": (0.0, 0.0)}, asteroids=1)
    s = GAME.apply(s, Move("end_turn")).state
    assert s.phase == "stellar"
    show(app, s)
    res = app.scene.click(s, Pick(cell="I2", point=(-0.04, 0.17, 0.0)))
    assert str(res.action) == "asteroid A1 I2 x=-0.0400 y=0.1700"
    # touching the Black Hole is not allowed there: the space's default spot instead
    near_bh = app.scene.click(s, Pick(cell="I1", point=(0.0626, 0.0, 0.0)))
    assert str(near_bh.action) == "asteroid A1 I1"
    refused = app.scene.click(s, Pick(cell="O3", point=(0.5, 0.1, 0.0)))
    assert refused.action is None and refused.message == RULES["stellar_asteroid"]


def test_the_kabane_fabricates_its_kiboom_on_the_side_the_player_clicks(app):
    from games.glonk.rules import touching
    from viewer.scene import Pick

    s = position(["zorgs", "space_pirates"], {"Z0": (0.33, 0.05), "Z1": (0.2, -0.1),
                                              "P0": (-0.30, 0.10), "P1": (-0.2, -0.3),
                                              "BH": (0.0, 0.0)}, atomised={"Z7": None},
                 asteroids=0)
    show(app, s)
    scene = app.scene
    scene.click(s, Pick(piece="Z0"))
    choices = dict(scene.piece_actions(s))
    assert choices["Fabricate a Kiboom..."] == "mode:place fabricate Z0"
    assert "beside Z0" in scene.set_mode(s, "place fabricate Z0")
    z0 = s.piece("Z0")
    res = scene.click(s, Pick(point=(z0.x, z0.y + 0.05, 0.0)))  # above it: 90 degrees
    assert str(res.action) == "fabricate Z0 at=90.0"
    st = GAME.apply(s, res.action).state
    assert touching(st.piece("Z7"), st.piece("Z0")) and st.piece("Z7").y > z0.y
    assert str(scene.click(s, Pick(piece="Z0", point=(z0.x, z0.y, 0))).action) == "fabricate Z0"
    scene.deselect()


def test_select_drag_and_release_makes_a_legal_flick_away_from_the_pull(app):
    from viewer.scene import Pick

    s = mixed_state()
    show(app, s)
    scene = app.scene
    z2 = s.piece("Z2")
    assert "drag back" in scene.click(s, Pick(piece="Z2")).message
    assert len(scene.hints.getChildren()) > 0  # the reachable spaces are highlighted
    assert scene.drag_begin(s, Pick(piece="Z2"))
    at = (z2.x - 0.03, z2.y + 0.02, 0.0)
    aim = scene.drag_update(s, Pick(point=at))
    assert len(scene.aim_root.getChildren()) >= 3  # band, arrow, rest ring, gauge
    assert "parsecs" in scene.status_lines(s)[-1]
    res = scene.drag_end(s, Pick(point=at))
    f = res.action
    assert isinstance(f, Flick) and f.piece == "Z2"
    assert f.angle == pytest.approx(math.degrees(math.atan2(-0.02, 0.03)) % 360, abs=0.01)
    assert f.speed == pytest.approx(AIM.pull_to_speed(math.hypot(0.03, 0.02)), abs=1e-3)
    assert aim.piece == "Z2" and GAME.is_legal(s, f)


def test_a_passive_disc_cannot_be_selected_and_the_message_says_why(app):
    from viewer.scene import Pick

    s = mixed_state()
    show(app, s)
    res = app.scene.click(s, Pick(piece="Z1"))
    assert res.action is None and "passive" in res.message
    assert not app.scene.drag_begin(s, Pick(piece="Z1"))
    assert "not one of your" in app.scene.click(s, Pick(piece="P0")).message


def test_heroic_assault_is_offered_and_the_flick_names_its_target(app):
    from viewer.scene import Pick

    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P5": (0.36, 0.08),
                                                 "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)})
    show(app, s)
    scene = app.scene
    scene.click(s, Pick(piece="Z1"))
    offers = dict(scene.piece_actions(s))
    assert offers.get("Heroic assault...") == "mode:assault"
    assert "click the enemy" in scene.set_mode(s, "assault")
    assert "drag back" in scene.click(s, Pick(piece="P5")).message
    scene.drag_begin(s, Pick(piece="Z1"))
    z1, p5 = s.piece("Z1"), s.piece("P5")
    pull = (z1.x - (p5.x - z1.x) * 0.2, z1.y - (p5.y - z1.y) * 0.2, 0.0)
    f = scene.drag_end(s, Pick(point=pull)).action
    assert f.assault == "P5" and GAME.is_legal(s, f)


def test_during_a_heroic_assault_aim_and_path_lines_give_the_simulators_one_verdict(app):
    from viewer.scene import Pick

    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P5": (0.36, 0.08),
                                                 "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)})
    show(app, s)
    scene = app.scene
    scene.click(s, Pick(piece="Z1"))
    scene.set_mode(s, "assault")
    scene.click(s, Pick(piece="P5"))
    z1, p5 = s.piece("Z1"), s.piece("P5")
    for k, pull_share in enumerate((1.0, 0.12)):  # straight at P5; then far too soft to reach
        scene.drag_begin(s, Pick(piece="Z1"))
        pull = (z1.x - (p5.x - z1.x) * pull_share, z1.y - (p5.y - z1.y) * pull_share, 0.0)
        aim = scene.drag_update(s, Pick(point=pull))
        assert "standard" not in scene.aim_line and "HYPER" not in scene.aim_line
        assert scene.aim_line.endswith("heroic assault on P5: simulating...")
        flick = scene.intended_flick(aim)
        step = GAME.apply(s, flick)
        scene.draw_ghost(flick.piece, step)
        event = next(e for e in step.events if e.kind == "heroic_assault")
        said = "succeeds" if event.data["success"] else "fails"
        assert scene.ghost_line.startswith(f"Path: heroic assault on P5 {said}")
        assert scene.aim_line.endswith(scene.ghost_line[len("Path: "):])  # one verdict
        assert said == ("succeeds" if k == 0 else "fails")
        scene.clear_aim()


@pytest.mark.parametrize("feel, guide", [("practice", "path"), ("club", "contact"),
                                         ("expert", "none")])
def test_the_table_feel_decides_how_much_of_the_aimed_path_the_guide_shows(app, feel, guide):
    from viewer.scene import Pick

    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P5": (0.40, 0.0),
                                                 "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)},
                 feel=feel)
    show(app, s)
    scene = app.scene
    scene.click(s, Pick(piece="Z1"))
    scene.drag_begin(s, Pick(piece="Z1"))
    aim = scene.drag_update(s, Pick(point=(0.20, 0.0, 0.0)))  # straight at P5
    assert scene.guide() == guide
    flick = scene.aimed_flick(aim)
    if guide == "none":  # the expert's table: nothing is simulated for the aim
        assert flick is None
        return
    scene.draw_ghost(flick.piece, GAME.apply(s, flick))
    drawn = {c.getName() for c in scene.ghost_root.getChildren()}
    assert "ghost-contact" in drawn and scene.ghost_line.startswith("Path: first touches P5")
    if guide == "path":
        assert {"ghost", "ghost-rest"} <= drawn
    else:  # club: the first contact alone, not the path nor where it ends
        assert not {"ghost", "ghost-rest"} & drawn and scene.ghost_line == "Path: first touches P5"
    scene.clear_aim()


# --- wiring --------------------------------------------------------------------------------------

def test_the_viewer_finds_the_glonk_scene():
    from viewer.glonk.scene import GlonkScene
    from viewer.scenes import scene_class

    assert scene_class("glonk") is GlonkScene


def test_a_flick_node_plays_its_recorded_motion_through_the_app(app):
    from timeline import Record, Session

    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P5": (0.42, 0.02),
                                                 "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)})
    rec = Record("glonk", dict(GAME.default_config(2)), start_state_json=GAME.state_to_json(s))
    session = Session(rec)
    node = session.play(Flick.make("Z1", 0.0, 1.2))
    app.set_session(session)
    m = node.motion
    assert m is not None and m.duration > 0
    for frac in (0.7, 0.2, 0.5):  # the app seeks inside the flick, both ways
        app.show_node(node, frac)
        want = m.pose_at(frac * m.duration)
        for pid in ("Z1", "P5"):
            got = app.scene.nodes[pid].getPos(app.render)
            assert (got.x, got.y, got.z) == pytest.approx(tuple(want[m.index(pid)][:3]), abs=1e-6)
    app.show_node(node)  # the end: the state after the flick
    after = node.state.piece("Z1")
    got = app.scene.nodes["Z1"].getPos(app.render)
    if after.status == "in_play":
        assert (got.x, got.y) == pytest.approx((after.x, after.y), abs=1e-6)


class _Host:
    """What the chrono reads of the window through its host (viewer.host.Host): the record
    and the cursor's place in it, whether playback or a dialog holds the window, and the
    moves it plays (kept in `played`)."""

    def __init__(self, session):
        self.session = session
        self.played = []

    @property
    def record_id(self) -> int:
        return id(self.session.record)

    def at_line_end(self) -> bool:
        return not self.session.node.variations

    def busy(self) -> bool:
        return False

    def play(self, action, step=None, intent=None):
        self.played.append(action)
        return True


class _App:
    offscreen = False
    animating = False

    def __init__(self, app):
        self.frame = app.frame  # the window's frame stages (viewer.frame)
        self.scene = None

    def refresh_status(self):
        pass


def test_chrono_mode_shows_the_clock_and_ends_the_turn_after_60_seconds(app):
    from timeline import Record, Session
    from viewer.glonk.input import FlickInput

    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P0": (0.0, -0.33)},
                 chrono=True)
    session = Session(Record("glonk", dict(GAME.default_config(2)),
                             start_state_json=GAME.state_to_json(s)))
    show(app, s)
    scene = app.scene
    fake = _App(app)
    fi = FlickInput(fake, scene)
    try:
        host = _Host(session)
        fi._chrono(host, session.state, 0.0)
        fi._chrono(host, session.state, 15.5)
        assert any("Chrono  0:44 left" in line for line in scene.status_lines(session.state))
        fi._chrono(host, session.state, 44.0)
        assert host.played == []
        fi._chrono(host, session.state, 1.0)
        assert host.played == [Move("timeout")]
    finally:
        app.frame.remove(fi.task)
        scene.chrono_left = None


def test_boarding_is_offered_when_a_piece_touches_an_enemy(app):
    from viewer.scene import Pick

    # Z1 (radius 20 mm) and P5 (20 mm) 40.5 mm apart: a gap of 0.5 mm is a touch at rest
    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P5": (0.3405, 0.0),
                                                 "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)})
    show(app, s)
    offers = dict(app.scene.turn_actions(s))
    assert offers["Board with Z1"] == Move("board", ("Z1",))
    app.scene.click(s, Pick(piece="Z1"))
    assert dict(app.scene.piece_actions(s))["Boarding"] == Move("board", ("Z1",))


def test_telekinesis_flicks_the_chosen_enemy_saucer_on_the_masters_behalf(app):
    from viewer.scene import Pick

    s = position(["sinistrum", "zorgs"], at={"S7": (0.33, 0.058), "Z1": (0.29, 0.1675),
                                             "S0": (-0.3, 0.0), "Z0": (0.0, -0.33)})
    assert s.piece("S7").type == "master"
    show(app, s)
    scene = app.scene
    scene.click(s, Pick(piece="S7"))
    assert dict(scene.piece_actions(s)).get("Telekinesis...") == "mode:telekinesis"
    scene.set_mode(s, "telekinesis")
    assert "drag back from Z1" in scene.click(s, Pick(piece="Z1")).message
    assert scene.flick_piece(s) == "Z1" and scene.drag_begin(s, Pick(piece="Z1"))
    z1 = s.piece("Z1")
    f = scene.drag_end(s, Pick(point=(z1.x + 0.02, z1.y, 0.0))).action
    assert (f.power, f.by, f.piece) == ("telekinesis", "S7", "Z1")
    assert f.angle == pytest.approx(180.0) and GAME.is_legal(s, f)


def test_a_jumper_jumps_where_the_player_clicks(app):
    from viewer.scene import Pick

    s = position(["little_greys", "zorgs"], at={"G5": (0.30, 0.05), "G0": (-0.3, 0.0),
                                                "Z0": (0.0, -0.33)})
    assert s.piece("G5").type == "jumper"
    show(app, s)
    scene = app.scene
    scene.click(s, Pick(piece="G5"))
    assert dict(scene.piece_actions(s)).get("Jump...") == "mode:jump"
    scene.set_mode(s, "jump")
    res = scene.click(s, Pick(cell="O3", point=(0.2, 0.45, 0.0)))
    assert str(res.action) == "jump G5 x=0.2000 y=0.4500" and GAME.is_legal(s, res.action)
    off = scene.click(s, Pick(point=(0.9, 0.0, 0.0)))
    assert off.action is None and "Galaxy" in off.message


def test_placement_phases_light_up_the_spaces_a_click_may_use(app):
    from games.api import CHANCE, sample_chance

    s = GAME.new_initial_state(GAME.default_config(2))
    rng = np.random.default_rng(1)
    while GAME.current_player(s) == CHANCE:
        s = GAME.apply(s, sample_chance(GAME, s, rng)).state
    show(app, s)
    assert len(app.scene.phase_root.getChildren()) == 1
    s2 = GAME.apply(s, GAME.legal_actions(s)[0]).state
    show(app, s2)  # another placement: the hints follow the state
    assert len(app.scene.phase_root.getChildren()) == (1 if s2.phase.startswith("place") else 0)
    show(app, mixed_state())  # the actions phase: no placement hints
    assert len(app.scene.phase_root.getChildren()) == 0


def test_arrows_and_highlighted_spaces_are_drawn_on_the_galaxy(app):
    from timeline.record import Drawing

    show(app, mixed_state())
    # as the record keeps them: space ids (even split into letters) or points in metres
    app.scene.draw_annotations([Drawing("arrow", "M3", "O5", "red"),
                                Drawing("highlight", ("I2",), None, "green"),
                                Drawing("arrow", (0.1, 0.1), (0.3, -0.2), "blue"),
                                Drawing("highlight", "X9", None, "blue"),
                                Drawing("highlight", (2.0, 2.0), None, "yellow")])
    assert len(app.scene.drawings.getChildren()) == 3  # drawings off the Galaxy are skipped
    app.render_frames(1)
    img = app.capture().astype(float)
    x, y = load_galaxy().by_id["I2"].centroid
    got = disc_colour(app, img, x, y, 0.0, 0.03)
    under = mat_colour(x, y, 0.03)
    assert got[1] - got[0] > under[1] - under[0] + 20  # greener than the printed space


def test_hovering_a_disc_names_it_in_the_status_lines(app):
    from viewer.scene import Pick

    s = mixed_state()
    show(app, s)
    app.scene.hover(s, Pick(piece="Z1", cell="M1"))
    line = app.scene.status_lines(s)[-1]
    assert line.startswith("Z1: Kogneur (Flying Saucer, speed 1) of P1 Zorgs, passive")
    app.scene.hover(s, Pick(piece="P6"))
    assert "damaged" in app.scene.status_lines(s)[-1]
    app.scene.hover(s, Pick(cell="O3"))
    assert app.scene.status_lines(s)[-1] == "Space O3"
    app.scene.hover(s, Pick())


def test_a_flick_aimed_with_spin_carries_it(app):
    from viewer.scene import Pick

    s = mixed_state()
    show(app, s)
    scene = app.scene
    scene.click(s, Pick(piece="Z2"))
    scene.drag_begin(s, Pick(piece="Z2"))
    scene.spin = -12.0
    z2 = s.piece("Z2")
    scene.drag_update(s, Pick(point=(z2.x - 0.02, z2.y, 0.0)))
    assert "spinning clockwise (12 rad/s)" in scene.aim_line
    f = scene.drag_end(s, Pick(point=(z2.x - 0.02, z2.y, 0.0))).action
    scene.spin = 0.0
    assert f.spin == -12.0 and GAME.is_legal(s, f)


def test_the_full_galaxy_shows_all_65_discs_where_the_state_puts_them(app):
    import sys
    from pathlib import Path

    bench = str(Path(__file__).resolve().parents[1] / "bench")
    sys.path.insert(0, bench)
    try:
        from render_glonk import full_galaxy_state
    finally:  # bench/analysis.py would hide the analysis package (from Dask's workers too)
        sys.path.remove(bench)

    s = full_galaxy_state(3)
    assert len(s.in_play()) == 65  # six armadas, the Black Hole and six Asteroids
    img = show(app, s)
    for p in s.in_play():
        assert_disc_shown(app, img, p)


def test_aim_and_path_lines_give_one_judgment_of_how_the_flick_ends(app):
    """Issue 39 point 14: the aim line said HYPER-PROPULSION from the textbook slide while the
    simulated path said standard propulsion. Where the path is simulated the aim line waits
    for it and then says the simulator's word, the path line's."""
    from dataclasses import replace as with_

    from games.api import Event
    from viewer.scene import Pick

    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P5": (0.40, 0.0),
                                                 "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)})
    show(app, s)
    scene = app.scene
    z1 = s.piece("Z1")
    scene.click(s, Pick(piece="Z1"))
    scene.drag_begin(s, Pick(piece="Z1"))
    aim = scene.drag_update(s, Pick(point=(z1.x - 0.06, z1.y + 0.02, 0.0)))
    assert aim.standard and scene.aim_line.endswith(f": {AIM.SIMULATING}"), scene.aim_line
    step = GAME.apply(s, scene.intended_flick(aim))
    ended = next(e for e in step.events if e.kind.endswith("propulsion"))
    # the simulator ends it otherwise than the textbook slide: its word is the one said
    other = Event("hyper_propulsion", {**ended.data, "piece": "Z1"})
    disagreeing = with_(step, events=tuple(other if e is ended else e for e in step.events))
    scene.draw_ghost("Z1", disagreeing)
    assert scene.aim_line.endswith(f": {AIM.HYPER_WORDS}"), scene.aim_line
    assert "standard propulsion" not in scene.aim_line
    assert "hyper-propulsion" in scene.ghost_line, scene.ghost_line
    scene.clear_aim()
