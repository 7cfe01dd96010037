"""The pluggable game scene: what every game's 3D view provides to the app.

A scene builds its static geometry once (`build`), then draws states (`show`) and motions
(`show_motion`) by moving node paths kept in an id -> NodePath map. It owns no rules: legal
moves come from the game API, and a click becomes an action only through `click`, which the
app plays via the session. Annotations (arrows, highlighted cells) are stored in the record
in board coordinates; the scene maps them to the table with `cell_center`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from panda3d.core import NodePath, TransparencyAttrib, Vec3

from games.api import IllegalAction
from games.notation import move_text
from viewer import geometry
from viewer.lighting import Lighting, flat_overlay

#: RGBA of the record's drawing colours (timeline.record.DRAWING_COLOURS).
DRAWING_RGBA = {
    "green": (0.15, 0.75, 0.25, 0.8),
    "red": (0.85, 0.15, 0.12, 0.8),
    "blue": (0.15, 0.45, 0.95, 0.8),
    "yellow": (0.95, 0.8, 0.1, 0.8),
}

#: Arrows float this many cells above the surface, just over the pieces.
ARROW_LIFT = 0.38


@dataclass(frozen=True)
class Pick:
    """What lies under the mouse: a board cell (game coordinates), maybe a piece, or a UI target."""

    cell: tuple | None = None
    piece: Any = None
    target: Any = None  # scene-specific (e.g. a setup slot)
    point: tuple[float, float, float] | None = None  # where the ray met the table


@dataclass
class ClickResult:
    """What a click means: an action to play, a message to show, or just a new selection."""

    action: Any = None
    message: str | None = None
    redraw: bool = True


@dataclass
class Motion:
    """A scene-level animation between two states: the viewer samples it at 0 <= t <= duration."""

    duration: float
    tracks: dict = field(default_factory=dict)  # piece id -> list of (t, (x, y, z))
    data: Any = None


class Scene:
    """Base class: table-plane picking, annotation drawing and hint overlays.

    Subclasses implement `build`, `show`, `bounds`, `seat_headings`, `cell_center`,
    `cell_at`, `click`, `status_lines`, and may override `motion_between` and `show_motion`.
    """

    #: Height of the playing surface above the table (overlays float just above it).
    surface_z = 0.0
    #: (control, what it does) pairs of the game's own mouse controls, for the F1 help.
    mouse_help: tuple[tuple[str, str], ...] = ()
    #: False while a replay is exported: `status_lines` then say what is happening without
    #: telling anyone what to click (a video has nobody to click).
    show_prompts: bool = True
    #: True while the move just made is being simulated (viewer.commands.moves): the status
    #: says so instead of asking for the move already made.
    move_simulating: bool = False
    #: Where an exported video's caption goes: its centre's x (screen units from the bottom
    #: centre, 1 = half the window's height) and how many characters a line holds there.
    caption_anchor: tuple[float, int] = (0.0, 70)

    def __init__(self, base, game, root: NodePath, lighting: Lighting):
        self.base = base
        self.game = game
        self.root = root
        self.lighting = lighting
        self.pieces: dict[Any, NodePath] = {}
        self.overlay = root.attachNewNode("overlay")
        flat_overlay(self.overlay, lighting)
        self.overlay.setTransparency(TransparencyAttrib.MAlpha)
        self.overlay.setDepthWrite(False)
        self.overlay.setTwoSided(True)
        self.overlay.setBin("transparent", 10)
        self.hints = self.overlay.attachNewNode("hints")
        self.drawings = self.overlay.attachNewNode("drawings")
        self.state = None
        self.destroyed = False

    def still_occluders(self) -> list[NodePath]:
        """The still nodes that may hide part of an overlay (viewer.still draws their depth
        under the overlays while it shows the still scene's picture): all but the overlay,
        unless a scene knows better."""
        return [c for c in self.root.getChildren() if c != self.overlay]

    # --- to implement -------------------------------------------------------------------
    def build(self) -> None:
        raise NotImplementedError

    def show(self, state) -> None:
        raise NotImplementedError

    def bounds(self) -> tuple[Vec3, float]:
        """Centre and radius of what the camera should frame."""
        raise NotImplementedError

    def top_frame(self, state) -> tuple[float, float, float, float]:
        """What the top-down view must show: centre x, y and half width, half height."""
        center, radius = self.bounds()
        return center.x, center.y, radius * 0.9, radius * 0.9

    def seat_headings(self, state) -> Sequence[float]:
        """Camera heading (degrees) looking from each player's seat towards the table."""
        raise NotImplementedError

    def screen_items(self, size) -> dict:
        """The scene's own clickable things drawn flat on the screen (not in the 3D view):
        a name for each (what it is, in words a test can build) -> its box in window pixels
        (x0, y0, x1, y1 from the top-left) for a window of `size` pixels. The probe reports
        them so a real-window test clicks where the window drew them."""
        return {}

    def seat_fit(self, state):
        """What a seat view must show, or None for the fixed distance: (world points, 0.0).
        The app moves the camera back until the points lie in the layout's free region
        (viewer.layout: clear of the panels, the boxes and the scene's own screen things,
        which ask the layout for their room)."""
        return None

    def top_fit(self, state) -> list:
        """What the top view must show besides its frame (`top_frame`): world points of the
        pieces kept beside the board (the app keeps them in the view's part of the window,
        never under the side panel); none by default."""
        return []

    def cell_center(self, cell) -> Vec3:
        raise NotImplementedError

    def cell_at(self, x: float, y: float):
        """The board cell at table point (x, y), or None off the board."""
        raise NotImplementedError

    def click(self, state, pick: Pick) -> ClickResult:
        raise NotImplementedError

    def status_rows(self, state) -> int:
        """The most lines `status_lines` may give in `state` (the layout keeps their room, so
        the view does not move as a hover or an aim line comes and goes)."""
        return len(self.status_lines(state))

    def status_lines(self, state) -> list[str]:
        return [self.game.describe(state)]

    def refuse(self, state, action) -> ClickResult:
        """Why the rules refuse `action` here, in their words, as a click's answer."""
        try:
            self.game.apply(state, action)
        except IllegalAction as exc:
            return ClickResult(message=exc.rule)
        return ClickResult(message="That is not a move here")

    def attempt(self, state, action) -> ClickResult:
        """`action` when the rules allow it here, else the rule that forbids it."""
        try:
            self.game.apply(state, action)
        except IllegalAction as exc:
            return ClickResult(message=exc.rule)
        return ClickResult(action=action)

    def action_label(self, node) -> str:
        """How the move list names `node`'s action: the game's readable notation (files keep
        the canonical text), with what came of it where the node's step is known."""
        if node.parent is None:
            return ""
        step = getattr(node, "step", None)
        return move_text(self.game, node.parent.state, node.action,
                         step.events if step is not None else ())

    def action_colour(self, node):
        """Text colour for `node` in the move list (the acting player's), or None."""
        return None

    def seat_legend(self, state) -> list[tuple[str, tuple | None]]:
        """Per seat, how a person names it and its colour on the table (None: no colour of
        its own), for the win-chance graph's lines and legend."""
        return [(f"Seat {i + 1}", None) for i in range(int(state.players))]

    def turn_actions(self, state) -> list[tuple[str, object]]:
        """Whole-turn actions offered as buttons: (label, action) pairs (end turn, offers)."""
        return []

    def panel_foot_changed(self) -> None:
        """The win graph came into the side panel's foot or left it: a scene with a part of
        its own there (Glonk's shot explorer) makes room or takes it back."""

    def keys(self, mode: str) -> list:
        """The game's own keys in the window mode named `mode` (`viewer.keys.Key`s, kept in
        the game's package): bound, and listed by F1, only while this game is shown."""
        return []

    def modes(self, host) -> list:
        """The game's own modes (`viewer.modes.Mode`), made for the window's `host` (a
        `viewer.host.Host`: all a scene may ask of the window)."""
        return []

    def hover(self, state, pick) -> None:
        """The mouse is over `pick` (previews)."""

    def press(self, state, pick: Pick, button: int, mods: str, host):
        """A mouse press on the scene: a `viewer.modes.Drag` the scene runs itself (a flick
        pulled back from a disc; `host` is the window's `viewer.host.Host`), or None to leave
        the press to the mode (click, orbit)."""
        return None

    def simulates(self, action) -> bool:
        """True for an action whose resolution is a physics simulation (played off the frame
        thread, shown when its motion exists)."""
        return False

    def simulate(self, state, action, on_frames):
        """On a job thread: the step `action` makes from `state` (`simulates` said it is a
        simulation). A scene whose game streams may hand `on_frames(first)` the motion's
        first frames before the step is done (`streamed_motion` shows them)."""
        return self.game.apply(state, action)

    def streamed_motion(self, before, first) -> Motion | None:
        """The scene animation of a move's first frames from `before` (what `simulate` handed
        `on_frames`), shown while the rest is simulated; None: nothing is shown early."""
        return None

    def job_warm_up(self):
        """A function for each job thread to run once when this scene opens (what the first
        simulated move would otherwise wait for), or None."""
        return None

    def event_lines(self, node) -> list[str]:
        """What `node`'s action did, in the game's words, one short line per thing."""
        step = node.step
        return [line for e in (step.events if step is not None else ())
                if (line := describe_event(e))]

    # --- the best shot (viewer.bestshot: B) ------------------------------------------------
    def best_shot_skill(self) -> str | None:
        """The skill the best-shot search plays at (None: the bot's default)."""
        return None

    def best_shot_words(self, state, action, summary: dict) -> str:
        """The best shot and its odds in words, for the message line."""
        return f"Best: {action} (expected {summary.get('expected_value', 0.0):+.1f})"

    def show_best_shot(self, state, action, summary: dict, step) -> None:
        """Draw the best shot on the table (nothing by default: the message line says it)."""

    def clear_best_shot(self) -> None:
        """Take the best shot's drawing away."""

    def best_shot_drawn(self) -> bool:
        return False

    def destroy(self) -> None:
        """The app drops this scene (another game opened): end its tasks and screen parts."""
        self.destroyed = True

    # --- motion -------------------------------------------------------------------------
    def motion_between(self, before, after, step) -> Motion | None:
        """The animation from `before` to `after` (None: the change is shown at once)."""
        return None

    def show_motion(self, motion: Motion, t: float) -> None:
        """Place pieces at time `t` of `motion` (pieces without a track stay where they are)."""
        for pid, track in motion.tracks.items():
            np_ = self.pieces.get(pid)
            if np_ is not None:
                np_.setPos(*sample_track(track, t))
        self.lighting.mark_dirty()

    # --- picking ------------------------------------------------------------------------
    def pick(self, origin, direction) -> Pick:
        """Intersect a world-space ray with the playing surface and name what is there."""
        ox, oy, oz = origin
        dx, dy, dz = direction
        if abs(dz) < 1e-9:
            return Pick()
        s = (self.surface_z - oz) / dz
        if s <= 0:
            return Pick()
        x, y = ox + dx * s, oy + dy * s
        cell = self.cell_at(x, y)
        return Pick(cell=cell, piece=self.piece_at(cell) if cell is not None else None,
                    point=(x, y, self.surface_z))

    def piece_at(self, cell):
        return None

    # --- overlays -----------------------------------------------------------------------
    def deselect(self) -> None:
        """Forget any selection and its hints."""
        self.clear_hints()

    def clear_hints(self) -> None:
        self.hints.getChildren().detach()

    def add_hint(self, cell, rgba, kind: str = "square", size: float = 0.9) -> NodePath:
        """Mark a cell: a filled square, a frame or a ring just above the surface."""
        if kind == "ring":
            node = geometry.disc("hint", size * 0.42, 28, rgba, inner=size * 0.30)
        elif kind == "dot":
            node = geometry.disc("hint", size * 0.16, 20, rgba)
        elif kind == "frame":
            node = geometry.square("hint", size, rgba, inner=size * 0.78)
        else:
            node = geometry.square("hint", size, rgba)
        node.reparentTo(self.hints)
        c = self.cell_center(cell)
        node.setPos(c.x, c.y, self.surface_z + 0.004)
        return node

    def draw_annotations(self, drawings) -> None:
        """Draw a node's arrows and highlighted cells (timeline.Drawing values)."""
        self.drawings.getChildren().detach()
        for d in drawings:
            rgba = DRAWING_RGBA.get(d.colour, DRAWING_RGBA["green"])
            try:
                a = self.cell_center(d.at)
                b = self.cell_center(d.to) if d.to is not None else None
            except (KeyError, ValueError, TypeError, IndexError):
                continue  # a drawing off this board (e.g. from another layout) is skipped
            if d.kind == "arrow" and b is not None:
                node = geometry.arrow("arrow", (a.x, a.y), (b.x, b.y), self.cell_size() * 0.26,
                                      rgba, z=0.0)
                node.setZ(self.surface_z + self.cell_size() * ARROW_LIFT)
            else:
                r, g, bl, _ = rgba
                node = geometry.square("mark", self.cell_size() * 0.96, (r, g, bl, 0.55))
                node.setPos(a.x, a.y, self.surface_z + 0.006)
            node.reparentTo(self.drawings)

    def cell_size(self) -> float:
        return 1.0


def said(step, line_of) -> list[str]:
    """`line_of(event)` for each event of `step` that has a line; an event whose details the
    words do not expect is left out (the log never stops the window)."""
    out = []
    for e in (step.events if step is not None else ()):
        try:
            line = line_of(e)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            line = None
        if line:
            out.append(line)
    return out


def describe_event(event) -> str:
    """A plain line for an event no game words cover: its kind, and who or what it names."""
    kind = str(getattr(event, "kind", "")).replace("_", " ")
    data = getattr(event, "data", None) or {}
    who = next((str(data[k]) for k in ("piece", "card", "stone", "player") if k in data), "")
    return f"{kind} {who}".strip().capitalize() if kind else ""


def sample_track(track, t: float):
    """Linear interpolation through (time, position) keys; clamps at both ends."""
    if t <= track[0][0]:
        return track[0][1]
    for (t0, p0), (t1, p1) in zip(track, track[1:]):
        if t <= t1:
            s = 0.0 if t1 <= t0 else (t - t0) / (t1 - t0)
            return tuple(a + (b - a) * s for a, b in zip(p0, p1))
    return track[-1][1]
