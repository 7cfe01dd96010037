"""Meshes of the Grendizer XperienZ pieces and of the board, built from numbers (no files)."""
from __future__ import annotations

from panda3d.core import NodePath, TextNode

from .legibility import tag

from viewer import geometry
from viewer.geometry import MeshBuilder

from . import layout as L
from .cards import fan, rect, shape_points, symbol

WHITE = (1, 1, 1, 1)


def _shade(rgb, k):
    return tuple(min(1.0, c * k) for c in rgb)


def token_profile(r: float, t: float):
    """A cardboard-like counter: flat faces, slightly rounded rim."""
    return [(0.0, -t / 2), (r * 0.93, -t / 2), (r, -t * 0.3), (r, t * 0.3), (r * 0.93, t / 2),
            (0.0, t / 2)]


def token(name: str, r: float, t: float, body, face_fn, back_fn) -> NodePath:
    """A counter centred on its own origin; `face_fn(m, to3)` and `back_fn` draw its faces."""
    node = NodePath(name)
    geometry.lathe(name + "-body", token_profile(r, t), 28, (*body, 1)).reparentTo(node)
    m = MeshBuilder(name + "-faces")

    def top(i):  # decal layer i on the face: each a little above the one before
        return lambda x, y: (x, y, t / 2 + 0.0012 * (i + 1))

    def bottom(i):
        return lambda x, y: (-x, y, -t / 2 - 0.0012 * (i + 1))

    face_fn(m, top)
    back_fn(m, bottom, (0, 0, -1))
    m.node().reparentTo(node)
    return node


def minifo(lane: int) -> NodePath:
    """A MiniFO token: the lane's colour with its white zone symbol; a darker back."""
    rgb = L.LANE_RGB[lane]
    r, t = L.MINIFO_R, L.MINIFO_T

    def face(m, layer):
        fan(m, shape_points("circle", r * 0.86), layer(0), (*_shade(rgb, 1.12), 1))
        symbol(m, lane, 0, 0, r * 0.78, layer(1), disc=False)

    def back(m, layer, n):
        fan(m, shape_points("circle", r * 0.9), layer(0), (*_shade(rgb, 0.45), 1), n)
        fan(m, shape_points("circle", r * 0.35), layer(1), (0.15, 0.15, 0.17, 1), n)

    return token(f"minifo-{lane}", r, t, _shade(rgb, 0.85), face, back)


def beast_token(lane: int) -> NodePath:
    """A Saucer Beast token: dark, with a ring and the symbol in the lane's colour, horns."""
    rgb = L.LANE_RGB[lane]
    r, t = L.BEAST_R, L.BEAST_T

    def face(m, layer):
        fan(m, shape_points("circle", r * 0.92), layer(0), (*rgb, 1))
        fan(m, shape_points("circle", r * 0.74), layer(1), (0.16, 0.05, 0.07, 1))
        fan(m, shape_points(("circle", "triangle", "square", "diamond")[lane], r * 0.42),
            layer(2), (*_shade(rgb, 1.2), 1))
        for sx in (-1, 1):  # two horns: it is a monster
            fan(m, [(sx * r * 0.12, r * 0.50), (sx * r * 0.30, r * 0.45), (sx * r * 0.50, r * 0.70)],
                layer(2), (0.95, 0.90, 0.80, 1))

    def back(m, layer, n):
        fan(m, shape_points("circle", r * 0.9), layer(0), (*_shade(rgb, 0.45), 1), n)
        fan(m, shape_points("circle", r * 0.35), layer(1), (0.15, 0.15, 0.17, 1), n)

    return token(f"beast-{lane}", r, t, (0.22, 0.06, 0.09), face, back)


def threat_marker() -> NodePath:
    """The Threat marker: coloured face up; turned over it shows the grey Danger face."""
    r, t = 0.30, 0.10

    def face(m, layer):
        fan(m, shape_points("circle", r * 0.9), layer(0), (0.98, 0.55, 0.10, 1))
        fan(m, shape_points("circle", r * 0.45), layer(1), (1.0, 0.85, 0.35, 1))

    def back(m, layer, n):
        fan(m, shape_points("circle", r * 0.9), layer(0), (0.55, 0.56, 0.60, 1), n)
        fan(m, shape_points("triangle", r * 0.62), layer(1), (0.95, 0.95, 0.95, 1), n)
        rect(m, -0.018, -0.10, 0.018, 0.06, layer(2), (0.15, 0.15, 0.15, 1), n)

    return token("threat-marker", r, t, (0.80, 0.42, 0.08), face, back)


def hp_marker() -> NodePath:
    node = geometry.lathe("hp", token_profile(0.085, 0.06), 18, (0.85, 0.08, 0.08, 1))
    return node


GRENDIZER_SCALE = 1.3


def grendizer() -> NodePath:
    """Grendizer as a standing figure on a round base: blue legs, red chest, white head with
    yellow horns (about 1.15 high)."""
    top = NodePath("grendizer")
    node = top.attachNewNode("figure")
    node.setScale(GRENDIZER_SCALE)
    parts = [
        ([(0, 0), (0.30, 0), (0.30, 0.05), (0.26, 0.07), (0, 0.07)], (0.20, 0.22, 0.26)),
        ([(0, 0.07), (0.15, 0.07), (0.13, 0.38), (0.17, 0.45), (0, 0.45)], (0.16, 0.24, 0.62)),
        ([(0, 0.45), (0.17, 0.45), (0.24, 0.60), (0.25, 0.66), (0.12, 0.70), (0, 0.70)],
         (0.82, 0.12, 0.12)),
        ([(0, 0.70), (0.09, 0.70), (0.11, 0.76), (0.10, 0.84), (0.06, 0.88), (0, 0.89)],
         (0.92, 0.92, 0.95)),
    ]
    for i, (profile, rgb) in enumerate(parts):
        geometry.lathe(f"g{i}", profile, 24, (*rgb, 1)).reparentTo(node)
    for sx in (-1, 1):
        horn = geometry.box("horn", 0.03, 0.03, 0.16, (1.0, 0.82, 0.10, 1))
        horn.setPos(sx * 0.07 - 0.015, -0.015, 0.80)
        horn.setR(sx * 28)
        horn.reparentTo(node)
        arm = geometry.box("arm", 0.07, 0.08, 0.26, (0.16, 0.24, 0.62, 1))
        arm.setPos(sx * 0.24 - 0.035, -0.04, 0.38)
        arm.reparentTo(node)
    return top


# --- the board -----------------------------------------------------------------------------------
SKY = (0.52, 0.70, 0.88)
ARRIVAL = (0.36, 0.50, 0.74)
GROUND = (0.74, 0.63, 0.43)
SLAB = (0.09, 0.11, 0.19)
SKY_STRIP = (0.26, 0.42, 0.70)
GROUND_STRIP = (0.50, 0.38, 0.22)


def board_mesh() -> NodePath:
    """The board slab, lanes (boxes, squares, locations), zone strips, arrows and the places
    of the Saucer Beast cards and piles, as one mesh."""
    m = MeshBuilder("board")
    x0 = L.box_x(0) - L.BOX_W / 2 - 0.35
    x1 = L.strip_x(L.NLANES - 1) + L.STRIP_W / 2 + 0.35
    y0 = L.space_y(L.LOC) - L.LOC_H / 2 - 0.35
    y1 = L.pile_pos(0)[1] + 0.6
    _box(m, x0, y0, 0.0, x1, y1, L.BOARD_H, SLAB)
    z = L.BOARD_H
    for lane in range(L.NLANES):
        rgb = L.LANE_RGB[lane]
        bx = L.box_x(lane)
        for s in range(L.LOC + 1):
            w, h = L.space_size(s)
            y = L.space_y(s)
            if s == L.LOC:
                col = _mix(rgb, (0.85, 0.85, 0.82), 0.55)
            elif s == 0:
                col = ARRIVAL
            else:
                col = SKY if s < L.A else GROUND
            # a frame in the lane's colour, then the space
            _box(m, bx - w / 2, y - h / 2, z, bx + w / 2, y + h / 2, z + L.INLAY_H * 0.5,
                 _shade(rgb, 0.8))
            _box(m, bx - w / 2 + 0.05, y - h / 2 + 0.05, z, bx + w / 2 - 0.05, y + h / 2 - 0.05,
                 z + L.INLAY_H, col)
        for zone_kind in (0, 1):
            ex0, ey0, ex1, ey1 = L.zone_extent(2 * lane + zone_kind)
            sx = L.strip_x(lane)
            _box(m, sx - L.STRIP_W / 2, ey0, z, sx + L.STRIP_W / 2, ey1, z + L.INLAY_H,
                 SKY_STRIP if zone_kind == 0 else GROUND_STRIP)
        # the arrows between Airspace and Battlefield
        ay = L.arrow_y()
        for dx in (-0.55, 0.0, 0.55):
            cx = bx + dx
            white = (0.92, 0.92, 0.88, 1)
            on_board = lambda x, y: (x, y, z + 0.004)  # noqa: E731
            rect(m, cx - 0.08, ay + 0.0, cx + 0.08, ay + 0.22, on_board, white)
            fan(m, [(cx - 0.2, ay + 0.02), (cx, ay - 0.22), (cx + 0.2, ay + 0.02)], on_board, white)
        # zone symbol at the arrival box and the strip's top
        for sy in (L.space_y(0) + 0.32, L.space_y(L.A) + 0.32):
            symbol(m, lane, L.strip_x(lane), sy, 0.17, lambda x, y: (x, y, z + L.INLAY_H + 0.002),
                   over=lambda x, y: (x, y, z + L.INLAY_H + 0.005))
        # the Saucer Beast card place and the pile place
        cx, cy = L.beast_card_pos(lane)
        hw, hh = L.CARD_W / 2 + 0.06, L.CARD_H / 2 + 0.06
        _box(m, cx - hw, cy - hh, z, cx + hw, cy + hh, z + 0.004, _shade(rgb, 0.7))
        _box(m, cx - hw + 0.05, cy - hh + 0.05, z, cx + hw - 0.05, cy + hh - 0.05, z + 0.006,
             (0.16, 0.12, 0.16))
        px, py = L.pile_pos(lane)
        fan(m, shape_points("circle", L.MINIFO_R + 0.08), lambda x, y: (px + x, py + y, z + 0.003),
            (*_shade(rgb, 0.75), 1))
    return m.node()


def track_face(difficulty: str, sign: int) -> NodePath:
    """One face of the Threat track (sign +1: top, -1: bottom, mirrored so it reads when the
    track is turned over): spaces, Danger icons on the Danger spaces, GAME OVER at the end."""
    from games.grendizer.data import BOARD

    track = BOARD.tracks[difficulty]
    m = MeshBuilder(f"track-{difficulty}")
    p = L.track_pitch(difficulty)
    w = L.TRACK_W
    zt = (L.BOARD_H / 2 + 0.004) * sign
    n = (0, 0, sign)
    to3 = (lambda x, y: (x, y, zt)) if sign > 0 else (lambda x, y: (-x, y, zt))
    base_y = L.track_y(difficulty, 0)

    def lift(p, k=1):
        return (p[0], p[1], p[2] + 0.003 * k * sign)

    for s in range(track.spaces):
        y = L.track_y(difficulty, s) - base_y
        if s == track.game_over:
            col = (0.70, 0.08, 0.08)
        elif s in track.danger:
            col = (0.45, 0.46, 0.50)
        else:
            col = _mix((0.98, 0.85, 0.35), (0.95, 0.35, 0.10), s / track.spaces)
        rect(m, -w / 2 + 0.06, y - p / 2 + 0.03, w / 2 - 0.06, y + p / 2 - 0.03, to3, (*col, 1), n)
        if s in track.danger:  # the Danger icon, a little above the space
            fan(m, shape_points("triangle", p * 0.32),
                lambda x, y, yy=y: lift(to3(w / 2 - 0.3 + x, yy + y)), (0.95, 0.95, 0.95, 1), n)
            rect(m, w / 2 - 0.318, y - p * 0.16, w / 2 - 0.282, y + p * 0.06,
                 lambda x, y: lift(to3(x, y), 2), (0.2, 0.2, 0.2, 1), n)
    return m.node()


#: Board text is painted long, as road markings are: its letters are this much taller (along
#: the board, away from the players) than wide, so that from the players' seats, looking
#: across the board at a slant, they read at their width's size (issue 24 point 7).
DEPTH_STRETCH = 1.95


def text(parent, font, s, pos, size, color=(1, 1, 1, 1), align="center", heading=0.0,
         wrap=None, stretch: float = DEPTH_STRETCH, fit: float | None = None) -> NodePath:
    """Flat text lying on the board, unlit (read from the players' side), its letters
    `stretch` times taller than wide (`DEPTH_STRETCH`); `fit`: the most board units its
    widest line may take (narrower letters, never shorter ones, past it)."""
    tn = TextNode("label")
    tn.setFont(font)
    tn.setAlign({"center": TextNode.ACenter, "left": TextNode.ALeft,
                 "right": TextNode.ARight}[align])
    if wrap:
        tn.setWordwrap(wrap)
    tn.setTextColor(*color)
    tn.setText(s)
    np_ = tag(parent.attachNewNode(tn.generate()), s)
    np_.setScale(size, size, size * stretch)
    if fit is not None:
        lo, hi = np_.getTightBounds(parent)
        wide = max(hi.x - lo.x, hi.y - lo.y) if lo is not None else 0.0
        if wide > fit:
            np_.setSx(size * fit / wide)
    np_.setP(-90)
    np_.setH(heading)
    np_.setPos(*pos)
    return np_


def _mix(a, b, k):
    return tuple(x + (y - x) * k for x, y in zip(a, b))


def _box(m: MeshBuilder, x0, y0, z0, x1, y1, z1, rgb):
    """Top and sides of an axis-aligned box into one mesh (bottoms are never seen)."""
    c = (*rgb, 1)
    m.quad([(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)], (0, 0, 1), c)
    side = (*_shade(rgb, 0.8), 1)
    m.quad([(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)], (0, -1, 0), side)
    m.quad([(x1, y1, z0), (x0, y1, z0), (x0, y1, z1), (x1, y1, z1)], (0, 1, 0), side)
    m.quad([(x0, y1, z0), (x0, y0, z0), (x0, y0, z1), (x0, y1, z1)], (-1, 0, 0), side)
    m.quad([(x1, y0, z0), (x1, y1, z0), (x1, y1, z1), (x1, y0, z1)], (1, 0, 0), side)


def frame_rect(name, x0, y0, x1, y1, rgba, width=0.06, z=0.0) -> NodePath:
    """A flat rectangular frame (overlay hints)."""
    m = MeshBuilder(name)
    for a in ((x0, y0, x1, y0 + width), (x0, y1 - width, x1, y1), (x0, y0, x0 + width, y1),
              (x1 - width, y0, x1, y1)):
        m.quad([(a[0], a[1], z), (a[2], a[1], z), (a[2], a[3], z), (a[0], a[3], z)], (0, 0, 1), rgba)
    return m.node()


def fill_rect(name, x0, y0, x1, y1, rgba, z=0.0) -> NodePath:
    m = MeshBuilder(name)
    m.quad([(x0, y0, z), (x1, y0, z), (x1, y1, z), (x0, y1, z)], (0, 0, 1), rgba)
    return m.node()


def ring(name, r, rgba, width=0.05, z=0.0) -> NodePath:
    node = geometry.disc(name, r, 32, rgba, inner=r - width)
    node.setZ(z)
    return node



#: The HP bar across a Saucer Beast card lying on the board: card coordinates (v of its
#: bottom and top edge) and the colours of hit points left and lost.
HP_BAR_V = (0.005, 0.25)  # under the face's life bar (layout.LIFE_BAR_V)
HP_STRETCH = 1.49  # the count's letters this much taller than wide (see DEPTH_STRETCH)
HP_LEFT_RGBA = (0.20, 0.78, 0.30, 1)
HP_LOST_RGBA = (0.32, 0.10, 0.10, 1)


def hp_bar_segment(k: int, life: int) -> tuple[float, float]:
    """(x0, x1) of the k-th segment of a bar of `life` segments, in card-local units."""
    w = L.CARD_W * 0.9
    x0 = -w / 2 + w * k / life
    return x0 + 0.02, x0 + w / life - 0.02


def hp_bar(life: int, left: int) -> tuple[NodePath, NodePath]:
    """A flat bar of `life` segments, the first `left` of them lit, and its "left/life HP"
    text (drawn unlit on top, so it stays white)."""
    m = MeshBuilder("hp-bar")
    y0, y1 = ((v - 0.5) * L.CARD_H for v in HP_BAR_V)
    rect(m, -L.CARD_W * 0.47, y0 - 0.03, L.CARD_W * 0.47, y1 + 0.03, lambda x, y: (x, y, 0.0),
         (0.06, 0.06, 0.08, 1))
    for k in range(life):
        x0, x1 = hp_bar_segment(k, life)
        rect(m, x0, y0, x1, y1, lambda x, y: (x, y, 0.002),
             HP_LEFT_RGBA if k < left else HP_LOST_RGBA)
    tn = TextNode("hp-count")
    tn.setText(f"{left}/{life} HP")
    tn.setAlign(TextNode.ACenter)
    tn.setTextColor(1, 1, 1, 1)
    tn.setShadow(0.06, 0.06)
    tn.setShadowColor(0, 0, 0, 1)
    text = tag(NodePath(tn.generate()), tn.getText())
    text.setP(-90)
    size = (y1 - y0) * 0.75
    text.setScale(size, size, size * HP_STRETCH)  # painted long, as the board's labels
    cap = size * HP_STRETCH * 0.8
    text.setPos(0, (y0 + y1) / 2 - cap / 2, 0.004)
    return m.node(), text
