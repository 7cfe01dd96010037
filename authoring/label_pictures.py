"""Make the README's pictures of the readable labels: `python -m authoring.label_pictures [OUT_DIR]`.

`glonk-labels.png`: the whole window (drawn offscreen by the same app a window uses) on the
Glonk demo's last position from the top, every disc labelled with its id (the I key).
`grendizer-outcomes.png`: a Grendizer game at its deal of the Actions cards, the outcome list
with every card's zone symbols along the bottom, under the board.
"""
from __future__ import annotations

import sys
from pathlib import Path

SIZE = (1280, 800)


def glonk_labels(out: Path) -> Path:
    from timeline import Session, load_record
    from viewer.app import ViewerApp

    root = Path(__file__).resolve().parent.parent
    session = Session(load_record(root / "scenarios" / "demo" / "glonk-demo.flick"))
    app = ViewerApp(session, offscreen=True, size=SIZE, interactive=True)
    try:
        app.controller.navigation.go_to(session.record.root.end())
        app.set_view(app.preset("top"))
        app.controller._key("i")  # the key, routed as a person presses it
        app.render_frames(4)
        path = out / "glonk-labels.png"
        app.save_png(path)
    finally:
        app.destroy()
    return path


def grendizer_outcomes(out: Path) -> Path:
    import numpy as np

    from games.api import CHANCE, sample_chance
    from games.grendizer.actions import Draw
    from games.grendizer.rules import GAME
    from timeline import Record, Session
    from viewer.app import ViewerApp

    session = Session(Record.new(GAME.name, {"players": 2}), rng=np.random.default_rng(1))
    game, rng = session.game, np.random.default_rng(2)
    dealt = 0
    while True:  # on to the third card of the deal (two already in the hand)
        s = session.state
        if game.current_player(s) != CHANCE:
            session.play(game.legal_actions(s)[0])
            continue
        if isinstance(next(iter(game.chance_outcomes(s)))[0], Draw):
            if dealt == 2:
                break
            dealt += 1
        session.play(sample_chance(game, s, rng))
    app = ViewerApp(session, offscreen=True, size=SIZE, interactive=True)
    try:
        app.scene.ui.picker_enabled = True
        app.controller.navigation.go_to(session.node)
        app.set_view(app.preset("seat"))
        app.render_frames(4)
        path = out / "grendizer-outcomes.png"
        app.save_png(path)
    finally:
        app.destroy()
    return path


def main(out_dir: str = "docs/img") -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    print(glonk_labels(out))
    print(grendizer_outcomes(out))


if __name__ == "__main__":
    main(*sys.argv[1:])
