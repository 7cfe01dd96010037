"""The F3 panel is drawn at its full size, text 12 px or more, in every game at 1280x720 and
1280x800: in Grendizer the puzzle box above and the hand below left it room for 70 % of itself
(issue 39 point 6). Offscreen, in a child process (one ShowBase a process)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ("scenarios/grendizer/02-two-strikes.flick",
         "scenarios/lessons/grendizer-the-card-that-matters.flick",
         "scenarios/lessons/glonk-boarding-and-assault.flick",
         "scenarios/lessons/glik-round-the-corner.flick")


def test_the_f3_panel_is_full_size_in_every_game():
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert result.stdout.count("full size") == 2 * len(FILES), result.stdout


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from viewer.app import ViewerApp
    from viewer.layout import SMALL
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    for size in ((1280, 720), (1280, 800)):
        app.resize(size)
        for name in FILES:
            assert ctl.files.open_path(ROOT / name) is None, name
            ctl.lesson_box.close()
            panel = ctl.lesson_panel
            if not panel.active:
                panel.toggle()
            app.render_frames(3)
            scale = panel.frame.getScale()[0]
            em_px = SMALL * scale * size[1] / 2
            assert em_px >= 12, f"{name} at {size}: the panel's text is {em_px:.1f} px"
            boxes = app.screen.plan.boxes
            mine = boxes["lesson_panel"]
            for other, rect in boxes.items():
                if other != "lesson_panel":
                    apart = (rect.x1 <= mine.x0 or mine.x1 <= rect.x0 or rect.y1 <= mine.y0
                             or mine.y1 <= rect.y0)
                    assert apart, f"{name} at {size}: the panel overlaps {other}"
            print(f"{name} at {size}: full size ({em_px:.1f} px text)")
            panel.close()


if __name__ == "__main__":
    child()
