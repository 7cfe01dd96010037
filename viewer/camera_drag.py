"""The pointer drag that orbits or pans the camera: every mode's drag when nothing else claims
the press (a lower module than the controller and the modes that return it)."""
from __future__ import annotations

import math

from viewer.modes import Drag


class CameraDrag(Drag):
    """Orbit or pan the camera with the pointer."""

    def __init__(self, ctl, button, start, kind):
        super().__init__(button, start)
        self.ctl, self.kind, self.last = ctl, kind, start

    def move(self, pos):
        app = self.ctl.app
        dx, dy = pos[0] - self.last[0], pos[1] - self.last[1]
        self.last = pos
        w, h = app.win.getXSize(), app.win.getYSize()
        if self.kind == "orbit":
            app.orbit.orbit(-dx * w / 2 * 0.3, dy * h / 2 * 0.25)
        else:
            pitch = max(math.sin(math.radians(-app.orbit.view.pitch)), 0.3)
            app.orbit.pan(-dx * 0.45 * w / h, -dy * 0.45 / pitch)
