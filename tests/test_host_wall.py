"""The Host wall (issue 36): a game's package in the window (viewer/glonk, viewer/glik,
viewer/grendizer) talks to the window only through its host (viewer.host.Host), so it never
names the controller: not the name `controller` (nor `ctl`, the window's name for it, nor the
host's own `_ctl`), not the `Controller` class, not the module `viewer.controller`. And no mode is made with the controller: a mode is made with the host
(`Mode(host)`, `Host.push_mode`), wherever in viewer/ it is made.

Read from the source (AST), so a file that is never imported by a test is held to it too."""
from __future__ import annotations

import ast
from pathlib import Path

VIEWER = Path(__file__).resolve().parent.parent / "viewer"
GAME_PACKAGES = ("glonk", "glik", "grendizer")
#: What the controller is called in viewer/ (and `_ctl`, the host's hold on it).
CONTROLLER_NAMES = ("controller", "Controller", "ctl", "_ctl")


def sources(folder: Path):
    for path in sorted(folder.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(VIEWER.parent)}:{node.lineno}"


def names_of_the_controller(path: Path, tree: ast.AST) -> list[str]:
    """Every place the file names the controller: the name `controller` or `ctl` (a
    variable, an argument, an attribute), the host's `_ctl`, the class `Controller`, or an
    import of viewer.controller."""
    found = []
    for node in ast.walk(tree):
        named = None
        if isinstance(node, ast.Name) and node.id in CONTROLLER_NAMES:
            named = node.id
        elif isinstance(node, ast.Attribute) and node.attr in CONTROLLER_NAMES:
            named = node.attr
        elif isinstance(node, ast.arg) and node.arg in CONTROLLER_NAMES:
            named = node.arg
        elif isinstance(node, ast.ImportFrom) and node.module and (
                node.module == "viewer.controller" or node.module.endswith(".controller")
                or any(a.name == "controller" for a in node.names)):
            named = f"from {node.module} import ..."
        elif isinstance(node, ast.Import) and any(
                a.name == "viewer.controller" for a in node.names):
            named = "import viewer.controller"
        if named is not None:
            found.append(f"{where(path, node)} names {named}")
    return found


def mode_classes() -> set[str]:
    """The names of every class in viewer/ that is a mode (a `Mode` or made from one)."""
    bases: dict[str, set[str]] = {}
    for _, tree in sources(VIEWER):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                    for b in node.bases)
    modes = {"Mode"}
    while True:
        more = {name for name, of in bases.items() if of & modes} - modes
        if not more:
            return modes
        modes |= more


def is_the_controller(arg: ast.expr, in_controller: bool) -> bool:
    """Whether an argument is the controller: `controller`, `ctl`, anything's `_ctl`,
    `.ctl` or `.controller`, and `self` inside viewer/controller.py."""
    if isinstance(arg, ast.Name):
        return arg.id in ("controller", "ctl", "_ctl") or (in_controller and arg.id == "self")
    if isinstance(arg, ast.Attribute):
        return arg.attr in ("controller", "ctl", "_ctl")
    return False


def modes_handed_the_controller() -> list[str]:
    modes = mode_classes()
    found = []
    for path, tree in sources(VIEWER):
        in_controller = path.name == "controller.py" and path.parent == VIEWER
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            made = f.id if isinstance(f, ast.Name) else f.attr if isinstance(
                f, ast.Attribute) else None
            makes_a_mode = made in modes or (made or "").endswith("mode_class")  # push_mode's
            if makes_a_mode and is_the_controller(node.args[0], in_controller):
                found.append(f"{where(path, node)} makes {made} with the controller")
    return found


def test_the_mode_classes_are_found():
    """The test sees the modes it holds to the wall (so an empty list means something)."""
    assert {"PlayMode", "EditMode", "TypingMode", "DialogMode", "ComputerMode", "LogMode",
            "AimMode", "PickMode"} <= mode_classes()


def test_the_checks_catch_what_they_look_for():
    """Each form of naming the controller, and a mode made with it, is caught."""
    offending = ast.parse(
        "from viewer.controller import Controller\n"
        "import viewer.controller\n"
        "def f(controller):\n"
        "    return controller.app\n"
        "x = window.controller\n"
        "y = host._ctl.table_log\n"
        "self.ctl = log.ctl\n")
    assert len(names_of_the_controller(VIEWER / "x.py", offending)) == 8
    fine = ast.parse("def f(host):\n    return host.say('controller')\n")
    assert names_of_the_controller(VIEWER / "x.py", fine) == []
    made = ast.parse("AimMode(host._ctl)\nPlayMode(ctl)\nPickMode(host, 'jump')\n").body
    assert [is_the_controller(e.value.args[0], False) for e in made] == [True, True, False]
    assert is_the_controller(ast.parse("PlayMode(self)").body[0].value.args[0], True)


def test_no_game_package_in_the_window_names_the_controller():
    offenders = [hit for game in GAME_PACKAGES
                 for path, tree in sources(VIEWER / game)
                 for hit in names_of_the_controller(path, tree)]
    assert offenders == [], "the controller named behind the Host wall:\n" + "\n".join(offenders)


def test_no_mode_is_made_with_the_controller():
    offenders = modes_handed_the_controller()
    assert offenders == [], "modes made with the controller, not the host:\n" + "\n".join(
        offenders)
