"""A lesson never gives its answers away, however it was opened: from the Learn list (L), with
Ctrl+O, by `flickbook open LESSON`, restored after a crash, or brought back by undoing the
record that replaced it. While a question is asked the student sees the position and the
moves before it, nothing of the author's answer or what follows it: not in the move list,
the comment box, the turn log, the message line or the lesson box, and the keys that step
forward stop at the question. A crash loses nothing of the lesson (the autosave keeps the
answers), and an exported lesson stops at its first question unless the author asks for the
answers. Offscreen, in a child process."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "scenarios" / "lessons").glob("*.flick"))


def test_a_lesson_hides_its_answers_whichever_way_it_is_opened(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all student view checks passed" in result.stdout, result.stderr[-3000:]


def test_an_exported_lesson_stops_at_its_first_question(tmp_path):
    from types import SimpleNamespace

    from timeline import load_record
    from viewer.export import export_record

    lesson = ROOT / "scenarios" / "lessons" / "glonk-boarding-and-assault.flick"
    args = SimpleNamespace(file=str(lesson), answers=False)
    record = export_record(args)
    assert [n.ply for n in record.mainline()] == [0]  # question 1 is asked at the start
    assert not any(n.comment for n in record.nodes())
    whole = export_record(SimpleNamespace(file=str(lesson), answers=True))
    assert len(whole.mainline()) == len(load_record(lesson).mainline())


def hidden_comments(record) -> set:
    """The author's comments after the first question of a freshly loaded lesson (what a
    student must not read while question 1 is asked)."""
    from analysis.lessons import questions_of

    asked = questions_of(record)[0].node
    return {n.comment for child in asked.variations for n in child.iter_subtree() if n.comment}


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from argparse import Namespace

    from timeline import load_record
    from viewer.app import ViewerApp
    from viewer.autosave import Autosaver, offer_restore
    from viewer.main import session_for_args

    def on_screen(ctl) -> list[str]:
        """Every text the window shows of the record."""
        moves = ctl.panel.moves
        texts = [slot.text_np.node().getText() for slot, _ in zip(moves.slots, moves.window)]
        texts += [ctl.panel.comment.get(), ctl.message_text, *ctl.log.lines]
        texts += [label["text"] for label in ctl.lesson_box.labels.values()]
        return texts

    def check(app, path: Path, how: str) -> None:
        ctl = app.controller
        app.render_frames(2)
        box = ctl.lesson_box
        assert box.active and box.status == "asking", (how, box.probe())
        asked = box.question_node()
        assert ctl.session.node is asked, how
        answer = box.run.hidden_answer()
        assert answer is not None, f"{how}: the lesson lost its answer"
        hidden = {id(n) for n in answer.iter_subtree()}
        leaked = [r.node for r in ctl.panel.moves.rows if id(r.node) in hidden]
        assert not leaked, f"{how}: {path.name}: the move list shows the answer {leaked}"
        comments = hidden_comments(load_record(path))
        for text in on_screen(ctl):
            for comment in comments:
                assert comment not in text, f"{how}: {path.name}: {comment!r} shown in {text!r}"
        for key in ("arrow_right", "end"):  # stepping forward stops at the question
            ctl._key(key)
            app.render_frames(1)
            assert ctl.session.node is asked, f"{how}: {key} stepped into the answer"
        print(f"  {how}: {path.name} asks question 1 and hides its answer", flush=True)

    # `flickbook open LESSON`: the window starts on the lesson
    session, _ = session_for_args(Namespace(command="open", file=str(LESSONS[0])))
    app = ViewerApp(session, offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    check(app, LESSONS[0], "flickbook open")
    # the Learn list (L), each bundled lesson
    for path in LESSONS:
        ctl._key("l")
        app.render_frames(1)
        ctl.dialog.buttons[next(p for p in ctl.dialog.buttons if p.name == path.name)]["command"]()
        check(app, path, "the Learn list")

    # Ctrl+O: the file dialog, the lesson's name typed and Enter
    path = LESSONS[0]
    ctl._key("control-o")
    app.render_frames(1)
    ctl.dialog._finish(str(path))
    assert ctl.dialog is None
    check(app, path, "Ctrl+O")

    # reopen: another record replaces the lesson, Ctrl+Z brings it back
    assert ctl.files.open_path(ROOT / "scenarios" / "demo" / "glonk-demo.flick") is None
    app.render_frames(1)
    assert not ctl.lesson_box.active
    ctl._key("control-z")
    check(app, path, "undoing the record that replaced it")

    # restore after a crash: the window autosaved while the question was asked (the student
    # wrote a note on the position), then died
    saver = Autosaver(tmp / "saved")
    app.autosaver = saver
    lesson = LESSONS[0]
    assert ctl.files.open_path(lesson) is None
    app.render_frames(2)
    ctl.session.set_comment("my first idea: slide north")
    assert saver.flush()
    crashed = tmp / "crashed"
    crashed.mkdir()
    shutil.copy(saver.path, crashed / "autosave.flick")  # nobody holds it: a dead window's
    app.autosaver = None
    saver.close()
    assert ctl.files.open_path(ROOT / "scenarios" / "demo" / "glonk-demo.flick") is None
    offer_restore(ctl, Autosaver(crashed), lambda: None)
    ctl.dialog._answer(next(cb for label, cb in ctl.dialog.answers if label == "Restore"))
    check(app, lesson, "restoring after a crash")
    assert ctl.session.node.comment == "my first idea: slide north"
    print("all student view checks passed", flush=True)


if __name__ == "__main__":
    import traceback

    try:
        child(Path(sys.argv[1]))
    except SystemExit:
        traceback.print_exc()
        sys.stderr.flush()
        raise SystemExit(3) from None
