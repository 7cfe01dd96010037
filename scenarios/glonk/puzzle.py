"""An opened Glonk scenario (a tutorial, a puzzle): words, hints one at a time, and whether
the line played from its start meets the checked goal. No window: the puzzle box shows it."""
from __future__ import annotations

from scenarios.authoring import OpenedScenario
from games.glonk.goals import goal_met, goal_words


class Puzzle(OpenedScenario):
    """An opened Glonk scenario: words, hints one at a time, and whether the goal is met."""

    noun = "scenario"

    def __init__(self, record, solution=None):
        super().__init__(record)
        self.best = None

    @classmethod
    def of(cls, record, solution=None) -> "Puzzle | None":
        """The scenario of a record with a goal or hints (None for anything else)."""
        info = record.scenario or {}
        if record.kind != "scenario" or not (info.get("goal") or info.get("hints")):
            return None
        return cls(record, solution)

    def intro(self) -> str:
        """The goal, and the verdict verifying found (when the scenario stores one)."""
        return goal_words(self.goal) + self.verdict_words()

    def check(self, node) -> str | None:
        """'Goal met in N actions' when the position at `node` (reached from the scenario's
        start) meets the checked goal; None otherwise."""
        depth, cur = 0, node
        while cur is not None and cur is not self.record.root:
            depth, cur = depth + 1, cur.parent
        if cur is None or depth == 0 or not goal_met(node.state, self.goal):
            return None
        parent_met = node.parent is not self.record.root and goal_met(node.parent.state, self.goal)
        if parent_met:
            return None  # said already
        return f"Goal met in {depth} action{'s' if depth != 1 else ''}!"

    def outcome(self, node) -> bool | None:
        """True once the position at `node` meets the goal, False when the puzzle player's
        turn (or the game) is over without it, None while it is open."""
        cur = node
        while cur is not None and cur is not self.record.root:
            cur = cur.parent
        if cur is None or node is self.record.root:
            return None
        if goal_met(node.state, self.goal):
            return True
        state, start = node.state, self.record.root.state
        if state.phase == "over" or state.turn_player != start.turn_player:
            return False
        return None
