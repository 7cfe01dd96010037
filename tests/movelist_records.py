"""Records for the move list's tests, benchmark and pictures: each game's line with nested
variations, long comments and glyphs (seeded, so every run draws the same rows)."""
from __future__ import annotations

import numpy as np

from games.api import random_action
from timeline import Record, Session

LONG_COMMENT = ("A long comment, as a teacher writes one: it says why this move matters, what "
                "the other side threatens next and which plan the variation below tries "
                "instead, so it has to wrap over several lines inside the panel.")


def branch(session: Session, at, length: int, rng) -> list:
    """Play `length` random moves from `at` as a variation (its first move differs from the
    main line's); the nodes played."""
    game = session.game
    session.go_to(at)
    main = at.variations[0].action_text if at.variations else None
    played = []
    for _ in range(40):  # a first move other than the main line's
        if game.is_terminal(session.state):
            return played
        action = random_action(game, session.state, rng)
        if str(action) != main:
            break
    else:
        return played
    for i in range(length):
        if i and game.is_terminal(session.state):
            break
        played.append(session.play(action))
        action = random_action(game, session.state, rng) if not game.is_terminal(session.state) else None
        if action is None:
            break
    return played


def annotate(session: Session, plies: list[int], length: int = 4, seed: int = 1) -> Session:
    """Variations at the main line's `plies` (the first one with a variation nested in it, two
    levels deep), a long comment and glyphs on the first, a long comment in the variation."""
    rng = np.random.default_rng(seed)
    line = session.record.mainline()
    for n, ply in enumerate(plies):
        ply = min(ply, len(line) - 2)
        played = branch(session, line[ply - 1], length, rng)
        if n == 0 and len(played) >= 2:
            session.set_comment(LONG_COMMENT, played[0])
            inner = branch(session, played[0], max(2, length - 1), rng)  # a nested variation
            if len(inner) >= 2:
                branch(session, inner[0], 2, rng)  # and one more level
    session.set_comment(LONG_COMMENT, line[plies[0]])
    session.toggle_glyph("?!", line[plies[0]])
    session.toggle_glyph("!", line[plies[0] + 1])
    session.go_to(line[plies[0]])
    session.clear_history()
    return session


def random_session(game_name: str, plies: int, seed: int = 0, **config) -> Session:
    """A seeded game of random legal moves, `plies` long (or to its end)."""
    rng = np.random.default_rng(seed)
    session = Session(Record.new(game_name, config or None), rng=rng)
    game = session.game
    while session.node.ply < plies and not game.is_terminal(session.state):
        session.play(random_action(game, session.state, rng))
    return session


def sample(game_name: str) -> Session:
    """Each game's sample for the move list: a real line with nested variations and comments."""
    if game_name == "glik":
        from viewer.glik.demo import demo_session

        return annotate(demo_session(), [30, 52, 90])
    if game_name == "glonk":
        from viewer.glonk.demo import demo_session

        return annotate(demo_session(), [3, 5], length=3)  # setup moves: no physics to wait for
    return annotate(random_session("grendizer", 120, seed=3), [20, 45, 80])
