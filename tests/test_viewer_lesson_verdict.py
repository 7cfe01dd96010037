"""The F3 panel's verdict belongs to the position of the file it was found on (issue 39
point 5): opening another file (a Grendizer puzzle) or going to another position shows no
verdict of the last one. Offscreen, in a child process (one ShowBase a process)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_verdict_goes_with_its_file(tmp_path):
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "verdict checks passed" in result.stdout


def child() -> None:
    import time

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from xvfb import pace

    from viewer.app import ViewerApp
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    assert ctl.files.open_path(ROOT / "scenarios" / "lessons" / "glik-round-the-corner.flick") is None
    ctl.lesson_box.close()
    panel = ctl.lesson_panel
    panel.toggle()  # F3: the author's panel
    asks = next(n for n in ctl.session.record.nodes() if n.ask)
    ctl.navigation.go_to(asks)
    app.render_frames(2)
    panel.check()
    deadline = pace.deadline(120)
    while "accepted" not in panel.labels["status"]["text"]:
        assert time.time() < deadline, panel.labels["status"]["text"]
        app.render_frames(1)
    verdict = panel.labels["status"]["text"]
    assert "shortest way" in verdict, verdict
    # another file: the panel shows no verdict of the Glik lesson
    assert ctl.files.open_path(ROOT / "scenarios" / "grendizer" / "02-two-strikes.flick") is None
    ctl.lesson_box.close()
    if not panel.active:
        panel.toggle()
    app.render_frames(3)
    assert panel.labels["status"]["text"] == "", panel.labels["status"]["text"]
    print("verdict checks passed")


if __name__ == "__main__":
    child()
