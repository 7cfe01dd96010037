"""A dialog that closes on Enter lets go of the keyboard in the middle of a frame's input: the
keys typed just before Enter were its own (their keystrokes reached its field first) and must
not run as shortcuts once it has closed. Seen under load: a path typed into Ctrl+O ending in
"...flick" and Enter opened the file, then the "l" of the same frame opened the Learn list."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_keys_of_the_frame_a_dialog_closed_in_are_the_dialogs(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all hand-back checks passed" in result.stdout


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from scenarios import bundled
    from viewer.app import ViewerApp
    from viewer.dialogs import FileDialog, LearnOverlay
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    app.render_frames(1)
    ctl.cmd_open()
    assert isinstance(ctl.dialog, FileDialog) and ctl.mode == "dialog"
    path = next(p for p in bundled() if p.name == "02-boarding.flick")
    ctl.dialog._enter(str(path))  # Enter in the path field: the file opens, the dialog closes
    assert ctl.dialog is None and ctl.mode == "play"
    ctl._key("l")  # the same frame's "l" (of "...flick"): the dialog's, not Learn
    assert ctl.dialog is None, "a key typed into the closed dialog ran as a shortcut"
    assert ctl.session.record.scenario["title"] == "Boarding"
    app.render_frames(1)
    ctl._key("l")  # a later L is the window's again
    assert isinstance(ctl.dialog, LearnOverlay)
    print("all hand-back checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
