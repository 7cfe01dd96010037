"""A real viewer window for end-to-end tests: Xvfb on a free display, the viewer process,
and xdotool hands (`Desk`). Tests skip only when the Xvfb or xdotool binary is missing.

Nothing here sleeps for a fixed time to let the viewer catch up: the viewer writes what it is
doing to a probe file (viewer.probe), and `Desk.wait` polls it until a condition holds. Each
key or click waits until the viewer has handled it (its input counter moved on). Every limit
on a wait is a quiet machine's, scaled by how busy the machine is now (xvfb.pace)."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import json
import time
from pathlib import Path

from xvfb.pace import deadline as _deadline
from xvfb.pace import scaled

ROOT = Path(__file__).resolve().parent.parent.parent
MISSING = shutil.which("Xvfb") is None or shutil.which("xdotool") is None
SKIP_REASON = "Xvfb/xdotool not installed (apt-get install xvfb xdotool)"


def _free_display() -> int:
    for n in range(71, 200):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise RuntimeError("no free X display number")


def _lock_owner(display: str) -> int | None:
    """The pid of the X server that holds `display` (its lock file), or None."""
    try:
        return int(Path(f"/tmp/.X{display[1:]}-lock").read_text().strip())
    except (OSError, ValueError):
        return None


class Desk:
    """An Xvfb display with one viewer process, and xdotool hands."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.probe_path = tmp / "probe.json"
        for _ in range(20):  # another test may take the same free number at the same moment
            self.display = f":{_free_display()}"
            self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1280x800x24",
                                          "-nolisten", "tcp", "-noreset"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.env = dict(os.environ, DISPLAY=self.display, FLICKBOOK_HOME=str(tmp / "home"),
                            FLICKBOOK_PROBE=str(self.probe_path))
            self.env.pop("WAYLAND_DISPLAY", None)
            deadline = _deadline(10)
            while self.xvfb.poll() is None and not (
                    _lock_owner(self.display) == self.xvfb.pid and subprocess.run(
                        ["xdotool", "getmouselocation"], env=self.env,
                        capture_output=True).returncode == 0):
                if time.time() > deadline:
                    raise RuntimeError("Xvfb did not start")
                time.sleep(0.1)
            if self.xvfb.poll() is None:
                break  # the display is ours (its lock names our server)
        else:
            raise RuntimeError("Xvfb did not start on a free display")
        self.viewer = None
        self.wid = None

    def start(self, *args: str) -> None:
        """Start `flickbook ARGS`; wait for its window, focus it and wait for its first frames."""
        log = open(self.tmp / "viewer.log", "ab")
        self.viewer = subprocess.Popen([sys.executable, str(ROOT / "flickbook_cli.py"), *args],
                                       cwd=ROOT, env=self.env, stdout=log, stderr=log)
        deadline = _deadline(90)
        while True:
            r = subprocess.run(["xdotool", "search", "--name", "Flickbook"], env=self.env,
                               capture_output=True, text=True)
            if r.stdout.strip():
                self.wid = r.stdout.split()[0]
                break
            if self.viewer.poll() is not None or time.time() > deadline:
                raise RuntimeError("the viewer window did not open: "
                                   + (self.tmp / "viewer.log").read_text()[-2000:])
            time.sleep(0.1)
        self.x("windowfocus", "--sync", self.wid)
        # Its first frames: two, or one and then idle (a window draws only while something
        # changes; on a busy machine its start-up wake may hold just one frame, and no second
        # comes until a key or the pointer wakes it).
        self.wait(lambda p: p.get("frames_drawn", 0) >= 2
                  or (p.get("frames_drawn", 0) >= 1 and p.get("window_active") is False),
                  90, "the viewer's first frames")

    # --- what the viewer is doing -------------------------------------------------------------
    def probe(self) -> dict:
        """The viewer's last probe snapshot ({} before the first)."""
        try:
            return json.loads(self.probe_path.read_text())
        except (OSError, ValueError):
            return {}

    def wait(self, condition, seconds: float = 30.0, what: str = "the viewer") -> dict:
        """Poll the probe until `condition(probe)` holds (for at most `seconds` on a quiet
        machine); the snapshot that satisfied it."""
        deadline = _deadline(seconds)
        while True:
            p = self.probe()
            if p and condition(p):
                return p
            if self.viewer is not None and self.viewer.poll() is not None:
                raise AssertionError("the viewer exited: "
                                     + (self.tmp / "viewer.log").read_text()[-2000:])
            if time.time() > deadline:
                raise AssertionError(f"timed out waiting for {what} ({scaled(seconds):.0f} s); "
                                     f"last probe: {p}")
            time.sleep(0.05)

    def settled(self, seconds: float = 60.0) -> dict:
        """Wait until nothing moves: no clock, camera, simulation or drag."""
        return self.wait(lambda p: not (p["clock_running"] or p["camera_moving"] or p["pending"]
                                        or p["drag"]), seconds, "the window to settle")

    def button(self, words: str, seconds: float = 30.0) -> tuple[float, float]:
        """The centre of the button with these words ("Restore", "!", or "comment box"),
        where the window drew it (the probe's "buttons"), once it is shown; there must be one."""
        p = self.wait(lambda p: words in p.get("buttons", {}), seconds, f"the button {words!r}")
        boxes = p["buttons"][words]
        assert len(boxes) == 1, f"{len(boxes)} buttons say {words!r}: {boxes}"
        x0, y0, x1, y1 = boxes[0]
        return (x0 + x1) / 2, (y0 + y1) / 2

    def _handled(self, before: int, n: int, what: str) -> dict:
        return self.wait(lambda p: p.get("inputs", 0) >= before + n, 30, what)

    # --- hands ----------------------------------------------------------------------------
    def x(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True)

    def move(self, px: float, py: float) -> dict:
        """Move the pointer there; returns once the viewer has seen it there."""
        tx, ty = int(round(px)), int(round(py))
        self.x("mousemove", "--window", self.wid, str(tx), str(ty))
        inside = 0 <= tx < 1280 and 0 <= ty < 720

        def seen(p):
            ptr = p.get("pointer")
            if not inside:
                return ptr is None or not (0 <= ptr[0] < 1280 and 0 <= ptr[1] < 720)
            return ptr is not None and abs(ptr[0] - tx) <= 1.5 and abs(ptr[1] - ty) <= 1.5
        return self.wait(seen, 30, f"the pointer at {tx},{ty}")

    def down(self, button: int = 1) -> dict:
        before = self.probe().get("inputs", 0)
        self.x("mousedown", str(button))
        return self._handled(before, 1, f"button {button} down")

    def up(self, button: int = 1) -> dict:
        before = self.probe().get("inputs", 0)
        self.x("mouseup", str(button))
        return self._handled(before, 1, f"button {button} up")

    def drag(self, points, button: int = 1, release: bool = True) -> dict:
        """Press at the first point, move through the others as a hand does, release."""
        self.move(*points[0])
        self.down(button)
        for pt in points[1:]:
            self.move(*pt)
        return self.up(button) if release else self.probe()

    def click(self, px: float, py: float, button: int = 1) -> dict:
        """Move there and click; returns once the viewer handled the press and the release."""
        before = self.move(px, py)
        self.x("click", str(button))
        # down and up seen; a button of the panel keeps its clicks from the viewer's own
        # handlers, so there it is enough that the click changed what the viewer shows
        noise = ("pointer", "frames_drawn", "window_active", "inputs")

        def done(p):
            if p.get("inputs", 0) >= before.get("inputs", 0) + 2:
                return True
            return p.get("inputs", 0) > before.get("inputs", 0) and any(
                p.get(k) != before.get(k) for k in p if k not in noise)
        return self.wait(done, 30, f"a click at {px:.0f},{py:.0f}")

    def key(self, *keys: str) -> dict:
        """Press each key; returns once the viewer handled the last one."""
        p = {}
        for k in keys:
            before = self.probe().get("inputs", 0)
            self.x("key", k)
            # down and up of the key, and of each modifier held with it, which Panda throws
            # twice ("lshift" and "shift"): "shift+s" is six, so a combination's last events
            # are not taken for the next key's
            modifiers = len(k.split("+")) - 1 if len(k) > 1 else 0
            p = self._handled(before, 2 + 4 * modifiers, f"the key {k}")
        return p

    def wheel(self, button: int, times: int = 1) -> dict:
        """Turn the wheel (4 up, 5 down) `times` notches; returns once each was handled."""
        p = {}
        for _ in range(times):
            before = self.probe().get("inputs", 0)
            self.x("click", str(button))
            p = self._handled(before, 1, "a wheel notch")
        return p

    def screenshot(self) -> None:
        """F12 (a screenshot into the data folder), waiting until it is written."""
        folder = self.tmp / "home" / "screenshots"
        count = len(list(folder.glob("*.png"))) if folder.exists() else 0
        try:
            self.key("F12")
            self.wait(lambda p: folder.exists() and len(list(folder.glob("*.png"))) > count,
                      15, "the screenshot")
        except AssertionError:
            pass  # the viewer is gone or stuck: the test's own failure says why

    def type(self, text: str) -> None:
        self.x("type", "--delay", "20", text)

    def save_as(self, path: Path) -> None:
        """Ctrl+S, type the path into the file dialog, Enter; wait for the file."""
        self.key("ctrl+s")
        self.wait(lambda p: p["dialog"] == "FileDialog", 20, "the save dialog")
        self.type(str(path))
        self.key("Return")
        wait_for_file(path)
        self.wait(lambda p: p["dialog"] is None, 20, "the save dialog to close")

    def open(self, path: Path) -> None:
        """Ctrl+O, type the path, Enter; wait until the dialog closed."""
        self.key("ctrl+o")
        self.wait(lambda p: p["dialog"] == "FileDialog", 20, "the open dialog")
        self.type(str(path))
        self.key("Return")
        self.wait(lambda p: p["dialog"] is None and p["mode"] == "play", 30,
                  "the open dialog to close")

    def stop(self) -> None:
        if self.viewer is not None and self.viewer.poll() is None:
            self.viewer.send_signal(signal.SIGTERM)
            try:
                self.viewer.wait(scaled(10))
            except subprocess.TimeoutExpired:
                self.viewer.kill()
        self.xvfb.terminate()
        self.xvfb.wait(scaled(10))


def wait_for_file(path: Path, seconds: float = 15.0) -> None:
    """Wait until the viewer has written `path` (and a moment more for the rename)."""
    deadline = _deadline(seconds)
    while not path.exists():
        if time.time() > deadline:
            raise AssertionError(f"{path} was not written")
        time.sleep(0.05)


def wait_for_autosave_tree(tmp: Path, session, seconds: float = 15.0) -> None:
    """Wait until the viewer's autosave (written after every change) holds `session`'s tree."""
    from timeline import RecordFileError, load_record

    want = [str(n.action) for n in session.record.nodes() if n.action is not None]
    deadline = _deadline(seconds)
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
