"""Make the README's Glik screenshots: `python -m viewer.screenshots [OUT_DIR]`.

Two are plain `flickbook render` pictures of the demo replay; the third is the whole window
(panel, move tree, annotations, a selected stone with its destinations), drawn offscreen by
the same app a window uses.
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
    for ply, camera, name in ((90, "seat0", "glik-seat"), (141, "top", "glik-top")):
        render_command(Namespace(file="demo-glik", ply=ply, node=None, camera=camera,
                                 out=str(out / f"{name}.png"), size="1280x720"))


if __name__ == "__main__":
    main(*sys.argv[1:])
