"""Write `glonk-demo.flick`: the annotated Glonk replay that `flickbook` opens with no arguments.

A seeded two-player game (Invaders against Little Greys): setup by the rules' own choices, then
flicks aimed by a simple rule (each saucer at the nearest enemy disc, just hard enough to reach
it), with comments, glyphs, arrows, highlights, a saved camera view and a variation that shows
another flick from the same position. Every flick's motion is stored, so the replay plays
without simulating. Run it again after a change to the rules or physics:

    python authoring/demo/make_glonk_demo.py [--check]
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.api import CHANCE  # noqa: E402
from games.glonk.actions import Flick  # noqa: E402
from timeline import Drawing, Record, Session, save_record  # noqa: E402

OUT = ROOT / "scenarios" / "demo" / "glonk-demo.flick"
SEED = 7
FLICKS = 14
MU_G = 0.35 * 9.81


def aimed_flick(game, state, rng, used):
    """A saucer of the active player not flicked lately, aimed at the nearest enemy disc."""
    me = game.current_player(state)
    mine = [p for p in state.pieces if p.owner == me and p.status == "in_play"
            and p.kind == "saucer" and p.id not in used and p.id not in state.damaged]
    theirs = [p for p in state.pieces if p.owner not in (None, me) and p.status == "in_play"]
    if not mine or not theirs:
        return None
    p = mine[int(rng.integers(len(mine)))]
    q = min(theirs, key=lambda q: math.hypot(q.x - p.x, q.y - p.y))
    d = math.hypot(q.x - p.x, q.y - p.y)
    angle = math.degrees(math.atan2(q.y - p.y, q.x - p.x)) % 360.0
    speed = min(2.5, math.sqrt(2 * MU_G * max(d - p.radius - q.radius, 0.01)) * 1.35 + 0.15)
    return Flick(p.id, round(angle, 2), round(speed, 3))


def build() -> Record:
    record = Record.new("glonk", {"players": 2, "armadas": ["invaders", "little_greys"],
                                  "first_player": 0},
                        headers={"created": None, "event": "Flickbook demo replay",
                                 "players": ["Ada", "Bo"], "annotator": "Flickbook"})
    game = record.game
    session = Session(record, rng=np.random.default_rng(SEED))
    rng = np.random.default_rng(SEED)
    flicks = 0
    annotated_first = False
    used: list[str] = []
    explained: set[str] = set()
    while not game.is_terminal(session.state) and flicks < FLICKS:
        state = session.state
        if game.current_player(state) == CHANCE:
            session.play_chance()
            continue
        if state.phase != "actions":
            legal = game.legal_actions(state)
            session.play(legal[int(rng.integers(len(legal)))])
            if state.phase != "actions" and session.state.phase == "actions" and not annotated_first:
                annotated_first = True
                session.set_comment("The armadas stand on the middle ring, more than 2 parsecs "
                                    "apart, with the asteroids placed among them. Press Space "
                                    "to watch, the arrow keys to step, F1 for help.")
                session.set_camera({"view": "top"})
            continue
        legal_texts = {str(a) for a in game.legal_actions(state)}
        boarding = sorted(t for t in legal_texts if t.startswith("board "))
        if boarding:
            session.play(boarding[0])
            if "boarding" not in explained:
                explained.add("boarding")
                session.set_comment("Boarding: the saucer touched an enemy ship and takes it over.")
            continue
        flick = aimed_flick(game, state, rng, used)
        if flick is None or (flicks and rng.random() < 0.15):
            session.play("end_turn")
            continue
        used = used[-5:] + [flick.piece]
        try:
            node = session.play(flick)
        except Exception:  # an illegal aim (e.g. a damaged saucer): end the turn instead
            session.play("end_turn")
            continue
        flicks += 1
        kinds = {e.kind for e in node.step.events}
        piece = next(p for p in state.pieces if p.id == flick.piece)
        session.add_drawing(Drawing("arrow", (round(piece.x, 3), round(piece.y, 3)),
                                    (round(piece.x + 0.15 * math.cos(math.radians(flick.angle)), 3),
                                     round(piece.y + 0.15 * math.sin(math.radians(flick.angle)), 3)),
                                    "yellow"))
        notes = {
            "atomised": ("!!", "Atomised! The struck piece leaves play for a trophy stack."),
            "hyper_propulsion": ("?!", "Too hard: the saucer came to rest beyond its speed in "
                                       "parsecs, a hyper-propulsion."),
            "scored": ("!", "Points! Scores are shown beside the Galaxy."),
            "contact": ("!", "Contact. Scrub back with the left arrow, or drag the scrub bar, "
                             "to watch the hit frame by frame, forwards or backwards."),
        }
        for kind, (glyph, text) in notes.items():
            if kind in kinds and kind not in explained:
                explained.add(kind)
                session.toggle_glyph(glyph)
                session.set_comment(text)
                break
        if flicks == 2:
            # A variation: the same position, a softer flick.
            parent = session.node.parent
            session.go_to(parent)
            soft = Flick(flick.piece, flick.angle, round(max(0.3, flick.speed * 0.6), 3))
            try:
                session.play(soft)
                session.set_comment("Variation: the same flick at 60 % power stops short.")
                session.toggle_glyph("?")
            except Exception:
                pass
            session.go_to(parent.variations[0])
    # The replay ends right after an Invaders' flick that hands the turn to Bo (the Little
    # Greys), whatever the physics made of the flicks before: the viewer opens there for a
    # person to play on, with the flick that led there to explore.
    from games.glonk.rules import activatable
    for _ in range(200):
        state = session.state
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            session.play_chance()
            continue
        if state.phase != "actions":
            legal = game.legal_actions(state)
            session.play(legal[int(rng.integers(len(legal)))])
            continue
        if game.current_player(state) == 1:
            if session.node.action is not None and isinstance(session.node.action, Flick):
                break
            session.play("end_turn")
            continue
        ready = [p.id for p in state.in_play() if p.kind == "saucer" and activatable(state, p)]
        flick = aimed_flick(game, state, rng, [p.id for p in state.in_play()
                                               if p.id not in ready])
        session.play(flick if flick is not None else "end_turn")
    session.set_prompt("Your turn: pick a saucer, drag back to aim and release to flick.")
    return record


def main() -> None:
    record = build()
    if "--check" in sys.argv:
        print(f"{len(list(record.nodes()))} nodes; not written")
        return
    save_record(record, OUT)
    print(f"{OUT}: {len(list(record.nodes()))} nodes, {OUT.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
