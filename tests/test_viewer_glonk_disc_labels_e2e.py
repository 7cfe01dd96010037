"""Glonk's disc labels in a real window (Xvfb, 1280x800 screen): I labels every disc of the
demo game, each label whole inside the free part of the window and clear of the status
lines; the labels follow the discs while the game plays back; I works while a flick is being
pulled back too; with the labels off, the disc under the mouse still shows its id (beside it, off its
neighbours).
What is on the screen comes from the label nodes themselves (the viewer's probe)."""
from __future__ import annotations

import math

from test_e2e_viewer import pytestmark  # noqa: F401
from xvfb.desk import ROOT, Desk

DEMO = ROOT / "scenarios" / "demo" / "glonk-demo.flick"


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def labels(p: dict) -> dict:
    return p["scene"]["disc_labels"]


def check_on_screen(p: dict, hovered: bool = False) -> None:
    """Every label inside the free part, off the panels, centred just above its disc; a
    hovered disc's label may stand aside, NUDGE pixels at most, off a neighbour."""
    from viewer.glonk.disc_labels import NUDGE

    facts = p["scene"]
    free = facts["free"]
    for lab in labels(p)["shown"]:
        b = lab["box"]
        assert b[0] >= free[0] and b[1] >= free[1] and b[2] <= free[2] and b[3] <= free[3], \
            (lab, free)
        assert not any(overlaps(b, hud) for hud in facts["hud"]), (lab, facts["hud"])
        if hovered:
            assert abs((b[0] + b[2]) / 2 - lab["at"][0]) <= NUDGE + (b[2] - b[0]) / 2, lab
            assert abs((b[1] + b[3]) / 2 - lab["at"][1]) <= NUDGE + 40, lab
        else:
            assert abs((b[0] + b[2]) / 2 - lab["at"][0]) < 2 and b[3] < lab["at"][1], lab


def test_the_key_labels_every_disc_in_play_replay_and_aim(tmp_path):
    desk = Desk(tmp_path)
    try:
        desk.start("open", str(DEMO))
        desk.key("t")
        desk.key("End")
        p = desk.settled()
        assert labels(p) == {"all": False, "wanted": [], "shown": []}
        p = desk.key("i")
        p = desk.wait(lambda p: labels(p)["all"] and labels(p)["shown"], 10, "the labels")
        wanted = labels(p)["wanted"]
        assert len(wanted) > 20 and "BH" in wanted
        assert [lab["text"] for lab in labels(p)["shown"]] == wanted  # all of them, top view
        check_on_screen(p)
        # I again: off (only a hovered disc would be labelled)
        p = desk.key("i")
        p = desk.wait(lambda p: not labels(p)["all"] and not labels(p)["shown"], 10, "labels off")
        # replay from the start: the labels follow the discs as they move
        desk.key("Home")
        desk.settled()
        p = desk.key("i")
        p = desk.wait(lambda p: labels(p)["shown"], 10, "the labels at the start")
        start = {lab["text"]: lab["box"] for lab in labels(p)["shown"]}
        desk.key("space")
        p = desk.wait(lambda p: p["playing"] and any(
            start.get(lab["text"]) not in (None, lab["box"]) for lab in labels(p)["shown"]),
            60, "a label moved with its disc during playback")
        assert p["mode"] == "replay" and labels(p)["all"]
        check_on_screen(p)
        desk.key("space")
        desk.key("End")
        p = desk.settled()
        # aim mode: press on a disc of the player to move, pull back, and press I
        shown = {lab["text"]: lab["at"] for lab in labels(p)["shown"]}
        mover = next(t for t in ("G7", "G6", "G5", "G4", "G8") if t in shown)
        (x, y), (cx, cy) = shown[mover], shown["BH"]
        d = math.hypot(cx - x, cy - y)
        pull = [(x, y)] + [(x + (cx - x) * 40 * k / (4 * d), y + (cy - y) * 40 * k / (4 * d))
                           for k in range(1, 5)]
        desk.drag(pull, release=False)
        p = desk.wait(lambda p: p["mode"] == "aim", 20, "the aim")
        p = desk.key("i")
        p = desk.wait(lambda p: not labels(p)["all"], 10, "labels off while aiming")
        assert p["mode"] == "aim"
        p = desk.key("i")
        p = desk.wait(lambda p: labels(p)["all"] and labels(p)["shown"], 10, "on while aiming")
        desk.key("Escape")
        desk.up()
        p = desk.settled()
        assert p["mode"] == "play"
        # labels off: hovering a disc shows its id alone, just above it
        desk.key("i")
        p = desk.move(*shown[mover])
        p = desk.wait(lambda p: [lab["text"] for lab in labels(p)["shown"]] == [mover], 10,
                      "the hovered disc's label")
        check_on_screen(p, hovered=True)
        desk.screenshot()
    finally:
        desk.stop()
