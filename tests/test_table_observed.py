"""A flick logged from a real table: stored as the inferred flick plus the entered resting
places, which the rules judge from; through the file format, strictly validated."""
import copy
import math

import pytest

from analysis.table import Inference, observed_entry, synthetic_flick
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
