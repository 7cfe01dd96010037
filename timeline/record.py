"""The record of a game as a tree of nodes (shaped like python-chess's `chess.pgn`).

The root node stands for the starting position; every other node holds the action that led
to it. `variations[0]` is the main line. States are immutable values cached on nodes, so a
node computes its state once (from its nearest cached ancestor) and then answers at once.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from games.api import Step
from games.registry import get_game

#: The annotation glyphs a node may carry, in the order the viewer shows them.
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
DRAWING_KINDS = ("arrow", "highlight")
DRAWING_COLOURS = ("green", "red", "blue", "yellow")


@dataclass(frozen=True)
class Drawing:
    """An arrow or a highlight on the board, in board coordinates.

    Coordinates are game-specific tuples: Glik cells `(row, col)`, Glonk spaces or points
    `(x, y)` in metres, Grendizer zones/boxes. `to` is set only for arrows.
    """

    kind: str
    at: tuple
    to: tuple | None = None
    colour: str = "green"

    def __post_init__(self):
        if self.kind not in DRAWING_KINDS:
            raise ValueError(f"drawing kind must be one of {DRAWING_KINDS}, not {self.kind!r}")
        if self.colour not in DRAWING_COLOURS:
            raise ValueError(f"drawing colour must be one of {DRAWING_COLOURS}, not {self.colour!r}")
        if (self.kind == "arrow") != (self.to is not None):
            raise ValueError("an arrow needs a 'to' point and a highlight must not have one")
        object.__setattr__(self, "at", _point(self.at))
        if self.to is not None:
            object.__setattr__(self, "to", _point(self.to))

    def to_json(self) -> dict:
        data = {"kind": self.kind, "at": list(self.at), "colour": self.colour}
        if self.to is not None:
            data["to"] = list(self.to)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Drawing":
        to = data.get("to")
        return cls(str(data["kind"]), _point(data["at"]), _point(to) if to is not None else None,
                   str(data.get("colour", "green")))


def _point(value) -> tuple:
    """A board coordinate as a tuple: `(r, c)`, `(x, y)`, or a named space such as `("M3",)`."""
    return (value,) if isinstance(value, str) else tuple(value)


class Node:
    """One position in the record: the action that led here and its annotations."""

    __slots__ = ("record", "parent", "action", "variations", "comment", "glyphs", "drawings",
                 "camera", "prompt", "analysis", "ask", "intent", "observed", "_step", "_state", "stored_motion", "motion_text",
                 "_ply", "__weakref__")

    def __init__(self, record: "Record", parent: "Node | None", action=None):
        self.record = record
        self.parent = parent
        self.action = action
        self.variations: list[Node] = []
        self.comment = ""
        self.glyphs: list[str] = []
        self.drawings: list[Drawing] = []
        self.camera: dict | None = None
        self.prompt: str | None = None
        #: What the analysis engine found here (timeline/analysis_field.py), or None.
        self.analysis: dict | None = None
        #: A lesson's "your turn" here (timeline.schema.ASK: question, accepted, hints), or None.
        self.ask: dict | None = None
        #: What the player meant, where the hand's scatter made the action differ (a flick
        #: under a table feel, GameType.intents); None: the action is what was meant.
        self.intent = None
        #: A flick made at a real table: the places the user entered after it (authoritative
        #: for the rules), the inferred flick's fit error and ambiguity (the game's
        #: `observed_motion`); the action is the inferred flick. None: played here.
        self.observed: dict | None = None
        self._step: Step | None = None
        self._state = None
        #: Motion read from a file (played in preference to a fresh simulation).
        self.stored_motion = None
        #: The motion's encoded form, kept so that saving never compresses a motion twice.
        self.motion_text: str | None = None
        self._ply = 0 if parent is None else parent._ply + 1  # nodes never change parent

    # --- position ---------------------------------------------------------------------------
    @property
    def state(self):
        """The state after this node's action, computed once from the nearest cached ancestor."""
        if self._state is not None:
            return self._state
        chain = []
        node = self
        while node._state is None:
            chain.append(node)
            node = node.parent
        for child in reversed(chain):
            child._compute(node._state)
            node = child
        return self._state

    def _compute(self, parent_state) -> None:
        game = self.record.game
        if self.stored_motion is not None and game.game_type.motion:
            step = game.apply_with_motion(parent_state, self.action, self.stored_motion)
        else:
            step = game.apply(parent_state, self.action)
        self._step = step
        self._state = step.state

    @property
    def step(self) -> Step | None:
        """The Step that produced this node (None at the root)."""
        if self.parent is None:
            return None
        if self._step is None:
            self.state  # noqa: B018 - computes and caches the step
        return self._step

    @property
    def motion(self):
        """The recorded motion of this node's action (flicks), else None."""
        step = self.step
        return step.motion if step is not None else None

    def drop_cached_state(self) -> None:
        """Forget the cached state (memory); it is recomputed on the next visit."""
        if self.parent is not None:
            if self._step is not None and self._step.motion is not None and self.stored_motion is None:
                self.stored_motion = self._step.motion  # never re-simulate a recorded flick
            self._state = None
            self._step = None

    # --- tree -------------------------------------------------------------------------------
    @property
    def action_text(self) -> str | None:
        return None if self.action is None else str(self.action)

    @property
    def intended(self):
        """The action the player meant: the intent where one is kept, else the action."""
        return self.action if self.intent is None else self.intent

    def is_main_variation(self) -> bool:
        return self.parent is None or self.parent.variations[0] is self

    def is_mainline(self) -> bool:
        node = self
        while node.parent is not None:
            if not node.is_main_variation():
                return False
            node = node.parent
        return True

    @property
    def ply(self) -> int:
        """How many actions lead here from the root (kept, so deep records load in linear time)."""
        return self._ply

    @property
    def path(self) -> tuple[int, ...]:
        """Child indices from the root: `()` is the root, `(0, 0, 1)` a variation at ply 3."""
        indices = []
        node = self
        while node.parent is not None:
            indices.append(node.parent.variations.index(node))
            node = node.parent
        return tuple(reversed(indices))

    def child_for(self, action_text: str) -> "Node | None":
        for child in self.variations:
            if child.action_text == action_text:
                return child
        return None

    def end(self) -> "Node":
        """The last node of this node's main continuation."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def line_to_end(self) -> list["Node"]:
        """From the root through this node and on along main continuations to the end."""
        before = []
        node = self
        while node is not None:
            before.append(node)
            node = node.parent
        line = list(reversed(before))
        node = self
        while node.variations:
            node = node.variations[0]
            line.append(node)
        return line

    def iter_subtree(self) -> Iterator["Node"]:
        """Pre-order, main line first, without recursion (records can be deep)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.variations))

    def __repr__(self) -> str:
        return f"<Node ply={self.ply} action={self.action_text!r}>"


@dataclass
class Record:
    """A recorded game: headers plus the tree of nodes from the starting position."""

    game_name: str
    config: dict
    headers: dict = field(default_factory=dict)
    start_state_json: dict | None = None  # a custom starting position (scenarios)
    kind: str = "record"  # or "scenario", or "lesson" (nodes that ask, analysis/lessons)
    scenario: dict | None = None  # title, description, hints, goal, solution (scenarios)
    #: How the replay is filmed: camera keyframes, speed, holds, notes (timeline.direction).
    direction: dict | None = None
    root: Node = field(init=False)

    def __post_init__(self):
        self.game = get_game(self.game_name)
        self.root = Node(self, None)
        if self.start_state_json is not None:
            self.root._state = self.game.state_from_json(self.start_state_json)
        else:
            self.root._state = self.game.new_initial_state(self.config)
        self.headers.setdefault("game", self.game.name)
        self.headers.setdefault("rules_version", self.game.rules_version)
        motion = self.game.motion
        if motion is not None and motion.physics_of is not None:
            # The header is the version the stored motions were made by: the root (and so
            # every state after it) simulates by it; a record without one takes its start's.
            if "physics_version" in self.headers:
                self.root._state = motion.with_physics(self.root._state,
                                                       self.headers["physics_version"])
            else:
                self.headers["physics_version"] = motion.physics_of(self.root._state)
        elif motion is not None:
            self.headers.setdefault("physics_version", motion.physics_version)
        self.headers.setdefault(
            "created", _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat())

    @classmethod
    def new(cls, game_name: str, config: Mapping[str, Any] | None = None, **kw) -> "Record":
        game = get_game(game_name)
        full = dict(game.default_config())
        full.update(config or {})
        return cls(game.name, full, **kw)

    def add_child(self, parent: Node, action, *, main: bool = False, step=None,
                  intent=None, observed: Mapping | None = None) -> Node:
        """Add (or reuse) the child of `parent` reached by `action`; validates the action.

        `step`, when given, is `game.apply(parent.state, action)` computed by the caller.
        `intent`: what the player meant, when the hand made `action` of it (kept only where
        it differs; a reused child keeps its own).
        `observed`: the action is a flick inferred from a real table, and these are the
        places entered after it (`{"entered", "removed", "fit_error", "ambiguous"}`): its
        motion is the game's `observed_motion`, resting exactly there (ValueError if it
        cannot); an existing child with the same action is not reused."""
        text = str(action)
        existing = parent.child_for(text)
        if existing is not None:
            if observed is not None:
                raise ValueError(f"{text} is already played here")
            return existing
        node = Node(self, parent, action)
        if intent is not None and str(intent) != text:
            node.intent = intent
        if observed is not None:
            if self.game.observed is None:
                raise ValueError(f"{self.game.title} actions are not observed at a real table")
            observed = {"entered": {k: [float(x), float(y)] for k, (x, y) in
                                    sorted(observed["entered"].items())},
                        "removed": sorted(observed["removed"]),
                        "fit_error": float(observed["fit_error"]),
                        "ambiguous": bool(observed["ambiguous"])}
            node.stored_motion = self.game.observed.observed_motion(parent.state, action, observed)
            node.observed = observed
            step = None
        if step is None:
            node._compute(parent.state)  # raises IllegalAction before the tree changes
        else:
            node._step, node._state = step, step.state
        if main:
            parent.variations.insert(0, node)
        else:
            parent.variations.append(node)
        return node

    def nodes(self) -> Iterator[Node]:
        return self.root.iter_subtree()

    def node_at(self, path) -> Node:
        """The node at a child-index path; ValueError that names the bad step."""
        node = self.root
        for depth, index in enumerate(path):
            if not 0 <= index < len(node.variations):
                raise ValueError(f"no variation {index} at ply {depth + 1} "
                                 f"(there are {len(node.variations)})")
            node = node.variations[index]
        return node

    def mainline(self) -> list[Node]:
        """The main line, root first."""
        return self.root.line_to_end()

    def result(self) -> str:
        """The main line's result in words: '1-0'-like per-player scores, or '*' if unfinished."""
        end = self.mainline()[-1].state
        if not self.game.is_terminal(end):
            return "*"
        outcome = self.game.outcome(end)
        return "-".join(_fmt_score(x) for x in outcome)

    def drop_cached_states(self, keep_every: int = 16) -> None:
        """Free cached states except every `keep_every`-th ply, which anchor recomputation."""
        for node in self.nodes():
            if node.parent is not None and node.ply % keep_every:
                node.drop_cached_state()


def _fmt_score(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
