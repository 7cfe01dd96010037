"""A flick logged from a real table: stored as the inferred flick plus the entered resting
places, which the rules judge from; through the file format, strictly validated."""
import copy
import math

import pytest

from analysis.glonk.table import Inference, observed_entry, synthetic_flick
from timeline.fileformat import RecordFileError, record_from_json, snapshot, encode_snapshot
from timeline.record import Record


def _logged(seed=3, shift=(0.0, 0.0)):
    syn = synthetic_flick(seed)
    rec = Record.new("glonk", {}, start_state_json=None)
    rec.root._state = syn.state
    rec.start_state_json = rec.game.state_to_json(syn.state)
    obs = syn.observation
    moved = dict(obs.moved)
    pid = syn.flick.piece
    if pid in moved:
        moved[pid] = (moved[pid][0] + shift[0], moved[pid][1] + shift[1])
    obs = type(obs)(obs.piece, moved, obs.removed)
    found = Inference(syn.flick, 0.002, 1, False, None, None, False)
    node = rec.add_child(rec.root, syn.flick, main=True, observed=observed_entry(obs, found))
    return syn, obs, rec, node


def test_the_entered_places_are_where_the_discs_rest():
    syn, obs, rec, node = _logged(shift=(0.03, -0.02))
    after = {p.id: (p.x, p.y) for p in node.state.in_play()}
    for pid, xy in obs.moved.items():
        if pid in after:
            assert after[pid] == pytest.approx(xy, abs=1e-9)
    final = {d.id: (d.x, d.y) for d in node.motion.final}
    assert final[syn.flick.piece] == pytest.approx(obs.moved[syn.flick.piece], abs=1e-12)


def test_an_observed_flick_survives_the_file_format_and_verifies():
    from timeline.fileformat import verify_motions
    import json

    syn, obs, rec, node = _logged(shift=(0.02, 0.0))
    data = json.loads(encode_snapshot(snapshot(rec)))
    back = record_from_json(copy.deepcopy(data))
    n2 = back.root.variations[0]
    assert n2.observed == node.observed
    assert verify_motions(back) == []
    bad = copy.deepcopy(data)
    entered = bad["nodes"][1]["observed"]["entered"]
    k = next(iter(entered))
    entered[k] = [entered[k][0] + 0.05, entered[k][1]]
    with pytest.raises(RecordFileError, match="observation"):
        record_from_json(bad)
    from timeline.fileformat import MIGRATIONS

    old = copy.deepcopy(data)
    old["format_version"] = 3
    with pytest.raises(ValueError, match="format 3"):
        MIGRATIONS[3](old)


def test_hand_fit_from_the_intended_and_executed_flicks_of_a_record(tmp_path):
    """Six flicks of one player, each meant one way and made another: the fitted hand's
    angle scatter is the spread of the angle errors, with bounds round it."""
    import json
    import os
    import subprocess
    import sys

    from games.glonk.actions import Flick
    from timeline.fileformat import save_record

    syn = synthetic_flick(5)
    state = syn.state
    rec = Record.new("glonk", {})
    rec.root._state = state
    rec.start_state_json = rec.game.state_to_json(state)
    seat = rec.game.current_player(state)
    names = [f"P{i + 1}" for i in range(state.players)]  # every state says its seats
    names[seat] = "Alice"
    rec.headers["players"] = names
    ship = state.piece(syn.flick.piece)
    errors = [-2.0, 1.0, 3.0, -1.5, 0.5, -1.0]
    for i, da in enumerate(errors):
        meant = Flick.make(ship.id, 30.0 * i, 0.5 + 0.05 * i, 0.0)
        made = Flick.make(ship.id, 30.0 * i + da, (0.5 + 0.05 * i) * 1.02, 0.0)
        rec.add_child(rec.root, made, intent=meant)
    path = tmp_path / "g.flick"
    save_record(rec, path)
    env = {**os.environ, "FLICKBOOK_HOME": str(tmp_path / "home")}
    out = subprocess.run([sys.executable, "-m", "flickbook_cli", "hand", "fit", str(path),
                          "--player", "Alice", "--json"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    import statistics
    assert got["flicks"] == 6
    assert got["angle_sd"] == pytest.approx(statistics.stdev(errors), abs=0.01)
    assert got["angle_bounds"][0] < got["angle_sd"] < got["angle_bounds"][1]
    nobody = subprocess.run([sys.executable, "-m", "flickbook_cli", "hand", "fit", str(path),
                             "--player", "Zed"], capture_output=True, text=True, env=env)
    assert nobody.returncode != 0 and "Traceback" not in nobody.stderr and "Zed" in nobody.stderr
