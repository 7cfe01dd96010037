"""Fuzzing the loader: every file is either loaded (and saves back to the same bytes) or
refused with RecordFileError; no other exception, whatever the bytes."""
import pytest

from fuzzing import cases, run_case
from timeline import RecordFileError, loads
from timeline.fileformat import MAX_JSON_BYTES


def test_two_thousand_mutated_files_load_and_round_trip_or_are_refused():
    outcomes = {"refused": 0, "accepted": 0}
    for name, raw in cases(seed=14, n=2000, bombs=False):
        outcomes[run_case(raw, name)] += 1  # anything but RecordFileError fails here
    # The mutator must reach both sides, or the test proves nothing.
    assert outcomes["refused"] > 1000 and outcomes["accepted"] > 100, outcomes


@pytest.mark.parametrize("forged", [False, True])
def test_a_gzip_bomb_is_refused_at_the_stated_limit(forged):
    """Refused by its trailer, or (trailer forged to say 1 KB) by inflating in bounded steps."""
    from fuzzing import _gzip_bomb

    bomb = _gzip_bomb(forged=forged)
    assert len(bomb) < 1 << 20
    with pytest.raises(RecordFileError, match=f"inflates to more than {MAX_JSON_BYTES >> 20} MB"):
        loads(bomb, "bomb.flick.gz")
