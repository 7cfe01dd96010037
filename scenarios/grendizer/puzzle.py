"""An opened Grendizer XperienZ puzzle: its words, hints one at a time, and whether the line
played from its start met the goal (checked after each action) or failed it. No window: the
viewer's puzzle box shows what this says."""
from __future__ import annotations

from scenarios.authoring import OpenedScenario

from games.grendizer.solver import FAILED, MET, goal_status, goal_words


class Puzzle(OpenedScenario):
    """An opened Grendizer puzzle: words, hints, the stored verdict, and the goal check."""

    def __init__(self, record, solution=None):
        super().__init__(record)
        self.best = (self.scenario.verdict or {}).get("cost")

    @classmethod
    def of(cls, record, solution=None) -> "Puzzle | None":
        info = record.scenario or {}
        if record.kind != "scenario" or not info.get("goal"):
            return None
        return cls(record, solution)

    def intro(self) -> str:
        return goal_words(self.goal) + self.verdict_words()

    def status(self, node) -> str | None:
        """MET, FAILED or None for the line from the puzzle's start to `node` (the first
        action after which the goal was decided decides it)."""
        path, cur = [], node
        while cur is not None and cur is not self.record.root:
            path.append(cur)
            cur = cur.parent
        if cur is None:
            return None
        start = self.record.root.state
        for n in reversed(path):
            status = goal_status(start, n.state, self.goal)
            if status is not None:
                return status
        return None

    def outcome(self, node) -> bool | None:
        """True when the line to `node` met the goal, False when it failed, None while open."""
        status = self.status(node)
        return None if status is None else status == MET

    def check(self, node) -> str | None:
        """'Goal met in N turns!' or 'Goal failed' on the action that decides it; else None."""
        status = self.status(node)
        if status is None or (node.parent is not None and node.parent is not self.record.root
                              and self.status(node.parent) is not None):
            return None
        if status == FAILED:
            return "Goal failed: press Left to step back and try another line"
        turns = node.parent.state.turn - self.record.root.state.turn + 1
        if self.goal.get("type") != "destroy":
            turns = self.goal["turns"]
        best = f" (best: {self.best})" if self.best is not None else ""
        return f"Goal met in {turns} turn{'s' if turns != 1 else ''}!{best}" if status == MET else None
