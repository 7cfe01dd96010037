"""The Grendizer XperienZ screen overlay (aspect2d): the active player's hand along the bottom,
a large preview of the card under the mouse, and the outcome list at a chance node.

The overlay is plain geometry, not DirectGUI: the window's clicks reach the scene's
`pick`, which asks `hit_ray` what lies under the mouse before looking at the board.
"""
from __future__ import annotations

from panda3d.core import NodePath, Point2, Point3, TextNode, TransparencyAttrib

from games.api import CHANCE
from games.grendizer.actions import BeastDraw, Draw, EventDraw, FirstPlayer, Reveal
from games.grendizer.data import ACTIONS, BEASTS, EVENTS
from viewer.geometry import MeshBuilder

from .cards import card_mesh, card_words, symbol
from .legibility import tag

HAND_W, HAND_H = 0.20, 0.28  # (main's text-heights test wants 0.22 at 1280x720: see the report)
PREVIEW_W = 0.50
WORDS_W = 0.78  # the panel beside the preview with the card's full text
#: Text sizes (aspect2d units): an overlay text's capital height is 0.825 of its size, so 0.042
#: is 12.5 pixels in a 720-pixel-high window (issue 24 point 7: 12 at least).
TITLE_TEXT = 0.042
WORDS_TEXT = 0.042
#: The outcome list: a band of rows along the bottom of the free screen, under the board, as
#: many columns as fit (five at 1280x800: the 49 Actions cards in ten rows).
ROW_H = 0.054
COL_W = 0.60
COL_GAP = 0.012
ROW_TEXT = 0.042  # 12.5 pixels of capital height at 720 pixels high
ROW_CONDENSED = 0.86  # the rows' letters a little narrower than tall, so four columns fit
PAGE_W = 0.07  # the outcome list's page buttons
SYMBOL_R = 0.018  # a zone symbol's radius: 13 pixels across at 1280x720
#: The hand's room (viewer.layout asks for it): the cards, a selected one risen, and the title
#: beside them (it wraps there); room kept for HAND_ROOM cards.
HAND_RISE = 0.04
HAND_ROOM = 5
TITLE_W = 0.5
#: The outcome list's strip shows at most this many rows (the rest on further pages).
PICKER_ROWS = 6
PICKER_PAD = 0.13  # its title row and margins


def _quad(name, x0, z0, x1, z1, rgba) -> NodePath:
    m = MeshBuilder(name)
    m.quad([(x0, 0, z0), (x1, 0, z0), (x1, 0, z1), (x0, 0, z1)], (0, -1, 0), rgba)
    return m.node()


def _label(parent, text, x, z, scale, fg=(0.95, 0.95, 0.92, 1), align=TextNode.ALeft):
    tn = TextNode("ui-text")
    tn.setText(text)
    tn.setAlign(align)
    tn.setTextColor(*fg)
    tn.setShadow(0.05, 0.05)
    tn.setShadowColor(0, 0, 0, 0.8)
    np_ = tag(parent.attachNewNode(tn.generate()), text)
    np_.setScale(scale)
    np_.setPos(x, 0, z)
    return np_


def outcome_label(state, action, p: float) -> str:
    """How the outcome list names one chance outcome (an Actions card's copies are told
    apart by the zone symbols drawn before the name, `outcome_symbols`)."""
    pct = f"{p * 100:.0f}%" if p >= 0.01 else f"{p * 100:.1f}%"
    if isinstance(action, Draw):
        return f"{ACTIONS[action.card].name}  {pct}"
    if isinstance(action, Reveal):
        return f"{'MiniFO' if action.token == 'minifo' else 'Saucer Beast token'}  {pct}"
    if isinstance(action, BeastDraw):
        return f"{BEASTS[action.card].name}  {pct}"
    if isinstance(action, EventDraw):
        return f"{EVENTS[action.card].name}  {pct}"
    if isinstance(action, FirstPlayer):
        return f"Player {action.player + 1} first  {pct}"
    return f"{action}  {pct}"


def outcome_symbols(action) -> tuple:
    """The zone symbols the outcome's card shows (an Actions card's two lanes; none else)."""
    if isinstance(action, Draw):
        return tuple(ACTIONS[action.card].symbols)
    return ()


def _symbol_x(x, k: int) -> float:
    """Centre of the k-th zone symbol of a row whose symbols start at x (aspect2d)."""
    return x + SYMBOL_R + k * (2 * SYMBOL_R + 0.006)


def _symbols_node(lanes, x, zc) -> NodePath:
    """The zone symbols of a card side by side from x, centred on height zc (aspect2d)."""
    m = MeshBuilder("zone-symbols")
    for k, lane in enumerate(lanes):
        symbol(m, lane, _symbol_x(x, k), zc, SYMBOL_R, lambda u, v: (u, 0, v))
    node = m.node()
    node.setTwoSided(True)
    return node


class ScreenUI:
    """Hand, preview and outcome list for one scene; `show(state)` redraws what changed."""

    def __init__(self, scene):
        self.scene = scene
        self.base = scene.base
        self.root = self.base.aspect2d.attachNewNode("grendizer-ui")
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.hand_root = self.root.attachNewNode("hand")
        self.picker_root = self.root.attachNewNode("outcomes")
        self.preview_root = self.root.attachNewNode("preview")
        self.banner_root = self.root.attachNewNode("banner")
        self._banner = None
        self.rects: list = []  # (x0, z0, x1, z1, target) in aspect2d units, topmost first
        self.hand_cards: dict = {}  # index -> (node, card)
        self._hand_key = None
        self._picker_key = None
        self._hover = None
        self._shown = None
        self._playable = (None, set())
        self.force_insets = None  # (right, bottom): a mirror of a window drawn offscreen
        self.picker_enabled = not getattr(self.base, "offscreen", False)
        self.outcomes: list = []
        self.picker_box = None  # (x0, z0, x1, z1) of the outcome list's backdrop (aspect2d)
        self.symbol_spots: list = []  # (outcome, lane, x, z): each zone symbol drawn in it
        self.shown_outcomes: list = []  # the outcomes on the list's page shown
        self.picker_page = 0
        self.picker_pages = 1
        self._picker_state = None
        self.words_box = None  # (x0, z0, x1, z1) of the hover preview's text panel

    # --- geometry of the free screen area ---------------------------------------------------------
    def insets(self):
        """(right, bottom) of the screen the layout keeps from the scene's things: the side
        panel's width and the height of the bar and the message line (aspect2d units)."""
        if self.force_insets is not None:
            return self.force_insets
        screen = self.base.screen
        plan = screen.plan or screen.replan()
        u = screen.unit()
        h = screen.window()[1]
        right = plan.side.w / u if plan.side is not None else 0.0
        low = plan.message or plan.bar
        return right, (h - low.y0) / u if low is not None else 0.0

    def _strip(self, state, chance: bool):
        """Ask the layout for the strip along the bottom: the hand, or the outcome list."""
        key = (id(state), chance, self.scene.selected)
        if key == self._strip_key and "grendizer_hand" in self.base.screen.requests:
            return
        self._strip_key = key
        if chance:  # the outcome list: as wide as the view, as many rows as it needs
            self._strip_rect = None
            rows = self._picker_rows(len(self.scene.game.chance_outcomes(state)) + 1)[1]
            rows = min(rows, PICKER_ROWS)
            self.base.screen.request("grendizer_hand", 1.0, rows * ROW_H + PICKER_PAD,
                                     self._placed, where="strip")
            return
        # the hand: a box of the left column's foot, room for a full hand and the title beside
        # it (the same room whatever is in it now: the view does not move as cards come and go)
        n = max(len(state.hands[state.player]) if state.hands else 0, HAND_ROOM)
        width = n * (HAND_W + 0.02) + 0.04 + TITLE_W
        self.base.screen.request("grendizer_hand", width, HAND_H + HAND_RISE + 0.03,
                                 self._placed, where="bottom", order=10)

    def _placed(self, rect, _folded) -> None:
        self._strip_rect = rect
        self._hand_key = self._picker_key = None
        if self._shown is not None and not self._showing:
            self.show(self._shown)

    _strip_rect = None
    _showing = False
    _strip_key = None

    def _span(self):
        """(x0, x1, z_low) of the strip in aspect2d units (x from the centre, z up)."""
        rect = self._strip_rect
        a = self.aspect()
        if rect is None:
            right, bottom = self.insets()
            return -a + 0.03, a - right - 0.03, -1 + bottom + 0.012
        u = self.base.screen.unit()
        return rect.x0 / u - a, rect.x1 / u - a, 1 - rect.y1 / u

    def _title(self, state) -> str:
        scene = self.scene
        cp = scene.game.current_player(state)
        title = f"Player {state.player + 1}'s hand" + (
            f" (of {state.players})" if state.players > 1 else "")
        if scene.phase(state) == "discard" and cp >= 0:
            title += ": Vega Spy - click a card to discard it"
        elif cp >= 0 and scene.selected:
            title += f": {ACTIONS[scene.selected].name} selected - click its target"
        return title

    def _picker_rows(self, n: int):
        x0, x1, _ = self._span()
        cols = max(1, min(n, int((x1 - x0 + COL_GAP) // (COL_W + COL_GAP))))
        return cols, (n + cols - 1) // cols

    def aspect(self) -> float:
        return self.base.getAspectRatio()

    # --- drawing -----------------------------------------------------------------------------------
    def show(self, state) -> None:
        if state is not self._shown:
            self._shown = state
            self._hover = None
            self.preview_root.getChildren().detach()
        chance = (self.picker_enabled and not self.scene.chaining
                  and self.scene.game.current_player(state) == CHANCE)
        self._showing = True
        try:
            self._strip(state, chance)  # the layout places the strip (it may call _placed)
        finally:
            self._showing = False
        self._show_hand(state)
        self._show_picker(state)
        self._show_banner(state)

    def _show_banner(self, state) -> None:
        """At the end of the game, the outcome in large letters over the board."""
        result = state.result
        if result == self._banner:
            return
        self._banner = result
        self.banner_root.getChildren().detach()
        if result is None:
            self.base.screen.release("grendizer_banner")
            return
        text, sub, colour = (("VICTORY", "The fourth Saucer Beast is destroyed: Earth is saved!",
                              (0.45, 1.0, 0.55, 1)) if result == "victory" else
                             ("GAME OVER", "The Threat reached the top: Earth is invaded",
                              (1.0, 0.35, 0.30, 1)))
        # drawn from its top-left corner; the layout gives it a place in the column of boxes
        # (never over the board, the hand or another box)
        _quad("banner", 0.0, -0.24, 1.2, 0.0, (0.04, 0.05, 0.07, 0.78)).reparentTo(
            self.banner_root)
        _label(self.banner_root, text, 0.6, -0.125, 0.095, fg=colour, align=TextNode.ACenter)
        _label(self.banner_root, sub, 0.6, -0.2, 0.036, align=TextNode.ACenter)
        self.base.screen.request("grendizer_banner", 1.2, 0.24, self._banner_placed,
                                 order=5, rank=3)

    def _banner_placed(self, rect, _folded) -> None:
        if rect is None:
            self.banner_root.hide()
            return
        x, z = self.base.screen.top_left(rect)
        # banner_root lives under aspect2d: a2dTopLeft's corner is (-aspect, 1) there
        self.banner_root.setPos(x - self.base.getAspectRatio(), 0, z + 1.0)
        self.banner_root.show()

    def _show_hand(self, state) -> None:
        scene = self.scene
        game = scene.game
        cp = game.current_player(state)
        hand = state.hands[state.player] if state.hands else ()
        kind = scene.phase(state)
        if self._playable[0] is not state:  # animations call show() every frame: ask once
            playable = set()
            if cp >= 0:
                for a in game.legal_actions(state):
                    card = getattr(a, "card", None)
                    if card is not None:
                        playable.add(card)
            self._playable = (state, playable)
        playable = self._playable[1]
        key = (state.player, hand, scene.selected, frozenset(playable), kind, self._span(),
               round(self.aspect(), 3), cp == CHANCE, state.result)
        if key == self._hand_key:
            return
        self._hand_key = key
        self.hand_root.getChildren().detach()
        self.hand_cards = {}
        self.rects = [r for r in self.rects if r[4][0] != "hand"]
        x0, x1, z_low = self._span()
        x0, x1 = x0 + 0.02, x1 - 0.02 - TITLE_W
        zc = z_low + 0.015 + HAND_H / 2
        n = len(hand)
        step = min(HAND_W + 0.02, (x1 - x0 - HAND_W) / max(n - 1, 1))
        tn = TextNode("hand-title")
        tn.setText(self._title(state))
        tn.setTextColor(1.0, 0.90, 0.55, 1)
        tn.setShadow(0.05, 0.05)
        tn.setShadowColor(0, 0, 0, 0.8)
        tn.setWordwrap((TITLE_W - 0.02) / TITLE_TEXT)
        title = tag(self.hand_root.attachNewNode(tn.generate()), tn.getText())
        title.setScale(TITLE_TEXT)
        right = x0 + HAND_W + step * max(n - 1, 0)
        title.setPos(right + 0.03, 0, zc + HAND_H / 2 - 0.03)
        if n == 0:
            return
        tex = self.scene.atlas.texture
        for i, card in enumerate(hand):
            cx = x0 + HAND_W / 2 + i * step
            z = zc + (HAND_RISE if card == scene.selected else 0.0)
            if card == scene.selected:
                glow = _quad("glow", cx - HAND_W / 2 - 0.014, z - HAND_H / 2 - 0.014,
                             cx + HAND_W / 2 + 0.014, z + HAND_H / 2 + 0.014, (1.0, 0.85, 0.2, 1))
                glow.reparentTo(self.hand_root)
            node = card_mesh(self.scene.atlas, card, card, w=HAND_W, h=HAND_H, plane="xz")
            node.setTexture(tex)
            node.setPos(cx, 0, z)
            node.reparentTo(self.hand_root)
            if cp >= 0 and card not in playable and kind != "discard":
                node.setColorScale(0.62, 0.62, 0.66, 1)
            self.hand_cards[i] = (node, card)
            # later cards overlap earlier ones: test them first
            self.rects.insert(0, (cx - HAND_W / 2, z - HAND_H / 2, cx + HAND_W / 2,
                                  z + HAND_H / 2, ("hand", card)))
        self._hover = None

    def _show_picker(self, state) -> None:
        game = self.scene.game
        chance = (self.picker_enabled and not self.scene.chaining
                  and game.current_player(state) == CHANCE)
        session = getattr(self.base, "session", None)
        explored = ()
        if chance and session is not None and session.node.state is state:
            explored = tuple(str(c.action) for c in session.node.variations)
        if self._picker_state is not state:  # a new draw starts on its first page
            self._picker_state, self.picker_page = state, 0
        key = (id(state), chance, explored, round(self.aspect(), 3), self._span(),
               self.picker_page)
        if key == self._picker_key:
            return
        self._picker_key = key
        self.picker_root.getChildren().detach()
        self.rects = [r for r in self.rects if r[4][0] not in ("outcome", "random", "page")]
        self.outcomes = []
        self.picker_box = None
        self.symbol_spots = []
        self.shown_outcomes = []
        self.hand_root.show()
        if not chance:
            return
        self.hand_root.hide()
        outs = list(game.chance_outcomes(state))
        self.outcomes = outs
        items = [("Random draw (seeded)", ("random",), False, ())] + [
            (outcome_label(state, act, p), ("outcome", act), str(act) in explored,
             outcome_symbols(act)) for act, p in outs]
        # along the bottom of the free screen, under the board (the hand hides meanwhile): the
        # layout's strip; as many rows as fit there, the rest on further pages (< and > in the
        # title's row)
        x0, x1, z_low = self._span()
        x0 += 0.015
        cols = max(1, min(len(items), int((x1 - x0 + COL_GAP) // (COL_W + COL_GAP))))
        z_low += 0.012
        rect = self._strip_rect
        room = (rect.h / self.base.screen.unit() if rect is not None else
                PICKER_ROWS * ROW_H + PICKER_PAD) - PICKER_PAD
        fit = max(1, int(room // ROW_H + 1e-6))
        rows = min(fit, (len(items) + cols - 1) // cols)
        per_page = rows * cols
        pages = (len(items) + per_page - 1) // per_page
        self.picker_pages = pages
        self.picker_page = min(self.picker_page, pages - 1)
        first = self.picker_page * per_page
        items = items[first:first + per_page]
        top = z_low + rows * ROW_H + 0.06  # the title's baseline
        back = (x0 - 0.015, z_low - 0.008, x0 + cols * (COL_W + COL_GAP) + 0.003, top + 0.05)
        self.picker_box = back
        _quad("backdrop", *back, (0.05, 0.06, 0.08, 0.80)).reparentTo(self.picker_root)
        title = "What comes? Click an outcome (* already in the record)"
        if pages > 1:
            title += f"   page {self.picker_page + 1} of {pages}"
        _label(self.picker_root, title, x0, top, TITLE_TEXT, fg=(1.0, 0.90, 0.55, 1))
        if pages > 1:
            for k, (word, step) in enumerate((("<", -1), (">", 1))):
                bx1 = back[2] - 0.012 - (1 - k) * (PAGE_W + 0.012)
                bx0 = bx1 - PAGE_W
                bz0, bz1 = top - 0.012, top + 0.042
                live = 0 <= self.picker_page + step < pages
                _quad("page", bx0, bz0, bx1, bz1, (0.30, 0.32, 0.40, 0.95) if live else
                      (0.16, 0.17, 0.21, 0.6)).reparentTo(self.picker_root)
                _label(self.picker_root, word, (bx0 + bx1) / 2, bz0 + 0.014, TITLE_TEXT,
                       align=TextNode.ACenter)
                if live:
                    self.rects.append((bx0, bz0, bx1, bz1, ("page", step)))
        for i, (text, target, done, lanes) in enumerate(items):
            col, row = divmod(i, rows)
            bx = x0 + col * (COL_W + COL_GAP)
            bz = top - 0.04 - (row + 1) * ROW_H
            colour = (0.45, 0.30, 0.08, 0.95) if target[0] == "random" else (
                (0.20, 0.40, 0.26, 0.95) if done else (0.16, 0.17, 0.21, 0.92))
            _quad("btn", bx, bz, bx + COL_W, bz + ROW_H - 0.005, colour).reparentTo(self.picker_root)
            tx = bx + 0.01
            if lanes:
                zc = bz + (ROW_H - 0.005) / 2
                _symbols_node(lanes, tx, zc).reparentTo(self.picker_root)
                self.symbol_spots += [(target[1], lane, _symbol_x(tx, k), zc)
                                      for k, lane in enumerate(lanes)]
                tx = _symbol_x(tx, len(lanes)) - SYMBOL_R + 0.006
            _label(self.picker_root, ("* " if done else "") + text, tx, bz + 0.013,
                   ROW_TEXT).setSx(ROW_TEXT * ROW_CONDENSED)
            self.rects.append((bx, bz, bx + COL_W, bz + ROW_H - 0.005, target))
            if target[0] == "outcome":
                self.shown_outcomes.append(target[1])

    def turn_page(self, step: int) -> str:
        """Show the outcome list's next (or previous) page; the words for the message line."""
        pages = getattr(self, "picker_pages", 1)
        self.picker_page = min(max(self.picker_page + step, 0), pages - 1)
        if self.scene.state is not None:
            self._show_picker(self.scene.state)
        return f"Outcomes, page {self.picker_page + 1} of {pages}"

    def page_of(self, outcome) -> None:
        """Turn the list to the page that shows `outcome` (for a caller that names one)."""
        for _ in range(getattr(self, "picker_pages", 1)):
            if outcome in self.shown_outcomes:
                return
            self.turn_page(1 if self.picker_page + 1 < self.picker_pages else -self.picker_page)

    def _board_bottom(self) -> float:
        """The aspect2d height of the lowest corner of the Strategic Locations and the lanes'
        piles (the list stays under it); the window's middle when the board is out of view."""
        from . import layout as L

        z = L.SURFACE
        y = L.space_y(L.LOC)
        points = [(L.box_x(n) + dx * L.BOX_W / 2, y + dy * L.LOC_H / 2, z)
                  for n in range(L.NLANES) for dx in (-1, 1) for dy in (-1, 1)]
        seen = [p for p in (self._aspect_of_world(q) for q in points) if p is not None]
        return round(min(p[1] for p in seen), 3) if seen else 0.0

    # --- the mouse ----------------------------------------------------------------------------------
    def screen_of_ray(self, origin):
        """Mouse film coordinates (-1..1) of a ray that starts on the camera's near plane."""
        base = self.base
        p = base.cam.getRelativePoint(base.render, Point3(*origin))
        # the ray starts on the near plane; nudge it inside the frustum before projecting
        p = p * 1.0001
        p2 = Point2()
        if not base.camLens.project(p, p2):
            return None
        return (p2.x, p2.y)

    def hit(self, ax: float, az: float):
        hand_hidden = self.hand_root.isHidden()  # the outcome list is in its place
        for x0, z0, x1, z1, target in self.rects:
            if hand_hidden and target[0] == "hand":
                continue
            if x0 <= ax <= x1 and z0 <= az <= z1:
                return target
        return None

    def hit_ray(self, origin):
        s = self.screen_of_ray(origin)
        if s is None:
            return None
        return self.hit(s[0] * self.aspect(), s[1])

    def pixel_of(self, target, size):
        """Window pixel (x, y from the top left) of the centre of a screen target."""
        p = self.aspect_point(target)
        if p is None:
            return None
        w, h = size
        return ((p[0] / self.aspect() + 1) / 2 * w, (1 - p[1]) / 2 * h)

    def screen_items(self, size) -> dict:
        """Each screen target (a card in hand, an outcome of the draw list) by name, its words
        joined by spaces ("hand C05", "outcome draw C12"), -> its box in window pixels (x0, y0,
        x1, y1 from the top left); the topmost where two share a name."""
        w, h = size
        a = self.aspect()
        out = {}
        for x0, z0, x1, z1, target in self.rects:
            name = " ".join(str(t) for t in target)
            out.setdefault(name, ((x0 / a + 1) / 2 * w, (1 - z1) / 2 * h,
                                  (x1 / a + 1) / 2 * w, (1 - z0) / 2 * h))
        return out

    def aspect_point(self, target):
        """Centre (aspect2d x, z) of the first screen rectangle whose target is `target`."""
        for x0, z0, x1, z1, t in self.rects:
            if t == target:
                return ((x0 + x1) / 2, (z0 + z1) / 2)
        return None

    def hover(self, state, pick) -> None:
        t = pick.target if pick is not None else None
        card = None
        if t is not None and t[0] in ("hand", "card"):
            card = t[1]
        elif t is not None and t[0] == "beast" and state is not None:
            card = state.lanes[t[1]].beast_card
        if card == self._hover:
            return
        self._hover = card
        self.preview_root.getChildren().detach()
        for i, (node, c) in self.hand_cards.items():
            node.setScale(1.0)
        if card is None:
            return
        for i, (node, c) in self.hand_cards.items():
            if c == card and t[0] == "hand":
                node.setScale(1.08)
        a = self.aspect()
        h = PREVIEW_W * 1.4
        node = card_mesh(self.scene.atlas, card, card, w=PREVIEW_W, h=h, plane="xz")
        node.setTexture(self.scene.atlas.texture)
        right, bottom = self.insets()
        at = self.aspect_point(t) if t[0] == "hand" else self._aspect_of_world(pick.point)
        if at is None:
            at = (0.0, 0.0)
        if t[0] == "hand":  # above the hand, over the card
            x, z = at[0], self._span()[2] + HAND_H + HAND_RISE + 0.08 + h / 2
        else:  # beside the card on the table, on the side with more room
            side = 1 if at[0] < (-a + a - right) / 2 else -1
            x = at[0] + side * (PREVIEW_W / 2 + 0.2)
            z = at[1]
        x = min(max(x, -a + PREVIEW_W / 2 + 0.02), a - right - PREVIEW_W - WORDS_W - 0.02)
        z = min(max(z, -1 + bottom + h / 2 + 0.02), 1 - h / 2 - 0.02)
        node.setPos(x, 0, z)
        node.reparentTo(self.preview_root)
        self._words(card, x + PREVIEW_W / 2, z + h / 2)

    def _words(self, card, x0, top) -> None:
        """The card's name, kind and full rules text on a dark panel right of the preview."""
        name, kind, text = card_words(card)
        words = self.preview_root.attachNewNode("words")
        pad = 0.025
        z = top - pad
        for part, scale, fg in ((name, 0.05, (1.0, 0.90, 0.55, 1)),
                                (kind, WORDS_TEXT, (0.80, 0.85, 0.95, 1)),
                                (text, WORDS_TEXT, (0.95, 0.95, 0.92, 1))):
            tn = TextNode("card-text")
            tn.setWordwrap((WORDS_W - 2 * pad) / scale)
            tn.setText(part)
            tn.setTextColor(*fg)
            z -= scale * 1.05  # down to the first line's baseline
            body = tag(words.attachNewNode(tn.generate()), part)
            body.setScale(scale)
            body.setPos(x0 + pad, 0, z)
            z -= (tn.getNumRows() - 1) * scale * tn.getLineHeight() + scale * 0.55
        z0 = z - pad
        low = -1 + self.insets()[1] + 0.02  # a long text lifts the panel above the bar
        if z0 < low:
            words.setZ(min(low - z0, 1 - 0.02 - top))
        back = _quad("words-back", x0, z0, x0 + WORDS_W, top, (0.05, 0.06, 0.08, 0.88))
        back.reparentTo(words)
        back.setBin("fixed", 0)
        for child in words.getChildren():
            if child != back:
                child.setBin("fixed", 1)
        lift = words.getZ()
        self.words_box = (x0, z0 + lift, x0 + WORDS_W, top + lift)

    def _aspect_of_world(self, point):
        """aspect2d (x, z) of a world point, or None when it is not in view."""
        if point is None:
            return None
        base = self.base
        p = base.cam.getRelativePoint(base.render, Point3(*point))
        p2 = Point2()
        if not base.camLens.project(p, p2):
            return None
        return (p2.x * self.aspect(), p2.y)

    def frame(self) -> None:
        """Per-frame upkeep: lay the hand out again when the window or the panels change."""
        state = self.scene.state
        if state is None or self._hand_key is None:
            return
        if self._hand_key[5:7] != (self._span(), round(self.aspect(), 3)):
            self.show(state)

    def destroy(self) -> None:
        self.base.screen.release("grendizer_hand")
        self.root.removeNode()


def _fit(text: str, width: float, scale: float = ROW_TEXT) -> str:
    """`text` cut with an ellipsis to `width` aspect2d units at `scale`."""
    tn = TextNode("fit")
    if tn.calcWidth(text) * scale <= width:
        return text
    while text and tn.calcWidth(text + "…") * scale > width:
        text = text[:-1]
    return text.rstrip() + "…"
