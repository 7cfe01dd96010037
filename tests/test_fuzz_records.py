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
    with pytest.raises(RecordFileError, match=f"inflates more than 1000-fold" if forged
                       else f"inflates to more than {MAX_JSON_BYTES >> 20} MB"):
        loads(bomb, "bomb.flick.gz")


def test_gzip_that_inflates_past_the_limit_without_a_bomb_ratio_is_refused(monkeypatch):
    """The limit itself, shrunk to 1 MB here: 2 MB of random words (a few-fold, as text
    inflates) with a trailer forged to say 1 KB."""
    import gzip
    import random

    from timeline import fileformat

    monkeypatch.setattr(fileformat, "MAX_JSON_BYTES", 1 << 20)
    words = random.Random(1).choices([b"alpha ", b"beta ", b"gamma ", b"delta ", b"flick "], k=400_000)
    packed = gzip.compress(b'{"format": "flickbook", "pad": "' + b"".join(words))
    packed = packed[:-4] + (1024).to_bytes(4, "little")
    assert len(packed) < fileformat.MAX_JSON_BYTES
    with pytest.raises(RecordFileError, match="inflates to more than 1 MB"):
        loads(packed, "big.flick.gz")


def test_files_of_known_answer_none_forbidden_accepted_none_allowed_refused(tmp_path):
    """Real files with one change docs/file-format.md forbids or allows (tests/fuzz_oracle.py;
    bench/fuzz.py runs 12,000 of them through every command)."""
    from collections import Counter

    from fuzz_oracle import judge, oracle_cases

    wrong, seen = [], Counter()
    for name, raw, expect, suffix in oracle_cases(seed=28, n=240):
        got = judge(raw, suffix, tmp_path)  # anything but a refusal or a load fails here
        seen[expect, got] += 1
        if (expect == "refuse") != (got == "refused"):
            wrong.append(f"{name}: expected to {expect}, {got}")
    assert not wrong, "\n".join(wrong)
    assert seen["refuse", "refused"] > 80 and seen["accept", "accepted"] > 80, seen
