"""Glonk on the table: the printed Galaxy mat, the discs, motion playback and flicking.

World units are metres: the Galaxy's centre is the origin, the mat's top is z = 0, a disc's
node sits at its centre (half its thickness up), exactly where physics puts it. Each disc
carries its active sticker on top and its passive sticker underneath, so a passive or damaged
disc is simply drawn turned over. Pieces beside the Galaxy follow the Galactic Convention,
each player having an area left or right of the Galaxy (where a landscape window has room)
with their name and score: out-of-play pieces active face up in rows, atomised ones passive
face up in the trophy stack of the player who scored them (or in the box when they count
for nobody); recovered stellar objects wait at the top left.

The scene owns no rules: reach hints come from `games.glonk.rules`, every click or drag ends
in a Glonk action that the app plays through the session.

The scene is the class the window constructs; it keeps what the window and the other rooms
read (the node roots, `nodes`, `poses`, the selection, the aim) and hands the work to its
rooms: `drawing` (viewer.glonk.drawing: static geometry, `show`, `show_motion`), `aiming`
(viewer.glonk.aiming: the drag, the aimed flick, the ghost path, the table feel), `picking`
(viewer.glonk.picking: clicks, placements, highlights, the second choice) and `words`
(viewer.glonk.status: the status lines and the move's words).
"""
from __future__ import annotations

import math

from panda3d.core import NodePath, Vec3

from games.glonk.actions import Flick
from games.glonk.galaxy import load_galaxy
from games.glonk.model import IN_PLAY, load_book
from viewer.glonk import aim as AIM
from viewer.glonk.aiming import Aiming
from viewer.glonk.beside import grid, zone_of
from viewer.glonk.drawing import TableDrawing, flick_motion, load_shader
from viewer.glonk.modes import KEYS, PICKS, AimMode
from viewer.glonk.picking import Awaiting, Picking
from viewer.glonk.settings import setting as _setting
from viewer.glonk.status import StatusWords
from viewer.scene import ClickResult, Motion, Pick, Scene

# What this module offered before its rooms had modules of their own, importable from here still.
from viewer.glonk.aiming import (AIM_HYPER, AIM_LOST, AIM_OK, CONTACT, GHOST,  # noqa: E402,F401
                                 assault_verdict)
from viewer.glonk.beside import (BOX_ANGLE, BOX_GAP, BOX_R, ROW_R, STELLAR_ANGLE,  # noqa: E402,F401
                                 STELLAR_R, ZONE_SPREAD, shows_back)
from viewer.glonk.drawing import (DISC, MAT, PLACE, READY, SELECT, TARGET,  # noqa: E402,F401
                                  disc_quat)
from viewer.glonk.picking import REACH, START  # noqa: E402,F401
from viewer.glonk.status import describe_piece, short_name  # noqa: E402,F401


def _attach_input(app, scene):
    """Install the Glonk input, with its shot explorer, on a windowed app (None offscreen:
    nothing to drive). Here, above both, so the input and the explorer need not know each other."""
    if getattr(app, "offscreen", True):
        return None
    from viewer.glonk.explorer_view import ShotExplorer
    from viewer.glonk.input import FlickInput
    from viewer.glonk.trail import PointerTrail

    flick_input = FlickInput(app, scene)
    flick_input.trail = PointerTrail(app)
    flick_input.explorer = ShotExplorer(app, scene)
    return flick_input


class GlonkScene(Scene):
    """The Galaxy, its discs and the pieces beside it. `self.pieces` maps piece id -> node."""

    #: Stepping to a flick plays its recorded motion at its real length, not a fixed 0.35 s.
    natural_pace = True
    #: The seat view looks a little lower than the others: each player's own area beside the
    #: Galaxy then stays clearly the nearest, with the status and message lines kept clear.
    seat_pitch = -46.0
    mouse_help = (
        ("Left click a disc", "Select it: the spaces it may reach light up"),
        ("Left drag on your active disc", "Flick it: pull back and release; the arrow shows "
                                          "direction, power, reach"),
        ("While flicking: Shift / Ctrl, Alt", "Spin clockwise / anticlockwise; fine control"),
        ("While flicking: Esc, or release off the window", "Cancels the flick"),
        ("Buttons above the message", "Boarding, heroic assault and special actions"),
        ("Left click a lit space (setup)", "Place the armada, an asteroid or a returning ship"),
    )
    #: A left drag on your disc is the flick, so the camera orbits only from elsewhere.
    owns_left_drag = True

    surface_z = 0.0
    #: What the player does while an editor sets the position up (the editor sets it): the
    #: status then says that, not how to flick, since a press there moves discs.
    setting_up: str | None = None
    #: Log mode (viewer.glonk.tablelog): what the status says instead of how to flick.
    logging: str | None = None

    def __init__(self, base, game, root, lighting):
        super().__init__(base, game, root, lighting)
        self.galaxy = load_galaxy()
        self.book = load_book()
        self.mat_root = root.attachNewNode("glonk-mat")
        self.disc_root = root.attachNewNode("glonk-discs")
        self.label_root = root.attachNewNode("glonk-labels")
        self.label_root.setShader(load_shader("text"), 50)
        lighting.hide_from_shadow(self.label_root)
        self.aim_root = self.overlay.attachNewNode("aim")
        self.mark_root = self.overlay.attachNewNode("marks")
        self.phase_root = self.overlay.attachNewNode("phase-hints")
        self.nodes: dict[str, NodePath] = {}
        self.poses: dict[str, tuple[float, float, float]] = {}
        self.seat_labels = None
        self.disc_labels = None
        self.sticker_tex = None
        self.mat_tex = None
        # interaction
        self.selected: str | None = None
        self.host = None  # the window's (`modes`), None offscreen without one
        self.target: str | None = None  # assault target, or the piece moved by a power
        self.aim: AIM.Aim | None = None
        self.spin = 0.0  # rad/s given to the flick (Shift: clockwise, Ctrl: anticlockwise)
        self.aim_line: str | None = None
        self.hover_line: str | None = None
        self.chrono_left: float | None = None
        self.input = None
        self.ghost = None
        self.ghost_on = _setting("aim_preview", True)  # a house option: off for match play
        self.ghost_line: str | None = None
        self.ghost_root = self.overlay.attachNewNode("ghost-path")
        #: the flick's physics Motion last shown (show_motion), times shown, the discs it moves,
        #: and those it holds still where `show` puts them elsewhere (each frame moves them)
        self.motion_now = None
        self.motion_shows = 0
        self.motion_moved: frozenset = frozenset()
        self.displaced: set = set()
        self.playback_picture = None
        from viewer.glonk.bestshot import BestShotView

        self.best = BestShotView(self)  # the best shot's arrow (B: viewer.bestshot)
        self.drawing = TableDrawing(self)
        self.aiming = Aiming(self)
        self.picking = Picking(self)
        self.words = StatusWords(self)


    # --- building ---------------------------------------------------------------------------
    def build(self) -> None:
        self.drawing.build()
        from viewer.glonk.input import GhostPath

        self.input = _attach_input(self.base, self)
        self.ghost = GhostPath(self.game, self.base.jobs)
        self.drawing.build_labels()

    def still_occluders(self):
        """Only the discs can hide an overlay: the mat, its printed labels and the table lie
        flat under every one of them (viewer.still)."""
        return [self.disc_root]

    def destroy(self) -> None:
        super().destroy()
        self.drawing.destroy()
        self.best.destroy()
        self.ghost.close()
        if self.input is not None:
            self.input.destroy()

    # --- drawing (viewer.glonk.drawing) -----------------------------------------------------
    def show(self, state) -> None:
        """Put every disc where `state` has it (cheap: called every frame during playback)."""
        if state is None:
            return
        self.state = state
        self.drawing.show(state)

    def layout(self, state) -> dict:
        """piece id -> (x, y, z, yaw, back face up) for every piece on the table."""
        return self.drawing.layout(state)

    #: The box's grid (viewer.glonk.beside.grid).
    _grid = staticmethod(grid)

    def motion_between(self, before, after, step):
        """A flick plays its recorded physics Motion; other actions are shown at once."""
        if step is None or step.motion is None:
            return None
        return flick_motion(before, step.motion)

    def show_motion(self, motion, t: float) -> None:
        data = motion.data if isinstance(motion, Motion) else motion
        if not self.drawing.show_motion(data, t):
            super().show_motion(motion, t)

    def streamed_motion(self, before, first):
        return flick_motion(before, first)

    def draw_annotations(self, drawings) -> None:
        self.drawing.draw_annotations(drawings)

    def highlight_spaces(self, spaces, rgba, inset: float = 0.003) -> None:
        self.drawing.highlight_spaces(spaces, rgba, inset)

    def probe(self) -> dict:
        """What real-window tests check: the shot explorer's progress, and the screen labels'
        boxes and what they must avoid."""
        from viewer.glonk.labels import free_area, hud_boxes

        facts = {} if self.input is None else self.input.probe_fields()
        labels = self.seat_labels
        if labels is None:
            return facts
        if self.disc_labels is not None:
            facts["disc_labels"] = {"all": self.disc_labels.all_on,
                                    "wanted": self.disc_labels.wanted(),
                                    "shown": self.disc_labels.shown()}
        def pixel(point):  # where the seat's area the label names is drawn (None: off view)
            xy = self.base.project(point)
            return xy and [round(v, 1) for v in xy]

        return {**facts, "labels": [{"text": t, "box": b and [round(v, 1) for v in b],
                                     "anchor": pixel(a)}
                                    for t, b, a in zip(labels.texts(), labels.drawn_boxes(),
                                                       labels.anchors)],
                "free": [round(v, 1) for v in free_area(self.base)],
                "hud": [[round(v, 1) for v in b] for b in hud_boxes(self.base)]}

    # --- camera -------------------------------------------------------------------------------
    def bounds(self):
        return Vec3(0, 0, 0), 0.80

    def panel_foot_changed(self) -> None:
        explorer = getattr(self.input, "explorer", None)
        if explorer is not None:
            explorer.box.refresh()

    def top_fit(self, state):
        """The pieces laid out beside the Galaxy (the top view keeps them in the window)."""
        beside = {p.id: p for p in getattr(state, "pieces", ()) if p.status != IN_PLAY}
        return [(x + dx * beside[pid].radius, y + dy * beside[pid].radius, 0.0)
                for pid, (x, y, *_rest) in self.layout(state).items() if pid in beside
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]

    def seat_fit(self, state):
        """What a seat view must show whole: the mat's rim, every piece laid out beside the
        Galaxy and every seat's area (the app fits the view to these, inside the free window)."""
        return self.drawing.seat_view_points(state), 0.0

    def seat_headings(self, state):
        """Each player looks from behind their own area beside the Galaxy (`zone_of`), so it
        is the nearest thing of the table and lies at the bottom of their view."""
        n = state.config.players if state is not None else 2
        return [math.degrees(zone_of(i, n)[0]) + 90.0 for i in range(n)]

    # --- spaces ---------------------------------------------------------------------------------
    def cell_center(self, cell) -> Vec3:
        s = self.galaxy.by_id[cell]
        x, y = s.centroid
        return Vec3(x, y, 0.0)

    def cell_at(self, x, y):
        return self.galaxy.space_at(x, y)

    def cell_size(self) -> float:
        return 0.09

    def piece_at(self, cell):
        return None

    # --- modes and keys (viewer.glonk.modes) ------------------------------------------------------
    def modes(self, host):
        self.host = host
        self.picking.picking = None
        return [host.scene_mode(AimMode)]

    def keys(self, mode: str):
        return KEYS.get(mode, [])

    @property
    def mode(self) -> Awaiting | None:
        """What the selected disc's action waits for (viewer.glonk.picking.Awaiting: an
        assault's target, a power's, a Jump's landing, a placement), None for nothing. With a
        window, it is the kind of the pick mode on its mode machine."""
        return self.picking.awaiting

    @mode.setter
    def mode(self, awaiting: Awaiting | None) -> None:
        self.picking.await_choice(awaiting)

    def picking_words(self) -> str:
        awaiting = self.mode
        return PICKS[awaiting.choice.value][0] if awaiting else ""

    # --- picking (viewer.glonk.picking) -----------------------------------------------------------
    def pick(self, origin, direction) -> Pick:
        return self.picking.pick(origin, direction)

    def deselect(self) -> None:
        self.picking.deselect()

    def select(self, state, pid: str | None) -> None:
        self.picking.select(state, pid)

    def set_mode(self, state, mode) -> str:
        """Enter a mode that needs a second choice; returns what to do next, in words."""
        return self.picking.set_mode(state, mode)

    def click(self, state, pick: Pick) -> ClickResult:
        return self.picking.click(state, pick)

    def hover(self, state, pick) -> None:
        self.picking.hover(state, pick)

    def turn_actions(self, state) -> list[tuple[str, object]]:
        return self.picking.turn_actions(state)

    def piece_actions(self, state) -> list[tuple[str, object]]:
        return self.picking.piece_actions(state)

    # --- aiming (viewer.glonk.aiming) -------------------------------------------------------------
    def press(self, state, pick, button, mods, host):
        return self.aiming.press(state, pick, button, mods, host)

    def flick_piece(self, state) -> str | None:
        return self.aiming.flick_piece(state)

    def clear_aim(self) -> None:
        self.aiming.clear_aim()

    def toggle_ghost(self) -> str:
        return self.aiming.toggle_ghost()

    def drag_begin(self, state, pick: Pick) -> bool:
        return self.aiming.drag_begin(state, pick)

    def drag_update(self, state, pick: Pick) -> AIM.Aim | None:
        return self.aiming.drag_update(state, pick)

    def drag_end(self, state, pick: Pick) -> ClickResult:
        return self.aiming.drag_end(state, pick)

    def intended_flick(self, aim):
        return self.aiming.intended_flick(aim)

    def aimed_flick(self, aim):
        return self.aiming.aimed_flick(aim)

    def feel(self) -> str:
        return self.aiming.feel()

    def guide(self) -> str:
        return self.aiming.guide()

    def executed(self, node, intent):
        return self.aiming.executed(node, intent)

    def ghost_frame(self) -> None:
        self.aiming.ghost_frame()

    def draw_ghost(self, pid: str, step) -> None:
        self.aiming.draw_ghost(pid, step)

    # --- simulating a flick -------------------------------------------------------------------------
    def simulates(self, action) -> bool:
        return isinstance(action, Flick)

    def simulate(self, state, action, on_frames):
        return self.game.apply(state, action, on_frames=on_frames)

    def job_warm_up(self):
        import physics

        return physics.warm_up  # a job thread's first flick: its PyBullet client, connected

    # --- the best shot (B: viewer.bestshot asks, viewer.glonk.bestshot draws) ---------------------
    def best_shot_skill(self) -> str | None:
        """The skill chosen in the panel (the shot explorer's), else None (the bot's)."""
        from analysis.glonk.skill import SKILLS

        explorer = getattr(self.input, "explorer", None)  # the panel's skill buttons
        skill = explorer.skill if explorer is not None else _setting("explorer_skill", None)
        return skill if skill in SKILLS else None

    def best_shot_words(self, state, action, summary: dict) -> str:
        from viewer.glonk.bestshot import shot_words

        return shot_words(state, action, summary)

    def show_best_shot(self, state, action, summary: dict, step) -> None:
        self.best.show(state, action, summary, step)
        self.base.refresh_status() if hasattr(self.base, "refresh_status") else None

    def clear_best_shot(self) -> None:
        self.best.clear()
        self.base.refresh_status() if hasattr(self.base, "refresh_status") else None

    def best_shot_drawn(self) -> bool:
        return self.best.drawn

    # --- words (viewer.glonk.status) ---------------------------------------------------------------
    def action_label(self, node) -> str:
        return self.words.label_of(super().action_label(node), node)

    def event_lines(self, node) -> list[str]:
        return self.words.event_lines(node)

    def seat_legend(self, state):
        return self.words.seat_legend(state)

    def status_rows(self, state) -> int:
        return self.words.status_rows(state)

    def status_lines(self, state) -> list[str]:
        return self.words.status_lines(state)
