"""A Glonk flick made at a real table, entered in log mode (viewer.tablelog): the user clicks the
disc that was flicked, drags the discs that moved to where they stopped (the editor's drag and
drop, `viewer.glonk.editor.DiscDrag`, with no snapping: a disc rests exactly where it is let
go), right-clicks a disc that left the Galaxy (into the Black Hole or off the mat; a disc
dragged off the Galaxy has left it too), and confirms (Enter). The flick is then inferred in
the window's analysis worker (`infer_job` below, process lane of viewer.jobs) with
its progress in the log box, and logged as an observed action: the entered places are the
position the rules judge, the inferred flick and its fit error beside them
(`analysis.glonk.table.observed_entry`).

Every step is undone by Ctrl+Z (and redone by Ctrl+Y): the disc chosen, each drag, each
removal. Before the Galaxy is set up (draws, placements) presses play as in play; chance (who
goes first, which armada) is chosen in the log box as it came at the table.
"""
from __future__ import annotations

import math
from dataclasses import replace

from games.api import CHANCE
from games.glonk.model import IN_PLAY, OUT
from viewer.glonk.editor import DiscDrag
from viewer.tablelog import CHANCE_BUTTONS

#: A press and release closer than this (m) on the table is a click, not a drag.
CLICK = 0.004
#: Discs entered closer than this to touching another are refused (m of overlap): a hand's
#: few millimetres are forgiven.
OVERLAP = 0.002
#: A fit worse than this (m, RMS) is said to be poor: a place entered wrongly, most likely.
POOR_FIT = 0.015
#: The phases before the first flick (a later choice - an Asteroid returned, a ray - is the rules').
SET_UP = ("draw", "first", "place_armada", "place_asteroid")
LOGGING = "after the flick, enter where the discs stopped (the log box)"
FLICKED_RGBA = (1.0, 0.85, 0.25, 0.95)
WAS_RGBA = (0.8, 0.8, 0.85, 0.45)


class GlonkFlickEntry:
    """One real flick being entered at the cursor's position (see the module)."""

    def __init__(self, log):
        self.log = log
        self.app = log.app
        self.node = None
        self.piece: str | None = None
        self.entered: dict[str, tuple[float, float]] = {}
        self.removed: set[str] = set()
        self.undo_list: list[tuple[tuple, str]] = []
        self.redo_list: list[tuple[tuple, str]] = []
        self.job = None
        self.asked = None  # (node, observation) the job infers
        #: the entry for which Enter asked whether the flicked disc did not move at all
        self.unmoved_asked = None
        self.failed = ""
        self.dragging: str | None = None
        self.grab = (0.0, 0.0)
        self.drop: tuple[float, float] | None = None
        self.pressed_at: tuple[float, float] | None = None
        self.marks = None
        #: id(node) -> (node, entry, undo, redo): entries left unfinished where they were made
        self.drafts: dict[int, tuple] = {}

    @property
    def host(self):
        """The window's narrow host (viewer.host.Host), the one the scene shown talks to."""
        return self.app.scene.host

    # --- what the box says ------------------------------------------------------------------------
    box_height = 0.30

    def title(self) -> str:
        return "Logging a table game of Glonk"

    def state(self):
        return self.node.state

    def entering(self) -> bool:
        """Whether flicks are entered here (the Galaxy set up, a player to act)."""
        state = self.state()
        return state.phase == "actions" and self.host.game.current_player(state) >= 0

    def chance(self) -> bool:
        return self.host.game.current_player(self.state()) == CHANCE

    def step_words(self) -> str:
        game = self.host.game
        state = self.state()
        if game.is_terminal(state):
            return "The game is over"
        if self.chance():
            return "What came at the table? Choose it below: nothing is drawn"
        if not self.entering():
            what = ("Setting up the Galaxy" if state.phase in SET_UP else
                    "The rules ask first")
            return f"{what} ({state.phase.replace('_', ' ')}): click as in play"
        if self.job is not None:
            done, planned = self.job.progress
            return f"Inferring the flick... {done} simulations" + (f" of about {planned}" if planned else "")
        if self.piece is None:
            return "After the real flick: click the disc that was flicked"
        if self.piece not in self.entered and self.piece not in self.removed:
            return f"Drag {self.piece} to where it stopped (right click: it left the Galaxy)"
        return "Drag the other discs that moved; right click: left the Galaxy; Enter logs it"

    def detail_words(self) -> str:
        if self.failed:
            return self.failed
        parts = []
        if self.piece is not None:
            parts.append(f"flicked {self.piece}")
        if self.entered:
            parts.append("moved " + ", ".join(sorted(self.entered)))
        if self.removed:
            parts.append("left the Galaxy " + ", ".join(sorted(self.removed)))
        return "; ".join(parts)

    def completion_words(self) -> str:
        return ""

    def buttons(self):
        if self.chance():
            from games.entry import candidates

            outcomes = candidates(self.host.game, self.state())
            return [(text, (lambda a=a: self._chance(a))) for text, a in outcomes[:CHANCE_BUTTONS]]
        if not self.entering():
            return []
        if self.job is not None:
            return [("Stop (Esc)", self.log.clear)]
        return [("Log the flick (Enter)", self.confirm), ("Clear (Esc)", self.log.clear),
                ("End the turn (E)", self.host.end_turn)]

    def keys(self):
        return []

    def gestures(self):
        return [("Left click a disc", "The disc that was flicked"),
                ("Left drag a disc", "Where it stopped (off the Galaxy: it left the Galaxy)"),
                ("Right click a disc", "It left the Galaxy (again: it is back on the mat)")]

    def probe(self) -> dict:
        return {"entry": "flick", "piece": self.piece,
                "entered": {k: [round(x, 4), round(y, 4)] for k, (x, y) in sorted(self.entered.items())},
                "removed": sorted(self.removed), "inferring": self.job is not None,
                "progress": list(self.job.progress) if self.job is not None else None,
                "steps": len(self.undo_list), "failed": self.failed}

    # --- the entry's steps --------------------------------------------------------------------------
    def reset(self) -> None:
        """The entry at the cursor's position: a fresh one, or the one left there unfinished
        (an entry is kept, with its undo, when the cursor moves away before it is logged)."""
        if self.app.scene.logging != LOGGING:
            self.app.scene.logging = LOGGING  # the status says so, not how to flick
            self.app.refresh_status()
        left = self.node
        if left is not None and (self.piece or self.entered or self.removed):
            self.drafts[id(left)] = (left, self._snapshot(), list(self.undo_list),
                                     list(self.redo_list), "unfinished")
        self.node = self.host.node
        self.piece, self.entered, self.removed = None, {}, set()
        self.undo_list, self.redo_list = [], []
        self.failed = ""
        self.dragging = None
        self._clear_marks()
        kept = self.drafts.pop(id(self.node), None)
        if kept is not None and kept[0] is self.node:
            _, snap, self.undo_list, self.redo_list, why = kept
            self._restore(snap)
            self.host.say("The entry left here unfinished is back: Enter logs it" if why ==
                         "unfinished" else "The flick taken back is entered again: Ctrl+Z "
                         "takes back its steps, Enter logs it again")
            if not (self.app.animating or self.host.playing_back()):
                self.show()

    def begin(self) -> None:
        pass

    def _snapshot(self) -> tuple:
        return (self.piece, dict(self.entered), set(self.removed))

    def _restore(self, snap: tuple) -> None:
        self.piece, entered, removed = snap
        self.entered, self.removed = dict(entered), set(removed)

    def _step(self, words: str) -> None:
        """Before an entry step: keep what it changes, for Ctrl+Z."""
        self.undo_list.append((self._snapshot(), words))
        self.redo_list.clear()
        self.failed = ""

    def undo(self) -> str | None:
        return self._move(self.undo_list, self.redo_list)

    def redo(self) -> str | None:
        return self._move(self.redo_list, self.undo_list)

    def _move(self, source, target) -> str | None:
        if not source or self.job is not None:
            return None
        snap, words = source.pop()
        target.append((self._snapshot(), words))
        self._restore(snap)
        self.show()
        return words

    def clear(self) -> str:
        if self.job is not None:
            self.app.jobs.cancel(self.job)
            self.job = None
            self.show()
            return "Inference stopped: the entry is kept (Enter infers again)"
        if not (self.piece or self.entered or self.removed):
            return ""
        self._step("clear the entry")
        self.piece, self.entered, self.removed = None, {}, set()
        self.show()
        return "Entry cleared (Ctrl+Z brings it back)"

    def busy(self) -> bool:
        return self.job is not None

    def frame(self) -> None:
        job = self.job
        if job is not None and job.status == "cancelled":  # the cursor left its position
            self.job = None
            self.host.say("Inference stopped: the position changed")
            self.log.refresh()

    def close(self) -> None:
        if self.job is not None:
            self.app.jobs.cancel(self.job)
            self.job = None
        self._clear_marks()
        self.app.scene.logging = None
        self.app.refresh_status()

    # --- the table ------------------------------------------------------------------------------
    def entered_state(self):
        """The position as entered so far: moved discs where they stopped, removed ones out."""
        state = self.state()
        pieces = []
        for p in state.pieces:
            if p.id in self.removed:
                p = replace(p, status=OUT)
            elif p.id in self.entered:
                x, y = self.entered[p.id]
                p = replace(p, x=x, y=y)
            pieces.append(p)
        return replace(state, pieces=tuple(pieces))

    def show(self) -> None:
        """Draw the entry over the table (the position as entered, the flicked disc ringed,
        a faint ring where each moved disc was), and bring the box up to date."""
        app = self.app
        if self.piece or self.entered or self.removed:
            state = self.entered_state()
            app.shown_state = state
            app.scene.deselect()
            app.scene.show(state)
            self._draw_marks(state)
        else:
            self._clear_marks()
            app.show_node(self.node)
        self.log.refresh()

    def _clear_marks(self) -> None:
        if self.marks is not None:
            self.marks.removeNode()
            self.marks = None

    def _draw_marks(self, state) -> None:
        from viewer.glonk import meshes

        scene = self.app.scene
        if self.marks is None or self.marks.isEmpty():
            self.marks = scene.overlay.attachNewNode("glonk-table-log-marks")
        self.marks.getChildren().detach()
        before = self.state()
        for pid in sorted(self.entered) + sorted(self.removed):
            p = before.piece(pid)
            ring = meshes.ring_mesh("table-log-was", p.radius, 0.003, WAS_RGBA)
            ring.setPos(p.x, p.y, 0.0012)
            ring.reparentTo(self.marks)
        pose = scene.poses.get(self.piece) if self.piece else None
        if pose is not None:
            meshes.ring_round_disc(self.marks, "table-log-flicked", state.piece(self.piece), pose,
                                   0.003, 0.006, FLICKED_RGBA, 0.0016)

    # --- the mouse (log mode's presses) -------------------------------------------------------------
    def press(self, button, mods, pos):
        host = self.host
        if not self.entering():
            return host.board_press(button, mods, pos)  # set-up: as in play
        if self.job is not None:
            host.say("Inferring the flick: Esc stops it")
            return None
        if self.app.animating or host.playing_back():  # the last flick still plays: it is done now
            host.stop_playback()
            self.app.clock.stop(finish=True)
            if self.piece or self.entered or self.removed:
                self.show()
            else:
                self.app.show_node(self.node)
        pick = host.pick_at(pos)
        if button == 1 and mods == "" and self.grab_disc(pick):
            return DiscDrag(self, pos)
        if button == 3 and pick.piece is not None:
            self.toggle_removed(pick.piece)
            return None
        if button == 2 or button == 1:
            return host.camera_drag(button, pos, "pan" if mods == "shift-" else "orbit")
        return None

    def grab_disc(self, pick) -> bool:
        """A press on a disc of the Galaxy (or one removed) starts carrying it."""
        pid = pick.piece
        pose = self.app.scene.poses.get(pid) if pid else None
        if pose is None or pick.point is None or not self._movable(pid):
            return False
        self.dragging = pid
        self.grab = (pose[0] - pick.point[0], pose[1] - pick.point[1])
        self.drop = (pose[0], pose[1])
        self.pressed_at = (pick.point[0], pick.point[1])
        return True

    def drag_to(self, x: float, y: float) -> None:
        """The carried disc follows the pointer exactly (no snapping)."""
        pid = self.dragging
        moved_by = math.dist((x, y), self.pressed_at) if self.pressed_at else 1.0
        x, y = x + self.grab[0], y + self.grab[1]
        self.drop = (x, y)
        if moved_by < CLICK:
            return
        node = self.app.scene.nodes.get(pid)
        p = self.state().piece(pid)
        if node is not None:
            node.setPos(x, y, p.thickness / 2 + 0.004)
        other = self._overlap(pid, x, y)
        self.host.say(f"{pid} would overlap {other}" if other else
                     f"Drop {pid} here: it left the Galaxy" if self._off(x, y) else "")

    def drop_here(self) -> None:
        pid, self.dragging = self.dragging, None
        if pid is None or self.drop is None:
            return
        x, y = self.drop
        pressed = self.pressed_at
        if pressed is not None and math.dist((x - self.grab[0], y - self.grab[1]), pressed) < CLICK:
            self.click_disc(pid)
            return
        start = self.state().piece(pid)
        if self._off(x, y):
            if pid not in self.removed:
                self._step(f"{pid} left the Galaxy")
                self.entered.pop(pid, None)
                self.removed.add(pid)
            self.host.say(f"{pid} left the Galaxy (right click it to put it back)")
        else:
            other = self._overlap(pid, x, y)
            if other is not None:
                self.host.say(f"{pid} cannot rest there: it would overlap {other}")
            else:
                self._step(f"{pid} to where it stopped")
                self.removed.discard(pid)
                if math.dist((x, y), (start.x, start.y)) <= 0.002:
                    self.entered.pop(pid, None)
                    self.host.say(f"{pid} is back where it was (not moved)")
                else:
                    self.entered[pid] = (x, y)
                    self.host.say(f"{pid} stopped here" + self._next_hint())
        self.show()

    def _next_hint(self) -> str:
        return "" if self.piece is not None else ": now click the disc that was flicked"

    def click_disc(self, pid: str) -> None:
        """A click on a disc: it is the one flicked (if the rules let it be flicked)."""
        from games.glonk.actions import Flick

        if self.piece == pid:
            self.show()
            return
        why = self.host.game.refusal(self.state(), Flick(pid, 0.0, 1.0, 0.0))
        if why is not None:
            self.host.say(f"{pid} cannot have been flicked: {why}")
            self.show()
            return
        self._step(f"{pid} was flicked")
        self.piece = pid
        self.host.say(f"{pid} was flicked: now drag it to where it stopped")
        self.show()

    def _movable(self, pid: str) -> bool:
        """A disc a flick can move: on the Galaxy before it, not the Black Hole."""
        p = next((q for q in self.state().in_play() if q.id == pid), None)
        return p is not None and p.kind != "black_hole"

    def toggle_removed(self, pid: str) -> None:
        if not self._movable(pid):
            self.host.say(f"{pid} was not on the Galaxy before the flick: it cannot have left it"
                         if self.state().get(pid) is None or self.state().piece(pid).status != IN_PLAY
                         else f"{pid} does not move")
            return
        if pid in self.removed:
            self._step(f"{pid} back on the mat")
            self.removed.discard(pid)
            self.host.say(f"{pid} is on the mat again")
        else:
            self._step(f"{pid} left the Galaxy")
            self.removed.add(pid)
            self.entered.pop(pid, None)
            self.host.say(f"{pid} left the Galaxy (right click again: it is back)")
        self.show()

    def _off(self, x: float, y: float) -> bool:
        from scenarios.glonk.editor import G

        return math.hypot(x, y) > G.radius

    def _overlap(self, pid: str, x: float, y: float) -> str | None:
        state = self.entered_state()
        me = state.piece(pid)
        for p in state.in_play():
            if p.id == pid:
                continue
            if math.dist((x, y), (p.x, p.y)) < me.radius + p.radius - OVERLAP:
                return p.id
        return None

    # --- confirming ---------------------------------------------------------------------------------
    def observation(self):
        from analysis.glonk.table import Observation

        return Observation(self.piece, dict(self.entered), frozenset(self.removed))

    def confirm(self) -> None:
        host = self.host
        if not self.entering():
            host.say("No flick is entered here: " + self.step_words())
            return
        if self.job is not None:
            host.say("Still inferring the flick (Esc stops it)")
            return
        if self.piece is None:
            host.say("Click the disc that was flicked first")
            return
        if self.piece not in self.entered and self.piece not in self.removed:
            # A flick that left its disc where it was (pressed against a neighbour, or moved
            # less than a drag can say): the second Enter logs it so; the first asks, since
            # forgetting to drag the flicked disc is the likelier slip.
            here = self._snapshot()
            if self.unmoved_asked != here:
                self.unmoved_asked = here
                host.say(f"Drag {self.piece} to where it stopped (or right click it: it left the "
                        f"Galaxy); if the flick did not move it, Enter again logs it so")
                return
            start = self.state().piece(self.piece)
            self._step(f"{self.piece} stayed where it was")
            self.entered[self.piece] = (start.x, start.y)
        self.unmoved_asked = None
        obs = self.observation()
        self.asked = (self.node, obs)
        self.failed = ""
        self.job = self.app.jobs.submit(
            "table inference", "viewer.glonk.tablelog:infer_job", self.state(), obs.to_json(),
            lane="process", position=self.node, on_done=self._inferred, on_error=self._failed,
            on_progress=lambda job: self.log.refresh())
        host.say("Inferring the flick from where the discs stopped...")
        self.log.refresh()

    def _failed(self, job) -> None:
        self.job = None
        self.failed = f"The flick could not be inferred: {job.error}"
        self.host.say(self.failed)
        self.log.refresh()

    def _inferred(self, job) -> None:
        from analysis.glonk.table import observed_entry

        self.job = None
        node, obs = self.asked
        found = job.result
        if node is not self.node or obs != self.observation():
            return  # the entry changed under it: its answer is not this entry's
        observed = observed_entry(obs, found)
        words = f"Logged {found.flick.piece}: {found.words()}"
        if found.ambiguous and found.alternative is None and found.readable:
            words += " (ambiguous: other flicks fit as well)"
        if found.fit_error > POOR_FIT:
            words += " - a poor fit: check the places entered (Ctrl+Z takes it back)"
        entry = (node, self._snapshot(), list(self.undo_list), [], "logged")
        if self.log.record(node, found.flick, observed=observed, words=words):
            # Ctrl+Z of the logged flick brings this entry back, its steps undoable in turn
            self.piece, self.entered, self.removed = None, {}, set()
            self.reset()
            self.drafts[id(node)] = entry
        else:
            self.failed = self.host.message_text
        self.log.refresh()

    def _chance(self, action) -> None:
        self.log.record(self.node, action)
        self.log.refresh()


def infer_job(state, observation: dict, on_progress=None):
    """In the window's analysis worker (viewer.jobs, process lane): the flick that explains
    `observation` (analysis.glonk.table.Observation as JSON) from `state`."""
    from analysis.glonk.table import Observation, infer_flick

    return infer_flick(state, Observation.from_json(observation), on_progress=on_progress)
