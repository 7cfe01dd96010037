"""A cooperative Grendizer XperienZ bot: greedy one-step look-ahead on a danger score.

Every seat plays for the team. In the action phase it tries each legal card play, scores the
resulting position (threat, how close the Vega Forces are to the strategic locations, the HP
the Saucer Beasts still have) and plays the best one if it beats keeping the card. In the
movement phase it sends Grendizer where the targets will be, using a Movement card only when
that is clearly better than a free step. Chance nodes are sampled with the injected generator.
"""
from __future__ import annotations

from games.api import CHANCE, TERMINAL, sample_chance

from .actions import PASS, Discard, Move, Play
from .data import ACTIONS, BEASTS, BOARD
from .rules import A, ADJACENT, GAME, LOC, zone_spaces
from .state import BOARD_

#: Danger of a MiniFO by space (arrival box .. last square before the location).
MINIFO_W = tuple(1.0 + 1.2 * p ** 1.6 for p in range(LOC + 1))
#: Danger of a Saucer Beast by space, added to its remaining-HP weight.
BEAST_POS_W = tuple(2.0 * p + (8.0 if p == LOC else 0.0) for p in range(LOC + 1))
BEAST_HP_W = 30.0
DESTROYED_W = 25.0
THREAT_W = 6.0
CARD_COST = 4.0  # keeping a card in hand is worth something
MOVE_CARD_COST = 4.0

_CARD_VALUE = {"grendizer": 3.0, "eagle": 2.5, "earth": 2.5, "positive": 3.0, "movement": 1.5}


def danger(s) -> float:
    """How bad the position is for the team (lower is better)."""
    if s.result == "victory":
        return -1e9
    if s.result == "defeat":
        return 1e9
    track = BOARD.tracks[s.difficulty]
    left = track.game_over - s.threat
    d = THREAT_W * s.threat + 30.0 / max(left, 1) - DESTROYED_W * s.destroyed
    for L in s.lanes:
        for p in L.minifos:
            d += MINIFO_W[p]
        if L.beast_token == BOARD_:
            card = BEASTS[L.beast_card]
            d += BEAST_HP_W * (card.life - L.damage) + BEAST_POS_W[L.beast_pos]
    return d


def zone_value(s, zone: int) -> float:
    """How useful Grendizer is in `zone` for the next attacks (forces there or arriving)."""
    lane = zone // 2
    L = s.lanes[lane]
    spaces = zone_spaces(zone)
    entering = A - 1 if zone % 2 == 1 else -1  # the last Airspace box feeds the Battlefield
    v = 0.0
    for p in L.minifos:
        if p in spaces:
            v += MINIFO_W[p]
        elif p == entering:
            v += 0.5 * MINIFO_W[p + 1]
    if L.beast_token == BOARD_:
        bp = L.beast_pos
        w = 10.0 + BEAST_POS_W[bp] + 2.0 * (BEASTS[L.beast_card].life - L.damage)
        if bp in spaces:
            v += w
        elif bp == entering:
            v += 0.6 * w
    return v


def choose_action(s, rng):
    """The bot's action at `s`: a sampled outcome at chance nodes, else a sensible choice."""
    p = GAME.current_player(s)
    if p == TERMINAL:
        raise ValueError("the game is over")
    if p == CHANCE:
        return sample_chance(GAME, s, rng)
    kind = s.queue[0][0]
    legal = GAME.legal_actions(s)
    if kind == "discard":
        return min(legal, key=lambda a: (_keep_value(s, ACTIONS[a.card]), a.card))
    if kind == "action":
        return _best_play(s, legal)
    return _best_move(s, legal)


def _keep_value(s, card) -> float:
    v = _CARD_VALUE[card.kind] + 0.3 * (card.beast_hp + card.minifos)
    if card.kind == "eagle" and s.lanes[card.lane].beast_token == "destroyed":
        v -= 1.0
    return v


def _best_play(s, legal):
    base = danger(s)
    best, best_score = PASS, base
    for a in legal:
        if not isinstance(a, Play):
            continue
        after = GAME.apply_legal(s, a).state
        score = danger(after) + CARD_COST
        if score < best_score - 1e-9:
            best, best_score = a, score
    return best


def _best_move(s, legal):
    here = zone_value(s, s.grendizer)
    best, best_score = PASS, here + 0.01
    for a in legal:
        if isinstance(a, Move):
            score = zone_value(s, a.zone)
        elif isinstance(a, Play):
            score = zone_value(s, a.zone) - MOVE_CARD_COST
        else:
            continue
        if score > best_score:
            best, best_score = a, score
    return best
