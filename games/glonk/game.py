"""`GlonkGame`: the shared game API (games/api.py) over the rules in rules.py."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Mapping, Sequence

from games.api import CHANCE, TERMINAL, Event, IllegalAction, Step

from . import rules as R
from .actions import MAX_SPEED, MAX_SPIN, Flick, Move, jump_move, jump_xy, parse
from .galaxy import load_galaxy, sorted_spaces
from .model import HOUSE_RULES, IN_PLAY, OUT, Config, GlonkState, load_book

G = load_galaxy()


class GlonkGame:
    name = "glonk"
    title = "Glonk"
    rules_version = "1"
    house_rules = dict(HOUSE_RULES)

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
        if s.phase == "draw":
            left = [a for a in load_book().ids() if a not in s.seats]
            return [(Move("armada", (a,)), 1.0 / len(left)) for a in left]
        if s.phase == "first":
            n = s.config.players
            return [(Move("first", (str(i),)), 1.0 / n) for i in range(n)]
        return []

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

    # --- legal actions -------------------------------------------------------------------

    def legal_actions(self, s: GlonkState) -> list:
        ph = s.phase
        if ph == "over":
            return []
        if ph in ("draw", "first"):
            return [a for a, _ in self.chance_outcomes(s)]
        if ph == "place_armada":
            return [Move("place", (m,)) for m in R.armada_spaces(s, s.to_move)
                    if R.layout_armada(s, s.to_move, m) is not None]
        if ph == "place_asteroid":
            ast = self._first_out_asteroid(s)
            return [Move("asteroid", (ast.id, sp)) for sp in R.asteroid_spaces(s, ast, setup=True)]
        if ph == "return_base":
            base = R._own_bases_out(s)[0]
            return [Move("return_base", (base.id, sp)) for sp in R.return_base_spaces(s, base)]
        if ph == "return_saucer":
            out = []
            for sc in R._returning_saucers(s):
                for b in R._own_bases_in_play(s):
                    if R.saucer_return_spot(s, sc, b) is not None:
                        out.append(Move("return", (sc.id, "to", b.id)))
            return out + [Move("pass")]
        if ph == "ray":
            return [Move("ray", (c, t)) for c, t in R.ray_options(s, s.to_move)] + [Move("pass")]
        if ph == "stellar":
            ast = self._first_out_asteroid(s)
            out = [Move("asteroid", (ast.id, sp)) for sp in R.asteroid_spaces(s, ast, setup=False)]
            return out + ([Move("timeout")] if s.config.chrono else [])
        return self._action_phase_actions(s)

    def _first_out_asteroid(self, s):
        return [p for p in s.pieces if p.kind == "asteroid" and p.status == OUT][0]

    def _action_phase_actions(self, s: GlonkState) -> list:
        out: list = [Move("end_turn")]
        if s.config.chrono:
            out.append(Move("timeout"))
        for p in sorted(s.in_play(), key=lambda p: p.id):
            if p.owner != s.turn_player:
                continue
            if R.can_board(s, p):
                out.append(Move("board", (p.id,)))
                if "contagion" in p.powers and R.atomised_pool(s, p.armada, p.type):
                    out.append(Move("board", (p.id, "contagion")))
            if not R.activatable(s, p):
                continue
            if p.speed > 0:
                out.extend(R.representative_flicks(p))
                if p.kind != "kiboom":
                    for t in R.assault_targets(s, p):
                        a, v = R._aim(p, t)
                        out.append(Flick.make(p.id, a, v, 0.0, assault=t.id))
            pw = p.powers
            if "telekinesis" in pw:
                for t in R.telekinesis_targets(s, p):
                    out.extend(Flick.make(t.id, a, 0.8, 0.0, power="telekinesis", by=p.id)
                               for a in R.ANGLES)
            if "meteoric_fission" in pw:
                for t in R.fission_targets(s, p):
                    out.extend(Flick.make(t.id, a, 1.0, 0.0, power="fission", by=p.id)
                               for a in R.ANGLES)
            if "fabriker" in pw:
                k = R.fabricate_ok(s, p)
                if k is not None:
                    out.append(Move("fabricate", (p.id,)))
            if "teleportation" in pw:
                out.extend(Move("teleport", (p.id, t.id)) for t in R.teleport_candidates(s, p))
            if "jump" in pw:
                for sp in R.empty_spaces(s, G.rings):
                    cx, cy = G.by_id[sp].centroid
                    m = jump_move(p.id, cx, cy)
                    if self._jump_problem(s, m) is None:
                        out.append(m)
        return out

    # --- validation ----------------------------------------------------------------------

    def parse_action(self, s: GlonkState, text: str):
        return parse(text)

    def is_legal(self, s: GlonkState, action) -> bool:
        try:
            self._check(s, action)
            return True
        except IllegalAction:
            return False

    def _jump_problem(self, s: GlonkState, m: Move) -> str | None:
        x, y = jump_xy(m)
        p = s.piece(m.args[0])
        if not G.inside(x, y, p.radius):
            return "A Jumper must land on the Galaxy"
        for o in s.in_play():
            if o.id != p.id and math.hypot(o.x - x, o.y - y) < o.radius + p.radius:
                return "A Jumper cannot land on another piece"
        return None

    def _own_piece(self, s: GlonkState, pid: str):
        p = s.get(pid)
        if p is None:
            raise IllegalAction(f"there is no piece {pid}")
        return p

    def _check(self, s: GlonkState, a) -> None:
        """Raise IllegalAction naming the rule `a` breaks in `s`."""
        if isinstance(a, str):
            a = parse(a)
        ph = s.phase
        if ph == "over":
            raise IllegalAction("The game is over", a)
        if isinstance(a, Flick):
            return self._check_flick(s, a)
        if not isinstance(a, Move):
            raise IllegalAction("not a Glonk action", a)
        k, args = a.kind, a.args
        if ph in ("draw", "first"):
            if a not in [x for x, _ in self.chance_outcomes(s)]:
                raise IllegalAction("Now a chance outcome is drawn (an armada or the first "
                                    "player)", a)
            return
        if k == "timeout":
            if not s.config.chrono:
                raise IllegalAction("The timeout only exists in Chrono mode", a)
            if ph not in ("actions", "stellar"):
                raise IllegalAction("The clock runs during the actions and stellar phases", a)
            return
        if ph == "place_armada":
            if k != "place" or args[0] not in R.armada_spaces(s, s.to_move) or \
                    R.layout_armada(s, s.to_move, args[0]) is None:
                raise IllegalAction("Place your Base and saucers on one Middle Ring space more "
                                    "than 2 parsecs from every other Base", a)
            return
        if ph in ("place_asteroid", "stellar"):
            if k != "asteroid":
                raise IllegalAction("Now an asteroid is placed", a)
            p = self._own_piece(s, args[0])
            if p.kind != "asteroid" or p.status != OUT:
                raise IllegalAction("Only an out-of-play asteroid can be placed", a)
            if args[1] not in R.asteroid_spaces(s, p, setup=ph == "place_asteroid"):
                raise IllegalAction(
                    "Asteroids go on a space of the Middle or Inner Ring outside the Bases' "
                    "spaces" if ph == "place_asteroid" else
                    "Asteroids return on an empty space of the Middle or Inner Ring", a)
            return
        if ph == "return_base":
            bases = R._own_bases_out(s)
            if k != "return_base" or args[0] != bases[0].id or \
                    args[1] not in R.return_base_spaces(s, bases[0]):
                raise IllegalAction("A lost Base returns on an empty Outer Ring space more than "
                                    "2 parsecs from every enemy Base", a)
            return
        if ph == "return_saucer":
            if k == "pass":
                return
            if k != "return":
                raise IllegalAction("Now your lost saucers return against your Bases", a)
            sc, b = s.get(args[0]), s.get(args[2])
            if (sc is None or b is None or sc not in R._returning_saucers(s)
                    or b not in R._own_bases_in_play(s)
                    or R.saucer_return_spot(s, sc, b) is None):
                raise IllegalAction("A lost saucer of yours returns touching one of your Bases "
                                    "in play", a)
            return
        if ph == "ray":
            if k == "pass":
                return
            if k != "ray" or (args[0], args[1]) not in R.ray_options(s, s.to_move):
                raise IllegalAction("Anaesthetic Ray: an active Corvette deactivates an active "
                                    "enemy Base or saucer at most 1 parsec away", a)
            return
        if ph != "actions":
            raise IllegalAction("that action is not possible now", a)
        if k == "end_turn":
            return
        if k == "board":
            p = self._own_piece(s, args[0])
            if not R.can_board(s, p):
                raise IllegalAction("Boarding: your stationary Base or saucer, before it is "
                                    "activated or right after its standard propulsion, must "
                                    "touch an enemy piece (a Kiboom cannot board)", a)
            if len(args) == 2 and ("contagion" not in p.powers
                                   or not R.atomised_pool(s, p.armada, p.type)):
                raise IllegalAction("Contagion needs a Larva Ship boarding and an atomised "
                                    "Larva Ship to replace the victim", a)
            return
        p = self._own_piece(s, args[0])
        if not R.activatable(s, p):
            raise IllegalAction("Only your active pieces in play that were not turned over "
                                "this turn can be activated", a)
        if k == "fabricate":
            if "fabriker" not in p.powers or R.fabricate_ok(s, p) is None:
                raise IllegalAction("Fabriker: the Kabane fabricates an atomised Kiboom against "
                                    "itself (there must be one, and room)", a)
            return
        if k == "teleport":
            t = s.get(args[1])
            if "teleportation" not in p.powers or t not in R.teleport_candidates(s, p):
                raise IllegalAction("Teleportation: the Great Saucer recovers one of your "
                                    "saucers in play against itself", a)
            return
        if k == "jump":
            if "jump" not in p.powers:
                raise IllegalAction("Only a Jumper can jump", a)
            why = self._jump_problem(s, a)
            if why:
                raise IllegalAction(why, a)
            return
        raise IllegalAction("that action is not possible in the actions phase", a)

    def _check_flick(self, s: GlonkState, f: Flick) -> None:
        if s.phase != "actions":
            raise IllegalAction("Flicks happen in the actions phase", f)
        if not 0.0 < f.speed <= MAX_SPEED:
            raise IllegalAction(f"A flick's speed is above 0 and at most {MAX_SPEED} m/s", f)
        if abs(f.spin) > MAX_SPIN:
            raise IllegalAction(f"A flick's spin is at most {MAX_SPIN} rad/s", f)
        p = self._own_piece(s, f.piece)
        if p.status != IN_PLAY:
            raise IllegalAction("Only a piece on the Galaxy can be flicked", f)
        if f.power is None:
            if not R.activatable(s, p):
                raise IllegalAction("Only your active pieces in play that were not turned "
                                    "over this turn can be activated", f)
            if p.speed <= 0:
                raise IllegalAction("Only pieces with a Speed can be propelled", f)
            if f.assault:
                if p.kind == "kiboom":
                    raise IllegalAction("Flying Object: a Kiboom cannot make a Heroic Assault",
                                        f)
                if f.assault not in [t.id for t in R.assault_targets(s, p)]:
                    raise IllegalAction("Heroic Assault: the target must be an enemy Base or "
                                        "saucer within the piece's range of movement", f)
            return
        by = self._own_piece(s, f.by)
        if not R.activatable(s, by):
            raise IllegalAction("Only your active pieces in play that were not turned over "
                                "this turn can be activated", f)
        if f.power == "telekinesis":
            if "telekinesis" not in by.powers or p not in R.telekinesis_targets(s, by):
                raise IllegalAction("Telekinesis: a Master propels an enemy saucer at most 1 "
                                    "parsec from it", f)
        elif f.power == "fission":
            if "meteoric_fission" not in by.powers or p not in R.fission_targets(s, by):
                raise IllegalAction("Meteoric Fission: the Great Saucer propels an Asteroid at "
                                    "most 1 parsec from it", f)
        else:
            raise IllegalAction("unknown flick power", f)

    # --- applying --------------------------------------------------------------------------

    def apply(self, s: GlonkState, action) -> Step:
        if isinstance(action, str):
            action = parse(action)
        self._check(s, action)
        if isinstance(action, Flick):
            motion = R.simulate_flick(replace(s, pending_board=None), action)
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

    def motion_problem(self, s: GlonkState, action, motion) -> str | None:
        """Why a stored motion (read from a file) cannot be this flick's from `s`, or None."""
        import physics
        from physics.agreement import motion_disagreement

        if not isinstance(action, Flick):
            return "a motion is stored on an action that is not a flick"
        pf = physics.Flick(action.piece, action.angle_rad, action.speed, action.spin)
        return motion_disagreement(motion, R.discs_of(replace(s, pending_board=None)), pf)

    def _judge(self, s, action, motion) -> Step:
        ids = getattr(motion, "ids", None)
        if ids is not None and set(ids) != {p.id for p in s.in_play()}:
            raise IllegalAction("the stored motion does not match the pieces of this position",
                                action)
        events: list[Event] = []
        s2 = R.judge_flick(replace(s, pending_board=None), action, motion, events)
        return Step(R.advance(s2, events), tuple(events), motion)

    def _apply_move(self, s: GlonkState, a: Move) -> Step:
        events: list[Event] = []
        k, args = a.kind, a.args
        ph = s.phase
        if k == "armada":
            seats = list(s.seats)
            seat = seats.index(None)
            seats[seat] = args[0]
            events.append(ev("armada_drawn", player=seat, armada=args[0]))
            s2 = replace(s, seats=tuple(seats))
        elif k == "first":
            s2 = replace(s, first_player=int(args[0]))
        elif k == "place":
            layout = R.layout_armada(s, s.to_move, args[0])
            w = R.Work(s)
            for pid, (x, y) in layout.items():
                w.set(pid, status=IN_PLAY, x=x, y=y, active=True)
            events.append(ev("armada_placed", player=s.to_move, space=args[0],
                             pieces={pid: [x, y] for pid, (x, y) in layout.items()}))
            s2 = replace(w.state(), queue=s.queue[1:])
        elif k == "asteroid":
            p = s.piece(args[0])
            spot = R.asteroid_spot(s, p, args[1], setup=ph == "place_asteroid")
            w = R.Work(s)
            w.set(p.id, status=IN_PLAY, x=spot[0], y=spot[1], molten=False, yaw=0.0)
            events.append(ev("placed", piece=p.id, space=args[1], x=spot[0], y=spot[1]))
            s2 = w.state()
            if ph == "place_asteroid":
                s2 = replace(s2, queue=s.queue[1:])
        elif k == "return_base":
            base = s.piece(args[0])
            spot = R._base_spot(s, base, args[1])
            w = R.Work(s)
            w.set(base.id, status=IN_PLAY, x=spot[0], y=spot[1], active=True)
            events.append(ev("returned", piece=base.id, space=args[1], x=spot[0], y=spot[1]))
            s2 = replace(w.state(), phase="return_base")
        elif k == "return":
            sc, b = s.piece(args[0]), s.piece(args[2])
            spot = R.saucer_return_spot(s, sc, b)
            w = R.Work(s)
            w.set(sc.id, status=IN_PLAY, x=spot[0], y=spot[1], active=True)
            events.append(ev("returned", piece=sc.id, base=b.id, x=spot[0], y=spot[1]))
            s2 = w.state()
        elif k == "pass":
            if ph == "ray":
                s2 = replace(s, queue=s.queue[1:])
            else:  # the rest of the lost saucers stay out this turn
                s2 = replace(s, phase="ray", queue=R._ray_queue(s))
        elif k == "ray":
            w = R.Work(s)
            w.set(args[0], active=False)
            w.set(args[1], active=False)
            events.append(ev("anaesthetic_ray", piece=args[0], target=args[1],
                             player=s.to_move))
            s2 = replace(w.state(), ray_by=s.to_move)
        elif k == "end_turn":
            s2 = R._end_turn(s, "the player ended the turn", events)
        elif k == "timeout":
            if ph == "actions":
                s2 = R._end_turn(s, "time ran out (Chrono mode)", events, timeout=True)
            else:
                events.append(ev("turn_ended", player=s.turn_player,
                                 reason="time ran out (Chrono mode)"))
                s2 = R._next_turn(replace(s, queue=()), events)
        elif k == "board":
            s2 = R.do_board(s, args[0], len(args) == 2, events)
        elif k == "fabricate":
            base = s.piece(args[0])
            kib = R.fabricate_ok(s, base)
            s2 = R.do_place_against(s, kib.id, base, events, kind="fabricated", active=True)
        elif k == "teleport":
            base = s.piece(args[0])
            sc = s.piece(args[1])
            s2 = R.do_place_against(s, sc.id, base, events, kind="teleported",
                                    active=sc.active)
        elif k == "jump":
            x, y = jump_xy(a)
            s2 = R.do_jump(s, args[0], x, y, events)
        else:  # pragma: no cover - _check rejects it first
            raise IllegalAction("unknown action", a)
        return Step(R.advance(s2, events), tuple(events), None)

    # --- text and JSON -------------------------------------------------------------------

    def state_to_json(self, s: GlonkState) -> dict:
        return s.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> GlonkState:
        if not isinstance(data, Mapping):
            raise ValueError("a Glonk state is a JSON object")
        return GlonkState.from_json(data)

    def describe(self, s: GlonkState) -> str:
        sc = s.scores()
        score = " ".join(f"P{i}:{v}" for i, v in enumerate(sc))
        if s.phase == "over":
            who = ", ".join(f"P{w}" for w in s.winners) or "nobody"
            return f"Glonk over ({s.end_reason}): {who} won; {score}"
        if s.phase in ("draw", "first"):
            return f"Glonk setup: {s.phase}"
        return (f"Glonk round {s.round}, P{s.turn_player}'s turn ({s.phase}, P{s.to_move} to "
                f"act); {score}")


def ev(kind, **data):
    return Event(kind, data)
