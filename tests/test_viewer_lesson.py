"""Lessons in the window (offscreen, in a child process): opened from the Learn list, a
Grendizer lesson refuses a card that loses too much win chance ("Checking your answer..."
first, then the bot plays the decision on) and accepts the right one, ending with the score;
a Glonk flick is judged by its explored success, not by being the author's vector; on an
analysed record, F3 then "Learn from mistakes" asks each mistake again."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_lessons_in_the_window(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all lesson window checks passed" in result.stdout, result.stderr[-3000:]


def child(tmp: Path) -> None:
    import time

    from xvfb import pace

    sys.path.insert(0, str(ROOT))
    from games.glonk.actions import Flick
    from viewer.app import ViewerApp
    from viewer.main import demo_for

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    box = ctl.lesson_box

    import os

    def stage(what):
        print(f"[{os.getpid()}] {what}", file=sys.stderr, flush=True)

    def until(cond, what, seconds=120):
        stage(what)
        deadline = pace.deadline(seconds)
        while not cond():
            assert time.time() < deadline, f"timed out: {what}: {box.probe()}"
            app.render_frames(1)

    # the Learn list lists the lessons; a click opens one at its first question
    ctl._key("l")
    entries = {p.name: (h, t) for h, t, p in ctl.dialog.entries}
    assert entries["grendizer-the-card-that-matters.flick"] == (
        "Grendizer XperienZ", "Grendizer: the card that matters (lesson)")
    assert {"glik-round-the-corner.flick", "glonk-boarding-and-assault.flick"} <= set(entries)
    path = next(p for p in ctl.dialog.buttons if p.name == "grendizer-the-card-that-matters.flick")
    ctl.dialog.buttons[path]["command"]()
    assert box.active and box.status == "asking" and ctl.session.node.variations == []
    q = box.question_node()
    game = ctl.session.game
    assert ctl.moves.play(game.parse_action(q.state, "pass"))
    assert box.status == "checking" and "Checking your answer" in box.labels["status"]["text"]
    assert not ctl.moves.play(game.parse_action(q.state, "pass"))  # one answer at a time
    until(lambda: box.status == "wrong", "the pass refused")
    assert "wins only" in box.last_why and box.run.attempts[0].wrong == 1
    until(lambda: ctl.session.node.ply > 1 and not app.clock.stepping,
          "the decision played on by the bot")
    for _ in range(5):  # the reason stays until the student goes on
        app.render_frames(1)
    assert box.status == "wrong" and "wins only" in box.labels["status"]["text"]
    box.buttons["again"]["command"]()  # Try again
    assert box.status == "asking" and ctl.session.node is q
    ctl._key("h")
    assert box.run.hints_shown() and "Hint 1 of 3" in ctl.message_text
    assert ctl.moves.play(game.parse_action(q.state, "play C49 zone=5"))
    until(lambda: box.status == "done" and not app.clock.stepping, "the right card accepted")
    assert box.run.score() == (0.25, 1)  # a wrong try and a hint
    assert "Lesson complete: 0.25 / 1" in ctl.message_text, ctl.message_text
    assert ctl.session.node.ply > 1  # the author's line played on to its end

    # Glonk: a flick a little off the author's vector is still right
    from timeline import Session, load_record

    ctl.records.swap(Session(load_record(ROOT / "scenarios/lessons/glonk-boarding-and-assault.flick")),
                     None, "the Glonk lesson")
    q = box.question_node()
    author = box.run.hidden_answer().action
    nearby = Flick.make(author.piece, author.angle - 0.6, author.speed)
    assert ctl.moves.play(nearby)
    until(lambda: box.run.index == 1 and not app.clock.stepping and box.judging is None,
          "the nearby flick accepted")
    assert box.status == "right" and "able to board" in box.last_why
    assert box.question_node().ask["accept"]["outcome"] == "atomise_target"

    # learn from your mistakes on an analysed Glik game
    games = tmp / "games"
    games.mkdir()
    cli = [sys.executable, str(ROOT / "flickbook_cli.py")]
    subprocess.run(cli + ["selfplay", "glik", "--games", "1", "--seed", "2", "--out", str(games)],
                   check=True, capture_output=True)
    analysed = tmp / "analysed.flick"
    subprocess.run(cli + ["analyse", str(games / "glik-2-001.flick"), "--out", str(analysed),
                          "--executor", "inprocess"], check=True, capture_output=True)
    assert ctl.files.open_path(analysed) is None
    assert not box.active
    ctl._key("f3")  # write a lesson, or learn from the mistakes?
    assert type(ctl.dialog).__name__ == "Question"
    ctl.dialog._answer(box.learn_from_mistakes)
    assert box.active and box.status == "asking"
    q = box.question_node()
    line_move = box.run.hidden_answer()
    better = next(c for c in box.run._hidden if (c.analysis or {}).get("alternative"))
    assert ctl.moves.play(line_move.action)  # the move the game made: still a mistake
    until(lambda: box.status == "wrong", "the mistake refused again")
    until(lambda: not app.clock.stepping and box._after is None, "its outcome played")
    box.buttons["again"]["command"]()
    assert box.status == "asking" and ctl.session.node is q
    assert ctl.moves.play(better.action)
    until(lambda: box.run.finished and not app.clock.stepping, "the better move accepted")

    # learn from the mistakes of an analysed Grendizer game: while a question is asked the move
    # list shows neither the move made nor the better one nor the analysis' words; the move
    # marked is refused with the analysis' own loss, the better one accepted
    from test_lessons_mistakes import grendizer_game
    from analysis.record import analyse_record

    record = grendizer_game(4, 20)
    analyse_record(record, budget=20, progress=False)
    marks = [n for n in record.mainline() if (n.analysis or {}).get("glyph")]
    ctl.records.swap(Session(record), None, "an analysed Grendizer game")
    app.render_frames(2)
    ctl._key("f3")
    ctl.dialog._answer(box.learn_from_mistakes)
    assert box.active and box.status == "asking" and box.run.index == 0
    app.render_frames(2)
    moves = ctl.panel.moves
    moves.refresh(ctl.session, force=True)
    shown = [moves.text_of(r) for r in moves.rows]
    assert shown and not any("[analysis]" in t or "Better" in t for t in shown), shown
    assert marks[0] not in {r.node for r in moves.rows}
    q = box.question_node()
    assert q is marks[0].parent and ctl.session.node is q
    assert ctl.moves.play(marks[0].action)  # the very move marked
    until(lambda: box.status == "wrong", "the marked move refused")
    assert f"marks this {marks[0].analysis['glyph']}" in box.last_why
    assert f"loses {marks[0].analysis['loss']:.2f}" in box.last_why
    until(lambda: not app.clock.stepping and box._after is None, "its outcome played")
    box.buttons["again"]["command"]()
    best = game_of(record).parse_action(q.state, marks[0].analysis["best"])
    assert ctl.moves.play(best)
    until(lambda: box.run.index == 1 and box.judging is None, "the better move accepted")
    assert box.status == "right" and "finds nothing better" in box.last_why
    print("all lesson window checks passed", flush=True)  # the process may end without flushing


def game_of(record):
    return record.game


if __name__ == "__main__":
    import traceback

    try:
        child(Path(sys.argv[1]))
    except SystemExit:  # the window asked to quit: say from where (the parent shows it)
        traceback.print_exc()
        sys.stderr.flush()
        raise SystemExit(3) from None
