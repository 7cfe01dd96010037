"""`flickbook export`: a replay of a record's main line as a video (or a folder of PNG frames).

Frames are rendered offscreen at a fixed frame rate by sampling the line's clock, exactly as
the viewer's playback does, so flicks play their recorded motion and other actions their short
animations. The encoder is the ffmpeg that the `imageio-ffmpeg` package ships (or one on PATH);
without either, or with `--out` naming a folder, the frames are written as numbered PNGs.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np

from timeline import LineClock
from viewer.render import RenderError, offscreen_app, parse_size

VIDEO_SUFFIXES = {".mp4", ".mkv", ".webm", ".mov"}


def find_ffmpeg() -> str | None:
    try:
        import imageio_ffmpeg

        return imageio_ffmpeg.get_ffmpeg_exe()
    except (ImportError, RuntimeError):
        return shutil.which("ffmpeg")


def frame_times(clock: LineClock, fps: float, speed: float, hold: float) -> np.ndarray:
    """Line times of each frame: the whole line at `speed`, holding the first and last frames."""
    if fps <= 0 or speed <= 0:
        raise RenderError("fps and speed must be positive")
    frames = int(np.ceil(clock.total / speed * fps)) + 1
    times = np.minimum(np.arange(frames) * speed / fps, clock.total)
    held = int(round(hold * fps))
    return np.concatenate([np.zeros(held), times, np.full(held, clock.total)])


def export_video(record, out, *, size=(1280, 720), fps: float = 30.0, speed: float = 1.0,
                 camera_preset: str | None = "seat", hold: float = 1.0, step_seconds: float = 0.6,
                 progress=None) -> dict:
    """Render the main line to `out` (a video file, or a folder for PNG frames)."""
    from timeline import Session

    session = Session(record)
    line = record.mainline()
    app = offscreen_app(session, tuple(size))
    clock = app.line_clock(line, step_seconds)
    times = frame_times(clock, fps, speed, hold)
    out = Path(out)
    app.set_view(app.view_for_preset(camera_preset, line[0]))
    as_video = out.suffix.lower() in VIDEO_SUFFIXES
    ffmpeg = find_ffmpeg() if as_video else None
    if as_video and ffmpeg is None:
        out = out.with_suffix("")
        as_video = False
    encoder = None
    if as_video:
        out.parent.mkdir(parents=True, exist_ok=True)
        w, h = size
        encoder = subprocess.Popen(
            [ffmpeg, "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24",
             "-s", f"{w}x{h}", "-r", f"{fps:g}", "-i", "-", "-an", "-c:v", "libx264",
             "-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", "20", str(out)],
            stdin=subprocess.PIPE)
    else:
        out.mkdir(parents=True, exist_ok=True)
    shown = None
    try:
        for i, t in enumerate(times):
            pos = clock.position(float(t))
            node = line[pos.index]
            if node is not shown and node.camera:
                app.set_view(app.view_for_preset(None, node))
            shown = node
            session.go_to(node)
            span = clock.spans[pos.index]
            app.show_node(node, pos.t / span if span > 0 and pos.t < span else None)
            app.render_frames(1)
            if encoder is not None:
                encoder.stdin.write(app.capture().tobytes())
            else:
                app.save_png(out / f"frame{i:05d}.png")
            if progress is not None:
                progress(i + 1, len(times))
    finally:
        if encoder is not None:
            encoder.stdin.close()
            code = encoder.wait()
            if code != 0:
                raise RenderError(f"the video encoder failed (exit {code})")
    return {"out": str(out), "frames": int(len(times)), "seconds": round(len(times) / fps, 2),
            "video": as_video}


def export_command(args) -> int:
    """CLI: flickbook export FILE --out VIDEO|DIR [--fps F] [--speed S] [--size WxH]."""
    import sys

    from timeline import RecordFileError, load_record

    try:
        size = parse_size(args.size)
        if size[0] % 2 or size[1] % 2:
            raise RenderError("video sizes must be even numbers of pixels (e.g. 1280x720)")
        record = load_record(args.file)
        result = export_video(record, args.out, size=size, fps=args.fps, speed=args.speed,
                              camera_preset=args.camera)
    except (RenderError, RecordFileError, OSError, ValueError) as exc:  # ValueError: a camera
        print(f"flickbook: {exc}", file=sys.stderr)
        return 2
    kind = "video" if result["video"] else "PNG frames (no ffmpeg found)"
    print(f"{result['out']}: {kind}, {result['frames']} frames, {result['seconds']} s")
    return 0
