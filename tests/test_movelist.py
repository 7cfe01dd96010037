"""The move list (viewer.movelist): the tree's rows in order, the scrolling rules, and, drawn in
the real panel for each game, every row inside the panel, indented per variation level, the
cursor's row in view after every kind of jump, variations closing and opening, clicks.

The pure rules run here; the drawn checks need the app (one ShowBase per process), so they
run in a child process (this file run as a script), as the controller's tests do.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# --- the rows, without Panda --------------------------------------------------------------------

def toy_tree():
    from timeline import Record, Session

    session = Session(Record.new("toy"))  # tests/toygame.py (conftest registers it)
    session.auto_chance()
    first = session.node
    a = session.play("add 1")
    a2 = session.play("add 2")
    session.go_to(first)
    b = session.play("add 2")  # an alternative to `a`
    b2 = session.play("add 1")
    session.go_to(b)
    c = session.play("add 2")  # nested: an alternative to b2
    session.set_comment("why b", b)
    return session, dict(first=first, a=a, a2=a2, b=b, b2=b2, c=c)


def test_alternatives_follow_their_move_one_level_deeper_with_comments_under_their_move():
    from viewer.movelist import move_rows

    session, n = toy_tree()
    rows = [(r.node, r.depth, r.kind, r.head) for r in move_rows(session.record.root)]
    assert rows == [(n["first"], 0, "move", False), (n["a"], 0, "move", False),
                    (n["b"], 1, "move", True), (n["b"], 1, "comment", False),
                    (n["b2"], 1, "move", False), (n["c"], 2, "move", True),
                    (n["a2"], 0, "move", False)]


def test_a_closed_variation_is_its_first_move_alone_saying_how_many_it_hides():
    from viewer.movelist import move_rows

    session, n = toy_tree()
    rows = move_rows(session.record.root, closed={n["b"]})
    assert [(r.node, r.closed, r.hidden) for r in rows] == [
        (n["first"], False, 0), (n["a"], False, 0), (n["b"], True, 2), (n["a2"], False, 0)]


def test_the_window_holds_whole_rows_and_scrolls_only_when_the_target_is_out_of_view():
    from viewer.movelist import fill_window, first_showing, last_first

    rows = list(range(30))
    h = (lambda r: 2.0 if r % 5 == 0 else 1.0)  # every fifth row wraps to two lines
    window = fill_window(rows, 0, 10.0, h)
    assert [k for k, _, _ in window] == [0, 1, 2, 3, 4, 5, 6, 7]  # 2+1+1+1+1+2+1+1 = 10
    assert sum(height for _, _, height in window) <= 10.0
    assert first_showing(rows, 5, 0, 10.0, h) == 0  # in view: the list stays put
    first = first_showing(rows, 20, 0, 10.0, h)  # out of view: about a third from the top
    shown = [k for k, _, _ in fill_window(rows, first, 10.0, h)]
    assert 20 in shown and 1 <= shown.index(20) <= 4
    end = last_first(rows, 10.0, h)
    assert [k for k, _, _ in fill_window(rows, end, 10.0, h)][-1] == 29
    assert sum(h(r) for r in rows[end - 1:]) > 10.0  # one row earlier would not fit
    assert first_showing(rows, 29, 0, 10.0, h) == end  # never blank space after the end
    assert fill_window(rows, 0, 0.5, h)[0][0] == 0  # a row taller than the list still shows


def test_a_window_starts_on_a_move_not_on_the_comment_under_it():
    from viewer.movelist import Row, first_showing

    rows = []
    for ply in range(40):
        rows.append(Row(ply, 0))
        if ply % 3 == 0:
            rows.append(Row(ply, 0, "comment"))
    h = (lambda r: 3.0 if r.kind == "comment" else 1.0)
    for target in range(len(rows)):
        if rows[target].kind == "move":
            first = first_showing(rows, target, 0, 12.0, h)
            assert rows[first].kind == "move", target


# --- drawn in the panel ---------------------------------------------------------------------------

def test_the_move_list_in_the_panel_in_a_child_process(tmp_path):
    result = subprocess.run([sys.executable, __file__, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all move list checks passed" in result.stdout


def _frames(app, n=2):
    for _ in range(n):
        app.taskMgr.step()


def check_layout(ctl, what: str) -> list[dict]:
    """Every drawn row's text inside its row and the list's box; rows stacked, indented by
    their depth."""
    from viewer.movelist import INDENT, MAX_INDENT

    moves = ctl.panel.moves
    _frames(ctl.app)
    boxes = moves.boxes()
    assert boxes, what
    eps = 1e-4
    ink = 1e-3  # a glyph's ink may pass the font's nominal descent by under half a pixel
    for i, b in enumerate(boxes):
        left, bottom, right, top = b["row"]
        assert abs(left - (moves.left + min(b["depth"], MAX_INDENT) * INDENT)) < eps, (what, b)
        assert moves.left - eps <= left and right <= moves.right + eps, (what, b)
        assert moves.bottom - eps <= bottom and top <= moves.top + eps, (what, b)
        t = b["text"]
        assert t is not None, (what, b)
        assert left - eps <= t[0] and t[2] <= right + eps, ("text wider than its row", what, b)
        assert bottom - ink <= t[1] and t[3] <= top + eps, ("text taller than its row", what, b)
        if "marker" in b:
            m = b["marker"]
            assert moves.left - eps <= m[0] and m[2] <= left + eps, ("marker in the indent", what, b)
        if i:
            assert abs(boxes[i - 1]["row"][1] - top) < eps, ("rows stacked", what)
    return boxes


def cursor_row_shown(ctl, what: str) -> None:
    _frames(ctl.app)
    path = list(ctl.session.node.path)
    rows = [b for b in ctl.panel.moves.boxes(text=False) if b["kind"] == "move"]
    assert path in [b["path"] for b in rows], (what, path, [b["path"] for b in rows][:3])


def child(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from movelist_records import LONG_COMMENT, sample
    from viewer.app import ViewerApp
    from viewer.movelist import MAX_INDENT

    sessions = {g: sample(g) for g in ("glik", "glonk", "grendizer")}
    app = ViewerApp(sessions["glik"], offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    for game, session in sessions.items():
        ctl.shown.set_session(session)
        moves = ctl.panel.moves
        line = session.record.mainline()
        # a word longer than the panel is broken, never cut off; a glyph run and a loss too
        session.set_comment("x" * 200 + " " + LONG_COMMENT, line[2])
        session.toggle_glyph("??", line[2])
        moves.badges[:] = [lambda node: "your turn" if node is line[2] else None]  # a lesson's
        ctl.navigation.go_to(line[2])
        boxes = check_layout(ctl, f"{game} at the start")
        assert "your turn" in moves.text_of(moves.rows[moves.row_of(line[2])])
        session.set_fields("analyse", [(line[1], {"analysis": {"glyph": "?", "loss": 0.234},
                                                  "glyphs": ["?"]})])
        _frames(app)
        assert "?" in moves.text_of(moves.rows[moves.row_of(line[1])]) and \
            "-0.23" in moves.text_of(moves.rows[moves.row_of(line[1])]), "glyph and loss beside it"
        check_layout(ctl, f"{game} analysed")
        assert any(b["kind"] == "comment" and b["text"][3] - b["text"][1] > 0.1 for b in boxes), \
            f"{game}: the long comment wraps over lines"
        # every variation, every level: laid out inside the panel, the cursor's row in view
        heads = [n for n in session.record.nodes() if n.parent is not None and not n.is_main_variation()]
        deepest = max(heads, key=_level)
        assert _level(deepest) >= 3, f"{game}: a variation three levels deep"
        for head in heads:
            ctl.navigation.go_to(head.end())
            cursor_row_shown(ctl, f"{game}: a jump to the end of a variation")
            check_layout(ctl, f"{game}: a variation's end")
        depths = {b["depth"] for b in check_layout(ctl, game)} | {
            r.depth for r in moves.rows}
        assert {0, 1, 2, 3} <= depths and max(depths) <= MAX_INDENT + 5
        # jumps: the scrub bar, End, Home, a branch change, the win graph's click (a go_to)
        ctl.navigation.go_to(line[1])
        ctl.player.scrub_to(0.97)
        cursor_row_shown(ctl, f"{game}: the scrub bar")
        ctl.navigation.start()
        ctl.navigation.go_to(line[1])
        cursor_row_shown(ctl, f"{game}: back at the start")
        ctl.navigation.end()
        cursor_row_shown(ctl, f"{game}: End")
        check_layout(ctl, f"{game}: at the end")
        alt = heads[-1]
        ctl.navigation.go_to(alt.parent.variations[0])
        ctl.navigation.next_variation()
        cursor_row_shown(ctl, f"{game}: Down to the next variation")
        ctl.navigation.go_to(line[len(line) // 2])
        cursor_row_shown(ctl, f"{game}: a jump as the win graph makes")
        # closing a variation hides its moves and keeps the cursor on a row; opening shows them
        # (the outermost variation that holds the deepest one)
        head = next(a for a in [deepest, *_ancestors(deepest)][::-1] if a.parent is not None
                    and not a.is_main_variation())
        ctl.navigation.go_to(deepest)
        before = len(moves.rows)
        moves.toggle(head)
        _frames(app)
        assert session.node is head, f"{game}: closing the cursor's variation takes it to its first move"
        assert len(moves.rows) < before and moves.rows[moves.row_of(head)].closed
        assert all(r.node is head or not _inside(r.node, head) for r in moves.rows)
        cursor_row_shown(ctl, f"{game}: after closing")
        moves.toggle(head)
        _frames(app)
        assert len(moves.rows) == before
        # the O key on the move the variation branches from closes it, again opens it
        ctl.navigation.go_to(head.parent.variations[0])
        ctl.views.toggle_variations()
        assert moves.rows[moves.row_of(head)].closed and "closed" in ctl.message_text
        ctl.navigation.go_to(deepest)  # a jump into a closed variation opens it
        _frames(app)
        assert not moves.rows[moves.row_of(head)].closed
        cursor_row_shown(ctl, f"{game}: a jump into a closed variation")
        # a click on a row goes there; on a marker it closes
        _frames(app)
        slot = next(i for i, (k, _, _) in enumerate(moves.window)
                    if moves.rows[k].kind == "move" and moves.rows[k].node is not session.node)
        target = moves.rows[moves.window[slot][0]].node
        moves.clicked(slot)
        assert session.node is target, f"{game}: a click on a row goes there"
        slot = next(i for i, (k, _, _) in enumerate(moves.window) if moves.rows[k].head)
        shut = moves.rows[moves.window[slot][0]].node
        moves.marker_clicked(slot)
        assert shut in moves.closed
        moves.marker_clicked(next(i for i, (k, _, _) in enumerate(moves.window)
                                  if moves.rows[k].node is shut))
        assert shut not in moves.closed
        if game == "glik":
            app.render_frames(2)
            app.save_png(tmp / "glik-move-list.png")
    print("all move list checks passed")


def _ancestors(node):
    cur = node.parent
    while cur is not None:
        yield cur
        cur = cur.parent


def _level(node) -> int:
    """How many variations hold `node` (itself a variation's first move counts)."""
    return sum(1 for a in [node, *_ancestors(node)] if a.parent is not None and not a.is_main_variation())


def _inside(node, head) -> bool:
    return any(a is head for a in _ancestors(node))


if __name__ == "__main__":
    child(Path(sys.argv[1]))
