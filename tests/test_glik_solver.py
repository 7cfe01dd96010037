"""The puzzle solver finds the fewest action points, proves bounds, counts shortest lines."""
import pytest

from games.glik import GAME
from games.glik.positions import play, position
from games.glik.solver import Goal, bfs_solve, goal_met, solve, track


def replay(state, goal, line):
    tracked = Goal.from_json(goal).stones
    for text in line:
        step = GAME.apply(state, GAME.parse_action(state, text))
        tracked = track(tracked, step.events)
        state = step.state
    return goal_met(state, goal, tracked)


def test_a_one_slide_puzzle_is_solved_in_one_action_point():
    state = position({(8, 9): "yellow"})
    result = solve(state, {"player": 0, "count": 1})
    assert result.solved and result.cost == 1 and result.line == ["slide 8,9 N"]
    assert result.unique and result.lines == 1


def test_the_solution_line_replays_to_the_goal_through_the_rules():
    state = position({(11, 7): "yellow", (2, 20): "green", (12, 3): "neutral"}, ap=4)
    goal = {"player": 0, "stones": [[11, 7]]}
    result = solve(state, goal)
    assert result.solved and result.cost == 3
    assert replay(state, goal, result.line)


def test_no_solution_within_the_bound_is_proved():
    state = position({(14, 20): "yellow"}, ap=5)
    result = solve(state, {"player": 0, "stones": [[14, 20]]}, max_ap=2)
    assert not result.solved and result.cost is None and result.bound == 2
    assert not bfs_solve(state, {"player": 0, "stones": [[14, 20]]}, max_ap=2).solved


def test_two_equally_short_lines_are_not_unique():
    # two stones each one slide from touching (from (8,9) north, from (6,12) west)
    state = position({(8, 9): "yellow", (6, 12): "yellow"})
    result = solve(state, {"player": 0, "count": 1})
    assert result.cost == 1 and result.lines == 2 and not result.unique


def test_transposed_orders_count_as_distinct_lines():
    state = position({(8, 9): "yellow", (6, 12): "yellow"})
    result = solve(state, {"player": 0, "count": 2})
    assert result.cost == 2 and result.lines == 2  # either slide first


def test_one_slide_can_connect_a_chain_of_stones():
    # (4,10),(3,10) sit still; the stone from (0,13) goes south to (5,13), then west to
    # (5,10), where it touches and carries them
    state = position({(4, 10): "yellow", (3, 10): "yellow", (0, 13): "yellow"})
    result = solve(state, {"player": 0, "count": 3})
    assert result.solved and result.cost == 2
    assert result.line == ["slide 0,13 S", "slide 5,13 W"]


def test_placing_a_stone_from_the_reserve_is_part_of_a_line():
    # placed on (0,0), a stone slides east to (0,11) (before the excluded (0,12)), then
    # south until the green stone on (7,11) stops it on (6,11), next to (6,10)
    state = position({(7, 11): "green"}, ap=5)
    result = solve(state, {"player": 0, "count": 1})
    assert result.line == ["place@0,0", "slide 0,0 E", "slide 0,11 S"] and result.unique
    assert replay(state, {"player": 0, "count": 1}, result.line)
    assert not solve(state, {"player": 0, "count": 1}, max_ap=2).solved


@pytest.mark.parametrize("chain_any", [False, True])
def test_the_solver_agrees_with_plain_breadth_first_search(chain_any):
    state = position({(11, 7): "yellow", (13, 16): "yellow", (7, 8): "green",
                      (8, 12): "neutral", (3, 3): "yellow"}, ap=3, chain_any=chain_any)
    for goal in ({"player": 0, "count": 1}, {"player": 0, "count": 2},
                 {"player": 0, "stones": [[13, 16]]}):
        fast, plain = solve(state, goal), bfs_solve(state, goal)
        assert (fast.solved, fast.cost, fast.lines) == (plain.solved, plain.cost, plain.lines)


def test_neutral_placements_are_searched_when_the_goal_allows_them():
    # (4,3) slides east to the edge of row 4 at (4,20); a neutral on (4,11) stops it on
    # (4,10), next to the touching stone on (5,10)
    state = position({(4, 3): "yellow", (5, 10): "yellow"}, ap=2)
    goal = {"player": 0, "count": 2, "actions": ["neutral", "slide"]}
    without = solve(state, {"player": 0, "count": 2}, max_ap=2)
    assert not without.solved
    result = solve(state, goal)
    assert result.solved and result.cost == 2 and replay(state, goal, result.line)


def test_goal_met_reads_counts_and_tracked_stones():
    state = position({(7, 10): "yellow", (11, 5): "yellow"})
    assert goal_met(state, {"player": 0, "count": 1})
    assert not goal_met(state, {"player": 0, "count": 2})
    assert goal_met(state, {"player": 0, "stones": [[7, 10]]})
    assert not goal_met(state, {"player": 0, "stones": [[11, 5]]})


def test_a_goal_needs_count_or_stones_of_the_player_to_move():
    state = position({(7, 10): "green"})
    with pytest.raises(ValueError):
        Goal.from_json({"player": 0})
    with pytest.raises(ValueError):
        solve(state, {"player": 0, "stones": [[7, 10]]})
    with pytest.raises(ValueError):
        solve(state, {"player": 1, "count": 1})


def test_solver_and_bfs_agree_on_seeded_random_positions():
    import numpy as np

    from games.glik.kit import COLS, ROWS
    rng = np.random.default_rng(11)
    board = position({}).board
    cells = [(r, c) for r in range(ROWS) for c in range(COLS)
             if board.kinds[r * COLS + c] == "empty"
             and r * COLS + c not in board.start_board_cells]
    checked = 0
    while checked < 6:
        pick = rng.choice(len(cells), size=7, replace=False)
        stones = {cells[i]: ("yellow" if k < 2 else ("green" if k % 2 else "neutral"))
                  for k, i in enumerate(pick)}
        state = position(stones, ap=3, reserve=[1, 4], chain_any=bool(checked % 2))
        if state.touching()[0]:
            continue
        for goal in ({"player": 0, "count": 1}, {"player": 0, "stones": [list(cells[pick[0]])]}):
            fast, plain = solve(state, goal), bfs_solve(state, goal)
            assert (fast.solved, fast.cost, fast.lines) == (plain.solved, plain.cost, plain.lines)
        checked += 1


def test_with_neutral_slide_solver_and_bfs_agree_for_every_set_of_action_kinds():
    # A neutral stone sliding south from (1,11) stops on (4,11) against the green stone on
    # (5,11); then (4,3) slides east to (4,10), next to the touching stone on (5,10).
    # With neutral_slide that neutral slide is a "move-neutral"; "slide" moves own stones.
    from itertools import combinations

    from games.glik.solver import KINDS
    state = position({(4, 3): "yellow", (5, 10): "yellow", (5, 11): "green",
                      (1, 11): "neutral", (14, 5): "neutral", (11, 20): "neutral",
                      (12, 1): "neutral"}, ap=2, neutral_slide=True)
    for size in range(1, len(KINDS) + 1):
        for kinds in combinations(KINDS, size):
            goal = {"player": 0, "count": 2, "actions": list(kinds)}
            fast, plain = solve(state, goal), bfs_solve(state, goal)
            assert (fast.solved, fast.cost, fast.lines) == \
                (plain.solved, plain.cost, plain.lines), kinds
            assert fast.solved == ({"slide", "move-neutral"} <= set(kinds)), kinds
