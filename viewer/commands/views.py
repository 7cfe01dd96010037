"""What the window shows of the table and the record: the camera's preset views (top-down, a
seat), the view kept in a position (K), the move list's scrolling and its variations opened
or closed, and a screenshot (F12).
"""
from __future__ import annotations

from functools import partial

#: The seats a number key turns the camera to (as many as any game has).
SEAT_KEYS = (1, 2, 3, 4, 5, 6)


class Views:
    """T, V, 1-6, K, PgUp, PgDn, O and F12."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.app = ctl.app

    def commands(self) -> dict:
        seats = {f"view_seat_{n}": partial(self.view_seat, n - 1) for n in SEAT_KEYS}
        return {"view_top": self.view_top, "view_seat": self.view_seat,
                "save_view": self.save_view, "screenshot": self.screenshot,
                "list_up": self.list_up, "list_down": self.list_down,
                "toggle_variations": self.toggle_variations, **seats}

    def view_top(self) -> None:
        self.app.set_view(self.app.preset("top"), 0.6)

    def view_seat(self, seat: int | None = None) -> None:
        """The camera at `seat` (counted from 0; None: the player to move)."""
        headings = list(self.app.scene.seat_headings(self.ctl.session.state))
        if seat is None:
            seat = self.app.session_player()
        if seat >= len(headings):
            self.ctl.say(f"This game has {len(headings)} seats")
            return
        self.app.set_view(self.app.preset("seat", seat), 0.6)
        same = [n + 1 for n, h in enumerate(headings) if n != seat and abs(h - headings[seat]) < 1e-9]
        # a key that seems to do nothing says why: the seats share one side of the table
        self.ctl.say(f"Camera at seat {seat + 1}" + (
            ": every seat looks from the same side (the players sit together)"
            if len(same) == len(headings) - 1 else
            f", the same side as seat {', '.join(map(str, same))}" if same else ""))

    def save_view(self) -> None:
        self.ctl.session.set_camera(self.app.view_to_save(self.app.orbit.goal))
        self.ctl.say("Camera view kept in this position")

    def screenshot(self) -> None:
        from viewer.autosave import data_dir

        folder = data_dir() / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        n = len(list(folder.glob("flickbook-*.png"))) + 1
        path = folder / f"flickbook-{n:03d}.png"
        self.app.save_png(path)
        self.ctl.say(f"Screenshot saved: {path}")

    def list_up(self) -> None:
        self.ctl.panel.scroll_by(-10)

    def list_down(self) -> None:
        self.ctl.panel.scroll_by(10)

    def toggle_variations(self) -> None:
        self.ctl.say(self.ctl.panel.moves.toggle_here(self.ctl.session.node))
