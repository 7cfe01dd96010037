"""A scenario's stored solution, kept out of the tree a player sees until they ask for it.

A scenario file stores its solution twice: as action texts in the `scenario` header and, so
that it replays like any game, as a line of the record's tree. Opened to be solved, that line
would show the answer in the move list (and Right would step into it), so `StoredSolution.hide`
takes it out of the tree; `reveal` puts it back (an undoable session edit), merged with the
moves the player already played; `attached()` puts it back for the length of a save, so the
file keeps its solution line.
"""
from __future__ import annotations

from contextlib import contextmanager

from timeline.record import Node, Record


class StoredSolution:
    """The solution line of an opened scenario: its nodes, out of the tree until revealed."""

    def __init__(self, record: Record, texts: list[str], first: Node | None, index: int):
        self.record = record
        self.texts = list(texts)
        self._first = first  # the line's first node, detached from the root (built lazily)
        self._index = index  # where it stood among the root's variations

    @classmethod
    def hide(cls, record: Record) -> "StoredSolution | None":
        """Take `record`'s solution line out of its tree; None when it stores no solution."""
        texts = list((record.scenario or {}).get("solution") or [])
        if record.kind != "scenario" or not texts:
            return None
        root = record.root
        first = root.child_for(texts[0])
        index = len(root.variations)
        if first is not None:
            index = root.variations.index(first)
            node = first
            for text in texts[1:]:  # the stored line must be the solution all the way
                node = node.child_for(text)
                if node is None:
                    first = None
                    break
        if first is not None:
            root.variations.remove(first)
        return cls(record, texts, first, index)

    @property
    def first(self) -> Node:
        """The line's first node; built from the header's texts when the tree did not hold it
        (a file saved with the solution hidden, an autosave). States are computed lazily."""
        if self._first is None:
            parent, first = self.record.root, None
            for text in self.texts:
                node = Node(self.record, parent, self.record.game.parse_action(parent.state, text))
                if first is None:
                    first = node
                else:
                    parent.variations.append(node)
                parent = node
            self._first = first
        return self._first

    def end(self) -> Node:
        """The position the solution reaches (its parents lead back to the root)."""
        node = self.first
        for _ in self.texts[1:]:
            node = node.variations[0]
        return node

    def shown(self) -> bool:
        """Whether the line is in the tree now (revealed, and not undone since)."""
        return self._first is not None and self._first in self.record.root.variations

    def reveal(self, session) -> Node | None:
        """Put the solution into the tree as an undoable edit and return its first node.

        Moves the player already played along it are kept: the rest of the line hangs from
        where theirs leaves off. None when the whole solution is played (or shown) already.
        """
        node, rest = self.record.root, self.first
        for _ in self.texts:
            same = node.child_for(rest.action_text)
            if same is None:
                break
            node, rest = same, (rest.variations[0] if rest.variations else None)
            if rest is None:
                return None
        rest.parent = node  # the same actions from an equal position: states agree
        session.graft(node, rest, f"show the solution ({len(self.texts)} moves)")
        return self.record.root.child_for(self.texts[0])

    @contextmanager
    def attached(self):
        """The solution back in the tree where the file had it, for the length of a save."""
        if self.shown() or self.record.root.child_for(self.texts[0]) is not None:
            yield  # in the tree already, or the player's own line starts the same way
            return
        first = self.first
        first.parent = self.record.root
        variations = self.record.root.variations
        variations.insert(min(self._index, len(variations)), first)
        try:
            yield
        finally:
            variations.remove(first)
