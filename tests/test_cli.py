"""The command line: info, check, selfplay, and one-line errors with exit status 2."""
import json
import subprocess
import sys

import pytest

from flickbook_cli import main
from timeline import Record, Session, save_record
from timeline.fileformat import FORMAT_VERSION


@pytest.fixture
def toy_file(tmp_path):
    s = Session(Record.new("toy"))
    s.play("roll 1")
    s.play("add 1")
    s.back()
    s.play("add 2")
    s.set_comment("sideline")
    return save_record(s.record, tmp_path / "toy.flick")


def test_info_json(toy_file, capsys):
    assert main(["info", str(toy_file), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "toy" and info["format_version"] == FORMAT_VERSION
    assert (info["node_count"], info["mainline_length"], info["variation_count"]) == (4, 2, 1)
    assert info["result"] == "*"


def test_info_readable(toy_file, capsys):
    assert main(["info", str(toy_file)]) == 0
    assert "main line: 2 plies" in capsys.readouterr().out


def test_check_valid_and_damaged(toy_file, tmp_path, capsys):
    assert main(["check", str(toy_file)]) == 0
    bad = tmp_path / "bad.flick"
    bad.write_text(toy_file.read_text()[:-40])
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("flickbook: ") and "damaged JSON" in err and "\n" not in err


def test_wrong_arguments_give_one_line_and_exit_2(capsys):
    assert main(["info"]) == 2
    assert main(["frobnicate"]) == 2
    assert main(["selfplay", "chess", "--out", "x"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("flickbook: ") for line in lines)
    assert "unknown game 'chess'" in lines[2]


def test_selfplay_same_seed_writes_identical_files(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    assert main(["selfplay", "toy", "--games", "3", "--seed", "7", "--out", str(a)]) == 0
    assert main(["selfplay", "toy", "--games", "3", "--seed", "7", "--out", str(b)]) == 0
    names = sorted(p.name for p in a.iterdir())
    assert len(names) == 3
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes()
        assert main(["check", str(a / name)]) == 0


def test_missing_file_as_a_real_process(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "flickbook_cli", "info", str(tmp_path / "no.flick")],
                          capture_output=True, text=True, cwd=str(tmp_path.parent))
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith("no such file") and "Traceback" not in proc.stderr


def test_glik_selfplay_with_the_bot_is_reproducible_and_finishes(tmp_path, capsys):
    for out in ("a", "b"):
        assert main(["selfplay", "glik", "--games", "1", "--seed", "5", "--out", str(tmp_path / out)]) == 0
    name = "glik-5-001.flick"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert main(["info", str(tmp_path / "a" / name), "--json"]) == 0
    info = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert info["result"] != "*"


@pytest.mark.parametrize("argv,message", [
    (["play", "glonk", "--armadas", "foo", "bar"], "unknown armada 'foo'"),
    (["play", "glik", "--chrono"], "no Chrono mode"),
    (["play", "glik", "--players", "9"], "2 to 4 players"),
    (["open", "/no/such/file.flick"], "no such file"),
])
def test_viewer_commands_check_their_arguments_before_opening_a_window(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_without_a_display_the_viewer_says_so(monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main([]) == 2
    assert "flickbook render" in capsys.readouterr().err


# --- seats are counted from 1 wherever a person reads or types one ---------------------------
def test_computer_seats_are_counted_from_one():
    from argparse import Namespace

    from flickbook_cli import UserError, _computer_seats

    def seats(*items, players=None):
        return _computer_seats(Namespace(game="glonk", players=players, armadas=None,
                                         computer=list(items)))

    assert seats("1=novice") == {0: "novice"}  # seat 1 is P1, the window's first seat
    assert seats("2=club", "3=expert", players=3) == {1: "club", 2: "expert"}
    for bad, words in (("0=club", "seats are 1 to 2"), ("3=club", "seats are 1 to 2")):
        with pytest.raises(UserError, match=words):
            seats(bad)


def test_info_names_the_players_from_p1(tmp_path, capsys):
    import numpy as np

    record = Record.new("glonk", {"players": 2})
    session = Session(record, rng=np.random.default_rng(1))
    session.auto_chance()
    path = tmp_path / "glonk.flick"
    save_record(record, path)
    assert main(["info", str(path)]) == 0
    position = next(line for line in capsys.readouterr().out.splitlines() if "position:" in line)
    assert "P1's turn" in position and "P1:0 P2:0" in position and "P0" not in position


@pytest.mark.parametrize("camera,ok", [("seat1", True), ("seat2", True), ("seat0", False)])
def test_camera_seats_are_counted_from_one(camera, ok, capsys):
    import argparse

    from flickbook_cli import _camera

    if ok:
        assert _camera(camera) == camera
    else:
        with pytest.raises(argparse.ArgumentTypeError, match="seat1..seatN"):
            _camera(camera)
