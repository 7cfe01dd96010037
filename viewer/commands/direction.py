"""A replay's direction, kept in the record at the moment shown: camera and follow keyframes,
ring notes, slow-motion stretches, holds, and the highlight reel's markers (and F7, which
reviews them).

"The moment shown" is the replay's (node, seconds into its motion) while the line plays or
stands mid-step, else the cursor's position at rest (its motion's end). Each keeps one
session edit (Ctrl+Z undoes it); `viewer.keyframe_ticks` shows them on the scrub bar.
"""
from __future__ import annotations

from timeline.direction import moment, time_of, with_entry
from timeline.playback import node_duration
from viewer.reel_review import ReelReview


class Direction:
    """J, Shift+J, Shift+N, Shift+S, Shift+H, M and F7. `slow_from` is where Shift+S began a
    slow-motion stretch (record, moment), until Shift+S again or Esc."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app
        self.slow_from = None

    def commands(self) -> dict:
        return {"camera_key": self.camera_key, "follow_key": self.follow_key,
                "note_here": self.note_here, "slow_motion": self.slow_motion,
                "hold": self.hold, "mark": self.mark, "reel_review": self.reel_review}

    def let_go(self) -> None:
        """Esc: a slow-motion stretch begun with Shift+S is let go."""
        self.slow_from = None

    def moment(self):
        """The moment shown: the picture's, wherever it shows the cursor's action part way
        (played, paused, scrubbed or stepped: `ViewerApp.shown_fraction`); else the replay
        clock's; else the cursor at rest (its action's end)."""
        node = self.ctl.session.node
        fraction = self.app.shown_fraction
        if self.app.shown_node is node and fraction is not None:
            clock = self.ctl.player.clock()
            index = next((i for i, n in enumerate(clock.line) if n is node), None)
            if index is not None and clock.spans[index] > 0:
                return node, fraction * clock.spans[index]
        shown = self.app.clock.moment()
        if shown is not None and shown[0] is node:
            return shown
        return node, node_duration(node)

    def camera_key(self, kind: str = "view") -> None:
        node, t = self.moment()
        self.ctl.session.add_camera_key(self.app.view_to_save(self.app.orbit.goal), t, kind=kind,
                                        node=node)
        self.ctl.say(("Follow-camera" if kind == "follow" else "Camera")
                     + " keyframe kept at this moment")

    def follow_key(self) -> None:
        self.camera_key("follow")

    def note_here(self) -> None:
        node, t = self.moment()
        session = self.ctl.session
        motion = node.stored_motion if node.stored_motion is not None else node.motion
        if motion is None or not motion.piece:
            # no disc in motion here (a placement, a Glik slide, a card): the note is a ring
            # on the table at the middle of the view, for 4 s from this moment
            x, y = (float(v) for v in self.app.orbit.view.target[:2])
            session.add_note({"kind": "ring", "duration": 4.0, "fade": 0.3,
                              "anchor": {"table": [round(x, 4), round(y, 4)]}}, t, node=node)
            self.ctl.say("Note kept on the table at the middle of the view, 4 s from this moment")
            return
        session.add_note({"kind": "ring", "duration": max(motion.duration - t, 0.0) + 2.0,
                          "fade": 0.3, "anchor": {"disc": motion.piece}}, t, node=node)
        self.ctl.say("Note kept on the flicked disc from this moment")

    def slow_motion(self) -> None:
        """Shift+S: a slow-motion stretch starts at the moment shown; Shift+S again at a later
        moment ends it there (one edit, at 0.25x; Shift+B on its tick changes the rate)."""
        session = self.ctl.session
        node, t = self.moment()
        here = moment(node, t)
        start, self.slow_from = self.slow_from, None
        if start is None or start[0] is not session.record:
            self.slow_from = (session.record, here)
            self.ctl.say(f"Slow motion from ply {node.ply}, {t:.2f} s: Shift+S again where it ends")
            return
        clock = self.ctl.player.clock()
        a, b = time_of(start[1], clock), time_of(here, clock)
        if a is None or b is None or abs(b - a) < 1e-3:
            self.ctl.say("Slow motion needs its end at another moment of this line: "
                         "Shift+S starts again")
            return
        fro, to = (start[1], here) if a < b else (here, start[1])
        session.set_direction("slow motion", with_entry(
            session.record.direction, "speed", {"from": fro, "to": to, "rate": 0.25}))
        self.ctl.say(f"Slow motion (0.25x) for {abs(b - a):.2f} s of the line; Shift+B on its "
                     "tick changes the rate (Ctrl+Z undoes)")

    def hold(self) -> None:
        """Shift+H: the replay stands still for a second at the moment shown."""
        session = self.ctl.session
        node, t = self.moment()
        session.set_direction("hold", with_entry(session.record.direction, "holds",
                                                 {"at": moment(node, t), "seconds": 1.0}))
        self.ctl.say(f"A 1 s hold at ply {node.ply}, {t:.2f} s; Shift+B on its tick: longer "
                     "(Ctrl+Z undoes)")

    def mark(self) -> None:
        """M: a marker at the moment shown (playing or at rest), for the highlight reel."""
        node, t = self.moment()
        self.ctl.session.add_marker(t, node)
        count = len(self.ctl.session.record.direction["markers"])
        self.ctl.say(f"Marked ply {node.ply} at {t:.2f} s for the highlight reel ({count} "
                     "marked; flickbook export FILE --reel films them)")

    def reel_review(self) -> None:
        """F7: the highlight reel's marked moments on this line, each kept or dropped."""
        ctl = self.ctl
        ctl.dialogs.open(ReelReview(ctl, on_close=ctl.dialogs.closed))
