"""Glik rules: state, legal actions and `apply` (docs/rules/glik.md states every decision).

Stones live in `GlikState.stones`, a flat tuple indexed r * COLS + c holding a colour code
(0 empty, 1..4 = COLOURS[code-1], 5 neutral). Seats are 0-based; seat i plays colours[i].
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

from games.api import CHANCE, TERMINAL, Capabilities, Event, GameType, Goals, IllegalAction, Step
from games.glik import actions as A
from games.glik.kit import (COLOURS, COLS, DESTINATION, EMPTY, FIXED_SLOTS, NEUTRAL,
                            FIRST_SLOT, FIRST_SLOT_CLOCKWISE, OPEN_BOARDS, OPEN_SLOTS, ROWS,
                            STANDARD_FILL, START,
                            Board, board_for)

STONES_PER_PLAYER = 7
NEUTRALS = 4
AP_PER_TURN = 5
NEUTRAL_CODE = 5
HOUSE_RULES = {
    "chain_any": "A stone also touches through a chain of stones of any colour (neutral "
                 "stones included), not only through stones of its own colour.",
    "neutral_slide": "Once all 4 neutral stones are placed, a neutral stone moves by sliding "
                     "(like a stone, 1 AP) instead of being picked up and placed anywhere.",
    "first_board_clockwise": "Each player's first board goes in the slot clockwise of their "
                             "starting board (on their left as they sit facing the centre) "
                             "instead of the slot on their right.",
    "neutral_off_all_starts": "Neutral stones stay off all four starting boards, also those "
                              "of colours nobody plays (the rulebook bars only the players' "
                              "starting boards).",
}
DEFAULT_COLOURS = {2: ("yellow", "green"), 3: ("yellow", "red", "green"),
                   4: ("yellow", "red", "green", "blue")}
PHASES = ("deal", "choose", "fill", "play", "over")


def code_of(colour: str) -> int:
    return NEUTRAL_CODE if colour == NEUTRAL else COLOURS.index(colour) + 1


def colour_of(code: int) -> str | None:
    if code == 0:
        return None
    return NEUTRAL if code == NEUTRAL_CODE else COLOURS[code - 1]


def first_round_ap(seat: int, players: int) -> int:
    """Rulebook: the last seat gets the full 5 AP, each seat before it one fewer."""
    return AP_PER_TURN - (players - 1) + seat


@dataclass(frozen=True)
class GlikState:
    """One immutable Glik position (setup or play). Derived facts are methods/properties."""

    colours: tuple[str, ...]  # seat -> colour
    chain_any: bool
    neutral_slide: bool
    phase: str
    fill: tuple  # per OPEN_SLOTS entry: (board, rotation) or None
    deck: tuple[int, ...]  # boards still to deal
    hands: tuple[tuple[int, ...], ...]  # per seat, boards held during setup
    stones: tuple[int, ...]
    reserve: tuple[int, ...]  # per seat, stones not yet on the board
    neutral_reserve: int
    turn: int  # seat to act (setup and play)
    ap_left: int
    ap_spent: int  # this turn
    round: int
    idle_turns: int  # consecutive ended turns with no AP spent
    ply: int  # actions taken in the play phase (the clock of the tie-break)
    touch_times: tuple[tuple[int, ...], ...]  # per seat: ply at which its count reached k
    offer: tuple | None  # (offering seat, seats that agreed) while an offer stands
    end_reason: str | None = None
    first_board_clockwise: bool = False  # house rule: see HOUSE_RULES
    neutral_off_all_starts: bool = False  # house rule: see HOUSE_RULES

    # -- derived views ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.colours)

    @property
    def board(self) -> Board:
        return board_for(self.fill)

    def stone_at(self, r: int, c: int) -> str | None:
        """Colour name of the stone on (r, c), "neutral", or None."""
        return colour_of(self.stones[r * COLS + c])

    def stone_list(self) -> list[tuple[int, int, str]]:
        """(row, col, colour) of every stone on the board, for renderers."""
        return [(i // COLS, i % COLS, colour_of(v)) for i, v in enumerate(self.stones) if v]

    def touching(self) -> tuple[int, ...]:
        """Per seat, how many of its stones touch its destination field."""
        return tuple(len(s) for s in touching_sets(self))

    def frozen(self) -> frozenset[int]:
        return frozen_cells(self)


# --- touching ---------------------------------------------------------------------------------
def _neighbours(i: int):
    r, c = divmod(i, COLS)
    if r > 0:
        yield i - COLS
    if r < ROWS - 1:
        yield i + COLS
    if c > 0:
        yield i - 1
    if c < COLS - 1:
        yield i + 1


def chain_components(stones, board: Board, colour: str, chain_any: bool) -> tuple[set, set]:
    """(touching stones of `colour`, every stone in a chain that carries one of them).

    A stone touches when orthogonally next to its destination field, or next to a stone that
    touches through a chain of own-colour stones (house rule chain_any: stones of any colour).
    """
    dest = board.dest_cell.get(colour)
    if dest is None:
        return set(), set()
    code = code_of(colour)
    d = dest[0] * COLS + dest[1]
    link = (lambda v: v != 0) if chain_any else (lambda v: v == code)
    touching: set[int] = set()
    links: set[int] = set()
    seen: set[int] = set()
    for start in _neighbours(d):
        if start in seen or not link(stones[start]):
            continue
        comp = {start}
        todo = [start]
        while todo:
            i = todo.pop()
            for j in _neighbours(i):
                if j not in comp and link(stones[j]):
                    comp.add(j)
                    todo.append(j)
        seen |= comp
        own = {i for i in comp if stones[i] == code}
        if own:
            touching |= own
            links |= comp
    return touching, links


def touching_sets(state: GlikState) -> list[set]:
    board = state.board
    return [chain_components(state.stones, board, col, state.chain_any)[0] for col in state.colours]


def frozen_cells(state: GlikState) -> frozenset[int]:
    """Stones that may not move: those that touch, and (chain_any) the links of their chains."""
    board = state.board
    out: set[int] = set()
    for col in state.colours:
        out |= chain_components(state.stones, board, col, state.chain_any)[1]
    return frozenset(out)


# --- movement -----------------------------------------------------------------------------------
def slide_path(stones, board: Board, cell: tuple[int, int], direction: str) -> list[tuple[int, int]]:
    """Fields a stone on `cell` passes through sliding `direction`, ending where it stops:
    before a stone, a brown excluded field, a coloured destination field or the board edge."""
    dr, dc = A.DIRS[direction]
    r, c = cell
    path = []
    while True:
        nr, nc = r + dr, c + dc
        if board.blocks_slide(nr, nc) or stones[nr * COLS + nc]:
            return path
        r, c = nr, nc
        path.append((r, c))


def barred_start_cells(state: GlikState) -> frozenset[int]:
    """The starting-board fields neutral stones may not use: the players' starting boards
    (house rule neutral_off_all_starts: all four)."""
    return _barred_start_cells(state.fill, None if state.neutral_off_all_starts
                               else state.colours)


@lru_cache(maxsize=64)
def _barred_start_cells(fill, colours) -> frozenset[int]:
    board = board_for(fill)
    if colours is None:
        return board.start_board_cells
    return frozenset().union(*(board.start_board_of[c] for c in colours))


def can_place_neutral(state: GlikState, i: int) -> bool:
    """Neutral stones go on any empty field except brown excluded fields, destination fields
    and the players' starting boards."""
    board = state.board
    return (board.kinds[i] == EMPTY and not state.stones[i]
            and i not in barred_start_cells(state))


def neutral_fields(state: GlikState) -> tuple[int, ...]:
    """Fields where neutral stones may ever be put in this game (ignoring stones)."""
    return _neutral_fields(state.fill, barred_start_cells(state))


@lru_cache(maxsize=64)
def _neutral_fields(fill, barred) -> tuple[int, ...]:
    board = board_for(fill)
    return tuple(i for i, k in enumerate(board.kinds) if k == EMPTY and i not in barred)


def first_slot(state: GlikState, seat: int) -> tuple[int, int]:
    """The "?" slot "to the right of" the seat's starting field, where its first board goes."""
    table = FIRST_SLOT_CLOCKWISE if state.first_board_clockwise else FIRST_SLOT
    return table[state.colours[seat]]


def house_rules_json(state: GlikState) -> dict:
    """The state's house rules, name -> on (all of HOUSE_RULES)."""
    return {name: bool(getattr(state, name)) for name in HOUSE_RULES}


# --- the game ----------------------------------------------------------------------------------
def _goal_form_problem(state, goal) -> str | None:
    """Why a scenario's or lesson's `goal` is not one Glik can read in `state` (the loader
    refuses the file with it); None when it is (games/glik/goals.py)."""
    from games.glik.goals import form_problem

    return form_problem(goal, state.players)


def _describe_goal(state, goal) -> str:
    from games.glik.goal_words import describe_goal

    return describe_goal(state, goal)


class GlikGame(Capabilities):
    name = "glik"
    title = "Glik"
    #: 2: the first board goes on the player's right; neutral stones may use the starting
    #: boards of colours nobody plays (version-1 records keep the old readings on load)
    rules_version = "2"
    house_rules = HOUSE_RULES
    game_type = GameType(chance=True, upgrades_records=True, setup=True, min_players=2, max_players=4)
    goals = Goals(_goal_form_problem, _describe_goal)

    def upgrade_record(self, data: dict) -> dict:
        """A record made under rules version 1 keeps that version's readings as house rules
        (`first_board_clockwise`, `neutral_off_all_starts`), so its actions mean what they
        meant."""
        data = json.loads(json.dumps(data))
        headers = data.setdefault("headers", {})
        if str(headers.get("rules_version", "1")) == "1":
            old = {"first_board_clockwise": True, "neutral_off_all_starts": True}
            config = data.setdefault("config", {})
            config["house_rules"] = {**dict(config.get("house_rules") or {}), **old}
            if isinstance(data.get("start"), dict):
                start = data["start"]
                start["house_rules"] = {**dict(start.get("house_rules") or {}), **old}
        headers["rules_version"] = self.rules_version
        return data

    # -- construction ---------------------------------------------------------------------
    def default_config(self, players: int | None = None) -> dict:
        return {"players": players or 2, "house_rules": {"chain_any": False,
                                                         "neutral_slide": False},
                "setup": "deal"}

    def new_initial_state(self, config: Mapping[str, Any] | None = None) -> GlikState:
        """`setup`: "deal" (default) starts with the chance node that deals the "?" boards;
        "fixed" skips setup with `layout` (list of [board, rotation] per "?" slot in
        row-major order; default the standard layout) and starts the first round."""
        config = dict(config or {})
        n = int(config.get("players", 2))
        if n not in (2, 3, 4):
            raise ValueError("Glik is for 2 to 4 players")
        colours = tuple(config.get("colours") or DEFAULT_COLOURS[n])
        if len(colours) != n or len(set(colours)) != n or set(colours) - set(COLOURS):
            raise ValueError(f"colours must be {n} different of {', '.join(COLOURS)}")
        hr = dict(config.get("house_rules") or {})
        unknown = set(hr) - set(HOUSE_RULES)
        if unknown:
            raise ValueError(f"unknown Glik house rules: {', '.join(sorted(unknown))}")
        setup = config.get("setup", "deal")
        base = GlikState(
            colours=colours, chain_any=bool(hr.get("chain_any")),
            neutral_slide=bool(hr.get("neutral_slide")),
            first_board_clockwise=bool(hr.get("first_board_clockwise")),
            neutral_off_all_starts=bool(hr.get("neutral_off_all_starts")), phase="deal",
            fill=(None,) * len(OPEN_SLOTS), deck=OPEN_BOARDS, hands=((),) * n,
            stones=(0,) * (ROWS * COLS), reserve=(STONES_PER_PLAYER,) * n,
            neutral_reserve=NEUTRALS, turn=0, ap_left=0, ap_spent=0, round=0, idle_turns=0,
            ply=0, touch_times=((),) * n, offer=None)
        if setup == "deal":
            return base
        if setup != "fixed":
            raise ValueError('setup must be "deal" or "fixed"')
        layout = config.get("layout") or STANDARD_FILL
        fill = tuple((int(b), int(r) % 4) for b, r in layout)
        if len(fill) != len(OPEN_SLOTS) or sorted(b for b, _ in fill) != list(OPEN_BOARDS):
            raise ValueError(f"layout must lay each of the boards {OPEN_BOARDS[0]}.."
                             f"{OPEN_BOARDS[-1]} once, in {len(OPEN_SLOTS)} slots")
        return replace(base, phase="play", fill=fill, deck=(), round=1,
                       ap_left=first_round_ap(0, n))

    # -- queries ----------------------------------------------------------------------------
    def current_player(self, state: GlikState) -> int:
        if state.phase == "over":
            return TERMINAL
        if state.phase == "deal":
            return CHANCE
        return state.turn

    def is_terminal(self, state: GlikState) -> bool:
        return state.phase == "over"

    def in_setup(self, state: GlikState) -> bool:
        """Dealing, choosing and filling the board come before the first slide."""
        return state.phase in ("deal", "choose", "fill")

    def chance_outcomes(self, state: GlikState):
        if state.phase != "deal":
            return []
        p = 1.0 / len(state.deck)
        return [(A.Deal(b), p) for b in state.deck]

    def legal_actions(self, state: GlikState) -> list:
        ph = state.phase
        if ph == "over":
            return []
        if ph == "deal":
            return [A.Deal(b) for b in state.deck]
        if ph in ("choose", "fill"):
            slots = ([first_slot(state, state.turn)] if ph == "choose" else
                     [s for s, f in zip(OPEN_SLOTS, state.fill) if f is None])
            return [A.LayBoard(b, r, s) for b in state.hands[state.turn] for s in slots
                    for r in range(4)]
        out: list = []
        if state.ap_left > 0:
            out.extend(self._spending_actions(state))
        out.append(A.EndTurn())
        if state.offer is None:
            out.append(A.OfferEnd())
        elif state.turn != state.offer[0] and state.turn not in state.offer[1]:
            out.append(A.Agree())
        return out

    def _spending_actions(self, state: GlikState) -> list:
        board = state.board
        seat = state.turn
        colour = state.colours[seat]
        code = code_of(colour)
        out: list = []
        sr, sc = board.start_cell[colour]
        if state.reserve[seat] and not state.stones[sr * COLS + sc]:
            out.append(A.Place((sr, sc)))
        frozen = frozen_cells(state)
        stones = state.stones
        placeable = [i for i in neutral_fields(state) if not stones[i]]
        if state.neutral_reserve:
            out.extend(A.PlaceNeutral(divmod(i, COLS)) for i in placeable)
        for i, v in enumerate(stones):
            if not v or i in frozen:
                continue
            movable_own = v == code
            movable_neutral = v == NEUTRAL_CODE and state.neutral_reserve == 0
            if movable_own or (movable_neutral and state.neutral_slide):
                r, c = divmod(i, COLS)
                for d, (dr, dc) in A.DIRS.items():
                    # legal when the first field of the way is free
                    if not board.blocks_slide(r + dr, c + dc) and not stones[
                            (r + dr) * COLS + c + dc]:
                        out.append(A.Slide((r, c), d))
            elif movable_neutral:
                cell = divmod(i, COLS)
                out.extend(A.MoveNeutral(cell, divmod(j, COLS)) for j in placeable)
        return out

    def parse_action(self, state, text: str):
        return A.parse(text)

    # -- apply --------------------------------------------------------------------------------
    def apply(self, state: GlikState, action) -> Step:
        if isinstance(action, str):
            action = A.parse(action)
        ph = state.phase
        if ph == "over":
            raise IllegalAction("The game is over", action)
        if ph == "deal":
            return self._deal(state, action)
        if ph in ("choose", "fill"):
            return self._lay(state, action)
        return self._play(state, action)

    def _deal(self, state, action) -> Step:
        if not isinstance(action, A.Deal):
            raise IllegalAction("The boards are being dealt: only a deal comes next", action)
        if action.board not in state.deck:
            raise IllegalAction("That board is not in the deck still to deal", action)
        n = state.players
        dealt = len(OPEN_BOARDS) - len(state.deck)
        to = dealt % n
        hands = list(state.hands)
        hands[to] = tuple(sorted(hands[to] + (action.board,)))
        deck = tuple(b for b in state.deck if b != action.board)
        new = replace(state, deck=deck, hands=tuple(hands))
        if not deck:
            new = replace(new, phase="choose", turn=0)
        return Step(new, (Event("dealt", {"board": action.board, "seat": to}),))

    def _lay(self, state, action) -> Step:
        if not isinstance(action, A.LayBoard):
            raise IllegalAction("During setup the only move is laying a board", action)
        seat = state.turn
        if action.board not in state.hands[seat]:
            raise IllegalAction("You can only lay a board dealt to you", action)
        if not 0 <= action.rotation <= 3:
            raise IllegalAction("A board turns by 0 to 3 quarter turns", action)
        if action.slot not in OPEN_SLOTS:
            raise IllegalAction('Boards are laid only in the "?" slots', action)
        k = OPEN_SLOTS.index(action.slot)
        if state.fill[k] is not None:
            raise IllegalAction("That slot already holds a board", action)
        if state.phase == "choose" and action.slot != first_slot(state, seat):
            raise IllegalAction("Your first board goes in the slot to the right of your "
                                "starting board", action)
        fill = list(state.fill)
        fill[k] = (action.board, action.rotation)
        hands = list(state.hands)
        hands[seat] = tuple(b for b in hands[seat] if b != action.board)
        new = replace(state, fill=tuple(fill), hands=tuple(hands))
        events = [Event("board_placed", {"board": action.board, "rotation": action.rotation,
                                         "slot": list(action.slot), "seat": seat})]
        n = state.players
        if all(f is not None for f in new.fill):
            new = replace(new, phase="play", turn=0, round=1, ap_left=first_round_ap(0, n),
                          hands=((),) * n)
            events.append(Event("setup_done", {}))
        elif state.phase == "choose" and seat + 1 < n:
            new = replace(new, turn=seat + 1)
        else:
            nxt = 0 if state.phase == "choose" else (seat + 1) % n
            while not new.hands[nxt]:
                nxt = (nxt + 1) % n
            new = replace(new, phase="fill", turn=nxt)
        return Step(new, tuple(events))

    def _play(self, state: GlikState, action) -> Step:
        seat = state.turn
        colour = state.colours[seat]
        board = state.board
        events: list[Event] = []
        if isinstance(action, A.EndTurn):
            return self._finish_turn(replace(state, offer=None), events)
        if isinstance(action, A.OfferEnd):
            if state.offer is not None:
                raise IllegalAction("An offer to end the game already stands", action)
            events.append(Event("offered_end", {"seat": seat}))
            return self._finish_turn(replace(state, offer=(seat, ())), events)
        if isinstance(action, A.Agree):
            if state.offer is None or seat == state.offer[0] or seat in state.offer[1]:
                raise IllegalAction("There is no offer to end the game for you to accept", action)
            offer = (state.offer[0], tuple(sorted(state.offer[1] + (seat,))))
            events.append(Event("agreed", {"seat": seat}))
            if len(offer[1]) == state.players - 1:
                return self._game_over(replace(state, offer=offer), "agreement", events)
            return self._finish_turn(replace(state, offer=offer), events)
        if state.ap_left <= 0:
            raise IllegalAction("You have no action points left this turn", action)
        stones = list(state.stones)
        code = code_of(colour)
        reserve = state.reserve
        nres = state.neutral_reserve
        if isinstance(action, A.Place):
            r, c = action.cell
            if (r, c) != board.start_cell[colour]:
                raise IllegalAction("Your stones are placed only on your own starting field",
                                    action)
            if not reserve[seat]:
                raise IllegalAction("All your stones are already on the board", action)
            if stones[r * COLS + c]:
                raise IllegalAction("Your starting field is occupied", action)
            stones[r * COLS + c] = code
            reserve = reserve[:seat] + (reserve[seat] - 1,) + reserve[seat + 1:]
            events.append(Event("placed", {"cell": [r, c], "colour": colour}))
        elif isinstance(action, A.PlaceNeutral):
            r, c = action.cell
            if not nres:
                raise IllegalAction("All 4 neutral stones are already on the board", action)
            self._check_neutral_target(state, r, c, action)
            stones[r * COLS + c] = NEUTRAL_CODE
            nres -= 1
            events.append(Event("placed", {"cell": [r, c], "colour": NEUTRAL}))
        elif isinstance(action, A.Slide):
            r, c = action.cell
            if not board.in_bounds(r, c):
                raise IllegalAction("That field is off the board", action)
            v = stones[r * COLS + c]
            if v == NEUTRAL_CODE:
                if not state.neutral_slide:
                    raise IllegalAction("Neutral stones are picked up and placed, not slid "
                                        "(house rule neutral_slide is off)", action)
                if nres:
                    raise IllegalAction("Neutral stones may move only once all 4 are placed",
                                        action)
            elif v != code:
                raise IllegalAction("You can only slide your own stones", action)
            if r * COLS + c in frozen_cells(state):
                raise IllegalAction("A stone that touches a destination field is frozen",
                                    action)
            if action.direction not in A.DIRS:
                raise IllegalAction("Slides go N, E, S or W", action)
            path = slide_path(state.stones, board, (r, c), action.direction)
            if not path:
                raise IllegalAction("A slide that goes nowhere is not a move", action)
            end = path[-1]
            stones[r * COLS + c] = 0
            stones[end[0] * COLS + end[1]] = v
            events.append(Event("slid", {"from": [r, c], "to": list(end),
                                         "path": [list(p) for p in path],
                                         "colour": colour_of(v), "direction": action.direction}))
        elif isinstance(action, A.MoveNeutral):
            r, c = action.cell
            if state.neutral_slide:
                raise IllegalAction("With house rule neutral_slide, neutral stones slide",
                                    action)
            if not board.in_bounds(r, c) or stones[r * COLS + c] != NEUTRAL_CODE:
                raise IllegalAction("There is no neutral stone on that field", action)
            if nres:
                raise IllegalAction("Neutral stones may move only once all 4 are placed", action)
            if r * COLS + c in frozen_cells(state):
                raise IllegalAction("A stone in a touching chain is frozen", action)
            tr, tc = action.to
            self._check_neutral_target(state, tr, tc, action)
            stones[r * COLS + c] = 0
            stones[tr * COLS + tc] = NEUTRAL_CODE
            events.append(Event("neutral_moved", {"from": [r, c], "to": [tr, tc]}))
        else:
            raise IllegalAction("Not a move of the play phase", action)
        before = touching_sets(state)
        new = replace(state, stones=tuple(stones), reserve=reserve, neutral_reserve=nres,
                      ap_left=state.ap_left - 1, ap_spent=state.ap_spent + 1,
                      ply=state.ply + 1, offer=None)
        after = touching_sets(new)
        times = list(new.touch_times)
        for s, (b, a) in enumerate(zip(before, after)):
            if len(a) > len(times[s]):
                times[s] = times[s] + (new.ply,) * (len(a) - len(times[s]))
            if a - b:
                events.append(Event("touched", {"seat": s, "colour": new.colours[s],
                                                "cells": [list(divmod(i, COLS))
                                                          for i in sorted(a - b)],
                                                "count": len(a)}))
        new = replace(new, touch_times=tuple(times))
        if any(len(a) == STONES_PER_PLAYER for a in after):
            return self._game_over(new, "all_touching", events)
        if new.ap_left == 0:
            return self._finish_turn(new, events)
        return Step(new, tuple(events))

    def _check_neutral_target(self, state, r, c, action):
        if not state.board.in_bounds(r, c):
            raise IllegalAction("That field is off the board", action)
        i = r * COLS + c
        kind = state.board.kinds[i]
        if state.stones[i]:
            raise IllegalAction("That field is occupied", action)
        if kind == "excluded":
            raise IllegalAction("Nothing is placed on a brown excluded field", action)
        if kind == DESTINATION:
            raise IllegalAction("Stones cannot be placed on a destination field", action)
        if kind == START or i in barred_start_cells(state):
            raise IllegalAction("Neutral stones cannot be placed on the players' starting "
                                "boards", action)

    def _finish_turn(self, state: GlikState, events: list) -> Step:
        n = state.players
        idle = state.idle_turns + 1 if state.ap_spent == 0 else 0
        events.append(Event("turn_ended", {"seat": state.turn, "ap_spent": state.ap_spent,
                                           "ap_unspent": state.ap_left}))
        if idle >= n:
            return self._game_over(replace(state, idle_turns=idle), "blocked", events)
        nxt = (state.turn + 1) % n
        rnd = state.round + (1 if nxt == 0 else 0)
        ap = AP_PER_TURN if rnd > 1 else first_round_ap(nxt, n)
        offer = state.offer
        if offer is not None and nxt == offer[0]:
            offer = None  # the offer went round without everyone agreeing
        new = replace(state, turn=nxt, round=rnd, ap_left=ap, ap_spent=0, idle_turns=idle,
                      offer=offer)
        return Step(new, tuple(events))

    def _game_over(self, state: GlikState, reason: str, events: list) -> Step:
        new = replace(state, phase="over", end_reason=reason, ap_left=0)
        events.append(Event("game_over", {"reason": reason, "winners": winners(new),
                                          "touching": list(new.touching())}))
        return Step(new, tuple(events))

    # -- results ------------------------------------------------------------------------------
    def outcome(self, state: GlikState):
        if state.phase != "over":
            return None
        w = winners(state)
        return [1.0 / len(w) if s in w else 0.0 for s in range(state.players)]

    def describe(self, state: GlikState) -> str:
        counts = state.touching()
        score = ", ".join(f"{c} {t}" for c, t in zip(state.colours, counts))
        if state.phase == "over":
            won = [state.colours[s] for s in winners(state)]
            verdict = f"{won[0]} wins" if len(won) == 1 else f"{' and '.join(won)} share the win"
            return f"Game over ({state.end_reason.replace('_', ' ')}): {verdict}; touching {score}"
        if state.phase == "deal":
            return f"Setup: dealing boards ({len(state.deck)} left)"
        who = state.colours[state.turn]
        if state.phase in ("choose", "fill"):
            return f"Setup: {who} lays a board ({len(state.hands[state.turn])} in hand)"
        return (f"Round {state.round}: {who} to play, {state.ap_left} AP left; "
                f"touching {score}")

    # -- JSON -----------------------------------------------------------------------------------
    def state_to_json(self, state: GlikState) -> dict:
        return {
            "players": state.players, "colours": list(state.colours),
            "house_rules": house_rules_json(state),
            "phase": state.phase,
            "layout": [None if f is None else list(f) for f in state.fill],
            "deck": list(state.deck), "hands": [list(h) for h in state.hands],
            "stones": [[r, c, col] for r, c, col in state.stone_list()],
            "reserve": list(state.reserve), "neutral_reserve": state.neutral_reserve,
            "turn": state.turn, "ap_left": state.ap_left, "ap_spent": state.ap_spent,
            "round": state.round, "idle_turns": state.idle_turns, "ply": state.ply,
            "touch_times": [list(t) for t in state.touch_times],
            "offer": None if state.offer is None else [state.offer[0], list(state.offer[1])],
            "end_reason": state.end_reason,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> GlikState:
        try:
            return _state_from_json(data)
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not a Glik state: {type(exc).__name__}: {exc}") from None


def winners(state: GlikState) -> list[int]:
    """Most touching stones wins; among equals, who reached that count first (lowest ply)."""
    counts = state.touching()
    best = max(counts)
    tied = [s for s in range(state.players) if counts[s] == best]
    if best == 0 or len(tied) == 1:
        return tied
    first = min(state.touch_times[s][best - 1] for s in tied)
    return [s for s in tied if state.touch_times[s][best - 1] == first]


def _state_from_json(d: Mapping[str, Any]) -> GlikState:
    n = int(d["players"])
    if n not in (2, 3, 4):
        raise ValueError("players must be 2, 3 or 4")
    colours = tuple(d["colours"])
    if len(colours) != n or len(set(colours)) != n or set(colours) - set(COLOURS):
        raise ValueError("colours: one distinct colour per player")
    phase = d["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {PHASES}")
    fill = tuple(None if f is None else (int(f[0]), int(f[1]) % 4) for f in d["layout"])
    if len(fill) != len(OPEN_SLOTS):
        raise ValueError(f"layout needs {len(OPEN_SLOTS)} slot entries")
    laid = [f[0] for f in fill if f is not None]
    deck = tuple(int(b) for b in d.get("deck", []))
    hands = tuple(tuple(int(b) for b in h) for h in d.get("hands", [[]] * n))
    everything = laid + list(deck) + [b for h in hands for b in h]
    if sorted(everything) != list(OPEN_BOARDS):
        raise ValueError("layout, deck and hands must hold each open board exactly once")
    if phase in ("play", "over") and None in fill:
        raise ValueError("play needs every slot filled")
    hr = d.get("house_rules", {})
    stones = [0] * (ROWS * COLS)
    board = board_for(fill)
    per = [0] * 6
    for r, c, col in d.get("stones", []):
        r, c = int(r), int(c)
        if not board.in_bounds(r, c):
            raise ValueError(f"stone at ({r},{c}) is off the board")
        if board.kinds[r * COLS + c] not in (EMPTY, START):
            raise ValueError(f"stone at ({r},{c}) on a {board.kinds[r * COLS + c]} field")
        if stones[r * COLS + c]:
            raise ValueError(f"two stones on ({r},{c})")
        if col != NEUTRAL and col not in colours:
            raise ValueError(f"stone colour {col!r} is not in play")
        stones[r * COLS + c] = code_of(col)
        per[code_of(col)] += 1
    reserve = tuple(int(x) for x in d["reserve"])
    nres = int(d["neutral_reserve"])
    for s, col in enumerate(colours):
        if reserve[s] < 0 or reserve[s] + per[code_of(col)] > STONES_PER_PLAYER:
            raise ValueError(f"{col} has more than {STONES_PER_PLAYER} stones")
    if nres < 0 or nres + per[NEUTRAL_CODE] > NEUTRALS:
        raise ValueError(f"more than {NEUTRALS} neutral stones")
    turn = int(d["turn"])
    if not 0 <= turn < n:
        raise ValueError("turn must be a seat")
    ap_left = int(d["ap_left"])
    if not 0 <= ap_left <= 99:
        raise ValueError("ap_left must be 0..99")
    offer = d.get("offer")
    state = GlikState(
        colours=colours, chain_any=bool(hr.get("chain_any")),
        neutral_slide=bool(hr.get("neutral_slide")),
        first_board_clockwise=bool(hr.get("first_board_clockwise")),
        neutral_off_all_starts=bool(hr.get("neutral_off_all_starts")), phase=phase, fill=fill, deck=deck,
        hands=hands, stones=tuple(stones), reserve=reserve, neutral_reserve=nres, turn=turn,
        ap_left=ap_left, ap_spent=int(d.get("ap_spent", 0)), round=int(d.get("round", 1)),
        idle_turns=int(d.get("idle_turns", 0)), ply=int(d.get("ply", 0)),
        touch_times=tuple(tuple(int(x) for x in t) for t in d.get("touch_times", [[]] * n)),
        offer=None if offer is None else (int(offer[0]), tuple(int(x) for x in offer[1])),
        end_reason=d.get("end_reason"))
    counts = state.touching()
    times = list(state.touch_times)
    for s in range(n):  # hand-made positions: stones already touching count from ply 0
        if len(times[s]) < counts[s]:
            times[s] = times[s] + (0,) * (counts[s] - len(times[s]))
    return replace(state, touch_times=tuple(times))


GAME = GlikGame()
