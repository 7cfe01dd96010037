"""A student over several days (issue 24): opens a course from the Learn list, fails a puzzle,
and finds it due on the Review shelf once its review time comes; solving it then ticks the
chapter in the course. Offscreen, driven through the window's own keys and buttons."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_failed_course_puzzle_comes_back_on_the_review_shelf(tmp_path):
    env = dict(os.environ, FLICKBOOK_SCENARIOS=str(tmp_path / "scen"),
               FLICKBOOK_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all review checks passed" in result.stdout


def child() -> None:
    import datetime as dt

    sys.path.insert(0, str(ROOT))
    from games.glik.actions import EndTurn
    from viewer.app import ViewerApp
    from viewer.dialogs import LearnOverlay
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller

    def learn() -> LearnOverlay:
        ctl._key("l")
        assert isinstance(ctl.dialog, LearnOverlay)
        return ctl.dialog

    dialog = learn()
    assert list(dialog.shelves) == ["Files", "Courses", "Review (0 due)", dialog.PROGRESS]
    dialog.tabs["Courses"]["command"]()
    assert dialog.shelf == "Courses"
    titles = {t: p for _, t, p in dialog.entries}
    assert "Glik from the first slide (0/14 done)" in {h for h, _, _ in dialog.entries}
    dialog.buttons[titles["1. First touch (puzzle)"]]["command"]()  # open the chapter
    assert ctl.dialog is None and ctl.session.record.scenario["title"] == "First touch"

    assert ctl.moves.play(EndTurn())  # the turn ends without the goal: a failed try
    progress = ctl.study.progress
    [attempt] = progress.attempts()
    assert attempt[2] is False
    ctl._key("escape")

    dialog = learn()
    assert "Review (0 due)" in dialog.shelves  # not due at once: it comes back later
    dialog.close()
    later = dt.datetime.now(dt.timezone.utc) + dt.timedelta(minutes=5)
    progress.clock = lambda: later  # the student comes back five minutes later
    dialog = learn()
    assert "Review (1 due)" in dialog.shelves, list(dialog.shelves)
    dialog.tabs["Review (1 due)"]["command"]()
    [(heading, title, path)] = dialog.entries
    assert heading == "Due for review" and title == "First touch (failed once)"
    dialog.buttons[path]["command"]()
    assert ctl.session.record.scenario["title"] == "First touch"

    for text in ("slide 8,20 W", "slide 8,9 N"):  # solved this time
        ctl.moves.play(ctl.session.game.parse_action(ctl.session.state, text))
    assert [a[2] for a in progress.attempts()] == [False, True]
    box = ctl.puzzle_box  # a solved puzzle says so and offers the next one of the course
    assert box.goal_label["text"].startswith("Solved!") and not box.next_button.isHidden()
    assert "Next: The northern funnel" in ctl.message_text, ctl.message_text
    box.next_button["command"]()
    assert ctl.session.record.scenario["title"] == "The northern funnel"
    assert box.next_button.isHidden()
    dialog = learn()
    assert "Review (0 due)" in dialog.shelves
    rated = {p.name: t for _, t, p in dialog.shelves["Files"]}
    assert rated["01-first-touch.flick"].startswith("First touch (puzzle, rated ")  # from solves
    assert "rated" not in rated["02-northern-funnel.flick"]
    dialog.tabs["Courses"]["command"]()
    assert "Glik from the first slide (1/14 done)" in {h for h, _, _ in dialog.entries}
    assert "1. First touch (puzzle, done)" in {t for _, t, _ in dialog.entries}
    app.render_frames(1)
    for button in list(dialog.buttons.values()) + list(dialog.tabs.values()):
        left, right, bottom, top = button.getBounds()
        p = button.getPos(dialog.box)
        assert -dialog.W / 2 <= p.x + left and p.x + right <= dialog.W / 2
        assert -dialog.H / 2 <= p.z + bottom and p.z + top <= dialog.H / 2
    # a try that failed, then the solution from the start in the same window: the solving
    # line is the main line, the failed try a variation (it was the main line)
    titles = {t: p for _, t, p in dialog.entries}
    dialog.buttons[titles["1. First touch (puzzle, done)"]]["command"]()
    assert ctl.moves.play(EndTurn())
    ctl.navigation.go_to(ctl.session.record.root)
    for text in ("slide 8,20 W", "slide 8,9 N"):
        ctl.moves.play(ctl.session.game.parse_action(ctl.session.state, text))
    root = ctl.session.record.root
    assert [n.action_text for n in root.variations[0].line_to_end()[1:]] == ["slide 8,20 W",
                                                                             "slide 8,9 N"]
    assert [n.action_text for n in root.variations[1:]] == ["end"], root.variations
    # the chapter before the course's lesson offers the lesson next, not "the last puzzle"
    from viewer.editing import next_puzzle

    chapters = sorted(ctl.path.parent.glob("glik-*.flick"))
    assert "-13-" in chapters[12].name and "-14-" in chapters[13].name, chapters
    assert next_puzzle(chapters[12]) == chapters[13]
    print("all review checks passed")


if __name__ == "__main__":
    child()
