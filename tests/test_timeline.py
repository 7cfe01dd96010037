"""The record tree and session: play, navigate, branch, promote, delete, annotate, undo."""
import numpy as np
import pytest

from games.api import CHANCE, IllegalAction
from timeline import Drawing, Record, Session


@pytest.fixture
def session():
    s = Session(Record.new("toy"), rng=np.random.default_rng(1))
    s.play("roll 2")
    for text in ("add 1", "add 2", "add 1"):
        s.play(text)
    return s


def texts(nodes):
    return [n.action_text for n in nodes]


def test_playing_records_the_main_line(session):
    assert texts(session.record.mainline()) == [None, "roll 2", "add 1", "add 2", "add 1"]
    assert session.state.total == 4


def test_playing_an_existing_move_reuses_the_child(session):
    session.start()
    session.forward()
    node = session.play("add 1")
    assert node is session.record.mainline()[2]
    assert len(session.record.mainline()[1].variations) == 1


def test_a_different_move_at_an_earlier_point_creates_a_variation(session):
    session.go_to((0,))
    session.play("add 2")
    first = session.record.mainline()[1]
    assert texts(first.variations) == ["add 1", "add 2"]
    assert session.node.path == (0, 1)
    assert session.record.mainline()[-1].state.total == 4  # main line unchanged


def test_forward_back_start_end(session):
    session.start()
    assert session.node.parent is None and not session.back()
    assert session.forward() and session.node.action_text == "roll 2"
    session.end()
    assert session.node.ply == 4 and not session.forward()


def test_next_and_previous_variation(session):
    session.go_to((0,))
    session.play("add 2")
    assert session.previous_variation() and session.node.action_text == "add 1"
    assert not session.previous_variation()
    assert session.next_variation() and session.node.action_text == "add 2"


def test_promote_and_make_main_line_and_undo(session):
    session.go_to((0,))
    session.play("add 2")
    session.play("add 2")
    deep = session.node
    session.make_main_line()
    assert deep.is_mainline()
    session.undo()
    assert not deep.is_mainline()
    session.redo()
    assert deep.is_mainline()
    session.promote(deep.parent)  # already first: no change, no edit
    session.demote(deep.parent)
    assert not deep.is_mainline()


def test_delete_from_here_and_undo_restores_tree_and_cursor(session):
    session.go_to((0, 0, 0))
    session.delete_from_here()
    assert session.node.path == (0, 0)
    assert texts(session.record.mainline()) == [None, "roll 2", "add 1"]
    session.undo()
    assert texts(session.record.mainline()) == [None, "roll 2", "add 1", "add 2", "add 1"]
    assert session.node.path == (0, 0, 0)


def test_root_cannot_be_deleted(session):
    session.start()
    with pytest.raises(IllegalAction):
        session.delete_from_here()


def test_undo_of_a_played_move_removes_it(session):
    session.go_to((0,))
    session.play("add 2")
    assert session.undo() == "play add 2"
    assert len(session.record.mainline()[1].variations) == 1
    assert session.node.path == (0,)
    session.redo()
    assert session.node.path == (0, 1)


def test_illegal_move_leaves_tree_unchanged(session):
    session.start()
    with pytest.raises(IllegalAction):
        session.play("add 1")  # a chance node first: the die must be rolled
    assert texts(session.record.root.variations) == ["roll 2"]
    assert not session.can_redo()


def test_annotations_are_undoable(session):
    session.set_comment("a fine move")
    session.toggle_glyph("!!")
    session.add_drawing(Drawing("arrow", (1, 2), (1, 5), "red"))
    session.add_drawing(Drawing("highlight", (3, 3)))
    session.set_camera({"preset": "top"})
    session.set_prompt("What now?")
    node = session.node
    assert node.glyphs == ["!!"] and len(node.drawings) == 2
    for _ in range(6):
        session.undo()
    assert (node.comment, node.glyphs, node.drawings, node.camera, node.prompt) == ("", [], [], None, None)


def test_drawing_the_same_thing_twice_removes_it(session):
    d = Drawing("highlight", (3, 3), colour="green")
    session.add_drawing(d)
    session.add_drawing(d)
    assert session.node.drawings == []


def test_glyph_toggle_and_bad_glyph(session):
    session.toggle_glyph("?")
    session.toggle_glyph("?")
    assert session.node.glyphs == []
    with pytest.raises(ValueError):
        session.toggle_glyph("!!!")


def test_chance_is_sampled_with_the_injected_generator():
    picks = []
    for _ in range(2):
        s = Session(Record.new("toy"), rng=np.random.default_rng(42))
        assert s.current_player == CHANCE
        s.auto_chance()
        picks.append(s.node.action_text)
    assert picks[0] == picks[1]


def test_states_are_recomputed_after_cache_drop(session):
    end = session.record.mainline()[-2]  # ply 3: not a multiple of 2, so dropped
    total = end.state.total
    session.record.drop_cached_states(keep_every=2)
    assert end._state is None
    assert end.state.total == total


def test_listeners_hear_changes(session):
    heard = []
    session.listeners.append(heard.append)
    session.back()
    session.set_comment("x")
    assert heard == ["cursor", "annotation"]


def test_a_named_space_is_one_coordinate():
    d = Drawing("highlight", "M3")
    assert d.at == ("M3",)
    assert Drawing.from_json(d.to_json()) == d


def test_clear_history_forgets_undo_and_redo(session):
    session.set_comment("x")
    session.undo()
    session.set_comment("y")
    session.clear_history()
    assert not session.can_undo() and not session.can_redo() and not session.dirty
