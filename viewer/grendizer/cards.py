"""Card faces and tokens' symbols for Grendizer XperienZ, drawn by Panda3D itself (no files).

Every card face (the 49 kinds of Actions card, 12 Saucer Beasts, 12 Events) and the three card
backs are laid out once in a 2D scene of flat shapes and TextNode text, rendered into one
offscreen buffer and copied to RAM as a texture atlas. A card in the 3D scene or in the hand is
then a mesh whose uvs point at its face's rectangle (top) and its back's rectangle (bottom).
"""
from __future__ import annotations

import math
import textwrap

from panda3d.core import (
    FrameBufferProperties,
    GraphicsOutput,
    GraphicsPipe,
    NodePath,
    OrthographicLens,
    SamplerState,
    TextNode,
    Texture,
    TransparencyAttrib,
    WindowProperties,
)

from games.grendizer.data import ACTIONS, BEASTS, BOARD, EVENTS
from viewer.geometry import MeshBuilder

from . import layout as L

CELL_W, CELL_H = 240, 336  # pixels of one card face in the atlas (ratio of CARD_H / CARD_W)
COLS = 8

KIND_TITLE = {
    "eagle": "Attack of the Eagle Patrol",
    "grendizer": "Attack of Grendizer",
    "earth": "Earth Defense attack",
    "movement": "Grendizer movement",
    "positive": "Positive event",
}
KIND_RGB = {
    "grendizer": (0.46, 0.20, 0.66),
    "earth": (0.46, 0.37, 0.18),
    "movement": (0.08, 0.52, 0.58),
    "positive": (0.86, 0.60, 0.08),
}
BEAST_RGB = (0.55, 0.08, 0.12)
EVENT_RGB = (0.20, 0.22, 0.34)
PAPER = (0.96, 0.94, 0.89)
INK = (0.10, 0.10, 0.12)
NO_ENTRY_RGB = (0.55, 0.55, 0.58)

#: Atlas pixels of a face's text: 12 screen pixels when a card lies on the board at the default
#: camera of a 1280x800 window (a card is about 72 pixels wide there, 0.3 of CELL_W).
FACE_TEXT = 51

#: A Saucer Beast card lies on the far side of the board, seen at the seats' slant: its name is
#: painted this many atlas pixels tall (narrowed to the card's width), 12 screen pixels of
#: capital height at 1280x720 (a card there is 55 pixels deep for its 336 atlas pixels).
BEAST_NAME = 103

#: The zone symbol of each lane: its shape (the tokens of that colour show it too).
SHAPES = ("circle", "triangle", "square", "diamond")


def card_words(card_id: str) -> tuple[str, str, str]:
    """(name, what kind of card, rules text) of a card: what the hover preview says in full."""
    if card_id.startswith("C"):
        c = ACTIONS[card_id]
        kind = KIND_TITLE[c.kind]
        if c.kind == "eagle" and c.lane is not None:
            kind += f" - {BOARD.locations[c.lane]}"
    elif card_id.startswith("S"):
        c = BEASTS[card_id]
        kind = f"Saucer Beast - {c.life} HP" + (" (Threat -1 when destroyed)" if c.threat_down
                                                 else "")
    else:
        c = EVENTS[card_id]
        kind = "Event"
    return c.name, kind + f"   [{card_id}{' *' if c.invented else ''}]", c.text


def kind_rgb(card) -> tuple:
    if card.kind == "eagle" and card.lane is not None:
        return L.LANE_RGB[card.lane]
    return KIND_RGB.get(card.kind, (0.4, 0.4, 0.4))


def shape_points(shape: str, r: float, n: int = 28) -> list[tuple[float, float]]:
    """Outline of a zone symbol of radius r around the origin (counter-clockwise)."""
    if shape == "circle":
        return [(r * math.cos(2 * math.pi * i / n), r * math.sin(2 * math.pi * i / n))
                for i in range(n)]
    if shape == "triangle":
        return [(r * math.cos(math.radians(a)), r * math.sin(math.radians(a)) - r * 0.12)
                for a in (90, 210, 330)]
    if shape == "square":
        s = r * 0.8
        return [(-s, -s), (s, -s), (s, s), (-s, s)]
    if shape == "diamond":
        return [(0, -r * 1.05), (r * 0.85, 0), (0, r * 1.05), (-r * 0.85, 0)]
    if shape == "star":  # the destruction symbol
        pts = []
        for i in range(16):
            rr = r if i % 2 == 0 else r * 0.5
            a = math.pi / 2 + math.pi * i / 8
            pts.append((rr * math.cos(a), rr * math.sin(a)))
        return pts
    raise ValueError(shape)


def fan(m: MeshBuilder, pts, to3, color, normal=(0, 0, 1)):
    """A filled convex-ish polygon (a fan from its centre) through the mapping `to3`."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    c = m.vertex(to3(cx, cy), normal, color)
    idx = [m.vertex(to3(x, y), normal, color) for x, y in pts]
    for i in range(len(idx)):
        m.tri(c, idx[i], idx[(i + 1) % len(idx)])


def rect(m: MeshBuilder, x0, y0, x1, y1, to3, color, normal=(0, 0, 1)):
    fan(m, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], to3, color, normal)


def symbol(m: MeshBuilder, lane, cx, cy, r, to3, fg=(1, 1, 1, 1), disc=True, over=None):
    """A lane's zone symbol: a coloured disc with the white shape (or the no-entry sign).

    `over` maps the shape's points when it must lie above the disc (3D: no z-fighting)."""
    over = over or to3
    if lane is None:
        fan(m, shape_points("circle", r), lambda x, y: to3(cx + x, cy + y),
            (*NO_ENTRY_RGB, 1))
        rect(m, cx - r * 0.68, cy - r * 0.2, cx + r * 0.68, cy + r * 0.2, over, (1, 1, 1, 1))
        return
    if disc:
        fan(m, shape_points("circle", r), lambda x, y: to3(cx + x, cy + y), (*L.LANE_RGB[lane], 1))
    fan(m, shape_points(SHAPES[lane], r * 0.55), lambda x, y: over(cx + x, cy + y), fg)


# --- the atlas ----------------------------------------------------------------------------------
def face_ids() -> list[str]:
    return (sorted(ACTIONS) + sorted(BEASTS) + sorted(EVENTS)
            + ["back_actions", "back_beasts", "back_events"])


def back_of(card_id: str) -> str:
    return {"C": "back_actions", "S": "back_beasts", "E": "back_events"}[card_id[0]]


class CardAtlas:
    """One texture with every card face; `uv(face)` is its (u0, v0, u1, v1) rectangle."""

    def __init__(self, base, font):
        self.font = font
        self.ids = face_ids()
        rows = (len(self.ids) + COLS - 1) // COLS
        self.w, self.h = COLS * CELL_W, rows * CELL_H
        self.index = {fid: i for i, fid in enumerate(self.ids)}
        self.text_sizes: dict = {}  # face -> atlas pixel sizes of its text (legibility tests)
        self.texture = self._render(base)

    def uv(self, face: str):
        i = self.index[face]
        col, row = i % COLS, i // COLS
        inset = 1.0  # half a pixel in from the edges so neighbours never bleed in
        u0 = (col * CELL_W + inset) / self.w
        u1 = ((col + 1) * CELL_W - inset) / self.w
        v1 = 1.0 - (row * CELL_H + inset) / self.h
        v0 = 1.0 - ((row + 1) * CELL_H - inset) / self.h
        return (u0, v0, u1, v1)

    # drawing ------------------------------------------------------------------------------
    def _text(self, parent, text, x, y, size, color=INK, align="center", wrap=None, bold=False,
              fid=None):
        if fid is not None:
            self.text_sizes.setdefault(fid, []).append(size)
        tn = TextNode("t")
        tn.setFont(self.font)
        tn.setAlign({"center": TextNode.ACenter, "left": TextNode.ALeft,
                     "right": TextNode.ARight}[align])
        if wrap:
            tn.setWordwrap(wrap)
        tn.setTextColor(*color, 1)
        if bold:
            tn.setShadow(0.03, 0.03)
            tn.setShadowColor(*color, 0.6)
        tn.setText(text)
        np_ = parent.attachNewNode(tn.generate())
        np_.setScale(size)
        np_.setPos(x, 1, y)
        return np_

    def _name(self, parent, name, x, yc, color, fid, bold=False, tall=None):
        """The card's name, as large as fits, centred on yc: the words a player reads at a
        glance (the rules text is in the hover preview, see `card_words`). `tall`: one line
        painted that many atlas pixels tall, its letters narrowed to the card's width."""
        size = FACE_TEXT if tall is None else tall
        lines = ([name] if tall is not None else
                 textwrap.wrap(name, int(CELL_W * 1.9 / size), break_long_words=False))
        y = yc + (len(lines) - 1) * size * 0.5 - size * 0.3
        node = self._text(parent, "\n".join(lines), x, y, size, color, bold=bold, fid=fid)
        lo, hi = node.getTightBounds()  # a long word is narrowed, never made shorter
        if hi.x - lo.x > CELL_W - 22:
            node.setSx(size * (CELL_W - 22) / (hi.x - lo.x))

    def _draw_face(self, root, fid, ox, oy):
        m = MeshBuilder(f"face-{fid}")
        to3 = lambda x, y: (ox + x, 2, oy + y)  # noqa: E731 - the atlas plane, facing -Y
        nrm = (0, -1, 0)
        W, H = CELL_W, CELL_H
        shapes = root.attachNewNode(f"shapes-{fid}")
        texts = root.attachNewNode(f"texts-{fid}")
        if fid.startswith("back_"):
            col = {"back_actions": (0.10, 0.20, 0.45), "back_beasts": (0.30, 0.05, 0.10),
                   "back_events": (0.16, 0.17, 0.24)}[fid]
            rect(m, 0, 0, W, H, to3, (0.92, 0.90, 0.84, 1), nrm)
            rect(m, 8, 8, W - 8, H - 8, to3, (*col, 1), nrm)
            lighter = tuple(min(1.0, c + 0.12) for c in col) + (1.0,)
            fan(m, shape_points("star", 70), lambda x, y: (ox + W / 2 + x, 2, oy + H / 2 + 20 + y),
                lighter, nrm)
            title = {"back_actions": "ACTIONS", "back_beasts": "SAUCER\nBEAST",
                     "back_events": "EVENT"}[fid]
            self._text(texts, "GRENDIZER", ox + W / 2, oy + H - 58, 26, (0.98, 0.85, 0.2),
                       bold=True)
            self._text(texts, "XperienZ", ox + W / 2, oy + H - 84, 18, (0.95, 0.95, 0.95))
            self._text(texts, title, ox + W / 2, oy + 96, 24, (0.95, 0.95, 0.95), bold=True)
        elif fid.startswith("C"):
            card = ACTIONS[fid]
            col = kind_rgb(card)
            rect(m, 0, 0, W, H, to3, (*col, 1), nrm)
            rect(m, 7, 70, W - 7, H - 7, to3, (*PAPER, 1), nrm)
            rect(m, 7, H - 44, W - 7, H - 7, to3, (*col, 1), nrm)
            self._name(texts, card.name, ox + W / 2, oy + (H - 44 + 70) / 2, INK, fid)
            # zone symbols of the invasion, along the bottom, on a light strip
            rect(m, 7, 7, W - 7, 66, to3, (0.86, 0.84, 0.78, 1), nrm)
            for i, lane in enumerate(card.symbols):
                symbol(m, lane, W / 2 + (i - 0.5) * 96 + ox, oy + 36, 30, lambda x, y: (x, 2, y))
        elif fid.startswith("S"):
            card = BEASTS[fid]
            rect(m, 0, 0, W, H, to3, (*BEAST_RGB, 1), nrm)
            rect(m, 7, 7, W - 7, H - 7, to3, (*PAPER, 1), nrm)
            rect(m, 7, H - 150, W - 7, H - 7, to3, (*BEAST_RGB, 1), nrm)
            self._name(texts, card.name, ox + W / 2, oy + H - 78, (1, 1, 1), fid, bold=True,
                       tall=BEAST_NAME)
            # the life bar: HP spaces, then the destruction symbol (with -1 if it says so)
            n = card.life + 1
            vy = oy + L.LIFE_BAR_V * H
            for k in range(n):
                u = L.life_slot_u(k, card.life)
                cx = ox + u * W
                half = (L.LIFE_BAR_U[1] - L.LIFE_BAR_U[0]) * W / n / 2 - 2
                if k < card.life:
                    rect(m, cx - half, vy - 16, cx + half, vy + 16, lambda x, y: (x, 2, y),
                         (0.25, 0.25, 0.28, 1))
                    rect(m, cx - half + 2, vy - 14, cx + half - 2, vy + 14,
                         lambda x, y: (x, 2, y), (0.93, 0.90, 0.80, 1))
                else:
                    fan(m, shape_points("star", 21), lambda x, y, cx=cx: (cx + x, 2, vy + y),
                        (0.95, 0.45, 0.08, 1))
        else:
            card = EVENTS[fid]
            rect(m, 0, 0, W, H, to3, (*EVENT_RGB, 1), nrm)
            rect(m, 7, 7, W - 7, H - 7, to3, (*PAPER, 1), nrm)
            rect(m, 7, H - 86, W - 7, H - 7, to3, (*EVENT_RGB, 1), nrm)
            # the Danger icon: a grey triangle with a bar
            fan(m, shape_points("triangle", 34), lambda x, y: (ox + W / 2 + x, 2, oy + H - 46 + y),
                (0.85, 0.85, 0.85, 1), nrm)
            self._name(texts, card.name, ox + W / 2, oy + (H - 86) / 2, INK, fid)
        m.node().reparentTo(shapes)
        texts.setY(-0.5)  # text in front of the face's shapes

    def _render(self, base) -> Texture:
        fbp = FrameBufferProperties()
        fbp.setRgbColor(True)
        fbp.setRgbaBits(8, 8, 8, 8)
        fbp.setDepthBits(16)
        props = WindowProperties.size(self.w, self.h)
        buf = base.graphicsEngine.makeOutput(
            base.pipe, "grendizer-cards", -30, fbp, props, GraphicsPipe.BFRefuseWindow,
            base.win.getGsg(), base.win)
        if buf is None:
            raise RuntimeError("could not create the offscreen buffer for the card faces")
        tex = Texture("grendizer-cards")
        buf.addRenderTexture(tex, GraphicsOutput.RTMCopyRam)
        buf.setClearColor((0.5, 0.5, 0.5, 1))
        root = NodePath("card-atlas")
        root.setDepthTest(False)
        root.setDepthWrite(False)
        root.setTransparency(TransparencyAttrib.MAlpha)
        root.setTwoSided(True)
        for i, fid in enumerate(self.ids):
            col, row = i % COLS, i // COLS
            ox = col * CELL_W
            oy = self.h - (row + 1) * CELL_H
            self._draw_face(root, fid, ox, oy)
        lens = OrthographicLens()
        lens.setFilmSize(self.w, self.h)
        lens.setFilmOffset(self.w / 2, self.h / 2)
        lens.setNearFar(-10, 10)
        cam = base.makeCamera(buf, lens=lens, scene=root)
        cam.reparentTo(root)
        # Draw in order (shapes, then text on top) without a depth buffer.
        root.setBin("unsorted", 0)
        base.graphicsEngine.renderFrame()
        base.graphicsEngine.renderFrame()
        base.graphicsEngine.removeWindow(buf)
        cam.removeNode()
        root.removeNode()
        tex.setMinfilter(SamplerState.FT_linear_mipmap_linear)
        tex.setMagfilter(SamplerState.FT_linear)
        tex.setAnisotropicDegree(8)
        tex.setWrapU(SamplerState.WM_clamp)
        tex.setWrapV(SamplerState.WM_clamp)
        return tex


def card_mesh(atlas: CardAtlas, face: str, back: str, w=L.CARD_W, h=L.CARD_H, t=L.CARD_T,
              plane="xy") -> NodePath:
    """A thin card centred on the origin: `face` on top (+Z), `back` below.

    plane="xz" makes a flat card facing -Y for the 2D overlay (no thickness, face only).
    """
    fu0, fv0, fu1, fv1 = atlas.uv(face)
    m = MeshBuilder(f"card-{face}")
    hw, hh = w / 2, h / 2
    if plane == "xz":
        m.quad([(-hw, 0, -hh), (hw, 0, -hh), (hw, 0, hh), (-hw, 0, hh)], (0, -1, 0),
               (1, 1, 1, 1), ((fu0, fv0), (fu1, fv0), (fu1, fv1), (fu0, fv1)))
        return m.node()
    bu0, bv0, bu1, bv1 = atlas.uv(back)
    m.quad([(-hw, -hh, t), (hw, -hh, t), (hw, hh, t), (-hw, hh, t)], (0, 0, 1), (1, 1, 1, 1),
           ((fu0, fv0), (fu1, fv0), (fu1, fv1), (fu0, fv1)))
    # the back, seen from below: mirrored so it reads when the card is turned over (roll)
    m.quad([(-hw, hh, 0), (hw, hh, 0), (hw, -hh, 0), (-hw, -hh, 0)], (0, 0, -1), (1, 1, 1, 1),
           ((bu1, bv1), (bu0, bv1), (bu0, bv0), (bu1, bv0)))
    edge = (fu0 + 0.5 / atlas.w, fv0 + 0.5 / atlas.h)  # the face's border colour
    e4 = (edge,) * 4
    m.quad([(-hw, -hh, 0), (hw, -hh, 0), (hw, -hh, t), (-hw, -hh, t)], (0, -1, 0), (1, 1, 1, 1), e4)
    m.quad([(hw, hh, 0), (-hw, hh, 0), (-hw, hh, t), (hw, hh, t)], (0, 1, 0), (1, 1, 1, 1), e4)
    m.quad([(-hw, hh, 0), (-hw, -hh, 0), (-hw, -hh, t), (-hw, hh, t)], (-1, 0, 0), (1, 1, 1, 1), e4)
    m.quad([(hw, -hh, 0), (hw, hh, 0), (hw, hh, t), (hw, -hh, t)], (1, 0, 0), (1, 1, 1, 1), e4)
    return m.node()


def main(argv=None) -> int:
    """`python -m viewer.grendizer.cards OUT.png`: write the card face atlas (for a look)."""
    import sys

    from panda3d.core import Filename, PNMImage

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m viewer.grendizer.cards OUT.png", file=sys.stderr)
        return 2
    from direct.showbase.ShowBase import ShowBase

    from viewer.display import configure

    configure(True, (64, 64))
    base = ShowBase()
    font = TextNode.getDefaultFont().makeCopy()
    font.setPixelsPerUnit(64)
    atlas = CardAtlas(base, font)
    img = PNMImage()
    atlas.texture.store(img)
    img.write(Filename.fromOsSpecific(args[0]))
    print(args[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
