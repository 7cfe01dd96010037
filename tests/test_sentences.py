"""The message line's sentences never run together (issue 39 point 9)."""
from viewer.sentences import as_sentences


def test_each_line_ends_as_a_sentence():
    assert as_sentences(["P2 Zorgs ended the turn", "P1 Space Pirates to play (round 3)"]) == \
        "P2 Zorgs ended the turn. P1 Space Pirates to play (round 3)."


def test_a_line_with_its_own_end_keeps_it_and_empty_lines_go():
    assert as_sentences(["Atomised!", "", "  ", "Simulating the flick..."]) == \
        "Atomised! Simulating the flick..."
