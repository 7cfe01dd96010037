"""The bundled demo replay: a seeded three-player Glik game played by the rules' own bot,
annotated with comments, glyphs, arrows, marked fields, a variation and a saved camera view.

It is built in code (about half a second), so it always matches the current rules.
"""
from __future__ import annotations

import numpy as np

from games.api import CHANCE
from timeline import Drawing, Record, Session

SEED = 0
PLAYERS = 3


def demo_session() -> Session:
    """The demo as a session whose cursor stands where setup ends and play begins."""
    from games.glik.bot import choose_action

    record = Record.new("glik", {"players": PLAYERS},
                        headers={"event": "Flickbook demo replay", "players": ["Ada", "Bo", "Cy"],
                                 "annotator": "Flickbook"})
    session = Session(record, rng=np.random.default_rng(SEED))
    rng = np.random.default_rng(SEED + 100)
    game = record.game
    while not game.is_terminal(session.state) and session.node.ply < 600:
        if game.current_player(session.state) == CHANCE:
            session.play_chance()
        else:
            session.play(choose_action(session.state, rng))
    _annotate(session)
    session.clear_history()  # the demo's making is not the user's history
    return session


def _first(line, kind):
    for node in line[1:]:
        if any(ev.kind == kind for ev in node.step.events):
            return node
    return None


def _annotate(session: Session) -> None:
    line = session.record.mainline()
    setup_done = _first(line, "setup_done")
    session.set_comment("The boards are dealt and laid. Press Space to play the game, the arrow "
                        "keys to step, F1 for every control.", setup_done)
    session.set_camera({"target": [0.0, -1.2, 0.0], "distance": 44.0, "heading": 0.0,
                        "pitch": -62.0}, setup_done)
    first_slide = _first(line, "slid")
    if first_slide is not None:
        ev = next(e for e in first_slide.step.events if e.kind == "slid")
        session.set_comment("A stone slides until something stops it: a stone, a brown field, "
                            "a destination field or the edge.", first_slide)
        session.add_drawing(Drawing("arrow", tuple(ev.data["from"]), tuple(ev.data["to"])), first_slide)
    touched = _first(line, "touched")
    if touched is not None:
        ev = next(e for e in touched.step.events if e.kind == "touched")
        session.set_comment(f"First touch: {ev.data['colour']} reaches its destination field.", touched)
        session.toggle_glyph("!", touched)
        for cell in ev.data["cells"]:
            session.add_drawing(Drawing("highlight", tuple(cell), None, "yellow"), touched)
        # a variation: what if the stone had slid another way instead?
        parent = touched.parent
        for alt in session.game.legal_actions(parent.state):
            if str(alt) != str(touched.action) and type(alt).__name__ == "Slide":
                session.go_to(parent)
                node = session.play(alt)
                session.set_comment("A worse try: this stone does not touch yet.", node)
                session.toggle_glyph("?!", node)
                break
    end = line[-1]
    session.set_comment(session.game.describe(end.state), end)
    session.go_to(setup_done or session.record.root)
