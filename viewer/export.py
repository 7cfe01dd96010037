"""`flickbook export`: a replay of a record's main line as a video, a GIF or PNG frames.

Frames are rendered offscreen at a fixed frame rate by sampling the line's clock, exactly as
the viewer's playback does, so flicks play their recorded motion and other actions their short
animations. The video shows what a viewer wants: the move being played in readable notation,
its glyphs and comment as a caption, and the scene's status without play-time prompts.

Under software GL a frame's pixels are most of its cost, so the frames can be rendered by
several processes at once: this one and `workers - 1` helpers (`python -m viewer.export
--worker`), frame i by process i % workers. Every process draws a frame from its line time
alone (no state carries from frame to frame), so the frames are the same whatever the worker
count. There is one encoder (the ffmpeg that `imageio-ffmpeg` ships, or one on PATH), and every
process writes its raw frames straight into its input, in turn (`_Turns`): no frame is copied
through another process. Each process reads its frames back into one texture that Panda fills
as it draws, and a frame that shows what its last one showed (the held ends) is not drawn
again. Without an encoder, or with `--out` naming a folder, every process writes its own frames
as numbered PNGs.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import numpy as np

from timeline import LineClock
from timeline.playback import ReadingPace
from viewer.render import RenderError, offscreen_app, parse_size

VIDEO_SUFFIXES = {".mp4", ".mkv", ".webm", ".mov"}
GIF_SUFFIX = ".gif"
#: A GIF is for sharing: smaller and slower-paced than a video unless asked otherwise.
GIF_SIZE, GIF_FPS, VIDEO_SIZE, VIDEO_FPS = (640, 360), 15.0, (1280, 720), 30.0
CAPTION_BG = (0.05, 0.06, 0.08, 0.72)
CAPTION_WRAP = 70  # characters a caption line holds before it wraps
ROOT = Path(__file__).resolve().parents[1]
#: With the worker count left open, clips shorter than this are rendered by this process alone.
MIN_PARALLEL_FRAMES = 240
#: Frames a process renders ahead of its turn at the encoder (3.7 MB each at 1280x720).
AHEAD = 6


def find_ffmpeg() -> str | None:
    try:
        import imageio_ffmpeg

        return imageio_ffmpeg.get_ffmpeg_exe()
    except (ImportError, RuntimeError):
        return shutil.which("ffmpeg")


def default_workers() -> int:
    """One rendering process per free CPU core, at most 4 (the encoder takes little: x264 at
    "veryfast" costs about 8 ms of CPU a 1280x720 frame, the renderer about 22). On cores
    that others keep busy a helper only adds its start-up (about 1.5 s of CPU), so the cores
    the load average leaves free are what count."""
    cores = os.cpu_count() or 1
    try:
        free = cores - os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average (Windows): assume the cores are free
        free = cores
    return max(1, min(int(free + 0.5), cores, 4))


def frame_times(clock: LineClock, fps: float, speed: float, hold: float) -> np.ndarray:
    """Line times of each frame: the whole line at `speed`, holding the first and last frames."""
    if fps <= 0 or speed <= 0:
        raise RenderError("fps and speed must be positive")
    frames = int(np.ceil(clock.total / speed * fps)) + 1
    times = np.minimum(np.arange(frames) * speed / fps, clock.total)
    held = int(round(hold * fps))
    return np.concatenate([np.zeros(held), times, np.full(held, clock.total)])


def directed_frame_times(direction, fps: float, speed: float, hold: float) -> np.ndarray:
    """Line times and film times of each frame of a directed replay: film time (the
    direction's speed stretches and holds) at `speed`, holding the first and last frames."""
    if fps <= 0 or speed <= 0:
        raise RenderError("fps and speed must be positive")
    frames = int(np.ceil(direction.film_total / speed * fps)) + 1
    film = np.minimum(np.arange(frames) * speed / fps, direction.film_total)
    times = np.array([direction.line_time_at(float(f)) for f in film])
    held = int(round(hold * fps))
    return (np.concatenate([np.zeros(held), times, np.full(held, direction.clock.total)]),
            np.concatenate([np.zeros(held), film, np.full(held, direction.film_total)]))


def pace_of(args) -> ReadingPace:
    """The reading pace the command line asked for (`--hold`, `--per-word`, `--setup-step`),
    each missing one at its default."""
    default = ReadingPace()
    asked = {name: getattr(args, name, None) for name in ("base", "per_word", "setup")}
    asked["base"] = getattr(args, "hold", None)
    asked["setup"] = getattr(args, "setup_step", None)
    return ReadingPace(**{k: (v if v is not None else getattr(default, k)) for k, v in asked.items()})


def reel_of(args) -> tuple[float, float] | None:
    """(lead-in, lead-out) seconds of the reel `--reel` asks for, or None without it."""
    from timeline.reel import LEAD_IN, LEAD_OUT

    if not getattr(args, "reel", False):
        if getattr(args, "lead_in", None) is not None or getattr(args, "lead_out", None) is not None:
            raise RenderError("--lead-in and --lead-out are for a reel (--reel)")
        return None
    lead_in, lead_out = getattr(args, "lead_in", None), getattr(args, "lead_out", None)
    return (LEAD_IN if lead_in is None else lead_in, LEAD_OUT if lead_out is None else lead_out)


def clip_line(record, first: int | None = None, last: int | None = None) -> list:
    """The main line from the position after ply `first` (default: the start) to ply `last`
    (default: the end): the clip that an export plays."""
    line = record.mainline()
    first = 0 if first is None else first
    last = len(line) - 1 if last is None else last
    if not 0 <= first <= last < len(line):
        raise RenderError(f"the clip must lie within plies 0..{len(line) - 1} of the main line "
                          f"and start before it ends (asked {first}..{last})")
    return line[first:last + 1]


def caption_text(node, at_start: bool, wrap: int = CAPTION_WRAP) -> str:
    """What the caption says while `node`'s action plays and after: `12. <move> !?` and the
    node's comment (nothing for the clip's starting position unless it has a comment)."""
    from games.notation import node_text

    lines = []
    if not at_start and node.parent is not None:
        glyphs = " ".join(node.glyphs)
        lines.append(f"{node.ply}. {node_text(node)}" + (f"  {glyphs}" if glyphs else ""))
    if node.comment:
        lines.append(node.comment)
    return "\n".join(textwrap.fill(line, wrap) for line in lines)


class FrameRenderer:
    """Draws any frame of a clip from its line time alone, in whichever process holds it."""

    def __init__(self, record, first: int | None, last: int | None, *, size, fps: float,
                 speed: float, camera_preset: str | None, hold: float, step_seconds: float,
                 pace: ReadingPace | None = None, reel: tuple[float, float] | None = None):
        """`reel`: (lead-in, lead-out) seconds: film only the line's marked moments
        (timeline.reel), each with that much around it, one after another."""
        from timeline import Session

        self.session = Session(record)
        self.line = clip_line(record, first, last)
        self.session.go_to(self.line[0])
        self.app = offscreen_app(self.session, tuple(size), fresh=True)
        self.app.scene.show_prompts = False
        self.app.scene.hints.hide()  # the legal-move highlights are for someone at the table
        self.clock = self._clock(step_seconds, pace or ReadingPace())
        from timeline.direction import Direction

        self.direction = Direction(record.direction, self.clock,
                                   lambda view, node: self.app.saved_view(view).to_json())
        self.directed = record.direction is not None
        self.clips = None
        if reel is not None:
            from timeline.reel import clips, marked_moments, reel_frame_times

            self.clips = clips(self.direction, marked_moments(record, self.clock), *reel)
            if not self.clips:
                raise RenderError("nothing is marked on this line for a reel: press M while "
                                  "watching it in the window, or analyse it for its mistakes "
                                  "(flickbook analyse)")
            self.times, self.films = reel_frame_times(self.direction, self.clips, fps, speed)
            self.directed = True  # frames at film time (without a direction: line time)
            # each frame's clip, for its caption's first line ("Highlight 2 of 5: ...")
            self.clip_of = np.concatenate([
                np.full(int(np.ceil((b - a) / speed * fps)) + 1, k)
                for k, (a, b, _) in enumerate(self.clips)])
        elif self.directed:
            self.times, self.films = directed_frame_times(self.direction, fps, speed, hold)
        else:
            self.times = frame_times(self.clock, fps, speed, hold)
        start = self.app.view_for_preset(camera_preset, self.line[0])
        self.start_view = start
        # the view of each node: the latest saved view at or before it, else the preset's
        self.views, view = [], start
        for node in self.line:
            if node.camera:
                view = self.app.view_for_preset(None, node)
            self.views.append(view)
        self.captions = Captions(self.app)
        self.notes = None
        if record.direction is not None:
            from viewer.direction_view import NotesLayer

            self.notes = NotesLayer(self.app)
        self._grab = None  # the texture each frame is copied into, once frames are asked for
        self._grabbed = None  # what it holds (`_what`)

    def _clock(self, step_seconds: float, pace: ReadingPace) -> LineClock:
        """The viewer's clock over the clip at a reading pace (each caption held long enough to
        read, set-up steps hurried); a clip that starts mid-line starts at rest."""
        clock = self.app.line_clock(self.line, step_seconds)
        spans = {id(n): s for n, s in zip(self.line, clock.action_spans)}
        first = self.line[0]
        mid_line = first.parent is not None
        return LineClock(self.line, step_seconds, pace=pace,
                         duration_of=lambda n: 0.0 if (mid_line and n is first) else spans[id(n)])

    def _what(self, index: int) -> tuple:
        """What frame `index` shows: the node and how far through its action (None: after
        it). Two frames that show the same are the same picture (the held ends of a clip)."""
        pos = self.clock.position(float(self.times[index]))
        return pos.index, self.clock.action_fraction(pos), \
            float(self.films[index]) if self.directed else None

    def view_at(self, time: float):
        """The camera at line time `time`: the direction's, else the latest saved view."""
        from viewer.camera import View

        if self.direction.has_camera():
            return View.from_json(self.direction.camera_at(time, self.start_view.to_json()))
        return self.views[self.clock.position(time).index]

    def draw(self, index: int) -> None:
        at, fraction, _ = self._what(index)
        node = self.line[at]
        time = float(self.times[index])
        self.session.go_to(node)
        self.app.set_view(self.view_at(time))
        self.app.show_node(node, fraction)
        if self.notes is not None:
            self.notes.show(self.direction.notes_at(time, film=float(self.films[index])))
        text = caption_text(node, at == 0, self.captions.wrap)
        if self.clips is not None:
            k = int(self.clip_of[index])
            labels = "; ".join(m.label for m in self.clips[k][2])
            head = textwrap.fill(f"Highlight {k + 1} of {len(self.clips)}: {labels}", self.captions.wrap)
            text = head + ("\n" + text if text else "")
        self.captions.show(text)
        self.app.render_frames(1)

    def close(self) -> None:
        """Give the process's app back as it was: prompts and hints on, no caption, no copy
        of each frame."""
        if self._grab is not None:
            self.app.win.clearRenderTextures()
            self._grab = None
        self.captions.text.destroy()
        if self.notes is not None:
            self.notes.destroy()
        self.app.scene.show_prompts = True
        self.app.scene.hints.show()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def frame_bytes(self, index: int) -> memoryview:
        """Frame `index` as the framebuffer holds it: BGRA, bottom row first (the encoder
        flips and converts it; converting here cost a tenth of the frame's CPU). One texture
        receives every frame (Panda copies the framebuffer into its memory as the frame is
        drawn), and a frame that shows what the last one showed is not drawn again. The
        bytes are valid until the next call."""
        what = self._what(index)
        if what != self._grabbed:
            if self._grab is None:
                from panda3d.core import GraphicsOutput, Texture

                self._grab = Texture("export-frame")
                self.app.win.addRenderTexture(self._grab, GraphicsOutput.RTMCopyRam)
            self.draw(index)
            self._grabbed = what
        return memoryview(self._grab.getRamImageAs("BGRA"))

    def save_png(self, index: int, folder: Path) -> None:
        self._grabbed = None
        self.draw(index)
        self.app.save_png(folder / f"frame{index:05d}.png")


class Captions:
    """The caption box along the bottom of an exported frame (move text, glyphs, comment)."""

    def __init__(self, app):
        from direct.gui.OnscreenText import OnscreenText
        from panda3d.core import TextNode

        self.x, wrap = app.scene.caption_anchor
        # a small frame (a GIF) gets a larger caption, so that it stays readable: 13 px or so
        self.grow = min(max(720 / app.size[1], 1.0), 1.6)
        self.wrap = int(wrap / self.grow)
        self.text = OnscreenText(text="", pos=(self.x, 0.13), scale=0.05 * self.grow,
                                 fg=(0.97, 0.97, 0.94, 1), bg=CAPTION_BG, align=TextNode.ACenter,
                                 mayChange=True, parent=app.a2dBottomCenter)
        self.text.textNode.setCardAsMargin(0.5, 0.5, 0.3, 0.3)
        self.text.setBin("gui-popup", 100)  # over the scene's own screen furniture
        self.shown = None

    def show(self, text: str) -> None:
        if text == self.shown:
            return
        self.shown = text
        self.text.setText(text)
        if text:
            lines = text.count("\n") + 1
            self.text.setPos(self.x, (0.07 + 0.06 * (lines - 1)) * self.grow)
            self.text.show()
        else:
            self.text.hide()


def _open_encoder(ffmpeg: str, out: Path, size, fps: float) -> subprocess.Popen:
    w, h = size
    head = [ffmpeg, "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
            "-s", f"{w}x{h}", "-r", f"{fps:g}", "-i", "-", "-an"]
    if out.suffix.lower() == GIF_SUFFIX:  # one pass: a palette made for this clip, then used
        tail = ["-filter_complex", "[0:v]vflip,split[a][b];[a]palettegen=stats_mode=diff[p];"
                "[b][p]paletteuse=dither=bayer:bayer_scale=4", "-loop", "0", str(out)]
    else:
        tail = ["-vf", "vflip", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset",
                "veryfast", "-crf", "20", str(out)]
    out.parent.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen(head + tail, stdin=subprocess.PIPE)


def _start_helpers(job: dict, workers: int, tmp: Path) -> tuple[list[subprocess.Popen], "_Turns"]:
    """Start helpers 1..workers-1 and the ring of pipes that orders their writes; returns them
    and this process's place in the ring. Each helper gets only its own ends of the ring and
    the encoder's input (`job["encoder_fd"]`, None for PNG frames)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
    env.setdefault("LP_NUM_THREADS", "1")  # the processes share the cores, not each frame
    ring = [os.pipe() for _ in range(workers)]  # process k waits on ring[k], wakes k + 1
    encoder_fd = job.get("encoder_fd")
    helpers = []
    try:
        for k in range(1, workers):
            wait_fd, pass_fd = ring[k][0], ring[(k + 1) % workers][1]
            job_file = tmp / f"job{k}.json"
            job_file.write_text(json.dumps(dict(job, worker=k, workers=workers, wait_fd=wait_fd,
                                                pass_fd=pass_fd)))
            log = tmp / f"helper{k}.log"
            fds = (wait_fd, pass_fd) + ((encoder_fd,) if encoder_fd is not None else ())
            with open(log, "wb") as err:
                helper = subprocess.Popen(
                    [sys.executable, "-m", "viewer.export", "--worker", str(job_file)],
                    stdin=subprocess.DEVNULL, stdout=err, stderr=err, env=env, cwd=str(ROOT),
                    pass_fds=fds)
            helper.log_path = log  # what it said, for the message if it fails
            helpers.append(helper)
    finally:  # this process keeps only its own ends: a helper that dies closes the ring
        for k, (r, w) in enumerate(ring):
            if k != 0:
                os.close(r)
            if k != 1 % workers:
                os.close(w)
    return helpers, _Turns(ring[0][0], ring[1 % workers][1])


def _last_line(helper: subprocess.Popen) -> str | None:
    """The last line a helper wrote to its log (its error, if it failed)."""
    try:
        lines = [ln.strip() for ln in Path(helper.log_path).read_text(errors="replace").splitlines()
                 if ln.strip() and "pybullet build time" not in ln]
    except OSError:
        lines = []
    return lines[-1] if lines else None


def _helper_failure(helper: subprocess.Popen) -> str:
    """Why a helper stopped, in one line."""
    line = _last_line(helper)
    return RING_BROKEN + (f": {line}" if line and line != RING_BROKEN else "")


def _only_followed(helper: subprocess.Popen) -> bool:
    """Whether a helper stopped only because the process before it in the ring had stopped."""
    return _last_line(helper) == RING_BROKEN


RING_BROKEN = "a rendering process stopped before its last frame"


class _Turns:
    """Whose turn it is to write to the one encoder. The frames' processes form a ring of
    pipes and a token goes round it: a process renders its next frame while the others write
    theirs, waits for the token, writes the frame straight into the encoder's input, and hands
    the token on. So no frame is copied through another process, and they arrive in order."""

    def __init__(self, wait_fd: int, pass_fd: int):
        self.wait_fd, self.pass_fd = wait_fd, pass_fd

    def wait(self) -> None:
        if not os.read(self.wait_fd, 1):  # the one before us stopped: the ring is broken
            raise RenderError(RING_BROKEN)

    def hand_on(self) -> None:
        try:
            os.write(self.pass_fd, b".")
        except BrokenPipeError:
            pass  # the next process has written all its frames (or died: its status says so)

    def close(self) -> None:
        for fd in (self.wait_fd, self.pass_fd):
            try:
                os.close(fd)
            except OSError:
                pass


def _write_all(fd: int, data) -> None:
    view = memoryview(data).cast("B")
    while view:
        view = view[os.write(fd, view):]


def _widen_pipe(fd: int) -> None:
    """A 1 MB pipe to the encoder (Linux): a frame goes over in 4 writes, not 57."""
    try:
        import fcntl

        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), 1 << 20)
    except (ImportError, OSError):
        pass


def _render_share(renderer: "FrameRenderer", worker: int, workers: int, encoder_fd: int | None,
                  folder: Path | None, turns: _Turns | None, written=None) -> None:
    """Frames worker, worker + workers, ... of the clip, each written to the encoder (or saved
    as a PNG) in its turn; `written(n)`: frames up to n are done. With other processes in the
    ring a writer thread waits for the turns while this one renders on, up to AHEAD frames
    (copies: the readback texture is refilled each frame), so one process that the machine
    holds back for a moment does not stall the others."""
    def emit(i: int, data) -> None:
        if turns is not None and i > 0:
            turns.wait()
        if data is not None:
            _write_all(encoder_fd, data)
        if written is not None:
            written(i + 1)
        if turns is not None:
            turns.hand_on()

    def render(i: int):
        if folder is not None:
            renderer.save_png(i, folder)
            return None
        return renderer.frame_bytes(i)

    mine = range(worker, len(renderer.times), workers)
    if turns is None:
        for i in mine:
            emit(i, render(i))
        return
    import queue
    import threading

    frames: queue.Queue = queue.Queue(maxsize=AHEAD)
    failed: list[BaseException] = []

    def writer() -> None:
        while (item := frames.get()) is not None:
            if not failed:
                try:
                    emit(*item)
                except BaseException as exc:  # noqa: BLE001 - handed to the rendering thread
                    failed.append(exc)

    thread = threading.Thread(target=writer, name="flickbook-export-writer", daemon=True)
    thread.start()
    for i in mine:  # on an error here the writer is left waiting: the caller closes the ring
        if failed:
            break
        data = render(i)
        frames.put((i, bytes(data) if data is not None else None))
    frames.put(None)
    thread.join()
    if failed:
        raise failed[0]


def export_video(record, out, *, size=None, fps: float | None = None, speed: float = 1.0,
                 camera_preset: str | None = "seat", hold: float = 1.0,
                 step_seconds: float = 0.6, first: int | None = None, last: int | None = None,
                 workers: int | None = None, progress=None, pace: ReadingPace | None = None,
                 reel: tuple[float, float] | None = None) -> dict:
    """Render the main line (or plies `first`..`last` of it) to `out`: a video file, a
    `.gif`, or a folder of PNG frames. `progress(done, total)` is called for each frame.
    `reel`: (lead-in, lead-out) seconds: only the marked moments (timeline.reel)."""
    from timeline import save_record

    out = Path(out)
    as_gif = out.suffix.lower() == GIF_SUFFIX
    size = tuple(size or (GIF_SIZE if as_gif else VIDEO_SIZE))
    fps = float(fps or (GIF_FPS if as_gif else VIDEO_FPS))
    encoded = as_gif or out.suffix.lower() in VIDEO_SUFFIXES
    ffmpeg = find_ffmpeg() if encoded else None
    if encoded and ffmpeg is None:
        out = out.with_suffix("")
        encoded = False
    if not encoded:
        out.mkdir(parents=True, exist_ok=True)
    clip_line(record, first, last)  # a wrong range is refused before any process starts
    # helpers need a Python to start (a desktop bundle has none) and pipes they inherit
    can_help = not getattr(sys, "frozen", False) and os.name == "posix"
    with tempfile.TemporaryDirectory(prefix="flickbook-export-") as tmp:
        helpers: list[subprocess.Popen] = []
        encoder = renderer = turns = None
        reported = 0
        total = 0

        def written(n: int) -> None:
            nonlocal reported
            if progress is not None:
                for done in range(reported + 1, n + 1):
                    progress(done, total)
            reported = max(reported, n)

        def start_helpers(count: int) -> None:
            nonlocal helpers, turns
            record_file = save_record(record, Path(tmp) / "record.flick")
            helpers, turns = _start_helpers({
                "record": str(record_file), "first": first, "last": last,
                "size": list(size), "fps": fps, "speed": speed, "camera": camera_preset,
                "hold": hold, "step_seconds": step_seconds,
                "pace": [pace.base, pace.per_word, pace.setup] if pace is not None else None,
                "reel": list(reel) if reel is not None else None,
                "encoder_fd": encoder.stdin.fileno() if encoded else None,
                "frames": None if encoded else str(out)}, count, Path(tmp))

        failure = None
        clip_words = None
        try:
            try:
                if encoded:
                    encoder = _open_encoder(ffmpeg, out, size, fps)
                    _widen_pipe(encoder.stdin.fileno())
                asked = max(1, int(workers)) if workers is not None and can_help else None
                if asked is not None and asked > 1:  # they start up while this process does
                    start_helpers(asked)
                renderer = FrameRenderer(record, first, last, size=size, fps=fps, speed=speed,
                                         camera_preset=camera_preset, hold=hold,
                                         step_seconds=step_seconds, pace=pace, reel=reel)
                total = len(renderer.times)
                if renderer.clips is not None:
                    clip_words = [(round(a, 2), round(b, 2), [m.label for m in marked])
                                  for a, b, marked in renderer.clips]
                if asked is None:  # a helper's start-up (about 1.5 s of CPU) pays off on long clips
                    asked = default_workers() if total >= MIN_PARALLEL_FRAMES and can_help else 1
                    if asked > 1:
                        start_helpers(asked)
                workers = asked
                _render_share(renderer, 0, workers, encoder.stdin.fileno() if encoded else None,
                              None if encoded else out, turns, written)
                for helper in helpers:  # the frames after this process's last one
                    helper.wait()
            except BrokenPipeError:
                failure = "the video encoder stopped early"
            except RenderError as exc:
                if not helpers:
                    raise
                failure = str(exc)  # most likely a helper stopped: said below
        finally:
            if renderer is not None:
                renderer.close()
            if turns is not None:
                turns.close()  # a helper still waiting for its turn stops
            for helper in helpers:
                helper.wait()
            if encoder is not None:
                try:
                    encoder.stdin.close()
                except BrokenPipeError:
                    pass
                encoder.wait()
        if encoder is not None and encoder.returncode:
            raise RenderError(failure or f"the video encoder failed (exit {encoder.returncode})")
        bad = sorted((h for h in helpers if h.returncode), key=lambda h: _only_followed(h))
        if bad:
            raise RenderError(_helper_failure(bad[0]))
        if failure:
            raise RenderError(failure)
        written(total)
    return {"out": str(out), "frames": int(total), "seconds": round(total / fps, 2),
            "video": encoded, "gif": encoded and as_gif, "workers": workers,
            "clips": None if reel is None else clip_words}


def _worker_main(job_file: str) -> int:
    """A helper process: frames worker, worker + workers, ... of the job, each written to the
    encoder in its turn (or saved as a PNG)."""
    from timeline import load_record

    from timeline.fileformat import read_strict

    job = read_strict(job_file, "export job")  # the parent's file, read as every file is
    turns = _Turns(job["wait_fd"], job["pass_fd"])
    record = load_record(job["record"])
    renderer = FrameRenderer(record, job["first"], job["last"], size=tuple(job["size"]),
                             fps=job["fps"], speed=job["speed"], camera_preset=job["camera"],
                             hold=job["hold"], step_seconds=job["step_seconds"],
                             pace=ReadingPace(*job["pace"]) if job.get("pace") else None,
                             reel=tuple(job["reel"]) if job.get("reel") else None)
    folder = Path(job["frames"]) if job["frames"] else None
    try:
        _render_share(renderer, job["worker"], job["workers"], job["encoder_fd"], folder, turns)
    except BrokenPipeError:  # the encoder stopped (an error, or Ctrl+C)
        return 1
    except RenderError as exc:  # the process before this one stopped
        print(exc, file=sys.stderr)
        return 1
    return 0


def progress_bar(total: int, file=None, force: bool = False):
    """A terminal progress bar with frames per second and time left (tqdm), as a
    `progress(done, total)` callback with a `close()`; silent off a terminal unless `force`."""
    try:
        from tqdm import tqdm
    except ImportError:  # the bar is a nicety: exporting works without it
        return None
    # a terminal that reports no size (a bare pty) gets 80x24, not a hidden bar
    size = shutil.get_terminal_size((80, 24))
    bar = tqdm(total=total, unit="frame", desc="export", file=file or sys.stderr,
               disable=False if force else None, ncols=min(size.columns, 100),
               nrows=max(size.lines, 2), leave=True)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    update.close = bar.close
    return update


def export_record(args):
    """The record an export plays: what a student may see of `args.file`
    (`analysis.lessons.student_view`: a lesson up to its first question), or all of it with
    `--answers` (the author's own video of the lesson)."""
    from timeline import load_record

    record = load_record(args.file)
    if not getattr(args, "answers", False):
        from analysis.lessons import student_view

        student_view(record)
    return record


def export_command(args) -> int:
    """CLI: flickbook export FILE --out VIDEO|GIF|DIR [--fps F] [--speed S] [--size WxH]
    [--from PLY] [--to PLY] [--workers N] [--answers] [--reel [--lead-in S] [--lead-out S]]."""
    from timeline import RecordFileError

    bar = None
    try:
        out = Path(args.out)
        size = parse_size(args.size) if args.size else None
        if size and (size[0] % 2 or size[1] % 2) and out.suffix.lower() in VIDEO_SUFFIXES:
            raise RenderError("video sizes must be even numbers of pixels (e.g. 1280x720)")
        record = export_record(args)
        first, last = getattr(args, "first", None), getattr(args, "last", None)
        try:
            clip_line(record, first, last)  # a wrong range is refused before anything starts
        except RenderError as exc:
            from analysis.lessons import is_lesson

            if is_lesson(record) and not getattr(args, "answers", False):
                raise RenderError(f"{exc}; a lesson plays up to its first question "
                                  "(--answers plays it all)") from None
            raise
        fps = args.fps or (GIF_FPS if out.suffix.lower() == GIF_SUFFIX else VIDEO_FPS)
        bar_total = [None]

        def progress(done, total):
            nonlocal bar
            if bar is None and bar_total[0] is None:
                bar_total[0] = total
                bar = progress_bar(total)
            if bar is not None:
                bar(done, total)

        result = export_video(record, out, size=size, fps=fps, speed=args.speed,
                              camera_preset=args.camera, first=first, last=last,
                              workers=getattr(args, "workers", None), progress=progress,
                              pace=pace_of(args), reel=reel_of(args))
    except (RenderError, RecordFileError, OSError, ValueError) as exc:  # ValueError: a camera
        if bar is not None:
            bar.close()
        print(f"flickbook: {exc}", file=sys.stderr)
        return 2
    if bar is not None:
        bar.close()
    if result["video"]:
        kind = "GIF" if result["gif"] else "video"
    else:
        asked = out.suffix.lower() in VIDEO_SUFFIXES or out.suffix.lower() == GIF_SUFFIX
        kind = "PNG frames (no ffmpeg found)" if asked else "PNG frames"
    print(f"{result['out']}: {kind}, {result['frames']} frames, {result['seconds']} s")
    for k, (a, b, labels) in enumerate(result.get("clips") or [], 1):
        print(f"  clip {k}: film {a:g} s to {b:g} s: {'; '.join(labels)}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        sys.exit(_worker_main(sys.argv[2]))
    sys.exit("usage: python -m viewer.export --worker JOB.json (started by flickbook export)")
