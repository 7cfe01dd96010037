"""Grendizer XperienZ analysis: win chances by rollouts with the team bot as the policy.

The game is cooperative, so every seat's win chance is the team's. Cards the player to move
cannot see are sampled from what is unseen: the Actions deck's order is already drawn card by
card at chance nodes, and the other players' hands are dealt again, in each playout, from the
union of those hands and the deck (sizes kept).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from games.grendizer.bot import choose_action

from analysis.record import WinAnalyser


def team_policy(state, rng: np.random.Generator):
    """The team bot (it samples chance nodes with `rng` too)."""
    return choose_action(state, rng)


def deal_unseen(state, rng: np.random.Generator):
    """`state` with the other players' hands dealt again from everything the player to move
    has not seen (their hands and the Actions deck)."""
    if state.players < 2:
        return state
    me = state.player
    unseen = list(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != me:
            unseen.extend(hand)
    order = [unseen[i] for i in rng.permutation(len(unseen))]
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == me:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(order[:len(hand)])))
            order = order[len(hand):]
    return replace(state, hands=tuple(hands), deck=tuple(sorted(order)))


class GrendizerAnalyser(WinAnalyser):
    game = "grendizer"
    policy = staticmethod(team_policy)
    prepare = staticmethod(deal_unseen)
    batch_size = 25
    team = True

    def viewpoint(self, state) -> int:
        return state.player

    def best_action(self, state, rng, executor=None):
        return choose_action(state, rng)


ANALYSER = GrendizerAnalyser()
