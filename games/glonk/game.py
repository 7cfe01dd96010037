"""`GlonkGame`: the shared game API (games/api.py) over the rules in rules.py."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Mapping, Sequence

from games.api import (CHANCE, TERMINAL, Capabilities, Discs, Event, GameType, IllegalAction,
                       MotionSupport, ObservedActions, Scoring, Step)

from physics.config import VERSION as PHYSICS_VERSION, VERSIONS as PHYSICS_VERSIONS

from . import moves as M
from . import rules as R
from .actions import MAX_SPEED, MAX_SPIN, Flick, Move, parse
from .galaxy import load_galaxy, sorted_spaces
from .notation import player_name
from .model import HOUSE_RULES, Config, GlonkState, load_book

G = load_galaxy()



def _cleared(s: GlonkState) -> GlonkState:
    """`s` without a pending boarding (what a flick starts from). The position itself when it
    has none, so the many flicks of one position share it by reference (the rules keep the
    last vanish map and resting contacts of the position asked about)."""
    return s if s.pending_board is None else replace(s, pending_board=None)

class GlonkGame(Capabilities):
    name = "glonk"
    title = "Glonk"
    #: 2: the player places each returning saucer (version-1 records are upgraded on load)
    rules_version = "2"
    #: The physics a new game's flicks are made by (records keep theirs in
    #: `headers["physics_version"]`, and their states simulate by it: `Config.physics`).
    physics_version = str(PHYSICS_VERSION)
    house_rules = dict(HOUSE_RULES)
    game_type = GameType(chance=True, continuous_actions=True, motion=True,
                         discrete_actions=True, upgrades_records=True, setup=True, intents=True,
                         min_players=2,
                         max_players=6)

    def __init__(self):
        self.motion = MotionSupport(self.physics_version, self.apply_with_motion,
                                    self.motion_problem,
                                    tuple(str(v) for v in PHYSICS_VERSIONS),
                                    self.physics_of, self.with_physics)
        self.observed = ObservedActions(self.observed_motion, self.observed_problem)
        self.discs = Discs(self.disc_position)
        self.scoring = Scoring(self.scores)

    # --- setup ---------------------------------------------------------------------------

    def default_config(self, players: int | None = None) -> dict:
        return Config(players=players or 2).to_json()

    def new_initial_state(self, config: Mapping[str, Any] | None = None) -> GlonkState:
        return R.initial_state(Config.from_mapping(config))

    # --- queries -------------------------------------------------------------------------

    def galaxy(self):
        """The Galaxy geometry (spaces, radii, adjacency) for viewers: `.to_json()`."""
        return G

    def armadas(self):
        """The armada sheets (colours, ship types, speeds, powers)."""
        return load_book()

    def reachable_spaces(self, s: GlonkState, piece: str) -> list[str]:
        """Spaces a standard propulsion of `piece` may end in (for highlighting)."""
        return sorted_spaces(R.allowed_spaces(s.piece(piece)))

    def occupied_spaces(self, s: GlonkState, piece: str) -> list[str]:
        return sorted_spaces(R.occupied(s.piece(piece)))

    def estimated_reach(self, s: GlonkState, piece: str, angle_deg: float, speed: float
                        ) -> dict:
        """Where a flick would stop on an empty mat (slide v^2 / (2 mu g), mu = 0.35), the
        spaces it would occupy there and how many parsecs that is from the start (for the
        aiming display; collisions are not predicted)."""
        p = s.piece(piece)
        d = float(speed) ** 2 / (2 * R.MU_G)
        a = math.radians(angle_deg)
        x, y = p.x + d * math.cos(a), p.y + d * math.sin(a)
        end = G.occupied(x, y, p.radius)
        start = R.occupied(p)
        return {"x": x, "y": y, "distance_m": d, "spaces": sorted_spaces(end),
                "parsecs": G.set_distance(start, end) if start and end else None,
                "standard": R.is_standard(s, end, R.allowed_spaces(p)) if p.is_ship else None}

    def view_model(self, s: GlonkState) -> dict:
        """Everything a 3D viewer draws, JSON-friendly: every disc (in play or beside the
        Galaxy) with its size, colours, face and pose; seats, scores, clock and phase.

        `status` says where a disc is: in_play (on the mat at x, y), out (out of play: beside
        the Galaxy, active face up), atomised (beside the Galaxy, passive face up; `stack` is
        the seat whose trophy stack holds it, None for the box), removed (not shown).
        """
        book = load_book()
        discs = []
        for p in s.pieces:
            if p.is_ship:
                a = book.by_id[p.armada]
                st = p.ship_type()
                colour, accent, name = a.colour, a.accent, st.name
                face = "active" if p.active else "passive"
                speed, powers, faces = st.speed, list(st.powers), st.faces
            else:
                info = book.stellar[p.kind]
                colour, accent = info["colour"], info["accent"]
                name = info.get("back_name") if p.molten else info["name"]
                face = ("molten" if p.molten else "asteroid") if p.kind == "asteroid" \
                    else "black_hole"
                speed, powers, faces = 0, [], 2 if p.kind == "asteroid" else 1
            discs.append({"id": p.id, "kind": p.kind, "type": p.type, "name": name,
                          "armada": p.armada, "owner": p.owner, "status": p.status,
                          "x": p.x, "y": p.y, "yaw": p.yaw, "radius": p.radius,
                          "thickness": p.thickness, "face": face, "faces": faces,
                          "speed": speed, "powers": powers, "colour": colour,
                          "accent": accent, "stack": p.stack,
                          "damaged": p.id in s.damaged})
        return {"phase": s.phase, "turn_player": s.turn_player, "to_move": s.to_move,
                "round": s.round, "seats": [
                    {"seat": i, "armada": a, "name": book.by_id[a].name if a else None,
                     "colour": book.by_id[a].colour if a else None,
                     "annihilated": s.annihilated[i], "dominator": s.dominator[i]}
                    for i, a in enumerate(s.seats)],
                "scores": list(s.scores()), "winners": list(s.winners),
                "chrono": s.config.chrono, "chrono_seconds": s.config.chrono_seconds,
                "pending_board": s.pending_board, "discs": discs}

    def current_player(self, s: GlonkState) -> int:
        if s.phase == "over":
            return TERMINAL
        if s.phase in ("draw", "first"):
            return CHANCE
        return s.to_move

    def is_terminal(self, s: GlonkState) -> bool:
        return s.phase == "over"

    def in_setup(self, s: GlonkState) -> bool:
        """Drawing armadas, choosing the first player and placing the pieces precede play."""
        return s.phase in ("draw", "first", "place_armada", "place_asteroid")

    def outcome(self, s: GlonkState) -> Sequence[float] | None:
        if s.phase != "over":
            return None
        n = s.config.players
        if not s.winners:
            return [0.0] * n
        share = 1.0 / len(s.winners)
        return [share if i in s.winners else 0.0 for i in range(n)]

    def scores(self, s: GlonkState) -> tuple[int, ...]:
        return s.scores()

    def chance_outcomes(self, s: GlonkState):
        return M.chance_moves(s)

    def action_spec(self, s: GlonkState) -> dict:
        """Bounds of the continuous flick (and jump) actions available now."""
        flickable, tk, fis, jumpers = [], {}, {}, []
        if s.phase == "actions":
            for p in s.in_play():
                if not R.activatable(s, p):
                    continue
                if p.speed > 0:
                    flickable.append(p.id)
                if "telekinesis" in p.powers:
                    tk[p.id] = [t.id for t in R.telekinesis_targets(s, p)]
                if "meteoric_fission" in p.powers:
                    fis[p.id] = [t.id for t in R.fission_targets(s, p)]
                if "jump" in p.powers:
                    jumpers.append(p.id)
        return {"flick": {"pieces": flickable, "angle_deg": [0.0, 360.0],
                          "speed": [0.0, MAX_SPEED], "spin": [-MAX_SPIN, MAX_SPIN],
                          "decimals": {"angle": 2, "speed": 3, "spin": 2},
                          "text": "flick ID a=DEG v=M_PER_S s=RAD_PER_S [assault=TARGET]",
                          "assault_targets": {pid: [t.id for t in R.assault_targets(
                              s, s.piece(pid))] for pid in flickable
                              if s.piece(pid).kind != "kiboom"}},
                "telekinesis": tk, "fission": fis,
                "jump": {"pieces": jumpers, "radius": G.radius, "decimals": 4}}

    # --- legal actions (the rules of each action are in moves.py) ---------------------------

    def legal_actions(self, s: GlonkState) -> list:
        """Every legal discrete action, then a representative set of flicks and Jumps."""
        out: list = list(M.discrete_actions(s))
        if s.phase == "actions":
            out.extend(M.representative_flicks(s))
            out.extend(M.jump_options(s))
        return out

    def discrete_actions(self, s: GlonkState) -> list:
        """The legal discrete actions alone (end turn, pass, boarding, powers, placements):
        what the viewer's buttons need, without listing flicks and Jumps."""
        return M.discrete_actions(s)

    # --- validation ----------------------------------------------------------------------

    def parse_action(self, s: GlonkState, text: str):
        return parse(text)

    def refusal(self, s: GlonkState, action) -> str | None:
        """The rule `action` breaks in `s`, in words; None when it is legal."""
        if isinstance(action, str):
            action = parse(action)
        if isinstance(action, Flick):
            return M.flick_refusal(s, action)
        if not isinstance(action, Move):
            return "not a Glonk action"
        return M.move_refusal(s, action)

    def is_legal(self, s: GlonkState, action) -> bool:
        try:
            return self.refusal(s, action) is None
        except IllegalAction:
            return False

    def _check(self, s: GlonkState, a) -> None:
        """Raise IllegalAction naming the rule `a` breaks in `s`."""
        why = self.refusal(s, a)
        if why is not None:
            raise IllegalAction(why, a)

    # --- applying --------------------------------------------------------------------------

    def apply(self, s: GlonkState, action, *, on_frames=None) -> Step:
        """The step `action` makes from `s`; for a flick, `on_frames(first)` is given the
        motion's first frames while the rest is simulated (a window plays them at once)."""
        if isinstance(action, str):
            action = parse(action)
        self._check(s, action)
        if isinstance(action, Flick):
            motion = R.simulate_flick(_cleared(s), action, on_frames=on_frames)
            return self._judge(s, action, motion)
        return self._apply_move(s, action)

    def apply_with_motion(self, s: GlonkState, action, motion) -> Step:
        """Apply a flick with a precomputed Motion (a stored replay) instead of simulating."""
        if isinstance(action, str):
            action = parse(action)
        self._check(s, action)
        if not isinstance(action, Flick):
            return self._apply_move(s, action)
        return self._judge(s, action, motion)

    def intent_problem(self, s: GlonkState, intent, action) -> str | None:
        """Why `intent` cannot be what the player meant by `action` from `s`, or None: both
        are flicks of the same disc, with the same power, assault target and propelling
        ship (the hand errs in angle, speed and spin only)."""
        if not isinstance(action, Flick) or not isinstance(intent, Flick):
            return "only a flick has an intent"
        if (intent.piece, intent.assault, intent.power, intent.by) != (
                action.piece, action.assault, action.power, action.by):
            return (f"the intent {intent} is not the same flick as {action} (disc, power and "
                    "assault target must agree)")
        if intent == action:
            return "the intent equals the flick played (it is written only when they differ)"
        return None

    def physics_of(self, s: GlonkState) -> str:
        """The physics version `s`'s flicks are simulated by (a record's header says it)."""
        return str(s.config.physics)

    def with_physics(self, s: GlonkState, version: str) -> GlonkState:
        """`s` simulating its flicks by physics `version` (text: a record header's)."""
        text = str(version)
        if not (text.isascii() and text.isdigit()) or int(text) < 1:
            raise ValueError(f"physics_version {text[:40]!r} is not a physics version (a whole "
                             f"number, such as {self.physics_version})")
        if int(text) == s.config.physics:
            return s
        return replace(s, config=replace(s.config, physics=int(text)))

    def motion_problem(self, s: GlonkState, action, motion) -> str | None:
        """Why a stored motion (read from a file) cannot be this flick's from `s`, or None."""
        import physics
        from physics.agreement import motion_disagreement

        if not isinstance(action, Flick):
            return "a motion is stored on an action that is not a flick"
        pf = physics.Flick(action.piece, action.angle_rad, action.speed, action.spin)
        return motion_disagreement(motion, R.discs_of(replace(s, pending_board=None)), pf)

    def observed_motion(self, s: GlonkState, action, observed):
        """The stored motion of an observed flick (a real table's): the flick's simulation
        from `s` blended to rest exactly at the observed places (see observed.py); ValueError
        when it cannot be."""
        from . import observed as O

        problem = self.observed_problem(s, action, observed)
        if problem is not None:
            raise ValueError(problem)
        start = {p.id: (p.x, p.y) for p in s.in_play()}
        return O.blend(R.simulate_flick(replace(s, pending_board=None), action), start, observed)

    def observed_problem(self, s: GlonkState, action, observed, motion=None) -> str | None:
        """Why `observed` is not an observation of `action` from `s` (and, given `motion`, why
        that motion does not rest where it says), or None."""
        from . import observed as O

        if not isinstance(action, Flick):
            return "only a flick is observed"
        start = {p.id: (p.x, p.y) for p in s.in_play()}
        problem = O.observed_problem_data(start, action.piece, observed)
        if problem is None and motion is not None:
            problem = O.agrees(motion, start, observed)
        return problem

    def _judge(self, s, action, motion) -> Step:
        ids = getattr(motion, "ids", None)
        if ids is not None and set(ids) != {p.id for p in s.in_play()}:
            raise IllegalAction("the stored motion does not match the pieces of this position",
                                action)
        events: list[Event] = []
        s2 = R.judge_flick(_cleared(s), action, motion, events)
        return Step(R.advance(s2, events), tuple(events), motion)

    def _apply_move(self, s: GlonkState, a: Move) -> Step:
        events: list[Event] = []
        s2 = M.apply_move(s, a, events)
        return Step(R.advance(s2, events), tuple(events), None)

    def upgrade_record(self, data: dict) -> dict:
        """A record's file JSON made under an older rules version, meaning what it meant
        (see upgrade.py)."""
        from .upgrade import upgrade_record
        return upgrade_record(self, data)

    # --- text and JSON -------------------------------------------------------------------

    def disc_position(self, s: GlonkState, disc_id: str):
        """Table (x, y) of a disc in play, else None (a direction's note follows it)."""
        piece = s.get(disc_id)
        if piece is None or piece.status != "in_play":
            return None
        return (float(piece.x), float(piece.y))

    def state_to_json(self, s: GlonkState) -> dict:
        return s.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> GlonkState:
        if not isinstance(data, Mapping):
            raise ValueError("a Glonk state is a JSON object")
        return GlonkState.from_json(data)

    def describe(self, s: GlonkState) -> str:
        """One line for people: seats are P1, P2, ... (the file's seat ids count from 0)."""
        sc = s.scores()
        score = " ".join(f"{player_name(i)}:{v}" for i, v in enumerate(sc))
        if s.phase == "over":
            who = ", ".join(player_name(w) for w in s.winners) or "nobody"
            return f"Glonk over ({s.end_reason}): {who} won; {score}"
        if s.phase in ("draw", "first"):
            return f"Glonk setup: {s.phase}"
        return (f"Glonk round {s.round}, {player_name(s.turn_player)}'s turn ({s.phase}, "
                f"{player_name(s.to_move)} to act); {score}")


def ev(kind, **data):
    return Event(kind, data)
