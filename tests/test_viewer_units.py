"""Viewer parts that need no picture: camera maths, the move-tree rows, autosave, the
entry points' argument handling and the one-line answer on a machine without a display."""
from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from timeline import Record, Session
from viewer.camera import OrbitController, View, lerp_view

ROOT = Path(__file__).resolve().parent.parent


def toy_session():
    return Session(Record.new("toy"))


# --- camera -----------------------------------------------------------------------------------

def test_top_down_view_puts_the_eye_straight_above_the_target():
    eye = View((1.0, 2.0, 0.0), 10.0, 0.0, -89.5).eye()
    assert abs(eye[0] - 1.0) < 0.1 and abs(eye[1] - 2.0) < 0.1 and eye[2] > 9.9


def test_heading_zero_looks_north_from_the_south():
    eye = View((0, 0, 0), 10.0, 0.0, -45.0).eye()
    assert eye[1] < -7 and abs(eye[0]) < 1e-9


def test_orbit_keeps_the_pitch_between_straight_down_and_near_level():
    orbit = OrbitController(View(pitch=-50))
    orbit.orbit(0, -200)
    assert orbit.view.pitch == pytest.approx(-89.5)
    orbit.orbit(0, 400)
    assert orbit.view.pitch == pytest.approx(-5.0)


def test_zoom_is_limited_to_the_given_range():
    orbit = OrbitController(View(distance=10), min_dist=2, max_dist=50)
    orbit.zoom(0.01)
    assert orbit.view.distance == 2
    orbit.zoom(1000)
    assert orbit.view.distance == 50


def test_pan_moves_the_target_across_the_table_not_up():
    orbit = OrbitController(View((0, 0, 0), 10.0, 90.0, -50))
    orbit.pan(0.1, 0.0)
    x, y, z = orbit.view.target
    assert z == 0 and math.hypot(x, y) == pytest.approx(1.0)


def test_preset_transition_eases_and_ends_exactly_on_the_goal():
    orbit = OrbitController(View((0, 0, 0), 10.0, 0.0, -50))
    goal = View((5, 0, 0), 20.0, 90.0, -80)
    orbit.go(goal, duration=0.5)
    orbit.step(0.25)
    mid = orbit.view
    assert 0 < mid.target[0] < 5 and 10 < mid.distance < 20
    orbit.step(0.3)
    assert orbit.view == goal and not orbit.moving


def test_heading_blends_the_short_way_round():
    v = lerp_view(View(heading=170.0), View(heading=-170.0), 0.5)
    assert abs(abs(v.heading) - 180.0) < 1e-6


def test_camera_view_round_trips_through_json_and_rejects_junk():
    v = View((1.5, -2.0, 0.0), 12.0, 33.0, -40.0)
    assert View.from_json(v.to_json()) == v
    with pytest.raises(ValueError):
        View.from_json({"target": [1, 2], "distance": 3})


# --- move tree rows -----------------------------------------------------------------------------

def test_move_list_shows_each_alternative_after_its_move_one_level_deeper():
    from viewer.panel import tree_rows

    session = toy_session()
    session.auto_chance()
    root_child = session.node
    a = session.play("add 1")
    session.play("add 2")
    session.go_to(root_child)
    b = session.play("add 2")  # alternative to `a`
    b2 = session.play("add 1")
    rows = [(str(n.action), d) for n, d in tree_rows(session.record.root)]
    assert rows == [(str(root_child.action), 0), ("add 1", 0), ("add 2", 1), ("add 1", 1),
                    ("add 2", 0)]
    assert b2.parent is b and a.variations


# --- autosave -------------------------------------------------------------------------------------

def test_autosave_follows_every_change_and_a_clean_exit_sets_it_aside(tmp_path):
    from timeline import load_record
    from viewer.autosave import Autosaver

    saver = Autosaver(tmp_path)
    assert saver.crashed_session() is None
    session = toy_session()
    saver.attach(session)
    session.auto_chance()
    session.play("add 2")
    session.set_comment("two")
    assert saver.flush()
    rec = load_record(tmp_path / "autosave.flick")
    assert [str(n.action) for n in rec.mainline()[1:]][-1] == "add 2"
    assert rec.mainline()[-1].comment == "two"
    assert saver.crashed_session() is None  # a live window's file is never offered
    saver.close()
    assert Autosaver(tmp_path).crashed_session() is None
    from viewer.autosave import kept_sessions

    kept, = kept_sessions(tmp_path)  # a record of no file, changed: kept aside
    assert load_record(kept).mainline()[-1].comment == "two"


def test_data_dir_honours_flickbook_home(monkeypatch, tmp_path):
    from viewer.autosave import data_dir

    monkeypatch.setenv("FLICKBOOK_HOME", str(tmp_path / "fb"))
    assert data_dir() == tmp_path / "fb"
    monkeypatch.delenv("FLICKBOOK_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "flickbook"


# --- entry points --------------------------------------------------------------------------------

def test_render_arguments_are_checked_with_clear_messages():
    from viewer.render import RenderError, parse_node_path, parse_size

    assert parse_size("800x450") == (800, 450)
    assert parse_node_path("0.0.1") == (0, 0, 1) and parse_node_path("root") == ()
    with pytest.raises(RenderError, match="1280x720"):
        parse_size("big")
    with pytest.raises(RenderError, match="dots"):
        parse_node_path("a.b")


def _cli(*args, env=None):
    return subprocess.run([sys.executable, str(ROOT / "flickbook_cli.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=120)


def test_without_a_display_the_viewer_says_so_in_one_line_and_exits_2():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = _cli("play", "glik", "--players", "2", env=env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "flickbook render" in lines[0]


def test_flickbook_render_writes_a_png_of_the_asked_ply(tmp_path):
    from panda3d.core import PNMImage

    from viewer.glik.demo import demo_session
    from timeline import save_record

    path = tmp_path / "demo.flick"
    save_record(demo_session().record, path)
    out = tmp_path / "ply40.png"
    result = _cli("render", str(path), "--ply", "40", "--out", str(out), "--size", "320x180",
                  "--camera", "top")
    assert result.returncode == 0, result.stderr
    img = PNMImage()
    assert img.read(str(out)) and (img.getXSize(), img.getYSize()) == (320, 180)
    bad = _cli("render", str(path), "--ply", "100000", "--out", str(out))
    assert bad.returncode == 2 and "outside the main line" in bad.stderr


def test_the_demo_replay_is_annotated_and_has_a_variation():
    from viewer.glik.demo import demo_session

    session = demo_session()
    nodes = list(session.record.nodes())
    assert any(n.comment for n in nodes) and any(n.glyphs for n in nodes)
    assert any(n.drawings for n in nodes) and any(len(n.variations) > 1 for n in nodes)
    assert session.node.camera is not None and session.state.phase == "play"
    assert session.game.is_terminal(session.record.mainline()[-1].state)


def test_an_autosave_remembers_the_file_its_record_belongs_to(tmp_path):
    from viewer.autosave import Autosaver
    from viewer.opened_from import recall

    saver = Autosaver(tmp_path)
    assert recall(saver.path) is None
    saver.set_source(tmp_path / "game.flick")
    saver.flush()  # the note is written by the autosave's writer thread
    assert recall(saver.path) == (tmp_path / "game.flick").resolve()
    saver.set_source(None)  # a record never saved belongs to no file
    saver.flush()
    assert recall(saver.path) is None
    saver.set_source(tmp_path / "game.flick")
    saver.close()  # a clean exit: the autosave is put aside and its source forgotten with it
    assert recall(saver.path) is None
    crashed = Autosaver(tmp_path)
    assert crashed.crashed_sessions() == []
