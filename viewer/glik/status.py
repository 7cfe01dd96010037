"""The Glik scene's words and buttons: the status lines, the turn's buttons (end turn, offer
to end, agree), the seats' colours, and R, the key only Glik has."""
from __future__ import annotations

from games.glik import actions as A
from games.glik.kit import NEUTRAL
from games.glik.rules import STONES_PER_PLAYER
from viewer.keys import Key
from viewer.glik import words
from viewer.glik.tiles import RGB


COLOUR_NAMES = {c: c.capitalize() for c in RGB}


class StatusAndButtons:
    """What the status lines say, the turn's buttons and Glik's own key."""

    # --- words and buttons --------------------------------------------------------------------
    def action_colour(self, node):
        from viewer.panel import PLAYER_FG

        parent = node.parent.state
        if parent.phase in ("deal", "over"):
            return None
        return PLAYER_FG.get(parent.colours[parent.turn])

    def seat_legend(self, state):
        from viewer.panel import PLAYER_FG

        return [(colour.capitalize(), PLAYER_FG.get(colour)) for colour in state.colours]

    def turn_actions(self, state):
        if state.phase != "play":
            return []
        labels = {A.EndTurn: "End turn", A.OfferEnd: "Offer to end", A.Agree: "Agree to end"}
        return [(labels[type(a)], a) for a in self.game.legal_actions(state) if type(a) in labels]

    def keys(self, mode: str):
        """R turns the board in hand, in play mode, while boards are laid (setup)."""
        if mode != "play":
            return []

        def rotate(host):
            if not self.rotate_selection(host.shown_state):
                host.say("Click a board in hand first: R turns it")

        return [Key("r", rotate, "Setup: turn the board in hand",
                    lambda host: getattr(host.shown_state, "phase", None) in ("choose", "fill"))]

    # --- words --------------------------------------------------------------------------------
    def event_lines(self, node) -> list[str]:
        return words.event_lines(node.step)

    def status_lines(self, state) -> list[str]:
        """What is always visible: phase, whose turn, AP left, touching stones, the result."""
        names = [COLOUR_NAMES[c] for c in state.colours]
        counts = state.touching()
        touching = "   ".join(f"{n} {k}/{STONES_PER_PLAYER}" for n, k in zip(names, counts))
        if state.phase == "deal":
            return [f"Setup: dealing the boards ({len(state.deck)} still to deal)"]
        if state.phase in ("choose", "fill"):
            who = names[state.turn]
            where = ("the slot right of your starting board" if state.phase == "choose"
                     else 'any "?" slot')
            return [f"Setup: {who}, lay a board in {where}"] + (
                [f"Click a board in hand ({self.tray.where()}), R turns it, click a slot"]
                if self.show_prompts else [])
        if state.phase == "over":
            desc = self.game.describe(state)
            return [desc.split(";")[0], f"Touching: {touching}"]
        who = names[state.turn]
        res = state.reserve[state.turn]
        unused = [COLOUR_NAMES[c] for c in RGB if c != NEUTRAL and c not in state.colours]
        lines = [f"Round {state.round}   {who} to play   {state.ap_left} AP left   "
                 f"({res} in reserve, {state.neutral_reserve} neutral)",
                 f"Touching: {touching}"
                 + (f"   Not in play: {', '.join(unused)} (unused)" if unused else "")]
        if state.offer is not None:
            by, agreed = state.offer
            waiting = [names[i] for i in range(len(names)) if i != by and i not in agreed]
            lines.append(f"{names[by]} offers to end the game"
                         + (f"; {', '.join(names[i] for i in agreed)} agreed" if agreed else "")
                         + (f"; waiting for {', '.join(waiting)}" if waiting else ""))
        return lines

