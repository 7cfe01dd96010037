"""The Grendizer scene's words and hints: the status lines, the phase, the turn's buttons, the
seats' colours, and the lit targets of the card selected (or Grendizer's moves)."""
from __future__ import annotations

from games.api import CHANCE
from games.grendizer.actions import Move, Pass, Play
from games.grendizer.data import ACTIONS, BOARD
from viewer.grendizer import words

from . import layout as L
from . import motion as M
from . import pieces as P


PLAYER_RGBA = [(0.98, 0.84, 0.30, 1), (1.0, 0.55, 0.48, 1), (0.50, 0.88, 0.55, 1),
               (0.55, 0.72, 1.0, 1)]
CHANCE_RGBA = (0.62, 0.66, 0.72, 1)
HINT_ZONE = (0.25, 0.95, 0.45, 0.30)
HINT_EDGE = (0.25, 0.95, 0.45, 0.9)
HINT_BEAST = (1.0, 0.35, 0.25, 0.95)
HINT_MOVE = (0.35, 0.70, 1.0, 0.25)
HINT_MOVE_EDGE = (0.35, 0.70, 1.0, 0.8)


class StatusAndHints:
    """What the status lines say and what the board lights up for the card selected."""

    # --- words ----------------------------------------------------------------------------------
    def phase(self, state) -> str:
        return state.queue[0][0] if state.queue else "-"

    def event_lines(self, node) -> list[str]:
        return words.event_lines(node.step)

    def status_lines(self, state) -> list[str]:
        track = BOARD.tracks[state.difficulty]
        head = (f"Grendizer XperienZ ({state.difficulty}, {state.players} "
                f"player{'s' if state.players > 1 else ''})   turn {state.turn}")
        nxt = [d for d in sorted(track.danger) if d > state.threat]
        threat = (f"Threat {state.threat}/{track.game_over}"
                  + ("  DANGER face up" if state.danger else
                     f"  (next Danger at {nxt[0]})" if nxt else ""))
        tally = (f"Saucer Beasts destroyed {state.destroyed}/4   Actions deck {len(state.deck)}, "
                 f"discard {len(state.discard)}")
        if state.result == "victory":
            return [head, "VICTORY: the fourth Saucer Beast is destroyed, Earth is saved!", tally]
        if state.result == "defeat":
            return [head, "GAME OVER: the Threat reached the top, Earth is invaded", threat]
        who = f"Player {state.player + 1}"
        kind = self.phase(state)
        doing = {
            "action": f"{who}: action phase - click a card of your hand, then its target "
                      "(or Play no card)",
            "move": f"{who}: Grendizer movement - click a zone next to him, or play a "
                    "Movement card (or End turn)",
            "discard": f"{who}: Vega Spy - click the card of your hand to discard",
            "deal": "Setup: dealing the Actions cards",
            "first": "Setup: the first player is chosen at random",
            "turn_draw": f"{who} draws an Actions card",
            "pile": f"Invasion: a token comes from the {BOARD.colours[state.queue[0][1]]} pile"
            if kind == "pile" else "",
            "beast_card": "A Saucer Beast enters: its card is drawn",
            "event": "The Threat marker shows Danger: an Event card is drawn",
        }.get(kind, kind)
        if not self.show_prompts:
            doing = doing.split(" - ")[0]
        elif self.game.current_player(state) == CHANCE:
            doing += "   (a draw: pick its outcome in the list, or step forward)"
        return [head, doing, threat + "   " + tally]

    def turn_actions(self, state):
        if state is None or self.game.current_player(state) < 0:
            return []
        kind = self.phase(state)
        acts = self.game.legal_actions(state)
        if not any(isinstance(a, Pass) for a in acts):
            return []
        pas = next(a for a in acts if isinstance(a, Pass))
        if kind == "action":
            return [("Play no card", pas)]
        if kind == "move":
            return [("End turn", pas)]
        return []

    def action_colour(self, node):
        if node.parent is None:
            return None
        parent = node.parent.state
        if self.game.current_player(parent) == CHANCE:
            return CHANCE_RGBA
        return PLAYER_RGBA[parent.player % len(PLAYER_RGBA)]

    def seat_legend(self, state):
        return [(f"P{i + 1}", PLAYER_RGBA[i % len(PLAYER_RGBA)]) for i in range(state.players)]

    # --- hints ----------------------------------------------------------------------------------
    def show_hints(self, state) -> None:
        """Light the selected card's targets; in the movement phase, Grendizer's moves."""
        key = (id(state), self.selected)
        if key == self._hint_key:
            return
        self._hint_key = key
        self.clear_hints()
        if state is None or self.game.current_player(state) < 0:
            return
        z = L.SURFACE + 0.01
        if self.selected is not None:
            for a in self.plays_of(state, self.selected):
                self._hint_play(state, a, z)
            return
        if self.phase(state) == "move":
            for a in self.game.legal_actions(state):
                if isinstance(a, Move):
                    self._hint_zone(a.zone, HINT_MOVE, HINT_MOVE_EDGE, z)

    def _hint_zone(self, zone, fill, edge, z):
        x0, y0, x1, y1 = L.zone_extent(zone)
        P.fill_rect("hint", x0, y0, x1, y1, fill, z).reparentTo(self.hints)
        P.frame_rect("hint", x0, y0, x1, y1, edge, 0.07, z + 0.001).reparentTo(self.hints)

    def _hint_play(self, state, a: Play, z) -> None:
        card = ACTIONS[a.card]
        if a.target == "beast":
            lane = a.zone // 2 if a.zone is not None else (
                card.lane if card.kind == "eagle" else state.grendizer // 2)
            Ln = state.lanes[lane]
            if Ln.beast_pos is not None:
                x, y, _ = L.beast_slot(lane, Ln.beast_pos)
                r = P.ring("hint", L.BEAST_R * 1.35, HINT_BEAST, 0.07, 0)
                r.setPos(x, y, z + L.BEAST_T + 0.01)
                r.reparentTo(self.hints)
            return
        if a.zone is not None:
            self._hint_zone(a.zone, HINT_ZONE, HINT_EDGE, z)
        elif a.lane is not None:
            self._hint_zone(2 * a.lane, HINT_ZONE, HINT_EDGE, z)
            self._hint_zone(2 * a.lane + 1, HINT_ZONE, HINT_EDGE, z)
        elif card.kind == "eagle":
            self._hint_zone(2 * card.lane, HINT_ZONE, HINT_EDGE, z)
            self._hint_zone(2 * card.lane + 1, HINT_ZONE, HINT_EDGE, z)
        elif card.kind == "grendizer":
            self._hint_zone(state.grendizer, HINT_ZONE, HINT_EDGE, z)
        else:  # a card without a target on the board (Dr. Genzo Umon): the Threat marker
            r = P.ring("hint", 0.42, HINT_EDGE, 0.07, 0)
            x, y, zz = M.threat_pos(state.difficulty, state.threat)
            r.setPos(x, y, zz + 0.12)
            r.reparentTo(self.hints)

