"""An opened Glik puzzle: its words, hints one at a time, and whether the moves met the goal
(in how many AP, against the stored solution's best). No window: the viewer's puzzle box
shows what this says."""
from __future__ import annotations

from scenarios.authoring import OpenedScenario
from scenarios.glik.editor import goal_words


class Puzzle(OpenedScenario):
    """An opened puzzle: its words, hints one at a time, and whether the moves met the goal."""

    def __init__(self, record, solution=None):
        super().__init__(record)
        end = solution.end() if solution is not None else self._solution_in_tree()
        self.best = self._cost_of(end) if end is not None else None

    @classmethod
    def of(cls, record, solution=None) -> "Puzzle | None":
        """The puzzle of a scenario record with a goal (None for anything else); `solution`
        is its StoredSolution, whose end gives the best cost."""
        info = record.scenario or {}
        if record.kind != "scenario" or not info.get("goal"):
            return None
        return cls(record, solution)

    def _solution_in_tree(self):
        """The end of the solution line where the tree holds it (a record not opened to be
        solved keeps its solution as a line), else None."""
        node = self.record.root
        for text in self.scenario.solution:
            node = node.child_for(text)
            if node is None:
                return None
        return node if self.scenario.solution else None

    def _cost_of(self, node) -> int | None:
        """AP the puzzle's player spent on the way to `node` within their turn; None when
        the line went past the end of that turn (another player moved)."""
        path = []
        cur = node
        while cur is not None and cur is not self.record.root:
            path.append(cur)
            cur = cur.parent
        root = self.record.root.state
        spent = 0
        for i, n in enumerate(reversed(path)):
            ended = next((e for e in (n.step.events if n.step else ())
                          if e.kind == "turn_ended"), None)
            if ended is not None:
                if i != len(path) - 1:
                    return None  # moves after the turn ended
                spent = ended.data["ap_spent"] - root.ap_spent
            else:
                spent = n.state.ap_spent - root.ap_spent
        return spent

    def intro(self) -> str:
        return goal_words(self.goal, self.record.root.state.colours)

    def check(self, node) -> str | None:
        """'Solved in N AP (best: M)' when the line to `node` meets the goal; None if not."""
        return self.judge(node)[1]

    def outcome(self, node) -> bool | None:
        """True when the line to `node` solved the puzzle, False when it failed (the turn is
        over without the goal, or the goal came too late), None while it is open."""
        return self.judge(node)[0]

    def judge(self, node) -> tuple[bool | None, str | None]:
        from games.glik.solver import goal_met, track

        path = []
        cur = node
        while cur is not None and cur is not self.record.root:
            path.append(cur)
            cur = cur.parent
        if cur is None or not path:
            return None, None
        tracked = tuple(tuple(s) for s in self.goal.get("stones", []))
        for n in reversed(path):
            tracked = track(tracked, n.step.events if n.step is not None else ())
        if not goal_met(node.state, self.goal, tracked if tracked else None):
            if node.state.turn != self.record.root.state.turn and self._cost_of(node) is not None:
                return False, "The turn is over and the goal was not met: step back and try again"
            return None, None
        cost = self._cost_of(node)
        if cost is None:
            return False, "Goal met, but not within the turn"
        best = f" (best: {self.best})" if self.best is not None else ""
        return True, f"Solved in {cost} AP{best}"
