"""End-to-end: the real viewer window under Xvfb, driven with xdotool as a person would.

The test starts its own Xvfb on a free display, runs `flickbook play glik`, lays the setup
boards, places and slides a stone, steps back with the arrow key, plays a different slide (a
variation), saves with Ctrl+S, reopens with Ctrl+O, annotates the variation and saves again;
the files on disk must hold exactly that tree. Where to click comes from a mirror of the game
drawn offscreen through the window's own camera (its probe), so clicks land where a person
would aim.
Skipped only when the Xvfb binary is missing (CI installs it, see .ci/run).
"""
from __future__ import annotations

import time
from argparse import Namespace
from pathlib import Path

import pytest

from xvfb import pace
from xvfb.desk import MISSING, SKIP_REASON, Desk, wait_for_autosave_tree
from xvfb.mirror import H, W, Mirror  # noqa: F401 - the window's size, for tests importing it

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def _same_record(tmp: Path, mirror, seconds: float = 15.0) -> None:
    """The viewer's autosave holds the mirror's tree."""
    wait_for_autosave_tree(tmp, mirror.session, seconds)


def test_play_branch_save_reopen_in_a_real_window(tmp_path):
    from games.glik import actions as A
    from games.glik.kit import SIZE
    from games.glik.rules import slide_path
    from timeline import load_record

    args = Namespace(command="play", game="glik", players=2, seed=5)
    desk = Desk(tmp_path)
    mirror = Mirror(desk, args)
    try:
        desk.start("play", "glik", "--players", "2", "--seed", "5")
        desk.key("t")  # top-down camera
        mirror.sync()
        # setup: choose a board in hand, turn it (R), click a legal slot, until the board is full
        game = mirror.session.game
        last_turn = mirror.session.state.turn
        while mirror.session.state.phase in ("choose", "fill"):
            state = mirror.session.state
            if state.turn != last_turn:  # the hand moved to the other side: re-frame the table
                desk.key("t")
                mirror.sync()
                last_turn = state.turn
            turns = 1 if state.phase == "choose" else 0  # the first boards: turned once with R
            lay = next(a for a in game.legal_actions(state) if a.rotation == turns)
            desk.click(*mirror.screen(f"board {lay.board}"))  # where the window's tray has it
            for _ in range(turns):
                desk.key("r")
            r0, c0 = lay.slot[0] * SIZE + 1, lay.slot[1] * SIZE + 1
            desk.click(*mirror.cell((r0, c0)))
            mirror.scene.deselect()
            mirror.play(lay)
        _same_record(tmp_path, mirror)
        # play: the yellow reserve stone, then the starting field -> place
        desk.key("t")
        mirror.sync()
        state = mirror.session.state
        assert state.phase == "play"
        start = state.board.start_cell["yellow"]
        desk.click(*mirror.px(mirror.scene.stone_world_pos(("reserve", "yellow", state.reserve[0] - 1))))
        desk.click(*mirror.cell(start))
        mirror.play(A.Place(start))
        _same_record(tmp_path, mirror)
        # click the stone, then the end of its first legal slide
        slides = [a for a in game.legal_actions(mirror.session.state)
                  if isinstance(a, A.Slide) and a.cell == start]
        assert len(slides) >= 2, "the test needs two different slides from the start"
        def slide_end(action):
            st = mirror.session.state
            return slide_path(st.stones, st.board, action.cell, action.direction)[-1]

        first, second = slides[0], slides[1]
        desk.click(*mirror.cell(start))
        desk.click(*mirror.cell(slide_end(first)))
        mirror.play(first)
        _same_record(tmp_path, mirror)
        # scrub back one step with the keyboard, play the other slide: a variation
        desk.key("Left")
        mirror.session.back()
        mirror.sync()
        desk.click(*mirror.cell(start))
        desk.click(*mirror.cell(slide_end(second)))
        mirror.play(second)
        # save with Ctrl+S through the file dialog
        saved = tmp_path / "branch.flick"
        desk.save_as(saved)
        rec = load_record(saved)
        node = rec.root
        while node.action is None or str(node.action) != str(A.Place(start)):
            node = node.variations[0]
        assert [str(v.action) for v in node.variations] == [str(first), str(second)]
        # reopen with Ctrl+O, go to the variation, comment it, save again
        desk.open(saved)
        desk.key("End", "Down")  # end of the main line, then the sibling variation
        desk.key("n")  # write the comment
        desk.wait(lambda p: p["mode"] == "typing", 20, "the comment box")
        desk.type("the other slide")
        desk.wait(lambda p: p["comment_box"] == "the other slide", 30, "the typed comment")
        desk.key("Return")
        desk.wait(lambda p: p["mode"] == "play" and p["comment"] == "the other slide", 30,
                  "Enter to keep the comment")
        again = tmp_path / "again.flick"
        desk.save_as(again)
        rec2 = load_record(again)
        node = rec2.root
        while str(node.action) != str(A.Place(start)):
            node = node.variations[0]
        assert [str(v.action) for v in node.variations] == [str(first), str(second)]
        assert node.variations[1].comment == "the other slide"
        assert node.variations[0].comment == ""
        # the autosave followed every change
        assert (tmp_path / "home" / "autosave.flick").exists()
    except BaseException:
        desk.screenshot()  # of the failure, in tmp_path/home/screenshots
        raise
    finally:
        mirror.close()
        desk.stop()


def test_after_a_crash_the_next_start_offers_the_autosave_back(tmp_path):
    from timeline import load_record

    desk = Desk(tmp_path)
    try:
        desk.start("play", "glik", "--players", "2", "--seed", "9")
        desk.settled()
        desk.click(*desk.button("!"))  # the glyph button under the comment box
        autosave = tmp_path / "home" / "autosave.flick"
        deadline = pace.deadline(10)
        while not (autosave.exists() and any(n.glyphs for n in load_record(autosave).nodes())):
            assert time.time() < deadline, "the glyph was not autosaved"
            time.sleep(0.3)
        desk.viewer.kill()  # a crash: no clean exit
        desk.viewer.wait(10)
        desk.start()  # plain `flickbook`: the demo, unless the autosave is restored
        desk.wait(lambda p: p["dialog"] == "Question", 60, "the restore question")
        desk.click(*desk.button("Restore"))
        saved = tmp_path / "restored.flick"
        desk.save_as(saved)
        rec = load_record(saved)
        assert rec.config["players"] == 2 and rec.mainline()[-1].glyphs == ["!"]
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()


def test_mouse_orbits_zooms_and_draws_on_the_board(tmp_path):
    from timeline import load_record

    desk = Desk(tmp_path)
    autosave = tmp_path / "home" / "autosave.flick"

    def cursor_node(predicate, what):
        deadline = pace.deadline(15)
        while time.time() < deadline:
            try:
                node = load_record(autosave).mainline()[32]  # the demo opens here
                if predicate(node):
                    return node
            except Exception:  # noqa: BLE001 - the file is being replaced; read again
                pass
            time.sleep(0.3)
        raise AssertionError(f"the autosave never showed {what}")

    try:
        desk.start("demo", "glik")  # the Glik demo, at the start of play, seen from its kept view
        before = cursor_node(lambda n: n.camera is not None, "a camera view").camera
        # empty table, lower left; drag right: orbit
        desk.drag([(60, 560)] + [(x, 560) for x in range(80, 300, 20)])
        # (the turn log, which shows the moves up to the cursor, lies bottom left: the wheel
        # over it scrolls it, so the zoom is asked for above it)
        desk.move(640, 120)
        desk.wheel(5, 3)  # wheel down: zoom out
        desk.settled()
        desk.key("k")  # keep this view in the position
        after = cursor_node(lambda n: n.camera is not None and n.camera != before, "a new view").camera
        assert abs(after["heading"] - before["heading"]) > 20
        assert after["distance"] > before["distance"] * 1.2
        # right-drag across the board draws an arrow, a right click marks a field
        desk.drag([(450, 300)] + [(x, 330) for x in range(460, 620, 20)], button=3)
        desk.click(520, 330, button=3)
        node = cursor_node(lambda n: {d.kind for d in n.drawings} >= {"arrow", "highlight"},
                           "an arrow and a marked field")
        arrow = next(d for d in node.drawings if d.kind == "arrow")
        assert arrow.at != arrow.to and arrow.colour == "green"
        # the scrub bar: a click at its left end jumps to the start, a drag scrubs along;
        # K keeps the view in whichever position the cursor reached, which the autosave shows
        from viewer.panel import PANEL_W

        track_y = H - 0.165 * H / 2
        left = 0.05 * H / 2
        right = left + (2 * W / H - PANEL_W - 0.3) * H / 2
        desk.click(left + 2, track_y)
        desk.key("k")
        deadline = pace.deadline(15)
        while not any(n.camera for n in load_record(autosave).mainline()[:2]):
            # (the line's first action is under way just right of the bar's left end)
            assert time.time() < deadline, "a click on the scrub bar's start did not reach the start"
            time.sleep(0.3)
        desk.drag([(int(left + 2), int(track_y))]
                  + [(int(left + (right - left) * 0.05 * k), int(track_y)) for k in range(1, 11)])
        desk.key("k")
        deadline = pace.deadline(15)
        while True:
            rec = load_record(autosave)
            kept = [n.ply for n in rec.mainline()[2:] if n.camera is not None and n.ply != 32]
            if kept:
                break
            assert time.time() < deadline, "dragging the scrub bar did not move the cursor"
            time.sleep(0.3)
        total = len(rec.mainline()) - 1
        assert 0.3 * total <= kept[0] <= 0.7 * total  # halfway along the line, give or take
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()
