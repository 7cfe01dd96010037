"""Glonk lessons: a flick is right when it succeeds often enough under the hand's scatter.

A hand never flicks exactly as meant, so a lesson does not ask for one exact vector: the
learner's flick is taken as an intent and flicked `samples` times with the skill's scatter
through the real physics and rules (analysis.glonk.explore, the shot explorer), and it is
right when the author's outcome (boarding possible after it, the assault's target atomised, a
standard propulsion, ...) happens at least `at_least` of the time. What the flick itself did is
what plays out in the window, right or wrong.
"""
from __future__ import annotations

from games.glonk import GAME
from games.glonk.actions import Flick
from analysis.lessons import LessonHouse, Verdict
from analysis.lessons.wording import percents_apart

#: What a lesson may ask a flick to do: the shot explorer's outcomes, and "standard".
OUTCOME_WORDS = {
    "board_after": "leave it able to board",
    "atomise_target": "atomise the assault's target",
    "atomise_enemy": "atomise an enemy piece",
    "standard": "end as a standard propulsion",
    "lose_piece": "lose the flicked piece",
    "black_hole": "touch the Black Hole",
    "lost_in_space": "leave the Galaxy",
}
DEFAULT_SAMPLES = 48
DEFAULT_SKILL = "club"


class GlonkLessons(LessonHouse):
    kinds = ("chance",)
    game = GAME
    outcomes = OUTCOME_WORDS

    def own_problem(self, state, accept):
        from analysis.glonk.skill import skill_named

        if accept["outcome"] not in OUTCOME_WORDS:
            return (f"unknown outcome {accept['outcome']!r}: one of "
                    f"{', '.join(OUTCOME_WORDS)}")
        try:
            skill_named(accept.get("skill", DEFAULT_SKILL))
        except ValueError as exc:
            return str(exc)
        if GAME.current_player(state) < 0 or state.phase != "actions":
            return "a Glonk question needs a player about to flick (the actions phase)"
        return None

    def success(self, report: dict, outcome: str) -> float:
        if outcome == "standard":
            return float(report["p_standard"])
        return float(report["outcomes"][outcome])

    def own_judge(self, state, accept, action, step=None) -> Verdict:
        from analysis.glonk import explore

        outcome = accept["outcome"]
        if not isinstance(action, Flick):
            return Verdict(False, f"a flick is asked for here: one that should "
                                  f"{OUTCOME_WORDS[outcome]}")
        skill = accept.get("skill", DEFAULT_SKILL)
        report = explore(state, action, skill, samples=int(accept.get("samples", DEFAULT_SAMPLES)),
                         seed=int(accept.get("seed", 0)), progress=False)
        chance = self.success(report, outcome)
        need = float(accept["at_least"])
        figures = {"chance": chance, "at_least": need, "samples": report["samples"],
                   "skill": skill, "expected_value": report["expected_value"]}
        chance_words, need_words = percents_apart(chance, need)
        hits = round(chance * report["samples"])
        words = (f"{hits} of {report['samples']} {skill}-skill flicks like this "
                 f"{OUTCOME_WORDS[outcome]} ({chance_words})")
        if chance + 1e-12 >= need:
            return Verdict(True, words, (), figures)
        return Verdict(False, f"only {words}; at least {need_words} should", (), figures)

    def default_accept(self, state, answer=None) -> dict:
        """From the author's flick: its assault's target, else boarding if it may board after,
        else a standard propulsion; at least half the time at club skill."""
        outcome = "standard"
        if answer is not None and isinstance(answer.action, Flick):
            kinds = {e.kind for e in answer.step.events}
            if answer.action.assault:
                outcome = "atomise_target"
            elif "may_board" in kinds:
                outcome = "board_after"
        return {"kind": "chance", "outcome": outcome, "at_least": 0.5,
                "skill": DEFAULT_SKILL, "samples": DEFAULT_SAMPLES}

    def own_accept_words(self, state, accept) -> str:
        outcome = OUTCOME_WORDS.get(accept.get("outcome"), str(accept.get("outcome")))
        return (f"Any flick that will {outcome} at least "
                f"{100 * float(accept.get('at_least', 0)):.0f} % of the time "
                f"({accept.get('skill', DEFAULT_SKILL)} skill)")


HOUSE = GlonkLessons()
