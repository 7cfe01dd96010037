"""End-to-end: a game from a real table logged in a real window under Xvfb, driven with xdotool
as a person would (issue 25).

Glonk: a record logged at a table opens in log mode; for each of two real flicks the disc
flicked is clicked, the discs that moved are dragged to where they stopped, Enter; the
inference runs in the window's analysis worker (the probe shows it) and the observed flick is
logged; the autosave then holds both, resting where they were entered. Glik: `flickbook log
glik`, the boards dealt at the table typed into the log box's field (Tab completes).
Where to press comes from an offscreen mirror given the window's reported camera. Skipped only
when Xvfb/xdotool are missing.
"""
from __future__ import annotations

import math
import time

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk
from xvfb.pace import deadline

W, H = 1280, 720
pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


def _start():
    from games.glonk.positions import position

    return position(("little_greys", "invaders"),
                    at={"BH": (0, 0), "G0": (0, -0.6), "G1": (0, -0.35), "G2": (0.02, -0.28),
                        "G3": (-0.3, -0.25), "V0": (0, 0.6), "V1": (0.3, 0.3)})


def _resting(state, flick):
    from games.glonk.rules import simulate_flick

    motion = simulate_flick(state, flick)
    start = {p.id: (p.x, p.y) for p in state.in_play()}
    return {d.id: (d.x, d.y) for d in motion.final if math.dist((d.x, d.y), start[d.id]) > 0.002}


def _autosaved(tmp, count, seconds=60):
    from timeline import RecordFileError, load_record

    end = deadline(seconds)
    while time.time() < end:
        try:
            rec = load_record(tmp / "home" / "autosave.flick")
            line = [n for n in rec.mainline() if n.observed is not None]
            if len(line) >= count:
                return rec, line
        except (RecordFileError, OSError):
            pass
        time.sleep(0.3)
    raise AssertionError(f"the autosave does not hold {count} logged flicks")


def test_two_real_flicks_logged_in_a_real_window(tmp_path):
    from games.glonk import GAME
    from games.glonk.actions import Flick
    from timeline import Record, Session
    from timeline.fileformat import save_record
    from viewer.render import offscreen_app
    from xvfb.mirror import align_to_window

    start = _start()
    record = Record(GAME.name, {"players": 2, "armadas": ["little_greys", "invaders"]},
                    start_state_json=GAME.state_to_json(start), headers={"logged": "table"})
    path = save_record(record, tmp_path / "club-night.flick")
    mirror = offscreen_app(Session(record), (W, H))  # aims through the window's own camera

    def px(xy):
        p = mirror.project((xy[0], xy[1], 0.005))
        assert p is not None, xy
        return p

    first = Flick.make("G1", 74.0, 1.1, 0.0)  # a carom: G1 knocks G2 on
    rest1 = _resting(start, first)
    assert {"G1", "G2"} <= set(rest1), rest1
    after1 = GAME.apply(start, first).state
    second = Flick.make("G3", 120.0, 0.8, 0.0)  # a lone slide
    rest2 = _resting(after1, second)
    assert set(rest2) == {"G3"}, rest2
    desk = Desk(tmp_path)
    began = time.time()
    try:
        desk.start("open", str(path))
        desk.wait(lambda p: p["mode"] == "log" and p["table_log"]["active"], 30, "log mode")
        desk.key("t")  # top-down, as in the mirror
        desk.settled()
        places = {"G1": (0, -0.35), "G2": (0.02, -0.28), "G3": (-0.3, -0.25)}
        for n, (flick, rest) in enumerate(((first, rest1), (second, rest2)), 1):
            align_to_window(mirror, desk.probe())  # the layout may have fitted the view anew
            desk.click(*px(places[flick.piece]))
            desk.wait(lambda p: p["table_log"]["piece"] == flick.piece, 20, "the disc flicked")
            for pid, goal in sorted(rest.items()):
                a, b = px(places[pid]), px(goal)
                desk.drag([a] + [(a[0] + (b[0] - a[0]) * k / 6, a[1] + (b[1] - a[1]) * k / 6)
                                 for k in range(1, 7)])
                desk.wait(lambda p, pid=pid: pid in p["table_log"]["entered"], 20,
                          f"{pid} dropped where it stopped")
                places[pid] = goal
            entered = desk.probe()["table_log"]["entered"]
            for pid, goal in rest.items():  # a pixel is about a millimetre
                assert math.dist(entered[pid], goal) < 0.004, (pid, entered[pid], goal)
            desk.key("Return")
            desk.wait(lambda p: p["table_log"]["inferring"] or p["table_log"]["logged"] >= n,
                      20, "the inference to start")
            desk.wait(lambda p: p["table_log"]["logged"] >= n and not p["table_log"]["inferring"],
                      240, f"flick {n} inferred and logged")
            assert "Logged" in desk.probe()["message"], desk.probe()["message"]
            desk.settled()
        took = time.time() - began
        rec, logged = _autosaved(tmp_path, 2)
        assert [str(n.action).split()[1] for n in logged] == ["G1", "G3"]
        for node, rest in zip(logged, (rest1, rest2)):
            for pid, goal in rest.items():
                q = node.state.piece(pid)
                assert math.dist((q.x, q.y), goal) < 0.004, (pid, q.x, q.y, goal)
        assert abs(((logged[0].action.angle - 74.0 + 180) % 360) - 180) < 4.0, logged[0].action
        assert abs(((logged[1].action.angle - 120.0 + 180) % 360) - 180) < 4.0, logged[1].action
        print(f"two flicks logged in {took:.0f} s")
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()


def test_glik_boards_typed_at_the_table_in_a_real_window(tmp_path):
    """`flickbook log glik`: the field has the keys; a board dealt at the table is typed,
    Tab completes the rest, Enter logs it; nothing is drawn in between."""
    desk = Desk(tmp_path)
    try:
        desk.start("log", "glik")
        desk.wait(lambda p: p["mode"] == "typing" and p["table_log"]["entry"] == "typed", 30,
                  "the log box's field to have the keys")
        desk.type("board 9")
        desk.wait(lambda p: "deal board 9" in p["table_log"]["completions"], 20, "completions")
        desk.key("Return")
        desk.wait(lambda p: p["node_action"] == "deal 9", 20, "the deal logged")
        p = desk.wait(lambda p: p["table_log"]["chance"] and p["typing"], 20, "the next deal")
        assert p["nodes"] == 2, p["nodes"]  # nothing drawn after it
        desk.type("board 1")
        desk.key("Tab")  # the first board that fits
        desk.wait(lambda p: p["table_log"]["typed"].startswith("deal board 1"), 20, "Tab")
        desk.key("Return")
        desk.wait(lambda p: p["nodes"] == 3 and p["node_action"].startswith("deal 1"), 20,
                  "the completed deal logged")
    except BaseException:
        desk.screenshot()
        raise
    finally:
        desk.stop()
