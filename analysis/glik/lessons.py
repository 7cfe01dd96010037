"""Glik lessons: a move is right when it lies on a shortest line to the goal (the exact solver).

The goal has a puzzle's form (games.glik.solver: `count` or `stones`, for the player to move).
A move is right when the AP it spends plus the fewest AP the goal still needs after it equal
the fewest the goal needed before it, within the turn. A wrong move is shown with what it costs:
the solver's best line from after it (which takes longer, or cannot reach the goal this turn).
"""
from __future__ import annotations

from games.glik.rules import GAME
from games.glik.solver import Goal, action_kind, goal_met, solve, track
from analysis.lessons import LessonHouse, Verdict


def _spent(before, step) -> int:
    ended = next((e for e in step.events if e.kind == "turn_ended"), None)
    if ended is not None:
        return int(ended.data["ap_spent"]) - before.ap_spent
    return step.state.ap_spent - before.ap_spent


def _after_goal(goal: dict, events) -> dict:
    """The goal with its named stones followed to where the move left them."""
    if not goal.get("stones"):
        return goal
    return {**goal, "stones": [list(s) for s in track(tuple(tuple(s) for s in goal["stones"]),
                                                       events)]}


class GlikLessons(LessonHouse):
    kinds = ("optimal",)
    game = GAME

    def own_problem(self, state, accept):
        if state.phase != "play":
            return "a Glik question needs a play-phase position"
        try:
            result = solve(state, accept["goal"])
        except (ValueError, KeyError, TypeError) as exc:
            return f"the goal cannot be used: {exc}"
        if not result.solved:
            return "the goal cannot be reached within the turn from here"
        return None

    def own_judge(self, state, accept, action, step=None) -> Verdict:
        goal = accept["goal"]
        best = solve(state, goal)
        if not best.solved:
            return Verdict(False, "the goal cannot be reached from here")
        kinds = Goal.from_json(goal).actions
        kind = action_kind(state, action)
        if kind not in kinds:
            return Verdict(False, f"this question is solved with {' and '.join(kinds)} "
                                  f"moves only, not a {kind or 'move of that kind'}")
        step = step or GAME.apply(state, action)
        after = step.state
        spent = _spent(state, step)
        goal_after = _after_goal(goal, step.events)
        figures = {"best_ap": best.cost, "spent_ap": spent}
        if goal_met(after, goal, [tuple(s) for s in goal_after.get("stones", [])] or None):
            need = 0
            line: list[str] = []
        elif after.turn != state.turn or after.phase != "play":
            return Verdict(False, f"the turn is over and the goal is not met (it takes "
                                  f"{best.cost} AP: {' ; '.join(best.line)})", (), figures)
        else:
            rest = solve(after, goal_after)
            if not rest.solved:
                return Verdict(False, f"after this the goal cannot be reached this turn; it "
                                      f"takes {best.cost} AP from the question", (), figures)
            need, line = rest.cost, list(rest.line)
        total = spent + need
        figures.update(total_ap=total)
        if total == best.cost:
            return Verdict(True, "the goal is met in the fewest AP" if need == 0 else
                           f"on a shortest way ({need} AP to go)", (), figures)
        return Verdict(False, f"this way takes {total} AP; it can be done in {best.cost}",
                       tuple(line), figures)

    def default_accept(self, state, answer=None) -> dict:
        """One more stone of the player to move into touch, the fewest AP way."""
        return {"kind": "optimal",
                "goal": Goal(state.turn, count=state.touching()[state.turn] + 1).to_json()}

    def own_accept_words(self, state, accept) -> str:
        from scenarios.glik.editor import goal_words

        goal = accept.get("goal") or {}
        try:
            words = goal_words(goal, state.colours).removeprefix("Goal: ")
            return f"Any shortest way to this goal: {words}"
        except Exception:  # noqa: BLE001 - words are a courtesy; a goal that cannot be read is shown raw
            return f"Any shortest way to {goal}"


HOUSE = GlikLessons()
