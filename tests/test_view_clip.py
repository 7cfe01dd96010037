"""The 3D view draws only the part of the window the side panel and the bar leave it
(viewer.app `_clip_to_view`): their backdrop hides what lies under them, and under software GL
a frame's cost is its pixels. Offscreen, with a window's panels laid out."""
from __future__ import annotations

import numpy as np
import pytest

from viewer.app import BACKGROUND

TUTORIAL = "scenarios/glonk/01-your-first-flick.flick"
SIZE = (1280, 720)


@pytest.fixture(scope="module")
def app():
    from timeline import Session, load_record
    from viewer.render import offscreen_app

    session = Session(load_record(TUTORIAL))
    app = offscreen_app(session, SIZE)
    app.show_node(session.node)
    yield app
    app.still.force = False
    app.set_insets(0.0, 0.0)
    app.render_frames(1)


def panels(app, on: bool) -> None:
    from viewer.panel import BAR_H, PANEL_W

    app.set_insets(PANEL_W if on else 0.0, BAR_H if on else 0.0)
    app.set_view(app.preset("top"))


def background(pixels: np.ndarray) -> np.ndarray:
    """Which pixels are the window's background colour."""
    want = np.round(np.array(BACKGROUND[:3]) * 255)
    return np.all(np.abs(pixels.astype(int) - want) <= 2, axis=-1)


@pytest.mark.parametrize("still", [False, True], ids=["full frame", "still picture"])
def test_under_the_side_panel_and_the_bar_the_3d_view_draws_nothing(app, still):
    panels(app, True)
    app.still.force = still
    app.render_frames(2)
    assert app.still.active == still
    plan = app.screen.plan
    side, bar = plan.side, plan.bar
    assert side is not None and bar is not None
    shot = app.capture()
    under_side = shot[:, int(side.x0) + 2:]
    under_bar = shot[int(bar.y0) + 2:, : int(side.x0) - 2]
    assert background(under_side).all() and background(under_bar).all()
    view = shot[: int(bar.y0) - 2, : int(side.x0) - 2]
    assert background(view).mean() < 0.01  # the cloth and the table: drawn to the edges
    # beside the edges: the view's last column and row are drawn
    assert not background(shot[100:600, int(side.x0) - 1]).any()
    assert not background(shot[int(bar.y0) - 1, 10:900]).any()


def test_without_panels_the_3d_view_has_the_whole_window(app):
    panels(app, False)
    app.still.force = False
    app.render_frames(2)
    assert app.view_clip is None
    assert background(app.capture()).mean() < 0.01
