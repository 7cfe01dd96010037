"""Directing a replay in a real window (Xvfb + xdotool), as an author does: on a flick of the
Glonk demo J keeps a camera keyframe and Shift+N a note on the flicked disc; their ticks
appear on the scrub bar; dragging the camera keyframe's tick moves it to another moment,
Ctrl+Z puts it back, dragging the note's tick moves the note; Shift+S at the flick's end and
at its start slows it down, Shift+J keeps a second (follow) keyframe; Ctrl+S saves. The saved
record holds exactly that direction, reopened it shows the same ticks, and `flickbook export`
films it with the flick four times slower. Every wait is on the viewer's probe file, never a
fixed sleep. Then M marks a moment, F7's review list drops it, and the reel leaves it out."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from test_e2e_viewer import pytestmark  # noqa: F401 - skipped without Xvfb / xdotool
from xvfb.desk import Desk

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


def _tick(p, kind):
    found = [t for t in p["ticks"]["ticks"] if t["kind"] == kind]
    assert len(found) == 1, p["ticks"]
    return found[0]


def _line_time(p, x):
    """The line time under pixel column `x` of the scrub bar."""
    (x0, _), (x1, _) = p["ticks"]["track"]
    return (x - x0) / (x1 - x0) * p["ticks"]["total"]


def _drag(desk, tick, dx):
    x, y = tick["px"]
    desk.drag([(x, y)] + [(x + dx * k / 8, y) for k in range(1, 9)])
    return x + dx


def test_keys_and_the_scrub_bar_direct_a_replay_and_the_file_holds_exactly_that(tmp_path):
    from timeline import load_record
    from timeline.playback import node_duration

    src = tmp_path / "demo.flick"
    shutil.copy(DEMO, src)
    desk = Desk(tmp_path)
    try:
        desk.start("open", str(src))
        desk.key("End")
        p = desk.settled()
        while not (p["node_action"] or "").startswith("flick"):
            desk.key("Left")
            p = desk.settled()
        flick_path = p["node"]
        assert p["ticks"]["ticks"] == []  # the demo has no direction
        # J: a camera keyframe at the moment shown; Shift+N: a ring on the flicked disc
        p = desk.key("j")
        p = desk.wait(lambda p: "Camera keyframe kept" in p["message"] and p["ticks"]["ticks"],
                      20, "J's keyframe and its tick")
        p = desk.key("shift+n")
        p = desk.wait(lambda p: "Note kept on the flicked disc" in p["message"]
                      and len(p["ticks"]["ticks"]) == 2, 20, "Shift+N's note and its tick")
        camera, note = _tick(p, "camera"), _tick(p, "note")
        assert camera["at"]["path"] == flick_path == note["at"]["path"]
        # drag the camera keyframe's tick 160 px to the left: it moves to the moment let go at
        let_go = _drag(desk, camera, -160)
        p = desk.wait(lambda p: not p["ticks"]["held"] and _tick(p, "camera")["at"] != camera["at"],
                      30, "the dragged camera keyframe")
        moved = _tick(p, "camera")
        assert abs(moved["px"][0] - let_go) <= 2.0, (moved, let_go)
        per_pixel = p["ticks"]["total"] / (p["ticks"]["track"][1][0] - p["ticks"]["track"][0][0])
        assert abs(moved["time"] - _line_time(p, let_go)) <= 2 * per_pixel
        assert "Camera keyframe moved to" in p["message"]
        assert _tick(p, "note")["at"] == note["at"], "the other keyframe stays"
        # Ctrl+Z: the drag undone, the keyframe back where J kept it
        desk.key("ctrl+z")
        p = desk.wait(lambda p: _tick(p, "camera")["at"] == camera["at"], 20, "the drag undone")
        assert len(p["ticks"]["ticks"]) == 2
        # the note's tick dragged 90 px to the left instead
        let_go = _drag(desk, _tick(p, "note"), -90)
        p = desk.wait(lambda p: not p["ticks"]["held"] and _tick(p, "note")["at"] != note["at"],
                      30, "the dragged note")
        dragged = _tick(p, "note")
        assert abs(dragged["time"] - _line_time(p, let_go)) <= 2 * per_pixel
        assert _tick(p, "camera")["at"] == camera["at"]
        # Shift+S here and again a move back: the flick in slow motion; Shift+J there: a
        # second keyframe (a follow camera) where the flick starts
        desk.key("shift+s")
        desk.wait(lambda p: "Shift+S again" in p["message"], 20, "the stretch's start")
        desk.key("Left")
        p = desk.settled()
        parent_path = p["node"]
        assert parent_path == flick_path[:-1]
        desk.key("shift+s")
        p = desk.wait(lambda p: "Slow motion (0.25x)" in p["message"]
                      and len(p["ticks"]["ticks"]) == 4, 20, "the slow-motion stretch")
        desk.key("shift+j")
        p = desk.wait(lambda p: len(p["ticks"]["ticks"]) == 5, 20, "the follow keyframe")
        out = tmp_path / "directed.flick"
        desk.save_as(out)
        saved = load_record(out)
        d = saved.direction
        assert set(d) == {"version", "camera", "notes", "speed"} and d["version"] == 1
        flick, parent = saved.node_at(flick_path), saved.node_at(parent_path)
        start = {"path": parent_path, "t": round(node_duration(parent), 4)}
        assert d["speed"] == [{"from": start, "to": camera["at"], "rate": 0.25}]
        key, follow = d["camera"]
        assert key["at"] == camera["at"] and key.get("kind", "view") == "view"
        assert key["blend"] == "smooth"
        assert follow["at"] == start and follow["kind"] == "follow"
        (ring,) = d["notes"]
        assert ring["at"] == dragged["at"] and ring["kind"] == "ring"
        assert ring["anchor"] == {"disc": flick.stored_motion.piece}
        # reopened, the window shows the same ticks where they were
        desk.open(out)
        p = desk.wait(lambda p: len(p["ticks"]["ticks"]) == 5, 30, "the reopened record's ticks")
        assert _tick(p, "note")["at"] == dragged["at"]
        assert [t["at"] for t in p["ticks"]["ticks"] if t["kind"] == "camera"] == [camera["at"]]
        # and exported: the film plays the flick four times slower (its frames counted)
        from viewer.export import FrameRenderer

        frames = tmp_path / "frames"
        run = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "export", str(out),
                              "--out", str(frames), "--from", str(parent.ply), "--to", str(flick.ply),
                              "--size", "160x90", "--fps", "4", "--workers", "1"],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stdout + run.stderr
        with FrameRenderer(saved, parent.ply, flick.ply, size=(160, 90), fps=4, speed=1.0,
                           camera_preset="seat", hold=1.0, step_seconds=0.6) as fr:
            want = len(fr.times)
            stretched = fr.direction.film_total - fr.clock.total
        assert len(list(frames.glob("frame*.png"))) == want
        assert stretched >= 3 * flick.stored_motion.duration - 0.05
        # M marks the moment shown; F7 lists it with the game's own marked moments (the demo's
        # boarding scores); its Drop button leaves it out of the reel that the export films
        desk.key("m")
        desk.wait(lambda p: "for the highlight reel" in p["message"], 20, "the marker")
        desk.key("F7")
        p = desk.wait(lambda p: p["reel"], 20, "the review list")
        mine = [r for r in p["reel"] if r[0] == "author"]
        assert len(mine) == 1 and mine[0][2] is True and any(r[0] == "score" for r in p["reel"])
        desk.click(*mine[0][3])

        def dropped(p):
            return p["reel"] and [r[2] for r in p["reel"] if r[0] == "author"] == [False]
        desk.wait(dropped, 20, "the marker dropped from the reel")
        desk.key("Escape")
        desk.wait(lambda p: p["dialog"] is None, 20, "the review list to close")
        reviewed = tmp_path / "reviewed.flick"
        desk.save_as(reviewed)
        d = load_record(reviewed).direction
        assert len(d["markers"]) == 1 and d["version"] == 2
        assert d["dropped"] == [{"at": d["markers"][0]["at"], "source": "author"}]
        run = subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), "export", str(reviewed),
                              "--out", str(tmp_path / "reel"), "--reel", "--size", "160x90",
                              "--fps", "4", "--workers", "1"],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "score" in run.stdout and mine[0][1] not in run.stdout
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()
