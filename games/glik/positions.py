"""Hand-made Glik positions on a fixed layout: for tests, puzzles and tutorials."""
from __future__ import annotations

from games.glik.rules import GAME, GlikState, NEUTRALS, STONES_PER_PLAYER


def position(stones=None, players: int = 2, turn: int = 0, ap: int = 5, reserve=None,
             neutral_reserve: int | None = None, chain_any: bool = False,
             neutral_slide: bool = False, round_: int = 2, touch_times=None,
             layout=None, colours=None) -> GlikState:
    """A play-phase state with `stones` {(r, c): colour}; unplaced stones stay in reserve.

    `neutral_reserve` defaults to the neutral stones not on the board; `round_` 2 means the
    first-round allowance is over. Stones already touching count as reached at ply 0.
    """
    cfg = {"players": players, "setup": "fixed"}
    if layout is not None:
        cfg["layout"] = layout
    if colours is not None:
        cfg["colours"] = list(colours)
    base = GAME.new_initial_state(cfg)
    data = GAME.state_to_json(base)
    stones = dict(stones or {})
    data["stones"] = [[r, c, col] for (r, c), col in sorted(stones.items())]
    if reserve is None:
        reserve = [STONES_PER_PLAYER - sum(1 for col in stones.values() if col == c)
                   for c in base.colours]
    on_board = sum(1 for c in stones.values() if c == "neutral")
    if neutral_reserve is None:
        neutral_reserve = NEUTRALS - on_board
    data.update(reserve=list(reserve), neutral_reserve=neutral_reserve, turn=turn,
                ap_left=ap, round=round_,
                house_rules={"chain_any": chain_any, "neutral_slide": neutral_slide})
    if touch_times is not None:
        data["touch_times"] = [list(t) for t in touch_times]
    return GAME.state_from_json(data)


def play(state: GlikState, *texts: str):
    """Apply canonical action texts in order; return (final state, all events)."""
    events = []
    for t in texts:
        step = GAME.apply(state, GAME.parse_action(state, t))
        state = step.state
        events.extend(step.events)
    return state, events
