"""Write and verify the bundled Glik puzzles (scenarios/glik/*.flick).

    python authoring/glik/make_puzzles.py            solve every puzzle, check, write files
    python authoring/glik/make_puzzles.py --check    re-solve the written files, write nothing
    python authoring/glik/make_puzzles.py --search 2 2 4 2 10
                                  print candidates (seed, yellow stones, other stones, goal, AP)

Every puzzle is a position on the standard layout with yellow (seat 0) to move, holding
exactly the AP of the shortest solution. The solver must find a solution of that cost, prove
none is shorter, and find exactly one shortest line (so the recorded solution is THE answer);
the file stores that line as its main line. The positions came from seeded random searches
(random stones, kept when the shortest line was unique and of the wanted length) and were then
named and described by hand.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.glik import GAME  # noqa: E402
from games.glik.positions import position  # noqa: E402
from games.glik.solver import solve  # noqa: E402

FOLDER = ROOT / "scenarios" / "glik"  # the bundled files this script writes
Y, G, N = "yellow", "green", "neutral"

# name, difficulty, title, description, hints, stones, goal, ap, options
PUZZLES = [
    ("01-first-touch", 1, "First touch",
     "Yellow's destination field is k10. Make the yellow stone touch it in 2 action points.",
     ["A neutral stone is as good a stopper as any.", "Go left first."],
     {(8, 20): Y, (8, 3): G, (8, 8): N, (5, 20): G, (6, 17): N, (3, 10): G, (1, 8): N},
     {"player": 0, "stones": [[8, 20]]}, 2, {}),
    ("02-northern-funnel", 1, "The northern funnel",
     "Column n runs clear from the top edge down to red's destination. Use it: make the "
     "yellow stone touch in 3 action points.",
     ["Red's destination field stops a stone as well as yours does."],
     {(0, 18): Y, (14, 7): G, (11, 2): N, (7, 23): G, (6, 22): N, (2, 7): G, (1, 7): N},
     {"player": 0, "stones": [[0, 18]]}, 3, {}),
    ("03-fresh-from-the-start", 2, "Fresh from the start",
     "No yellow stone is on the board yet. Bring one in and make it touch in 3 action points.",
     ["Placing a stone on your starting field costs 1 AP.",
      "The brown field on m16 ends a slide along the top edge."],
     {(7, 11): G}, {"player": 0, "count": 1}, 3, {"reserve": [7, 6]}),
    ("04-a-helping-hand", 2, "A helping hand",
     "Two yellow stones touching in 2 action points. The neutral stones are not all on the "
     "board yet: you may place one.",
     ["A slide along row 12 runs all the way to u12.", "Put the stopper first."],
     {(4, 3): Y, (5, 10): Y}, {"player": 0, "count": 2, "actions": ["neutral", "slide"]}, 2,
     {}),
    ("05-round-the-corner", 2, "Round the corner",
     "Make the yellow stone touch in 4 action points.",
     ["The top edge is a road too."],
     {(6, 19): Y, (3, 18): G, (5, 18): N, (11, 18): G, (8, 10): N, (1, 4): G, (15, 4): N},
     {"player": 0, "stones": [[6, 19]]}, 4, {}),
    ("06-the-bridge", 3, "The bridge",
     "The stone on k12 sits one field short of touching. Make two yellow stones touch in "
     "5 action points.",
     ["A stone on k11 would touch, and carry its neighbour with it."],
     {(4, 10): Y, (1, 11): Y, (8, 12): N, (5, 21): G, (6, 17): N, (10, 15): G},
     {"player": 0, "count": 2}, 5, {}),
    ("07-any-colour-will-do", 3, "Any colour will do",
     "House rule chain_any: a chain through stones of any colour counts. Make two yellow "
     "stones touch in 5 action points.",
     ["The neutral stone on i10 can be a link.",
      "Without the house rule it takes 10 action points."],
     {(7, 15): Y, (4, 3): Y, (10, 21): N, (0, 11): G, (6, 8): N, (15, 11): G, (5, 7): N,
      (1, 15): G},
     {"player": 0, "count": 2}, 5, {"chain_any": True}),
    ("08-the-long-way", 3, "The long way",
     "Make the yellow stone on k1 touch in 6 action points.",
     ["The stone must come in from the left along row 7."],
     {(15, 10): Y, (3, 10): G, (14, 4): N, (14, 6): G, (3, 9): N, (8, 21): G, (9, 23): N},
     {"player": 0, "stones": [[15, 10]]}, 6, {}),
    ("09-second-in-line", 4, "Second in line",
     "Make two yellow stones touch in 6 action points.",
     ["The first stone need not touch on its own: a chain counts.",
      "Column l leads up to l10."],
     {(12, 11): Y, (6, 14): Y, (5, 10): N, (14, 6): G, (7, 9): N, (1, 10): G},
     {"player": 0, "count": 2}, 6, {}),
    ("10-pushing-through", 4, "Pushing through",
     "Make two yellow stones touch in 7 action points.",
     ["The stone on l12 is not in the way for ever."],
     {(4, 11): Y, (13, 4): Y, (4, 14): N, (11, 19): G, (0, 19): N, (11, 15): G},
     {"player": 0, "count": 2}, 7, {}),
    ("11-teamwork", 5, "Teamwork",
     "Make two yellow stones touch in 8 action points. Each stone is the other's stopper.",
     ["Neither stone gets there alone.", "Start by sliding n4 left."],
     {(12, 10): Y, (12, 13): Y, (4, 3): N, (5, 12): G, (15, 18): N, (3, 18): G},
     {"player": 0, "count": 2}, 8, {}),
    ("12-grand-tour", 5, "Grand tour",
     "Make the yellow stone on l6 touch in 9 action points.",
     ["The last three moves are the northern funnel."],
     {(10, 11): Y, (15, 4): G, (11, 1): N, (5, 2): G, (9, 22): N, (7, 15): G, (15, 19): N},
     {"player": 0, "stones": [[10, 11]]}, 9, {}),
    ("13-odyssey", 5, "Odyssey",
     "Make two yellow stones touch in 10 action points.",
     ["One stone touches early and becomes the other's target.",
      "The neutral stone on q5 is the first stopper."],
     {(13, 16): Y, (4, 9): Y, (0, 4): N, (13, 5): G, (11, 16): N, (10, 6): G},
     {"player": 0, "count": 2}, 10, {}),
]


def build_state(stones, ap, options):
    greens = sum(1 for v in stones.values() if v == G)
    yellows = sum(1 for v in stones.values() if v == Y)
    reserve = options.get("reserve", [0, 7 - greens])
    assert reserve[0] + yellows <= 7
    return position(stones, ap=ap, reserve=reserve, chain_any=options.get("chain_any", False))


def verify(state, goal, ap):
    """Solve; the puzzle is good when its shortest line costs `ap` and is unique."""
    result = solve(state, goal)
    if not (result.solved and result.cost == ap and result.unique):
        raise SystemExit(f"puzzle does not verify: {result.to_json()}")
    return result


def search(seed: int, yellows: int, others: int, goal_kind: str, ap: int, trials: int = 300):
    """Print candidate puzzles: random stones kept when the shortest line is unique; one per
    cost, the fastest to solve. `goal_kind` is "stone" or a count."""
    import numpy as np

    from games.glik.kit import COLS, ROWS
    rng = np.random.default_rng(seed)
    board = GAME.new_initial_state({"players": 2, "setup": "fixed"}).board
    cells = [(r, c) for r in range(ROWS) for c in range(COLS)
             if board.kinds[r * COLS + c] == "empty"
             and r * COLS + c not in board.start_board_cells]
    best: dict = {}
    for _ in range(trials):
        pick = rng.choice(len(cells), size=yellows + others, replace=False)
        stones = {cells[i]: (Y if k < yellows else (G if k % 2 else N))
                  for k, i in enumerate(pick)}
        state = build_state(stones, ap, {})
        if state.touching()[0]:
            continue
        goal = ({"player": 0, "stones": [list(cells[pick[0]])]} if goal_kind == "stone"
                else {"player": 0, "count": int(goal_kind)})
        result = solve(state, goal)
        if result.solved and result.unique and result.cost >= 2:
            if result.cost not in best or result.seconds < best[result.cost][2]:
                best[result.cost] = (stones, goal, result.seconds, result.line)
    for cost in sorted(best):
        stones, goal, secs, line = best[cost]
        print(cost, f"{secs:.3f}s", stones, goal, " ; ".join(line))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify the written files only")
    parser.add_argument("--search", nargs=5, metavar=("SEED", "YELLOWS", "OTHERS", "GOAL", "AP"),
                        help="print candidate positions (GOAL: 'stone' or a count)")
    args = parser.parse_args(argv)
    if args.search:
        seed, yellows, others, goal_kind, ap = args.search
        search(int(seed), int(yellows), int(others), goal_kind, int(ap))
        return 0
    from scenarios import Scenario, load_scenario, save_scenario

    for name, difficulty, title, desc, hints, stones, goal, ap, options in PUZZLES:
        path = FOLDER / f"{name}.flick"
        if args.check:
            scenario, record = load_scenario(path)
            result = verify(record.root.state, scenario.goal, ap)
            assert result.line == scenario.solution, (name, result.line, scenario.solution)
        else:
            state = build_state(stones, ap, options)
            result = verify(state, goal, ap)
            config = {"players": 2, "setup": "fixed",
                      "house_rules": {"chain_any": state.chain_any,
                                      "neutral_slide": state.neutral_slide}}
            scenario = Scenario("glik", GAME.state_to_json(state), title, desc, hints, goal,
                                result.line, config, difficulty)
            save_scenario(path, scenario)
        print(f"{name}: {result.cost} AP, unique, {result.states} states, "
              f"{result.seconds * 1000:.1f} ms: {' ; '.join(result.line)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
