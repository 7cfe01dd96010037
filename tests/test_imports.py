"""One-way imports: the headless core never loads Panda3D (or the viewer), and no product
module imports itself round a cycle."""
import ast
import subprocess
import sys
from pathlib import Path


def test_core_packages_load_no_panda3d():
    code = (
        "import sys, games, timeline, physics, scenarios, analysis, flickbook_cli\n"
        "from games.registry import available_games, get_game\n"
        "for name in available_games(): get_game(name)\n"
        "import games.api, timeline.fileformat, timeline.session, timeline.playback\n"
        "import analysis.glonk, analysis.grendizer, analysis.glik, analysis.executors, analysis.lessons\n"
        "for g in available_games(): analysis.lessons.house_for(g)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('panda3d', 'direct', 'viewer'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_scenarios_sit_below_analysis():
    """Scenarios are data and their editing models; judging them (puzzle verdicts, lesson
    answers) is analysis, which may use scenarios but never the other way round. The
    scripts that write the bundled files are tools above both, in authoring/."""
    code = (
        "import importlib, pkgutil, sys, scenarios\n"
        "for m in pkgutil.walk_packages(scenarios.__path__, 'scenarios.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('analysis', 'viewer'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# --- no import cycles ---------------------------------------------------------------------
PRODUCT = ("games", "physics", "timeline", "scenarios", "analysis", "viewer", "flickbook")
ROOT = Path(__file__).resolve().parent.parent


def _product_modules() -> dict[str, Path]:
    mods = {"flickbook_cli": ROOT / "flickbook_cli.py"}
    for package in PRODUCT:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            mods[".".join(parts)] = path
    return mods


def import_graph() -> dict[str, set[str]]:
    """module -> the product modules it imports, read statically: every `import` and `from`
    anywhere in the file (inside functions too, so a cycle cannot hide in a late import). An
    import of `a.b.c` also runs `a` and `a.b`, so it leads to those packages too, unless the
    importer sits inside them (a package's own modules run its `__init__` first anyway)."""
    mods = _product_modules()

    def owner(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for name, path in mods.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.add(sub if sub in mods else base)
        edges = set()
        for target in targets:
            found = owner(target)
            if found is None or found == name:
                continue
            edges.add(found)
            parts = found.split(".")
            for i in range(1, len(parts)):
                package = ".".join(parts[:i])
                if package in mods and not (name == package or name.startswith(package + ".")):
                    edges.add(package)
        graph[name] = edges
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_the_graph_sees_late_and_relative_imports():
    graph = import_graph()
    assert "games.grendizer.rules" in graph["games.grendizer.bot"]  # `from .rules import`
    assert "viewer.glonk.explorer_view" in graph["viewer.glonk.scene"]  # inside a function
    assert "viewer" not in graph["viewer.glonk.scene"]  # its own package: not an edge
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_product_code_has_no_import_cycles():
    cycles = import_cycles(import_graph())
    assert cycles == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


# --- imports run one way: viewer > analysis > scenarios > timeline > games > physics ---------
#: Each product package's place in the order; a module may import its own layer and those
#: below it. `flickbook` (resources, places) knows no game and sits at the bottom with physics;
#: flickbook_cli, authoring/, bench/ and tests/ stand above them all.
LAYERS = {"physics": 0, "flickbook": 0, "games": 1, "timeline": 2, "scenarios": 3,
          "analysis": 4, "viewer": 5}


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a module from a higher layer than the importer's."""
    def layer(module):
        return LAYERS.get(module.split(".")[0])

    return sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets
                  if layer(a) is not None and layer(b) is not None and layer(b) > layer(a))


def test_the_order_sees_an_upward_import():
    assert upward_imports({"games.x": {"viewer.y", "games.z"}, "viewer.y": {"games.x"},
                           "flickbook_cli": {"viewer.y"}}) == ["games.x -> viewer.y"]


def test_no_product_module_imports_a_layer_above_its_own():
    up = upward_imports(import_graph())
    assert up == [], "upward imports: " + "; ".join(up)


def test_shared_modules_import_no_game_s_module():
    """A module outside every game's package (no part of its path a game's name) reaches a
    game only through games.registry (flickbook_cli, like authoring/, stands above)."""
    games = {"glik", "glonk", "grendizer"}

    def of_a_game(module):
        return any(p in games for p in module.split("."))

    graph = import_graph()
    found = sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets
                   if a != "flickbook_cli" and not of_a_game(a) and of_a_game(b))
    assert found == [], "shared code importing one game's module: " + "; ".join(found)
