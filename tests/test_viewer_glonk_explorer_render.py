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
    said = f"exit {result.returncode}: " + result.stdout[-3000:] + result.stderr[-3000:]
    assert result.returncode == 0, said
    assert "explorer pictures checked" in result.stdout, said


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
    print("offscreen app made", file=sys.stderr, flush=True)
    app.set_view(app.preset("top"))
    ctl = app.controller
    scene = app.scene
    ex = ShotExplorer(app, scene)  # offscreen apps get no FlickInput: made here by hand
    ex.box.dock(ctl.panel)
    ex.on = True
    state = session.node.state
    from viewer.glonk import aim as AIM

    # two candidates kept first: their numbered paths and their odds in the panel
    from games.glonk.rules import activatable
    two = [p.id for p in state.in_play() if p.id != "G1" and p.kind == "saucer"
           and activatable(state, p)][:2]  # whichever saucers the demo left able to fly
    for text in (f"flick {two[0]} a=350.00 v=1.600 s=0.00",
                 f"flick {two[1]} a=345.00 v=2.000 s=0.00"):
        f = scene.game.parse_action(state, text)
        cand, _ = ex.candidates.keep(state, f)
        cand.report = explore(state, f, ex.skill, samples=16, seed=11, bins=HEAT_BINS,
                              batch_size=WINDOW_BATCH)
        cand.step = scene.game.apply(state, f)
    # then a third aim, explored: the heatmap and the odds beside it
    piece = state.piece("G1")
    angle, speed = 0.0, 2.0
    scene.select(state, piece.id)
    a = math.radians(angle)
    pull = AIM.speed_to_pull(speed)
    aim = scene.drag_update(state, Pick(point=(piece.x - math.cos(a) * pull,
                                               piece.y - math.sin(a) * pull, 0.0)))
    flick = scene.intended_flick(aim)
    step = scene.game.apply(state, flick)
    scene.draw_ghost(flick.piece, step)
    report = explore(state, flick, ex.skill, samples=40, seed=11, bins=HEAT_BINS,
                     batch_size=WINDOW_BATCH)
    ex.samples = 40
    ex.subject, ex.job = (state, flick), 1
    ex._heard(("report", 1, report, True))
    ex._draw_heat()
    ex._draw_candidates()
    ex.box.refresh()
    app.render_frames(2)
    ex._place_label()
    app.render_frames(2)
    img = app.capture().astype(float)
    if os.environ.get("EXPLORER_PNG"):
        app.save_png(f"{os.environ['EXPLORER_PNG']}-aim.png")
    # the hottest square is lit on the mat: warmer (more red than blue) than the mat there
    cells = heat_cells(report["end_histogram"])
    free = [c for c in cells if not any(
        math.hypot(q.x - (c.x0 + c.x1) / 2, q.y - (c.y0 + c.y1) / 2) < q.radius + 0.012
        for q in state.in_play())]
    hot = max(free, key=lambda c: c.heat)
    assert hot.heat > 0.3
    lit = _mean(img, app.project(((hot.x0 + hot.x1) / 2, (hot.y0 + hot.y1) / 2, 0.0)), 1)
    assert lit[0] > lit[2], ("the heat is not drawn", lit)
    assert ex.label.getText().startswith("club: 40 flicks\n")
    assert "expected" in ex.box.odds["text"]
    assert [label["text"][:1] for label in ex.box.lines[:2]] == ["1", "2"]
    lo, hi = ex.label.getTightBounds(app.aspect2d)
    right_edge = (hi.x / app.getAspectRatio() + 1) / 2 * 1280
    assert right_edge < 1280 - 0.80 * 400, "the odds stay clear of the panel"
    # the odds box is drawn where the layout put it, also when new odds of the same size come
    # (they were left at the window's corner, where the text is measured)
    def drawn_at_its_room():
        room = app.screen.box("explorer")
        return room is not None and all(
            abs(a - b) <= 3 for a, b in zip(ex.label_box(), room.as_list()))
    assert drawn_at_its_room(), (ex.label_box(), app.screen.box("explorer"))
    ex._label_key = None  # the same text again: the same size asked of the layout
    ex._place_label()
    assert drawn_at_its_room(), (ex.label_box(), app.screen.box("explorer"))
    # the computer's turn and setting up give its room back; play takes it again
    for mode in ("computer", "edit"):
        app.screen.set_mode(mode)
        assert ex.label_box() is None and app.screen.box("explorer") is None, mode
        app.screen.set_mode("play")
        assert drawn_at_its_room(), mode

    print("heatmap checked", file=sys.stderr, flush=True)
    # the aim goes; A replays the candidates together on the one clock
    scene.clear_aim()
    ex.subject = None
    ex.report = None
    ex._draw_heat()
    ex._place_label()
    ex.box.refresh()
    said = ex.replay()
    assert said.startswith("Replaying 2 candidate paths together"), said
    app.clock.tick(0.4)  # 0.2 s into the flicks at half speed
    assert ex._replaying() and len(ex._replay_discs) == 2
    app.clock.playback.playing = False  # held there while it is drawn (frames take long here)
    app.render_frames(2)
    if os.environ.get("EXPLORER_PNG"):
        app.save_png(f"{os.environ['EXPLORER_PNG']}-candidates.png")
    img2 = app.capture().astype(float)
    for slot, disc in ex._replay_discs.items():
        p = disc.getPos(app.render)
        seen = _mean(img2, app.project((p.x, p.y, p.z)), 2)
        assert np.abs(seen - np.array(ex_colour(slot)) * 255).sum() < 300, (slot, seen)
    rest = ex.candidates.by_slot()[0]
    moving = ex._replay_discs[1].getPos(app.render)
    end = rest.step.state.piece(rest.flick.piece)
    assert math.hypot(moving.x - end.x, moving.y - end.y) > 0.02, "caught on its way"
    app.clock.playback.playing = True
    while ex._replaying():
        app.clock.tick(0.1)
    app.render_frames(1)
    ex.frame(ctl.host)  # what the scene's input hands it each frame: the window's host
    assert not ex._replay_discs, "the replay's discs go when it ends"
    ex.destroy()
    print("explorer pictures checked", flush=True)


def ex_colour(slot):
    from viewer.glonk.explorer_view import SLOT_COLOURS

    return SLOT_COLOURS[slot][:3]


if __name__ == "__main__":
    child(Path(sys.argv[1]))
