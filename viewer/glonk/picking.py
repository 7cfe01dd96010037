"""The Glonk scene's picking room: what a click or a hover under the pointer means (select a
disc, choose a target, place a piece, answer a phase's question), the second choice a piece's
action waits for, and the highlights that show where a click may go.

The second choice is a typed value, `Awaiting` (a `Choice` and, for a placement, the default
move it puts beside the Base), read once from the panel's words ("assault", "place fabricate
Z0") by `Awaiting.read`; with a window it is the kind of the pick mode on its mode machine
(viewer.glonk.modes.PickMode). The selection and the target live on the scene.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from games.glonk import rules as R
from games.glonk.actions import Move, at_arg, jump_move, xy_args
from games.glonk.moves import RULES
from viewer.glonk import aim as AIM
from viewer.glonk.modes import PickMode
from viewer.glonk.status import describe_piece
from viewer.scene import ClickResult, Pick

REACH = (0.25, 0.95, 0.45, 0.30)
START = (0.35, 1.0, 0.55, 0.55)


class Choice(enum.Enum):
    """What a piece's action waits for a second click to choose."""

    ASSAULT = "assault"          # the enemy a heroic assault attacks
    TELEKINESIS = "telekinesis"  # the enemy saucer a Telekinesis flicks
    FISSION = "fission"          # the Asteroid a Meteoric fission flicks
    JUMP = "jump"                # where the Jumper lands
    PLACE = "place"              # where a Fabriker's Kiboom or a teleported saucer goes


#: A target clicked on the Galaxy, by the choice waiting for it.
TARGETS = (Choice.ASSAULT, Choice.TELEKINESIS, Choice.FISSION)


@dataclass(frozen=True)
class Awaiting:
    """A second choice being picked; `move` (PLACE only): the placement's default move,
    whose piece goes at the first free spot facing the centre."""

    choice: Choice
    move: Move | None = None

    @classmethod
    def read(cls, text: str | None) -> "Awaiting | None":
        """From the panel's words ("assault", "place fabricate Z0"); None for none."""
        if not text:
            return None
        word, _, rest = text.partition(" ")
        choice = Choice(word)
        if choice is not Choice.PLACE:
            return cls(choice)
        words = rest.split()
        return cls(choice, Move(words[0], tuple(words[1:])))

    def __str__(self) -> str:
        return self.choice.value if self.move is None else f"{self.choice.value} {self.move}"

    def what_goes(self) -> str:
        """A placement's piece in words: "the Kiboom", or the teleported saucer's id."""
        return "the Kiboom" if self.move.kind == "fabricate" else self.move.args[1]


def choice_of(awaiting: Awaiting | None) -> Choice | None:
    return awaiting.choice if awaiting is not None else None


class Picking:
    """The clicks, placements and highlights of the Glonk scene `scene`."""

    def __init__(self, scene):
        self.scene = scene
        #: The pick mode on the window's mode machine (viewer.glonk.modes.PickMode), None
        #: while nothing is being picked; without a window (`scene.host` None) `_awaiting`.
        self.picking = None
        self._awaiting: Awaiting | None = None

    # --- the second choice -----------------------------------------------------------------------
    @property
    def awaiting(self) -> Awaiting | None:
        if self.scene.host is None:
            return self._awaiting
        return self.picking.kind if self.picking is not None else None

    def await_choice(self, awaiting: Awaiting | None) -> None:
        host = self.scene.host
        self._awaiting = awaiting
        if host is None:
            return
        old, self.picking = self.picking, None
        if old is not None:
            host.pop_mode(old)
        if awaiting:
            self.picking = host.push_mode(PickMode, awaiting)

    def set_mode(self, state, mode) -> str:
        """Enter a mode that needs a second choice (an `Awaiting`, or the panel's words for
        one); returns what to do next, in words."""
        s = self.scene
        awaiting = mode if isinstance(mode, Awaiting) or mode is None else Awaiting.read(mode)
        self.await_choice(awaiting)
        s.target = None
        s.aiming.clear_aim()
        s.drawing.show_marks(state, again=True)
        p = state.get(s.selected) if s.selected else None
        s.clear_hints()
        if p is None:
            return ""
        spec = s.game.action_spec(state)
        choice = choice_of(awaiting)
        if choice is Choice.ASSAULT:
            ids = spec["flick"]["assault_targets"].get(p.id, [])
            s.drawing.highlight_pieces(state, ids)
            s.drawing.highlight_spaces(AIM.reachable_spaces(p), REACH)
            return f"Heroic assault: click the enemy {p.id} attacks"
        if choice is Choice.TELEKINESIS:
            s.drawing.highlight_pieces(state, spec["telekinesis"].get(p.id, []))
            return "Telekinesis: click an enemy Flying Saucer within 1 parsec"
        if choice is Choice.FISSION:
            s.drawing.highlight_pieces(state, spec["fission"].get(p.id, []))
            return "Meteoric fission: click an Asteroid within 1 parsec"
        if choice is Choice.JUMP:
            return "Jump: click where the Jumper lands on the Galaxy"
        if choice is Choice.PLACE:
            what = awaiting.what_goes()
            return (f"Click beside {p.id} where {what} goes, or on {p.id} for the first free "
                    "spot facing the centre")
        return ""

    # --- the selection ---------------------------------------------------------------------------
    def deselect(self) -> None:
        s = self.scene
        s.selected = None
        self.await_choice(None)
        s.target = None
        s.aiming.clear_aim()
        s.clear_hints()
        s.drawing.forget_marks()
        if s.state is not None:
            s.drawing.show_marks(s.state)

    def select(self, state, pid: str | None) -> None:
        s = self.scene
        s.selected = pid
        self.await_choice(None)
        s.target = None
        s.aiming.clear_aim()
        s.clear_hints()
        s.drawing.forget_marks()
        if pid is not None:
            p = state.piece(pid)
            reach = AIM.reachable_spaces(p)
            if reach:
                s.drawing.highlight_spaces(reach - R.occupied(p), REACH)
                s.drawing.highlight_spaces(R.occupied(p), START)
        s.drawing.show_marks(state)

    # --- what is under the pointer ---------------------------------------------------------------
    def pick(self, origin, direction) -> Pick:
        """The disc under the ray (tested at disc-top height) and the space under it."""
        s = self.scene
        ox, oy, oz = origin
        dx, dy, dz = direction
        if abs(dz) < 1e-9:
            return Pick()
        best, best_d = None, None
        for pid, (px, py, pz) in s.poses.items():
            top = pz + 0.003
            t = (top - oz) / dz
            if t <= 0:
                continue
            x, y = ox + dx * t, oy + dy * t
            p = s.state.get(pid) if s.state is not None else None
            if p is None:
                continue
            d = math.hypot(x - px, y - py)
            if d <= p.radius * 1.08 and (best_d is None or d / p.radius < best_d):
                best, best_d = pid, d / p.radius
        t = (0.0 - oz) / dz
        if t <= 0:
            return Pick(piece=best)
        x, y = ox + dx * t, oy + dy * t
        return Pick(cell=s.galaxy.space_at(x, y), piece=best, point=(x, y, 0.0))

    def hover(self, state, pick) -> None:
        """Name the disc under the mouse in the status lines (what it is, whose, its state)."""
        s = self.scene
        line = None
        p = state.get(pick.piece) if (state is not None and pick.piece) else None
        if s.disc_labels is not None:
            s.disc_labels.hovered = p.id if p is not None else None
        if p is not None:
            line = f"{p.id}: {describe_piece(s.book, state, p)}"
        elif pick.cell is not None:
            line = f"Space {pick.cell}"
        if line != s.hover_line:
            s.hover_line = line
            refresh = getattr(s.base, "refresh_status", None)
            if refresh is not None and getattr(s.base, "shown_state", None) is not None:
                refresh()

    # --- clicks ----------------------------------------------------------------------------------
    def legal(self, state) -> list:
        """The discrete choices now (buttons, placements): the rules' cheap query."""
        try:
            return list(self.scene.game.discrete_actions(state))
        except Exception:  # a state the rules cannot continue from shows no choices
            return []

    def attempt(self, state, action) -> ClickResult:
        why = self.scene.game.refusal(state, action)
        return ClickResult(action=action) if why is None else ClickResult(message=why)

    def click(self, state, pick: Pick) -> ClickResult:
        """A click selects a disc, chooses a target, or places a piece on a space."""
        s = self.scene
        ph = state.phase
        legal = self.legal(state)
        if ph == "over":
            return ClickResult(message="The game is over")
        if ph in ("place_armada", "place_asteroid", "return_base", "stellar"):
            if pick.cell is None:
                return ClickResult(message="Click a space of the Galaxy")
            for a in legal:
                if isinstance(a, Move) and a.args and a.args[-1] == pick.cell:
                    return ClickResult(action=self._asteroid_at(state, a, pick))
            return ClickResult(message=self._placement_rule(ph))
        if ph == "return_saucer":
            return self._return_click(state, legal, pick)
        if ph == "ray":
            for a in legal:
                if isinstance(a, Move) and a.kind == "ray" and a.args[1] == pick.piece:
                    return ClickResult(action=a)
            return ClickResult(message=RULES["ray"])
        if ph != "actions":
            return ClickResult()
        awaiting = self.awaiting
        choice = choice_of(awaiting)
        if choice is Choice.PLACE and s.selected:
            return self._place_against(state, awaiting.move, pick)
        if choice is Choice.JUMP and s.selected and pick.point is not None:
            action = jump_move(s.selected, pick.point[0], pick.point[1])
            return self.attempt(state, action)
        if choice in TARGETS and pick.piece is not None:
            spec = s.game.action_spec(state)
            allowed = {Choice.ASSAULT: spec["flick"]["assault_targets"].get(s.selected, []),
                       Choice.TELEKINESIS: spec["telekinesis"].get(s.selected, []),
                       Choice.FISSION: spec["fission"].get(s.selected, [])}[choice]
            if pick.piece in allowed:
                s.target = pick.piece
                s.drawing.show_marks(state, again=True)
                who = s.selected if choice is Choice.ASSAULT else pick.piece
                return ClickResult(message=f"Now drag back from {who} and release to flick")
            return ClickResult(message=RULES[choice.value])
        p = state.get(pick.piece) if pick.piece else None
        if p is None:
            self.deselect()
            return ClickResult()
        if p.owner != state.turn_player or not p.is_ship:
            return ClickResult(message=f"{p.id} is not one of your pieces")
        if not R.activatable(state, p):
            if any(isinstance(a, Move) and a.args and a.args[0] == p.id for a in legal):
                self.select(state, p.id)  # e.g. a Boarding after its propulsion
                return ClickResult(message=f"{p.id}: choose its action on the left")
            self.select(state, None)
            why = ("it was damaged this turn" if p.id in state.damaged
                   else "it is passive (it has acted)" if not p.active else "it cannot act now")
            return ClickResult(message=f"{p.id} cannot be activated: {why}")
        self.select(state, p.id)
        name = p.ship_type().name
        hint = (f"drag back from it to flick (speed {p.speed})" if p.speed > 0
                else "it cannot be propelled; use its special action")
        return ClickResult(message=f"{p.id} {name}: {hint}")

    def _place_against(self, state, default: Move, pick: Pick) -> ClickResult:
        """Fabriker and Teleportation: the piece goes against the Base on the side of the
        click (`at=`), or at the default spot for a click on the Base itself."""
        base = state.piece(default.args[0])
        if pick.piece == base.id or pick.point is None:
            return self.attempt(state, default)
        x, y = pick.point[0], pick.point[1]
        if math.hypot(x - base.x, y - base.y) > base.radius + 0.06:
            return ClickResult(message=f"Click beside {base.id}, or on it")
        angle = math.degrees(math.atan2(y - base.y, x - base.x))
        return self.attempt(state, Move(default.kind, default.args + (at_arg(angle),)))

    @staticmethod
    def _placement_rule(phase: str) -> str:
        return RULES.get({"place_armada": "place", "place_asteroid": "setup_asteroid",
                          "return_base": "return_base", "stellar": "stellar_asteroid"}
                         .get(phase, ""), "Not there")

    def _asteroid_at(self, state, default: Move, pick: Pick) -> Move:
        """An asteroid goes where the click was when the rule allows it there (on the space,
        touching no piece), else at the space's default spot."""
        if default.kind != "asteroid" or pick.point is None:
            return default
        chosen = Move("asteroid", default.args[:2] + xy_args(pick.point[0], pick.point[1]))
        return chosen if self.scene.game.is_legal(state, chosen) else default

    def _return_click(self, state, legal, pick: Pick) -> ClickResult:
        """A lost saucer returns against the Base clicked (its default spot), or, for a click
        on the mat beside a Base, touching it on the side of the click."""
        returns = [a for a in legal if isinstance(a, Move) and a.kind == "return"]
        for a in returns:
            if a.args[2] == pick.piece:
                return ClickResult(action=a)
        bases = [state.piece(b) for b in dict.fromkeys(a.args[2] for a in returns)]
        if pick.point is not None and bases:
            x, y = pick.point[0], pick.point[1]
            base = min(bases, key=lambda b: math.hypot(b.x - x, b.y - y))
            if math.hypot(base.x - x, base.y - y) < base.radius + 0.06:
                saucer = next(a.args[0] for a in returns if a.args[2] == base.id)
                angle = math.degrees(math.atan2(y - base.y, x - base.x))
                return self.attempt(state, Move("return", (saucer, "to", base.id, at_arg(angle))))
        return ClickResult(message="Click one of your Bases, or beside it where the saucer goes")

    # --- the panel's buttons ---------------------------------------------------------------------
    def turn_actions(self, state) -> list[tuple[str, object]]:
        """Whole-turn choices for the panel: end the turn, pass, Chrono's time-out."""
        out = []
        for a in self.legal(state):
            if isinstance(a, Move) and a.kind == "end_turn":
                out.append(("End turn", a))
            elif isinstance(a, Move) and a.kind == "pass":
                out.append(("Pass", a))
            elif isinstance(a, Move) and a.kind == "board":
                out.append((f"Board with {a.args[0]}" + (" (Contagion)" if len(a.args) == 2 else ""), a))
        return out

    def piece_actions(self, state) -> list[tuple[str, object]]:
        """Choices for the selected disc: discrete actions to play (Move values) and modes to
        enter (strings "mode:WORDS", `Awaiting.read` reads WORDS) for actions that need a
        target or a point."""
        pid = self.scene.selected
        if pid is None or state.phase != "actions":
            return []
        out = []
        legal = self.legal(state)
        for a in legal:
            if not isinstance(a, Move) or not a.args or a.args[0] != pid:
                continue
            if a.kind == "board":
                out.append(("Boarding (with Contagion)" if len(a.args) == 2 else "Boarding", a))
            elif a.kind == "fabricate":
                out.append(("Fabricate a Kiboom...", f"mode:{Awaiting(Choice.PLACE, a)}"))
            elif a.kind == "teleport":
                out.append((f"Teleport {a.args[1]} here...", f"mode:{Awaiting(Choice.PLACE, a)}"))
        spec = self.scene.game.action_spec(state)
        if spec["flick"]["assault_targets"].get(pid):
            out.append(("Heroic assault...", f"mode:{Choice.ASSAULT.value}"))
        if spec["telekinesis"].get(pid):
            out.append(("Telekinesis...", f"mode:{Choice.TELEKINESIS.value}"))
        if spec["fission"].get(pid):
            out.append(("Meteoric fission...", f"mode:{Choice.FISSION.value}"))
        if pid in spec["jump"]["pieces"]:
            out.append(("Jump...", f"mode:{Choice.JUMP.value}"))
        if self.awaiting:
            out.append(("Cancel", "mode:"))
        return out
