"""Panda3D configuration for the two ways the viewer runs: a real window, or offscreen.

Offscreen rendering on a machine without a display uses Mesa's surfaceless EGL platform and
Panda's headless GL pipe (see shared FINDINGS). These settings must be loaded before ShowBase
is created, so every entry point goes through `configure()` first.
"""
from __future__ import annotations

import os

NO_DISPLAY_MESSAGE = "no display: use `flickbook render FILE --out PNG` to draw a position without a window"


class NoDisplay(RuntimeError):
    """No window can be opened on this machine."""

    def __init__(self):
        super().__init__(NO_DISPLAY_MESSAGE)


def has_display() -> bool:
    """Whether a window system is reachable (X11 or Wayland, or a desktop OS)."""
    import sys

    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def configure(offscreen: bool, size: tuple[int, int] = (1280, 720), title: str = "Flickbook",
              multisamples: int = 0) -> None:
    """Load the prc settings for an offscreen buffer or an on-screen window of `size`."""
    from panda3d.core import loadPrcFileData

    w, h = size
    lines = [
        "audio-library-name null",
        "notify-level-device fatal",  # no /dev/input here: not worth a line on every start
        "notify-level-display error",
        "print-pipe-types false",  # ShowBase lists the pipes on every start otherwise
        "notify-level-glgsg error",
        "sync-video false",
        "textures-power-2 none",
        f"framebuffer-multisample {'true' if multisamples else 'false'}",
        f"multisamples {multisamples}",
        f"win-size {w} {h}",
        f"window-title {title}",
        "default-directnotify-level warning",
        "show-frame-rate-meter false",
    ]
    if offscreen:
        os.environ.setdefault("EGL_PLATFORM", "surfaceless")
        lines += ["window-type offscreen", "load-display p3headlessgl", "aux-display pandagl"]
    else:
        lines += ["window-type onscreen", "load-display pandagl"]
    loadPrcFileData("flickbook-display", "\n".join(lines) + "\n")
