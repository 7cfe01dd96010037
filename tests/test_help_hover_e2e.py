"""Help and hover tell the truth in a real window (Xvfb, xdotool), driven as a person would:

- in Glik, F1 lists no Glonk key (G, I, B) and a left drag orbits; G does nothing there,
  and the message line says so;
- in Glonk, F1 lists its keys and says a left drag on your disc flicks, elsewhere it orbits;
- the pointer resting on a disc names it; step forward so the disc moves away under the
  still pointer, and the line no longer names it; step back and it does again;
- the wheel scrolls the move list with the pointer over its rows (not only beside them).
"""
from __future__ import annotations

import math

from test_e2e_viewer import pytestmark  # noqa: F401
from xvfb.desk import ROOT, Desk

DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


def help_of(desk) -> dict:
    desk.key("F1")
    p = desk.wait(lambda p: p["dialog"] == "HelpOverlay" and p["help"], 20, "the help")
    lines = {keys: what for keys, what in p["help"]}
    keys = {k for line in lines for k in line.split(" / ")}
    desk.key("Escape")
    desk.wait(lambda p: p["dialog"] is None, 20, "the help to close")
    return {"lines": lines, "keys": keys}


def test_glik_help_lists_no_glonk_key_and_g_does_nothing_but_say_so(tmp_path):
    desk = Desk(tmp_path)
    try:
        desk.start("play", "glik", "--seed", "5")
        desk.settled()
        shown = help_of(desk)
        assert not {"G", "I", "B", "X", "Enter"} & shown["keys"], shown["keys"]
        assert {"Left", "Right", "F1", "Ctrl+Z"} <= shown["keys"]
        assert "Orbit" in shown["lines"]["Left drag, middle drag"]
        assert not any("Flick" in what for what in shown["lines"].values())
        before = desk.settled()
        desk.key("g")  # a Glonk key: nothing in Glik, and the message line says so
        p = desk.wait(lambda p: "does nothing now" in (p["message"] or ""), 20, "G answered")
        assert p["message"].startswith("G does nothing now, in play mode (Glik)"), p["message"]
        assert p["nodes"] == before["nodes"] and p["view"] == before["view"]
        assert p["dialog"] is None
    finally:
        desk.stop()


def test_glonk_help_says_a_drag_on_your_disc_flicks_and_hover_follows_the_disc(tmp_path):
    from timeline import load_record

    record = load_record(DEMO)
    line = record.mainline()
    # from the end back, the first move after which a disc stands far from where it stood
    for back, node in enumerate(reversed(line)):
        if node.parent is None:
            continue
        before, after = node.parent.state, node.state
        moved = [p for p in before.in_play() if (q := after.get(p.id)) is None
                 or not q.in_play or math.hypot(q.x - p.x, q.y - p.y) > 3 * p.radius]
        if moved:
            break
    else:
        raise AssertionError("the demo has no move that takes a disc away")
    desk = Desk(tmp_path)
    try:
        desk.start("open", str(DEMO))
        desk.settled()
        shown = help_of(desk)
        assert {"G", "I", "B"} <= shown["keys"], shown["keys"]
        assert "Flick" in shown["lines"]["Left drag on your active disc"]
        assert "Orbit" in shown["lines"]["Left drag elsewhere, middle drag"]
        assert "Left drag, middle drag" not in shown["lines"]
        # to the position before that move, seen from above, and find the disc on the screen
        desk.key("End")
        desk.key(*["Left"] * (back + 1))
        desk.key("t")
        desk.settled()
        p = desk.key("i")  # every disc labelled: the probe says where each one is drawn
        p = desk.wait(lambda p: p["scene"]["disc_labels"]["shown"], 20, "the disc labels")
        at = {lab["text"]: lab["at"] for lab in p["scene"]["disc_labels"]["shown"]}
        pid = next(m.id for m in moved if m.id in at)
        desk.key("i")
        x, y = at[pid]
        desk.move(x, y)
        p = desk.wait(lambda p: (p["hover"] or "").startswith(f"{pid}:"), 20, "the hover line")
        assert f"{pid}:" in p["status"]
        # step forward with the pointer still: the disc goes, and the line stops naming it
        desk.key("Right")
        p = desk.wait(lambda p: not p["clock_running"] and p["shown_is_cursor"]
                      and not (p["hover"] or "").startswith(f"{pid}:"), 30,
                      "the hover line to stop naming the disc that moved")
        assert f"{pid}:" not in p["status"]
        desk.key("Left")  # back: it stands there again, and is named again
        desk.wait(lambda p: (p["hover"] or "").startswith(f"{pid}:"), 30, "the disc named again")
        # the wheel over the move list's rows scrolls it (not only over the strip beside them)
        desk.key("Home")
        p = desk.settled()
        rows = [r["row"] for r in p["move_list"]]
        assert len(rows) > 4, rows
        row = rows[len(rows) // 2]
        desk.move((row[0] + row[2]) / 2, (row[1] + row[3]) / 2)
        scroll = desk.probe()["list_scroll"]
        assert scroll > 0, "the list shows its end: there is room to scroll up"
        view = desk.probe()["view"]
        desk.wheel(4, 2)  # wheel up: towards the list's top; the camera does not zoom
        p = desk.wait(lambda p: p["list_scroll"] < scroll, 20, "the move list to scroll up")
        assert p["view"] == view
        up = p["list_scroll"]
        desk.wheel(5, 1)
        desk.wait(lambda p: p["list_scroll"] > up, 20, "the wheel down to scroll it back")
    finally:
        desk.stop()


def test_grendizer_seat_keys_say_that_every_seat_shares_one_side(tmp_path):
    """In Grendizer the team sits on one side of the board: 2 and 3 keep the camera where it
    is, and say why, never nothing; a seat past the players says how many there are."""
    desk = Desk(tmp_path)
    try:
        desk.start("play", "grendizer", "--players", "3", "--seed", "2")
        before = desk.settled()
        for key in ("2", "3"):
            desk.key(key)
            p = desk.wait(lambda p, key=key: (p["message"] or "").startswith(f"Camera at seat {key}"),
                          20, f"{key} answered")
            assert "same side" in p["message"], p["message"]
            assert p["nodes"] == before["nodes"] and p["dialog"] is None
        desk.key("4")
        p = desk.wait(lambda p: "3 seats" in (p["message"] or "") or
                      "does nothing now" in (p["message"] or ""), 20, "4 answered")
    finally:
        desk.stop()


def test_a_press_on_your_own_base_says_why_it_does_not_move(tmp_path):
    """Issue 39 point 11: the Base cannot be flicked; a drag on it orbited the camera and said
    nothing. It says why, and plays nothing."""
    from timeline import load_record

    tutorial = ROOT / "scenarios" / "glonk" / "01-your-first-flick.flick"
    state = load_record(tutorial).mainline()[-1].state
    base = next(p.id for p in state.in_play() if p.owner == state.turn_player and p.kind == "base")
    desk = Desk(tmp_path)
    try:
        desk.start("open", str(tutorial))
        desk.settled()
        desk.key("t")
        desk.settled()
        desk.key("i")  # every disc labelled: the probe says where each one is drawn
        p = desk.wait(lambda p: p["scene"]["disc_labels"]["shown"], 20, "the disc labels")
        at = {lab["text"]: lab["at"] for lab in p["scene"]["disc_labels"]["shown"]}
        desk.key("i")
        before = desk.settled()
        x, y = at[base]
        desk.drag([(x, y), (x - 20, y + 10), (x - 40, y + 20)])
        p = desk.wait(lambda p: (p["message"] or "").startswith(f"{base} does not move"), 20,
                      "the press on the Base answered")
        assert "speed" in p["message"].lower(), p["message"]
        assert desk.settled()["nodes"] == before["nodes"]  # nothing flicked
    finally:
        desk.stop()
