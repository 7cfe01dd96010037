"""One-way imports: the headless core never loads Panda3D (or the viewer)."""
import subprocess
import sys


def test_core_packages_load_no_panda3d():
    code = (
        "import sys, games, timeline, physics, scenarios, analysis, flickbook_cli\n"
        "from games.registry import available_games, get_game\n"
        "for name in available_games(): get_game(name)\n"
        "import games.api, timeline.fileformat, timeline.session, timeline.playback\n"
        "import analysis.glonk, analysis.grendizer, analysis.glik, analysis.executors\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('panda3d', 'direct', 'viewer'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
