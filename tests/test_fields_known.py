"""viewer.fields.FieldKeys keeps the window's own fields and no more: a field taken down is
forgotten (its events no longer heard), so a window that opens and closes dialogs all day does
not keep every field it ever had; the field with the keyboard is the same object each look."""
from __future__ import annotations

from panda3d.core import NodePath, PGEntry


class Window:
    def __init__(self):
        from direct.showbase.MessengerGlobal import messenger

        self.aspect2d, self.pixel2d = NodePath("aspect2d"), NodePath("pixel2d")
        self.messenger = messenger


def field(root, name):
    entry = PGEntry(name)
    entry.setup(10, 1)
    return root.attachNewNode(entry)


def test_a_field_taken_down_is_forgotten_and_the_focused_one_kept():
    from viewer.fields import FieldKeys

    app = Window()
    keys = FieldKeys(app)
    try:
        kept = field(app.aspect2d, "kept")
        kept.node().setFocus(True)
        first = keys.focused()
        assert first is not None and keys.focused() is first
        for i in range(30):  # dialogs come and go, each typed into
            np = field(app.aspect2d, f"dialog-{i}")
            kept.node().setFocus(False)
            np.node().setFocus(True)
            assert keys.focused() is not first
            np.removeNode()
        kept.node().setFocus(True)
        assert keys.focused() is first
        assert len(keys._known) == keys.known() == 1
    finally:
        keys.ignoreAll()
