"""The host wall around viewer/glonk: Glonk's window-side code (the scene and its rooms, its
input, the shot explorer, the labels, the editor, the table log) talks to the window through
the narrow host (viewer.host.Host) and never names the controller."""
import ast
from pathlib import Path

GLONK = Path(__file__).resolve().parents[1] / "viewer" / "glonk"

#: Where the controller is still held, and why: the shared editor parts of viewer.editing
#: (Verifying, WordEntries) that GlonkEditor builds on talk to it as `self.ctl`.
KNOWN = {("editor.py", "ctl")}


def _controller_names(tree):
    """(name, line) for each way a module names the controller: the word `controller`, the
    host's insides `_ctl`, a `ctl`, or an import of viewer.controller."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(m == "viewer.controller" or m.startswith("viewer.controller.")
                   for m in modules):
                yield "viewer.controller", node.lineno
        name = (node.id if isinstance(node, ast.Name) else node.attr
                if isinstance(node, ast.Attribute) else node.arg if isinstance(node, ast.arg)
                else None)
        if name in ("controller", "_ctl", "ctl"):
            yield name, node.lineno


def test_no_module_of_viewer_glonk_names_the_controller():
    found = []
    for path in sorted(GLONK.glob("*.py")):
        for name, line in _controller_names(ast.parse(path.read_text())):
            if (path.name, name) not in KNOWN:
                found.append(f"{path.name}:{line} names {name}")
    assert found == []


def test_the_known_exception_is_still_one_line_of_the_editor():
    tree = ast.parse((GLONK / "editor.py").read_text())
    assert [line for _, line in _controller_names(tree)] != [], "gone: drop it from KNOWN"
    assert len({line for _, line in _controller_names(tree)}) == 1


def test_a_module_naming_the_controller_is_found():
    tree = ast.parse("def frame(app):\n    return app.controller.session\n")
    assert list(_controller_names(tree)) == [("controller", 2)]
    tree = ast.parse("from viewer.controller import Controller\n")
    assert [n for n, _ in _controller_names(tree)] == ["viewer.controller"]
