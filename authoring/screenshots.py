"""Make the README's Glik screenshots: `python -m authoring.screenshots [OUT_DIR]`.

Two are plain `flickbook render` pictures of the demo replay; two are the whole window drawn
offscreen by the same app a window uses: play (panel, move tree, annotations, a selected stone
with its destinations) and setup (the tray of boards in hand, one picked, turned with R and
shown framed over the slot it may go in). `python -m authoring.screenshots glonk-editor [OUT_DIR]`
makes the Glonk editor's picture (a bundled tutorial set up for three players with starting
scores). The move list's picture (`... move-list [OUT_DIR]` alone) is the Glonk demo at
1280x800 with a teacher's nested variations, one of them closed, and comments.
"""
from __future__ import annotations

import sys
from argparse import Namespace
from pathlib import Path


def main(out_dir: str = "docs/img") -> None:
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session
    from viewer.render import render_command
    from viewer.scene import Pick

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    session = demo_session()
    app = ViewerApp(session, offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    touched = next(n for n in session.record.mainline() if n.glyphs)
    ctl.navigation.go_to(touched)
    app.set_view(app.preset("seat", 0))
    state = session.state
    colour = state.colours[state.turn]
    mine = [(r, c) for r, c, col in state.stone_list()
            if col == colour and any(a.cell == (r, c) for a in app.scene.legal_for(state, ("stone", (r, c))))]
    if mine:
        ctl.moves.click(Pick(cell=mine[-1]))
    app.render_frames(3)
    app.save_png(out / "glik-window.png")
    setup_picture(app, out / "glik-setup.png")
    app.destroy()
    move_list_picture(out)  # (a window's app, so before the renders' lasting offscreen one)
    for ply, camera, name in ((90, "seat1", "glik-seat"), (141, "top", "glik-top")):
        render_command(Namespace(file="demo-glik", ply=ply, node=None, camera=camera,
                                 out=str(out / f"{name}.png"), size="1280x720"))


def move_list_session():
    """The Glonk demo with what a teacher adds: a variation nested in its variation (another
    aim), a comment on it, and a second variation further on (closed in the picture)."""
    from games.api import IllegalAction
    from games.glonk.actions import Flick
    from viewer.glonk.demo import demo_session

    session = demo_session()
    line = session.record.mainline()

    def other_aim(at, like, turns=(25.0, -25.0, 50.0, -50.0)):
        """A flick like `like` (the same piece) at another angle, played at `at`."""
        session.go_to(at)
        for turn in turns:
            try:
                return session.play(Flick.make(like.piece, like.angle + turn, like.speed * 0.9,
                                               like.spin, like.assault, like.power, like.by))
            except IllegalAction:
                continue
        return None

    variation = line[9].variations[1]  # the demo's own: ply 10 at 60 % power
    follow = other_aim(variation, line[11].action, (0.0, 20.0, -20.0))
    nested = other_aim(variation, line[11].action, (35.0, -35.0, 70.0)) if follow else None
    if nested is not None:
        session.set_comment("Or wait for the Greys to come closer: the Jumper's reach is "
                            "shorter than it looks from above.", nested)
    closed = other_aim(line[15], line[16].action)
    if closed is not None:
        other_aim(closed, line[17].action, (0.0, 15.0))
    session.go_to(nested or variation)
    session.clear_history()
    return session, closed


def move_list_picture(out: Path) -> None:
    """The window at 1280x800 with the cursor in a nested variation of the Glonk demo."""
    from viewer.app import ViewerApp

    session, closed = move_list_session()
    app = ViewerApp(session, offscreen=True, size=(1280, 800), interactive=True)
    ctl = app.controller
    if closed is not None:
        ctl.panel.moves.toggle(closed)
    ctl.navigation.go_to(session.node)
    app.render_frames(3)
    app.save_png(out / "move-list.png")
    app.destroy()


def setup_picture(app, path) -> None:
    """Two players' setup: yellow picks a board in the tray, turns it, holds it over its slot."""
    import numpy as np

    from games.glik import GAME
    from games.glik.kit import SIZE
    from timeline import Record, Session
    from viewer.scene import Pick

    session = Session(Record(GAME.name, GAME.default_config(2)), rng=np.random.default_rng(3))
    session.auto_chance()
    ctl = app.controller
    ctl.shown.set_session(session)
    app.set_view(app.preset("seat", 0))
    state = session.state
    scene = app.scene
    board = state.hands[0][1]
    ctl.moves.click(Pick(target=("hand", board)))
    scene.rotate_selection(state)
    slot = scene.legal_slots(state, board)[0]
    scene.hover(state, Pick(cell=(slot[0] * SIZE + 1, slot[1] * SIZE + 1)))
    app.render_frames(3)
    app.save_png(path)


def glonk_editor(out_dir: str = "docs/img", size=(1280, 800)) -> Path:
    """The Glonk editor on "The black hole": a third armada joined, starting scores clicked
    in, V1 selected, seen from above."""
    from scenarios import bundled, load_scenario
    from timeline import Session
    from viewer.app import ViewerApp
    from viewer.scene import Pick

    _, record = load_scenario(bundled("glonk")[2])
    app = ViewerApp(Session(record), offscreen=True, size=size, interactive=True)
    ctl = app.controller
    ctl.editor.toggle()
    ed = ctl.editor.current
    ed._players(1)
    for seat, clicks in ((0, 2), (2, 1)):
        for _ in range(clicks):
            ed._score(seat, 1)
    ed.board_click(Pick(piece="V1"), 1)
    app.set_view(app.preset("top"))
    app.render_frames(4)
    path = Path(out_dir) / "editor-glonk.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    app.save_png(path)
    app.destroy()
    return path


if __name__ == "__main__":
    if sys.argv[1:2] == ["glonk-editor"]:
        print(glonk_editor(*sys.argv[2:]))
    elif sys.argv[1:2] == ["move-list"]:
        folder = Path(sys.argv[2] if len(sys.argv) > 2 else "docs/img")
        folder.mkdir(parents=True, exist_ok=True)
        move_list_picture(folder)
    else:
        main(*sys.argv[1:])
