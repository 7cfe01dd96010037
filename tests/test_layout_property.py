"""The window's 2D layout never covers the game (issue 20, points 2 and 3), as a property:
for every game x mode (play, replay, aim, edit, lesson, puzzle, F3, explorer, dialog, Learn) x
window size (1280x720, 1280x800, 1920x1080, 1024x600) x seeded positions (random playouts, 2-6
players where the game allows; at least 50 positions a game):

- no two 2D things of different owners overlap (the status lines, the message line, the
  panels, every box, a scene's tray, hand or labels), a modal dialog over its shade excepted;
- nothing 2D covers a piece or a field of the position shown (each projected into the window
  with `app.project`; the pieces kept beside the mat among them), and every one of them is in
  the window, under the named view, and under the view a lesson or a puzzle opens with;
- every box of the left column lies in the window, none above its top edge (Glonk's explorer
  with its odds box shown: the explorer's worker explores the flick at the cursor);
- every text is at least 12 pixels high (its em, as drawn) in a window 720 pixels high or more,
  and as much less in a smaller window as the window is (text is sized to the window's height);
- the message line lies inside the window and not under the bar.

What is on the screen is measured from the scene graph itself (every visible node under
render2d, DirectGUI items through their drawn state), not from the layout's own numbers, so
the test says the same of code without a layout. Panda allows one ShowBase a process: each
game runs in a child process (this file as a script) sharing one offscreen window.
"""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SIZES = [(1280, 720), (1280, 800), (1920, 1080), (1024, 600)]
MODES = ["play", "replay", "aim", "edit", "lesson", "puzzle", "F3", "explorer", "dialog", "learn"]
GAMES = {"glik": (2, 3, 4), "glonk": (2, 3, 4, 5, 6), "grendizer": (1, 2, 3, 4)}
POSITIONS = 50
MIN_PX = 12.0
#: Each position is checked in this many (mode, size) pairs (all pairs are covered in turn).
PAIRS_PER_POSITION = 3


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_box_covers_the_game_and_every_text_is_readable(game, tmp_path):
    out = tmp_path / "result.json"
    result = subprocess.run([sys.executable, __file__, game, str(out)], cwd=ROOT,
                            capture_output=True, text=True, timeout=1500)
    assert result.returncode == 0 and out.exists(), result.stdout[-3000:] + result.stderr[-3000:]
    report = json.loads(out.read_text())
    assert report["positions"] >= POSITIONS
    if game == "glonk":  # the explorer's odds box was on the screen in some of the checks
        assert report["odds_shown"] > 0
    assert set(report["pairs"]) == {f"{m}@{w}x{h}" for m in report["modes"] for w, h in SIZES}
    problems = report["problems"]
    assert not problems, f"{len(problems)} problems in {report['checks']} checks:\n" + "\n".join(
        problems[:25])


# --- what the screen shows, from the scene graph -------------------------------------------------
ANCHORS = {"render2d", "aspect2d", "pixel2d"}


def _is_anchor(np) -> bool:
    name = np.getName()
    return name in ANCHORS or name.startswith("a2d")


def owner_key(np) -> str:
    return f"{np.getName()}#{np.node().this}"


def drawn_2d(app):
    """Every visible thing drawn on the 2D layers: a list of dicts with its owner (the node
    just under the anchors it hangs from), its pixel rectangle (x0, y0, x1, y1 from the
    top-left) and, for text, its text and its em in pixels."""
    from panda3d.core import GeomNode, LMatrix4f, NodePath, PGItem, Point3, TextNode

    W, H = app.win.getXSize(), app.win.getYSize()
    out = []

    def pixels(lo, hi, mat):
        pts = [mat.xformPoint(Point3(x, 0, z)) for x in (lo.x, hi.x) for z in (lo.z, hi.z)]
        xs = [(p.x + 1) / 2 * W for p in pts]
        ys = [(1 - p.z) / 2 * H for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))

    def leaf(np, mat, owner):
        node = np.node()
        if isinstance(node, TextNode):
            text = node.getText()
            if not text.strip():
                return
            b = np.getTightBounds(np)
            if not b:
                return
            em = mat.getRow3(2).length() * H / 2
            out.append({"owner": owner, "rect": pixels(b[0], b[1], mat), "text": text, "em": em})
        elif isinstance(node, GeomNode) and node.getNumGeoms():
            b = np.getTightBounds(np)
            if b:
                out.append({"owner": owner, "rect": pixels(b[0], b[1], mat), "text": None})

    def walk(np, parent_mat, owner):
        if np.isStashed() or np.node().isOverallHidden():
            return
        mat = LMatrix4f(np.getMat()) * parent_mat
        if owner is None and not _is_anchor(np):
            owner = owner_key(np)
        node = np.node()
        if isinstance(node, PGItem):  # DirectGUI: what it draws is in its current state
            sd = NodePath(node.getStateDef(max(node.getState(), 0)))
            for child in sd.getChildren():
                walk(child, mat, owner)
        leaf(np, mat, owner)
        for child in np.getChildren():
            walk(child, mat, owner)

    identity = LMatrix4f.identMat()
    for child in app.render2d.getChildren():
        walk(child, identity, None)
    return out


def overlap(a, b, slack=1.0) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def check_screen(app, points, label: str) -> list[str]:
    """The problems of the window as it is drawn now (see the module's words)."""
    W, H = app.win.getXSize(), app.win.getYSize()
    things = drawn_2d(app)
    problems = []
    column = {owner_key(np) for np in app.a2dTopLeft.getChildren()}
    shades = {t["owner"] for t in things if t["text"] is None
              and (t["rect"][2] - t["rect"][0]) * (t["rect"][3] - t["rect"][1]) >= 0.95 * W * H}
    things = [t for t in things if t["rect"][2] > 0 and t["rect"][0] < W
              and t["rect"][3] > 0 and t["rect"][1] < H]
    min_px = MIN_PX * min(1.0, H / 720.0)
    for t in things:
        if t["text"] is not None and t["em"] < min_px - 0.05:
            problems.append(f"{label}: text {t['text'][:40]!r} is {t['em']:.1f} px high")
    solid = [t for t in things if t["owner"] not in shades]
    seen = set()
    for i, a in enumerate(solid):
        for b in solid[i + 1:]:
            if a["owner"] != b["owner"] and overlap(a["rect"], b["rect"]):
                key = tuple(sorted((a["owner"].split("#")[0], b["owner"].split("#")[0])))
                if key not in seen:
                    seen.add(key)
                    problems.append(f"{label}: {key[0]} overlaps {key[1]}")
    if not shades:  # a modal dialog shades the game: it takes no input meanwhile
        covered, outside = 0, 0
        for p in points:
            xy = app.project(p)
            if xy is None or not (0 <= xy[0] <= W and 0 <= xy[1] <= H):
                outside += 1
                continue
            if any(t["rect"][0] <= xy[0] <= t["rect"][2] and t["rect"][1] <= xy[1] <= t["rect"][3]
                   for t in solid):
                covered += 1
        if covered:
            problems.append(f"{label}: {covered} of {len(points)} pieces and fields under a 2D box")
        if outside:
            problems.append(f"{label}: {outside} of {len(points)} pieces and fields off the window")
    for t in things:  # the left column's boxes hang from the window's top-left corner
        x0, y0, x1, y1 = t["rect"]
        if t["owner"] in column and (x0 < -0.5 or y0 < -0.5 or x1 > W + 0.5 or y1 > H + 0.5):
            problems.append(f"{label}: {t['owner'].split('#')[0]} runs off the window")
    panel = app.controller.panel
    message = [t for t in things if t["owner"] == owner_key(panel.message) and t["text"]]
    bar = [t["rect"] for t in things if t["owner"] == owner_key(panel.bar)]
    bar_top = min((r[1] for r in bar), default=H)
    for t in message:
        x0, y0, x1, y1 = t["rect"]
        if x0 < -0.5 or x1 > W + 0.5 or y0 < -0.5 or y1 > H + 0.5:
            problems.append(f"{label}: the message line runs off the window")
        if y1 > bar_top + 1:
            problems.append(f"{label}: the message line lies under the bar")
    return problems


# --- positions and modes -------------------------------------------------------------------------
def playouts(game: str):
    """Seeded random playouts, one a players count; the positions along them (nodes)."""
    import numpy as np

    from games.api import random_action
    from timeline import Record, Session

    counts = GAMES[game]
    per = math.ceil(POSITIONS / len(counts))
    sessions, nodes = [], []
    for k, players in enumerate(counts):
        rng = np.random.default_rng(100 + k)
        session = Session(Record.new(game, {"players": players}), rng=np.random.default_rng(k))
        session.auto_chance()
        line = []
        steps = 0
        while len(line) < per and steps < per * 6:
            steps += 1
            g, s = session.game, session.state
            if g.is_terminal(s):
                break
            session.play(random_action(g, s, rng))
            session.auto_chance()
            if steps % 2 == 0 or game == "glonk":
                line.append(session.node)
        sessions.append(session)
        nodes += [(session, n) for n in line]
    return nodes


def points_of(app, state) -> list:
    """World points of every piece and field of `state` as the scene draws it."""
    game = app.session.game.name
    scene = app.scene
    pts = []
    if game == "glik":
        from games.glik.kit import COLS, ROWS

        for r in range(ROWS):
            for c in range(COLS):
                v = scene.cell_center((r, c))
                pts.append((v.x, v.y, v.z))
        for seat, colour in enumerate(state.colours):
            for k in range(state.reserve[seat]):
                pts.append(scene.reserve_pos(state, colour, k))
    elif game == "glonk":
        for p in state.in_play():
            pts.append((p.x, p.y, 0.0))
        for pid, (x, y, z, *_rest) in scene.layout(state).items():
            pts.append((x, y, z))
    else:
        from viewer.grendizer import layout as L

        for lane in range(L.NLANES):
            for space in range(L.LOC + 1):
                v = scene.cell_center((lane, space))
                pts.append((v.x, v.y, v.z))
            x, y = L.pile_pos(lane)
            pts.append((x, y, L.BOARD_H))
            x, y = L.beast_card_pos(lane)
            pts.append((x, y, L.BOARD_H))
    return pts


def bundled(game: str, kind: str) -> list[Path]:
    if kind == "lesson":
        return sorted((ROOT / "scenarios" / "lessons").glob(f"{game}-*.flick"))
    return sorted((ROOT / "scenarios" / game).glob("*.flick"))[:4]


def select_something(app, state) -> bool:
    """Aim: pick a piece of the player to move as a person would (a disc, a stone, a card)."""
    scene = app.scene
    game = app.session.game.name
    g = app.session.game
    who = g.current_player(state)
    if who < 0:
        return False
    if game == "glonk":
        mine = [p for p in state.in_play() if getattr(p, "owner", None) == who] or list(
            state.in_play())
        if not mine:
            return False
        scene.selected = mine[0].id
    elif game == "glik":
        if state.reserve[who] <= 0:
            return False
        scene.selected = ("reserve", state.colours[who])
    else:
        hand = state.hands[state.player] if state.hands else ()
        if not hand:
            return False
        scene.selected = hand[0]
    app.show_node(app.session.node)
    return True


def show_odds(app, explorer, seconds: float = 60.0) -> bool:
    """Frames until the explorer's odds box is drawn (the flick at the cursor explored by its
    worker); False where there is no flick here to explore or no odds came in time."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.render_frames(1)
        if explorer.subject is None and time.monotonic() > deadline - seconds + 2:
            return False  # nothing at the cursor to explore (a placement, the start)
        if explorer.label_box() is not None:
            return True
    return False


def child(game: str, out: Path) -> None:
    import os

    # FLICKBOOK_CODE_ROOT: another checkout's code under the same test (say, the code before
    # the layout, to see that this test fails there)
    sys.path.insert(0, os.environ.get("FLICKBOOK_CODE_ROOT", str(ROOT)))
    from viewer.app import ViewerApp

    positions = playouts(game)
    first = positions[0][0]
    app = ViewerApp(first, offscreen=True, size=SIZES[0], interactive=True)
    ctl = app.controller
    if game == "glonk":  # a window's input (the piece buttons, the explorer's box) offscreen too
        from viewer.glonk.explorer_view import ShotExplorer
        from viewer.glonk.input import FlickInput

        flick_input = FlickInput(app, app.scene)  # (no pointer trail: it reads a window)
        flick_input.explorer = ShotExplorer(app, app.scene)
        app.scene.input = flick_input
    modes = [m for m in MODES if m != "explorer" or game == "glonk"]
    pairs = [(m, s) for s in SIZES for m in modes]
    problems, checks, done, odds_shown = [], 0, set(), 0
    lessons, puzzles = bundled(game, "lesson"), bundled(game, "puzzle")

    def settle(n=2):
        app.render_frames(n)

    def seat_view():
        app.set_view(app.preset("seat", app.session_player()))
        settle()

    for i, (session, node) in enumerate(positions):
        for j in range(PAIRS_PER_POSITION):
            mode, size = pairs[(i * PAIRS_PER_POSITION + j) % len(pairs)]
            label = f"{mode}@{size[0]}x{size[1]} position {i}"
            app.resize(size)
            ctl.panel.layout()
            undo = []
            if mode in ("lesson", "puzzle"):
                files = lessons if mode == "lesson" else puzzles
                if not files:
                    continue
                problem = ctl.files.open_path(files[i % len(files)])
                assert problem is None, problem
                settle()
                # the view it opens with (a named view of its own): nothing beside the mat
                # under the side panel or a box
                problems += check_screen(app, points_of(app, app.shown_state),
                                         label + " (its own view)")
            else:
                if ctl.session is not session:
                    ctl.shown.set_session(session)
                target = node.parent if mode == "replay" and node.parent is not None else node
                ctl.navigation.go_to(target)
                settle()
            if mode == "replay":
                ctl.player.play_pause()
                undo.append(ctl.player.play_pause)
            elif mode == "aim":
                if not select_something(app, app.shown_state):
                    continue
            elif mode == "edit":
                ctl.editor.toggle()
                undo.append(ctl.editor.toggle)
            elif mode == "F3":
                if puzzles and i % 2:  # over a puzzle (its box stays open under the panel)
                    assert ctl.files.open_path(puzzles[i % len(puzzles)]) is None
                    settle()
                ctl.lesson_panel.toggle()
                if not ctl.lesson_panel.active:
                    continue
                undo.append(ctl.lesson_panel.toggle)
            elif mode == "explorer":
                explorer = getattr(app.scene.input, "explorer", None)
                if explorer is None:
                    continue
                if not explorer.on:  # (on in the settings already: it stays on)
                    explorer.toggle()
                    undo.append(explorer.toggle)
                odds_shown += show_odds(app, explorer)
            elif mode == "dialog":
                ctl.dialogs.help()
                undo.append(lambda: ctl.dialog.close() if ctl.dialog is not None else None)
            elif mode == "learn":
                ctl.files.learn()
                undo.append(lambda: ctl.dialog.close() if ctl.dialog is not None else None)
            ctl.say(f"The bot explains: {app.scene.action_label(app.session.node)} " * 6
                    if app.session.node.parent is not None else "Start " * 40)
            settle()
            seat_view()
            problems += check_screen(app, points_of(app, app.shown_state), label)
            checks += 1
            done.add(f"{mode}@{size[0]}x{size[1]}")
            for step in reversed(undo):
                step()
            if mode == "aim":
                app.scene.selected = None
            settle(1)
    out.write_text(json.dumps({"positions": len(positions), "checks": checks, "modes": modes,
                               "pairs": sorted(done), "problems": problems,
                               "odds_shown": odds_shown}))


if __name__ == "__main__":
    child(sys.argv[1], Path(sys.argv[2]))
