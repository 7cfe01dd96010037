"""Commands declare the modes they run in (viewer.commands.where) and their bodies test none
of the window's mode flags (a dialog open, a field typed in, a drag, the editor, the
computer's turn, log mode, the active mode): the controller refuses a command outside its
modes. Read from the source of every command group (viewer/commands/*, the pointer's).
Play / pause and its reverse test whether the line plays: that is what they toggle; F1 in a
dialog asks which dialog it is (only the help closes on F1)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLAG = re.compile(r"(\.dialog\b|editor\.active|typing\(\)|\.drag\b|thinking|table_log\.active|"
                  r"modes\.active|ctl\.mode\b|\.playing\b)")
#: Commands whose test is what they toggle or which dialog is shown, not where they run.
TOGGLES = {"play_pause", "play_reverse", "close_help"}


def group_handlers(path: Path):
    """(command name, handler method) of each group class in `path`: what its `commands()`
    returns, followed through a partial to the method it binds."""
    tree = ast.parse(path.read_text())
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        methods = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
        if "commands" not in methods:
            continue
        for node in ast.walk(methods["commands"]):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    target = value.args[0] if isinstance(value, ast.Call) and value.args else value
                    if isinstance(key, ast.Constant) and isinstance(target, ast.Attribute) \
                            and target.attr in methods:
                        yield key.value, methods[target.attr]


def flag_tests(fn) -> list[str]:
    return [ast.unparse(n.test) for n in ast.walk(fn)
            if isinstance(n, (ast.If, ast.IfExp, ast.While)) and FLAG.search(ast.unparse(n.test))]


def test_no_command_body_tests_where_the_window_is():
    files = sorted((ROOT / "viewer" / "commands").glob("*.py")) + [ROOT / "viewer" / "pointer.py"]
    found = {name: flag_tests(fn) for path in files for name, fn in group_handlers(path)}
    assert len(found) > 40  # every group's commands were read
    testing = {name: tests for name, tests in found.items() if tests and name not in TOGGLES}
    assert not testing, testing


def test_every_command_declares_modes_that_exist():
    from viewer.commands.where import WHERE

    modes = {"play", "replay", "edit", "typing", "dialog", "computer", "log", "aim", "pick"}
    for name, where in WHERE.items():
        assert where.modes is None or where.modes <= modes, name
        assert where.not_in <= modes and set(where.instead) <= modes, name
        assert all(other in WHERE and WHERE[other].holds(mode)
                   for mode, other in where.instead.items()), name
        assert where.words.startswith(("in ", "while ", "outside ")), name
