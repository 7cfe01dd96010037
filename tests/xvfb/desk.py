"""A real viewer window for end-to-end tests: Xvfb on a free display, the viewer process,
and xdotool hands (`Desk`). Tests skip only when the Xvfb or xdotool binary is missing."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
MISSING = shutil.which("Xvfb") is None or shutil.which("xdotool") is None
SKIP_REASON = "Xvfb/xdotool not installed (apt-get install xvfb xdotool)"


def _free_display() -> int:
    for n in range(71, 200):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise RuntimeError("no free X display number")


class Desk:
    """An Xvfb display with one viewer process, and xdotool hands."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.display = f":{_free_display()}"
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env = dict(os.environ, DISPLAY=self.display, FLICKBOOK_HOME=str(tmp / "home"))
        self.env.pop("WAYLAND_DISPLAY", None)
        deadline = time.time() + 10
        while subprocess.run(["xdotool", "getmouselocation"], env=self.env,
                             capture_output=True).returncode != 0:
            if time.time() > deadline:
                raise RuntimeError("Xvfb did not start")
            time.sleep(0.1)
        self.viewer = None
        self.wid = None

    #: Seconds between keys, as a person types; a scene with heavy redraws may want more.
    key_pause = 0.3

    def start(self, *args: str, settle: float = 1.5) -> None:
        """Start `flickbook ARGS`; wait for its window, focus it and let `settle` seconds pass."""
        log = open(self.tmp / "viewer.log", "ab")
        self.viewer = subprocess.Popen([sys.executable, str(ROOT / "flickbook_cli.py"), *args],
                                       cwd=ROOT, env=self.env, stdout=log, stderr=log)
        deadline = time.time() + 90
        while True:
            r = subprocess.run(["xdotool", "search", "--name", "Flickbook"], env=self.env,
                               capture_output=True, text=True)
            if r.stdout.strip():
                self.wid = r.stdout.split()[0]
                break
            if self.viewer.poll() is not None or time.time() > deadline:
                raise RuntimeError("the viewer window did not open: "
                                   + (self.tmp / "viewer.log").read_text()[-2000:])
            time.sleep(0.2)
        self.x("windowfocus", "--sync", self.wid)
        time.sleep(settle)  # first frames, shaders compiled

    def x(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True)

    def click(self, px: float, py: float, button: int = 1) -> None:
        self.x("mousemove", "--window", self.wid, str(int(round(px))), str(int(round(py))))
        time.sleep(0.3)
        self.x("click", str(button))
        time.sleep(0.5)

    def key(self, *keys: str) -> None:
        for k in keys:
            self.x("key", k)
            time.sleep(self.key_pause)

    def type(self, text: str) -> None:
        self.x("type", "--delay", "20", text)
        time.sleep(0.3)

    def save_as(self, path: Path) -> None:
        """Ctrl+S, type the path into the file dialog, Enter; wait for the file."""
        self.key("ctrl+s")
        time.sleep(1.0)  # wait for the dialog, as a person would
        self.type(str(path))
        self.key("Return")
        wait_for_file(path)

    def open(self, path: Path) -> None:
        """Ctrl+O, type the path, Enter."""
        self.key("ctrl+o")
        time.sleep(1.0)
        self.type(str(path))
        self.key("Return")
        time.sleep(1.0)

    def stop(self) -> None:
        if self.viewer is not None and self.viewer.poll() is None:
            self.viewer.send_signal(signal.SIGTERM)
            try:
                self.viewer.wait(10)
            except subprocess.TimeoutExpired:
                self.viewer.kill()
        self.xvfb.terminate()
        self.xvfb.wait(10)


def wait_for_file(path: Path, seconds: float = 15.0) -> None:
    """Wait until the viewer has written `path` (and a moment more for the rename)."""
    deadline = time.time() + seconds
    while not path.exists():
        if time.time() > deadline:
            raise AssertionError(f"{path} was not written")
        time.sleep(0.2)
    time.sleep(0.3)


def wait_for_autosave_tree(tmp: Path, session, seconds: float = 15.0) -> None:
    """Wait until the viewer's autosave (written after every change) holds `session`'s tree."""
    from timeline import RecordFileError, load_record

    want = [str(n.action) for n in session.record.nodes() if n.action is not None]
    deadline = time.time() + seconds
    got = None
    while time.time() < deadline:
        try:
            rec = load_record(tmp / "home" / "autosave.flick")
            got = [str(n.action) for n in rec.nodes() if n.action is not None]
        except (RecordFileError, OSError):
            got = None
        if got == want:
            return
        time.sleep(0.3)
    raise AssertionError(f"the viewer's record differs from the mirror:\n{got}\n{want}")
