"""The viewer's one clock: a single playback over per-step segments.

Line playback (Space), a single animated step (Right), a game's staged draws after a move
(Grendizer's automatic card draws) and a live flick all run through `Clock.run`: a
`timeline.Playback` over a `LineClock`-shaped list of spans. Each frame `tick` advances it by
the frame's time and shows the node under way at that fraction of its span. Nothing here
simulates: a step plays only once its motion exists.
"""
from __future__ import annotations

from timeline import LineClock, Playback


class Segments(LineClock):
    """Line time over the steps after `start`: `start` shows at once (span 0), then each step
    of `steps` for `span_of(step)` seconds."""

    def __init__(self, start, steps, span_of):  # noqa: D107 - LineClock's fields, our spans
        self.line = [start, *steps]
        self.spans = [0.0] + [max(float(span_of(n)), 0.0) for n in steps]
        self.starts = []
        total = 0.0
        for span in self.spans:
            self.starts.append(total)
            total += span
        self.total = total


#: The start of every run is seen: its first `START_SECONDS` of motion advance at most
#: `START_STEP` seconds a frame (a 30 fps film), so a busy machine drawing a frame in 300 ms shows the first
#: moments of a slide late rather than skipping them (after that, playback keeps real time).
START_SECONDS = 0.2
START_STEP = 1 / 30


def _frame_count() -> int:
    from panda3d.core import ClockObject

    return ClockObject.getGlobalClock().getFrameCount()


def _real_time() -> float:
    from panda3d.core import ClockObject

    return ClockObject.getGlobalClock().getRealTime()


class Clock:
    """The one playback the frame loop ticks; `follow` moves the session cursor with it.

    In a window, a run's clock starts when its first frame is drawn: the frame that starts it
    shows time 0
    (however long that frame took to come), and the first moments advance at most
    `START_STEP` a frame (late rather than skipped)."""

    def __init__(self, app):
        self.app = app
        self.playback: Playback | None = None
        self.direction = None  # the record's direction while the line plays (timeline.direction)
        self._film = 0.0
        self.follow = False  # line playback: the cursor moves along the line
        self.speed = 1.0  # the line playback's last speed (kept between runs)
        self._then = None
        self._on_position = None
        self._show_frame = None
        self.started_at: float | None = None  # real time of the first shown frame (latency probe)
        self.first_drawn_at: float | None = None  # real time once that frame was drawn
        self._run_frame = -1  # the frame a run started in: it draws time 0
        self.first_times: list[float] = []  # line times of a run's first frames (probe)

    @property
    def running(self) -> bool:
        return self.playback is not None and self.playback.playing

    @property
    def stepping(self) -> bool:
        """A step, staged draws or a live flick is playing (not line playback)."""
        return self.running and not self.follow

    def run(self, line_clock, time: float = 0.0, speed: float = 1.0, *, follow: bool = False,
            then=None, on_position=None, show=None, continues: bool = False) -> None:
        """Play `line_clock` from `time` at `speed`; `then()` runs once it reaches an end.

        `show(node, fraction)` draws each frame instead of the app's `show_node` (something
        that is not the record's own motion, e.g. candidate aims replayed together).
        `continues`: this run goes on with what the running one showed (a flick played from
        its streamed first frames, then from its whole motion): its start is the other's,
        already drawn, so no frame is held and the first moments are not slowed again."""
        kept = None
        if continues and self.running:
            shown = abs(self.playback.time - self._start_time) / max(abs(self.playback.speed), 1e-9)
            kept = (self.started_at, self.first_drawn_at, self.first_times, self._run_frame,
                    time - shown * speed)
        self.stop(finish=False)
        self._show_frame = show
        self.playback = Playback(line_clock, time)
        self.playback.speed = speed
        self.playback.playing = line_clock.total > 0
        self.follow = follow
        self._then = then
        self._on_position = on_position
        self.started_at = self.first_drawn_at = None
        self.first_times = []
        self._run_frame = _frame_count()
        self._start_time = time
        if kept is not None:
            (self.started_at, self.first_drawn_at, self.first_times, self._run_frame,
             self._start_time) = kept
        self.direction = self._direction(line_clock) if follow else None
        self._film = self.direction.film_time(time) if self.direction is not None else 0.0
        self._show(self.playback.clock.position(self.playback.time))
        if not self.playback.playing:
            self._finish()

    def play_steps(self, start, steps, then=None, at: float = 0.0) -> None:
        """Show `start`, then animate each node of `steps` in turn at its own span; `at`: go
        on from the running run, which showed the first step `at` seconds into its motion."""
        steps = list(steps)
        if not steps:
            self.app.show_node(start)
            if then is not None:
                then()
            return
        line = Segments(start, steps, self.app.step_span)
        time = 0.0
        motion = self.app.motion_of(steps[0]) if at > 0.0 else None
        if motion is not None and motion.duration > 0.0:
            time = line.spans[1] * min(at / motion.duration, 1.0)  # (show_node's fraction)
        self.run(line, time=time, then=then, continues=time > 0.0)

    def stop(self, finish: bool = True) -> None:
        """Stop where it is; a step that was under way jumps to its end (`then` still runs)."""
        if self.playback is None or not self.playback.playing:
            return
        self.playback.playing = False
        if finish:
            self._finish()

    def tick(self, dt: float) -> bool:
        """Advance by `dt` seconds; True while something moved this frame."""
        if not self.running:
            return False
        if getattr(self.app, "offscreen", True):
            pass  # pictures and tests step the clock themselves, exactly
        elif _frame_count() == self._run_frame:
            return True  # this frame draws the run's first position, shown by `run`
        else:
            if self.first_drawn_at is None:
                self.first_drawn_at = _real_time()  # the frame before drew the start
            played = abs(self.playback.time - self._start_time) / max(abs(self.playback.speed), 1e-9)
            if played < START_SECONDS:
                dt = min(dt, START_STEP)
        if self.direction is not None:  # the direction's film time: slow motion, holds
            pos = self._film_tick(dt)
        else:
            pos = self.playback.tick(dt)
        self._show(pos)
        if not self.playback.playing:
            self._finish()
        return True

    def _direction(self, line_clock):
        """The record's direction over the line being played, or None without one."""
        record = getattr(self.app.session, "record", None)
        if record is None or record.direction is None:
            return None
        from timeline.direction import Direction

        return Direction(record.direction, line_clock,
                         lambda view, node: self.app.saved_view(view).to_json())

    def _film_tick(self, dt: float):
        playback, direction = self.playback, self.direction
        self._film += dt * playback.speed
        if self._film >= direction.film_total or self._film <= 0.0:
            self._film = min(max(self._film, 0.0), direction.film_total)
            playback.playing = False
        return playback.seek(direction.line_time_at(self._film))

    def moment(self):
        """(node, seconds into its span) of the line playback shown, or None."""
        if self.playback is None or not self.follow:
            return None
        pos = self.playback.clock.position(self.playback.time)
        return self.playback.clock.line[pos.index], pos.t

    def _show_direction(self) -> None:
        direction, time = self.direction, self.playback.time
        if direction.has_camera():
            from viewer.camera import View

            view = direction.camera_at(time, self.app.orbit.view.to_json())
            self.app.set_view(View.from_json(view))
        notes = getattr(self.app, "direction_notes", None)
        if notes is None:
            from viewer.direction_view import NotesLayer

            notes = self.app.direction_notes = NotesLayer(self.app)
        notes.show(direction.notes_at(time, film=self._film))

    def _show(self, pos) -> None:
        clock = self.playback.clock
        node = clock.line[pos.index]
        session = self.app.session
        if self.follow and node is not session.node:
            session.go_to(node)
        span = clock.spans[pos.index]
        (self._show_frame or self.app.show_node)(node, pos.t / span if span > 0 else None)
        if self.started_at is None:
            self.started_at = _real_time()
        if len(self.first_times) < 6:
            self.first_times.append(round(float(self.playback.time), 4))
        if self.direction is not None:
            self._show_direction()
        if self._on_position is not None:
            self._on_position(self.playback.time)

    def _finish(self) -> None:
        clock = self.playback.clock
        notes = getattr(self.app, "direction_notes", None)
        if notes is not None and not self.follow:
            notes.show([])
        self.app.show_node(self.app.session.node if self.follow else clock.line[-1])
        then, self._then = self._then, None
        if then is not None:
            then()
