"""The Grendizer editor's panel at 1280x720 (issue 39 point 6): no two of its words overlap,
with the hidden cards in a fixed order (its line ran into the Title label), shuffled, and
every word at 12 px or more. Offscreen, in a child process (one ShowBase a process)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_grendizer_editor_panel_words_never_overlap(tmp_path):
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "panel checks passed" in result.stdout


def label_boxes(frame):
    """(box, text, scale) of every DirectLabel drawn on `frame`, in its units."""
    from direct.gui.DirectGuiBase import DirectGuiWidget
    from direct.gui.DirectGui import DirectLabel

    boxes = []
    for widget in list(DirectGuiWidget.guiDict.values()):
        if not isinstance(widget, DirectLabel) or widget.getParent() != frame or not widget["text"]:
            continue
        left, right, bottom, top = widget.getBounds()
        p = widget.getPos(frame)
        scale = widget["text_scale"]
        scale = scale[0] if isinstance(scale, tuple) else scale
        boxes.append(((p.x + left, p.z + bottom, p.x + right, p.z + top), widget["text"], scale))
    return boxes


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from direct.gui.DirectGui import DirectLabel  # noqa: F401
    from viewer.app import ViewerApp
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    assert ctl.files.open_path(ROOT / "scenarios" / "grendizer" / "02-two-strikes.flick") is None
    ctl.lesson_box.close()
    ctl._key("f2")
    editor = ctl.editor.current
    for order in ("fixed", "shuffled"):
        editor.fix_order() if order == "fixed" else editor.shuffle_order()
        app.render_frames(2)
        boxes = label_boxes(editor.frame)
        assert any(text.startswith("Hidden cards") for _, text, _ in boxes), boxes
        for i, (a, text_a, scale) in enumerate(boxes):
            assert scale * 360 >= 12, (text_a, scale)  # 12 px a line at 1280x720
            for b, text_b, _ in boxes[i + 1:]:
                overlap = a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3 \
                    and b[1] < a[3] - 1e-3
                assert not overlap, (order, text_a, text_b)
    print("panel checks passed")


if __name__ == "__main__":
    child()
