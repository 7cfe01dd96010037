"""Where the pointer was when a mouse button went down or up: Panda3D's timestamped pointer trail.

The frame that handles a button event reads the pointer where it is at that frame, and on a
busy machine the hand has moved on by then: a flick released while the hand keeps moving (a
natural follow-through) was read 12-60 px past the release, 40 % or more too hard. Panda3D
keeps every pointer sample the window reported (the `MouseWatcher` trail log, a
`PointerEventList`), and a `ButtonThrower` with its time flag set hands each button event's
time. This module reads the trail at a button event:

- where the samples carry their own times (a platform that stamps each input event), the
  position is interpolated between the samples either side of the button's time;
- where the window stamps a whole batch of input with one time (X11 stamps every event it
  drains in one frame with that frame's time), the button's own sample is found instead: a
  button event makes the window report the pointer where the button changed, which repeats
  the position of the motion before it (no motion comes between), so the k-th mouse-button
  event of a batch is the k-th repeated sample of that batch.

`pointer_at` is the pure reading (tested on its own); `PointerTrail` installs the trail and
the timed button thrower on a window and answers `at(button, "down" | "up")` in film
coordinates ([-1, 1], as the mouse watcher's `getMouse`)."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

#: Seconds of pointer history the mouse watcher keeps.
TRAIL_SECONDS = 3.0
#: Mouse buttons whose events make the window report a pointer sample.
MOUSE_BUTTONS = ("mouse1", "mouse2", "mouse3", "mouse4", "mouse5", "wheel_up", "wheel_down",
                 "wheel_left", "wheel_right")


@dataclass(frozen=True)
class Sample:
    """One pointer sample of the trail: window pixels, in the window or not, its time."""

    x: int
    y: int
    inside: bool
    time: float


def pointer_at(samples, when: float, nth: int = 0):
    """The pointer (pixels, as floats) at the button event stamped `when` that was the `nth`
    mouse-button event stamped with that same time; None when the trail cannot say.

    `samples`: the trail, oldest first."""
    same = [i for i, s in enumerate(samples) if s.time == when]
    if len(same) == 1 and samples[same[0]].inside:
        s = samples[same[0]]
        return float(s.x), float(s.y)
    if same:
        repeats = [i for i in same if i > 0 and samples[i].inside and samples[i - 1].inside
                   and (samples[i].x, samples[i].y) == (samples[i - 1].x, samples[i - 1].y)]
        if not repeats:
            return None
        s = samples[repeats[min(nth, len(repeats) - 1)]]
        return float(s.x), float(s.y)
    before = [s for s in samples if s.time < when and s.inside]
    after = [s for s in samples if s.time > when and s.inside]
    if before and after:
        a, b = before[-1], after[0]
        f = (when - a.time) / (b.time - a.time)
        return a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f
    return None


class PointerTrail:
    """The window's pointer trail and the times of its mouse-button events."""

    def __init__(self, app):
        from direct.showbase.DirectObject import DirectObject
        from panda3d.core import ButtonThrower

        self.app = app
        self.watcher = app.mouseWatcherNode
        app.win.enablePointerEvents(0)
        self.watcher.setTrailLogDuration(TRAIL_SECONDS)
        thrower = ButtonThrower("flickbook-timed-buttons")
        thrower.setPrefix("flickbook-timed-")
        thrower.setTimeFlag(True)
        thrower.setButtonDownEvent("flickbook-timed-down")
        thrower.setButtonUpEvent("flickbook-timed-up")
        # Sorted before the mouse watcher, so a button's time is known when its ordinary
        # event (thrown below the watcher) reaches the window's handlers.
        self.node = app.mouseWatcher.getParent().attachNewNode(thrower, -1)
        self.events: deque = deque(maxlen=64)  # (button, "down" | "up", time), oldest first
        self._listener = DirectObject()
        self._listener.accept("flickbook-timed-down", self._seen, ["down"])
        self._listener.accept("flickbook-timed-up", self._seen, ["up"])

    def _seen(self, kind: str, when: float, button: str) -> None:
        if button in MOUSE_BUTTONS:
            self.events.append((button, kind, when))

    def samples(self) -> list[Sample]:
        log = self.watcher.getTrailLog()
        return [Sample(log.getXpos(i), log.getYpos(i), bool(log.getInWindow(i)), log.getTime(i))
                for i in range(log.getNumEvents())]

    def at(self, button: str, kind: str):
        """Film coordinates of the pointer at the newest `kind` event of `button` (None when
        the trail has no such event or cannot place it)."""
        hit = next((k for k in range(len(self.events) - 1, -1, -1)
                    if self.events[k][:2] == (button, kind)), None)
        if hit is None:
            return None
        when = self.events[hit][2]
        nth = sum(1 for e in list(self.events)[:hit] if e[2] == when)
        px = pointer_at(self.samples(), when, nth)
        if px is None:
            return None
        w, h = self.app.win.getXSize(), self.app.win.getYSize()
        if w <= 0 or h <= 0:
            return None
        return 2.0 * px[0] / w - 1.0, 1.0 - 2.0 * px[1] / h

    def latest(self, button: str) -> str | None:
        """"down" or "up": the newest event of `button` (None: none seen)."""
        return next((kind for b, kind, _ in reversed(self.events) if b == button), None)

    def destroy(self) -> None:
        self._listener.ignoreAll()
        self.node.removeNode()
