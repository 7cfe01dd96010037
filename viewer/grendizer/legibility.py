"""How tall Grendizer's texts are on screen: every text the scene and its overlay draw is
tagged with its words (`TEXT_TAG`), and `text_heights` measures each one's capital height in
window pixels at the window's size and camera (the height of an "H" of its font, taken from
Panda's own TextNode, carried through the node's transform and the lens), the way the
legibility issue measured screenshots. The legibility test reads it; `python -m
viewer.grendizer.legibility` prints it for a fresh game at 1280x720."""
from __future__ import annotations

from panda3d.core import NodePath, Point2, Point3, TextNode

TEXT_TAG = "grendizer-text"
_CAP: dict[int, float] = {}


def tag(np_: NodePath, words: str) -> NodePath:
    np_.setTag(TEXT_TAG, words)
    return np_


def cap_units(font=None) -> float:
    """The capital height of `font` (default: Panda's default font) in text units."""
    font = font or TextNode.getDefaultFont()
    key = id(font)
    if key not in _CAP:
        tn = TextNode("cap")
        tn.setFont(font)
        tn.setText("H")
        lo, hi = NodePath(tn.generate()).getTightBounds()
        _CAP[key] = float(hi.z - lo.z)
    return _CAP[key]


def _visible(np_: NodePath) -> bool:
    while not np_.isEmpty():
        if np_.isHidden():
            return False
        np_ = np_.getParent()
    return True


def text_heights(app, roots=None) -> list[tuple[str, float]]:
    """(words, capital height in pixels) of every shown Grendizer text under `roots` (default:
    the board, the cards on it and the screen overlay), smallest first."""
    scene = app.scene
    roots = roots or [scene.board_root, scene.card_root, scene.ui.root]
    w, h = app.size
    cap = cap_units()
    out = []
    for root in roots:
        for np_ in root.findAllMatches(f"**/=%s" % TEXT_TAG):
            if not _visible(np_):
                continue
            lo, hi = np_.getTightBounds(np_)
            if lo is None:
                continue
            mid = (lo.x + hi.x) / 2
            base, top = Point3(mid, 0, 0), Point3(mid, 0, cap)
            if np_.getTop() == app.render:
                a = _pixel(app, app.render.getRelativePoint(np_, base))
                b = _pixel(app, app.render.getRelativePoint(np_, top))
                if a is None or b is None:
                    continue
                c = _pixel(app, app.render.getRelativePoint(np_, base + Point3(1, 0, 0)))
                if c is None or ((c[0] - a[0]) * (b[1] - a[1])
                                 - (c[1] - a[1]) * (b[0] - a[0])) >= 0:
                    continue  # seen from behind (the Threat track's face down)
                px = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
            else:  # the 2D overlay: aspect2d units, 2 of them the window's height
                a = app.aspect2d.getRelativePoint(np_, base)
                b = app.aspect2d.getRelativePoint(np_, top)
                px = abs(b.z - a.z) * h / 2
            out.append((np_.getTag(TEXT_TAG), px))
    return sorted(out, key=lambda t: t[1])


def _pixel(app, p):
    q = app.cam.getRelativePoint(app.render, p)
    p2 = Point2()
    if not app.camLens.project(q, p2):
        return None
    w, h = app.size
    return ((p2.x + 1) / 2 * w, (1 - p2.y) / 2 * h)


def main() -> None:  # pragma: no cover - a look at the numbers by hand
    import numpy as np

    from timeline import Record, Session
    from viewer.panel import BAR_H, PANEL_W
    from viewer.render import offscreen_app

    session = Session(Record.new("grendizer", {"players": 2}), rng=np.random.default_rng(1))
    session.auto_chance()
    app = offscreen_app(session, (1280, 720))
    app.set_insets(PANEL_W, BAR_H)
    app.scene.ui.force_insets = (PANEL_W, BAR_H)
    app.set_view(app.preset("seat"))
    app.render_frames(2)
    for words, px in text_heights(app):
        print(f"{px:6.1f}  {words!r}")


if __name__ == "__main__":
    main()
