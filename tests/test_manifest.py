"""One front door per game: each game's manifest declares every part the other layers use, each
declared part imports and is of its kind, capabilities are declared (not probed), and a fourth
game (tests/toygame.py, registered by conftest with one manifest) works through the registry on
every layer it declares and is refused politely on the ones it does not."""
import inspect
import types

import numpy as np
import pytest

from games import api
from games.registry import (PART_KINDS, Manifest, available_games, games_with, get_game,
                            has_part, manifest, part)


def _is_scene(value):
    from viewer.scene import Scene

    return inspect.isclass(value) and issubclass(value, Scene)


def _taking(n: int):
    """A callable that can be called with `n` positional arguments."""
    def check(value):
        if not callable(value):
            return False
        try:
            inspect.signature(value).bind(*[None] * n)
        except TypeError:
            return False
        return True
    return check


def _module_with(*names):
    return lambda value: isinstance(value, types.ModuleType) and all(
        callable(getattr(value, n, None)) for n in names)


def _analyser(value):
    from analysis.record import WinAnalyser

    return isinstance(value, WinAnalyser) and callable(value.configured)


def _verifier(value):
    from analysis.puzzles import PuzzleVerifier

    return isinstance(value, PuzzleVerifier) and callable(value.verify)


def _house(value):
    from analysis.lessons import LessonHouse

    return isinstance(value, LessonHouse)


def _puzzle(value):
    from scenarios.authoring import OpenedScenario

    return inspect.isclass(value) and issubclass(value, OpenedScenario) and callable(value.of)


def _table_entry(value):
    """What the table log asks of an entry (viewer.tablelog.TypedEntry's interface)."""
    return inspect.isclass(value) and all(callable(getattr(value, m, None)) for m in (
        "begin", "busy", "buttons", "chance", "clear", "close", "confirm", "keys", "press",
        "redo", "reset", "undo"))


#: What each kind of part must be (every kind in PART_KINDS has a check).
KIND_CHECKS = {
    "rules": lambda value: all(callable(getattr(value, m, None)) for m in (
        "new_initial_state", "legal_actions", "apply", "parse_action", "state_to_json")),
    "notation": _module_with("move_text"),
    "bot": _taking(2),
    "solver": _module_with("solve"),
    "flick_report": _taking(5),
    "puzzle": _puzzle,
    "analyser": _analyser,
    "strengths": lambda value: len(value) > 0 and all(isinstance(k, str) for k in value),
    "strength_bot": _taking(2),
    "explore": _taking(3),
    "intent": _taking(4),
    "best_shot": _taking(2),
    "puzzle_verifier": _verifier,
    "lesson_house": _house,
    "scene": _is_scene,
    "editor": inspect.isclass,
    "table_entry": _table_entry,
    "demo": _taking(0),
}


def declared_parts():
    for name in available_games():
        for kind in manifest(name).parts:
            yield pytest.param(name, kind, id=f"{name}-{kind}")


def test_every_kind_of_part_has_a_check():
    assert set(KIND_CHECKS) == set(PART_KINDS)


@pytest.mark.parametrize("name,kind", list(declared_parts()))
def test_every_declared_part_imports_and_is_of_its_kind(name, kind):
    value = part(name, kind)
    assert value is not None
    assert KIND_CHECKS[kind](value), f"{name}'s {kind} ({manifest(name).parts[kind]}) is not {PART_KINDS[kind]}"


@pytest.mark.parametrize("name", available_games())
def test_the_manifest_is_the_game_s_own_and_its_rules_are_the_game(name):
    assert manifest(name).name == name
    assert part(name, "rules") is get_game(name)
    assert get_game(name).name == name


@pytest.mark.parametrize("name", available_games())
def test_capabilities_are_declared_and_agree_with_the_game_type(name):
    game = get_game(name)
    for attr, kind in api.CAPABILITIES.items():
        value = getattr(game, attr)  # declared: every game has each, None where absent
        assert value is None or isinstance(value, kind), (attr, value)
    assert (game.motion is not None) == game.game_type.motion
    if game.motion is not None:
        assert game.motion.physics_version == game.physics_version


def test_a_part_a_game_does_not_declare_is_none_and_an_unknown_game_names_the_known_ones():
    assert part("grendizer", "demo") is None and not has_part("grendizer", "demo")
    with pytest.raises(ValueError, match="known games: glik, glonk, grendizer"):
        manifest("chess")
    with pytest.raises(ValueError, match="unknown game"):
        part("chess", "scene")
    with pytest.raises(ValueError, match="no part is called 'scenery'"):
        part("glik", "scenery")
    with pytest.raises(ValueError, match="unknown parts: scenery"):
        Manifest("x", {"scenery": "x:y"})


def test_games_with_a_part_keep_the_registry_order():
    assert games_with("demo") == ["glik", "glonk"]
    assert "toy" in games_with("analyser") and "toy" not in games_with("scene")


# --- the fourth game: one manifest, and every layer finds it --------------------------------
def test_the_toy_game_is_registered_only_by_its_manifest():
    import toygame

    assert toygame.MANIFEST.name == "toy"
    assert set(toygame.MANIFEST.parts) == {"rules", "bot", "analyser"}


def test_the_toy_game_through_the_games_layer():
    from games.notation import move_text

    game = get_game("toy")
    state = game.new_initial_state({})
    assert move_text(game, state, game.parse_action(state, "roll 2")) == "roll 2"  # no notation
    bot = part("toy", "bot")
    rng = np.random.default_rng(0)
    after = game.apply(state, bot(state, rng)).state
    assert str(bot(after, rng)) == "add 2"


def test_the_toy_game_through_the_timeline_layer(tmp_path):
    from timeline import Record, load_record, save_record

    record = Record.new("toy")
    assert "physics_version" not in record.headers  # no motion capability
    node = record.add_child(record.root, record.game.parse_action(record.root.state, "roll 1"))
    with pytest.raises(ValueError, match="not observed at a real table"):
        record.add_child(node, record.game.parse_action(node.state, "add 1"),
                         observed={"entered": {}, "removed": [], "fit_error": 0.0,
                                   "ambiguous": False})
    again = load_record(save_record(record, tmp_path / "toy.flick"))
    assert [n.action_text for n in again.mainline()][1:] == ["roll 1"]


def test_the_toy_game_through_the_scenarios_layer():
    from scenarios import puzzle_for, solver_for

    with pytest.raises(ValueError, match="toy has no puzzle solver"):
        solver_for("toy")
    from timeline import Record

    assert puzzle_for(Record.new("toy")) is None


def test_the_toy_game_through_the_analysis_layer():
    from analysis.record import analyse_record
    from analysis.registry import analyser_for
    from timeline import Record
    from toy_analysis import ANALYSER

    assert analyser_for("toy") is ANALYSER
    record = Record.new("toy")
    node = record.root
    for text in ("roll 1", "add 1", "add 2"):
        node = record.add_child(node, record.game.parse_action(node.state, text), main=True)
    summary = analyse_record(record, budget=8, seed=1)
    assert summary["game"] == "toy" and summary["unit"] == "win"
    with pytest.raises(ValueError, match="no lessons for 'toy'"):
        from analysis.lessons import house_for

        house_for("toy")
    with pytest.raises(ValueError, match="toy puzzles cannot be verified"):
        from analysis.puzzles import verify

        verify("toy", record.root.state, {})


def test_the_toy_game_through_the_viewer_layer():
    from viewer.computer import bot_player, strengths_for
    from viewer.editors import editor_class
    from viewer.scenes import scene_class
    from viewer.tablelog import TypedEntry, entry_class

    assert strengths_for("toy") == ["bot"]  # its own bot, from the manifest
    assert bot_player("toy", "bot") is part("toy", "bot")
    assert editor_class("toy") is None and entry_class("toy") is TypedEntry
    with pytest.raises(ValueError, match="no 3D scene for 'toy'"):
        scene_class("toy")


def test_a_game_registered_without_a_manifest_is_refused_in_words(tmp_path, monkeypatch):
    from games import registry

    (tmp_path / "bare_game.py").write_text("from toygame import GAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._MODULES, "bare", "bare_game")
    assert get_game("bare").name == "toy"
    with pytest.raises(ValueError, match="'bare' \\(bare_game\\) declares no MANIFEST"):
        part("bare", "scene")
