"""What a Glonk piece's action waits for is a typed value (viewer.glonk.picking.Awaiting), read
once from the panel's words, not a string split wherever it is asked about."""
import pytest

from games.glonk.actions import Move
from viewer.glonk.picking import Awaiting, Choice


def test_a_placement_reads_back_as_its_choice_and_its_default_move():
    awaiting = Awaiting.read("place teleport Z0 Z3")
    assert awaiting == Awaiting(Choice.PLACE, Move("teleport", ("Z0", "Z3")))
    assert str(awaiting) == "place teleport Z0 Z3"  # the panel's words again
    assert awaiting.what_goes() == "Z3"
    assert Awaiting.read("place fabricate Z0").what_goes() == "the Kiboom"


def test_a_target_or_a_landing_is_its_choice_alone():
    for choice in (Choice.ASSAULT, Choice.TELEKINESIS, Choice.FISSION, Choice.JUMP):
        assert Awaiting.read(choice.value) == Awaiting(choice)
        assert str(Awaiting(choice)) == choice.value


def test_no_words_wait_for_nothing_and_unknown_words_are_refused():
    assert Awaiting.read("") is None and Awaiting.read(None) is None
    with pytest.raises(ValueError):
        Awaiting.read("juggle")
