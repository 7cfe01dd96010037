"""Scene-level animations between two Grendizer XperienZ states, built from the step's events.

Pure: no Panda3D. The events of one `apply` are replayed in order on a small simulation of
where every token, card, the Threat marker and Grendizer are; each event (or a run of moves
that touch different tokens, like a whole lane advancing) becomes a stage of `STAGE` seconds,
and every piece gets keyframes `(t, pos, roll, scale)`: roll 180 shows a token's or card's back
(the Threat marker's Danger face), scale pulses a damaged Saucer Beast.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from games.grendizer.data import BEASTS

from . import layout as L

STAGE = 0.45
ARC = 0.9  # how high a token lifts when it flies


@dataclass
class Anim:
    """Tracks of one animation: pid -> [(t, pos, roll, scale, lift)], card faces, visibility."""

    duration: float
    tracks: dict = field(default_factory=dict)
    faces: dict = field(default_factory=dict)  # pid -> card id shown on a flying card
    visible: dict = field(default_factory=dict)  # pid -> (t0, t1) for pieces hidden at rest
    hidden_until: dict = field(default_factory=dict)  # pid -> t: a pile's top card, until the
    #                                                   card flying onto it lands
    stages: list = field(default_factory=list)  # stage labels, for tests and the status line


# --- rest positions of the pieces that are not tokens -------------------------------------------
def threat_pos(difficulty: str, space: int) -> tuple:
    return (L.TRACK_X, L.track_y(difficulty, space), L.BOARD_H + 0.05)


def card_rest(state) -> dict:
    """Rest place (pos, roll) of the cards the scene keeps as pieces."""
    out = {
        "deck": (L.pile_top("actions_deck", len(state.deck)), 180.0),
        "discard": (L.pile_top("discard", len(state.discard)), 0.0),
        "revealed": ((*L.PLACES["revealed"], 0.0), 0.0),
        "beast_deck": (L.pile_top("beast_deck", len(state.beast_deck)), 180.0),
        "event_deck": (L.pile_top("event_deck", len(state.event_deck)), 180.0),
        "event_discard": (L.pile_top("event_discard", len(state.event_discard)), 0.0),
    }
    for lane, Ln in enumerate(state.lanes):
        x, y = L.beast_card_pos(lane)
        out[("beast", lane)] = ((x, y, L.BOARD_H), 180.0 if Ln.beast_token == "destroyed" else 0.0)
    return out


def hp_rest(state, lane):
    Ln = state.lanes[lane]
    if Ln.beast_card is None or Ln.beast_token != "board":
        return None
    return L.hp_marker_pos(lane, Ln.damage, BEASTS[Ln.beast_card].life)


# --- the simulation -------------------------------------------------------------------------------
class _Sim:
    def __init__(self, before, after):
        self.before, self.after = before, after
        self.loc = L.token_locations(before)
        self.places = L.places_for(self.loc, self._destroyed(before))
        self.destroyed = self._destroyed(before)
        self.damage = [Ln.damage for Ln in before.lanes]
        self.cards = {lane: Ln.beast_card for lane, Ln in enumerate(before.lanes)}
        self.stages: list[dict] = []
        self.labels: list[str] = []
        self.cur_kind = None
        self.fly = 0
        self.seq: dict = {}  # token -> arrival number (it takes the next free slot)
        self.threat = None  # (space, danger) once the marker moved
        self.at_rest: set = set()  # pieces hidden after the animation but shown from its start
        self.lands: dict = {}  # pile top pid -> index of the stage in which a card lands on it
        self.faces: dict = {}
        self.first: dict = {}  # pid -> start (pos, roll) for pieces hidden at rest
        self.vis: dict = {}

    @staticmethod
    def _destroyed(s):
        return [l for l, Ln in enumerate(s.lanes) if Ln.beast_token == "destroyed"]

    def stage(self, label, kind=None, pids=()):
        """Open a new stage unless this event can share the current one (moves of other pieces)."""
        if (kind is not None and kind == self.cur_kind and self.stages
                and not (set(pids) & set(self.stages[-1]))):
            return self.stages[-1]
        self.stages.append({})
        self.labels.append(label)
        self.cur_kind = kind
        return self.stages[-1]

    def set(self, st, pid, pos, roll=0.0, scale=1.0, lift=ARC):
        st[pid] = (tuple(pos), roll, scale, lift)

    # tokens -------------------------------------------------------------------------------
    def token_move(self, st, changes):
        """Apply token location changes and key every token whose slot changed."""
        for tid, loc in changes:
            self.loc[tid] = loc
            self.seq[tid] = len(self.seq) + 1000
        new = L.places_for(self.loc, self.destroyed, self.seq)
        for tid, place in new.items():
            old = self.places.get(tid)
            if old is None or old != place:
                self.set(st, tid, place.pos, 0.0 if place.face_up else 180.0)
        self.places = new

    def tokens_at(self, lane, loc):
        """Token ids of `lane` at `loc`, the last-numbered first (they leave a space first)."""
        ids = [t for t, l in self.loc.items() if t[0] == "m" and t[1] == lane and l == loc]
        return sorted(ids, key=lambda t: -t[2])

    def back_to_reserve(self, lane):
        """Where a MiniFO goes when destroyed or returned (rules: pile, or aside)."""
        return ("aside",) if self.loc.get(("b", lane)) == ("pile",) else ("pile",)

    def fly_card(self, card, start, end, label, onto=None):
        pid = ("fly", self.fly % 4)
        self.fly += 1
        st = self.stage(label)
        if onto is not None:
            self.lands[onto] = len(self.stages) - 1
        self.first[pid] = start
        self.faces[pid] = card
        self.set(st, pid, end[0], end[1], lift=1.6)
        return pid, st


def build(before, after, events) -> Anim | None:
    """The animation from `before` to `after` through `events` (None when nothing moves)."""
    sim = _Sim(before, after)
    for ev in events:
        d = ev.data
        k = ev.kind
        if k == "card_drawn" and d.get("deck") == "actions" and d.get("card"):
            start = card_rest(before)["deck"]
            if d.get("deal"):
                sim.fly_card(d["card"], (start[0], 180.0), (L.HAND_FROM, 180.0), "deal")
            else:
                st = sim.stage("draw")
                sim.first["revealed"] = (start[0], 180.0)
                sim.faces["revealed"] = d["card"]
                sim.set(st, "revealed", (*L.PLACES["revealed"], 0.0), 0.0, lift=1.4)
        elif k == "card_taken":
            st = sim.stage("take")
            sim.faces["revealed"] = d["card"]
            if "revealed" not in sim.first:  # it lay face up next to the deck all along
                sim.first["revealed"] = ((*L.PLACES["revealed"], 0.0), 0.0)
                sim.at_rest.add("revealed")
            sim.set(st, "revealed", L.HAND_FROM, 0.0, lift=0.5)
        elif k in ("card_played", "discarded"):
            sim.fly_card(d["card"], (L.HAND_FROM, 0.0),
                         (L.pile_top("discard", len(after.discard)), 0.0),
                         "play" if k == "card_played" else "discard", onto="discard")
        elif k == "card_drawn" and d.get("deck") == "beasts":
            lane = d["lane"]
            st = sim.stage("beast card")
            pid = ("card", "beast", lane)
            sim.first[pid] = (card_rest(before)["beast_deck"][0], 180.0)
            sim.faces[pid] = d["card"]
            x, y = L.beast_card_pos(lane)
            sim.set(st, pid, (x, y, L.BOARD_H), 0.0, lift=1.6)
            sim.cards[lane] = d["card"]
            sim.damage[lane] = 0
        elif k == "card_drawn" and d.get("deck") == "events":
            pid, st = sim.fly_card(d["card"], (card_rest(before)["event_deck"][0], 180.0),
                                   (L.pile_top("event_discard", len(after.event_discard)), 0.0),
                                   "event", onto="event_discard")
            sim.set(st, "threat", threat_pos(before.difficulty, _threat_now(sim, before)), 0.0,
                    lift=0.6)
        elif k == "moved" and d.get("piece") == "grendizer":
            st = sim.stage("grendizer", "move", ["grendizer"])
            sim.set(st, "grendizer", L.grendizer_pos(d["to"]), lift=1.5)
        elif k == "moved" and d.get("piece") == "minifo":
            lane = d["lane"]
            ids = sim.tokens_at(lane, ("board", d["from"]))
            if ids:
                st = sim.stage("move", "move", [ids[0]])
                sim.token_move(st, [(ids[0], ("board", d["to"]))])
        elif k == "moved" and d.get("piece") == "beast":
            tid = ("b", d["lane"])
            st = sim.stage("move", "move", [tid])
            sim.token_move(st, [(tid, ("board", d["to"]))])
        elif k == "invaded" and "token" in d:
            lane = d["lane"]
            if d["token"] == "minifo":
                ids = sim.tokens_at(lane, ("pile",))
                if not ids:
                    continue
                tid = ids[0]
            else:
                tid = ("b", lane)
            st = sim.stage("invasion", "arrive", [tid])
            sim.token_move(st, [(tid, ("board", d.get("space", 0)))])
        elif k in ("returned", "set_aside_returned"):
            lane = d["lane"]
            src = ("board", L.LOC) if k == "returned" else ("aside",)
            ids = sim.tokens_at(lane, src)[:d["count"]]
            dest = sim.back_to_reserve(lane) if k == "returned" else ("pile",)
            st = sim.stage("return", "return", ids)
            sim.token_move(st, [(t, dest) for t in ids])
        elif k == "threat_changed":
            st = sim.stage("threat")
            sim.threat = (d["to"], d["danger"])
            sim.set(st, "threat", threat_pos(before.difficulty, d["to"]),
                    180.0 if d["danger"] else 0.0, lift=0.6)
        elif k == "damaged":
            lane = d["lane"]
            st = sim.stage("damage")
            sim.damage[lane] = d["damage"]
            life = d["life"]
            sim.set(st, ("hp", lane), L.hp_marker_pos(lane, d["damage"], life), lift=0.25)
            place = sim.places.get(("b", lane))
            if place is not None:
                sim.set(st, ("b", lane), place.pos, 0.0, scale=1.45, lift=0.35)
        elif k == "healed":
            lane = d["lane"]
            card = sim.cards.get(lane) or before.lanes[lane].beast_card
            if card is None:
                continue
            st = sim.stage("heal")
            sim.set(st, ("hp", lane), L.hp_marker_pos(lane, d["damage"], BEASTS[card].life),
                    lift=0.25)
        elif k == "destroyed" and d.get("piece") == "minifo":
            lane = d["lane"]
            ids = sim.tokens_at(lane, ("board", d["space"]))
            if ids:
                st = sim.stage("destroy", "destroy", [ids[0]])
                sim.token_move(st, [(ids[0], sim.back_to_reserve(lane))])
        elif k == "destroyed" and d.get("piece") == "beast":
            lane = d["lane"]
            st = sim.stage("destroy beast")
            sim.destroyed.append(lane)
            sim.token_move(st, [(("b", lane), ("out",))])
            x, y = L.beast_card_pos(lane)
            sim.set(st, ("card", "beast", lane), (x, y, L.BOARD_H), 180.0, lift=1.0)
    if not sim.stages:
        return None
    _settle(sim, after)
    return _tracks(sim, before, after)


def _threat_now(sim, before):
    return sim.threat[0] if sim.threat else before.threat


def _settle(sim, after):
    """If the simulation does not end where the rules did (an event it does not model), add a
    last stage that moves every token to its place in `after`."""
    want = Counter((t[0], t[1], loc) for t, loc in L.token_locations(after).items())
    have = Counter((t[0], t[1], loc) for t, loc in sim.loc.items())
    if want == have:
        return
    st = sim.stage("settle")
    final = L.state_places(after)
    for tid, place in final.items():
        if sim.places.get(tid) != place:
            sim.set(st, tid, place.pos, 0.0 if place.face_up else 180.0)
    sim.loc = L.token_locations(after)
    sim.places = final


def _rest_before(before) -> dict:
    """Rest (pos, roll) of every piece an animation may move, in `before`."""
    out = {}
    for tid, place in L.state_places(before).items():
        out[tid] = (place.pos, 0.0 if place.face_up else 180.0)
    out["grendizer"] = (L.grendizer_pos(before.grendizer), 0.0)
    out["threat"] = (threat_pos(before.difficulty, before.threat), 180.0 if before.danger else 0.0)
    rest = card_rest(before)
    out["revealed"] = rest["revealed"]
    for lane in range(L.NLANES):
        out[("card", "beast", lane)] = rest[("beast", lane)]
        hp = hp_rest(before, lane)
        if hp is not None:
            out[("hp", lane)] = (hp, 0.0)
    return out


def _tracks(sim, before, after) -> Anim:
    rest = _rest_before(before)
    n = len(sim.stages)
    anim = Anim(duration=n * STAGE, faces=dict(sim.faces), stages=list(sim.labels))
    for i, st in enumerate(sim.stages):
        t0, t1 = i * STAGE, (i + 1) * STAGE
        for pid, (pos, roll, scale, lift) in st.items():
            track = anim.tracks.get(pid)
            if track is None:
                start = sim.first.get(pid) or rest.get(pid)
                if start is None:
                    # a piece that appears (an HP marker of a new Saucer Beast): from its end
                    start = (pos, roll)
                if pid in sim.first:
                    anim.visible[pid] = (t0, None)
                track = [(0.0, tuple(start[0]), start[1], 1.0, 0.0)]
                anim.tracks[pid] = track
            last = track[-1]
            if last[0] < t0:
                track.append((t0, last[1], last[2], last[3], 0.0))
            if scale != 1.0:
                # a pulse: swell and come back within the stage
                track.append(((t0 + t1) / 2, pos, roll, scale, lift))
                track.append((t1, pos, roll, 1.0, 0.0))
            else:
                track.append((t1, pos, roll, 1.0, lift))
    for pid, i in sim.lands.items():
        anim.hidden_until[pid] = (i + 1) * STAGE
    # Pieces hidden at rest (flying cards, the revealed card once taken) vanish at their end.
    for pid, (t0, _) in list(anim.visible.items()):
        end = anim.tracks[pid][-1][0]
        keep = (pid == "revealed" and after.revealed is not None) or (
            isinstance(pid, tuple) and pid[:2] == ("card", "beast"))
        anim.visible[pid] = (0.0 if pid in sim.at_rest else t0, None if keep else end)
    return anim


def sample(track, t: float):
    """(pos, roll, scale) at time t: linear between keys, lifted on a parabola mid-flight."""
    if t <= track[0][0]:
        k = track[0]
        return k[1], k[2], k[3]
    for a, b in zip(track, track[1:]):
        if t <= b[0]:
            s = 0.0 if b[0] <= a[0] else (t - a[0]) / (b[0] - a[0])
            e = s * s * (3 - 2 * s)  # ease in and out
            pos = tuple(p + (q - p) * e for p, q in zip(a[1], b[1]))
            lift = b[4] * 4 * s * (1 - s)
            pos = (pos[0], pos[1], pos[2] + lift)
            roll = a[2] + (b[2] - a[2]) * e
            scale = a[3] + (b[3] - a[3]) * s
            return pos, roll, scale
    k = track[-1]
    return k[1], k[2], k[3]
