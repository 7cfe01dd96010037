"""A new game (Ctrl+N, and `flickbook play` / `flickbook log`): played here, or logged from a
game played at a real table (`viewer.tablelog`'s log mode; the record's `logged` header is
"table", and chance there is entered as it came, never drawn).

`new_session` makes the session (no window); `NewGameDialog` is the new-game dialog: one row a
game, "Play" and "Log a table game" in each.
"""
from __future__ import annotations

import numpy as np


def new_session(game_name: str, *, log: bool = False, players: int | None = None,
                config: dict | None = None, seed: int | None = None):
    """A new game's session. `log`: logged from a real table (nothing drawn: the user enters
    the deal); else chance at the start is drawn, as in play. ValueError for a bad request."""
    from games.registry import get_game
    from timeline import Record, Session

    game = get_game(game_name)
    full = dict(game.default_config(players))
    full.update(config or {})
    headers = {"logged": "table"} if log else {}
    record = Record.new(game.name, full, headers=headers)
    try:
        record.root.state  # a config the rules refuse says so now
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(str(exc)) from None
    session = Session(record, rng=np.random.default_rng(seed))
    if not log:
        session.auto_chance()
    else:
        _forced_chance(session)
    session.clear_history()  # the deal is part of the game, not an edit to undo
    return session


def _forced_chance(session) -> None:
    """Chance with one outcome only (an armada named on the command line) is no choice: it
    is played; any real choice waits for the user."""
    from games.api import CHANCE

    game = session.game
    while game.current_player(session.node.state) == CHANCE:
        outcomes = [a for a, p in game.chance_outcomes(session.node.state) if p > 0]
        if len(outcomes) != 1:
            return
        session.play(outcomes[0])


class NewGameDialog:
    """The new-game dialog: for each game, Play (here, hot seat) or Log a table game."""

    def __init__(self, app, on_pick, on_close=None):
        from viewer.dialogs import DirectLabel, Overlay
        from viewer.panel import TEXT, _button
        from games.registry import available_games, get_game

        games = [get_game(n) for n in available_games()]
        h = 0.34 + 0.1 * len(games)
        self.overlay = Overlay(app, 1.5, h, on_close)
        self.on_pick = on_pick
        box = self.overlay.box
        DirectLabel(parent=box, text="New game", text_scale=0.05, text_fg=TEXT,
                    frameColor=(0, 0, 0, 0), pos=(0, 0, h / 2 - 0.09))
        self.choices = []
        for i, game in enumerate(games):
            y = h / 2 - 0.2 - 0.1 * i
            DirectLabel(parent=box, text=game.title, text_scale=0.038, text_fg=TEXT,
                        frameColor=(0, 0, 0, 0), pos=(-0.45, 0, y - 0.012))
            for j, (label, log) in enumerate((("Play", False), ("Log a table game", True))):
                _button(box, label, self._pick, (0.05 + 0.42 * j, 0, y), width=0.38,
                        height=0.075, scale=0.032, extraArgs=[game.name, log])
                self.choices.append((game.name, log))
        _button(box, "Cancel", self.close, (0, 0, -h / 2 + 0.07), width=0.3, height=0.07,
                scale=0.032)

    @property
    def closed(self) -> bool:
        return self.overlay.closed

    def close(self, *_):
        self.overlay.close()

    def _pick(self, game_name: str, log: bool) -> None:
        self.close()
        self.on_pick(game_name, log)
