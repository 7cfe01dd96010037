"""Glonk rendering speed: the full Galaxy (six armadas, the Black Hole, six Asteroids) while a
recorded flick plays back, at 1280x720 offscreen (software GL here), shadows included.

Each frame does what the viewer does during playback (`show_node` at a fraction of the
flick: `show(state)` then `show_motion`, which samples the recorded Motion) and renders; one
pixel is read back every frame so the renderer's work is counted. Prints its figures, then
one JSON line: fps_glonk, frame_python_ms_glonk (scene update per frame),
cpu_ms_per_frame_glonk (CPU of all threads: steadier than fps on a shared machine), the load
average, discs, frames; mat_picture_cpu_ratio: the CPU a frame with the mat lit from its
picture (viewer.glonk.mat_picture, the viewer's way) over that with the mat's own shader,
measured in turn in this run (cpu_ms_per_frame_mat_picture, cpu_ms_per_frame_mat_shader;
both with every frame drawn whole); and playback_picture_cpu_ratio: the CPU a frame with the
still picture of what the flick never moves (viewer.glonk.playback_picture, a window's way,
which cpu_ms_per_frame_glonk measures) over that with every frame drawn whole, measured in
turn (cpu_ms_per_frame_playback_picture, cpu_ms_per_frame_full_frames).

`fps_glonk(...)` is importable (bench/render.py may call it).
"""
from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # ahead of bench/ (its analysis.py, physics.py hide the packages)

from bench.benchkit import report, size  # noqa: E402

TARGETS = {"fps_glonk": ">= 60", "frame_python_ms_glonk": None, "cpu_ms_per_frame_glonk": None,
           "mat_picture_cpu_ratio": None, "playback_picture_cpu_ratio": None}


def full_galaxy_state(seed: int = 3):
    """A six-armada game after setup (seeded random placements), ready to act."""
    import numpy as np

    from games.api import CHANCE, sample_chance
    from games.glonk import GAME

    rng = np.random.default_rng(seed)
    s = GAME.new_initial_state(GAME.default_config(6))
    while s.phase != "actions":
        if GAME.current_player(s) == CHANCE:
            a = sample_chance(GAME, s, rng)
        else:
            acts = GAME.legal_actions(s)
            a = acts[int(rng.integers(len(acts)))]
        s = GAME.apply(s, a).state
    return s


def busy_flick(state):
    """A hard flick of one of the turn player's saucers at the nearest enemy cluster."""
    import math

    from games.glonk import Flick

    mine = [p for p in state.in_play() if p.owner == state.turn_player and p.kind == "saucer"]
    others = [p for p in state.in_play() if p.is_ship and p.owner != state.turn_player]
    best = None
    for p in mine:
        for q in others:
            d = math.hypot(q.x - p.x, q.y - p.y)
            if best is None or d < best[0]:
                best = (d, p, q)
    _, p, q = best
    return Flick.make(p.id, math.degrees(math.atan2(q.y - p.y, q.x - p.x)), 2.6, 4.0)


def playback_session(seed: int = 3):
    from games.glonk import GAME
    from timeline import Record, Session

    state = full_galaxy_state(seed)
    record = Record(GAME.name, dict(GAME.default_config(6)), start_state_json=GAME.state_to_json(state))
    session = Session(record)
    node = session.play(busy_flick(state))
    return session, node


def fps_glonk(frames: int = size(240, 24), size=(1280, 720), seed: int = 3,
              mat_picture: bool = True, playback_picture: bool = True) -> dict:
    """Frames per second of the full Galaxy during motion playback (see the module doc);
    `mat_picture` False: the mat keeps its own shader (viewer.glonk.mat_picture), as before;
    `playback_picture` False: every frame drawn whole (viewer.glonk.playback_picture), as
    before (True: as a window draws a playback)."""
    from viewer.render import offscreen_app

    session, node = playback_session(seed)
    motion = node.motion
    app = offscreen_app(session, size)
    app.scene.mat_picture.enabled = mat_picture
    app.scene.playback_picture.enabled = playback_picture
    app.set_view(app.preset("seat", 0))
    app.show_node(node, 0.0)
    app.render_frames(3)  # shaders compiled, textures uploaded
    # A one-pixel readback each frame makes the software renderer finish the frame (so its
    # work is counted) without timing a full-frame copy that a window never makes.
    w, h = size
    probe = app.win.makeDisplayRegion(0, 1 / w, 0, 1 / h)
    python_s = 0.0
    cpu0 = time.process_time()
    start = time.perf_counter()
    for k in range(frames):
        # forwards then backwards through the flick, as scrubbing does
        u = (k % 120) / 119
        frac = u if (k // 120) % 2 == 0 else 1 - u
        t0 = time.perf_counter()
        app.show_node(node, frac)
        python_s += time.perf_counter() - t0
        app.render_frames(1)
        probe.getScreenshot()
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    app.win.removeDisplayRegion(probe)
    assert app.scene.mat_picture.using == mat_picture
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {"fps_glonk": round(frames / wall, 1),
            "frame_python_ms_glonk": round(python_s / frames * 1000, 3),
            "cpu_ms_per_frame_glonk": round(cpu / frames * 1000, 2),
            "cores": os.cpu_count(), "load_average": None if load is None else round(load, 2),
            "discs": len(session.state.in_play()), "motion_discs": len(motion.ids),
            "motion_seconds": round(float(motion.duration), 3), "frames": frames,
            "size": f"{size[0]}x{size[1]}", "shadow_map": app.lighting.shadow_size}


def mat_picture_ratio(rounds: int = size(3, 1), frames: int = size(120, 24)) -> dict:
    """CPU per frame with the mat lit from its picture over that with its own shader, the two
    measured in turn in this process (a shared machine's load drifts less between them)."""
    with_picture, without = [], []
    for _ in range(rounds):
        without.append(fps_glonk(frames, mat_picture=False,
                                 playback_picture=False)["cpu_ms_per_frame_glonk"])
        with_picture.append(fps_glonk(frames, mat_picture=True,
                                      playback_picture=False)["cpu_ms_per_frame_glonk"])
    return {"cpu_ms_per_frame_mat_shader": round(min(without), 2),
            "cpu_ms_per_frame_mat_picture": round(min(with_picture), 2),
            "mat_picture_cpu_ratio": round(min(with_picture) / min(without), 3)}


def playback_picture_ratio(rounds: int = size(4, 1), frames: int = size(120, 24)) -> dict:
    """CPU per frame with the playback picture over that with every frame drawn whole, the
    two measured in turn in this process, each way first in turn (the order costs nothing)."""
    on, off = [], []
    for k in range(rounds):
        for way in ((False, True) if k % 2 == 0 else (True, False)):
            got = fps_glonk(frames, playback_picture=way)["cpu_ms_per_frame_glonk"]
            (on if way else off).append(got)
    return {"cpu_ms_per_frame_full_frames": round(min(off), 2),
            "cpu_ms_per_frame_playback_picture": round(min(on), 2),
            "playback_picture_cpu_ratio": round(min(on) / min(off), 3)}


def main() -> None:
    ratio = {**mat_picture_ratio(), **playback_picture_ratio()}
    out = fps_glonk()
    print(f"Glonk full Galaxy, {out['motion_discs']} discs in a {out['motion_seconds']} s flick, "
          f"{out['size']}, shadows on")
    print(f"  {out['fps_glonk']} frames per second during playback (target >= 60)")
    print(f"  {out['frame_python_ms_glonk']} ms of Python per frame for the scene update")
    print(f"  {out['cpu_ms_per_frame_glonk']} ms of CPU per frame, all threads (software GL "
          f"included); load average {out['load_average']} on {out['cores']} cores")
    print(f"  mat lit from its picture: {ratio['cpu_ms_per_frame_mat_picture']} ms of CPU a frame "
          f"against {ratio['cpu_ms_per_frame_mat_shader']} ms with its own shader (best of each, "
          "measured in turn)")
    print(f"  the playback picture: {ratio['cpu_ms_per_frame_playback_picture']} ms of CPU a frame "
          f"against {ratio['cpu_ms_per_frame_full_frames']} ms drawing every frame whole (best of "
          "each, measured in turn)")
    report("render_glonk", {**out, **ratio}, TARGETS)


if __name__ == "__main__":
    main()
