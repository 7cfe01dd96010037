"""The F1 help lists the keys of the mode the window is in, taken from that mode's own key
map, and lays them out so no two lines overlap and all stay inside the box (1280x800)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_help_lists_the_modes_keys_without_overlaps(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all help checks passed" in result.stdout


def label_boxes(dialog):
    out = []
    for label in dialog.labels:  # DirectGUI bounds: (left, right, bottom, top) about its pos
        left, right, bottom, top = label.getBounds()
        p = label.getPos(dialog.box)
        out.append((p.x + left, p.z + bottom, p.x + right, p.z + top, label["text"]))
    return out


def check(ctl, app, mode_name):
    from viewer.controller import _key_name
    from viewer.dialogs import HelpOverlay

    keys = dict(ctl.modes.modes[mode_name].keys)
    ctl._key("f1")
    dialog = ctl.dialog
    assert isinstance(dialog, HelpOverlay) and ctl.mode == "dialog"
    listed = " / ".join(k for k, _ in dialog.lines).split(" / ")
    assert sorted(listed[:len(keys)]) == sorted(_key_name(e) for e in keys), mode_name
    assert mode_name in dialog.title["text"]
    app.render_frames(1)
    boxes = label_boxes(dialog)
    assert len(boxes) == 2 * len(dialog.lines)
    w, h = HelpOverlay.W, HelpOverlay.H
    for i, a in enumerate(boxes):
        assert -w / 2 <= a[0] and a[2] <= w / 2 and HelpOverlay.BOTTOM - 0.02 <= a[1] \
            and a[3] <= h / 2, ("outside the box", a)
        for b in boxes[i + 1:]:
            overlap = a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3 \
                and b[1] < a[3] - 1e-3
            assert not overlap, (a, b)
    # at 1280x800 a line of help is at least 12 pixels tall (aspect2d: 400 pixels a unit)
    assert dialog.scale * 400 >= 12
    if os.environ.get("HELP_PNG"):
        app.render_frames(2)
        app.save_png(f"{os.environ['HELP_PNG']}-{mode_name}.png")
    ctl._key("f1")
    assert ctl.dialog is None


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session

    app = ViewerApp(demo_session(), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    check(ctl, app, "play")
    ctl._key("f2")  # the editor: its own, shorter key map
    ctl.modes.sync()
    assert ctl.mode == "edit"
    check(ctl, app, "edit")
    # a mode with many more keys than today's: a third column opens before the text shrinks
    from viewer.dialogs import HelpOverlay

    ctl._key("f2")
    many = [(f"Ctrl+{c}{n}", f"does thing {c}{n}") for c in "ABCDEFGHIJ" for n in "123456"]
    dialog = HelpOverlay(app, many)
    app.render_frames(1)
    assert dialog.columns == 3 and dialog.scale * 400 >= 12, (dialog.columns, dialog.scale)
    boxes = label_boxes(dialog)
    for i, a in enumerate(boxes):
        assert -HelpOverlay.W / 2 <= a[0] and a[2] <= HelpOverlay.W / 2, ("outside", a)
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3
                        and b[1] < a[3] - 1e-3), (a, b)
    dialog.close()
    print("all help checks passed")


if __name__ == "__main__":
    child(Path(sys.argv[1]))
