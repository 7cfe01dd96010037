"""Grendizer XperienZ puzzles: goals checked after each action, and an exact search.

A puzzle's goal (JSON, stored in a scenario's header) is one of

    {"type": "destroy", "beast": "S03", "turns": 2}   destroy that Saucer Beast within 2 turns
    {"type": "destroy", "count": 2, "turns": 3}       destroy 2 Saucer Beasts within 3 turns
    {"type": "threat", "below": 6, "turns": 3}        keep the threat below 6 for 3 turns
    {"type": "survive", "turns": 3}                   no GAME OVER for 3 turns

with optional "text" (the author's words) and "order": the cards that come, top first,
`{"actions": [...], "piles": [[...] x 4], "beasts": [...], "events": [...]}` ("minifo" or
"beast" in a pile). A turn is one player's turn; the goal is checked on the position after
every action, chance outcomes included. With every draw within the goal's turns fixed by
"order", `solve` searches all the players' decisions exactly: the fewest turns that win, and
whether the line that does it is the only one. A draw the order does not fix raises
`HiddenCards`; `analysis.puzzles` then estimates the best line's success chance instead.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from games.api import CHANCE, TERMINAL

from .actions import BeastDraw, Draw, EventDraw, Reveal
from .data import BEASTS, BOARD
from .goal_words import goal_words  # noqa: F401 - the puzzle box reads it from here
from .rules import GAME, ORDER_KEYS, order_form_problem  # noqa: F401 - ORDER_KEYS named here too
from .state import DESTROYED, PILE, GState

GOAL_TYPES = ("destroy", "threat", "survive")
MET, FAILED = "met", "failed"


class HiddenCards(ValueError):
    """A draw within the goal's turns that the puzzle's fixed order does not decide."""


def goal_problem(state: GState, goal) -> str | None:
    """Why `goal` cannot be the goal of a puzzle starting at `state`, in words; None if it can."""
    if not isinstance(goal, dict) or not goal:
        return "The puzzle needs a goal"
    kind = goal.get("type")
    if kind not in GOAL_TYPES:
        return f"Unknown goal type {kind!r}: one of {', '.join(GOAL_TYPES)}"
    turns = goal.get("turns")
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 12:
        return "The goal needs a number of turns from 1 to 12"
    if GAME.is_terminal(state):
        return "The game is over in this position: there is nothing left to play"
    if kind == "destroy":
        beast, count = goal.get("beast"), goal.get("count")
        if (beast is None) == (count is None):
            return "A destroy goal names one Saucer Beast, or a number of them"
        if beast is not None:
            if beast not in BEASTS:
                return f"There is no Saucer Beast card {beast!r}"
            lane = next((L for L in state.lanes if L.beast_card == beast), None)
            if lane is not None and lane.beast_token == DESTROYED:
                return f"{BEASTS[beast].name} is destroyed already"
            if lane is None and not _can_enter(state):
                return (f"{BEASTS[beast].name} is not in play, and no Saucer Beast can "
                        "enter any more")
        elif isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 4:
            return "A destroy goal needs 1 to 4 Saucer Beasts"
        elif state.destroyed + count > 4:
            return (f"{state.destroyed} Saucer Beasts are destroyed already: at most "
                    f"{4 - state.destroyed} more can be")
    if kind == "threat":
        below = goal.get("below")
        game_over = BOARD.tracks[state.difficulty].game_over
        if isinstance(below, bool) or not isinstance(below, int) or not 1 <= below <= game_over:
            return f"The threat goal needs a limit from 1 to {game_over} (GAME OVER)"
        if state.threat >= below:
            return f"The threat is {state.threat} already, not below {below}"
    return order_problem(state, goal.get("order"))


def _can_enter(state: GState) -> bool:
    return any(L.beast_token == PILE for L in state.lanes)


def order_problem(state: GState, order) -> str | None:
    """Why `order` cannot be the order the hidden cards of `state` come in; None if it can."""
    problem = order_form_problem(order)
    if problem is not None or order is None:
        return problem
    actions = list(order.get("actions", []))
    have = Counter(state.deck)
    for cid, n in Counter(actions).items():
        if n > have[cid]:
            return (f"The fixed Actions order holds {n} of {cid}, but the deck has "
                    f"{have[cid]} (the others are in hands, the discard or revealed)")
    piles = order.get("piles", [[], [], [], []])
    if len(piles) != 4:
        return "The fixed order needs one pile list per lane (4)"
    for lane, (pile, L) in enumerate(zip(piles, state.lanes)):
        tokens = Counter(pile)
        if set(tokens) - {"minifo", "beast"}:
            return "A pile holds only 'minifo' and 'beast' tokens"
        if tokens["minifo"] > L.reserve:
            return (f"The {BOARD.colours[lane]} pile has {L.reserve} MiniFOs, the order "
                    f"draws {tokens['minifo']}")
        if tokens["beast"] > (1 if L.beast_token == PILE else 0):
            return f"The {BOARD.colours[lane]} pile holds no Saucer Beast token to draw"
    for key, deck, what in (("beasts", state.beast_deck, "Saucer Beast"),
                            ("events", state.event_deck, "Event")):
        cards = list(order.get(key, []))
        if len(set(cards)) != len(cards):
            return f"The fixed {what} order names a card twice"
        missing = [c for c in cards if c not in deck]
        if missing:
            return f"{missing[0]} is not in the {what} deck"
    return None


def goal_status(start: GState, state: GState, goal) -> str | None:
    """MET, FAILED or None (still open) for the position `state` reached from `start`."""
    if state.result == "defeat":
        return FAILED
    kind = goal["type"]
    deadline = start.turn + goal["turns"]
    if kind == "destroy":
        if state.result == "victory":
            return MET
        if goal.get("beast") is not None:
            done = any(L.beast_card == goal["beast"] and L.beast_token == DESTROYED
                       for L in state.lanes)
        else:
            done = state.destroyed - start.destroyed >= goal["count"]
        if done:
            return MET
        return FAILED if state.turn >= deadline else None
    if kind == "threat" and state.threat >= goal["below"]:
        return FAILED
    if state.result == "victory" or state.turn >= deadline:
        return MET
    return None


# ---------------------------------------------------------------- the fixed order

@dataclass(frozen=True)
class Cursor:
    """How far into each fixed order the line has drawn."""

    actions: int = 0
    piles: tuple = (0, 0, 0, 0)
    beasts: int = 0
    events: int = 0


def fixed_outcome(state: GState, order: dict, cur: Cursor):
    """The chance outcome `order` fixes at `state` and the cursor after it; HiddenCards if
    the order does not decide this draw."""
    kind = state.queue[0][0]
    order = order or {}
    if kind in ("deal", "turn_draw"):
        cards = order.get("actions", [])
        if cur.actions < len(cards) and cards[cur.actions] in state.deck:
            return Draw(cards[cur.actions]), Cursor(cur.actions + 1, cur.piles, cur.beasts,
                                                    cur.events)
        raise HiddenCards(f"turn {state.turn}: the Actions card drawn is not fixed")
    if kind == "pile":
        lane = state.queue[0][1]
        pile = (order.get("piles") or [[], [], [], []])[lane]
        i = cur.piles[lane]
        legal = {a.token for a, _ in GAME.chance_outcomes(state)}
        if i < len(pile) and pile[i] in legal:
            piles = cur.piles[:lane] + (i + 1,) + cur.piles[lane + 1:]
            return Reveal(lane, pile[i]), Cursor(cur.actions, piles, cur.beasts, cur.events)
        raise HiddenCards(f"turn {state.turn}: the token from the {BOARD.colours[lane]} pile "
                          "is not fixed")
    if kind == "beast_card":
        cards = order.get("beasts", [])
        if cur.beasts < len(cards) and cards[cur.beasts] in state.beast_deck:
            return BeastDraw(cards[cur.beasts]), Cursor(cur.actions, cur.piles,
                                                        cur.beasts + 1, cur.events)
        raise HiddenCards(f"turn {state.turn}: the Saucer Beast card drawn is not fixed")
    if kind == "event":
        cards = order.get("events", [])
        if cur.events < len(cards) and cards[cur.events] in state.event_deck:
            return EventDraw(cards[cur.events]), Cursor(cur.actions, cur.piles, cur.beasts,
                                                        cur.events + 1)
        raise HiddenCards(f"turn {state.turn}: the Event card drawn is not fixed")
    raise HiddenCards(f"turn {state.turn}: the draw {kind!r} is not fixed")


# ---------------------------------------------------------------- exact search

@dataclass
class SolveResult:
    solved: bool
    cost: int | None  # turns the shortest winning line takes
    line: list = field(default_factory=list)  # its canonical action texts, draws included
    unique: bool = False  # exactly one decision line wins in `cost` turns
    lines: int = 0  # decision lines that win in `cost` turns
    states: int = 0  # positions searched
    bound: int = 0  # the goal's turns

    def verdict(self) -> str:
        if not self.solved:
            return f"No win within {self.bound} turn{'s' if self.bound != 1 else ''}"
        n = self.cost
        how = "unique" if self.unique else f"{self.lines} lines"
        return f"Best: win in {n} turn{'s' if n != 1 else ''}, {how}"


class SearchTooBig(ValueError):
    """The exact search would visit more positions than its limit."""


def solve(state: GState, goal, max_turns: int | None = None,
          max_states: int = 2_000_000) -> SolveResult:
    """The fewest turns in which the players' decisions meet `goal`, with every draw fixed by
    the goal's order (HiddenCards otherwise): a depth-first search over all decision lines,
    with positions already solved remembered, so lines that meet again are counted once."""
    problem = goal_problem(state, goal)
    if problem:
        raise ValueError(problem)
    if max_turns is not None:
        goal = dict(goal, turns=max_turns)
    order = goal.get("order") or {}
    memo: dict = {}
    survive = goal["type"] != "destroy"

    def best(s: GState, cur: Cursor):
        """(turns to win or None, winning decision lines, one line) from `s`."""
        key = (s, cur)
        if key in memo:
            return memo[key]
        if len(memo) >= max_states:
            raise SearchTooBig(f"the search passed {max_states} positions")
        who = GAME.current_player(s)
        if who == TERMINAL:
            memo[key] = (None, 0, ())
            return memo[key]
        if who == CHANCE:
            a, nxt = fixed_outcome(s, order, cur)
            choices = [(a, nxt)]
        else:
            choices = [(a, cur) for a in GAME.legal_actions(s)]
        top, count, line = None, 0, ()
        for a, nxt in choices:
            after = GAME.apply_legal(s, a).state
            status = goal_status(state, after, goal)
            if status == MET:
                turns, n, rest = (goal["turns"] if survive else s.turn - state.turn + 1), 1, ()
            elif status == FAILED:
                continue
            else:
                turns, n, rest = best(after, nxt)
                if turns is None:
                    continue
            if top is None or turns < top:
                top, count, line = turns, n, (str(a),) + rest
            elif turns == top:
                count += n
        memo[key] = (top, count, line)
        return memo[key]

    turns, count, line = best(state, Cursor())
    return SolveResult(turns is not None, turns, list(line), count == 1, count, len(memo),
                       goal["turns"])
