"""The best shot in the window (B): the best robust move for the player to move, found in the
background, drawn on the table with its odds, then played (Enter) or kept as a variation
(Shift+Enter).

The search is the game's analysis part `best_shot` (Glonk: `analysis.glonk.best_shot`, the
flick with the highest expected value under the skill's scatter) at the skill chosen in the
panel (the scene says which). It runs in a worker process, so neither the search nor its
physics touches the frame thread; the message line counts the flicks it has tried, and B again
or Esc stops it at once (the worker is ended). The answer belongs to the position it was asked
for: stepping elsewhere drops it. Playing it and adding it as a variation are edits like any
other, so Ctrl+Z takes either back. The scene draws the answer (`show_best_shot`) and says it
in words (`best_shot_words`); a game without the search says so.
"""
from __future__ import annotations

import multiprocessing
import os
import queue as queue_module
import time
from dataclasses import dataclass

#: Flicks the window's search may try, and the scattered flicks each finalist gets (the odds
#: shown come from those): about 130 flicks, a few seconds on one core.
WINDOW_BUDGET = 128
WINDOW_SAMPLES = 20
#: The seed of the window's searches (the same position gives the same answer every time).
WINDOW_SEED = 5
#: The skill searched at when the scene names none (the shot bot's default).
DEFAULT_SKILL = "club"


def worker_main(requests, results, parent: int | None = None) -> None:
    """In the worker: answer each ("search", job, game, state, skill, budget, samples, seed)
    with ("progress", job, done, planned) as batches finish, then ("done", job, summary,
    step) (the step of the chosen action, so it plays at once), ("none", job) when the player
    has no move to search, or ("error", job, text). ("stop",) ends the loop; so does the end
    of the viewer process `parent` (a viewer that was killed cannot say stop)."""
    from concurrent.futures import ThreadPoolExecutor

    from analysis.executors import silence_stdout
    from analysis.registry import part_for
    from games.registry import get_game

    if parent is not None:
        from viewer.computer import _follow_parent

        silence_stdout()  # PyBullet's banner is not the terminal's business
        _follow_parent(parent)

    executor = ThreadPoolExecutor(1)  # one batch at a time: each one's count comes back
    while True:
        message = requests.get()
        if message[0] != "search":
            return
        _, job, game_name, state, skill, budget, samples, seed = message
        try:
            search = part_for(game_name, "best_shot")
            game = get_game(game_name)
            found = search(state, skill, budget=budget, samples_per_candidate=samples,
                           seed=seed, executor=executor, progress=False,
                           on_progress=lambda done, planned: results.put(
                               ("progress", job, done, planned)))
            if found is None:
                results.put(("none", job))
                continue
            found = {k: v for k, v in found.items() if k != "end_histogram"}
            step = game.apply(state, game.parse_action(state, found["action"]))
            results.put(("done", job, found, step))
        except Exception as exc:  # noqa: BLE001 - said in the window, never a traceback
            results.put(("error", job, f"{type(exc).__name__}: {exc}"))


@dataclass
class Asked:
    """A search under way: the position it is for, its job number, how far it has got."""

    node: object
    record: object
    job: int
    skill: str
    started: float
    done: int = 0
    planned: int = 0


@dataclass
class Shot:
    """The answer for `node`: the action, its simulated step and the search's summary."""

    node: object
    action: object
    step: object
    summary: dict
    words: str


class BestShotAsk:
    """B, Enter and Shift+Enter in the window: the search, its thinking line and its answer."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.process = None
        self.requests = None
        self.results = None
        self._job = 0
        self.asked: Asked | None = None
        self.shot: Shot | None = None
        self.found = 0  # answers shown (tests wait on these)
        self.played = 0
        self.added = 0
        self._drawn_for = None  # (scene, shot) last drawn
        ctl.app.frame.add("jobs", self._frame, "flickbook-best-shot")

    # --- the keys -----------------------------------------------------------------------------
    def toggle(self) -> None:
        """B: ask for the best shot here; again while it thinks (or while one is shown): stop."""
        if self.asked is not None:
            self.cancel()
            self.ctl.say("Best shot: search cancelled")
        elif self.shot is not None:
            self.hide()
            self.ctl.say("Best shot hidden")
        else:
            self.start()

    def escape(self) -> bool:
        """Esc: stop the search or hide the answer (True when there was one to stop)."""
        if self.asked is None and self.shot is None:
            return False
        self.toggle()
        return True

    def start(self) -> None:
        from analysis.registry import part_for

        ctl = self.ctl
        session = ctl.session
        game = session.game
        if part_for(game.name, "best_shot") is None:
            ctl.say(f"{game.title} has no best-shot search (it searches Glonk flicks)")
            return
        if ctl.editor.active:
            ctl.say("Setting up: press F2 (Done) first, then B for the best shot")
            return
        node = session.node
        if game.current_player(node.state) < 0:
            ctl.say("Best shot: nobody is to move here")
            return
        skill = self.skill()
        self._job += 1
        self._send(("search", self._job, game.name, node.state, skill, WINDOW_BUDGET,
                    WINDOW_SAMPLES, WINDOW_SEED))
        self.asked = Asked(node, session.record, self._job, skill, time.monotonic())
        self._say_thinking()

    def skill(self) -> str:
        """The skill the panel has chosen (the scene's answer), else the bot's default."""
        return self.ctl.app.scene.best_shot_skill() or DEFAULT_SKILL

    def play(self) -> None:
        """Enter: play the shown best shot at its position (a new variation if the line goes
        elsewhere), like a flick of your own."""
        shot = self._usable("plays")
        if shot is None:
            return
        if self.ctl.play_action(shot.action, step=shot.step):
            self.played += 1
            self.shot = None
            self._drawn(None)

    def add(self) -> None:
        """Shift+Enter: keep the shown best shot as a variation; the cursor and the main line
        stay where they are."""
        shot = self._usable("adds")
        if shot is None:
            return
        ctl = self.ctl
        node = shot.node
        if node.child_for(str(shot.action)) is not None:
            ctl.say("The best shot is already in the record here")
            return
        was_main = not node.variations
        ctl.session.add_variation(shot.action, step=shot.step, parent=node)
        self.added += 1
        ctl.say("Best shot added as " + ("the continuation" if was_main else "a variation")
                + " (Ctrl+Z takes it back; Enter plays it)")

    def _usable(self, verb: str) -> Shot | None:
        ctl = self.ctl
        if self.asked is not None:
            ctl.say("Best shot: still thinking (B or Esc cancels)")
            return None
        if self.shot is None or self.shot.node is not ctl.session.node:
            ctl.say(f"Enter {verb} the best shot: press B to ask for one first"
                    if verb == "plays" else "Shift+Enter adds the best shot: press B first")
            return None
        return self.shot

    # --- buttons and the probe ------------------------------------------------------------------
    def buttons(self) -> list:
        """(label, callback) for the bar while an answer is shown."""
        if self.shot is None or self.shot.node is not self.ctl.session.node:
            return []
        return [("Play best", self.play), ("Add variation", self.add)]

    def probe(self) -> dict:
        shot = self.shot
        return {"thinking": self.asked is not None,
                "progress": [self.asked.done, self.asked.planned] if self.asked else None,
                "action": str(shot.action) if shot else None,
                "words": shot.words if shot else None,
                "drawn": self.ctl.app.scene.best_shot_drawn(),
                "buttons": [b["text"] for b in self.ctl.panel.turn_buttons],
                "found": self.found, "played": self.played, "added": self.added}

    # --- stopping -------------------------------------------------------------------------------
    def cancel(self) -> None:
        """Stop the search under way: its worker is ended (a fresh one starts next time)."""
        self.asked = None
        self._stop_worker(at_once=True)
        self.ctl.app.wake()

    def hide(self) -> None:
        self.shot = None
        self._drawn(None)

    def close(self) -> None:
        self.asked = None
        self.shot = None
        self._stop_worker(at_once=False)

    def _send(self, message) -> None:
        if self.process is None or not self.process.is_alive():
            context = multiprocessing.get_context("spawn")  # a fresh interpreter: no GL state
            self.requests, self.results = context.Queue(), context.Queue()
            self.process = context.Process(target=worker_main, name="flickbook-best-shot",
                                           args=(self.requests, self.results, os.getpid()),
                                           daemon=True)
            self.process.start()
        self.requests.put(message)

    def _stop_worker(self, at_once: bool) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if not at_once:
                self.requests.put(("stop",))
                process.join(1.0)
        except (OSError, ValueError):
            pass
        if process.is_alive():
            process.terminate()
            process.join(2.0)
        self.requests = self.results = None

    # --- the frame ------------------------------------------------------------------------------
    def _frame(self, task):
        ctl = self.ctl
        if self.asked is not None:
            if (ctl.session.record is not self.asked.record
                    or ctl.session.node is not self.asked.node):
                self.cancel()  # the position changed: the answer would not belong here
                ctl.say("Best shot: search dropped (the position changed)")
            else:
                self._read()
        if self.shot is not None and (ctl.session.record is not self.shot.node.record
                                      or ctl.session.node is not self.shot.node):
            self.hide()
        elif self.shot is not None and not ctl.app.animating:
            self._drawn(self.shot)
        return task.cont

    def _read(self) -> None:
        asked = self.asked
        messages = []
        while self.results is not None:
            try:
                messages.append(self.results.get_nowait())
            except (queue_module.Empty, OSError, EOFError, ValueError):
                break
        for message in messages:
            if message[1] != asked.job:
                continue  # an answer to a search that was stopped
            kind = message[0]
            if kind == "progress":
                asked.done, asked.planned = message[2], message[3]
            elif kind == "done":
                self._answer(asked, message[2], message[3])
                return
            elif kind == "none":
                self.asked = None
                self.ctl.say("Best shot: there is no flick to search here")
                return
            elif kind == "error":
                self.asked = None
                self.ctl.say(f"Best shot: the search failed ({message[2]})")
                return
        if self.process is not None and not self.process.is_alive():
            self.asked = None
            self.process = None
            self.ctl.say("Best shot: the search stopped without an answer")
            return
        self._say_thinking()

    def _say_thinking(self) -> None:
        a = self.asked
        dots = "." * (1 + int(time.monotonic() * 3) % 3)
        count = f": {a.done} of {a.planned} flicks" if a.planned else ""
        text = f"Best shot: thinking at {a.skill} skill{count}{dots} (B or Esc cancels)"
        if text != self.ctl.message_text:
            self.ctl.say(text)
        self.ctl.app.wake()  # the dots move

    def _answer(self, asked: Asked, summary: dict, step) -> None:
        ctl = self.ctl
        state = asked.node.state
        action = ctl.session.game.parse_action(state, summary["action"])
        words = ctl.app.scene.best_shot_words(state, action, summary)
        self.asked = None
        self.shot = Shot(asked.node, action, step, summary, words)
        self.found += 1
        self._drawn(self.shot)
        ctl.say(f"Best shot at {asked.skill} skill: Enter plays it, Shift+Enter keeps it")

    def _drawn(self, shot: Shot | None) -> None:
        """Have the scene draw `shot` (None: nothing), once per change."""
        scene = self.ctl.app.scene
        if self._drawn_for is not None and self._drawn_for[0] is scene \
                and self._drawn_for[1] is shot:
            return
        self._drawn_for = (scene, shot)
        if shot is None:
            scene.clear_best_shot()
        else:
            scene.show_best_shot(shot.node.state, shot.action, shot.summary, shot.step)
        self.ctl.refresh_soon()  # the bar's buttons
