"""During a flick's playback the still picture holds what the Motion never moves, drawn once;
the moving discs, the discs their shadows may reach and the mat round their shadows are drawn
live (viewer.glonk.playback_picture). Offscreen, on the full Galaxy and the hard flick of
bench/render_glonk.py: each frame is a full frame's, the picture is drawn once a playback,
a disc hit mid-flick is never in it, and a moving camera gets full frames."""
from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import BitMask32

from viewer.still import STILL_BIT

SIZE = (1280, 720)
FRACTIONS = (0.0, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95)
#: A frame under the playback picture and a full frame of the same instant differ by the
#: picture's roundings (the mat's texture, 1-2 levels in under a percent of the pixels) and
#: by a share of one shadow filter tap where a moving and a still disc's shadow edges overlap
#: (the two maps, viewer.lighting.two_map_shader). A moving disc's shadow missing from the mat
#: round it, or from the discs it falls on, differs by 20-90 levels in 20-110 pixels.
MAX_LEVEL = 4
MAX_OFF = 6  # pixels a frame that may differ by more than MAX_LEVEL
MAX_SHARE = 0.01  # of the pixels, differing at all


@pytest.fixture(scope="module")
def playing():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.render_glonk import playback_session
    from viewer.render import offscreen_app

    session, node = playback_session(3)
    app = offscreen_app(session, SIZE)
    app.set_view(app.preset("seat", 0))
    app.show_node(node, 0.0)
    app.render_frames(2)
    yield app, node
    pp = app.scene.playback_picture
    pp.enabled, pp.eager = False, True
    app.show_node(node)
    app.render_frames(1)


def play(app, node, fractions, on: bool) -> list[np.ndarray]:
    """One playback through `fractions`, a frame each, captured."""
    pp = app.scene.playback_picture
    pp.enabled = on
    out = []
    for frac in fractions:
        app.show_node(node, frac)
        app.render_frames(1)
        assert pp.active == on and app.still.active == on
        out.append(app.capture().astype(int))
    app.show_node(node)  # the playback ends: the position after the flick
    app.render_frames(1)
    assert not pp.active and not app.still.active
    return out


def test_each_playback_frame_is_the_full_frame_of_its_instant(playing):
    app, node = playing
    pp = app.scene.playback_picture
    redraws, still_redraws = pp.redraws, app.still.redraws
    cached = play(app, node, FRACTIONS, True)
    assert pp.redraws == redraws + 1  # drawn for the first frame, then never again
    assert app.still.redraws == still_redraws + 1
    full = play(app, node, FRACTIONS, False)
    moved = 0
    for frac, a, b in zip(FRACTIONS, cached, full):
        diff = np.abs(a - b).max(axis=2)
        assert (diff > MAX_LEVEL).sum() <= MAX_OFF, (frac, (diff > MAX_LEVEL).sum())
        assert (diff > 0).mean() <= MAX_SHARE, (frac, (diff > 0).mean())
        moved = max(moved, int((np.abs(b - full[0]).max(axis=2) > 40).sum()))
    assert moved > 2000  # the frames compared show discs (and their shadows) moving


def test_the_picture_is_not_drawn_again_while_the_flick_plays(playing):
    app, node = playing
    pp = app.scene.playback_picture
    pp.enabled = True
    redraws, still_redraws, frames = pp.redraws, app.still.redraws, pp.frames
    for k in range(40):
        app.show_node(node, k / 40)
        app.render_frames(1)
    assert pp.frames == frames + 40
    assert pp.redraws == redraws + 1 and app.still.redraws == still_redraws + 1
    assert app.lighting.split_up  # the moving discs' shadows: their own map, each frame
    app.show_node(node)
    app.render_frames(1)
    assert not pp.active and not app.lighting.split_up


def test_a_disc_hit_mid_flick_is_live_never_in_the_picture(playing):
    app, node = playing
    scene = app.scene
    motion = node.step.motion
    pp = scene.playback_picture
    pp.enabled = True
    app.show_node(node, 0.0)
    app.render_frames(1)
    plan = pp.plan
    poses = np.asarray(motion.poses)
    at_rest_first = [pid for i, pid in enumerate(motion.ids) if pid != motion.piece
                     and np.all(poses[1, i] == poses[0, i]) and np.any(poses[:, i] != poses[0, i])]
    assert at_rest_first  # the flick hits discs that start at rest
    for pid in motion.moved_ids:
        assert pid in plan.moving
        assert scene.nodes[pid].isHidden(BitMask32.bit(STILL_BIT))
    still = [pid for pid in scene.nodes if pid not in plan.moving and pid not in plan.near]
    assert still and all(not scene.nodes[pid].isHidden(BitMask32.bit(STILL_BIT))
                         for pid in still)
    app.show_node(node)
    app.render_frames(1)
    # the playback over, every disc is in the still scene again
    assert all(not n.isHidden(BitMask32.bit(STILL_BIT)) for n in scene.nodes.values())


def test_a_camera_moving_during_playback_gets_full_frames(playing):
    app, node = playing
    pp = app.scene.playback_picture
    pp.enabled, pp.eager = True, False  # as a window: the picture once the camera holds
    heading = app.camera.getH()
    try:
        for k in range(6):
            app.camera.setH(heading + 0.5 * (k + 1))
            app.show_node(node, 0.1 * k)
            app.render_frames(1)
            assert not pp.active and not app.still.active
        full = app.capture().astype(int)
        app.show_node(node, 0.5)
        app.render_frames(1)  # the camera held a frame: the picture from now on
        assert pp.active and app.still.active
        app.show_node(node, 0.5)
        app.render_frames(1)
        cached = app.capture().astype(int)
        pp.enabled = False
        app.show_node(node, 0.5)
        app.render_frames(1)
        for drawn in (app.capture().astype(int), full):  # a full frame of this instant and
            diff = np.abs(cached - drawn).max(axis=2)  # the one drawn while the camera moved
            assert (diff > MAX_LEVEL).sum() <= MAX_OFF
            assert (diff > 0).mean() <= MAX_SHARE
    finally:
        pp.eager = True
        app.camera.setH(heading)
        app.show_node(node)
        app.render_frames(1)
