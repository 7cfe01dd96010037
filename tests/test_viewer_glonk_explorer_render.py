"""The shot explorer drawn offscreen at 1280x800 (the window's own drawing code, fed a report
explored in-process): the heatmap lights the mat where the disc ends, the odds sit beside it
and in the panel, candidate paths show in their colours and their discs move on the one clock.

`EXPLORER_PNG=/some/prefix` also writes the pictures (the README's comes from here).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


def test_the_heatmap_odds_and_candidates_are_drawn(tmp_path):
    env = dict(os.environ, FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "explorer pictures checked" in result.stdout


def _mean(img, px, r=3):
    x, y = int(round(px[0])), int(round(px[1]))
    return img[y - r:y + r + 1, x - r:x + r + 1].reshape(-1, 3).mean(axis=0)


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    import math

    import numpy as np

    from analysis.glonk import explore
    from timeline import Session, load_record
    from viewer.app import ViewerApp
    from viewer.glonk.explorer import HEAT_BINS, WINDOW_BATCH, heat_cells
    from viewer.glonk.explorer_view import ShotExplorer
    from viewer.scene import Pick

    session = Session(load_record(DEMO))
    session.go_to(session.record.root.end())
    app = ViewerApp(session, offscreen=True, size=(1280, 800), interactive=True)
    app.set_view(app.preset("top"))
    ctl = app.controller
    scene = app.scene
    ex = ShotExplorer(app, scene)  # offscreen apps get no FlickInput: made here by hand
    ex.box.dock(ctl.panel)
    ex.on = True
    state = session.node.state
    piece = state.piece("G2")
    angle, speed = -20.0, 1.45
    scene.select(state, piece.id)
    a = math.radians(angle)
    from viewer.glonk import aim as AIM

    pull = AIM.speed_to_pull(speed)
    aim = scene.drag_update(state, Pick(point=(piece.x - math.cos(a) * pull,
                                               piece.y - math.sin(a) * pull, 0.0)))
    flick = scene.intended_flick(aim)
    step = scene.game.apply(state, flick)
    scene.draw_ghost(flick.piece, step)
    scene.ghost_line = "Path: the ghost path of the aim"
    report = explore(state, flick, ex.skill, samples=48, seed=11, bins=HEAT_BINS,
                     batch_size=WINDOW_BATCH)
    ex.samples = 48
    ex.subject, ex.job = (state, flick), 1
    ex._heard(("report", 1, report, True))
    ex._draw_heat()
    ex.box.refresh()
    app.render_frames(2)
    ex._place_label()
    app.render_frames(2)
    img = app.capture().astype(float)
    if os.environ.get("EXPLORER_PNG"):
        app.save_png(f"{os.environ['EXPLORER_PNG']}-aim.png")
    # the hottest square is lit on the mat: warmer (more red than blue) than the mat was
    cells = heat_cells(report["end_histogram"])
    hot = max(cells, key=lambda c: c.heat)
    centre = ((hot.x0 + hot.x1) / 2, (hot.y0 + hot.y1) / 2)
    occupied = any(math.hypot(q.x - centre[0], q.y - centre[1]) < q.radius + 0.01
                   for q in state.in_play())
    if not occupied:
        lit = _mean(img, app.project((*centre, 0.0)))
        assert lit[0] > lit[2], ("the heat is not drawn", lit)
    assert ex.label.getText().startswith("club: 48 flicks\n")
    assert "expected" in ex.box.odds["text"]
    lo, hi = ex.label.getTightBounds(app.aspect2d)
    right_edge = (hi.x / app.getAspectRatio() + 1) / 2 * 1280
    assert right_edge < 1280 - 0.80 * 400, "the odds stay clear of the panel"

    # two candidates, their paths, and a frame of their replay on the one clock
    second = scene.game.parse_action(state, "flick G2 a=4.45 v=1.164 s=0.00")
    for f in (flick, second):
        cand, _ = ex.candidates.keep(state, f)
        cand.report = explore(state, f, ex.skill, samples=16, seed=11, bins=HEAT_BINS,
                              batch_size=WINDOW_BATCH)
        cand.step = scene.game.apply(state, f)
    scene.clear_aim()
    ex.subject = None
    ex.report = None
    ex._draw_heat()
    ex._draw_candidates()
    ex._place_label()
    ex.box.refresh()
    assert [label["text"][:1] for label in ex.box.lines[:2]] == ["1", "2"]
    said = ex.replay()
    assert said.startswith("Replaying 2 candidate paths together"), said
    app.clock.tick(0.6)
    assert ex._replaying() and len(ex._replay_discs) == 2
    app.render_frames(2)
    if os.environ.get("EXPLORER_PNG"):
        app.save_png(f"{os.environ['EXPLORER_PNG']}-candidates.png")
    img2 = app.capture().astype(float)
    for slot, disc in ex._replay_discs.items():
        p = disc.getPos(app.render)
        seen = _mean(img2, app.project((p.x, p.y, p.z)), 2)
        assert np.abs(seen - np.array(ex_colour(slot)) * 255).sum() < 300, (slot, seen)
    while ex._replaying():
        app.clock.tick(0.1)
    app.render_frames(1)
    ex.frame(ctl)
    assert not ex._replay_discs, "the replay's discs go when it ends"
    ex.destroy()
    print("explorer pictures checked")


def ex_colour(slot):
    from viewer.glonk.explorer_view import SLOT_COLOURS

    return SLOT_COLOURS[slot][:3]


if __name__ == "__main__":
    child(Path(sys.argv[1]))
