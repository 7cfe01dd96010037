"""The Grendizer scene's picking room: a click on a hand card selects it, a click on one of
its lit targets plays it, a click on a zone moves Grendizer; what the rules forbid is said."""
from __future__ import annotations

from games.api import CHANCE, TERMINAL, IllegalAction
from games.grendizer.actions import Discard, Move, Play
from games.grendizer.data import ACTIONS, BOARD
from viewer.scene import ClickResult, Pick

from . import layout as L


def zone_of(lane: int, space: int) -> int:
    return 2 * lane + (0 if space < L.A else 1)


class Clicks:
    """A click becomes a selection, a legal action, or the rule that forbids it."""

    # --- interaction ----------------------------------------------------------------------------
    def deselect(self) -> None:
        self.selected = None
        if self.state is not None:
            self.show_hints(self.state)
            if self.ui is not None:
                self.ui.show(self.state)

    def plays_of(self, state, card: str) -> list:
        return [a for a in self.game.legal_actions(state) if isinstance(a, Play) and a.card == card]

    def click(self, state, pick: Pick) -> ClickResult:
        """A click becomes a selection, a legal action, or the rule that forbids it."""
        cp = self.game.current_player(state)
        target = pick.target
        if target is not None and target[0] == "outcome":
            return ClickResult(action=target[1])
        if target is not None and target[0] == "page" and self.ui is not None:
            return ClickResult(message=self.ui.turn_page(target[1]))
        if target is not None and target[0] == "random":
            from games.api import sample_chance
            session = getattr(self.base, "session", None)
            rng = session.rng if session is not None else None
            if rng is None:
                import numpy as np
                rng = np.random.default_rng()
            return ClickResult(action=sample_chance(self.game, state, rng))
        if cp == TERMINAL:
            return ClickResult(message="The game is over: " + (
                "victory!" if state.result == "victory" else "Earth is invaded"))
        if cp == CHANCE:
            return ClickResult(message="A card or token is to be drawn: pick the outcome in the "
                                       "list, or step forward")
        kind = self.phase(state)
        if target is not None and target[0] == "hand":
            return self._click_hand(state, target[1], kind)
        if self.selected is not None:
            return self._click_target(state, pick)
        zone = self._zone_of_pick(state, pick)
        if kind == "move" and zone is not None:
            if zone == state.grendizer:
                return ClickResult(message="Grendizer is already in this zone")
            return self._try(state, Move(zone))
        if kind == "action" and (zone is not None or target is not None):
            return ClickResult(message="Click a card of your hand first (or Play no card)")
        if kind == "discard":
            return ClickResult(message="Vega Spy: click the card of your hand to discard")
        return ClickResult()

    def _click_hand(self, state, card: str, kind: str) -> ClickResult:
        if kind == "discard":
            return self._try(state, Discard(card))
        if self.selected == card:
            plays = self.plays_of(state, card)
            direct = [a for a in plays if a.lane is None and a.zone is None and a.target is None]
            self.deselect()
            if direct:
                return ClickResult(action=direct[0])
            return ClickResult(message="")
        plays = self.plays_of(state, card)
        if not plays:
            return self._refuse(state, self._example_play(state, card))
        self.selected = card
        self.show_hints(state)
        if self.ui is not None:
            self.ui.show(state)
        c = ACTIONS[card]
        if all(a.lane is None and a.zone is None and a.target is None for a in plays):
            return ClickResult(message=f"{c.name}: click the card again (or the Threat track) "
                                       "to play it")
        what = {"movement": "the zone where Grendizer goes",
                "earth": "a Battlefield zone (the Saucer Beast, or MiniFOs there)",
                "eagle": f"the Saucer Beast or the MiniFOs of {BOARD.locations[c.lane or 0]}",
                "grendizer": "the Saucer Beast or the MiniFOs in Grendizer's zone"}.get(c.kind)
        if c.kind == "positive":
            what = ("a lane" if c.effect == "push_lane" else "a Battlefield zone")
        return ClickResult(message=f"{c.name}: click {what} (highlighted)")

    def _example_play(self, state, card: str) -> Play:
        """A representative play of `card` so the rules can say why it is not allowed."""
        c = ACTIONS[card]
        if c.kind == "movement":
            return Play(card, zone=(state.grendizer + 1) % 8)
        if c.kind == "earth":
            return Play(card, zone=1, target="minifo")
        if c.kind in ("eagle", "grendizer"):
            return Play(card, target="minifo")
        if c.effect == "push_lane":
            return Play(card, lane=0)
        if c.effect == "clear_battlefield":
            return Play(card, zone=1)
        return Play(card)

    def _zone_of_pick(self, state, pick):
        if pick.cell is not None:
            return zone_of(*pick.cell)
        if pick.target is not None and pick.target[0] == "beast":
            Ln = state.lanes[pick.target[1]]
            if Ln.beast_pos is not None:
                return zone_of(pick.target[1], Ln.beast_pos)
        return None

    def _click_target(self, state, pick: Pick) -> ClickResult:
        card = ACTIONS[self.selected]
        plays = self.plays_of(state, self.selected)
        target = pick.target
        if target == ("threat",) or (target is not None and target[0] == "hand"):
            direct = [a for a in plays if a.lane is None and a.zone is None and a.target is None]
            if direct:
                self.deselect()
                return ClickResult(action=direct[0])
        zone = self._zone_of_pick(state, pick)
        if zone is None:
            self.deselect()
            return ClickResult(message="Selection dropped")
        lane = zone // 2
        on_beast = target is not None and target[0] == "beast"
        cands = []
        for a in plays:
            if a.zone is not None and a.zone != zone:
                continue
            if a.lane is not None and a.lane != lane:
                continue
            if a.zone is None and a.lane is None:
                if card.kind == "eagle" and card.lane != lane:
                    continue
                if card.kind == "grendizer" and zone != state.grendizer:
                    continue
                if card.kind == "positive":
                    continue
            cands.append(a)
        if cands:
            want = "beast" if on_beast else "minifo"
            best = [a for a in cands if a.target == want] or cands
            self.deselect()
            return ClickResult(action=best[0])
        # not a target of this card: let the rules say why
        if card.kind == "movement":
            example = Play(card.id, zone=zone)
        elif card.kind == "earth":
            example = Play(card.id, zone=zone, target="beast" if on_beast else "minifo")
        elif card.kind == "grendizer" and zone != state.grendizer:
            return ClickResult(message="Grendizer Attack cards only affect Vega Forces in "
                                       "Grendizer's zone")
        elif card.kind == "eagle" and card.lane != lane:
            return ClickResult(message="Eagle Patrol Attack cards only affect Vega Forces in "
                                       f"the lane of their colour ({BOARD.locations[card.lane]})")
        elif card.effect == "push_lane":
            example = Play(card.id, lane=lane)
        elif card.effect == "clear_battlefield":
            example = Play(card.id, zone=zone)
        else:
            example = Play(card.id, target="beast" if on_beast else "minifo")
        return self._refuse(state, example)

    def _refuse(self, state, action) -> ClickResult:
        try:
            self.game.apply(state, action)
        except IllegalAction as exc:
            return ClickResult(message=exc.rule)
        return ClickResult(message="That is not a move here")

    def _try(self, state, action) -> ClickResult:
        try:
            self.game.apply(state, action)
        except IllegalAction as exc:
            return ClickResult(message=exc.rule)
        self.selected = None
        return ClickResult(action=action)

    def hover(self, state, pick) -> None:
        if self.ui is not None:
            self.ui.hover(state, pick)

