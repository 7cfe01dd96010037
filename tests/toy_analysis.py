"""The toy game's analysis layer: win chances by rollouts with its own bot as the policy."""
from __future__ import annotations

from analysis.record import WinAnalyser
from toygame import choose_action


class ToyAnalyser(WinAnalyser):
    game = "toy"
    policy = staticmethod(choose_action)

    def viewpoint(self, state) -> int:
        return state.to_move

    def best_action(self, state, rng, executor=None):
        return choose_action(state, rng)


ANALYSER = ToyAnalyser()
