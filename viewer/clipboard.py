"""The system clipboard, for the text fields' Ctrl+C, Ctrl+X and Ctrl+V.

Panda3D has no clipboard of its own, so this asks the system's tools: `wl-copy`/`wl-paste`
(Wayland), `xclip` or `xsel` (X11), `pbcopy`/`pbpaste` (macOS), and on Windows the Win32
clipboard through ctypes. Where none is there, text copied in this window can still be pasted
in it (a clipboard of the process), and `backend` says so."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

_local = ""
TIMEOUT = 2.0


def _commands() -> tuple[list[str], list[str]] | None:
    """(copy command, paste command) of the first tool this system has, or None."""
    if sys.platform == "darwin" and shutil.which("pbcopy"):
        return ["pbcopy"], ["pbpaste"]
    if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-copy"):
        return ["wl-copy"], ["wl-paste", "--no-newline"]
    if os.environ.get("DISPLAY"):
        if shutil.which("xclip"):
            return ["xclip", "-selection", "clipboard", "-in"], ["xclip", "-selection", "clipboard", "-out"]
        if shutil.which("xsel"):
            return ["xsel", "--clipboard", "--input"], ["xsel", "--clipboard", "--output"]
    return None


def backend() -> str:
    """Which clipboard copy and paste use: a tool's name, "windows", or "this window only"."""
    if sys.platform == "win32":
        return "windows"
    found = _commands()
    return found[0][0] if found else "this window only"


def copy(text: str) -> None:
    """Put `text` on the clipboard (never raises: a tool that fails leaves the window's own)."""
    global _local
    _local = text
    if sys.platform == "win32":
        _win_copy(text)
        return
    found = _commands()
    if found is None:
        return
    try:  # xclip stays to serve the selection: it must not hold our pipes open
        subprocess.run(found[0], input=text.encode("utf-8"), timeout=TIMEOUT, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        pass


def paste() -> str:
    """The clipboard's text ("" when it holds none)."""
    if sys.platform == "win32":
        text = _win_paste()
        return _local if text is None else text
    found = _commands()
    if found is None:
        return _local
    try:
        done = subprocess.run(found[1], capture_output=True, timeout=TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return _local
    if done.returncode != 0:
        return _local
    return done.stdout.decode("utf-8", errors="replace")


def _win_copy(text: str) -> None:  # pragma: no cover - Windows only
    try:
        import ctypes

        user32, kernel32 = ctypes.windll.user32, ctypes.windll.kernel32
        data = text.encode("utf-16-le") + b"\0\0"
        if not user32.OpenClipboard(None):
            return
        try:
            user32.EmptyClipboard()
            handle = kernel32.GlobalAlloc(0x0002, len(data))
            pointer = kernel32.GlobalLock(handle)
            ctypes.memmove(pointer, data, len(data))
            kernel32.GlobalUnlock(handle)
            user32.SetClipboardData(13, handle)  # CF_UNICODETEXT
        finally:
            user32.CloseClipboard()
    except Exception:  # noqa: BLE001 - the window's own clipboard still holds it
        pass


def _win_paste() -> str | None:  # pragma: no cover - Windows only
    try:
        import ctypes

        user32, kernel32 = ctypes.windll.user32, ctypes.windll.kernel32
        if not user32.OpenClipboard(None):
            return None
        try:
            handle = user32.GetClipboardData(13)
            if not handle:
                return None
            pointer = kernel32.GlobalLock(handle)
            try:
                return ctypes.wstring_at(pointer)
            finally:
                kernel32.GlobalUnlock(handle)
        finally:
            user32.CloseClipboard()
    except Exception:  # noqa: BLE001
        return None
