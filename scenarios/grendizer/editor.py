"""A Grendizer XperienZ position and puzzle being set up, without a window (the viewer's
Grendizer editor draws it).

`GrendizerEditorModel` holds a rules state at the action phase of the player to move and
changes it one edit at a time: MiniFOs and Saucer Beast tokens onto any lane space (from
their colour's pile) and off again, a Saucer Beast's card and damage, Grendizer's zone, the
Threat marker and its face, each player's hand (cards come from the Actions deck), whose turn
it is; the goal, the order the hidden cards come in (or shuffled), title, description and
hints. Each edit builds the new state and passes it through the rules' own load checks
(`games.grendizer.validate`), so what cannot exist (a tenth MiniFO of a colour, a card the
deck has no copy of left) is refused with the rules' sentence, and the model is unchanged.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from games.api import CHANCE
from games.grendizer import GAME
from games.grendizer.bot import choose_action
from games.grendizer.data import ACTIONS, BEASTS, BOARD
from games.grendizer.rules import LOC, NZONES
from games.grendizer.solver import GOAL_TYPES, goal_problem, goal_words
from games.grendizer.state import BOARD_, DESTROYED, PILE, GState
from scenarios.authoring import ScenarioWords

GAME_NAME = "grendizer"
ACTION_PHASE = (("action",), ("move",), ("end",))


def first_position(players: int = 1, difficulty: str = "easy", seed: int = 0) -> GState:
    """A new game dealt and played to the first action phase (its first card drawn)."""
    rng = np.random.default_rng(seed)
    s = GAME.new_initial_state({"players": players, "difficulty": difficulty})
    while GAME.current_player(s) == CHANCE:
        s = GAME.apply(s, choose_action(s, rng)).state
    return s


def _sorted_remove(seq: tuple, item) -> tuple:
    i = seq.index(item)
    return seq[:i] + seq[i + 1:]


class GrendizerEditorModel(ScenarioWords):
    """A Grendizer XperienZ position and puzzle being set up; every change is checked."""

    game_name = GAME_NAME

    def __init__(self, state: GState | None = None):
        state = first_position() if state is None else state
        self.s = self._settle(state)
        self.title = ""
        self.description = ""
        self.hints: list[str] = []
        self.difficulty: int | None = None
        self.goal_kind = "destroy"  # one of GOAL_TYPES
        self.goal_beast: str | None = None  # destroy: the named Saucer Beast, else a count
        self.goal_count = 1
        self.goal_below = 8
        self.goal_turns = 2
        self.goal_text = ""
        self.order: dict | None = None  # the fixed order of the hidden cards, None: shuffled
        self.result = None  # the last verdict (analysis.puzzles.Verdict)
        self._verified_key = None

    # --- the position -----------------------------------------------------------------------
    @staticmethod
    def _settle(s: GState) -> GState:
        """`s` at the action phase of its player, checked by the rules."""
        if s.result is not None:
            raise ValueError("the game is over in this position: set up from an earlier one")
        if s.hands and s.revealed is not None:
            hand = tuple(sorted(s.hands[s.player] + (s.revealed,)))
            s = replace(s, hands=s.hands[:s.player] + (hand,) + s.hands[s.player + 1:],
                        revealed=None)
        s = replace(s, queue=ACTION_PHASE, played=False, silenced=False)
        return GAME.state_from_json(GAME.state_to_json(s))

    def _try(self, s: GState) -> str | None:
        """Take `s` when the rules accept it; else the rules' reason, model unchanged."""
        try:
            self.s = GAME.state_from_json(GAME.state_to_json(s))
        except ValueError as exc:
            return str(exc)
        self._check_order()
        return None

    def state(self) -> GState:
        return self.s

    def _lane(self, lane: int, **changes) -> GState:
        lanes = list(self.s.lanes)
        lanes[lane] = replace(lanes[lane], **changes)
        return replace(self.s, lanes=tuple(lanes))

    def add_minifo(self, lane: int, space: int) -> str | None:
        """A MiniFO of the lane's colour from its face-down pile onto `space`."""
        if not 0 <= space <= LOC:
            return f"A lane has spaces 0 (arrival box) to {LOC} (the strategic location)"
        L = self.s.lanes[lane]
        reserve = L.reserve - 1 if L.reserve else L.reserve  # none left: the rules say why
        return self._try(self._lane(lane, minifos=tuple(sorted(L.minifos + (space,))),
                                    reserve=reserve))

    def remove_minifo(self, lane: int, space: int) -> str | None:
        """A MiniFO on `space` back to its pile."""
        L = self.s.lanes[lane]
        if space not in L.minifos:
            return f"There is no {BOARD.colours[lane]} MiniFO on that space"
        return self._try(self._lane(lane, minifos=_sorted_remove(L.minifos, space),
                                    reserve=L.reserve + 1))

    def place_beast(self, lane: int, space: int, card: str | None = None) -> str | None:
        """The lane's Saucer Beast on `space` (its card `card`, else the one it has or the
        first left in the Saucer Beast deck); a beast already there just moves."""
        if not 0 <= space <= LOC:
            return f"A lane has spaces 0 (arrival box) to {LOC} (the strategic location)"
        s, L = self.s, self.s.lanes[lane]
        deck = s.beast_deck
        if L.beast_token == BOARD_ and (card is None or card == L.beast_card):
            return self._try(self._lane(lane, beast_pos=space))
        if L.beast_card is not None:
            deck = tuple(sorted(deck + (L.beast_card,)))
        if card is None:
            if not deck:
                return "Every Saucer Beast card is in play"
            card = deck[0]
        if card not in BEASTS:
            return f"There is no Saucer Beast card {card!r}"
        if card in deck:
            deck = _sorted_remove(deck, card)
        destroyed = s.destroyed - (1 if L.beast_token == DESTROYED else 0)
        changes = dict(beast_pos=space, beast_token=BOARD_, beast_card=card, damage=0)
        if L.set_aside:
            changes.update(reserve=L.reserve + L.set_aside, set_aside=0)
        new = self._lane(lane, **changes)
        return self._try(replace(new, beast_deck=deck, destroyed=destroyed))

    def remove_beast(self, lane: int) -> str | None:
        """The lane's Saucer Beast back to its pile, its card back to the deck."""
        s, L = self.s, self.s.lanes[lane]
        if L.beast_token == PILE:
            return f"The {BOARD.colours[lane]} Saucer Beast is in its pile already"
        deck = tuple(sorted(s.beast_deck + (L.beast_card,)))
        destroyed = s.destroyed - (1 if L.beast_token == DESTROYED else 0)
        return self._try(replace(self._lane(lane, beast_pos=None, beast_token=PILE,
                                            beast_card=None, damage=0),
                                 beast_deck=deck, destroyed=destroyed))

    def set_damage(self, lane: int, damage: int) -> str | None:
        L = self.s.lanes[lane]
        if L.beast_token != BOARD_:
            return f"The {BOARD.colours[lane]} Saucer Beast is not on the board"
        return self._try(self._lane(lane, damage=damage))

    def destroy_beast(self, lane: int) -> str | None:
        """The lane's Saucer Beast destroyed already (card kept, life bar gone)."""
        L = self.s.lanes[lane]
        if L.beast_token != BOARD_:
            return f"The {BOARD.colours[lane]} Saucer Beast is not on the board"
        new = self._lane(lane, beast_pos=None, beast_token=DESTROYED,
                         damage=BEASTS[L.beast_card].life)
        return self._try(replace(new, destroyed=self.s.destroyed + 1))

    def set_grendizer(self, zone: int) -> str | None:
        if not 0 <= zone < NZONES:
            return f"Grendizer stands in one of the {NZONES} zones"
        return self._try(replace(self.s, grendizer=zone))

    def set_threat(self, threat: int, danger: bool | None = None) -> str | None:
        track = BOARD.tracks[self.s.difficulty]
        if threat >= track.game_over:
            return (f"Threat {threat} is GAME OVER on the {self.s.difficulty} track: a puzzle "
                    "starts before that")
        return self._try(replace(self.s, threat=threat,
                                 danger=self.s.danger if danger is None else danger))

    def add_card(self, seat: int, card: str) -> str | None:
        """An Actions card from the deck into `seat`'s hand."""
        if card not in ACTIONS:
            return f"There is no Actions card {card!r}"
        s = self.s
        deck = _sorted_remove(s.deck, card) if card in s.deck else s.deck
        hand = tuple(sorted(s.hands[seat] + (card,)))
        return self._try(replace(s, deck=deck, hands=s.hands[:seat] + (hand,) + s.hands[seat + 1:]))

    def remove_card(self, seat: int, card: str) -> str | None:
        """An Actions card from `seat`'s hand back into the deck."""
        s = self.s
        if card not in s.hands[seat]:
            return f"P{seat + 1} holds no {card}"
        hand = _sorted_remove(s.hands[seat], card)
        return self._try(replace(s, deck=tuple(sorted(s.deck + (card,))),
                                 hands=s.hands[:seat] + (hand,) + s.hands[seat + 1:]))

    def set_hand(self, seat: int, cards: list[str]) -> str | None:
        """`seat`'s hand made exactly `cards` (each from the deck); refused as a whole."""
        before = self.s, self.order
        for card in self.s.hands[seat]:
            self.remove_card(seat, card)
        for card in cards:
            problem = self.add_card(seat, card)
            if problem:
                self.s, self.order = before
                return problem
        return None

    def set_player(self, seat: int) -> str | None:
        return self._try(replace(self.s, player=seat))

    # --- the hidden cards ---------------------------------------------------------------------
    def fix_order(self, seed: int = 0) -> None:
        """Fix the order of every hidden card: each deck and pile shuffled with `seed`."""
        rng = np.random.default_rng(seed)
        s = self.s

        def shuffled(seq):
            seq = list(seq)
            return [seq[i] for i in rng.permutation(len(seq))]

        piles = [shuffled(["minifo"] * L.reserve + (["beast"] if L.beast_token == PILE else []))
                 for L in s.lanes]
        self.order = {"actions": shuffled(s.deck), "piles": piles,
                      "beasts": shuffled(s.beast_deck), "events": shuffled(s.event_deck)}

    def set_top_cards(self, cards: list[str]) -> str | None:
        """The Actions cards that come next, top first (the rest of the order stays)."""
        if self.order is None:
            self.fix_order()
        rest = list(self.order["actions"])
        for c in cards:
            if c not in rest:
                return f"{c} is not in the Actions deck (its copies are in hands or played)"
            rest.remove(c)
        self.order = dict(self.order, actions=list(cards) + rest)
        return None

    def shuffle_order(self) -> None:
        """Leave the hidden cards shuffled (the puzzle is then judged by its success chance)."""
        self.order = None

    def _check_order(self) -> None:
        """An edit that changed the decks keeps the fixed order valid: it is drawn again."""
        from games.grendizer.solver import order_problem

        if self.order is not None and order_problem(self.s, self.order):
            self.fix_order()

    # --- the goal -----------------------------------------------------------------------------
    def goal(self) -> dict:
        g: dict = {"type": self.goal_kind, "turns": int(self.goal_turns)}
        if self.goal_kind == "destroy":
            if self.goal_beast is not None:
                g["beast"] = self.goal_beast
            else:
                g["count"] = int(self.goal_count)
        elif self.goal_kind == "threat":
            g["below"] = int(self.goal_below)
        if self.goal_text.strip():
            g["text"] = self.goal_text.strip()
        if self.order is not None:
            g["order"] = self.order
        return g

    def set_goal(self, kind: str, **values) -> str | None:
        if kind not in GOAL_TYPES:
            return f"The goal is one of {', '.join(GOAL_TYPES)}"
        self.goal_kind = kind
        for key in ("beast", "count", "below", "turns", "text"):
            if key in values:
                setattr(self, f"goal_{key}", values[key])
        return None

    def goal_words(self) -> str:
        return goal_words(self.goal())

    def problems(self) -> list[str]:
        """What stops this position from being a puzzle, in words (empty: it is one)."""
        problem = goal_problem(self.s, self.goal())
        return [problem] if problem else []

    # --- verification and files -----------------------------------------------------------
    def key(self):
        return (repr(GAME.state_to_json(self.s)), repr(self.goal()))

    def accept(self, result, key) -> None:
        """Keep a verdict (`analysis.puzzles.verify`) computed for the set-up `key`."""
        self.result, self._verified_key = result, key

    @property
    def verified(self) -> bool:
        return self.result is not None and self._verified_key == self.key()

    def result_words(self) -> str:
        if not self.verified:
            return "Not verified"
        return self.result.words()

    def scenario(self):
        """The puzzle as a scenario, with the verified winning line and verdict, if any."""
        from scenarios import Scenario

        line = list(self.result.line) if self.verified and self.result.exact else []
        return Scenario(GAME_NAME, GAME.state_to_json(self.s),
                        self.title.strip() or "Untitled puzzle", self.description.strip(),
                        list(self.hints), self.goal(), line,
                        {"players": self.s.players, "difficulty": self.s.difficulty},
                        self.difficulty, self.result.to_json() if self.verified else None)

    def save_refusal(self) -> str | None:
        if not self.verified:
            return "Verify the puzzle first: a puzzle is saved with its verdict"
        if self.result.exact and not self.result.solved:
            return self.result.words() + ": the goal cannot be met"
        return None

    @classmethod
    def from_scenario(cls, scenario) -> "GrendizerEditorModel":
        """Edit a saved puzzle: its position, goal, order and words."""
        m = cls(GAME.state_from_json(scenario.start))
        m.take_words(scenario)
        goal = dict(scenario.goal or {})
        m.goal_kind = goal.get("type", "destroy")
        m.goal_beast = goal.get("beast")
        m.goal_count = goal.get("count", 1)
        m.goal_below = goal.get("below", 8)
        m.goal_turns = goal.get("turns", 2)
        m.goal_text = goal.get("text", "")
        m.order = goal.get("order")
        return m
