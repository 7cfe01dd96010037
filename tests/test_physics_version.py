"""Records keep the physics version their flicks were made by and simulate new flicks by it
(branches, the explorer, --verify-motion), bit for bit; new games use the newest; a record
made by a version this program does not have plays its stored motions and refuses new flicks
with one line naming both versions, never a silent re-run under another."""
from __future__ import annotations

import base64
import io
import json
import pickle
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import flickbook_cli
from games.api import IllegalAction
from physics import config, sim
from timeline import Record, RecordFileError, load_record
from timeline.fileformat import read_json, record_from_json, verify_motions

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "scenarios" / "glonk" / "01-your-first-flick.flick"
CAROM = ROOT / "scenarios" / "glonk" / "13-carom.flick"
#: A version this program has besides the one new games use (4 while 5 is the newest).
OTHER = next(v for v in config.VERSIONS if v != config.VERSION)


@pytest.fixture
def versions_asked(monkeypatch):
    """Every `version` physics.simulate is called with, in order (the flick still runs)."""
    asked = []
    real = sim.simulate

    def spy(*args, **kw):
        asked.append(kw.get("version", "default"))
        return real(*args, **kw)

    monkeypatch.setattr(sim, "simulate", spy)
    return asked


def carom(version: str | None = None, tmp_path=None):
    """The Carom puzzle's record (a flick with its stored motion), its header saying
    `version` when given; written to tmp_path when given, else read from memory."""
    data = read_json(CAROM)
    if version is not None:
        data["headers"]["physics_version"] = version
    if tmp_path is None:
        return record_from_json(data, "carom")
    path = tmp_path / f"physics{version}.flick"
    path.write_text(json.dumps(data))
    return path


def branch(record):
    """A new flick (not the stored one) from the record's first flick's position."""
    node = record.mainline()[1]
    flick = type(node.action).make(node.action.piece, node.action.angle + 7.0, 1.2, 0.0)
    return node.parent.state, flick


def test_a_new_glonk_record_names_the_newest_physics_and_a_board_game_names_none():
    record = Record.new("glonk")
    assert record.headers["physics_version"] == str(config.VERSION)
    assert record.root.state.config.physics == config.VERSION
    assert "physics_version" not in Record.new("glik").headers


def test_every_bundled_glonk_record_was_made_by_a_physics_this_program_has():
    for path in sorted((ROOT / "scenarios").rglob("*.flick")):
        data = read_json(path)
        if data.get("game") == "glonk":
            assert int(data["headers"]["physics_version"]) in config.VERSIONS, path.name


def test_a_bundled_record_verifies_bit_for_bit_under_its_own_version(versions_asked):
    record = record_from_json(read_json(TUTORIAL), "tutorial")
    made_by = int(record.headers["physics_version"])
    problems = verify_motions(record)
    assert problems == [] and not problems.unavailable
    assert versions_asked and set(versions_asked) == {made_by}


@pytest.mark.parametrize("version", sorted(config.VERSIONS))
def test_a_record_s_states_and_branches_simulate_by_its_header_s_version(version,
                                                                         versions_asked):
    record = carom(str(version))
    assert all(n.state.config.physics == version for n in record.nodes())
    state, flick = branch(record)
    versions_asked.clear()
    record.game.apply(state, flick)
    assert versions_asked == [version]  # not the newest in its place


def test_the_version_survives_state_json_pickling_and_the_explorer(versions_asked):
    from analysis.glonk import explore
    from games.glonk import GAME

    record = carom(str(OTHER))
    state, flick = branch(record)
    back = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(state))))
    assert back.config.physics == OTHER and back == state
    assert pickle.loads(pickle.dumps(state)).config.physics == OTHER  # a worker's copy
    versions_asked.clear()
    explore(state, flick, "club", samples=3, seed=1)
    assert versions_asked and set(versions_asked) == {OTHER}


def test_a_record_without_the_header_was_made_by_physics_1_plays_and_refuses_new_flicks():
    data = read_json(TUTORIAL)
    del data["headers"]["physics_version"]
    record = record_from_json(data, "old")
    assert record.headers["physics_version"] == "1"
    assert record.mainline()[-1].motion is not None  # its stored motions play
    problems = verify_motions(record)
    assert problems.unavailable and problems.flicks == [] and len(problems) == 1
    have = " and ".join(str(v) for v in config.VERSIONS)
    assert problems[0] == (f"This record's flicks were made by physics 1; this Flickbook "
                           f"simulates physics {have}: its stored motions play, new flicks "
                           "from it are refused")


def test_a_record_made_by_physics_2_plays_its_stored_motion_and_never_re_runs_it(
        tmp_path, monkeypatch, versions_asked):
    """Physics 3 changed the rims' friction (0.02 -> 0.3). A carom recorded by physics 2 keeps
    playing what it stored: the struck disc rests where physics 2 put it; nothing is
    simulated in its place, by --verify-motion or by a new flick."""
    data = read_json(CAROM)
    record = record_from_json(data, "carom")
    today = record.mainline()[1]
    monkeypatch.setattr(config, "RIM_FRICTION", 0.02)  # physics 2's rims
    old = record.game.apply(today.parent.state, today.action)
    monkeypatch.setattr(config, "RIM_FRICTION", 0.3)
    flick = next(i for i, n in enumerate(data["nodes"]) if "motion" in n)
    data["nodes"][flick]["motion"] = base64.b64encode(old.motion.to_bytes()).decode("ascii")
    data["headers"]["physics_version"] = "2"
    path = tmp_path / "physics2.flick"
    path.write_text(json.dumps(data))
    versions_asked.clear()
    back = load_record(path).mainline()[1]
    assert back.motion.bit_equal(old.motion)  # the stored motion is what plays
    moved = max(abs(a.x - b.x) + abs(a.y - b.y)
                for a, b in zip(back.state.pieces, today.state.pieces))
    assert moved > 0.002  # physics 2's resting places, kept
    problems = verify_motions(load_record(path))
    assert problems.unavailable and "made by physics 2" in problems[0]
    state, new = branch(load_record(path))
    with pytest.raises(IllegalAction, match="made by physics 2; this Flickbook simulates"):
        record.game.apply(state, new)
    assert versions_asked == []


def test_a_header_that_is_no_version_is_refused_in_one_line():
    data = read_json(CAROM)
    data["headers"]["physics_version"] = "4b"
    with pytest.raises(RecordFileError, match=r"carom: headers: physics_version '4b' is not "
                                              r"a physics version"):
        record_from_json(data, "carom")


def test_the_explorer_and_the_table_inference_refuse_a_version_this_program_lacks():
    from analysis.glonk import explore
    from analysis.glonk.table import Observation, infer_flick

    state, flick = branch(carom("6"))
    with pytest.raises(IllegalAction, match="made by physics 6"):
        explore(state, flick, "club", samples=2, seed=1)
    piece = state.piece(flick.piece)
    obs = Observation(flick.piece, {flick.piece: (piece.x + 0.05, piece.y)})
    with pytest.raises(ValueError, match="made by physics 6"):
        infer_flick(state, obs)


def test_physics_simulate_names_an_unknown_version_and_the_versions_it_has():
    from physics import Disc, Flick

    with pytest.raises(ValueError) as refused:
        sim.simulate([Disc("a", 0.02, 0.004, 0.005, 0.0, 0.0)], Flick("a", 0.0, 0.1),
                     version=3)
    assert all(str(v) in str(refused.value) for v in (3, *config.VERSIONS)), refused.value


def cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = flickbook_cli.main([str(a) for a in argv])
    return rc, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", [
    ["check", "--verify-motion", "{file}"],
    ["flick", "{file}", "--piece", "G1", "--angle", "30", "--speed", "1"],
    ["explore", "{file}", "--piece", "G1", "--angle", "30", "--speed", "1", "--samples", "2",
     "--executor", "inprocess"],
    ["bestshot", "{file}", "--budget", "2", "--executor", "inprocess"],
])
def test_a_command_that_would_simulate_a_physics_3_record_exits_2_in_one_line(tmp_path, argv,
                                                                            versions_asked):
    path = carom("3", tmp_path)
    versions_asked.clear()
    rc, _, err = cli(*[a.replace("{file}", str(path)) for a in argv])
    assert rc == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "made by physics 3; this Flickbook simulates physics 4 and 5" \
        in lines[0], err
    assert versions_asked == []


def test_a_command_that_only_reads_a_physics_3_record_still_works(tmp_path):
    path = carom("3", tmp_path)
    rc, out, err = cli("check", path)
    assert rc == 0 and "valid glonk scenario" in out, err
    rc, out, err = cli("info", path, "--json")
    assert rc == 0 and json.loads(out)["headers"]["physics_version"] == "3", err


def test_a_scenario_taken_from_a_record_keeps_its_physics_version():
    from scenarios import Scenario

    record = carom(str(OTHER))
    again = Scenario.from_record(record).to_record()
    assert again.headers["physics_version"] == str(OTHER)
    assert again.root.state.config.physics == OTHER
    assert again.mainline()[1].motion.bit_equal(record.mainline()[1].motion)
