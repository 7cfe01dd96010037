"""The program finds its own files through its packages, wherever it runs, and says one version.

The proof that a built wheel and a desktop bundle work is `.ci/try_wheel` and `.ci/try_bundle`
(run by `.ci/run`); these tests cover the lookup itself and what the packaging declares.
"""
import fnmatch
import subprocess
import sys
from pathlib import Path

import pytest

import flickbook
from flickbook import resources
from flickbook.resources import MissingResource
from flickbook_cli import COMMANDS, main
from timeline import Record, load_record, save_record

ROOT = Path(__file__).resolve().parents[1]


def test_a_shipped_file_is_found_in_its_package_not_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shader = resources.path("viewer", "shaders", "lit.vert")
    assert shader == ROOT / "viewer" / "shaders" / "lit.vert"
    assert "gl_Position" in resources.read_text("viewer", "shaders", "lit.vert")
    assert resources.path("games.glik", "data", "kit.json").is_file()


def test_a_missing_file_is_named_in_one_clear_error():
    with pytest.raises(MissingResource, match="viewer/shaders/nothing.vert is missing"):
        resources.path("viewer", "shaders", "nothing.vert")
    # Tools that write a shipped file ask for where it goes.
    assert resources.path("viewer", "nothing.png", missing_ok=True).name == "nothing.png"


def test_textures_live_in_the_top_level_assets_package_with_their_provenance():
    stickers = resources.asset("glonk", "stickers.png")
    assert stickers == ROOT / "assets" / "glonk" / "stickers.png" and stickers.is_file()
    assert "stickers.png" in resources.asset("PROVENANCE.md").read_text()
    assert not (ROOT / "viewer" / "assets").exists()


@pytest.mark.parametrize("layout", ["beside the executable", "macOS app Resources"])
def test_a_desktop_bundle_finds_files_under_their_package_path(tmp_path, monkeypatch, layout):
    # build_apps freezes the modules into the executable (every __file__ is the executable) and
    # copies the files, by package path, beside it; on macOS the .app keeps them in Resources.
    exe_dir = tmp_path / "MacOS" if layout.startswith("macOS") else tmp_path
    data_dir = tmp_path / "Resources" if layout.startswith("macOS") else tmp_path
    (data_dir / "viewer" / "shaders").mkdir(parents=True)
    (data_dir / "viewer" / "shaders" / "lit.vert").write_text("void main() {}")
    exe_dir.mkdir(exist_ok=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe_dir / "flickbook"))
    assert resources.path("viewer", "shaders", "lit.vert") == data_dir / "viewer/shaders/lit.vert"
    with pytest.raises(MissingResource):
        resources.path("viewer", "shaders", "flat.vert")


def tracked_data_files() -> list[str]:
    packages = ["flickbook", "games", "timeline", "physics", "scenarios", "analysis", "viewer",
                "assets"]
    out = subprocess.run(["git", "ls-files", "--", *packages], cwd=ROOT, capture_output=True,
                         text=True)
    if out.returncode:
        pytest.skip("not a git checkout")
    return [f for f in out.stdout.split() if not f.endswith(".py") and "/" in f]


def test_the_wheel_declares_every_kind_of_data_file_the_packages_hold():
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["*"]
    files = tracked_data_files()
    assert any(f.endswith(".frag") for f in files) and any(f.endswith(".png") for f in files)
    undeclared = [f for f in files if not any(fnmatch.fnmatch(Path(f).name, p) for p in patterns)]
    assert undeclared == []
    assert config["dynamic"]["version"] == {"attr": "flickbook.__version__"}


def test_version_comes_from_one_place(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"flickbook {flickbook.__version__}"


def test_every_saved_record_says_which_flickbook_wrote_it(tmp_path):
    record = Record.new("toy")
    record.headers["written_by"] = "flickbook 0.0.1"  # an older program wrote it first
    path = save_record(record, tmp_path / "toy.flick")
    assert load_record(path).headers["written_by"] == f"flickbook {flickbook.__version__}"


def test_a_missing_program_file_is_one_line_not_a_traceback(monkeypatch, capsys):
    def broken(args):
        resources.path("viewer", "shaders", "gone.frag")

    monkeypatch.setitem(COMMANDS, "info", broken)
    assert main(["info", "x.flick"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("flickbook: flickbook's own file viewer/shaders/gone.frag is missing; "
                           "reinstall flickbook")


def test_puzzles_a_user_saves_go_to_their_folder_never_the_source_tree(tmp_path, monkeypatch):
    from scenarios.authoring import scenarios_dir

    monkeypatch.delenv("FLICKBOOK_SCENARIOS", raising=False)
    monkeypatch.setenv("FLICKBOOK_HOME", str(tmp_path / "home"))
    assert resources.in_checkout()  # even in a checkout: the source tree is not the user's
    assert scenarios_dir("glik") == tmp_path / "home" / "scenarios" / "glik"
    monkeypatch.setattr(resources, "in_checkout", lambda: False)
    assert scenarios_dir("glik") == tmp_path / "home" / "scenarios" / "glik"
