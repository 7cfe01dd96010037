"""Glonk legible at 1280x800: ship types told apart at the default zoom, seat labels inside the
free screen, the box clear of the Galaxy's rim, and a backdrop behind the status text.

The pictures are rendered offscreen (Mesa, EGL surfaceless) from the default camera (the seat
view of the player to move); what is measured is what a player sees there.
"""
from __future__ import annotations

import itertools

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
    (one of a one-of-a-kind Base), all face up the same way."""
    book = load_book()
    armadas = [a.id for a in book.armadas]
    probe = position(armadas, at={})
    at, which = {}, {}
    for row, armada in enumerate(armadas):
        y = -0.36 + row * 0.145
        x = -0.33
        for ship in book.by_id[armada].ships:
            ids = [p.id for p in probe.pieces if p.armada == armada and p.type == ship.type][:2]
            for pid in ids:
                r = probe.piece(pid).radius
                x += r
                at[pid] = (x, y, 0.0)
                which[pid] = (armada, ship.type)
                x += r + 0.012
    passive_ids = [pid for pid, (a, t) in which.items() if passive and book.ship(a, t).faces == 2]
    return position(armadas, at=at, passive=passive_ids)


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
    a = np.array(app.project((p.x - p.radius, p.y, p.thickness)))
    b = np.array(app.project((p.x + p.radius, p.y, p.thickness)))
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
