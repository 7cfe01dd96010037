"""The Glik setup hand on screen: the boards a player still has to lay, in a tray at the
window's left edge, whatever the camera (where the layout puts it: `where` says so in words).

Laid on the table beyond the board's edge, eight boards for two players ran off the screen
from a player's seat and under the panels; on the screen they always fit. The tray is a box of the
left column (viewer.layout: below the status lines, clear of the message line, the move list
and the bar; the 3D view is fitted beside it); the board picked for placement is outlined and
drawn turned as R turns it. It is plain geometry
under `a2dBottomLeft` (no DirectGUI): the scene's `pick` asks `hit_ray` before the table.
"""
from __future__ import annotations

from panda3d.core import Point2, Point3, TextNode, TransparencyAttrib

from viewer.geometry import MeshBuilder
from viewer.glik.tiles import tile_texture

TILE = 0.24  # a board's side, aspect2d units (86 pixels in a window 720 pixels high)
GAP = 0.035
PAD = GAP / 2  # the backdrop's edge round the boards
OUTLINE = 0.022  # width of the frame round the selected board
OUTLINE_RGBA = (1.0, 0.86, 0.20, 1.0)
BACKDROP_RGBA = (0.05, 0.06, 0.08, 0.62)
TITLE_SCALE = 0.036
TITLE_H = 0.085


def flat_quad(name, x0, z0, x1, z1, rgba=(1, 1, 1, 1)):
    """A screen rectangle (aspect2d's x right, z up), uv 0..1 from its bottom-left corner."""
    m = MeshBuilder(name)
    m.quad([(x0, 0, z0), (x1, 0, z0), (x1, 0, z1), (x0, 0, z1)], (0, -1, 0), rgba)
    return m.node()


class HandTray:
    """The boards in hand. `boxes` maps each board to its rectangle (x0, z0, x1, z1) measured
    from the window's bottom-left corner in aspect2d units."""

    def __init__(self, scene):
        self.scene = scene
        self.base = scene.base
        self.root = self.base.a2dBottomLeft.attachNewNode("glik-hand")
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.boxes: dict[int, tuple[float, float, float, float]] = {}
        self.title_box: tuple[float, float, float, float] | None = None
        self._key = None

    def grid(self, n: int) -> tuple[int, int]:
        """(columns, rows) for `n` boards: two columns from three boards on."""
        cols = 1 if n <= 2 else 2
        return cols, max((n + cols - 1) // cols, 1)

    def size(self, n: int, title: str) -> tuple[float, float]:
        """The tray's natural size (aspect2d units): its boards at full size and its title."""
        cols, rows = self.grid(n)
        label = TextNode("hand-title-measure")
        words = label.calcWidth(title) * TITLE_SCALE
        w = max(cols * TILE + (cols - 1) * GAP, words) + 2 * PAD + OUTLINE
        return w, TITLE_H + rows * TILE + (rows - 1) * GAP + 2 * PAD

    def reach(self) -> float:
        """How far the tray drawn now (its backdrop) reaches from the window's left edge."""
        if self.title_box is None:
            return 0.0
        return max(max(b[2] for b in self.boxes.values()), self.title_box[2]) + GAP / 2

    def show(self, hand, selected, rotation: int, title: str, title_rgba) -> None:
        """Draw `hand` (board numbers); `selected` (a board or None) outlined, turned by
        `rotation` quarter turns; the layout gives the tray its place."""
        key = (tuple(hand), selected, rotation, title)
        if key == self._key:
            return
        self._key = key
        self._args = (tuple(hand), selected, rotation, title, title_rgba)
        screen = self.base.screen
        if not hand:
            self._draw()
            screen.release("glik_tray")
            return
        w, h = self.size(len(hand), title)
        screen.request("glik_tray", w, h, self._place, order=40, rank=5)
        self._draw()

    def _place(self, rect, _folded) -> None:
        self._rect = rect
        self._draw()

    _rect = None
    _args = ((), None, 0, "", (1, 1, 1, 1))

    def _draw(self) -> None:
        self.root.getChildren().detach()
        self.boxes = {}
        self.title_box = None
        hand, selected, rotation, title, title_rgba = self._args
        rect = self._rect
        if not hand or rect is None:
            return
        u = self.base.screen.unit()
        height = self.base.screen.window()[1]
        left, top_z, bottom_z = rect.x0 / u, (height - rect.y0) / u, (height - rect.y1) / u
        n = len(hand)
        cols, rows = self.grid(n)
        room = top_z - bottom_z - TITLE_H - (rows - 1) * GAP - 2 * PAD
        side = max(min(TILE, room / rows), 0.02)
        x_first = left + PAD + OUTLINE / 2
        foot = bottom_z + PAD
        top = foot + rows * side + (rows - 1) * GAP
        label = TextNode("hand-title")
        label.setText(title)
        label.setTextColor(*title_rgba)
        label.setShadow(0.05, 0.05)
        label.setShadowColor(0, 0, 0, 0.8)
        self.title_box = (x_first, top, x_first + label.getWidth() * TITLE_SCALE, top + TITLE_H)
        flat_quad("backdrop", rect.x0 / u, bottom_z, rect.x1 / u, top_z,
                  BACKDROP_RGBA).reparentTo(self.root)
        text = self.root.attachNewNode(label.generate())
        text.setScale(TITLE_SCALE)
        text.setPos(x_first, 0, top + OUTLINE + 0.022)  # clear of a selected board's frame
        for i, board in enumerate(hand):
            row, col = divmod(i, cols)
            x0 = x_first + col * (side + GAP)
            z0 = top - (row + 1) * side - row * GAP
            if board == selected:
                flat_quad("outline", x0 - OUTLINE, z0 - OUTLINE, x0 + side + OUTLINE,
                          z0 + side + OUTLINE, OUTLINE_RGBA).reparentTo(self.root)
            tile = flat_quad(f"hand-{board}", x0, z0, x0 + side, z0 + side)
            tile.setTexture(tile_texture(board, rotation if board == selected else 0))
            tile.reparentTo(self.root)
            self.boxes[board] = (x0, z0, x0 + side, z0 + side)

    # --- where things are on the screen ------------------------------------------------------------
    def where(self) -> str:
        """Where the tray is, in the words a prompt uses: "top left" or "bottom left" (the
        layout puts it below the status lines: the half of the window its middle is in)."""
        rect = self._rect
        if rect is None:
            return "left"
        height = self.base.screen.window()[1]
        return "top left" if (rect.y0 + rect.y1) / 2 < height / 2 else "bottom left"

    def _aspect(self) -> float:
        return self.base.getAspectRatio()

    def hit_ray(self, origin):
        """The board in hand under a ray from the camera's near plane, or None."""
        base = self.base
        p = base.cam.getRelativePoint(base.render, Point3(*origin)) * 1.0001  # inside the frustum
        film = Point2()
        if not base.camLens.project(p, film):
            return None
        x, z = (film.x + 1) * self._aspect(), film.y + 1  # from the bottom-left corner
        for board, (x0, z0, x1, z1) in self.boxes.items():
            if x0 <= x <= x1 and z0 <= z <= z1:
                return board
        return None

    def pixel_box(self, box, size) -> tuple[float, float, float, float]:
        """A rectangle from the bottom-left corner, as window pixels (left, top, right, bottom)."""
        w, h = size
        x0, z0, x1, z1 = box
        sx = w / (2 * self._aspect())
        return (x0 * sx, h - z1 * h / 2, x1 * sx, h - z0 * h / 2)

    def pixel_of(self, board, size):
        """Window pixel (x, y from the top left) of the middle of a board in hand."""
        box = self.boxes.get(board)
        if box is None:
            return None
        left, top, right, bottom = self.pixel_box(box, size)
        return ((left + right) / 2, (top + bottom) / 2)

    def destroy(self) -> None:
        self.base.screen.release("glik_tray")
        self.root.removeNode()
