"""The cursor's moves through the record: a step, the start or the end, a sibling variation.

`Navigation.go_to` is the one way the window moves the cursor (the move list, the win graph,
a lesson, a restore all call it), so each move leaves a text field, stops playback and says
the new position's prompt in the same way.
"""
from __future__ import annotations

#: How long a step forward animates, in seconds.
STEP_ANIM_SECONDS = 0.35


class Navigation:
    """Arrow keys, Home and End; `go_to` for every other part that moves the cursor."""

    def __init__(self, ctl):
        self.ctl = ctl

    def commands(self) -> dict:
        return {"back": self.back, "forward": self.forward, "start": self.start,
                "end": self.end, "next_variation": self.next_variation,
                "previous_variation": self.previous_variation}

    def go_to(self, node, animate: bool = False) -> None:
        ctl, app = self.ctl, self.ctl.app
        if ctl.typing():  # the text typed so far stays on the position it was typed on
            ctl.leave_field()
        ctl.player.stop()
        ctl.panel.close_menu()
        app.scene.deselect()
        ctl.session.go_to(node)
        if animate:
            app.animate_node(node, STEP_ANIM_SECONDS)
        else:
            app.clock.stop(finish=False)
            app.show_node(node)
        if node.camera:  # the view kept in this position (timeline.views)
            app.set_view(app.saved_view(node.camera), 0.6)
        ctl.say(node.prompt or "")  # a tutorial's prompt for this position

    def back(self) -> None:
        if self.ctl.session.node.parent is not None:
            self.go_to(self.ctl.session.node.parent)

    def forward(self) -> None:
        if self.ctl.session.node.variations:
            self.go_to(self.ctl.session.node.variations[0], animate=True)

    def start(self) -> None:
        self.go_to(self.ctl.session.record.root)

    def end(self) -> None:
        self.go_to(self.ctl.session.node.end())

    def next_variation(self) -> None:
        self._sibling(+1)

    def previous_variation(self) -> None:
        self._sibling(-1)

    def _sibling(self, offset: int) -> None:
        node = self.ctl.session.node
        if node.parent is None:
            return
        sibs = node.parent.variations
        i = sibs.index(node) + offset
        if 0 <= i < len(sibs):
            self.go_to(sibs[i], animate=True)
        else:
            self.ctl.say("No other variation here" if len(sibs) == 1
                         else "No more variations that way")
