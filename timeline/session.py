"""The editing session over a record: a cursor, navigation and undoable edits.

Navigation (go to, forward, back, variations) moves the cursor and is not an edit. Edits
(playing a new move, promoting, deleting, annotating) change the tree; each one is kept as a
pair of closures so undo and redo restore the tree and the cursor exactly.
"""
from __future__ import annotations

import copy

from dataclasses import dataclass
from typing import Callable

import numpy as np

from games.api import CHANCE, IllegalAction, sample_chance
from games.notation import node_text
from timeline.record import GLYPHS, Drawing, Node, Record


@dataclass
class _Edit:
    description: str
    redo: Callable[[], None]
    undo: Callable[[], None]
    cursor_before: Node
    cursor_after: Node
    #: The move the edit is about (played, added, promoted, deleted), for `words`.
    subject: Node | None = None

    def words(self) -> str:
        """The description for people: the move in the game's readable notation."""
        if self.subject is None or self.subject.parent is None:
            return self.description
        text = self.subject.action_text
        if not self.description.endswith(text):
            return self.description
        verb = self.description[:-len(text)].rstrip()
        return f"{verb} {node_text(self.subject)}".strip()


class Session:
    """A record being played, browsed and edited, with a cursor at `node` and time `t`."""

    def __init__(self, record: Record, rng: np.random.Generator | None = None):
        self.record = record
        self.game = record.game
        self.rng = rng if rng is not None else np.random.default_rng()
        self.node: Node = record.root
        #: Seconds into the current node's motion (0 = the start of its action's animation).
        self.t = 0.0
        self._undo: list[_Edit] = []
        self._redo: list[_Edit] = []
        #: The last edit undone or redone, in words for people (`_Edit.words`).
        self.last_words: str | None = None
        self.listeners: list[Callable[[str], None]] = []
        self.dirty = False

    # --- reading ----------------------------------------------------------------------------
    @property
    def state(self):
        return self.node.state

    @property
    def current_player(self) -> int:
        return self.game.current_player(self.state)

    def line(self) -> list[Node]:
        """The line through the cursor: root to cursor, then main continuation to its end."""
        return self.node.line_to_end()

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def _changed(self, what: str) -> None:
        for listener in list(self.listeners):
            listener(what)

    def tree_changed(self) -> None:
        """Tell the views the tree changed outside this session's commands (a lesson took a
        continuation out of it or put one back): not an edit, nothing to undo."""
        self._changed("tree")

    # --- navigation -------------------------------------------------------------------------
    def go_to(self, target: Node | tuple | list, t: float = 0.0) -> Node:
        node = target if isinstance(target, Node) else self.record.node_at(tuple(target))
        if node.record is not self.record:
            raise ValueError("that node belongs to another record")
        self.node, self.t = node, t
        self._changed("cursor")
        return node

    def forward(self) -> bool:
        """Step along the main continuation; False at the end of the line."""
        if not self.node.variations:
            return False
        self.go_to(self.node.variations[0])
        return True

    def back(self) -> bool:
        if self.node.parent is None:
            return False
        self.go_to(self.node.parent)
        return True

    def start(self) -> None:
        self.go_to(self.record.root)

    def end(self) -> None:
        self.go_to(self.node.end())

    def _sibling(self, offset: int) -> bool:
        parent = self.node.parent
        if parent is None:
            return False
        index = parent.variations.index(self.node) + offset
        if not 0 <= index < len(parent.variations):
            return False
        self.go_to(parent.variations[index])
        return True

    def next_variation(self) -> bool:
        """Move to the next sibling variation of the current node."""
        return self._sibling(+1)

    def previous_variation(self) -> bool:
        return self._sibling(-1)

    # --- playing ----------------------------------------------------------------------------
    def play(self, action, step=None, intent=None) -> Node:
        """Play `action` (or its text) here; reuse an existing child, else add a variation.

        `step` is `game.apply(state, action)` when the caller already has it (a flick the
        viewer simulated off its frame thread). `intent`: what the player meant, when the
        hand's scatter made `action` of it (the node keeps it). Raises IllegalAction (the
        tree and cursor stay as they were).
        """
        if isinstance(action, str):
            action = self.game.parse_action(self.state, action)
        parent = self.node
        existing = parent.child_for(str(action))
        if existing is not None:
            self.go_to(existing)
            return existing
        node = self.record.add_child(parent, action, step=step, intent=intent)
        index = parent.variations.index(node)

        def redo():
            parent.variations.insert(index, node)

        def undo():
            parent.variations.remove(node)

        self._push(_Edit(f"play {action}", redo, undo, parent, node, node))
        self.node, self.t = node, 0.0
        self._changed("tree")
        return node

    def add_variation(self, action, step=None, parent: Node | None = None) -> Node:
        """Add `action` as a new child of `parent` (default: the cursor's node) without
        moving the cursor or the main line (a suggestion kept for later), undoably. An action
        the node already holds is that child, unchanged. Raises IllegalAction."""
        parent = parent or self.node
        if isinstance(action, str):
            action = self.game.parse_action(parent.state, action)
        existing = parent.child_for(str(action))
        if existing is not None:
            return existing
        node = self.record.add_child(parent, action, step=step)
        index = parent.variations.index(node)

        def redo():
            parent.variations.insert(index, node)

        def undo():
            parent.variations.remove(node)

        self._push(_Edit(f"add the variation {action}", redo, undo, self.node, self.node, node))
        self._changed("tree")
        return node

    def play_chance(self, rng: np.random.Generator | None = None) -> Node:
        """At a chance node, sample an outcome with the injected generator and play it."""
        if self.current_player != CHANCE:
            raise IllegalAction("Only a chance node (a draw, a deal, a shuffle) has outcomes to sample")
        return self.play(sample_chance(self.game, self.state, rng or self.rng))

    def auto_chance(self, rng: np.random.Generator | None = None) -> int:
        """Resolve chance nodes until a player is to act; returns how many were played."""
        count = 0
        while self.current_player == CHANCE:
            self.play_chance(rng)
            count += 1
        return count

    # --- tree edits -------------------------------------------------------------------------
    def _reorder(self, description: str, moves: list[tuple[Node, int]],
                 subject: Node | None = None) -> None:
        """Move each (node, new index) within its parent's variations, undoably."""
        old = [(node, node.parent.variations.index(node)) for node, _ in moves]
        if all(new == idx for (_, new), (_, idx) in zip(moves, old)):
            return

        def apply(pairs):
            for node, new_index in pairs:
                siblings = node.parent.variations
                siblings.remove(node)
                siblings.insert(new_index, node)

        redo, undo = self._direction_follows(lambda: apply(moves), lambda: apply(list(reversed(old))))
        self._push(_Edit(description, redo, undo, self.node, self.node, subject))
        redo()
        self._changed("tree")

    def _direction_follows(self, change, unchange):
        """`change` and `unchange` of the tree's shape, with the record's direction kept on
        the nodes its moments name (timeline.direction.remapped): moments on a cut line go
        with it, and come back with it."""
        record = self.record
        before = record.direction
        if not before:
            return change, unchange
        from timeline.direction import moment_nodes, remapped

        nodes = moment_nodes(before, record)
        after = []

        def redo():
            change()
            if not after:
                after.append(remapped(before, nodes))
            record.direction = after[0]

        def undo():
            unchange()
            record.direction = before
        return redo, undo

    def promote(self, node: Node | None = None) -> None:
        """Move a variation one place up among its siblings (towards the main line)."""
        node = node or self.node
        if node.parent is None:
            return
        index = node.parent.variations.index(node)
        if index > 0:
            self._reorder(f"promote {node.action_text}", [(node, index - 1)], node)

    def demote(self, node: Node | None = None) -> None:
        node = node or self.node
        if node.parent is None:
            return
        index = node.parent.variations.index(node)
        if index < len(node.parent.variations) - 1:
            self._reorder(f"demote {node.action_text}", [(node, index + 1)], node)

    def make_main_line(self, node: Node | None = None) -> None:
        """Promote the node and every ancestor to first place: its line becomes the main line."""
        node = node or self.node
        moves = []
        while node.parent is not None:
            moves.append((node, 0))
            node = node.parent
        self._reorder("make main line", list(reversed(moves)))

    def delete_from_here(self, node: Node | None = None) -> None:
        """Delete the node and everything after it; the cursor goes to its parent if inside."""
        node = node or self.node
        parent = node.parent
        if parent is None:
            raise IllegalAction("The starting position cannot be deleted")
        index = parent.variations.index(node)
        inside = any(n is node for n in self._ancestry(self.node))
        cursor_after = parent if inside else self.node

        def cut():
            parent.variations.remove(node)

        def put_back():
            parent.variations.insert(index, node)

        redo, undo = self._direction_follows(cut, put_back)
        self._push(_Edit(f"delete {node.action_text}", redo, undo, self.node, cursor_after, node))
        redo()
        self.node = cursor_after
        self._changed("tree")

    def graft(self, parent: Node, node: Node, description: str) -> None:
        """Hang `node` (a line built outside the tree, whose parent is `parent`) as the last
        variation of `parent`, undoably; the cursor stays where it is."""
        if node.parent is not parent or parent.child_for(node.action_text) is not None:
            raise ValueError("the line must start from this position with a move not played here")

        def redo():
            parent.variations.append(node)

        def undo():
            parent.variations.remove(node)

        self._push(_Edit(description, redo, undo, self.node, self.node))
        redo()
        self._changed("tree")

    def set_fields(self, description: str, changes: list[tuple[Node, dict]]) -> None:
        """Set several nodes' fields (`analysis`, `glyphs`, `comment`, `variations`...) as one
        edit: what an analysis run found enters the record, and one undo takes it back."""
        before = [(node, {k: getattr(node, k) for k in fields}) for node, fields in changes]

        def put(pairs):
            for node, fields in pairs:
                for key, value in fields.items():
                    setattr(node, key, value)

        self._push(_Edit(description, lambda: put(changes), lambda: put(before),
                         self.node, self.node))
        put(changes)
        self._changed("tree")

    @staticmethod
    def _ancestry(node: Node):
        while node is not None:
            yield node
            node = node.parent

    # --- annotations ------------------------------------------------------------------------
    def _set_attr(self, description: str, attr: str, value, node: Node | None = None) -> None:
        node = node or self.node
        old = getattr(node, attr)
        if old == value:
            return
        self._push(_Edit(description, lambda: setattr(node, attr, value),
                         lambda: setattr(node, attr, old), self.node, self.node))
        setattr(node, attr, value)
        self._changed("annotation")

    def set_comment(self, text: str, node: Node | None = None) -> None:
        self._set_attr("comment", "comment", str(text), node)

    def toggle_glyph(self, glyph: str, node: Node | None = None) -> None:
        if glyph not in GLYPHS:
            raise ValueError(f"glyph must be one of {' '.join(GLYPHS)}")
        node = node or self.node
        glyphs = [g for g in node.glyphs if g != glyph]
        if len(glyphs) == len(node.glyphs):
            glyphs.append(glyph)
        self._set_attr(f"glyph {glyph}", "glyphs", glyphs, node)

    def add_drawing(self, drawing: Drawing, node: Node | None = None) -> None:
        """Add a drawing; drawing the same arrow or highlight again removes it (as chess tools do)."""
        node = node or self.node
        same = [d for d in node.drawings if (d.kind, d.at, d.to) == (drawing.kind, drawing.at, drawing.to)]
        kept = [d for d in node.drawings if d not in same]
        if not same or same[0].colour != drawing.colour:
            kept.append(drawing)
        self._set_attr(f"draw {drawing.kind}", "drawings", kept, node)

    def clear_drawings(self, node: Node | None = None) -> None:
        self._set_attr("clear drawings", "drawings", [], node)

    def set_camera(self, view: dict | None, node: Node | None = None) -> None:
        """Keep a camera view in the node (timeline.views: ValueError if it is not one)."""
        from timeline.views import read_view

        self._set_attr("camera view", "camera", None if view is None else read_view(view), node)

    def set_direction(self, description: str, direction: dict | None) -> None:
        """Replace the record's direction (timeline.direction, checked: ValueError if it is
        not one), undoably."""
        from timeline.direction import read_direction

        value = None if direction is None else read_direction(direction)
        record, old = self.record, self.record.direction
        if old == value:
            return
        self._push(_Edit(description, lambda: setattr(record, "direction", value),
                         lambda: setattr(record, "direction", old), self.node, self.node))
        record.direction = value
        self._changed("annotation")

    def add_camera_key(self, view: dict, t: float = 0.0, blend: str = "smooth",
                       kind: str = "view", node: Node | None = None) -> None:
        """A camera keyframe `t` seconds into `node`'s span (the cursor's by default)."""
        from timeline.direction import empty_direction, moment

        data = copy.deepcopy(self.record.direction) if self.record.direction else empty_direction()
        data.setdefault("camera", []).append({"at": moment(node or self.node, t), "view": view,
                                              "blend": blend, "kind": kind})
        self.set_direction("follow-camera keyframe" if kind == "follow" else "camera keyframe", data)

    def add_note(self, note: dict, t: float = 0.0, node: Node | None = None) -> None:
        """A note in time (timeline.direction) from `t` seconds into `node`'s span."""
        from timeline.direction import empty_direction, moment

        data = copy.deepcopy(self.record.direction) if self.record.direction else empty_direction()
        data.setdefault("notes", []).append({**note, "at": moment(node or self.node, t)})
        self.set_direction(f"{note.get('kind', 'text')} note", data)

    def add_speed(self, rate: float, start: tuple, end: tuple) -> None:
        """A speed stretch from (node, t) `start` to `end`."""
        from timeline.direction import empty_direction, moment

        data = copy.deepcopy(self.record.direction) if self.record.direction else empty_direction()
        data.setdefault("speed", []).append({"from": moment(*start), "to": moment(*end), "rate": rate})
        self.set_direction("slow motion" if rate < 1 else "faster stretch", data)

    def add_marker(self, t: float = 0.0, node: Node | None = None, label: str = "") -> None:
        """A marker (for the highlight reel, timeline.reel) `t` seconds into `node`'s span."""
        from timeline.direction import moment, with_marker

        self.set_direction("marker", with_marker(self.record.direction, moment(node or self.node, t),
                                                 label))

    def set_prompt(self, text: str | None, node: Node | None = None) -> None:
        self._set_attr("tutorial prompt", "prompt", text or None, node)

    def set_ask(self, ask: dict | None, node: Node | None = None) -> None:
        """Mark (or unmark, None) a lesson's "your turn" at a node (analysis/lessons)."""
        self._set_attr("your turn" if ask else "no longer your turn", "ask", ask, node)

    # --- undo / redo ------------------------------------------------------------------------
    def clear_history(self) -> None:
        """Forget undo and redo (a dealt start or a built demo is not the user's edit)."""
        self._undo.clear()
        self._redo.clear()
        self.dirty = False

    def _push(self, edit: _Edit) -> None:
        self._undo.append(edit)
        self._redo.clear()
        self.dirty = True

    def undo(self) -> str | None:
        """Undo the last edit; returns its description, or None when there is nothing to undo."""
        if not self._undo:
            return None
        edit = self._undo.pop()
        edit.undo()
        self._redo.append(edit)
        self.node, self.t = edit.cursor_before, 0.0
        self.dirty = True
        self.last_words = edit.words()
        self._changed("tree")
        return edit.description

    def redo(self) -> str | None:
        if not self._redo:
            return None
        edit = self._redo.pop()
        edit.redo()
        self._undo.append(edit)
        self.node, self.t = edit.cursor_after, 0.0
        self.dirty = True
        self.last_words = edit.words()
        self._changed("tree")
        return edit.description
