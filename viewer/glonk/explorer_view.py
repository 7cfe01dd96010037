"""The shot explorer in the window: the heatmap on the mat, the odds beside it, the skill
chooser in the panel and the candidate aims replayed together on the one clock.

X turns the explorer on (remembered in the settings, like the skill). While you aim, the
aimed flick is explored once the pull has rested a moment; with the cursor on a flick of
the record, that flick is. The explorer's worker process (jobs of the window's job service,
`viewer.glonk.explorer.explore_in_steps`) does the flicking; the frame thread only takes in
the reports and redraws when one arrives.
While aiming, A keeps the aim as a candidate (up to three, each in its colour, with its path
and its odds in the panel); A afterwards replays their ghost paths together on the one clock;
Shift+A clears them.
"""
from __future__ import annotations

import itertools
import math
from collections import OrderedDict

import numpy as np

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectFrame, DirectLabel
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import CullBinManager, TextNode, TransparencyAttrib

from analysis.glonk.skill import SKILLS
from games.glonk.actions import Flick
from viewer import geometry
from viewer.glonk import meshes
from viewer.glonk.explorer import (Candidates, WINDOW_SAMPLES, WINDOW_SEED, corner_heat,
                                   extra_words, heat_cells, heat_colour, heat_field,
                                   odds_words,
                                   progress_words)
from viewer.layout import SMALL

#: The aim must rest this long (s) before it is explored (a moving pull costs nothing).
SETTLE = 0.25
#: Candidate colours by slot (their paths, their discs in the replay, their panel lines).
SLOT_COLOURS = {1: (0.35, 0.85, 1.0, 0.95), 2: (1.0, 0.45, 0.85, 0.95),
                3: (0.65, 1.0, 0.35, 0.95)}
#: The candidates replay in slow motion, so their paths can be followed side by side.
REPLAY_SPEED = 0.5
HEAT_BIN = "flickbook-explorer-heat"
HEAT_Z = 0.0011
#: The box at the bottom of the right panel (aspect2d units from the window's top right).
BOX_TOP = -1.635
#: The skill buttons: the first one's centre (x, from the right edge) and the step between.
SKILL_X0, SKILL_STEP, SKILL_Z = -0.38, 0.122, -0.03
PANEL_W = 0.80
TEXT = (0.93, 0.93, 0.90, 1)
DIM = (0.62, 0.63, 0.66, 1)
BTN = (0.22, 0.24, 0.28, 1)
BTN_HOT = (0.34, 0.38, 0.46, 1)
CHOSEN = (0.85, 0.62, 0.15, 1)


#: The window's modes the odds box belongs to (viewer.modes): browsing, a replay, an aim and
#: its target, a field typed in; the computer's turn and setting up give its room back.
ODDS_MODES = ("play", "replay", "aim", "pick", "typing")


def _heat_bin() -> str:
    """A bin drawn after the opaque mat and discs (which hide the heat under them) and after
    the translucent reach highlights, which would otherwise wash it out."""
    manager = CullBinManager.getGlobalPtr()
    if manager.findBin(HEAT_BIN) < 0:
        manager.addBin(HEAT_BIN, CullBinManager.BTFixed, 31)
    return HEAT_BIN


class ExplorerWorker:
    """The explorer's exploring: each aim a job in steps of the window's job service in its
    own worker process (process lane, the worker "explorer": flickbook-explorer, started on
    first use, spawned: no window state in it). What the jobs report is kept in the order it
    came, as ("report", number, report, finished) or ("error", number, words), for the
    explorer's frame to read (`poll`)."""

    WORKER = "explorer"

    def __init__(self, jobs):
        self.jobs = jobs
        self.running: dict = {}  # the explorer's job number -> its viewer.jobs.Job
        self._heard: list = []
        self._died = False
        self._urgency = itertools.count(1)  # the newest live aim is the most urgent

    def send(self, *message) -> None:
        """("explore", number, state, flick, skill, samples, seed, keep): explore an aim (a
        live one before the kept ones); ("drop", number): cancel it; ("keep", number): a
        kept job carries on as it is."""
        kind, number = message[0], message[1]
        if kind == "explore":
            state, flick, skill, samples, seed, keep = message[2:]
            self.running[number] = self.jobs.submit(
                "explore", "viewer.glonk.explorer:explore_in_steps", state, flick, skill,
                samples, seed, lane="process", worker=self.WORKER,
                priority=0 if keep else next(self._urgency),
                on_progress=lambda job: self._heard.append(("report", number, job.partial,
                                                            False)),
                on_done=lambda job: self._answered(number, job),
                on_error=lambda job: self._failed(number, job))
        elif kind == "drop":
            self.jobs.cancel(self.running.pop(number, None))

    def _answered(self, number, job) -> None:
        self.running.pop(number, None)
        if "refused" in job.result:
            self._heard.append(("error", number, job.result["refused"]))
        else:
            self._heard.append(("report", number, job.result, True))

    def _failed(self, number, job) -> None:
        self.running.pop(number, None)
        if job.lost:
            self._died = True
        else:
            self._heard.append(("error", number, job.error))

    def died(self) -> bool:
        """The worker process ended with jobs of the explorer in it (once per death: nothing
        they were asked will come back; the next aim starts a fresh worker)."""
        died, self._died = self._died, False
        return died

    def poll(self) -> list:
        out, self._heard = self._heard, []
        return out

    def close(self) -> None:
        """The explorer is gone: its jobs are cancelled and its worker process ends."""
        self.jobs.end_worker(self.WORKER)
        self.running.clear()
        self._heard = []


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return a[0] is b[0] and str(a[1]) == str(b[1])


class ShotExplorer:
    """The explorer of one Glonk scene in a window (`FlickInput` makes it and ticks it)."""

    def __init__(self, app, scene):
        from viewer.glonk.settings import setting as _setting

        self.app, self.scene = app, scene
        self.on = bool(_setting("explorer", False))
        skill = _setting("explorer_skill", "club")
        self.skill = skill if skill in SKILLS else "club"
        self.samples = WINDOW_SAMPLES
        self.worker = ExplorerWorker(app.jobs)
        self._ids = itertools.count(1)
        self.subject = None  # (state, flick) the heatmap is for
        self.subject_at = 0.0
        self.job: int | None = None
        self.report: dict | None = None
        self.error: str | None = None
        self.candidates = Candidates()
        self._jobs: dict[int, tuple] = {}  # job -> (state, flick text, skill)
        self._finished: OrderedDict = OrderedDict()  # (id(state), flick, skill) -> state, job, report
        self._cand_key = None
        self._replay = None  # the one clock's playback while candidates replay
        self._replay_discs: dict[int, object] = {}
        self.heat_root = scene.overlay.attachNewNode("explorer-heat")
        self.heat_root.setBin(_heat_bin(), 0)
        self.cand_root = scene.overlay.attachNewNode("explorer-candidates")
        self.disc_root = scene.overlay.attachNewNode("explorer-replay")
        self._heat_cells = 0
        self._heat_box = None  # (x0, y0, x1, y1) of the lit squares on the mat
        self._label_key = None
        self.label = OnscreenText(text="", parent=app.a2dTopLeft, scale=0.036, fg=TEXT,
                                  bg=(0.05, 0.05, 0.08, 0.78), align=TextNode.ALeft,
                                  mayChange=True)
        self.label.hide()
        self.box = ExplorerBox(app, self)
        self.box.refresh()

    # --- keys ----------------------------------------------------------------------------------
    def toggle(self) -> str:
        from viewer.glonk.settings import save_setting as _save_setting

        self.on = not self.on
        _save_setting("explorer", self.on)
        if not self.on:
            self._set_subject(None)
        self.box.refresh()
        self.app.wake()
        return ("Shot explorer on: aim a flick (or step to one) and the mat shows where the "
                f"disc ends at {self.skill} skill" if self.on else "Shot explorer off")

    def choose_skill(self, name: str) -> None:
        from viewer.glonk.settings import save_setting as _save_setting

        if name == self.skill:
            return
        self.skill = name
        _save_setting("explorer_skill", name)
        subject, self.subject = self.subject, None
        self._set_subject(subject)  # explored again at the new skill
        for c in self.candidates.items:
            self._explore_candidate(c)
        self.box.refresh()
        host = self.scene.host
        if host is not None:
            host.say(f"Shot explorer: {name} skill")

    def keep(self, host) -> str:
        """A while aiming: keep the aim as a candidate; otherwise replay the candidates."""
        drag = host.drag
        from viewer.glonk.input import FlickDrag

        if not isinstance(drag, FlickDrag):
            return self.replay()
        flick = self.scene.intended_flick(self.scene.aim)
        if flick is None:
            return "Pull back further (and choose the target) before keeping the aim"
        before = {c.slot: c for c in self.candidates.items}
        cand, said = self.candidates.keep(drag.state, flick)
        for slot, old in before.items():
            if old not in self.candidates.items and old.job is not None:
                self._drop(old.job)
        if cand.job is None:
            if _same(self.subject, (drag.state, flick)) and self.job is not None:
                cand.job = self.job
                cand.report = self.report
                self._post("keep", self.job)
            else:
                self._explore_candidate(cand)
        ghost = self.scene.ghost.take() if self.scene.ghost is not None else None
        if ghost is not None and str(ghost[0]) == str(flick):
            cand.step = ghost[1]
        elif cand.step is None:
            self._simulate(cand, drag.state)
        self._cand_key = None
        self.box.refresh()
        return said + ": A again to keep another, Esc to stop aiming, then A replays them"

    def play_candidate(self, slot: int) -> None:
        """A click on a candidate's line in the panel: play that aim (exactly as kept)."""
        host = self.scene.host
        cand = next((c for c in self.candidates.items if c.slot == slot), None)
        if host is None or cand is None:
            return
        if host.state is not self.candidates.state:
            host.say("The candidate aims belong to another position: go back to it to play one")
            return
        self._stop_replay()
        host.play(cand.flick, step=cand.step)

    def clear(self) -> str:
        gone = self.candidates.clear()
        for c in gone:
            if c.job is not None and c.job != self.job:
                self._drop(c.job)
        self._stop_replay()
        self._cand_key = None
        self.box.refresh()
        return f"Cleared {len(gone)} candidate aim{'s' if len(gone) != 1 else ''}" if gone \
            else "No candidate aims to clear (A keeps the aim while you pull back)"

    def _drop(self, job: int) -> None:
        self._jobs.pop(job, None)
        self._post("drop", job)

    def _post(self, *message) -> None:
        """Tell the worker something about a job (one that is gone has nothing to forget)."""
        self.worker.send(*message)

    @staticmethod
    def _key(state, flick, skill) -> tuple:
        return (id(state), str(flick), skill)

    def _send(self, state, flick, keep: bool) -> int | None:
        """Ask the worker to explore `flick` in `state` at the chosen skill; the job's id
        (a worker process that cannot be started comes back as the job's error)."""
        job = next(self._ids)
        self.worker.send("explore", job, state, flick, self.skill, self.samples, WINDOW_SEED,
                         keep)
        self._jobs[job] = (state, str(flick), self.skill)
        return job

    def _explore_candidate(self, cand) -> None:
        if cand.job is not None and cand.job != self.job:
            self._drop(cand.job)
        done = self._finished.get(self._key(self.candidates.state, cand.flick, self.skill))
        if done is not None:
            cand.job, cand.report = done[1], done[2]
            return
        cand.report = None
        cand.job = self._send(self.candidates.state, cand.flick, keep=True)

    def _simulate(self, cand, state) -> None:
        """The candidate's path, simulated by a job of the window's job service (thread lane)."""
        game = self.scene.game

        def run(job):
            try:
                return game.apply(state, cand.flick)
            except Exception:  # noqa: BLE001 - an aim the rules refuse has no path
                return None

        def simulated(job):
            cand.step = job.result
            self._cand_key = None

        self.app.jobs.submit("candidate path", run, on_done=simulated)

    # --- the replay of the candidates on the one clock -----------------------------------------
    def replay(self) -> str:
        host = self.scene.host
        shown = [c for c in self.candidates.by_slot() if c.step is not None
                 and c.step.motion is not None and c.flick.piece in c.step.motion.ids]
        if not self.candidates.items or self.app.shown_state is not self.candidates.state:
            return ("No candidate aims here: while pulling back a flick, A keeps the aim "
                    "(up to 3)")
        if not shown:
            return "The candidate paths are still being simulated"
        from viewer.clock import Segments

        node = host.node
        span = max(float(c.step.motion.duration) for c in shown)
        self.app.clock.run(Segments(node, [node], lambda n: span), speed=REPLAY_SPEED,
                           show=self._replay_at, then=self._replay_done)
        self._replay = self.app.clock.playback
        return (f"Replaying {len(shown)} candidate path{'s' if len(shown) != 1 else ''} "
                "together at half speed (A again restarts, Shift+A clears)")

    def _replaying(self) -> bool:
        clock = self.app.clock
        return self._replay is not None and clock.playback is self._replay and clock.running

    def _replay_at(self, node, fraction) -> None:
        """The one clock's frame of the replay: each candidate's disc where its flick has it."""
        playback = self.app.clock.playback
        t = 0.0 if playback is None else playback.time
        self.app.wake()
        for c in self.candidates.by_slot():
            m = c.step.motion if c.step is not None else None
            if m is None or c.flick.piece not in m.ids:
                continue
            disc = self._replay_discs.get(c.slot)
            if disc is None:
                p = self.candidates.state.piece(c.flick.piece)
                r, g, b, _ = SLOT_COLOURS[c.slot]
                disc = geometry.disc(f"candidate-{c.slot}", p.radius, 40, (r, g, b, 0.7))
                ring = meshes.ring_mesh("edge", p.radius - 0.003, 0.003, (r, g, b, 1.0))
                ring.setZ(0.0003)
                ring.reparentTo(disc)
                disc.reparentTo(self.disc_root)
                disc.setZ(p.thickness + 0.0015)
                self._replay_discs[c.slot] = disc
            x, y = m.pose_at(min(t, float(m.duration)))[m.index(c.flick.piece)][:2]
            disc.setPos(float(x), float(y), disc.getZ())

    def _replay_done(self) -> None:
        self._stop_replay()

    def _stop_replay(self) -> None:
        if self._replaying():
            self.app.clock.stop(finish=False)
        self._replay = None
        self.disc_root.getChildren().detach()
        self._replay_discs = {}
        self.app.wake()

    # --- each frame --------------------------------------------------------------------------
    def _wanted(self, host):
        """(state, flick) to explore now; None for nothing; False to keep what there is."""
        from viewer.glonk.input import FlickDrag

        if not self.on or host.editing():
            return None
        drag = host.drag
        if isinstance(drag, FlickDrag):
            flick = self.scene.intended_flick(self.scene.aim) if self.scene.aim else None
            return None if flick is None else (drag.state, flick)
        if host.move_pending() or (self.app.clock.running and not self._replaying()):
            return False  # a flick is simulated or plays: wait for where it lands
        node = host.node
        if node.parent is not None and isinstance(node.action, Flick):
            return (node.parent.state, node.action)
        return None

    def _set_subject(self, subject) -> None:
        if _same(subject, self.subject):
            return
        if self.job is not None and self.candidates.for_job(self.job) is None:
            self._drop(self.job)
        self.subject = subject
        self.subject_at = globalClock.getRealTime()
        self.job = None
        self.report = None
        self.error = None
        self._draw_heat()
        self.box.refresh()

    def frame(self, host) -> None:
        self.box.dock(host.panel)
        wanted = self._wanted(host)
        if wanted is not False:
            self._set_subject(wanted)
        now = globalClock.getRealTime()
        if self.subject is not None and self.job is None and now - self.subject_at >= SETTLE:
            kept = next((c for c in self.candidates.items if self.subject[0] is
                         self.candidates.state and str(c.flick) == str(self.subject[1])), None)
            done = self._finished.get(self._key(*self.subject, self.skill))
            if kept is not None and kept.job is not None:  # explored already: show that one
                self.job, self.report = kept.job, kept.report
                self._draw_heat()
            elif done is not None:  # explored a moment ago (e.g. before an aim was cancelled)
                self.job, self.report = done[1], done[2]
                self._draw_heat()
            elif self.error is None:
                self.job = self._send(*self.subject, keep=False)
        changed = False
        for message in self.worker.poll():
            changed |= self._heard(message)
        if self.worker.died():  # e.g. killed: say so; a new aim starts another worker
            self._jobs.clear()
            if self.job is not None and (self.report is None
                                         or self.report["samples"] < self.samples):
                self.error = "the worker process stopped (aim again to start it again)"
                changed = True
        if changed:
            self._draw_heat()
            self.box.refresh()
        if self._replay is not None and not self._replaying():
            self._stop_replay()
        self._draw_candidates()
        self._place_label()

    def _heard(self, message) -> bool:
        kind, job = message[0], message[1]
        cand = self.candidates.for_job(job)
        if kind == "error":
            if job == self.job:
                self.error = message[2]
                return True
            return False
        _, _, report, finished = message
        if finished and job in self._jobs:
            state, flick, skill = self._jobs.pop(job)
            self._finished[(id(state), flick, skill)] = (state, job, report)  # keeps the state
            while len(self._finished) > 16:
                self._finished.popitem(last=False)
        if cand is not None:
            cand.report = report
        if job == self.job:
            self.report = report
        return cand is not None or job == self.job

    # --- drawing --------------------------------------------------------------------------------
    def _draw_heat(self) -> None:
        self.heat_root.getChildren().detach()
        self._heat_cells = 0
        self._heat_box = None
        self._label_key = None
        if self.report is None:
            self.app.wake()
            return
        cells = heat_cells(self.report["end_histogram"])
        self._heat_cells = len(cells)
        if cells:
            xe, ye, field = heat_field(self.report["end_histogram"])
            corner = corner_heat(field)
            m = geometry.MeshBuilder("heat")
            colour = {}

            def vertex(i, j):
                if (i, j) not in colour:
                    colour[i, j] = m.vertex((float(xe[i]), float(ye[j]), 0.0), (0, 0, 1),
                                            heat_colour(float(corner[i, j])))
                return colour[i, j]

            lit = np.argwhere(corner >= 0.01)  # only the part of the grid with heat on it
            (i0, j0), (i1, j1) = lit.min(axis=0), lit.max(axis=0)
            for i in range(max(i0 - 1, 0), min(i1 + 1, field.shape[0])):
                for j in range(max(j0 - 1, 0), min(j1 + 1, field.shape[1])):
                    if max(corner[i, j], corner[i + 1, j], corner[i, j + 1],
                           corner[i + 1, j + 1]) < 0.01:
                        continue
                    a, b = vertex(i, j), vertex(i + 1, j)
                    c, d = vertex(i + 1, j + 1), vertex(i, j + 1)
                    m.tri(a, b, c)
                    m.tri(a, c, d)
            heat = m.node()
            heat.setZ(HEAT_Z)
            heat.reparentTo(self.heat_root)
            self._heat_box = (min(c.x0 for c in cells), min(c.y0 for c in cells),
                              max(c.x1 for c in cells), max(c.y1 for c in cells))
        self.app.wake()

    def odds_line(self) -> str | None:
        if self.error:
            return f"Cannot explore this aim: {self.error}"
        if self.report is None:
            return None
        return odds_words(self.report)

    def _place_label(self) -> None:
        """The odds of the explored flick: a box of the left column (viewer.layout), never
        over the mat, in the modes the explorer works in (`ODDS_MODES`: not the computer's
        turn, not setting up); without odds to show (X off, nothing explored) its room is
        given back."""
        text = None
        if self.report is not None and self.subject is not None:
            more = extra_words(self.report)
            text = (progress_words(self.report, self.samples, self.skill) + "\n"
                    + odds_words(self.report, extras=False) + (f"\n{more}" if more else ""))
        if text is None or self._heat_box is None:
            text = None
        screen = self.app.screen
        if text is None:
            if "explorer" in screen.requests or not self.label.isHidden():
                self.label.hide()
                screen.release("explorer")
            self._label_key = None
            return
        if text == self._label_key:
            return
        self._label_key = text
        self.label.setText(text)
        self.label.setPos(0, 0)  # measured at the origin, then put where the layout says
        lo, hi = self.label.getTightBounds(self.label.getParent())
        self._label_extent = (lo.x, hi.z)
        screen.request("explorer", hi.x - lo.x, hi.z - lo.z, self._put_label, order=25,
                       rank=3, modes=ODDS_MODES)
        # the same size as before asks nothing new of the layout: put it where its room is
        self._put_label(screen.box("explorer") if screen.in_mode("explorer") else None, False)
        self.app.wake()

    _label_extent = (0.0, 0.0)

    def _put_label(self, rect, _folded) -> None:
        if rect is None:
            self.label.hide()
            return
        x, z = self.app.screen.top_left(rect)
        left, top = self._label_extent
        self.label.setPos(x - left, z - top)
        self.label.show()

    def label_box(self) -> list[float] | None:
        """The odds box as drawn, in window pixels from the top-left (None: not shown)."""
        if self.label.isHidden() or not self.label.getText():
            return None
        bounds = self.label.getTightBounds(self.app.render2d)
        if not bounds:
            return None
        (lo, hi), (w, h) = bounds, self.app.screen.window()
        return [round((lo.x + 1) / 2 * w, 1), round((1 - hi.z) / 2 * h, 1),
                round((hi.x + 1) / 2 * w, 1), round((1 - lo.z) / 2 * h, 1)]

    def _draw_candidates(self) -> None:
        shown = self.app.shown_state is self.candidates.state and bool(self.candidates.items)
        key = (shown, round(self.app.camera.getH(self.app.render)),
               tuple((c.slot, str(c.flick), c.step is not None) for c in self.candidates.items))
        if key == self._cand_key:
            return
        self._cand_key = key
        self.cand_root.getChildren().detach()
        self.box.refresh()
        if not shown:
            return
        for c in self.candidates.by_slot():
            m = c.step.motion if c.step is not None else None
            if m is None or c.flick.piece not in m.ids:
                continue
            pts = m.track(c.flick.piece)
            colour = SLOT_COLOURS[c.slot]
            if len(pts) >= 2:
                path = meshes.polyline_mesh(f"candidate-{c.slot}", pts, 0.006, colour)
                path.setZ(0.0017)
                path.reparentTo(self.cand_root)
            p = self.candidates.state.piece(c.flick.piece)
            rest = meshes.ring_mesh("candidate-rest", p.radius - 0.002, 0.005, colour)
            rest.setPos(pts[-1][0], pts[-1][1], 0.0019)
            rest.reparentTo(self.cand_root)
            self._number(c.slot, pts[-1], p.radius, colour)
        self.app.wake()

    def _number(self, slot: int, at, radius: float, colour) -> None:
        """The candidate's number lying on the mat beside where its disc rests, upright for
        the camera as it stands (candidates are compared from one view)."""
        text = TextNode(f"candidate-number-{slot}")
        text.setText(str(slot))
        text.setAlign(TextNode.ACenter)
        text.setTextColor(*colour)
        text.setShadow(0.06, 0.06)
        text.setShadowColor(0, 0, 0, 0.9)
        holder = self.cand_root.attachNewNode(f"number-{slot}")
        number = holder.attachNewNode(text)
        number.setScale(0.05)
        number.setP(-90)
        number.setPos(0, -0.018, 0)
        heading = self.app.camera.getH(self.app.render)
        off = math.radians(heading + 45)
        holder.setPos(at[0] + (radius + 0.024) * math.cos(off),
                      at[1] + (radius + 0.024) * math.sin(off), 0.02)  # above any disc
        holder.setH(heading)
        holder.setShader(self.scene.label_root.getShader(), 50)  # the scene's labels' text
        holder.setTransparency(TransparencyAttrib.MAlpha)

    # --- the probe (real-window tests) and the end ----------------------------------------------
    def probe(self) -> dict:
        return {"on": self.on, "skill": self.skill, "samples_wanted": self.samples,
                "subject": None if self.subject is None else str(self.subject[1]),
                "samples": None if self.report is None else self.report["samples"],
                "odds": self.odds_line(), "heat_cells": self._heat_cells,
                "label": self.label.getText() if not self.label.isHidden() else None,
                "label_box": self.label_box(),
                "replaying": self._replaying(),
                "candidates": [{"slot": c.slot, "flick": str(c.flick),
                                "samples": None if c.report is None else c.report["samples"],
                                "odds": None if c.report is None else odds_words(c.report),
                                "path": c.step is not None, "at": self.box.pixel_of(c.slot)}
                               for c in self.candidates.by_slot()]}

    def destroy(self) -> None:
        self._stop_replay()
        self.worker.close()
        self.label.destroy()
        self.app.screen.release("explorer")
        self.box.destroy()
        for root in (self.heat_root, self.cand_root, self.disc_root):
            root.removeNode()


class ExplorerBox:
    """The explorer's part of the right panel: on or off, the skill buttons, the odds of the
    explored flick and of each candidate in its colour."""

    def __init__(self, app, explorer: ShotExplorer):
        self.explorer = explorer
        x = -PANEL_W + 0.04
        self.frame = DirectFrame(parent=app.a2dTopRight, frameColor=(0, 0, 0, 0),
                                 pos=(0, 0, BOX_TOP))
        self.title = DirectLabel(parent=self.frame, text="", text_scale=SMALL, text_fg=TEXT,
                                 frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                 pos=(x, 0, -0.03))
        self.skill_buttons = {}
        bx = SKILL_X0
        for name in SKILLS:
            self.skill_buttons[name] = DirectButton(
                parent=self.frame, text=name, text_scale=SMALL, relief=DGG.FLAT,
                frameSize=(-0.058, 0.058, -0.022, 0.036), pos=(bx, 0, SKILL_Z),
                text_fg=TEXT, pressEffect=1, command=explorer.choose_skill, extraArgs=[name])
            bx += SKILL_STEP
        self.odds = DirectLabel(parent=self.frame, text="", text_scale=SMALL, text_fg=TEXT,
                                frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                text_wordwrap=(PANEL_W - 0.07) / SMALL, pos=(x, 0, -0.09))
        self.lines = [DirectButton(parent=self.frame, text="", text_scale=SMALL,
                                   text_fg=SLOT_COLOURS[s], relief=DGG.FLAT, pressEffect=0,
                                   frameColor=((0, 0, 0, 0), BTN_HOT, BTN_HOT, (0, 0, 0, 0)),
                                   text_align=TextNode.ALeft, pad=(0.004, 0.004),
                                   text_wordwrap=(PANEL_W - 0.08) / SMALL, pos=(x, 0, -0.175),
                                   command=explorer.play_candidate, extraArgs=[s])
                      for s in (1, 2, 3)]
        self.hint = DirectLabel(parent=self.frame, text="", text_scale=SMALL, text_fg=DIM,
                                frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                pos=(x, 0, -0.175))
        self._key = None

    def dock(self, panel) -> None:
        """Into the right panel once the window has one (the scene is built before it), so
        the panel's backdrop lies under the box, not over it."""
        side = getattr(panel, "side", None)
        if side is not None and self.frame.getParent() != side:
            self.frame.reparentTo(side)

    def refresh(self) -> None:
        e = self.explorer
        cands = e.candidates.by_slot()
        rows = []
        for c in cands:
            if c.report is None:
                rows.append(f"{c.slot}  {c.flick.piece} {c.flick.angle:.0f} deg "
                            f"{c.flick.speed:.2f} m/s: exploring...")
            else:
                count = ("" if c.report["samples"] >= e.samples
                         else f" ({c.report['samples']} of {e.samples})")
                rows.append(f"{c.slot}  {odds_words(c.report)}{count}")
        if e.on:
            odds = e.odds_line() or ("Aim a flick, or step to one, to explore it"
                                     if e.subject is None else "Exploring...")
            if e.report is not None and e.subject is not None:
                odds = progress_words(e.report, e.samples, e.skill) + ": " + odds
        else:
            odds = "X explores the aimed flick: a heatmap of where the disc ends"
        # The side panel's foot: the win graph's while the explorer is off (its title and
        # skill row stay, its words go), the explorer's while it is on (the graph gives way).
        graph = getattr(e.scene.host, "win_graph", None)
        if graph is not None:
            graph.give_way(e.on)
        compact = graph is not None and graph.shown
        key = (e.on, e.skill, odds, tuple(rows), compact)
        if key == self._key:
            return
        self._key = key
        for part in (self.odds, self.hint):
            part.hide() if compact else part.show()
        if compact:
            rows = []  # the kept aims' lines come back with the explorer (X)
        self.title["text"] = f"Explorer (X): {'on' if e.on else 'off'}"
        for name, b in self.skill_buttons.items():
            colour = CHOSEN if name == e.skill else BTN
            b["frameColor"] = (colour, BTN_HOT, BTN_HOT, colour)
        self.odds["text"] = odds
        for button, row in itertools.zip_longest(self.lines, rows, fillvalue=""):
            button["text"] = row
            button.resetFrameSize()
            button.show() if row else button.hide()
        self.hint["text"] = ("While aiming: A keeps the aim (up to 3)" if not rows else
                             "Click one to play it; A replays them, Shift+A clears them")
        y = self._below(self.odds, -0.09)  # each line under the one before, wrapped or not
        for label in self.lines[:len(rows)]:
            label.setZ(y)
            y = self._below(label, y)
        self.hint.setZ(y)

    def pixel_of(self, slot: int):
        """Where candidate `slot`'s line is in the window (pixels from the top left)."""
        from panda3d.core import Point3

        app = self.explorer.app
        button = self.lines[slot - 1]
        left, right, bottom, top = button.getBounds()
        p = app.aspect2d.getRelativePoint(button, Point3((left + right) / 2, 0, (bottom + top) / 2))
        w, h = app.win.getXSize(), app.win.getYSize()
        return [round((p.x / app.getAspectRatio() + 1) / 2 * w, 1), round((1 - p.z) / 2 * h, 1)]

    @staticmethod
    def _below(label, z: float) -> float:
        """Where the next line goes under `label` (set at `z`)."""
        if not label["text"]:
            return z
        left, right, bottom, top = label.getBounds()
        return z + bottom - 0.028

    def destroy(self) -> None:
        self.frame.destroy()
