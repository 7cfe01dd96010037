"""A Glik match: as many games as players, colours rotating, touching stones summed.

The rulebook suggests it to even out the luck of the dealt boards. Person p plays seat
(p + g) % n in game g, so every person plays every seat (and colour) once; yellow (seat 0)
always starts. The match winner has the highest total of touching stones; equal totals share.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.glik.rules import DEFAULT_COLOURS, GAME, GlikState


def seat_of(person: int, game_index: int, players: int) -> int:
    """The seat (and so the colour) `person` plays in game `game_index` of the match."""
    return (person + game_index) % players


def game_config(players: int, game_index: int, base: dict | None = None) -> dict:
    """Config for one game of the match (same house rules and setup as `base`)."""
    cfg = dict(base or GAME.default_config(players))
    cfg["players"] = players
    cfg["colours"] = list(DEFAULT_COLOURS[players])
    cfg.setdefault("setup", "deal")
    return cfg


@dataclass(frozen=True)
class MatchResult:
    players: int
    per_game: tuple[tuple[int, ...], ...]  # per game, touching stones per person
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # persons with the highest total


def score_match(finished: list[GlikState]) -> MatchResult:
    """Sum each person's touching stones over the match's finished games (in order)."""
    if not finished:
        raise ValueError("a match needs at least one finished game")
    n = finished[0].players
    if len(finished) != n:
        raise ValueError(f"a match of {n} players is {n} games")
    per_game = []
    for g, state in enumerate(finished):
        if not GAME.is_terminal(state) or state.players != n:
            raise ValueError(f"game {g + 1} of the match is not a finished {n}-player game")
        counts = state.touching()
        per_game.append(tuple(counts[seat_of(p, g, n)] for p in range(n)))
    totals = tuple(sum(g[p] for g in per_game) for p in range(n))
    best = max(totals)
    return MatchResult(n, tuple(per_game), totals,
                       tuple(p for p in range(n) if totals[p] == best))
