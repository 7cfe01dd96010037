"""Glonk legible at 1280x800: ship types told apart at the default zoom, seat labels inside the
free screen, the box clear of the Galaxy's rim, and a backdrop behind the status text.

The pictures are rendered offscreen (Mesa, EGL surfaceless) from the default camera (the seat
view of the player to move); what is measured is what a player sees there.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from games.glonk import load_book
from games.glonk.positions import position
from viewer.glonk import textures as T

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def app():
    from viewer.render import _session_for, offscreen_app

    return offscreen_app(_session_for(type_rows(), "glonk"), SIZE)


def show(app, state, preset="seat", size=SIZE):
    from viewer.render import _session_for

    app.resize(size)
    app.set_session(_session_for(state, "glonk"))
    app.set_view(app.preset(preset))
    app.render_frames(2)
    return app.capture().astype(float)


def type_rows(passive: bool = False):
    """All six armadas on the Galaxy, one row each: two discs of every ship type side by side
    (one of a one-of-a-kind Base), all face up the same way; the rows run across the view of
    seat 0 (the player to move), whose side of the table it looks from. A fleet of two of
    each type (`fleet=2`), so no disc waits in the box beside the table."""
    from viewer.glonk.scene import zone_of

    book = load_book()
    armadas = [a.id for a in book.armadas]
    probe = position(armadas, at={}, fleet=2)
    turn = zone_of(0, len(armadas))[0] + math.pi / 2  # the seat view's heading
    cos_h, sin_h = math.cos(turn), math.sin(turn)
    at, which = {}, {}
    for row, armada in enumerate(armadas):
        y = -0.36 + row * 0.145
        x = -0.33
        for ship in book.by_id[armada].ships:
            ids = [p.id for p in probe.pieces if p.armada == armada and p.type == ship.type][:2]
            for pid in ids:
                r = probe.piece(pid).radius
                x += r
                at[pid] = (x * cos_h - y * sin_h, x * sin_h + y * cos_h, turn)
                which[pid] = (armada, ship.type)
                x += r + 0.012
    passive_ids = [pid for pid, (a, t) in which.items() if passive and book.ship(a, t).faces == 2]
    return position(armadas, at=at, passive=passive_ids, fleet=2)


def face_samples(app, img, p, radius=None, n: int = 9, reach: float = 0.78) -> np.ndarray:
    """What the screen shows over a disc's top: a grid of rendered colours at n x n points
    within `reach` of `radius` (the disc's own by default) around its centre, projected to
    the screen, so discs anywhere compare point by point, and a small disc compared with a
    larger one shows where it ends."""
    radius = p.radius if radius is None else radius
    u = np.linspace(-reach, reach, n)
    out = []
    h, w = img.shape[:2]
    for v in u:
        for uu in u:
            if uu * uu + v * v > reach * reach:
                continue
            px = app.project((p.x + uu * radius, p.y + v * radius, p.thickness))
            assert px is not None, p.id
            x, y = int(round(px[0])), int(round(px[1]))
            assert 0 <= x < w and 0 <= y < h, (p.id, px)
            out.append(img[y, x])
    return np.array(out)


def screen_width(app, p) -> float:
    """How many pixels wide a disc looks (across the screen, through its centre)."""
    h = math.radians(app.orbit.view.heading)
    ux, uy = math.cos(h) * p.radius, math.sin(h) * p.radius  # across the camera's view
    a = np.array(app.project((p.x - ux, p.y - uy, p.thickness)))
    b = np.array(app.project((p.x + ux, p.y + uy, p.thickness)))
    return float(np.hypot(*(b - a)))


@pytest.mark.parametrize("passive", [False, True], ids=["active", "passive"])
def test_ship_types_of_one_armada_look_different_at_the_default_zoom(app, passive):
    state = type_rows(passive)
    img = show(app, state)
    book = load_book()
    ships = {p.id: p for p in state.in_play() if p.is_ship}
    samples = {pid: face_samples(app, img, p) for pid, p in ships.items()}
    by_type: dict = {}
    for p in state.in_play():
        if p.is_ship:
            by_type.setdefault((p.armada, p.type), []).append(p.id)
    # two discs of one type look alike wherever they lie (the noise: light, perspective)
    noise = {key: max((np.abs(samples[a] - samples[b]).mean()
                       for a, b in itertools.combinations(ids, 2)), default=0.0)
             for key, ids in by_type.items()}
    assert max(noise.values()) < 14, noise
    # every two types of one armada differ by far more than that, face point by face point,
    # unless one looks at least a quarter larger than the other
    for armada in book.armadas:
        types = [t for t in armada.ships if (armada.id, t.type) in by_type]
        for s, t in itertools.combinations(types, 2):
            if passive and (s.faces == 1 or t.faces == 1):
                continue  # a one-faced Base shows its only face; it is also much larger
            pa, pb = (ships[by_type[(armada.id, x.type)][0]] for x in (s, t))
            r = max(pa.radius, pb.radius)
            a, b = face_samples(app, img, pa, r), face_samples(app, img, pb, r)
            d = np.abs(a - b).mean()
            sizes = sorted(screen_width(app, q) for q in (pa, pb))
            if sizes[1] > 1.25 * sizes[0]:
                continue  # a Base or a Kiboom: told apart by its size on the screen
            floor = 3 * max(noise[(armada.id, s.type)], noise[(armada.id, t.type)])
            assert d > max(floor, 25), (armada.id, s.type, t.type, d, floor)


def test_every_ship_type_has_its_own_emblem_or_scheme_within_its_armada():
    book = load_book()
    for armada in book.armadas:
        looks = [T.emblem_of(s) for s in armada.ships]
        assert all(s.type in T.EMBLEMS for s in armada.ships), armada.id
        assert len(set(looks)) == len(looks), armada.id
        shapes = [shape for shape, _ in looks]
        assert len(set(shapes)) == len(shapes), armada.id  # even the outline differs


# --- seat labels -----------------------------------------------------------------------------

def setup_state(players: int, seed: int = 5):
    """A game of `players` after setup (seeded random draws and placements), ready to act."""
    from games.api import CHANCE, sample_chance
    from games.glonk import GAME

    rng = np.random.default_rng(seed)
    s = GAME.new_initial_state(GAME.default_config(players))
    while s.phase != "actions":
        if GAME.current_player(s) == CHANCE:
            a = sample_chance(GAME, s, rng)
        else:
            acts = GAME.legal_actions(s)
            a = acts[int(rng.integers(len(acts)))]
        s = GAME.apply(s, a).state
    return s


def with_panels(app, on: bool) -> None:
    """The window's move-list panel and bottom bar (offscreen renders have none)."""
    from viewer.panel import BAR_H, PANEL_W

    app.set_insets(PANEL_W if on else 0.0, BAR_H if on else 0.0)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seat_labels_lie_whole_inside_the_free_screen_for_every_player_count(app, players):
    from viewer.glonk.labels import free_area, overlaps

    state = setup_state(players)
    try:
        for size, panels in (((1280, 800), True), ((1280, 720), True), ((1280, 800), False)):
            for preset in [f"seat{i}" for i in range(players)] + ["top"]:
                from viewer.render import _session_for

                app.resize(size)
                with_panels(app, panels)
                app.set_session(_session_for(state, "glonk"))
                app.set_view(app.preset("top") if preset == "top"
                             else app.preset("seat", int(preset[4:])))
                app.render_frames(1)
                labels = app.scene.seat_labels
                boxes = labels.drawn_boxes()
                where = (players, size, panels, preset)
                assert len(boxes) == players and None not in boxes, where  # nothing in the box
                free = free_area(app)
                assert free[2] < size[0] or not panels
                status = app.status_boxes()[1]
                for i, b in enumerate(boxes):
                    assert (b[0] >= free[0] and b[1] >= free[1] and b[2] <= free[2]
                            and b[3] <= free[3]), (where, labels.texts()[i], b, free)
                    assert not overlaps(b, status), (where, labels.texts()[i], b, status)
                    for j in range(i):
                        assert not overlaps(b, boxes[j]), (where, labels.texts()[i], labels.texts()[j])
    finally:
        with_panels(app, False)
        app.resize(SIZE)


def test_a_seat_label_sits_by_its_area_when_that_is_in_view(app):
    state = setup_state(4)
    from viewer.render import _session_for

    app.resize(SIZE)
    app.set_session(_session_for(state, "glonk"))
    app.set_view(app.preset("top"))
    app.render_frames(1)
    labels = app.scene.seat_labels
    for anchor, box in zip(labels.anchors, labels.drawn_boxes()):
        x, y = app.project(anchor)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        assert abs(cx - x) < 0.5 * (box[2] - box[0]) + 60 and abs(cy - y) < 60, (anchor, box)


def test_the_placement_avoids_obstacles_and_keeps_to_the_free_area():
    from viewer.glonk.labels import overlaps, place_boxes

    free = (0, 0, 1000, 700)
    status = (0, 0, 800, 60)
    wanted = [(-50, -50), (500, 20), (500, 20), (2000, 900), (500, 30)]
    boxes = place_boxes(wanted, [(120, 40)] * 5, free, [status])
    for i, b in enumerate(boxes):
        assert b is not None
        assert b[0] >= 0 and b[1] >= 0 and b[2] <= 1000 and b[3] <= 700
        assert not overlaps(b, status)
        assert all(not overlaps(b, boxes[j]) for j in range(i))
    assert boxes[3][2] > 990 and boxes[3][3] > 690  # pushed into the nearest corner
    # no room at all: the label is left out rather than drawn cut off
    assert place_boxes([(10, 10)], [(300, 40)], (0, 0, 200, 700)) == [None]


# --- the box and the rim -----------------------------------------------------------------------

@pytest.mark.parametrize("count", [1, 2, 4, 5, 9, 10, 16, 17, 25, 40, 59])
def test_the_box_grid_never_reaches_the_galaxy_rim(app, count):
    from games.glonk.model import IN_PLAY, OUT
    from viewer.glonk.scene import BOX_GAP, GlonkScene

    book = load_book()
    full = position([a.id for a in book.armadas], at={})
    boxed = [p for p in full.pieces if p.status not in (IN_PLAY, OUT)]
    assert len(boxed) >= 59
    pieces = sorted(boxed, key=lambda p: (-p.radius, p.id))[:count]
    out: dict = {}
    edge = GlonkScene._grid(out, pieces, -0.8, 0.80)
    assert len(out) == count
    rim = T.MAT_RADIUS
    for p in pieces:
        x, y = out[p.id][:2]
        assert np.hypot(x, y) - p.radius >= rim + BOX_GAP - 1e-9, (p.id, np.hypot(x, y))
        assert np.hypot(x, y) + p.radius <= edge + 1e-9
    for a, b in itertools.combinations(pieces, 2):
        d = np.hypot(out[a.id][0] - out[b.id][0], out[a.id][1] - out[b.id][1])
        assert d >= a.radius + b.radius, (a.id, b.id)


def test_the_box_in_a_picture_lies_off_the_mat(app):
    state = position(["zorgs", "space_pirates"], at={"BH": (0, 0)})  # the rest is in the box
    show(app, state, "top")
    lay = app.scene.layout(state)
    boxed = [p for p in state.pieces if p.status == "removed"]
    assert len(boxed) > 16
    for p in boxed:
        x, y = lay[p.id][:2]
        assert np.hypot(x, y) - p.radius > T.MAT_RADIUS, p.id


# --- the status backdrop ---------------------------------------------------------------------

def lum(img):
    return img @ np.array([0.2126, 0.7152, 0.0722])


def test_a_dark_backdrop_lies_behind_the_whole_status_text(app):
    img = show(app, setup_state(6), "top")
    text, back = app.status_boxes()
    assert text[2] - text[0] > 200 and text[3] - text[1] > 20  # two long lines
    assert back[0] <= text[0] - 3 and back[1] <= text[1] - 3
    assert back[2] >= text[2] + 3 and back[3] >= text[3] + 3
    x0, y0, x1, y1 = (int(round(v)) for v in back)
    strip = img[y1 - 3:y1 - 1, x0 + 4:x1 - 4]  # inside the backdrop, below the text
    below = img[y1 + 2:y1 + 4, x0 + 4:x1 - 4]  # the table just under it
    assert lum(strip).mean() < 0.6 * lum(below).mean(), (lum(strip).mean(), lum(below).mean())
    tx0, ty0, tx1, ty1 = (int(round(v)) for v in text)
    assert lum(img[ty0:ty1, tx0:tx1]).max() > 200  # the letters themselves stay bright


def test_the_committed_sticker_atlas_is_what_the_code_paints():
    """The viewer loads assets/glonk/stickers.png; it must show the emblems above
    (regenerate it with `python -m viewer.glonk.textures` after changing the art)."""
    if T.find_font() is None:
        pytest.skip("the committed atlas was painted with the DejaVu font")
    committed = T.read_png(T.STICKER_PNG).astype(int)
    assert np.abs(committed - T.to_uint8(T.sticker_atlas()).astype(int)).max() <= 2
