"""An editor's hint list keeps to its room: however many hints an author adds and however long
they are, the list never runs over the Verify button (it showed the last hints whole, so three
wrapped hints covered Verify in the Grendizer editor). The newest hints show, cut to one line
each, with a row saying how many older ones are not shown.

The window checks run offscreen in a child process per game (one ShowBase per process).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from viewer.editing import hint_lines

ROOT = Path(__file__).resolve().parent.parent
LONG = ("Look at the beast with the fewest hit points first, then count what the hand can "
        "do before the threat rises again")


def test_no_hints_says_so():
    assert hint_lines([], 3) == "No hints yet"


def test_hints_that_fit_show_whole_and_numbered():
    assert hint_lines(["Try the wall", "Then the corner"], 3) == "1. Try the wall\n2. Then the corner"


def test_the_newest_hints_show_and_a_row_counts_the_older_ones():
    rows = hint_lines([f"hint {i}" for i in range(1, 7)], 3).split("\n")
    assert rows == ["(+4 earlier hints)", "5. hint 5", "6. hint 6"]


def test_a_long_hint_is_cut_to_one_row():
    rows = hint_lines([LONG], 2, width=30).split("\n")
    assert len(rows) == 1 and len(rows[0]) <= 30 and rows[0].endswith("...")
    assert rows[0].startswith("1. Look at the beast")


@pytest.mark.parametrize("game", ["glik", "glonk", "grendizer"])
def test_the_editors_hints_stay_above_verify(game, tmp_path):
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__, game], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert f"{game}: hints stay above verify" in result.stdout


def child(name: str) -> None:
    """Five long hints typed into the game's editor: the newest shows, the list clears Verify."""
    sys.path.insert(0, str(ROOT))
    from games.registry import get_game
    from timeline import Record, Session
    from viewer.app import ViewerApp

    game = get_game(name)
    app = ViewerApp(Session(Record.new(name, game.default_config())), offscreen=True,
                    size=(1280, 800), interactive=True)
    ctl = app.controller
    ctl._key("f2")
    ed = ctl.editor.current
    assert ed is not None and ed.frame is not None, f"no {name} editor"
    for _ in range(5):
        ed.entries["hint"].enterText(LONG)
        ed._entry_enter(LONG, "hint")
    for _ in range(3):
        app.taskMgr.step()
    assert len(ed.model.hints) == 5, f"{name}: hints not added: {ed.model.hints}"
    text = ed.hints_label["text"]
    assert "5. Look at" in text and all(len(row) < len(LONG) for row in text.split("\n")), text
    lo = _text_bottom(app, ed.hints_label)
    verify = next(b for b in _buttons(ed.frame) if b["text"] == "Verify")
    from panda3d.core import Point3

    top = app.aspect2d.getRelativePoint(verify, Point3(0, 0, verify["frameSize"][3])).z
    assert lo > top, f"{name}: the hints ({lo:.3f}) run over Verify ({top:.3f})"
    print(f"{name}: hints stay above verify")


def _text_bottom(app, label) -> float:
    """The bottom of a label's laid-out text (wrapped rows included), in aspect2d units."""
    from panda3d.core import Point3

    text = label.component("text0")
    tn = text.textNode
    bottom = Point3(0, 0, tn.getBottom())
    return app.aspect2d.getRelativePoint(text, tn.getTransform().xformPoint(bottom)).z


def _buttons(frame):
    """The DirectButtons drawn on `frame` (found by their PGButton nodes)."""
    from direct.gui.DirectButton import DirectButton
    from direct.gui.DirectGuiBase import DirectGuiWidget

    found = []
    for np in frame.findAllMatches("**/+PGButton"):
        widget = DirectGuiWidget.guiDict.get(np.getName().rsplit("-", 1)[-1])
        if isinstance(widget, DirectButton):
            found.append(widget)
    return found


if __name__ == "__main__":
    child(sys.argv[1])
