"""End-to-end Glonk: a real window under Xvfb, set up and flicked with xdotool as a person would.

`flickbook play glonk --players 2 --seed 7` opens; the armadas and asteroids are placed by
clicking spaces; then a saucer is clicked, pressed, dragged back and released (a real mouse
drag). The flick must be recorded in the session (the autosave holds it, with the direction
and power of the drag), and playing it back with the keys must move the disc on screen from
where it stood to where the flick left it. Where to click comes from a mirror of the game
drawn offscreen through the window's own camera (tests/xvfb/mirror.py).
"""
from __future__ import annotations

import math
import time
from argparse import Namespace

import numpy as np
import pytest

from test_e2e_viewer import Desk, _same_record, pytestmark  # noqa: F401
from xvfb import pace
from xvfb.mirror import Mirror

ARGS = ("play", "glonk", "--players", "2", "--seed", "7")


def _screenshot(tmp_path, desk, count_before):
    from viewer.glonk.textures import read_png

    folder = tmp_path / "home" / "screenshots"
    desk.screenshot()
    shots = sorted(folder.glob("flickbook-*.png")) if folder.exists() else []
    assert len(shots) > count_before, "the viewer wrote no screenshot"
    return read_png(shots[-1]).astype(float), len(shots)


def _disc_at(mirror, img, piece, x, y):
    """Mean colour over the middle of where a disc would lie at (x, y)."""
    c = mirror.px((x, y, piece.thickness))
    e = mirror.px((x + piece.radius, y, piece.thickness))
    r = max(2.0, math.hypot(e[0] - c[0], e[1] - c[1]) * 0.45)
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    return img[(xx - c[0]) ** 2 + (yy - c[1]) ** 2 <= r * r].mean(axis=0)


def test_flick_a_piece_with_a_real_mouse_drag_then_play_it_back(tmp_path):
    from games.glonk.actions import Flick
    from timeline import load_record

    from test_viewer_glonk import face_colour, face_key, mat_colour

    args = Namespace(command="play", game="glonk", players=2, seed=7)
    desk = Desk(tmp_path)
    mirror = Mirror(desk, args)
    try:
        desk.start(*ARGS)
        desk.key("t")  # top-down camera
        mirror.sync()
        game = mirror.session.game
        # setup: click the space of each placement, as the status line asks
        while mirror.session.state.phase in ("place_armada", "place_asteroid"):
            mirror.click(*mirror.cell(game.legal_actions(mirror.session.state)[0].args[-1]))
        assert mirror.session.state.phase == "actions"
        _same_record(tmp_path, mirror, seconds=15)
        # the turn player's saucer furthest from the centre, flicked outwards
        s = mirror.session.state
        mine = [p for p in s.in_play() if p.owner == s.turn_player and p.kind == "saucer"]
        piece = max(mine, key=lambda p: math.hypot(p.x, p.y))
        points = mirror.pull(piece, 0.022)
        desk.click(*points[0])  # select it: its reachable spaces light up
        # press on it and drag back in small steps, as a hand does
        desk.drag(points)
        # what the mirror reads from the same pixel: the expected flick
        want = mirror.flick_for(piece, points[-1])
        # the flick is recorded in the session (the autosave follows every change)
        deadline = pace.deadline(30)
        got = None
        while time.time() < deadline:
            try:
                rec = load_record(tmp_path / "home" / "autosave.flick")
                last = rec.root.end()
                if isinstance(last.action, Flick):
                    got = last
                    break
            except Exception:
                pass
            time.sleep(0.1)
        assert got is not None, "no flick was recorded"
        f = got.action
        assert f.piece == piece.id and f.assault is None and f.power is None
        diff = (f.angle - want.angle + 180) % 360 - 180
        assert abs(diff) < 1.5 and f.speed == pytest.approx(want.speed, abs=0.05)
        assert got.stored_motion is not None or got.motion is not None
        mirror.play(f)
        after = mirror.session.state
        # play it back: one step back shows the disc where it stood, then Space plays the flick
        desk.key("Left")
        mirror.session.back()
        mirror.sync()
        img, n = _screenshot(tmp_path, desk, 0)
        here = _disc_at(mirror, img, piece, piece.x, piece.y)
        want_face = face_colour(face_key(piece))
        under = mat_colour(piece.x, piece.y, piece.radius)
        assert np.abs(here - want_face).sum() < np.abs(here - under).sum()
        desk.key("space")
        desk.wait(lambda p: p["node_action"] == str(f) and not p["clock_running"], 60,
                  "the flick to play to its end")
        img2, _ = _screenshot(tmp_path, desk, n)
        moved = after.piece(piece.id)
        gone = _disc_at(mirror, img2, piece, piece.x, piece.y)
        assert np.abs(gone - want_face).sum() > np.abs(gone - under).sum() * 0.8 or \
            math.hypot(moved.x - piece.x, moved.y - piece.y) < piece.radius
        if moved.status == "in_play":  # where it came to rest, the picture now shows it
            face_after = face_colour(face_key(moved))
            before = _disc_at(mirror, img, moved, moved.x, moved.y)
            there = _disc_at(mirror, img2, moved, moved.x, moved.y)
            assert np.abs(there - face_after).sum() < np.abs(before - face_after).sum()
            assert np.abs(there - before).sum() > 30
    except BaseException:
        desk.screenshot()
        raise
    finally:
        mirror.close()
        desk.stop()
