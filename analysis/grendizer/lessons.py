"""Grendizer XperienZ lessons: a decision is right when its win chance is within `max_loss`
of the best decision's.

Every legal decision at the question is played out `rollouts` times by the team bot
(analysis.grendizer, the analyser behind `flickbook analyse`), each from the same seeds
(common random numbers: the decisions meet the same cards, so their difference is measured
with far less noise than either chance). The figures are kept per position, so a second try
answers at once. A wrong decision is shown played on by the team bot for a few actions.
"""
from __future__ import annotations

import json
import threading

import numpy as np

from games.grendizer.rules import GAME
from analysis.lessons import LessonHouse, Verdict
from analysis.lessons.wording import percent, percents_apart

DEFAULT_ROLLOUTS = 200
PLAY_ON = 6  # actions of the bot after a wrong decision


class GrendizerLessons(LessonHouse):
    kinds = ("loss",)
    game = GAME

    def __init__(self):
        self._chances: dict[tuple, dict[str, float]] = {}
        self._lock = threading.Lock()

    def own_problem(self, state, accept):
        if GAME.current_player(state) < 0:
            return "a Grendizer question needs a player to decide (not a draw, not the end)"
        if len(GAME.legal_actions(state)) < 2:
            return "there is only one thing to do here: nothing to ask"
        return None

    def chances(self, state, accept) -> dict[str, float]:
        """Each legal decision's win chance for the team (same seeds for every decision)."""
        from analysis.registry import analyser_for

        rollouts = int(accept.get("rollouts", DEFAULT_ROLLOUTS))
        seed = int(accept.get("seed", 0))
        key = (json.dumps(GAME.state_to_json(state), sort_keys=True), rollouts, seed)
        with self._lock:
            known = self._chances.get(key)
        if known is not None:
            return known
        analyser = analyser_for("grendizer")
        actions = GAME.legal_actions(state)
        after = [GAME.apply(state, a).state for a in actions]
        seeds = [np.random.SeedSequence(seed)] * len(after)
        wins = analyser.win(after, budget=rollouts, seeds=seeds)
        seat = analyser.viewpoint(state)
        out = {str(a): float(w["win"][seat]) for a, w in zip(actions, wins)}
        with self._lock:
            self._chances[key] = out
        return out

    def own_judge(self, state, accept, action, step=None) -> Verdict:
        chances = self.chances(state, accept)
        text = str(action)
        if text not in chances:
            return Verdict(False, "that is not a decision the rules allow here")
        best = max(chances.values())
        mine = chances[text]
        loss = best - mine
        limit = float(accept["max_loss"])
        figures = {"win": mine, "best_win": best, "loss": loss, "max_loss": limit,
                   "rollouts": int(accept.get("rollouts", DEFAULT_ROLLOUTS))}
        mine_words, best_words = percents_apart(mine, best)
        if loss <= limit + 1e-12:
            return Verdict(True, f"the team wins {mine_words} of games from here"
                                 + (" (the best)" if loss <= 1e-12 else
                                    f" (the best decision {best_words})"), (), figures)
        return Verdict(False, f"the team wins only {mine_words} of games after this; the best "
                              f"decision here wins {best_words}", self.play_on(state, action),
                       figures)

    def better_answer(self, state, accept, action) -> str | None:
        """The decision with the best win chance, when it is not `action` and wins more."""
        if accept.get("kind") != "loss":
            return None
        from games.notation import move_text

        chances = self.chances(state, accept)
        best = max(chances, key=lambda k: (chances[k], k == str(action)))
        if best == str(action) or chances[best] <= chances.get(str(action), 0.0) + 1e-12:
            return None
        try:
            words = move_text(GAME, state, GAME.parse_action(state, best))
        except Exception:  # noqa: BLE001 - a decision without words keeps its text
            words = best
        return (f"{words} is better: the team wins {percent(chances[best])} after it, "
                f"{percent(chances.get(str(action), 0.0))} after this answer")

    def refutation(self, state, action) -> tuple[str, ...]:
        return self.play_on(state, action)

    def play_on(self, state, action) -> tuple[str, ...]:
        """What comes of a decision: the team bot plays on for a few actions (seeded)."""
        from games.grendizer.bot import choose_action

        rng = np.random.default_rng(0)
        s = GAME.apply(state, action).state
        line = []
        for _ in range(PLAY_ON):
            if GAME.is_terminal(s):
                break
            a = choose_action(s, rng)
            line.append(str(a))
            s = GAME.apply(s, a).state
        return tuple(line)

    def default_accept(self, state, answer=None) -> dict:
        return {"kind": "loss", "max_loss": 0.1, "rollouts": DEFAULT_ROLLOUTS}

    def own_accept_words(self, state, accept) -> str:
        return (f"Any decision within {percent(float(accept.get('max_loss', 0)))} win chance of "
                f"the best ({int(accept.get('rollouts', DEFAULT_ROLLOUTS))} playouts each)")


HOUSE = GrendizerLessons()
