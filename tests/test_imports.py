"""One-way imports: the headless core never loads Panda3D (or the viewer)."""
import subprocess
import sys


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
    `make_*` scripts that write the bundled files are tools above both."""
    code = (
        "import importlib, pkgutil, sys, scenarios\n"
        "for m in pkgutil.walk_packages(scenarios.__path__, 'scenarios.'):\n"
        "    if not m.name.rsplit('.', 1)[-1].startswith('make_'):\n"
        "        importlib.import_module(m.name)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('analysis', 'viewer'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
