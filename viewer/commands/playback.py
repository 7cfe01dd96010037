"""The line's playback on the app's one clock: play and pause either way, the speed, the
scrub bar, and the presentation (F5) that holds captions or pauses on comments.

The clock follows the cursor along the session's line (`LineClock`, made again whenever the
line or the presentation's pace changes); the panel's Play / Rev buttons, its speed label and
the scrub bar's knob are kept in step from here.
"""
from __future__ import annotations

from timeline import LineClock, Playback
from timeline.playback import ReadingPace

#: How long a presentation holds a caption: the same pace as an exported replay's (`--hold`).
PRESENTATION_PACE = ReadingPace()


class Player:
    """Space, Shift+Space, - and +, F5 and the scrub bar; `stop` for every part that needs
    the line to stand still (a dialog, a move played, an edit)."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app
        self._clock_line = None
        #: Presentation (F5): "off" (the moves' own pace), "hold" (a caption stays long
        #: enough to read, `PRESENTATION_PACE`) or "pause" (playback stops on each comment).
        self.presentation = "off"

    def commands(self) -> dict:
        return {"play_pause": self.play_pause, "play_reverse": self.play_reverse,
                "faster": self.faster, "slower": self.slower, "presentation": self.presentation_next}

    # --- the clock along the line ---------------------------------------------------------------
    def clock(self) -> LineClock:
        line = self.ctl.session.line()
        pace = PRESENTATION_PACE if self.presentation != "off" else None
        if (self._clock_line is None or self._clock_line.line != line
                or getattr(self._clock_line, "pace", None) is not pace):
            self._clock_line = self.app.line_clock(line, pace=pace)
            self._clock_line.pace = pace
        return self._clock_line

    def line_changed(self) -> None:
        """The record may have changed: the line's clock is made again when next asked for."""
        self._clock_line = None

    def comment_stops(self, clock: LineClock) -> tuple[float, ...]:
        """Where a presentation pauses: the line time each commented step's action is done."""
        if self.presentation != "pause":
            return ()
        return tuple(clock.starts[i] + clock.action_spans[i] for i, node in enumerate(clock.line)
                     if i > 0 and node.comment and node.comment.strip())

    @property
    def playing(self) -> bool:
        clock = self.app.clock
        return clock.running and clock.follow

    @property
    def speed(self) -> float:
        """Line playback's speed (kept between runs): 0.25x to 4x, negative in reverse."""
        return self.app.clock.speed

    @property
    def playback(self) -> Playback | None:
        """The line playback (None before the first); its speed is the clock's."""
        clock = self.app.clock
        if clock.playback is not None and clock.follow:
            return clock.playback
        return None

    # --- commands -------------------------------------------------------------------------------
    def presentation_next(self) -> None:
        """F5: off -> captions held to be read -> a pause on each comment -> off."""
        order = ("off", "hold", "pause")
        self.presentation = order[(order.index(self.presentation) + 1) % len(order)]
        was_playing, reverse = self.playing, self.app.clock.speed < 0
        if was_playing:
            self.stop()
        pace = PRESENTATION_PACE
        self.ctl.say({"off": "Presentation off: the replay keeps the moves' own pace",
                      "hold": f"Presentation: each comment stays {pace.base:g} s + "
                              f"{pace.per_word:g} s a word (F5 again: pause on each comment)",
                      "pause": "Presentation: the replay pauses on each comment; Space goes on "
                               "(F5 again: off)"}[self.presentation])
        if was_playing:
            self.start(reverse=reverse)

    def play_pause(self) -> None:
        if self.playing and self.app.clock.speed > 0:
            self.stop()
        else:
            self.start(reverse=False)

    def play_reverse(self) -> None:
        if self.playing and self.app.clock.speed < 0:
            self.stop()
        else:
            self.start(reverse=True)

    def faster(self) -> None:
        self._speed(True)

    def slower(self) -> None:
        self._speed(False)

    def start(self, reverse: bool) -> None:
        """Run the clock from the cursor (from the other end when it is at the end already)."""
        app, clock = self.app, self.clock()
        index = next(i for i, n in enumerate(clock.line) if n is self.ctl.session.node)
        speed = abs(app.clock.speed)
        time = clock.time_of(index)
        at_end = time >= clock.total if not reverse else time <= 0
        if at_end:  # play again from the other end
            time = 0.0 if not reverse else clock.total
        app.scene.deselect()
        app.clock.speed = -speed if reverse else speed
        app.clock.run(clock, time, app.clock.speed, follow=True, then=self._line_ended)
        if app.clock.playback is not None and app.clock.playback.playing:
            app.clock.playback.stops = self.comment_stops(clock)
        self.ctl.panel.set_playing(self.playing, app.clock.speed)

    def stop(self) -> None:
        if self.playing:
            self.app.clock.stop()
        self.ctl.panel.set_playing(False, self.app.clock.speed)

    def scrub_to(self, fraction) -> None:
        """The scrub bar pressed or dragged at `fraction` of the line: the cursor goes there,
        shown mid-step where the fraction falls inside one."""
        if fraction is None:
            return
        app, session, clock = self.app, self.ctl.session, self.clock()
        app.scene.deselect()
        p = Playback(clock)
        pos = p.seek(fraction * clock.total)
        app.clock.stop(finish=False)
        node = clock.line[pos.index]
        if node is not session.node:
            session.go_to(node)
        span = clock.spans[pos.index]
        app.show_node(node, pos.t / span if span > 0 else None)
        self.update_scrub(p.time)
        self.ctl.panel.set_playing(False, app.clock.speed)

    def update_scrub(self, time: float | None = None) -> None:
        """The scrub bar's knob and ply label at `time` (None: the cursor at rest)."""
        clock = self.clock()
        line = clock.line
        index = next(i for i, n in enumerate(line) if n is self.ctl.session.node)
        if time is None:
            time = clock.time_of(index)
        frac = time / clock.total if clock.total > 0 else 0.0
        self.ctl.panel.set_fraction(frac, f"ply {index} of {len(line) - 1}")

    def frame(self) -> None:
        """Each frame: the knob follows a playing line."""
        if self.playing:
            self.update_scrub(self.app.clock.playback.time)

    def _line_ended(self) -> None:
        playback = self.app.clock.playback
        if playback is not None and playback.time in playback.stops:
            self.ctl.say("Presentation: paused on this comment; Space goes on")
        self.ctl.panel.set_playing(False, self.app.clock.speed)
        self.ctl.refresh_soon()

    def _speed(self, faster: bool) -> None:
        p = Playback(self.clock())
        p.speed = self.app.clock.speed
        (p.faster if faster else p.slower)()
        self.app.clock.speed = p.speed
        if self.playing:
            self.app.clock.playback.speed = p.speed
        self.ctl.panel.set_playing(self.playing, p.speed)
