"""Grendizer XperienZ rules: setup, the turn, attacks, damage, threat, events, end of game.

A state's `queue` lists the steps still to do. Automatic steps run inside `apply`; the head
step left afterwards is either a chance node (a draw from a deck or a pile, the first player)
or a player's choice (action phase, Grendizer movement, a Vega Spy discard). The steps:

  ("deal", seat)      chance  deal one Actions card to `seat` (setup)
  ("first",)          chance  determine the first player (setup, 2+ players)
  ("turn_draw",)      chance  draw and reveal the turn's Actions card, then queue the invasion
  ("advance", lanes)  auto    Vega Forces of `lanes` move one space down
  ("pile", lane)      chance  draw one token from the lane's face-down pile
  ("beast_card", l)   chance  draw the Saucer Beast card for lane `l`
  ("threat",)         auto    threat phase
  ("check_danger",)   auto    Danger face up -> queue an Event draw
  ("event",)          chance  draw and apply an Event card
  ("discard",)        choice  the active player discards a card (Vega Spy)
  ("take",)           auto    the revealed card goes to the active player's hand
  ("action",)         choice  play one Actions card, or pass
  ("move",)           choice  move Grendizer (adjacent, or with a Movement card), or pass
  ("end",)            auto    next player's turn
"""
from __future__ import annotations

from collections import Counter

from games.api import CHANCE, TERMINAL, Capabilities, Event, GameType, Goals, IllegalAction, Step

from .actions import (PASS, BeastDraw, Discard, Draw, EventDraw, FirstPlayer, Move, Pass,
                      Play, Reveal, parse)
from .data import ACTIONS, BEASTS, BOARD, EVENTS, HAND_SIZE
from .goal_words import goal_words
from .state import BOARD_, DESTROYED, PILE, GState, Lane
from .validate import check_state

A = BOARD.airspace_boxes
LOC = BOARD.location_space
NLANES = 4
NZONES = 2 * NLANES
CHANCE_STEPS = frozenset({"deal", "first", "turn_draw", "pile", "beast_card", "event"})
CHOICE_STEPS = frozenset({"action", "move", "discard"})
TURN_STEPS = (("turn_draw",), ("take",), ("action",), ("move",), ("end",))


def zone_of(lane: int, space: int) -> int:
    """The zone holding `space` of `lane`: Airspace boxes, else Battlefield (location too)."""
    return 2 * lane + (0 if space < A else 1)


def zone_spaces(zone: int) -> range:
    return range(0, A) if zone % 2 == 0 else range(A, LOC + 1)


def zone_name(zone: int) -> str:
    return f"{BOARD.locations[zone // 2]} {'Airspace' if zone % 2 == 0 else 'Battlefield'}"


def adjacent_zones(zone: int) -> tuple:
    """Zones next to `zone`: its lane's other zone and the same kind of zone in the lanes on
    either side (lanes stand side by side in the order Makiba Ranch, Laboratory, Tokyo,
    Military Harbour; the ends do not wrap)."""
    lane, kind = divmod(zone, 2)
    out = [2 * lane + (1 - kind)]
    if lane > 0:
        out.append(zone - 2)
    if lane < NLANES - 1:
        out.append(zone + 2)
    return tuple(sorted(out))


ADJACENT = tuple(adjacent_zones(z) for z in range(NZONES))
SSL_ZONE = 2 * BOARD.grendizer_start_lane + 1


class _Work:
    """A mutable working copy of a state, used inside one `apply` and frozen at the end."""

    __slots__ = ("s", "queue", "hands", "deck", "discard", "revealed", "lanes", "beast_deck",
                 "event_deck", "event_discard", "threat", "danger", "grendizer", "played",
                 "silenced", "destroyed", "result", "player", "turn", "ev", "track")

    def __init__(self, s: GState):
        self.s = s
        self.queue = list(s.queue)
        self.hands = list(s.hands)
        self.deck = s.deck
        self.discard = s.discard
        self.revealed = s.revealed
        self.lanes = [[list(l.minifos), l.beast_pos, l.reserve, l.beast_token, l.set_aside,
                       l.beast_card, l.damage] for l in s.lanes]
        self.beast_deck = s.beast_deck
        self.event_deck = s.event_deck
        self.event_discard = s.event_discard
        self.threat = s.threat
        self.danger = s.danger
        self.grendizer = s.grendizer
        self.played = s.played
        self.silenced = s.silenced
        self.destroyed = s.destroyed
        self.result = s.result
        self.player = s.player
        self.turn = s.turn
        self.ev = []
        self.track = BOARD.tracks[s.difficulty]

    def emit(self, _kind, **data):
        self.ev.append(Event(_kind, data))

    def freeze(self) -> GState:
        s = self.s
        return GState(
            players=s.players, difficulty=s.difficulty,
            one_card_per_turn=s.one_card_per_turn, queue=tuple(self.queue),
            player=self.player, turn=self.turn, hands=tuple(self.hands), deck=self.deck,
            discard=self.discard, revealed=self.revealed,
            lanes=tuple(Lane(tuple(sorted(l[0])), l[1], l[2], l[3], l[4], l[5], l[6])
                        for l in self.lanes),
            beast_deck=self.beast_deck, event_deck=self.event_deck,
            event_discard=self.event_discard, threat=self.threat, danger=self.danger,
            grendizer=self.grendizer, played=self.played, silenced=self.silenced,
            destroyed=self.destroyed, result=self.result)


def _remove_one(seq: tuple, item) -> tuple:
    i = seq.index(item)
    return seq[:i] + seq[i + 1:]


# ---------------------------------------------------------------- Vega Forces on the board

def _return_minifos(w: _Work, lane: int, n: int):
    """Destroyed or returned MiniFOs go to their Reserve, or onto the Saucer Beast card's
    space while that Saucer Beast has not entered play."""
    L = w.lanes[lane]
    if L[3] == PILE:
        L[4] += n
    else:
        L[2] += n


def _advance_lane(w: _Work, lane: int, only_from: int = 0):
    """Every Vega Force of `lane` at or below `only_from` moves one space down (a swift
    Saucer Beast two); forces already in the strategic location stay there."""
    L = w.lanes[lane]
    moves = []
    new = []
    for p in L[0]:
        q = min(p + 1, LOC) if p >= only_from else p
        if q != p:
            moves.append(("minifo", p, q))
        new.append(q)
    L[0] = new
    if L[1] is not None and L[1] >= only_from:
        step = 2 if BEASTS[L[5]].power == "swift" else 1
        q = min(L[1] + step, LOC)
        if q != L[1]:
            moves.append(("beast", L[1], q))
            L[1] = q
    for piece, p, q in moves:
        w.emit("moved", piece=piece, lane=lane, **{"from": p, "to": q})


def _threat_up(w: _Work, n: int, cause: str):
    """Move the Threat marker up `n` spaces, one at a time: reaching a Danger space turns it
    to its Danger face, reaching GAME OVER loses the game at once."""
    for _ in range(n):
        if w.result:
            return
        before = w.threat
        w.threat += 1
        if w.threat in w.track.danger:
            w.danger = True
        w.emit("threat_changed", **{"from": before, "to": w.threat, "danger": w.danger,
                                    "cause": cause})
        if w.threat >= w.track.game_over:
            _defeat(w)
            return


def _threat_down(w: _Work, n: int, floor: int, cause: str):
    """Move the marker down, never below `floor`; it is not turned to its Danger face."""
    before = w.threat
    w.threat = max(floor, w.threat - n) if w.threat > floor else w.threat
    if w.threat != before:
        w.emit("threat_changed", **{"from": before, "to": w.threat, "danger": w.danger,
                                    "cause": cause})


def _defeat(w: _Work):
    w.result = "defeat"
    w.queue = []
    w.emit("defeat", threat=w.threat)


def _damage_beast(w: _Work, lane: int, hp: int, cause: str):
    """The HP marker moves `hp` spaces right; at the destruction symbol the Saucer Beast is
    destroyed (token removed, card turned over), with -1 threat where the symbol says so."""
    L = w.lanes[lane]
    card = BEASTS[L[5]]
    L[6] += hp
    w.emit("damaged", lane=lane, beast=card.id, hp_lost=hp, damage=L[6], life=card.life,
           cause=cause)
    if L[6] >= card.life:
        w.emit("destroyed", piece="beast", lane=lane, space=L[1], beast=card.id)
        L[6] = card.life
        L[1] = None
        L[3] = DESTROYED
        w.destroyed += 1
        if card.threat_down:
            _threat_down(w, 1, 0, "saucer beast destroyed")
        if w.destroyed >= NLANES:
            w.result = "victory"
            w.queue = []
            w.emit("victory", destroyed=w.destroyed)


def _destroy_minifos(w: _Work, lane: int, spaces, n: int):
    """Destroy up to `n` MiniFOs of `lane` standing on `spaces`, closest to the strategic
    location first."""
    L = w.lanes[lane]
    hit = sorted((p for p in L[0] if p in spaces), reverse=True)[:n]
    for p in hit:
        L[0].remove(p)
        w.emit("destroyed", piece="minifo", lane=lane, space=p)
    _return_minifos(w, lane, len(hit))
    return len(hit)


# ---------------------------------------------------------------- automatic steps

def _run(w: _Work):
    """Run automatic steps until a chance node, a choice or the end of the game."""
    while w.queue and not w.result:
        step = w.queue[0]
        kind = step[0]
        if kind in ("deal", "turn_draw"):
            if not w.deck and w.discard:
                w.deck = tuple(sorted(w.discard))
                w.discard = ()
                w.emit("reshuffled", deck="actions", cards=len(w.deck))
            if w.deck:
                return
            w.queue.pop(0)
            if kind == "turn_draw":
                # No Actions card left anywhere: no symbols, so all Vega Forces move down and
                # no MiniFOs enter (the no-entry reading), then the threat phase.
                w.revealed = None
                w.emit("card_drawn", deck="actions", card=None, player=w.player)
                w.queue[0:0] = [("advance", (0, 1, 2, 3)), ("threat",)]
            continue
        if kind == "pile":
            L = w.lanes[step[1]]
            if L[2] == 0 and L[3] != PILE:
                w.queue.pop(0)
                w.emit("reserve_empty", lane=step[1])
                continue
            return
        if kind == "event":
            if not w.event_deck:
                w.event_deck = tuple(sorted(w.event_discard))
                w.event_discard = ()
                w.emit("reshuffled", deck="events", cards=len(w.event_deck))
            return
        if kind == "discard":
            if not w.hands[w.player]:
                w.queue.pop(0)
                continue
            return
        if kind in CHANCE_STEPS or kind in CHOICE_STEPS:
            return
        w.queue.pop(0)
        if kind == "advance":
            for lane in step[1]:
                _advance_lane(w, lane)
            w.emit("advanced", lanes=list(step[1]))
        elif kind == "threat":
            _threat_phase(w)
        elif kind == "check_danger":
            if w.danger:
                w.queue.insert(0, ("event",))
        elif kind == "take":
            if w.revealed is not None:
                w.hands[w.player] = tuple(sorted(w.hands[w.player] + (w.revealed,)))
                w.emit("card_taken", player=w.player, card=w.revealed)
                w.revealed = None
        elif kind == "end":
            w.played = False
            w.silenced = False
            w.player = (w.player + 1) % w.s.players
            w.turn += 1
            w.queue.extend(TURN_STEPS)
            w.emit("turn_started", player=w.player, turn=w.turn)
        else:  # pragma: no cover - guards against corrupt queues
            raise ValueError(f"unknown step {step!r}")


def _threat_phase(w: _Work):
    """+1 per Saucer Beast (dread: +2) and per group of MiniFOs in a strategic location;
    then MiniFOs there go back, Saucer Beasts stay; regenerating beasts heal; Danger -> event."""
    rise = 0
    for L in w.lanes:
        if L[1] == LOC:
            rise += 2 if BEASTS[L[5]].power == "dread" else 1
        if LOC in L[0]:
            rise += 1
    _threat_up(w, rise, "threat phase")
    if w.result:
        return
    for lane, L in enumerate(w.lanes):
        n = L[0].count(LOC)
        if n:
            L[0] = [p for p in L[0] if p != LOC]
            _return_minifos(w, lane, n)
            w.emit("returned", lane=lane, count=n)
        if L[3] == BOARD_ and L[6] > 0 and BEASTS[L[5]].power == "regenerate":
            L[6] -= 1
            w.emit("healed", lane=lane, beast=L[5], damage=L[6])
    w.queue.insert(0, ("check_danger",))


# ---------------------------------------------------------------- the game

#: The keys of a puzzle goal's fixed deck order (games/grendizer/solver.py reads it).
ORDER_KEYS = ("actions", "piles", "beasts", "events")


def order_form_problem(order) -> str | None:
    """Why `order` is not a deck order by its types alone (what a file's loader refuses)."""
    if order is None:
        return None
    if not isinstance(order, dict) or set(order) - set(ORDER_KEYS):
        return f"The deck order is an object with the keys {', '.join(ORDER_KEYS)}"
    for key in ("actions", "beasts", "events"):
        cards = order.get(key, [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            return f"The fixed order's {key} is a list of card ids"
    piles = order.get("piles", [[], [], [], []])
    if not isinstance(piles, list) or not all(
            isinstance(p, list) and all(isinstance(t, str) for t in p) for p in piles):
        return "The fixed order's piles are lists of 'minifo' and 'beast' tokens"
    return None


def _goal_form_problem(state, goal) -> str | None:
    """Why a scenario's `goal` is not one Grendizer can read by its types (a deck order of the
    wrong types, say): the loader refuses the file with it; None when it is."""
    if not isinstance(goal, dict):
        return "The goal is an object"
    return order_form_problem(goal.get("order"))


def _describe_goal(state, goal) -> str:
    return goal_words(goal)


class GrendizerGame(Capabilities):
    """Grendizer XperienZ for 1 to 4 cooperating players (see docs/rules/grendizer.md)."""

    goals = Goals(_goal_form_problem, _describe_goal)
    name = "grendizer"
    title = "Grendizer XperienZ"
    rules_version = "1"
    game_type = GameType(chance=True, utility="identical", setup=True, min_players=1, max_players=4)
    house_rules = {
        "one_card_per_turn": "A Grendizer Movement card counts as the turn's one Actions card: "
                             "it cannot be played after a card was played in the action phase "
                             "(default: the action phase allows one attack or positive event "
                             "card and the movement phase one Movement card).",
    }

    # ------------------------------------------------------------ setup
    def default_config(self, players: int | None = None) -> dict:
        return {"players": 1 if players is None else players, "difficulty": "easy",
                "house_rules": []}

    def new_initial_state(self, config=None) -> GState:
        config = dict(config or {})
        players = int(config.get("players", 1))
        if not 1 <= players <= 4:
            raise ValueError(f"Grendizer XperienZ is for 1 to 4 players, not {players}")
        difficulty = config.get("difficulty", "easy")
        if difficulty not in BOARD.tracks:
            raise ValueError(f"difficulty must be one of {sorted(BOARD.tracks)}, "
                             f"not {difficulty!r}")
        hr = config.get("house_rules", [])
        hr = [k for k, v in hr.items() if v] if isinstance(hr, dict) else list(hr)
        for name in hr:
            if name not in self.house_rules:
                raise ValueError(f"unknown house rule {name!r}")
        starting = 1 if players >= 3 else 0  # a MiniFO in each arrival box for 3-4 players
        lanes = tuple(Lane(minifos=(0,) * starting, reserve=BOARD.minifos_per_colour - starting)
                      for _ in range(NLANES))
        deck = tuple(sorted(c.id for c in ACTIONS.values() for _ in range(c.count)))
        deals = [("deal", seat) for _ in range(HAND_SIZE[players]) for seat in range(players)]
        queue = tuple(deals + ([("first",)] if players > 1 else []) + list(TURN_STEPS))
        return GState(players=players, difficulty=difficulty,
                      one_card_per_turn="one_card_per_turn" in hr, queue=queue, player=0,
                      turn=1, hands=((),) * players, deck=deck, discard=(), revealed=None,
                      lanes=lanes, beast_deck=tuple(sorted(BEASTS)),
                      event_deck=tuple(sorted(EVENTS)), event_discard=(), threat=0,
                      danger=False, grendizer=SSL_ZONE, played=False, silenced=False,
                      destroyed=0)

    # ------------------------------------------------------------ queries
    def current_player(self, s: GState) -> int:
        if s.result or not s.queue:
            return TERMINAL
        if s.queue[0][0] in CHANCE_STEPS:
            return CHANCE
        return s.player

    def is_terminal(self, s: GState) -> bool:
        return s.result is not None or not s.queue

    def in_setup(self, s: GState) -> bool:
        """Dealing the hands and choosing the first player precede the first turn."""
        return bool(s.queue) and s.queue[0][0] in ("deal", "first")

    def outcome(self, s: GState):
        if not self.is_terminal(s):
            return None
        value = 1.0 if s.result == "victory" else 0.0
        return [value] * s.players

    def chance_outcomes(self, s: GState):
        if self.current_player(s) != CHANCE:
            return []
        step = s.queue[0]
        kind = step[0]
        if kind in ("deal", "turn_draw"):
            counts = Counter(s.deck)
            n = len(s.deck)
            return [(Draw(c), k / n) for c, k in sorted(counts.items())]
        if kind == "first":
            return [(FirstPlayer(p), 1.0 / s.players) for p in range(s.players)]
        if kind == "pile":
            L = s.lanes[step[1]]
            b = 1 if L.beast_token == PILE else 0
            total = L.reserve + b
            out = []
            if L.reserve:
                out.append((Reveal(step[1], "minifo"), L.reserve / total))
            if b:
                out.append((Reveal(step[1], "beast"), 1 / total))
            return out
        if kind == "beast_card":
            return [(BeastDraw(c), 1.0 / len(s.beast_deck)) for c in s.beast_deck]
        if kind == "event":
            return [(EventDraw(c), 1.0 / len(s.event_deck)) for c in s.event_deck]
        return []

    def legal_actions(self, s: GState):
        p = self.current_player(s)
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes(s)]
        kind = s.queue[0][0]
        if kind == "discard":
            return [Discard(c) for c in sorted(set(s.hands[s.player]))]
        if kind == "action":
            return [PASS] + self._plays(s, movement=False)
        if kind == "move":
            moves = [PASS] + [Move(z) for z in ADJACENT[s.grendizer]]
            return moves + self._plays(s, movement=True)
        return []  # pragma: no cover

    def _can_play(self, s: GState, movement: bool) -> bool:
        if s.silenced:
            return False
        if movement and not s.one_card_per_turn:
            return True
        return not s.played

    def _plays(self, s: GState, movement: bool):
        if not self._can_play(s, movement):
            return []
        out = []
        for cid in sorted(set(s.hands[s.player])):
            card = ACTIONS[cid]
            if (card.kind == "movement") != movement:
                continue
            out.extend(self._card_plays(s, card))
        return out

    def _card_plays(self, s: GState, card):
        """Every way to play `card` that does something."""
        out = []
        k = card.kind
        if k == "movement":
            return [Play(card.id, zone=z) for z in range(NZONES) if z != s.grendizer]
        if k == "eagle":
            L = s.lanes[card.lane]
            if L.beast_token == BOARD_ and BEASTS[L.beast_card].power != "armoured":
                out.append(Play(card.id, target="beast"))
            if L.minifos:
                out.append(Play(card.id, target="minifo"))
            return out
        if k == "grendizer":
            lane = s.grendizer // 2
            spaces = zone_spaces(s.grendizer)
            L = s.lanes[lane]
            if L.beast_pos is not None and L.beast_pos in spaces and card.beast_hp:
                out.append(Play(card.id, target="beast"))
            if card.minifos and any(p in spaces for p in L.minifos):
                out.append(Play(card.id, target="minifo"))
            return out
        if k == "earth":
            for z in range(1, NZONES, 2):
                L = s.lanes[z // 2]
                if (L.beast_pos is not None and L.beast_pos >= A
                        and BEASTS[L.beast_card].power != "shielded"):
                    out.append(Play(card.id, zone=z, target="beast"))
                if any(p >= A for p in L.minifos):
                    out.append(Play(card.id, zone=z, target="minifo"))
            return out
        if k == "positive":
            if card.effect == "threat_down":
                if s.threat > card.floor:
                    out.append(Play(card.id))
            elif card.effect == "push_lane":
                for lane, L in enumerate(s.lanes):
                    if any(p > 0 for p in L.minifos) or (
                            L.beast_pos and BEASTS[L.beast_card].power != "heavy"):
                        out.append(Play(card.id, lane=lane))
            elif card.effect == "clear_battlefield":
                for z in range(1, NZONES, 2):
                    if any(p >= A for p in s.lanes[z // 2].minifos):
                        out.append(Play(card.id, zone=z))
            return out
        return out  # pragma: no cover

    # ------------------------------------------------------------ apply
    def apply(self, s: GState, action) -> Step:
        if isinstance(action, str):
            action = parse(action)
        self._check(s, action)
        return self.apply_legal(s, action)

    def _check(self, s: GState, action):
        p = self.current_player(s)
        if p == TERMINAL:
            raise IllegalAction("the game is over", action)
        if action in self.legal_actions(s):
            return
        raise IllegalAction(self._why(s, action), action)

    def _why(self, s: GState, a) -> str:
        """The rule an illegal action breaks, in words."""
        kind = s.queue[0][0]
        if self.current_player(s) == CHANCE:
            return {"deal": "an Actions card must be dealt from the deck",
                    "turn_draw": "the player must draw an Actions card from the deck",
                    "first": "the first player must be chosen at random",
                    "pile": "a token must be drawn from this colour's pile",
                    "beast_card": "a Saucer Beast card must be drawn from its deck",
                    "event": "an Event card must be drawn from its deck"}[kind] + \
                " (that outcome is not possible here)"
        if kind == "discard":
            return "Vega Spy: discard an Actions card from your hand"
        if isinstance(a, Move):
            if kind != "move":
                return "Grendizer moves only in the Grendizer Movement phase"
            return "without a Movement card Grendizer moves only to an adjacent zone"
        if isinstance(a, Play):
            card = ACTIONS.get(a.card)
            if card is None:
                return "no such Actions card"
            if a.card not in s.hands[s.player]:
                return "you can only play a card from your hand"
            if s.silenced:
                return "Radio Silence: no Actions card may be played this turn"
            if card.kind == "movement" and kind != "move":
                return "a Grendizer Movement card is played during the Grendizer Movement phase"
            if card.kind != "movement" and kind != "action":
                return "attack and positive event cards are played in the action phase"
            if s.played and (card.kind != "movement" or s.one_card_per_turn):
                return "only one Actions card may be played each turn"
            if card.kind == "grendizer":
                return "Grendizer Attack cards only affect Vega Forces in Grendizer's zone"
            if card.kind == "eagle":
                return ("Eagle Patrol Attack cards only affect Vega Forces in the lane of "
                        "their colour, and need a target there that they can hurt")
            if card.kind == "earth":
                return ("Earth Defense Attack cards only affect Vega Forces in a Battlefield "
                        "zone, and need a target there that they can hurt")
            if card.kind == "movement":
                return "a Movement card places Grendizer in another zone"
            if card.effect == "threat_down":
                return f"the Threat cannot fall below {card.floor}"
            return "this card needs a target where it has an effect"
        if isinstance(a, Discard):
            return "a card is discarded only when an event says so"
        return "not a legal action in this phase"

    def apply_legal(self, s: GState, action) -> Step:
        """Apply an action taken from `legal_actions(s)` or `chance_outcomes(s)` without
        checking it again (the bot tries every card it holds; benchmarks play thousands of
        games). Anything else must go through `apply`."""
        w = _Work(s)
        step = w.queue.pop(0)
        kind = step[0]
        if kind == "deal":
            w.deck = _remove_one(w.deck, action.card)
            w.hands[step[1]] = tuple(sorted(w.hands[step[1]] + (action.card,)))
            w.emit("card_drawn", deck="actions", card=action.card, player=step[1], deal=True)
        elif kind == "first":
            w.player = action.player
            w.emit("first_player", player=action.player)
        elif kind == "turn_draw":
            w.deck = _remove_one(w.deck, action.card)
            w.revealed = action.card
            w.emit("card_drawn", deck="actions", card=action.card, player=w.player)
            sym = ACTIONS[action.card].symbols
            lanes = tuple(l for l in sym if l is not None)
            if not lanes:
                invasion = [("advance", (0, 1, 2, 3))]
            else:
                invasion = [("advance", lanes)] + [("pile", l) for l in lanes]
            w.queue[0:0] = invasion + [("threat",)]
        elif kind == "pile":
            lane = step[1]
            L = w.lanes[lane]
            if action.token == "minifo":
                L[2] -= 1
                L[0].append(0)
            else:
                L[3] = BOARD_
                L[1] = 0
                w.queue.insert(0, ("beast_card", lane))
            w.emit("invaded", lane=lane, token=action.token, space=0)
        elif kind == "beast_card":
            self._beast_enters(w, step[1], action.card)
        elif kind == "event":
            w.event_deck = _remove_one(w.event_deck, action.card)
            w.event_discard = w.event_discard + (action.card,)
            w.danger = False
            w.emit("card_drawn", deck="events", card=action.card, player=w.player)
            self._event(w, EVENTS[action.card])
        elif kind == "discard":
            w.hands[w.player] = _remove_one(w.hands[w.player], action.card)
            w.discard = w.discard + (action.card,)
            w.emit("discarded", player=w.player, card=action.card)
        elif kind == "action":
            if isinstance(action, Play):
                self._play(w, action)
        elif kind == "move":
            if isinstance(action, Move):
                before = w.grendizer
                w.grendizer = action.zone
                w.emit("moved", piece="grendizer", **{"from": before, "to": action.zone})
            elif isinstance(action, Play):
                self._play(w, action)
        _run(w)
        return Step(w.freeze(), tuple(w.ev))

    def _beast_enters(self, w: _Work, lane: int, cid: str):
        L = w.lanes[lane]
        w.beast_deck = _remove_one(w.beast_deck, cid)
        L[5] = cid
        L[6] = 0
        w.emit("card_drawn", deck="beasts", card=cid, lane=lane)
        if L[4]:
            L[2] += L[4]
            w.emit("set_aside_returned", lane=lane, count=L[4])
            L[4] = 0
        power = BEASTS[cid].power
        if power == "herald":
            _threat_up(w, 1, f"{BEASTS[cid].name} enters")
        elif power == "rally":
            before = L[1]
            L[1] = None  # the Saucer Beast itself stays in the arrival box
            _advance_lane(w, lane)
            L[1] = before

    def _event(self, w: _Work, ev):
        e = ev.effect
        w.emit("event_applied", card=ev.id, effect=e)
        pushed = []
        if e == "threat_up":
            _threat_up(w, ev.amount, ev.name)
        elif e == "threat_per_beast":
            _threat_up(w, sum(1 for L in w.lanes if L[3] == BOARD_), ev.name)
        elif e == "advance_all":
            for lane in range(NLANES):
                _advance_lane(w, lane)
        elif e == "advance_beast_lanes":
            for lane in range(NLANES):
                if w.lanes[lane][3] == BOARD_:
                    _advance_lane(w, lane)
        elif e == "advance_battlefields":
            for lane in range(NLANES):
                _advance_lane(w, lane, only_from=A)
        elif e == "reinforce":
            pushed = [("pile", lane) for lane in range(NLANES)]
        elif e == "heal":
            for lane, L in enumerate(w.lanes):
                if L[3] == BOARD_ and L[6] > 0:
                    L[6] = max(0, L[6] - ev.amount)
                    w.emit("healed", lane=lane, beast=L[5], damage=L[6])
        elif e == "recall_grendizer":
            if w.grendizer != SSL_ZONE:
                w.emit("moved", piece="grendizer", **{"from": w.grendizer, "to": SSL_ZONE})
                w.grendizer = SSL_ZONE
        elif e == "discard":
            pushed = [("discard",)]
        elif e == "silence":
            w.silenced = True
        elif e != "none":  # pragma: no cover
            raise ValueError(f"unknown event effect {e!r}")
        if not w.result:
            w.queue[0:0] = pushed + [("check_danger",)]

    def _play(self, w: _Work, a: Play):
        card = ACTIONS[a.card]
        w.hands[w.player] = _remove_one(w.hands[w.player], a.card)
        w.discard = w.discard + (a.card,)
        w.played = True
        w.emit("card_played", player=w.player, card=a.card, card_kind=card.kind,
               **{k: v for k, v in (("lane", a.lane), ("zone", a.zone), ("target", a.target))
                  if v is not None})
        k = card.kind
        if k == "movement":
            before = w.grendizer
            w.grendizer = a.zone
            w.emit("moved", piece="grendizer", card=a.card, **{"from": before, "to": a.zone})
            return
        if k in ("eagle", "grendizer", "earth"):
            if k == "eagle":
                lane, spaces, zone = card.lane, range(0, LOC + 1), None
            elif k == "grendizer":
                lane, spaces, zone = w.grendizer // 2, zone_spaces(w.grendizer), w.grendizer
            else:
                lane, spaces, zone = a.zone // 2, zone_spaces(a.zone), a.zone
            w.emit("attacked", card=a.card, card_kind=k, lane=lane, zone=zone, target=a.target)
            if a.target == "beast":
                L = w.lanes[lane]
                hp = card.beast_hp
                if k == "grendizer" and BEASTS[L[5]].power == "tough":
                    hp = min(hp, 1)
                pos = L[1]
                _damage_beast(w, lane, hp, card.name)
                if card.push and L[3] == BOARD_:
                    if BEASTS[L[5]].power == "heavy":
                        w.emit("push_resisted", lane=lane, beast=L[5])
                    elif pos > 0:
                        L[1] = pos - 1
                        w.emit("moved", piece="beast", lane=lane, pushed=True,
                               **{"from": pos, "to": pos - 1})
            else:
                _destroy_minifos(w, lane, spaces, card.minifos)
            return
        e = card.effect
        if e == "threat_down":
            _threat_down(w, card.amount, card.floor, card.name)
        elif e == "push_lane":
            L = w.lanes[a.lane]
            new = []
            for p in L[0]:
                q = max(0, p - card.amount)
                if q != p:
                    w.emit("moved", piece="minifo", lane=a.lane, pushed=True,
                           **{"from": p, "to": q})
                new.append(q)
            L[0] = new
            if L[1] is not None and BEASTS[L[5]].power != "heavy" and L[1] > 0:
                q = max(0, L[1] - card.amount)
                w.emit("moved", piece="beast", lane=a.lane, pushed=True,
                       **{"from": L[1], "to": q})
                L[1] = q
        elif e == "clear_battlefield":
            _destroy_minifos(w, a.zone // 2, zone_spaces(a.zone), 10 ** 6)

    # ------------------------------------------------------------ text and JSON
    def parse_action(self, s: GState, text: str):
        return parse(text)

    def state_to_json(self, s: GState) -> dict:
        return s.to_json()

    def state_from_json(self, data) -> GState:
        s = GState.from_json(data)
        check_state(s)
        w = _Work(s)
        _run(w)
        if w.ev or tuple(w.queue) != s.queue:
            raise ValueError("state is not settled: its queue starts with automatic steps "
                             f"({s.queue[0]!r}); store states as `apply` returns them")
        return s

    def describe(self, s: GState) -> str:
        track = BOARD.tracks[s.difficulty]
        head = f"Grendizer XperienZ ({s.difficulty}, {s.players}p) turn {s.turn}"
        if s.result == "victory":
            return f"{head}: VICTORY, {s.destroyed} Saucer Beasts destroyed"
        if s.result == "defeat":
            return f"{head}: GAME OVER, Earth is invaded"
        step = s.queue[0][0] if s.queue else "-"
        phase = {"deal": "dealing", "first": "choosing the first player",
                 "turn_draw": "draw", "pile": "invasion", "beast_card": "invasion",
                 "event": "event", "discard": "Vega Spy discard", "action": "action phase",
                 "move": "Grendizer movement"}.get(step, step)
        return (f"{head}, player {s.player + 1}: {phase}; threat {s.threat}/{track.game_over}"
                f"{' DANGER' if s.danger else ''}; beasts destroyed {s.destroyed}/4; "
                f"Grendizer in {zone_name(s.grendizer)}")

    # ------------------------------------------------------------ for the viewer
    def board_info(self) -> dict:
        """JSON-friendly board layout: lanes, their spaces and zones, the threat tracks."""
        zones = [{"zone": z, "lane": z // 2, "kind": "airspace" if z % 2 == 0 else "battlefield",
                  "name": zone_name(z), "spaces": list(zone_spaces(z)),
                  "adjacent": list(ADJACENT[z])} for z in range(NZONES)]
        return {
            "lanes": [{"lane": l, "location": BOARD.locations[l], "colour": BOARD.colours[l]}
                      for l in range(NLANES)],
            "airspace_boxes": A, "battlefield_squares": BOARD.battlefield_squares,
            "location_space": LOC, "arrival_space": 0, "zones": zones,
            "grendizer_start_zone": SSL_ZONE,
            "minifos_per_colour": BOARD.minifos_per_colour,
            "threat_tracks": {n: {"spaces": t.spaces, "danger": sorted(t.danger),
                                  "game_over": t.game_over} for n, t in BOARD.tracks.items()},
        }

    def card_info(self, card_id: str) -> dict:
        """Printed face of an Actions (`Cxx`), Saucer Beast (`Sxx`) or Event (`Exx`) card."""
        for table, deck in ((ACTIONS, "actions"), (BEASTS, "beasts"), (EVENTS, "events")):
            if card_id in table:
                return {"deck": deck, **{k: (list(v) if isinstance(v, tuple) else v)
                                         for k, v in vars(table[card_id]).items()}}
        raise KeyError(f"unknown card {card_id!r}")


GAME = GrendizerGame()
