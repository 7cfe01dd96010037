"""The best shot in the window (B): the best robust move for the player to move, found in the
background, drawn on the table with its odds, then played (Enter) or kept as a variation
(Shift+Enter).

The search is the game's analysis part `best_shot` (Glonk: `analysis.glonk.best_shot`, the
flick with the highest expected value under the skill's scatter) at the skill chosen in the
panel (the scene says which). It runs in the window's one analysis worker process (a job of
`viewer.jobs`, process lane), so neither the search nor its physics touches the frame thread;
the message line counts the flicks it has tried, and B again or Esc stops it at once (its
answer is dropped; the worker drops the search at its next batch). The answer belongs to the
position it was asked for: stepping elsewhere drops it. Playing it and adding it as a variation are edits like any
other, so Ctrl+Z takes either back. The scene draws the answer (`show_best_shot`) and says it
in words (`best_shot_words`); a game without the search says so.
"""
from __future__ import annotations

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


def best_shot_search(game_name: str, state, skill: str, budget: int, samples: int, seed: int,
                     on_progress=None, executor=None):
    """In the window's analysis worker (viewer.jobs, process lane): ("done", summary, step)
    (the step of the chosen action, so it plays at once) or ("none",) when the player has no
    move to search; `on_progress(done, planned)` as batches finish, one at a time on the
    worker's `executor` (each one's count comes back; in the caller's thread without one)."""
    from analysis.executors import InProcessExecutor
    from analysis.registry import part_for
    from games.registry import get_game

    search = part_for(game_name, "best_shot")
    game = get_game(game_name)
    found = search(state, skill, budget=budget, samples_per_candidate=samples, seed=seed,
                   executor=executor or InProcessExecutor(), progress=False,
                   on_progress=on_progress or (lambda done, planned: None))
    if found is None:
        return ("none",)
    found = {k: v for k, v in found.items() if k != "end_histogram"}
    return ("done", found, game.apply(state, game.parse_action(state, found["action"])))


@dataclass
class Asked:
    """A search under way: the position it is for, its job number, how far it has got."""

    node: object
    record: object
    job: object  # its viewer.jobs.Job
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
        self.cancel()
        job = ctl.app.jobs.submit("best shot", "viewer.bestshot:best_shot_search", game.name,
                                  node.state, skill, WINDOW_BUDGET, WINDOW_SAMPLES, WINDOW_SEED,
                                  lane="process", position=node, on_done=self._done,
                                  on_error=self._failed, on_progress=self._progress)
        self.asked = Asked(node, session.record, job, skill, time.monotonic())
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
        if self.ctl.moves.play(shot.action, step=shot.step):
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
        """Stop the search under way: its job is cancelled (a running one ends the analysis
        worker at once; a fresh one starts next time)."""
        asked, self.asked = self.asked, None
        if asked is not None:
            self.ctl.app.jobs.cancel(asked.job)
        self.ctl.app.wake()

    def hide(self) -> None:
        self.shot = None
        self._drawn(None)

    def close(self) -> None:
        self.cancel()
        self.shot = None

    # --- the frame ------------------------------------------------------------------------------
    def _frame(self, task):
        ctl = self.ctl
        if self.asked is not None:
            if (ctl.session.record is not self.asked.record
                    or ctl.session.node is not self.asked.node):
                self.cancel()  # the position changed: the answer would not belong here
                ctl.say("Best shot: search dropped (the position changed)")
            else:
                self._say_thinking()
        if self.shot is not None and (ctl.session.record is not self.shot.node.record
                                      or ctl.session.node is not self.shot.node):
            self.hide()
        elif self.shot is not None and not ctl.app.animating:
            self._drawn(self.shot)
        return task.cont

    def _progress(self, job) -> None:
        if self.asked is not None and self.asked.job is job:
            self.asked.done, self.asked.planned = job.progress

    def _done(self, job) -> None:
        asked = self.asked
        if asked is None or asked.job is not job:
            return
        if job.result[0] == "none":
            self.asked = None
            self.ctl.say("Best shot: there is no flick to search here")
            return
        self._answer(asked, job.result[1], job.result[2])

    def _failed(self, job) -> None:
        if self.asked is not None and self.asked.job is job:
            self.asked = None
            self.ctl.say(f"Best shot: the search failed ({job.error})")

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
