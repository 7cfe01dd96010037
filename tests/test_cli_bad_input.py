"""Every bad command line gets one line on stderr and exit status 2, run as a real process."""
import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"
PUZZLE = ROOT / "scenarios" / "glik" / "01-first-touch.flick"


def flickbook(*argv, cwd=None):
    env = dict(os.environ, EGL_PLATFORM="surfaceless")
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), *map(str, argv)],
                          capture_output=True, text=True, timeout=240, cwd=cwd, env=env)


def assert_one_line_exit_2(proc, *words):
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert len(lines) == 1 and lines[0].startswith("flickbook: "), proc.stderr
    assert "Traceback" not in proc.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def read_only_folder(tmp_path) -> Path:
    """A folder nobody can write in: /proc for root (who ignores modes), else a 0555 folder."""
    if os.geteuid() == 0:
        return Path("/proc/flickbook-out")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize("argv, words", [
    (["selfplay", "glik", "--players", "9", "--out", "{tmp}"], ["2 to 4 players"]),
    (["selfplay", "grendizer", "--seed", "-1", "--out", "{tmp}"], ["--seed", "negative"]),
    (["render", DEMO, "--camera", "bogus", "--out", "{tmp}/x.png"], ["unknown camera preset"]),
    (["export", DEMO, "--fps", "nan", "--out", "{tmp}/x.mp4"], ["--fps", "finite"]),
    (["export", DEMO, "--fps", "inf", "--out", "{tmp}/x.mp4"], ["--fps", "finite"]),
    (["export", DEMO, "--speed", "nan", "--out", "{tmp}/x.mp4"], ["--speed", "finite"]),
    (["export", DEMO, "--fps", "0", "--out", "{tmp}/x.mp4"], ["--fps", "more than 0"]),
    (["export", DEMO, "--camera", "bogus", "--out", "{tmp}/x.mp4"], ["unknown camera preset"]),
    (["flick", DEMO, "--piece", "V1", "--angle", "nan", "--speed", "1"], ["--angle", "finite"]),
    (["selfplay", "glik", "--games", "x", "--out", "{tmp}"], ["--games"]),
])
def test_bad_arguments(tmp_path, argv, words):
    argv = [str(a).replace("{tmp}", str(tmp_path)) for a in argv]
    assert_one_line_exit_2(flickbook(*argv), *words)


def test_render_at_a_seat_the_game_does_not_have(tmp_path):
    assert_one_line_exit_2(flickbook("render", PUZZLE, "--camera", "seat9",
                                     "--out", tmp_path / "x.png"), "no seat 9")
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("where", ["/proc/x.png", "{tmp}"])
def test_render_onto_a_place_it_cannot_write_fails_with_a_message(tmp_path, where):
    out = where.replace("{tmp}", str(tmp_path))
    assert_one_line_exit_2(flickbook("render", PUZZLE, "--out", out), "cannot write")


def test_selfplay_into_a_read_only_folder(tmp_path):
    assert_one_line_exit_2(flickbook("selfplay", "glik", "--max-actions", "3",
                                     "--out", read_only_folder(tmp_path)))


def test_selfplay_onto_a_file(tmp_path):
    target = tmp_path / "taken"
    target.write_text("mine")
    assert_one_line_exit_2(flickbook("selfplay", "glik", "--out", target), "is a file")
    assert target.read_text() == "mine"


def test_selfplay_onto_a_full_disk(tmp_path, monkeypatch, capsys):
    """A full disk cannot be made without privileges, so the write itself fails here."""
    import errno

    import flickbook_cli

    def full(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert flickbook_cli.main(["selfplay", "glik", "--max-actions", "3", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "No space left" in err[0]
    assert not list(tmp_path.glob(".*.tmp"))  # the half-written temporary is gone


def test_flick_save_on_a_read_only_file(tmp_path):
    import shutil

    target = tmp_path / "game.flick"
    shutil.copy(DEMO, target)
    target.chmod(0o444)
    before = target.read_bytes()
    proc = flickbook("flick", target, "--piece", "G1", "--angle", "0", "--speed", "0.6", "--save")
    assert_one_line_exit_2(proc, "read-only")
    assert target.read_bytes() == before


def _one_flick_record(tmp_path, nudge: bool) -> Path:
    """The demo up to its first flick; `nudge` moves one disc 10 um in one middle frame of the
    stored motion, which still agrees with the flick but is not what the simulator gives."""
    from physics import Motion
    from timeline import load_record, save_record
    from timeline.record import Record

    demo = load_record(DEMO)
    record = Record(demo.game_name, dict(demo.config), headers=dict(demo.headers))
    node = record.root
    for old in demo.mainline()[1:]:
        node = record.add_child(node, old.action) if old.stored_motion is None else node
        if old.stored_motion is not None:
            motion = old.stored_motion
            if nudge:
                poses = motion.poses.copy()
                poses[len(poses) // 2, motion.index(motion.piece), 0] += 1e-5
                motion = Motion.from_bytes(dataclasses.replace(motion, poses=poses).to_bytes())
            child = record.add_child(node, old.action)
            child.stored_motion = motion
            child._step = None
            child._state = None
            break
    return save_record(record, tmp_path / ("nudged.flick" if nudge else "fresh.flick"))


def test_check_verify_motion_exits_2_on_a_differing_resimulation(tmp_path):
    nudged = _one_flick_record(tmp_path, nudge=True)
    assert flickbook("check", nudged).returncode == 0  # it agrees with its flick and position
    proc = flickbook("check", nudged, "--verify-motion")
    assert_one_line_exit_2(proc, "differ from a fresh simulation")
    assert "warning: node" in proc.stdout
    kept = flickbook("check", nudged, "--verify-motion", "--warn-only")
    assert kept.returncode == 0 and "warning: node" in kept.stdout
    fresh = flickbook("check", _one_flick_record(tmp_path, nudge=False), "--verify-motion")
    assert fresh.returncode == 0, fresh.stderr


def test_info_json_refuses_nan_in_the_file(tmp_path):
    data = json.loads(PUZZLE.read_text())
    data["headers"]["seed"] = float("nan")
    bad = tmp_path / "nan.flick"
    bad.write_text(json.dumps(data))
    assert_one_line_exit_2(flickbook("info", bad, "--json"), "NaN")


def test_solve_with_a_malformed_goal(tmp_path):
    data = json.loads(PUZZLE.read_text())
    data["scenario"]["goal"] = {"type": "reach", "stones": "everywhere"}
    bad = tmp_path / "goal.flick"
    bad.write_text(json.dumps(data))
    assert_one_line_exit_2(flickbook("solve", bad), str(bad))
