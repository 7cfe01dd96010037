"""Where everything of Grendizer XperienZ lies on the table: pure geometry, no Panda3D.

The board is seen from the players' side (-Y). Lanes stand side by side along X in the rules'
order (Makiba Ranch, Space Science Laboratory, Tokyo, Military Harbour). Each lane runs from
its face-down pile and Saucer Beast card place at the far end, through the arrival box (space
0) and the other Airspace boxes, past the arrows, down the Battlefield squares to the Strategic
Location nearest the players, so "one space down" moves a token towards the players. Beside
each lane a narrow strip shows its two zones; Grendizer stands on the strip of his zone.

The threat track lies to the right, decks and discard piles to the left.

Tokens are physical: each colour has `minifos_per_colour` MiniFO tokens and one Saucer Beast
token that are always somewhere (on a space, in the pile, on the Saucer Beast card's place, or
out of the game), so every change of state is a movement of tokens and animates as one.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.grendizer.data import BOARD

NLANES = 4
A = BOARD.airspace_boxes
LOC = BOARD.location_space
MINIFOS = BOARD.minifos_per_colour

# --- sizes (world units) ---------------------------------------------------------------------
BOARD_H = 0.10  # top of the board slab
INLAY_H = 0.018  # spaces are raised a little above the slab
SURFACE = BOARD_H + INLAY_H  # where tokens stand
LANE_PITCH = 2.75
BOX_W = 2.0
BOX_H = 1.15
SPACE_PITCH = 1.27
ARROW_GAP = 0.62
LOC_H = 1.75
STRIP_W = 0.46
CARD_W = 1.5
CARD_H = 2.1
CARD_T = 0.025
MINIFO_R = 0.19
MINIFO_T = 0.07
BEAST_R = 0.31
BEAST_T = 0.10
TRACK_X = 7.05
TRACK_W = 1.35

#: Lane colours (RGB), by lane index; the data names them.
COLOUR_RGB = {
    "green": (0.13, 0.62, 0.25),
    "yellow": (0.95, 0.76, 0.10),
    "red": (0.84, 0.14, 0.12),
    "blue": (0.14, 0.38, 0.88),
}
LANE_RGB = tuple(COLOUR_RGB.get(c, (0.7, 0.7, 0.7)) for c in BOARD.colours)


def lane_x(lane: int) -> float:
    """X of the lane's centre line (boxes and zone strip together)."""
    return (lane - (NLANES - 1) / 2) * LANE_PITCH


def box_x(lane: int) -> float:
    """X of the centre of the lane's boxes (the zone strip is to their right)."""
    return lane_x(lane) - STRIP_W / 2 - 0.03


def strip_x(lane: int) -> float:
    return box_x(lane) + BOX_W / 2 + 0.06 + STRIP_W / 2


def space_y(space: int) -> float:
    """Y of the centre of space `space` (0 = arrival box, LOC = the Strategic Location)."""
    top = 4.35
    if space < A:
        return top - space * SPACE_PITCH
    first_bf = top - (A - 1) * SPACE_PITCH - SPACE_PITCH - ARROW_GAP
    if space < LOC:
        return first_bf - (space - A) * SPACE_PITCH
    last = first_bf - (LOC - 1 - A) * SPACE_PITCH
    return last - BOX_H / 2 - 0.09 - LOC_H / 2


def space_size(space: int) -> tuple[float, float]:
    return (BOX_W, LOC_H if space == LOC else BOX_H)


def arrow_y() -> float:
    """Y of the arrows between the Airspace boxes and the Battlefield squares."""
    return (space_y(A - 1) + space_y(A)) / 2


def beast_card_pos(lane: int) -> tuple[float, float]:
    """Centre of the place where the lane's Saucer Beast card lies once drawn."""
    return (box_x(lane), space_y(0) + BOX_H / 2 + 0.22 + CARD_H / 2)


def pile_pos(lane: int) -> tuple[float, float]:
    """The lane's face-down pile of MiniFO tokens (and its Saucer Beast token)."""
    cx, cy = beast_card_pos(lane)
    return (cx, cy + CARD_H / 2 + 0.55)


def zone_extent(zone: int) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a zone: its boxes and its strip."""
    lane, kind = divmod(zone, 2)
    spaces = range(0, A) if kind == 0 else range(A, LOC + 1)
    ys = [space_y(s) for s in spaces]
    hs = [space_size(s)[1] for s in spaces]
    y1 = max(y + h / 2 for y, h in zip(ys, hs))
    y0 = min(y - h / 2 for y, h in zip(ys, hs))
    x0 = box_x(lane) - BOX_W / 2
    x1 = strip_x(lane) + STRIP_W / 2
    return (x0, y0, x1, y1)


def zone_center(zone: int) -> tuple[float, float]:
    x0, y0, x1, y1 = zone_extent(zone)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def grendizer_pos(zone: int) -> tuple[float, float, float]:
    """Grendizer stands on his zone's strip, half way along it."""
    lane = zone // 2
    _, y0, _, y1 = zone_extent(zone)
    return (strip_x(lane), (y0 + y1) / 2, SURFACE)


# --- the threat track --------------------------------------------------------------------------
def track_spaces(difficulty: str) -> int:
    return BOARD.tracks[difficulty].spaces


def track_pitch(difficulty: str) -> float:
    return 12.6 / track_spaces(difficulty)


def track_y(difficulty: str, space: int) -> float:
    """Y of a threat-track space: 0 nearest the players, GAME OVER at the far end."""
    p = track_pitch(difficulty)
    return space_y(LOC) - LOC_H / 2 + p / 2 + space * p


# --- decks on the left -------------------------------------------------------------------------
DECK_X = -7.55
DECK_X2 = -9.35
#: Rows far enough apart that each pile's name lies wholly between its card and the next row's,
#: where the nearer deck's height cannot hide it from the seat.
DECK_PITCH = 2.8
PLACES = {
    "actions_deck": (DECK_X, 0.4 + 2 * DECK_PITCH),
    "revealed": (DECK_X, 0.4 + DECK_PITCH),
    "discard": (DECK_X, 0.4),
    "beast_deck": (DECK_X2, 0.4 + 2 * DECK_PITCH),
    "event_deck": (DECK_X2, 0.4 + DECK_PITCH),
    "event_discard": (DECK_X2, 0.4),
}
TROPHY = (DECK_X - 0.9, -2.5)  # destroyed Saucer Beast tokens, out of the game


#: How far the seat view's target lies beyond the table's centre: the far piles then stand below
#: the status lines, the Strategic Locations above the hand.
SEAT_SHIFT = -0.15
SEAT_ROOM = 1.2  # ...and the camera a little further back than the table alone needs


def table_frame() -> tuple[float, float, float]:
    """Centre x, y and radius of the table: the decks, the board, the piles and the track."""
    x0, x1 = DECK_X2 - CARD_W / 2 - 0.3, TRACK_X + TRACK_W / 2 + 0.3
    y0, y1 = space_y(LOC) - LOC_H / 2 - 0.3, pile_pos(0)[1] + 0.5
    return (x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0) / 2


def bounds() -> tuple[tuple[float, float, float], float]:
    """Centre and radius of what the camera frames (the seat view aims at the centre)."""
    cx, cy, r = table_frame()
    return (cx, cy + SEAT_SHIFT, 0.0), r * SEAT_ROOM


# --- token places ------------------------------------------------------------------------------
#: MiniFO slots inside a box, as offsets from the box centre (beast token to their right).
_SLOTS = [(-0.70, 0.24), (-0.30, 0.24), (0.10, 0.24), (-0.70, -0.24), (-0.30, -0.24),
          (0.10, -0.24)]
_BEAST_OFF = (0.55, 0.0)


def minifo_slot(lane: int, space: int, k: int) -> tuple[float, float, float]:
    """Where the k-th MiniFO on a space lies (the 7th and later stack on the first six)."""
    x, y = box_x(lane), space_y(space)
    if space == LOC:
        y -= 0.28  # below the location's name
    dx, dy = _SLOTS[k % len(_SLOTS)]
    return (x + dx, y + dy, SURFACE + (k // len(_SLOTS)) * MINIFO_T)


def beast_slot(lane: int, space: int) -> tuple[float, float, float]:
    x, y = box_x(lane), space_y(space)
    if space == LOC:
        y -= 0.28
    return (x + _BEAST_OFF[0], y + _BEAST_OFF[1], SURFACE)


def pile_slot(lane: int, k: int) -> tuple[float, float, float]:
    """The k-th token (from the bottom) of a face-down pile."""
    x, y = pile_pos(lane)
    return (x, y, BOARD_H + k * MINIFO_T)


def aside_slot(lane: int, k: int) -> tuple[float, float, float]:
    """MiniFOs set aside on the (empty) Saucer Beast card place, in two rows."""
    cx, cy = beast_card_pos(lane)
    col, row = k % 4, k // 4
    return (cx - 0.54 + col * 0.36, cy + 0.55 - row * 0.42, SURFACE)


def trophy_slot(k: int) -> tuple[float, float, float]:
    x, y = TROPHY
    return (x + k * 0.7, y, 0.0)


@dataclass(frozen=True)
class Place:
    """Where one token is: pos is its centre bottom; face_up false shows its back."""

    pos: tuple
    face_up: bool = True


def token_locations(state) -> dict:
    """Abstract location of every token: id -> ("board", space) | ("pile",) | ("aside",) | ("out",).

    MiniFO ids are ("m", lane, k) for k < MINIFOS, Saucer Beast token ids ("b", lane). Within
    a lane, tokens are numbered in a fixed order (board by space, set aside, pile): identical
    tokens, so the numbering only matters to animations, which match tokens by their moves.
    """
    out = {}
    for lane, L in enumerate(state.lanes):
        locs = [("board", s) for s in L.minifos] + [("aside",)] * L.set_aside
        locs += [("pile",)] * L.reserve
        # Tokens not accounted for (a hand-made state): keep them out of the game.
        locs += [("out",)] * max(0, MINIFOS - len(locs))
        for k, loc in enumerate(locs[:MINIFOS]):
            out[("m", lane, k)] = loc
        if L.beast_token == "board":
            out[("b", lane)] = ("board", L.beast_pos)
        elif L.beast_token == "pile":
            out[("b", lane)] = ("pile",)
        else:
            out[("b", lane)] = ("out",)
    return out


def places_for(locations: dict, destroyed_order=(), seq=None) -> dict:
    """Concrete Place of every token from abstract locations.

    Slots of a space or pile are filled in id order, except that tokens with a `seq` number
    (animations number tokens as they arrive) come after the others, in arrival order, so a
    token that arrives takes the next free slot and the others stay where they are.
    """
    seq = seq or {}

    def order(t):
        return (seq.get(t, -1), t[2] if t[0] == "m" else -1)

    out = {}
    counts: dict = {}
    for lane in range(NLANES):
        # the pile: the Saucer Beast token at the bottom when it is still there
        k = 0
        b = ("b", lane)
        if locations.get(b) == ("pile",):
            out[b] = Place(pile_slot(lane, 0), face_up=False)
            k = 1
        ids = sorted((t for t in locations if t[0] == "m" and t[1] == lane), key=order)
        for t in ids:
            loc = locations[t]
            if loc == ("pile",):
                out[t] = Place(pile_slot(lane, k), face_up=False)
                k += 1
    for t in sorted((t for t in locations if t[0] == "m"), key=lambda t: (t[1],) + order(t)):
        loc = locations[t]
        lane = t[1]
        if loc[0] == "board":
            key = (lane, loc[1])
            n = counts.get(key, 0)
            counts[key] = n + 1
            out[t] = Place(minifo_slot(lane, loc[1], n))
        elif loc == ("aside",):
            key = (lane, "aside")
            n = counts.get(key, 0)
            counts[key] = n + 1
            out[t] = Place(aside_slot(lane, n))
        elif loc == ("out",):
            out[t] = Place((TROPHY[0] - 1.0, TROPHY[1] - 1.5, -5.0), face_up=False)
    trophies = list(destroyed_order)
    for lane in range(NLANES):
        b = ("b", lane)
        loc = locations.get(b)
        if loc is None or loc == ("pile",):
            continue
        if loc[0] == "board":
            out[b] = Place(beast_slot(lane, loc[1]))
        else:
            if lane not in trophies:
                trophies.append(lane)
            out[b] = Place(trophy_slot(trophies.index(lane)))
    return out


def state_places(state) -> dict:
    """Place of every token in `state`."""
    destroyed = [l for l, L in enumerate(state.lanes) if L.beast_token == "destroyed"]
    return places_for(token_locations(state), destroyed)


# --- cards on the table ------------------------------------------------------------------------
#: The life bar on a Saucer Beast card, in card coordinates (u across, v up, both 0..1).
LIFE_BAR_V = 0.30
LIFE_BAR_U = (0.13, 0.87)


def life_slot_u(k: int, life: int) -> float:
    """u of the k-th space of a life bar of `life` HP spaces plus the destruction symbol."""
    u0, u1 = LIFE_BAR_U
    n = life + 1
    return u0 + (u1 - u0) * (k + 0.5) / n


def card_point(center, u: float, v: float, z: float) -> tuple[float, float, float]:
    """World point of card coordinates (u, v) on a face-up card lying at `center`."""
    return (center[0] + (u - 0.5) * CARD_W, center[1] + (v - 0.5) * CARD_H, z)


def hp_marker_pos(lane: int, damage: int, life: int) -> tuple[float, float, float]:
    cx, cy = beast_card_pos(lane)
    return card_point((cx, cy), life_slot_u(min(damage, life), life), LIFE_BAR_V,
                      BOARD_H + CARD_T)


def stack_height(n: int) -> float:
    """Height of a pile of n cards (drawn thinner than real so a deck stays a slab)."""
    return max(n, 0) * CARD_T * 0.35


def pile_top(name: str, n: int) -> tuple[float, float, float]:
    """Where the top card of a pile of n cards named in PLACES lies."""
    x, y = PLACES[name]
    return (x, y, stack_height(max(n - 1, 0)))


HAND_FROM = (0.0, -8.5, 4.0)  # where a card to or from the hand flies (towards the players)
