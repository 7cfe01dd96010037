"""Which frame's keys a text field has taken: the window drops that frame's shortcuts.

A low module (it imports nothing of the viewer) so the panel, the dialogs and the editors can
all hand the keyboard back without importing one another.
"""
from __future__ import annotations


def frame_count() -> int:
    """The number of the frame being drawn (the frame a key event was read in)."""
    from panda3d.core import ClockObject

    return ClockObject.getGlobalClock().getFrameCount()


def hand_back_keys(app) -> None:
    """A text field lets go of the keyboard on Enter: this frame's key events up to that Enter
    were typed into it (Panda feeds a focused entry before it throws the frame's key events),
    so `Controller._key` drops them instead of running them as the window's shortcuts."""
    app.keys_taken_frame = frame_count()
