"""Computer opponents: hot-seat seats given to a bot, which plays its turns in the window.

A seat is given with `flickbook play GAME --computer SEAT=STRENGTH` or with F4 in the window
(the seat to move: each press the next strength, then back to a person). The bot is the
game's analysis bot at a strength where it has one (the Glonk shot bot: novice, club,
expert) and the game's own bot otherwise (Glik, Grendizer). It thinks in the window's analysis
worker process (a job of viewer.jobs, shared with the best shot), so
neither its search nor the physics of its flick runs on the frame thread, and it plays no
sooner than `PAUSE` seconds after its turn came, so a person sees it think; the message line
and the turn log then say what it chose.

While it thinks the window is in the `computer` mode (`ComputerMode`): the camera keys and the
mouse still work, Esc or F4 takes the seat back. It plays only at the end of a line (browsing
back to an earlier position where a bot seat is to move starts nothing).
"""
from __future__ import annotations

import time

from games.api import CHANCE, TERMINAL
from viewer import keys as K
from viewer.keys import Key
from viewer.modes import PlayMode

#: Seconds between the bot's turn coming and its move, at least (its "thinking" pause).
PAUSE = 1.2
#: The name of the bot a game without strengths plays with.
OWN_BOT = "bot"


def strengths_for(game_name: str) -> list[str]:
    """The strengths a seat can be given for `game_name`, weakest first."""
    from games.registry import part

    named = part(game_name, "strengths")
    if named:
        return list(named)
    return [OWN_BOT] if _own_bot(game_name) is not None else []


def _own_bot(game_name: str):
    """The game's own bot (its manifest's `bot`), or None when it has none."""
    from games.registry import part

    return part(game_name, "bot")


def bot_player(game_name: str, strength: str):
    """`bot(state, rng) -> action` for a seat given at `strength` (ValueError if none)."""
    from analysis.registry import bot_for

    if strength == OWN_BOT:
        own = _own_bot(game_name)
        if own is None:
            raise ValueError(f"{game_name} has no bot")
        return own
    return bot_for(game_name, strength)


def choose_and_play(game_name: str, strength: str, state, seed: int):
    """In the worker: the bot's action for `state` and, for a simulated one, its step."""
    import numpy as np

    from games.registry import get_game

    game = get_game(game_name)
    action = bot_player(game_name, strength)(state, np.random.default_rng(seed))
    return action, game.apply(state, action)


class Thinking:
    """One turn the bot is working out: the job (viewer.jobs) of `choose_and_play`, where it
    started."""

    def __init__(self, node, seat: int, strength: str, job):
        self.node, self.seat, self.strength, self.job = node, seat, strength, job
        self.started = time.monotonic()

    def ready(self) -> bool:
        return self.job.finished and time.monotonic() - self.started >= PAUSE


class ComputerSeats:
    """Which seats the computer plays, and the turn it is thinking about (if any)."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.seats: dict[int, str] = {}
        self.thinking: Thinking | None = None
        self._seed = 0
        self.played = 0  # moves the bot has played (tests wait on it)
        self.last_choice = ""
        ctl.app.frame.add("jobs", self._frame, "flickbook-computer")

    # --- seats ----------------------------------------------------------------------------
    def give(self, seats: dict[int, str]) -> None:
        """Give `seats` ({seat: strength}) to the computer (checked: ValueError)."""
        game = self.ctl.session.game.name
        for seat, strength in seats.items():
            bot_player(game, strength)
            self.seats[int(seat)] = strength
        self.ctl.app.wake()

    def cycle_seat_to_move(self) -> None:
        """F4: the seat to move goes to the computer, then to each stronger bot, then back."""
        ctl = self.ctl
        seat = ctl.session.current_player
        if seat < 0:
            ctl.say("No seat is to move here")
            return
        options = strengths_for(ctl.session.game.name)
        if not options:
            ctl.say(f"{ctl.session.game.title} has no computer player")
            return
        now = self.seats.get(seat)
        order = [None] + options
        following = order[(order.index(now) + 1) % len(order)] if now in order else options[0]
        self.stop()
        if following is None:
            self.seats.pop(seat, None)
            ctl.say(f"Seat {seat + 1} is played by a person again")
        else:
            self.seats[seat] = following
            ctl.say(f"Seat {seat + 1} is played by the computer ({following}); "
                    f"F4 again: {'a person' if following == options[-1] else 'stronger'}")

    def take_back(self) -> None:
        """Esc while the computer thinks (computer mode, viewer.commands.where): the seat to
        move is a person's again."""
        seat = self.thinking.seat
        self.stop()
        self.seats.pop(seat, None)
        self.ctl.say(f"Seat {seat + 1} is played by a person again")

    def stop(self) -> None:
        """Forget the turn being thought about (its result, when it comes, is dropped)."""
        if self.thinking is not None:
            self.ctl.app.jobs.cancel(self.thinking.job)
            self.thinking = None
            self.ctl.app.wake()

    def close(self) -> None:
        self.stop()

    def label(self, seat: int) -> str:
        return f"Computer ({self.seats[seat]}, seat {seat + 1})"

    # --- the frame --------------------------------------------------------------------------
    def _frame(self, task):
        ctl = self.ctl
        t = self.thinking
        if t is not None:
            if ctl.session.node is not t.node or self.seats.get(t.seat) != t.strength:
                self.stop()  # the user went elsewhere or took the seat: the thought is stale
            elif t.ready():
                self.thinking = None
                self._play(t)
            else:
                ctl.app.wake()  # the thinking line's dots move
                ctl.panel.set_message(f"{self.label(t.seat)} is thinking"
                                      + "." * (1 + int(time.monotonic() * 3) % 3))
            return task.cont
        if self._turn_is_ours():
            self._start()
        return task.cont

    def _turn_is_ours(self) -> bool:
        ctl = self.ctl
        if not self.seats or ctl.mode != "play" or ctl.moves.pending is not None:
            return False
        node = ctl.session.node
        if node.variations or ctl.app.animating or ctl.app.shown_node is not node:
            return False  # not at the end of the line, or the last move is still playing
        seat = ctl.session.game.current_player(node.state)
        return seat not in (CHANCE, TERMINAL) and seat in self.seats

    def _start(self) -> None:
        ctl = self.ctl
        node = ctl.session.node
        seat = ctl.session.current_player
        self._seed += 1  # in the window's analysis worker (shared with the best shot)
        job = ctl.app.jobs.submit("computer", "viewer.computer:choose_and_play",
                                  ctl.session.game.name, self.seats[seat], node.state,
                                  self._seed, lane="process", position=node)
        self.thinking = Thinking(node, seat, self.seats[seat], job)
        ctl.refresh_soon()  # the mode machine sees the computer's turn

    def _play(self, t: Thinking) -> None:
        ctl = self.ctl
        if t.job.status != "done":  # a failed search is a message, not a crash
            self.seats.pop(t.seat, None)
            ctl.say(f"{self.label_of(t)} could not move ({t.job.error}); the seat is a "
                    "person's again")
            return
        action, step = t.job.result
        if not ctl.moves.play(action, step=step if ctl.app.scene.simulates(action) else None):
            self.seats.pop(t.seat, None)
            ctl.say(f"{self.label_of(t)} could not play {action}; the seat is a person's again")
            return
        self.played += 1
        played = ctl.session.node
        self.last_choice = f"{self.label_of(t)} chose {ctl.app.scene.action_label(played)}"
        ctl.say(self.last_choice + (". " + ctl.message_text if ctl.message_text else ""))

    @staticmethod
    def label_of(t: Thinking) -> str:
        return f"Computer ({t.strength}, seat {t.seat + 1})"


class ComputerMode(PlayMode):
    """The computer is thinking about its turn: the camera keys and the mouse's camera drags
    still work, nothing reaches the game, Esc or F4 takes the seat back."""

    name = "computer"
    groups = ([Key(e, "computer_take_back", "Take the seat back (the computer stops)")
               for e in ("escape", "f4")], K.HELP, K.CAMERA, K.SCREENSHOT, K.MOVE_LIST)
    scene_keys = None

    def gestures(self):
        return [("Drag (any button)", "Orbit the camera"), ("Shift+drag", "Pan the camera"),
                K.ZOOM]

    def holds(self) -> bool:
        return self.host.computer_thinking()

    def press(self, button, mods, pos):
        return self.host.camera_drag(button, pos, "pan" if mods == "shift-" else "orbit")
