"""Glik in the viewer: frames per second at 1280x720 with lighting and shadows, and the Python
time per frame of the scene update and the timeline, while the demo replay plays back.

The app is the real viewer (scene, lighting with its shadow map, camera, timeline panel and
controller) drawing offscreen with software GL. Each frame runs Panda's task loop once, so
playback advances the line clock, the scene moves its stones, the scrub bar and move list
follow, and the frame renders; the frame is read back every frame so the renderer's work is
counted (one pixel is read back, which waits for the whole frame). Stones move in every
frame of a slide, so the shadow map is redrawn then too.
Prints its figures, then one JSON line: fps, frame_python_ms, fps_still, cpu_ms_per_frame
(CPU time of all the process's threads, the software renderer's included: steadier than fps
on a shared machine), the load average, frames.
"""
from __future__ import annotations

import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # ahead of bench/ (its analysis.py, physics.py hide the packages)

from bench.benchkit import report, size  # noqa: E402

# The viewer's per-frame Python work is timed by its frame (viewer/frame.py: app.frame.last_seconds).
TARGETS = {"fps": ">= 60", "frame_python_ms": "<= 2", "fps_glonk": ">= 60", "fps_still": None,
           "cpu_ms_per_frame": None}


def bench_glik(frames: int = size(300, 30), size=(1280, 720)) -> dict:
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session

    session = demo_session()
    app = ViewerApp(session, offscreen=True, size=size, interactive=True)
    ctl = app.controller
    ctl.navigation.go_to(session.node)
    app.set_view(app.preset("seat", 0))
    app.render_frames(5)  # shaders compiled, textures uploaded
    # Reading one pixel back each frame makes the software renderer finish the frame (so its
    # work is counted) without timing a full-frame copy that a window never makes.
    w, h = size
    probe = app.win.makeDisplayRegion(0, 1 / w, 0, 1 / h)

    # still: the camera and the scene rest (the shadow map is not redrawn)
    start = time.perf_counter()
    still_frames = frames // 3
    for _ in range(still_frames):
        app.taskMgr.step()
        probe.getScreenshot()
    fps_still = still_frames / (time.perf_counter() - start)

    # playback at 2x: stones slide every frame, the timeline and panel follow
    ctl.player.faster()
    ctl.player.play_pause()
    python_s = 0.0
    nodes_seen = set()
    cpu0 = time.process_time()
    start = time.perf_counter()
    for _ in range(frames):
        if not ctl.player.playing:
            ctl.player.play_pause()  # the line ended: play it again from the start
        app.taskMgr.step()
        probe.getScreenshot()
        python_s += app.frame.last_seconds  # every stage before the draw (viewer.frame)
        nodes_seen.add(id(session.node))
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {"fps": round(frames / wall, 1), "frame_python_ms": round(python_s / frames * 1000, 3),
            "cpu_ms_per_frame": round(cpu / frames * 1000, 2), "cores": os.cpu_count(),
            "load_average": None if load is None else round(load, 2),
            "fps_still": round(fps_still, 1), "frames": frames, "positions_played": len(nodes_seen),
            "size": f"{size[0]}x{size[1]}", "shadow_map": app.lighting.shadow_size}


def glonk_figures() -> dict:
    """fps_glonk and its companions from bench/render_glonk.py, run in a process of its own
    (Panda allows one ShowBase per process)."""
    import subprocess

    script = os.path.join(ROOT, "bench", "render_glonk.py")
    done = subprocess.run([sys.executable, script], capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        return {"fps_glonk": None}
    return {k: v for k, v in json.loads(lines[-1]).items() if k.endswith("_glonk")}


def main() -> None:
    out = bench_glik()
    out.update(glonk_figures())
    print(f"Glik demo replay at {out['size']}, lit, shadow map {out['shadow_map']}, software GL")
    print(f"  {out['fps']} frames per second while playing back at 2x (target >= 60)")
    print(f"  {out['fps_still']} frames per second while nothing moves")
    print(f"  {out['frame_python_ms']} ms of Python per frame for scene and timeline (target <= 2)")
    print(f"  {out['cpu_ms_per_frame']} ms of CPU per frame, all threads (software GL included); "
          f"load average {out['load_average']} on {out['cores']} cores: other work slows fps")
    print(f"  {out['fps_glonk']} frames per second for the full Glonk Galaxy during a flick's "
          f"playback (bench/render_glonk.py; target >= 60)")
    report("render", out, TARGETS)


if __name__ == "__main__":
    main()
