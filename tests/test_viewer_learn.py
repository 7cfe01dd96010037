"""The Learn entry (a button on the bar of the first screen, key L) lists every bundled
tutorial, puzzle and lesson under its game, and the teacher's own files saved in their data folder
under "<game>: your own", each with its kind and saved verdict; a click opens it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LONG = "Glonk: the long carom off the right cushion for the yellow armada"


def test_learn_lists_the_bundled_scenarios_and_opens_one(tmp_path):
    own = tmp_path / "scen" / "glonk"
    own.mkdir(parents=True)
    shutil.copy(ROOT / "scenarios" / "glonk" / "13-carom.flick", own / "my-carom.flick")
    # a teacher's title longer than its button (it ran out over the next column)
    from timeline import load_record, save_record

    long = load_record(ROOT / "scenarios" / "glonk" / "13-carom.flick")
    long.scenario["title"] = LONG
    save_record(long, own / "my-long-carom.flick")
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all learn checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from scenarios import bundled
    from viewer.app import ViewerApp
    from viewer.dialogs import LearnOverlay
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    assert ctl.panel.buttons["learn"]["text"] == "Learn"  # on the bar from the first screen
    ctl._key("l")
    dialog = ctl.dialog
    assert isinstance(dialog, LearnOverlay)
    shipped = bundled()
    mine = tmp / "scen" / "glonk" / "my-carom.flick"
    longer = tmp / "scen" / "glonk" / "my-long-carom.flick"
    assert sorted(p for _, _, p in dialog.entries) == sorted(shipped + [mine, longer])
    assert len(shipped) >= 16
    titles = {p.name: t for _, t, p in dialog.entries}
    assert titles["01-first-touch.flick"] == "First touch (puzzle)"
    assert titles["13-carom.flick"] == "Carom (puzzle, club 57 %)"  # its saved verdict
    headings = {p.name: h for h, _, p in dialog.entries}
    assert headings["my-carom.flick"] == "Glonk: your own"
    assert {"Glik", "Glonk", "Grendizer XperienZ"} <= set(headings.values())  # every game
    app.render_frames(1)
    for button in dialog.buttons.values():  # every button lies inside the box
        left, right, bottom, top = button.getBounds()
        p = button.getPos(dialog.box)
        assert -dialog.W / 2 <= p.x + left and p.x + right <= dialog.W / 2
        assert -dialog.H / 2 <= p.z + bottom and p.z + top <= dialog.H / 2
        words = button.component("text0").textNode  # and its words inside it
        assert words.getWidth() * 0.034 <= right - left, (button["text"], right - left)
    assert titles["my-long-carom.flick"] == LONG + " (puzzle, club 57 %)"  # whole in the probe
    shown = dialog.buttons[longer]["text"]
    assert shown.startswith("Glonk: the long") and shown.endswith("... (puzzle, club 57 %)"), shown
    path = next(p for p in shipped if p.name == "02-boarding.flick")
    dialog.buttons[path]["command"]()
    assert ctl.dialog is None and ctl.mode == "play"
    assert ctl.session.record.scenario["title"] == "Boarding"
    print("all learn checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
