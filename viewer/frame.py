"""The frame: every per-frame task of the window runs from here, in one stated order.

A part adds its task to a stage (`app.frame.add(stage, fn, name)`); each frame the stages run
in the order below, and within a stage in the order their tasks were added. A task is called
like a Panda task (`fn(task)`) and ends by returning `task.done`. Panda's own loop keeps what
it owns (input before, the render after): the stages up to "draw" run in one Panda task just
before the render, "probe" in one just after it.
"""
from __future__ import annotations

import time

#: The stages, in the order each frame runs them, and what runs there.
ORDER = (
    "controller",   # the mode machine synced, a simulated flick taken in, hover, panel refresh
    "game input",   # a game's own window parts (Glonk: action buttons, Chrono, the explorer)
    "jobs",         # background work taken in: editors' verify, lessons, computer, analysis,
                    # best shot, motion checks
    "clock",        # the one clock advances and shows this frame's position
    "scene",        # a scene's own watchers (Grendizer's screen parts follow the window)
    "camera",       # the camera eases towards its goal
    "lighting",     # the shadow camera follows the view
    "labels",       # screen labels placed over what is drawn now (Glonk's seat labels)
    "still",        # the still scene's picture shown (drawn again if it changed) or not
    "draw",         # draw this frame, or sleep until the next look at the input
)
AFTER_DRAW = ("probe",)  # what tests read: written after the frame was drawn
#: Stages that only place what a drawn frame shows: skipped in frames that draw nothing (an
#: idle window reads its input about 20 times a second; that look need not lay labels out).
DRAWN_ONLY = ("labels", "still")

#: Where the two Panda tasks sit in Panda's loop (its render, igLoop, is at 50).
BEFORE_RENDER_SORT, AFTER_RENDER_SORT = 20, 60


class Frame:
    def __init__(self, task_mgr):
        self.stages: dict[str, dict[str, object]] = {s: {} for s in ORDER + AFTER_DRAW}
        #: Seconds the stages before "draw" took in the last frame (bench/render.py).
        self.last_seconds = 0.0
        #: Seconds each stage took in all, since the start (the probe shows them: a bench
        #: reads the Python a frame costs, stage by stage, over a span)
        self.totals: dict[str, float] = {s: 0.0 for s in ORDER + AFTER_DRAW}
        #: Asked after the stages before DRAWN_ONLY: True when this frame will draw nothing
        #: (the window sets it; without one every frame is drawn).
        self.asleep = lambda: False
        task_mgr.add(self._before, "flickbook-frame", sort=BEFORE_RENDER_SORT)
        task_mgr.add(self._after, "flickbook-after-draw", sort=AFTER_RENDER_SORT)

    def add(self, stage: str, fn, name: str) -> str:
        """Run `fn(task)` every frame in `stage` (a name of ORDER or AFTER_DRAW)."""
        if stage not in self.stages:
            raise ValueError(f"no frame stage {stage!r} (the stages: {', '.join(self.stages)})")
        self.remove(name)
        self.stages[stage][name] = fn
        return name

    def remove(self, name: str) -> None:
        for tasks in self.stages.values():
            tasks.pop(name, None)

    def names(self) -> list[str]:
        """Every task, in the order a frame runs them."""
        return [n for s in ORDER + AFTER_DRAW for n in self.stages[s]]

    def _run(self, stages, task) -> None:
        clock = time.perf_counter
        for stage in stages:
            start = clock()
            tasks = self.stages[stage]
            for name, fn in list(tasks.items()):
                if tasks.get(name) is fn and fn(task) == task.done:
                    if tasks.get(name) is fn:
                        del tasks[name]
            self.totals[stage] += clock() - start

    def _before(self, task):
        start = time.perf_counter()
        first = ORDER.index(DRAWN_ONLY[0])
        self._run(ORDER[:first], task)
        if self.asleep():
            self._run([s for s in ORDER[first:-1] if s not in DRAWN_ONLY], task)
        else:
            self._run(ORDER[first:-1], task)
        self.last_seconds = time.perf_counter() - start
        self._run(ORDER[-1:], task)
        return task.cont

    def _after(self, task):
        self._run(AFTER_DRAW, task)
        return task.cont
