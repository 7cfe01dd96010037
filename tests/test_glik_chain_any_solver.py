"""The puzzle solver covers house rule chain_any with neutral stones (issue 23, point 10).

The book (shared/rules/glik-rulebook.txt): "A stone may "touch" the destination field directly
or through other stones (indirectly)"; house rule chain_any reads "other stones" as stones of
any colour, so a neutral stone can be a link. Neutral stones: "After that they can be moved
elsewhere (for 1 AP)"."""
import numpy as np
import pytest

from games.glik import GAME
from games.glik import solver as S
from games.glik.kit import COLS, ROWS
from games.glik.positions import position
from games.glik.solver import KINDS, Goal, SearchTooLarge, bfs_solve, goal_met, solve, track

#: Yellow's destination is (6,10); (5,10) and (4,10) lie between it and the stone on (3,10).
BRIDGE = {(3, 10): "yellow", (14, 5): "neutral", (11, 20): "neutral", (12, 1): "neutral",
          (1, 14): "neutral", (9, 3): "green"}


def replay(state, goal, line):
    tracked = Goal.from_json(goal).stones
    for text in line:
        step = GAME.apply(state, GAME.parse_action(state, text))
        tracked = track(tracked, step.events)
        state = step.state
    return goal_met(state, goal, tracked)


def test_two_neutral_stones_moved_into_a_bridge_make_the_stone_touch_in_2_ap():
    """"A stone may touch the destination field ... through other stones": with chain_any two
    neutral stones moved onto (5,10) and (4,10) link the yellow stone on (3,10) to it. Any two
    of the 4 neutral stones, in either order: 4 x 3 x 2 = 24 shortest lines."""
    state = position(BRIDGE, ap=2, chain_any=True)
    goal = {"player": 0, "count": 1, "actions": ["move-neutral"]}
    r = solve(state, goal)
    assert (r.solved, r.cost, r.lines) == (True, 2, 24)
    assert replay(state, goal, r.line)
    assert solve(position(BRIDGE, ap=2), goal).solved is False  # not without chain_any


def test_with_chain_any_the_solver_agrees_with_plain_breadth_first_search():
    board = position({}).board
    dr, dc = board.dest_cell["yellow"]
    near = [(r, c) for r in range(ROWS) for c in range(COLS)
            if board.kinds[r * COLS + c] == "empty"
            and r * COLS + c not in board.start_board_cells and abs(r - dr) + abs(c - dc) <= 5]
    rng = np.random.default_rng(1)
    checked = solved = 0
    while checked < 16:
        nneu = int(rng.integers(2, 5))
        pick = rng.choice(len(near), size=4 + nneu, replace=False)
        stones = {near[i]: ("yellow" if k < 2 else "neutral" if k < 2 + nneu else "green")
                  for k, i in enumerate(pick)}
        state = position(stones, ap=1, reserve=[1, 4], chain_any=True,
                         neutral_slide=bool(checked % 2))
        if state.touching()[0]:
            continue
        kinds = [k for k in KINDS if rng.random() < 0.7]
        kinds = sorted(set(kinds) | {"neutral" if nneu < 4 else "move-neutral"})
        for goal in ({"player": 0, "count": 1, "actions": kinds},
                     {"player": 0, "stones": [list(near[pick[0]])], "actions": kinds}):
            fast, plain = solve(state, goal), bfs_solve(state, goal)
            assert (fast.solved, fast.cost, fast.lines) == \
                (plain.solved, plain.cost, plain.lines), (stones, goal)
            solved += fast.solved
        checked += 1
    assert solved >= 4  # the comparison covers solvable puzzles, not only proofs of none


def test_the_search_stops_at_its_stated_bound_with_a_clear_message(monkeypatch):
    monkeypatch.setattr(S, "CHAIN_ANY_LIMIT", 2000)
    state = position(BRIDGE, ap=2, chain_any=True)
    with pytest.raises(SearchTooLarge, match="too big for the solver.*2,000 positions"):
        solve(state, {"player": 0, "count": 1, "actions": ["move-neutral"]})
    assert issubclass(SearchTooLarge, ValueError)  # shown as a one-line message
