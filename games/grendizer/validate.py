"""Every count, range and cross-reference of a loaded Grendizer XperienZ state, checked.

A saved position comes from a file someone may have edited by hand. `check_state` refuses one
the rules could never reach (a Saucer Beast on the board without its card, Grendizer outside
the 8 zones, a threat past GAME OVER, 12 MiniFOs of one colour, five copies of a card, four
beasts destroyed with the game going on, ...) with one message naming the field, so
`flickbook check` and the loader say what is wrong instead of crashing later.
"""
from __future__ import annotations

import re
from collections import Counter

from .data import ACTIONS, BEASTS, BOARD, EVENTS, HAND_SIZE
from .state import BOARD_, DESTROYED, PILE, GState

NLANES = 4
NZONES = 2 * NLANES
LOC = BOARD.location_space
#: step kind -> what its one argument is (None: no argument)
STEP_ARGS = {"deal": "seat", "first": None, "turn_draw": None, "advance": "lanes",
             "pile": "lane", "beast_card": "lane", "threat": None, "check_danger": None,
             "event": None, "discard": None, "take": None, "action": None, "move": None,
             "end": None}


def _in_range(field: str, value, lo: int, hi: int, what: str = "") -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{field}: {value!r} is not a whole number")
    if not lo <= value <= hi:
        raise ValueError(f"{field}: {value} is outside {lo}..{hi}{what}")


def _same_cards(field: str, have: Counter, want: Counter, kind: str) -> None:
    """Every card of a deck is somewhere, once per copy."""
    for cid, n in sorted(have.items()):
        if cid not in want:
            raise ValueError(f"{field}: unknown {kind} card {cid!r}")
        if n > want[cid]:
            raise ValueError(f"{field}: {n} copies of {kind} card {cid!r}, the game has "
                             f"{want[cid]}")
    missing = sorted(cid for cid in want if have[cid] < want[cid])
    if missing:
        raise ValueError(f"{field}: {kind} cards missing: {', '.join(missing)}")


def check_queue(s: GState) -> None:
    for i, step in enumerate(s.queue):
        field = f"queue[{i}]"
        if not step or step[0] not in STEP_ARGS:
            raise ValueError(f"{field}: unknown step {step!r}")
        arg = STEP_ARGS[step[0]]
        if len(step) != (1 if arg is None else 2):
            raise ValueError(f"{field}: step {step[0]!r} takes "
                             f"{'no argument' if arg is None else 'one argument, the ' + arg}")
        if arg == "seat":
            _in_range(f"{field} seat", step[1], 0, s.players - 1, " (a player's seat)")
        elif arg == "lane":
            _in_range(f"{field} lane", step[1], 0, NLANES - 1)
        elif arg == "lanes":
            if not isinstance(step[1], tuple) or not step[1]:
                raise ValueError(f"{field}: 'advance' takes a list of lanes")
            for lane in step[1]:
                _in_range(f"{field} lane", lane, 0, NLANES - 1)


#: one letter per step kind, to read a queue's order as a word
LETTER = {"deal": "D", "first": "F", "turn_draw": "T", "take": "K", "action": "A", "move": "M",
          "end": "E", "pile": "P", "beast_card": "B", "threat": "H", "check_danger": "C",
          "event": "V", "discard": "X", "advance": "Z"}
#: Every order of steps a queue can hold: the setup deals and the first player before turn
#: 1's steps; or the rest of one turn: its draw, or the invasion (Vega Forces moving down,
#: the pile draws, a Saucer Beast card first when one just entered) before the threat phase,
#: or the Event drawn with the Danger face up (and what it pushed: pile draws, a Vega Spy
#: discard) before its Danger check; then taking the revealed card, the action phase,
#: Grendizer's movement and the end of the turn. (Which step may stand first, a draw or a
#: choice, is the loader's "settled" check.)
REACHABLE = re.compile(r"D*F?TKAME|(?:(?:Z?P*|BP*)[HC]|V|X?C)?KAME|AME|ME|E")
TURN_ORDER = ("turn_draw", "take", "action", "move", "end")
PHASE_NAME = {"turn_draw": "the turn's draw", "take": "taking the revealed card",
              "action": "the action phase", "move": "the Grendizer Movement phase",
              "end": "the end of the turn"}


def check_order(s: GState) -> None:
    """The queue's steps come in an order a turn reaches, and the turn's flags (Danger face,
    revealed card, card played, Radio Silence) agree with where the turn stands."""
    if not s.queue:
        return
    kinds = [step[0] for step in s.queue]
    if kinds.count("end") != 1 or kinds[-1] != "end":
        raise ValueError("queue: a game going on holds the rest of one turn, which finishes "
                         "with its one 'end' step")
    for k in TURN_ORDER[:-1]:
        if kinds.count(k) > 1:
            raise ValueError(f"queue: two {k!r} steps, but a turn has one of "
                             f"{PHASE_NAME[k]}")
    at = [kinds.index(k) for k in TURN_ORDER if k in kinds]
    if at != sorted(at):
        later = [k for k in TURN_ORDER if k in kinds]
        pairs = [(a, b) for a, b in zip(later, later[1:]) if kinds.index(a) > kinds.index(b)]
        a, b = pairs[0]
        raise ValueError(f"queue: {PHASE_NAME[a]} ({a!r}) comes before {PHASE_NAME[b]} "
                         f"({b!r}), not after it")
    deals = [step[1] for step in s.queue if step[0] == "deal"]
    if deals:
        if kinds[:len(deals)] != ["deal"] * len(deals):
            raise ValueError("queue: 'deal' steps are the setup: they come before every step "
                             "of a turn")
        if s.turn != 1:
            raise ValueError(f"queue: the setup deals happen before turn 1, not in turn "
                             f"{s.turn}")
        size = HAND_SIZE[s.players]
        order = [seat for _ in range(size) for seat in range(s.players)]
        if deals != order[len(order) - len(deals):] or any(
                len(s.hands[seat]) + deals.count(seat) != size for seat in range(s.players)):
            raise ValueError(f"queue: the setup deals {size} cards to each player in turn; "
                             "these deals and the hands do not add up to that")
    if "first" in kinds and (s.players == 1 or s.turn != 1):
        raise ValueError("queue: the first player is chosen once, at the setup of a game of "
                         "2 or more players")
    if deals and s.players > 1 and "first" not in kinds:
        raise ValueError("queue: after the setup deals the first player is chosen")
    word = "".join(LETTER[k] for k in kinds)
    if not REACHABLE.fullmatch(word):
        raise ValueError(f"queue: the steps {', '.join(kinds)} are not an order a turn "
                         "reaches")
    before_take = kinds[:kinds.index("take")] if "take" in kinds else []
    if s.danger and not ({"threat", "check_danger", "event"} & set(before_take)):
        raise ValueError("danger: the Danger face is up only until the Event it calls for "
                         "is drawn, in the threat phase before the action phase")
    if kinds[0] == "event" and not s.danger:
        raise ValueError("queue: an Event card is drawn only when the Threat marker shows its "
                         "Danger face")
    if s.revealed is not None and ("take" not in kinds or "turn_draw" in kinds):
        raise ValueError("revealed: the turn's Actions card lies face up beside the deck only "
                         "from its draw until the player takes it, before the action phase")
    if s.played and kinds != ["move", "end"]:
        raise ValueError("played: a card is played in the action phase, so 'played' is set "
                         "only after it, in the Grendizer Movement phase")
    if s.silenced and ({"turn_draw", "threat", "deal"} & set(kinds)):
        raise ValueError("silenced: Radio Silence comes from an Event of this turn's threat "
                         "phase, so it is off until then")
    if kinds[0] == "beast_card":
        lane = s.queue[0][1]
        L = s.lanes[lane]
        if L.beast_token != BOARD_ or L.beast_card is not None:
            raise ValueError(f"queue[0]: a Saucer Beast card is drawn for lane {lane} only "
                             "when its token has just entered from the pile")


def check_lanes(s: GState) -> None:
    heads = {step[1] for step in s.queue[:1] if step[0] == "beast_card"}
    for lane, L in enumerate(s.lanes):
        f = f"lanes[{lane}]"
        for i, p in enumerate(L.minifos):
            _in_range(f"{f}.minifos[{i}]", p, 0, LOC, " (arrival box to strategic location)")
        _in_range(f"{f}.reserve", L.reserve, 0, BOARD.minifos_per_colour)
        _in_range(f"{f}.set_aside", L.set_aside, 0, BOARD.minifos_per_colour)
        total = len(L.minifos) + L.reserve + L.set_aside
        if total != BOARD.minifos_per_colour:
            raise ValueError(f"{f}: {total} MiniFOs of colour {BOARD.colours[lane]} (on the "
                             f"board, in the pile, set aside); the game has "
                             f"{BOARD.minifos_per_colour}")
        revealed = L.beast_token == BOARD_ and L.beast_card is None and lane in heads
        if L.set_aside and L.beast_token != PILE and not revealed:
            raise ValueError(f"{f}.set_aside: MiniFOs wait on the Saucer Beast card's space "
                             "only until that Saucer Beast enters")
        if L.beast_pos is not None:
            _in_range(f"{f}.beast_pos", L.beast_pos, 0, LOC)
        if (L.beast_token == BOARD_) != (L.beast_pos is not None):
            raise ValueError(f"{f}.beast_pos: a Saucer Beast token has a space exactly when "
                             "it is on the board")
        if L.beast_card is not None and L.beast_card not in BEASTS:
            raise ValueError(f"{f}.beast_card: unknown Saucer Beast card {L.beast_card!r}")
        if L.beast_token == PILE:
            if L.beast_card is not None or L.damage:
                raise ValueError(f"{f}: a Saucer Beast still in its pile has no card and no "
                                 "damage")
            continue
        if L.beast_card is None:
            if revealed and not L.damage:
                continue  # just revealed: its card is drawn next (a chance node)
            raise ValueError(f"{f}.beast_card: a Saucer Beast on the board or destroyed "
                             "needs its Saucer Beast card")
        life = BEASTS[L.beast_card].life
        _in_range(f"{f}.damage", L.damage, 0, life, f" (the life bar of {L.beast_card})")
        if L.beast_token == DESTROYED and L.damage != life:
            raise ValueError(f"{f}.damage: a destroyed Saucer Beast has lost its whole life "
                             f"bar ({life})")
        if L.beast_token == BOARD_ and L.damage >= life:
            raise ValueError(f"{f}.damage: {L.damage} reaches the destruction symbol of "
                             f"{L.beast_card}, yet the Saucer Beast is still on the board")


def check_cards(s: GState) -> None:
    actions = Counter(s.deck) + Counter(s.discard) + Counter(c for h in s.hands for c in h)
    if s.revealed is not None:
        actions[s.revealed] += 1
    _same_cards("deck, discard, hands and revealed", actions,
                Counter({c.id: c.count for c in ACTIONS.values()}), "Actions")
    beasts = Counter(s.beast_deck) + Counter(L.beast_card for L in s.lanes
                                             if L.beast_card is not None)
    _same_cards("beast_deck and lanes' beast_card", beasts, Counter(dict.fromkeys(BEASTS, 1)),
                "Saucer Beast")
    events = Counter(s.event_deck) + Counter(s.event_discard)
    _same_cards("event_deck and event_discard", events, Counter(dict.fromkeys(EVENTS, 1)),
                "Event")


def check_state(s: GState) -> None:
    """Raise ValueError naming the first field of `s` the rules could never produce."""
    _in_range("player", s.player, 0, s.players - 1, f" (a seat of a {s.players}-player game)")
    _in_range("turn", s.turn, 1, 10 ** 9)
    track = BOARD.tracks[s.difficulty]
    _in_range("threat", s.threat, 0, track.game_over,
              f" (bottom to GAME OVER on the {s.difficulty} track)")
    if s.threat == track.game_over and s.result != "defeat":
        raise ValueError(f"threat: {s.threat} is GAME OVER, so the result is a defeat")
    if s.result == "defeat" and s.threat != track.game_over:
        raise ValueError(f"result: a defeat comes when the Threat marker reaches GAME OVER "
                         f"({track.game_over} on the {s.difficulty} track), not at {s.threat}")
    _in_range("grendizer", s.grendizer, 0, NZONES - 1, " (the 8 zones)")
    check_queue(s)
    check_order(s)
    check_lanes(s)
    check_cards(s)
    destroyed = sum(1 for L in s.lanes if L.beast_token == DESTROYED)
    _in_range("destroyed", s.destroyed, 0, NLANES)
    if s.destroyed != destroyed:
        raise ValueError(f"destroyed: {s.destroyed}, but {destroyed} lanes hold a destroyed "
                         "Saucer Beast")
    if (s.destroyed == NLANES) != (s.result == "victory"):
        raise ValueError("result: the game is won exactly when 4 Saucer Beasts are destroyed "
                         f"(destroyed {s.destroyed}, result {s.result!r})")
    if (s.result is None) != bool(s.queue):
        raise ValueError("queue: a game still going on has steps left, a finished one none")
