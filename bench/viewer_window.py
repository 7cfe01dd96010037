"""The viewer window's own costs, in a real window under Xvfb (needs Xvfb and xdotool).

Opens the first Glonk tutorial, and measures:
- idle_core: the share of one core the window uses while nothing changes (no frames drawn);
- flick_latency_ms: from the release of a real mouse flick (xdotool), held still until its
  ghost path showed, to the first frame of its motion (the ghost path's simulation is the
  flick's; a flick released at once is simulated off the frame thread, then played);
- aim_fps and aim_cpu_ms_per_frame: while a hand aims (the button held on a disc, the
  pointer circling it for AIM_SPAN_S seconds), frames a second and the window's CPU time per
  frame drawn (all its threads: the software GL's too); the aim is then let go with Esc;
  aim_still_frames, aim_still_redraws: of those frames, how many showed the still scene's
  picture (viewer.still) and how many drew it again (the first, then only on a change);
- moving_fps and cpu_ms_per_frame: while the flick plays back (Home, Space; PLAYBACKS times),
  frames a second and the window's CPU time per frame drawn (moving_frames of them;
  moving_python_ms_per_frame: the frame stages' Python, viewer.frame, but the draw stage's,
  and moving_stage_ms_per_frame each stage's;
  moving_mat_picture_redraws: how often the mat's picture was drawn again meanwhile,
  viewer.glonk.mat_picture; moving_playback_frames, moving_playback_redraws: frames drawn
  under the playback picture, viewer.glonk.playback_picture, and how often it was drawn);
- the same, measured in turn in the same window, with the playback picture off (the house
  option `playback_picture` false: every frame drawn whole, as before):
  moving_fps_full_frames, cpu_ms_per_frame_full_frames, and playback_picture_cpu_ratio (CPU a
  frame with it over without).
Ends with ONE JSON line of figures. Usage: python bench/viewer_window.py
"""
from __future__ import annotations

import json
import math
import os
import sys
import tempfile
import time
from argparse import Namespace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.benchkit import report, size  # noqa: E402

TUTORIAL = "scenarios/glonk/01-your-first-flick.flick"
IDLE_SPAN_S = size(8, 1)
AIM_SPAN_S = size(8, 1)
PLAYBACKS = size(8, 1)  # times the flick is played back (Home, Space) for the moving figures
TARGETS = {"idle_core": "<= 0.03", "flick_latency_ms": None, "aim_fps": ">= 45",
           "aim_cpu_ms_per_frame": "<= 16", "moving_fps": ">= 45", "cpu_ms_per_frame": "<= 16"}


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    from xvfb.mirror import Mirror
    from xvfb.desk import MISSING, Desk

    if MISSING:
        report("viewer_window", {"skipped": "Xvfb/xdotool not installed"}, TARGETS)
        return
    tmp = Path(tempfile.mkdtemp(prefix="flickbook-bench-"))
    desk = Desk(tmp)
    mirror = Mirror(desk, Namespace(command="open", file=TUTORIAL))
    try:
        desk.start("open", TUTORIAL)
        desk.key("t")
        desk.settled()
        mirror.sync()
        p = desk.wait(lambda p: not p["window_active"], 30, "the window to go idle")
        pid = desk.viewer.pid
        c0, t0 = cpu_seconds(pid), time.time()
        while time.time() < t0 + IDLE_SPAN_S:  # the measurement span: a person looking at the board
            time.sleep(0.5)
        idle = (cpu_seconds(pid) - c0) / (time.time() - t0)
        idle_frames = desk.probe()["frames_drawn"] - p["frames_drawn"]
        s = mirror.session.state
        piece = next(q for q in s.in_play() if q.owner == s.turn_player and q.is_ship and q.speed > 0)
        a = mirror.px((piece.x, piece.y, piece.thickness))
        ang = math.atan2(-piece.y, -piece.x)
        b = mirror.px((piece.x - math.cos(ang) * 0.09, piece.y - math.sin(ang) * 0.09, 0.0))
        # aiming: the button held on the disc, the pointer circling behind it
        desk.move(*a)
        desk.down()
        desk.move(*b)
        q0 = desk.probe()
        f0, c0, t0 = q0["frames_drawn"], cpu_seconds(pid), time.time()
        k = 0
        while time.time() < t0 + AIM_SPAN_S:
            turn = k * 0.25
            k += 1
            desk.x("mousemove", "--window", desk.wid,
                   str(int(b[0] + 30 * math.cos(turn))), str(int(b[1] + 30 * math.sin(turn))))
            time.sleep(0.02)
        q1 = desk.probe()
        aim_frames = max(1, q1["frames_drawn"] - f0)
        # frames shown from the still scene's picture while aiming, and its redraws (viewer.still)
        still = {k: q1.get("still", {}).get(k, 0) - q0.get("still", {}).get(k, 0)
                 for k in ("frames", "redraws")}
        aim_cpu, aim_took = cpu_seconds(pid) - c0, time.time() - t0
        desk.key("Escape")  # the aim let go: no flick
        desk.up()
        desk.settled()
        desk.drag([a] + [(a[0] + (b[0] - a[0]) * k / 8, a[1] + (b[1] - a[1]) * k / 8)
                         for k in range(1, 9)], release=False)
        desk.wait(lambda p: p["ghost_line"], 60, "the aim's ghost path")  # a hand holds still
        desk.up()
        p = desk.wait(lambda p: p["clock_started"] is not None and "flick_released" in p["marks"]
                      and p["clock_started"] >= p["marks"]["flick_released"], 120, "the flick")
        latency = p["clock_started"] - p["marks"]["flick_released"]
        desk.settled(120)
        runs = {way: dict(frames=0, mat=0, pb=0, pb_redraws=0, spent=0.0, took=0.0, py=0.0)
                for way in (True, False)}
        settings = tmp / "home" / "settings.json"

        def got(p1, p0, part, key):
            return (p1.get(part) or {}).get(key, 0) - (p0.get(part) or {}).get(key, 0)

        for k in range(2 * PLAYBACKS):  # one flick plays for a few tenths of a second: several
            on = k % 2 == 0  # in turn with the playback picture and without (a house option,
            try:  # read at each playback)
                kept = json.loads(settings.read_text())
            except (OSError, ValueError):
                kept = {}
            kept.setdefault("glonk", {})["playback_picture"] = on
            settings.parent.mkdir(parents=True, exist_ok=True)
            settings.write_text(json.dumps(kept))
            run = runs[on]
            desk.key("Home", "space")
            p0 = desk.wait(lambda p: p["playing"], 20, "playback")
            c0, t0 = cpu_seconds(pid), time.time()
            p1 = desk.wait(lambda p: not p["playing"], 120, "the playback to end")
            run["spent"] += cpu_seconds(pid) - c0
            run["took"] += time.time() - t0
            run["frames"] += p1["frames_drawn"] - p0["frames_drawn"]
            run["mat"] += got(p1, p0, "mat_picture", "redraws")
            run["pb"] += got(p1, p0, "playback_picture", "frames")
            run["pb_redraws"] += got(p1, p0, "playback_picture", "redraws")
            for stage in p1.get("frame_stage_s") or {}:
                run.setdefault("stages", {}).setdefault(stage, 0.0)
                run["stages"][stage] += got(p1, p0, "frame_stage_s", stage)
            run["py"] = sum(v for k, v in run.get("stages", {}).items() if k != "draw")
        on, off = runs[True], runs[False]
        frames, mat_redraws, spent, took = max(1, on["frames"]), on["mat"], on["spent"], on["took"]
        off_ms = off["spent"] / max(1, off["frames"]) * 1000
        report("viewer_window", {"idle_core": round(idle, 4), "idle_frames_drawn": idle_frames,
                                 "flick_latency_ms": round(latency * 1000, 1),
                                 "aim_fps": round(aim_frames / aim_took, 1),
                                 "aim_cpu_ms_per_frame": round(aim_cpu / aim_frames * 1000, 2),
                                 "aim_still_frames": still["frames"],
                                 "aim_still_redraws": still["redraws"],
                                 "moving_fps": round(frames / took, 1),
                                 "moving_frames": frames,
                                 "moving_mat_picture_redraws": mat_redraws,
                                 "moving_python_ms_per_frame": round(on["py"] / frames * 1000, 2),
                                 "moving_stage_ms_per_frame": {
                                     k: round(v / frames * 1000, 2)
                                     for k, v in on.get("stages", {}).items() if k != "draw"},
                                 "moving_playback_frames": on["pb"],
                                 "moving_playback_redraws": on["pb_redraws"],
                                 "cpu_ms_per_frame": round(spent / frames * 1000, 2),
                                 "moving_fps_full_frames": round(off["frames"] / max(off["took"], 1e-9), 1),
                                 "cpu_ms_per_frame_full_frames": round(off_ms, 2),
                                 "playback_picture_cpu_ratio":
                                     round(spent / frames * 1000 / max(off_ms, 1e-9), 3)}, TARGETS)
    finally:
        mirror.close()
        desk.stop()


if __name__ == "__main__":
    main()
