"""A tiny deterministic game with a chance node, for testing the timeline without real rules.

Players alternately add 1 or 2 to a running total; first a die (chance node, 1-3) sets a bonus.
The game ends when the total reaches 10 or more; whoever moved last wins.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.api import CHANCE, TERMINAL, Capabilities, Event, GameType, IllegalAction, Step


@dataclass(frozen=True)
class Add:
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class ToyState:
    total: int = 0
    bonus: int | None = None
    to_move: int = 0
    last: int | None = None
    players: int = 2  # every game's state names its seats


class ToyGame(Capabilities):
    name = "toy"
    title = "Toy"
    rules_version = "1"
    house_rules = {}
    game_type = GameType(chance=True, min_players=2, max_players=2)

    def default_config(self, players=None):
        return {"players": 2}

    def new_initial_state(self, config):
        return ToyState()

    def current_player(self, s):
        if s.bonus is None:
            return CHANCE
        if s.total >= 10:
            return TERMINAL
        return s.to_move

    def is_terminal(self, s):
        return self.current_player(s) == TERMINAL

    def legal_actions(self, s):
        p = self.current_player(s)
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes(s)]
        if p == TERMINAL:
            return []
        return [Add(1), Add(2)]

    def chance_outcomes(self, s):
        return [(Roll(v), 1 / 3) for v in (1, 2, 3)] if s.bonus is None else []

    def apply(self, s, a):
        p = self.current_player(s)
        if p == CHANCE:
            if not isinstance(a, Roll) or a.value not in (1, 2, 3):
                raise IllegalAction("The die shows 1, 2 or 3", a)
            return Step(ToyState(s.total, a.value, 0), (Event("rolled", {"value": a.value}),))
        if p == TERMINAL:
            raise IllegalAction("The game is over", a)
        if not isinstance(a, Add) or a.amount not in (1, 2):
            raise IllegalAction("A player adds 1 or 2", a)
        return Step(ToyState(s.total + a.amount, s.bonus, 1 - s.to_move, p),
                    (Event("added", {"amount": a.amount}),))

    def outcome(self, s):
        if not self.is_terminal(s):
            return None
        return [1.0 if i == s.last else 0.0 for i in range(2)]

    def parse_action(self, s, text):
        word, _, num = text.partition(" ")
        if word == "add" and num in ("1", "2"):
            return Add(int(num))
        if word == "roll" and num in ("1", "2", "3"):
            return Roll(int(num))
        raise IllegalAction(f"not a toy action: {text!r}")

    def state_to_json(self, s):
        return {"total": s.total, "bonus": s.bonus, "to_move": s.to_move, "last": s.last}

    def state_from_json(self, d):
        try:
            return ToyState(int(d["total"]), d["bonus"], int(d["to_move"]), d["last"])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"bad toy state: {exc}") from None

    def describe(self, s):
        return f"total {s.total}"


GAME = ToyGame()


def choose_action(state, rng):
    """The toy's own bot: add 2 whenever it can, the die at random."""
    if GAME.current_player(state) == CHANCE:
        outcomes = GAME.chance_outcomes(state)
        return outcomes[int(rng.integers(len(outcomes)))][0]
    return Add(2)


#: The toy's one manifest: its rules and bot on the games layer, its analyser on the analysis
#: layer (tests/toy_analysis.py); nothing else registers it anywhere (no notation, no solver,
#: no scene: the layers say it has none).
from games.registry import Manifest  # noqa: E402

MANIFEST = Manifest("toy", {
    "rules": "toygame:GAME",
    "bot": "toygame:choose_action",
    "analyser": "toy_analysis:ANALYSER",
})
