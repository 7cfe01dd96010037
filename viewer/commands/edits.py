"""The record's edits: undo and redo, a variation promoted or made the main line, a line
deleted, a position's comment, glyphs and drawings.

Every edit is a session call (`timeline.Session`), so Ctrl+Z undoes it; what each did is said
in the game's readable notation (`Scene.action_label`), never in file text. While the editor
is setting up a position, undo and redo are the editor's own (`setup_undo`, `setup_redo`: the
commands Undo and Redo stand for in edit mode, viewer.commands.where).
"""
from __future__ import annotations

from games.api import IllegalAction
from timeline import Drawing


def action_label(app, node) -> str:
    """How the message line names the move that led to `node`."""
    return app.scene.action_label(node) or "the start"


def _ancestry(node):
    while node is not None:
        yield node
        node = node.parent


def _count(node) -> int:
    """`node` and every node after it (a long line is no recursion)."""
    count, todo = 0, [node]
    while todo:
        n = todo.pop()
        count += 1
        todo += n.variations
    return count


class Edits:
    """Ctrl+Z, Ctrl+Y, P, Shift+M, Delete, N, C, the glyph buttons and the right drag's
    drawings; the move list's menu gives a node of its own to promote or delete."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app

    def commands(self) -> dict:
        return {"undo": self.undo, "redo": self.redo, "setup_undo": self.setup_undo,
                "setup_redo": self.setup_redo, "promote": self.promote,
                "make_main_line": self.make_main_line, "delete_from_here": self.delete_from_here,
                "write_comment": self.write_comment, "clear_drawings": self.clear_drawings}

    def undo(self):
        ctl = self.ctl
        self._undo_redo(ctl.session.undo, ctl.records.undo, "Undone", "undo")

    def redo(self):
        ctl = self.ctl
        self._undo_redo(ctl.session.redo, ctl.records.redo, "Redone", "redo")

    def setup_undo(self):
        """Setting up: the editor's edits, not the record behind it."""
        return self.ctl.editor.undo()

    def setup_redo(self):
        return self.ctl.editor.undo(redo=True)

    def promote(self, node=None) -> None:
        session = self.ctl.session
        node = node or session.node
        parent = node.parent
        if parent is None:
            self.ctl.say("The starting position has no variations to promote")
            return
        sibs = parent.variations
        if sibs.index(node) == 0:
            self.ctl.say(f"{self._label(node)} is the first choice here already"
                         + ("" if len(sibs) > 1 else " (no other variation)"))
            return
        if self._edit(session.promote, node):
            k = sibs.index(node)
            where = "the main choice here" if k == 0 else f"choice {k + 1} of {len(sibs)} here"
            self.ctl.say(f"Promoted {self._label(node)}: now {where} (Ctrl+Z undoes)")

    def make_main_line(self, node=None) -> None:
        session = self.ctl.session
        node = node or session.node
        moved = sum(1 for n in _ancestry(node) if n.parent is not None
                    and n.parent.variations.index(n) != 0)
        if not moved:
            self.ctl.say("This line is the main line already")
            return
        if self._edit(session.make_main_line, node):
            self.ctl.say(f"The line through {self._label(node)} is the main line now "
                         "(Ctrl+Z undoes)")

    def delete_from_here(self, node=None) -> None:
        session = self.ctl.session
        node = node or session.node
        if node.parent is None:
            self.ctl.say("The starting position cannot be deleted")
            return
        label = self._label(node)
        after = _count(node) - 1
        if self._edit(session.delete_from_here, node):
            more = f" and the {after} move{'s' if after != 1 else ''} after it" if after else ""
            self.ctl.say(f"Deleted {label}{more} (Ctrl+Z brings them back)")

    def comment(self, text: str, node=None) -> None:
        """The comment box's text kept on `node` (the cursor's when None)."""
        node = node or self.ctl.session.node
        if text != node.comment:
            self.ctl.session.set_comment(text, node)

    def glyph(self, glyph: str) -> None:
        self.ctl.session.toggle_glyph(glyph)

    def write_comment(self) -> None:
        # the N that asked for the box was a key event of this frame: its keystroke has gone
        # by already, so the box starts with the node's text, not an "n"
        ctl = self.ctl
        ctl.panel.focus_comment(ctl.session.node)
        ctl.modes.sync()

    def clear_drawings(self) -> None:
        session = self.ctl.session
        if session.node.drawings:
            session.clear_drawings()
            self.app.show_node(session.node)

    def add_drawing(self, drawing: Drawing) -> None:
        self.ctl.session.add_drawing(drawing)
        self.app.show_node(self.ctl.session.node)

    def _edit(self, fn, *args) -> bool:
        self.ctl.player.stop()
        try:
            fn(*args)
        except IllegalAction as exc:
            self.ctl.say(exc.rule)
            return False
        self.app.show_node(self.ctl.session.node)
        return True

    def _undo_redo(self, step, record_step, done: str, verb: str) -> None:
        """Undo or redo the last edit (then the record swapped before it) and say what it
        was, moves in the game's readable notation."""
        what = step()
        if what:
            what = self.ctl.session.last_words or what
        else:
            what = record_step()
        self.app.show_node(self.ctl.session.node)
        self.ctl.say(f"{done}: {what}" if what else f"Nothing to {verb}")

    def _label(self, node) -> str:
        return action_label(self.app, node)
