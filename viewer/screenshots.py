"""Make the README's Glik screenshots and its move-list picture:
`python -m viewer.screenshots [OUT_DIR]` (`... OUT_DIR move-list` for that one alone).

Two are plain `flickbook render` pictures of the demo replay; the third is the whole window
(panel, move tree, annotations, a selected stone with its destinations), drawn offscreen by
the same app a window uses; the fourth is the Glonk demo at 1280x800 with a teacher's nested
variations, one of them closed, and comments, to show the move list.
"""
from __future__ import annotations

import sys
from argparse import Namespace
from pathlib import Path


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
    ctl.go_to(session.node)
    app.render_frames(3)
    app.save_png(out / "move-list.png")
    app.destroy()


def main(out_dir: str = "docs/img", only: str | None = None) -> None:
    from viewer.app import ViewerApp
    from viewer.glik.demo import demo_session
    from viewer.render import render_command
    from viewer.scene import Pick

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    if only == "move-list":
        move_list_picture(out)
        return
    session = demo_session()
    app = ViewerApp(session, offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    touched = next(n for n in session.record.mainline() if n.glyphs)
    ctl.go_to(touched)
    app.set_view(app.preset("seat", 0))
    state = session.state
    colour = state.colours[state.turn]
    mine = [(r, c) for r, c, col in state.stone_list()
            if col == colour and any(a.cell == (r, c) for a in app.scene.legal_for(state, ("stone", (r, c))))]
    if mine:
        ctl.click(Pick(cell=mine[-1]))
    app.render_frames(3)
    app.save_png(out / "glik-window.png")
    app.destroy()
    move_list_picture(out)  # (a window's app, so before the renders' lasting offscreen one)
    for ply, camera, name in ((90, "seat0", "glik-seat"), (141, "top", "glik-top")):
        render_command(Namespace(file="demo-glik", ply=ply, node=None, camera=camera,
                                 out=str(out / f"{name}.png"), size="1280x720"))


if __name__ == "__main__":
    main(*sys.argv[1:])
