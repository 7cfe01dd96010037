"""A puzzle's or a lesson's own commands: H's next hint, and F3's lesson panel (on an analysed
game, first a question: write a lesson, or learn from its mistakes).
"""
from __future__ import annotations


class Teaching:
    """H and F3, for the puzzle box, the lesson box and the lesson panel the window holds."""

    def __init__(self, ctl):
        self.ctl = ctl

    def commands(self) -> dict:
        return {"hint": self.hint, "lessons": self.lessons}

    def hint(self) -> None:
        ctl = self.ctl
        if ctl.lesson_box.active:
            ctl.lesson_box.hint()
            return
        ctl.puzzle_box.hint()

    def lessons(self) -> None:
        """F3: the lesson authoring panel (again: closed); on an analysed record with mistakes,
        first a question: write a lesson, or learn from the mistakes."""
        ctl = self.ctl
        if ctl.lesson_panel.active or not ctl.lesson_box.has_mistakes():
            ctl.lesson_panel.toggle()
            return
        ctl.dialogs.ask("Lessons: write one here, or try each marked mistake of this game again?",
                        [("Write a lesson", ctl.lesson_panel.toggle),
                         ("Learn from mistakes", ctl.lesson_box.learn_from_mistakes),
                         ("Cancel", None)])
