"""The still picture during a flick's playback: what the recorded Motion never moves is drawn
once; the discs it moves, and the mat where their shadows fall, are drawn live each frame.

Where a playback frame's CPU went (full Galaxy, 65 discs, the hard flick of
bench/render_glonk.py moving 10 of them; 1280x720, llvmpipe, 2 cores; CPU of all threads, the
difference when a part is hidden, measured in turn in one process, load 2-4):
- a full frame, offscreen: 23-29 ms: the mat 7 (lit from its picture), the discs 8 (the main
  pass and the shadow pass), the table 4, the shadow pass alone 3-3.5, the rest 5-6 (the
  clear, the 2D layer, the read back, Python: `show_node` 1.0-1.4); in a window the same
  plus the present, 23-30 ms;
- under the playback picture, in a window: 15-18.6 ms: the full-window quad that copies the
  picture 4-6.5 (viewer.still), the 2D layer 2-2.5 (more with a window's panels), the live
  discs (moving and near) 1-3, their occluders' depth 0-1, the patches 0.3-2.5, the moving
  discs' own shadow pass 1.5-2 (one map of every disc each frame cost 1.3-1.8 ms more), an
  empty scene's frame (clear, present, Panda's traversal) 4-4.5, Python 2.8 (the bench's
  probe 1.1 of it, `show_node` 0.6, the window's routing 0.4, this module's frame 0.26 and the
  still fingerprint 0.1: those two cost 0.76 and 0.6 ms before their loops over every node
  went).
Measured in turn by the benches: render_glonk's playback_picture_cpu_ratio 0.53-0.71 (15.3
against 29.0 ms at load 4, 18.3 against 26.0 at load 5), viewer_window's 0.69-0.81 (the
tutorial: 20.1-21.5 against 24.8-30.3 ms, load 1.4-4.7). What is left of a frame is mostly the quad and the 2D layer, which the aim's still
picture pays as well.

While a flick plays back the camera holds still and only the discs the Motion moves change.
So, while the scene shows a Motion (`show_motion` ran this frame) and the camera held still
since the last frame (offscreen, where no frame may depend on the one before: at once), the
still scene (viewer.still) is given a plan:
- live, drawn each frame over the picture, depth-tested as in a full frame: the moving discs
  (those whose pose changes at some moment of the Motion, those that vanish or leave the
  table, and those `show_motion` holds where `show` puts them elsewhere: a disc that starts
  moving only when hit is live from the first frame, never also in the picture), the still
  discs that lie within a moving disc's shadow's reach at some moment of the Motion (the
  shadow may fall on them), the mat's printed labels (the patches below would cover them)
  and the scene's overlay (live already);
- the mat drawn live in patches: instances of the mat itself (its own shader, texture and
  shadow lookup: the pixels are the mat's), each clipped by a scissor to the screen box of
  one moving disc's footprint and shadow on the mat, where it stands now and where it stood
  when the picture was drawn (the picture holds the mat with that frame's shadows there);
- occluders (their depth drawn each frame, viewer.still): the still discs.
Everything else (the still discs, the mat, the table) is in the picture, drawn once for the
playback: its fingerprint ignores the lighting's changes (each frame's shadow map) under a
plan, since what those change is live. The moving discs cast into a shadow map of their own
(viewer.lighting.split), drawn each frame; the other discs' map is drawn with the picture;
the live discs and the patches read both (two_map_shader), so the live parts get every
shadow, the moving discs' own included: the shadow follows the disc in every frame. (Where
no second map can be made, one map of every disc is drawn each frame, and the patches cover
too where the moving discs stood when the picture was drawn: its mat shows their shadows
there.) A camera that moves (an orbit during playback) gets full frames: the plan is dropped
in any frame whose camera differs from the frame before's. Offscreen (renders, exports) it is
off unless asked (`enabled`): an export's frames are each drawn whole.
"""
from __future__ import annotations

import math

import numpy as np
from panda3d.core import BitMask32, CullBinManager, NodePath, ScissorAttrib

from viewer.still import LIVE_BIT

#: The patches' bin: after the opaque one (the occluders' depth and the live discs come first,
#: so a patch never paints over a disc in front of it), before the transparent one (the
#: overlay and the labels are drawn over the mat)
PATCH_BIN = "glonk-playback-patch"
MARGIN_TEXELS = 8  # shadow-map texels round a shadow its filter and offsets may blur it by
PAD_PX = 2  # screen pixels round each patch (a triangle's edge rule, the picture's rounding)


def _patch_bin() -> str:
    manager = CullBinManager.getGlobalPtr()
    if manager.findBin(PATCH_BIN) < 0:
        manager.addBin(PATCH_BIN, CullBinManager.BTFixed, 25)
    return PATCH_BIN


class _Plan:
    """What the still scene draws live during one Motion's playback (viewer.still.use_plan)."""

    lights = False  # the picture does not depend on the shadow map's changes

    def __init__(self, owner, motion, moving, near, live, occluders):
        self.owner = owner
        self.motion = motion
        self.moving = moving  # piece ids
        self.near = near  # piece ids of the still discs drawn live
        self.live = live
        self.occluders = occluders
        self.stale: list = []  # where the moving discs stood when the picture was drawn

    def drawn(self) -> None:
        # drawn with one map of every caster, the picture holds the moving discs' shadows
        # where they are now (split, it holds none of theirs)
        self.stale = [] if self.owner._split else self.owner._boxes()
        self.owner.redraws += 1
        self.owner.app.lighting.redraw_static()  # what a still caster changed, in its map too


_SHADERS: dict = {}


def _two_map(name: str):
    """The two-map variant (viewer.lighting.two_map_shader) of a live part's shader."""
    shader = _SHADERS.get(name)
    if shader is None:
        from flickbook import resources
        from viewer.lighting import SHADER_DIR, two_map_shader

        here = resources.path("viewer", "glonk", "shaders")
        vert, frag = {"lit": (SHADER_DIR / "lit.vert", SHADER_DIR / "lit.frag"),
                      "mat": (here / "mat.vert", here / "mat.frag"),
                      "mat_picture": (here / "mat.vert", here / "mat_picture.frag")}[name]
        shader = _SHADERS[name] = two_map_shader(vert, frag)
    return shader


class PlaybackPicture:
    def __init__(self, app, scene):
        self.app = app
        self.scene = scene
        #: None: the house option `playback_picture` (default on) decides at each playback;
        #: False: full frames (a comparison); offscreen it is off unless asked (an export's
        #: frames are each drawn whole, as a fresh process draws them)
        self.enabled = False if getattr(app, "offscreen", False) else None
        #: use the plan in the very frame the Motion is shown (offscreen); a window waits for
        #: a camera held still a frame
        self.eager = bool(getattr(app, "offscreen", False))
        #: cast the moving discs' shadows into a map of their own (viewer.lighting.split), so
        #: a frame's shadow pass draws them alone; False: one map of every disc each frame
        self.split_shadows = True
        self._split = False  # the plan's shadows are split
        self._patch_shader = None
        self.plan: _Plan | None = None
        self._choice = None  # the house option, read once a playback
        self._shows_seen = scene.motion_shows
        self._seen = None  # the camera last frame
        #: frames drawn under a plan, plans made, pictures drawn for a plan, patches this frame
        self.frames = 0
        self.plans = 0
        self.redraws = 0
        self.patches = 0
        self.patch_root = scene.mat_root.attachNewNode("playback-patches")
        self.patch_root.hide(BitMask32.allOn())
        self.patch_root.showThrough(BitMask32.bit(LIVE_BIT))
        self.patch_root.setBin(_patch_bin(), 0, 1000)
        # the mat's printed labels again over each patch (the patch covers them in the picture)
        self.label_patch_root = scene.label_root.getParent().attachNewNode("playback-label-patches")
        self.label_patch_root.hide(BitMask32.allOn())
        self.label_patch_root.showThrough(BitMask32.bit(LIVE_BIT))
        self.holders: list[tuple[NodePath, NodePath]] = []

    @property
    def active(self) -> bool:
        return self.plan is not None

    def _wanted(self) -> bool:
        if self.enabled is not None:
            return self.enabled
        if self._choice is None:
            from viewer.glonk.settings import setting

            self._choice = bool(setting("playback_picture", True))
        return self._choice

    def frame(self, task=None):
        app, sc = self.app, self.scene
        shown = sc.motion_shows != self._shows_seen
        self._shows_seen = sc.motion_shows
        key = ((app.win.getXSize(), app.win.getYSize()),
               tuple(tuple(r) for r in app.cam.getMat(app.render)),
               tuple(tuple(r) for r in app.camLens.getProjectionMat()))
        held = key == self._seen
        self._seen = key
        if not shown:
            self._choice = None
        m = sc.motion_now if shown else None
        if (m is None or not self._wanted() or app.still.unavailable
                or not (held or self.eager) or getattr(sc.mat_picture, "mat", None) is None):
            self._drop()
            return getattr(task, "cont", None)
        plan = self.plan
        if plan is None or plan.motion is not m or not sc.displaced <= plan.moving:
            self._drop()
            plan = self.plan = self._make_plan(m)
            self.plans += 1
            self._split_shadows(plan)
            app.still.use_plan(plan)
        if self._split:
            shader = _two_map("mat_picture" if sc.mat_picture.using else "mat")
            if shader is not self._patch_shader:
                self._patch_shader = shader
                self.patch_root.setShader(shader, 30)
        self._place_patches(self._boxes() + plan.stale)
        self.frames += 1
        return getattr(task, "cont", None)

    def _split_shadows(self, plan) -> None:
        """The moving discs cast into the moving casters' map; the live discs and patches
        read both maps."""
        if not self.split_shadows:
            return
        try:
            self.app.lighting.split([self.scene.nodes[pid] for pid in sorted(plan.moving)])
            lit = _two_map("lit")
        except RuntimeError:  # no second depth buffer here: one map, drawn each frame
            self.split_shadows = False
            return
        self._split = True
        for node in plan.live_discs:
            node.setShader(lit, 10)  # under the shadow passes' depth shader (100)

    def _drop(self) -> None:
        if self.plan is not None:
            plan, self.plan = self.plan, None
            self.app.still.use_plan(None)
            if self._split:
                self._split = False
                self.app.lighting.join()
                for node in plan.live_discs:
                    if not node.isEmpty():
                        node.clearShader()
                self.patch_root.clearShader()
                self._patch_shader = None
            for pair in self.holders:
                for h in pair:
                    h.stash()
            self.patches = 0

    def destroy(self) -> None:
        self._drop()
        self.patch_root.removeNode()
        self.label_patch_root.removeNode()

    # --- the plan -------------------------------------------------------------------------
    def _reach(self):
        """(dx, dy) the key light's shadow moves over the mat per metre of height, and the
        margin (m) its filter and offsets may blur a shadow by."""
        light = self.app.lighting
        d = light.key_dir
        down = max(-d.z, 1e-3)
        texel = light.lens.getFilmSize()[0] / light.shadow_size
        return (d.x / down, d.y / down), MARGIN_TEXELS * texel

    def _make_plan(self, m) -> _Plan:
        sc = self.scene
        state = sc.state
        pieces = {p.id: p for p in state.pieces} if state is not None else {}
        gone = {pid for pid, _ in tuple(m.vanished) + tuple(m.left_table)}
        moving = set(sc.motion_moved) | gone | set(sc.displaced)
        moving = {pid for pid in moving if pid in sc.nodes}
        (dx, dy), margin = self._reach()
        index = {pid: i for i, pid in enumerate(m.ids)}
        still = [pid for pid, node in sc.nodes.items()
                 if pid not in moving and not node.isStashed() and pid in sc.poses]
        near = set()
        if still and moving:
            centres = np.array([sc.poses[pid][:2] for pid in still], dtype=np.float64)
            radii = np.array([self._radius(pieces.get(pid)) for pid in still])
            for pid in moving:
                i = index.get(pid)
                if i is None:  # not in the Motion: where the state has it, all along
                    pts = np.array([sc.poses.get(pid, (0.0, 0.0, 0.0))], dtype=np.float64)
                else:
                    pts = np.asarray(m.poses[:, i, :3], dtype=np.float64)
                r = self._radius(pieces.get(pid))
                step = float(np.max(np.hypot(*np.diff(pts[:, :2], axis=0).T))) if len(pts) > 1 else 0.0
                top = np.maximum(pts[:, 2] + r, 0.0)
                a = pts[:, :2]  # the disc's centre, and its shadow's far end on the mat
                b = a + np.stack([dx * top, dy * top], axis=1)
                ab = b - a
                ap = centres[:, None, :] - a[None, :, :]  # (still, samples, 2)
                den = np.maximum(np.sum(ab * ab, axis=1), 1e-12)
                u = np.clip(np.sum(ap * ab[None], axis=2) / den[None], 0.0, 1.0)
                dist = np.hypot(*(ap - u[..., None] * ab[None]).transpose(2, 0, 1))
                hit = np.any(dist < (radii[:, None] + r + margin + step), axis=1)
                near.update(p for p, h in zip(still, hit) if h)
        live_ids = moving | near
        live = [self.patch_root, self.label_patch_root] + [sc.nodes[pid] for pid in sorted(live_ids)]
        occluders = [sc.nodes[pid] for pid in still if pid not in near]
        plan = _Plan(self, m, moving, near, live, occluders)
        plan.live_discs = [sc.nodes[pid] for pid in sorted(live_ids)]
        return plan

    @staticmethod
    def _radius(piece) -> float:
        """A bounding radius of the disc round its centre (a tilted disc included)."""
        if piece is None:
            return 0.05
        return math.hypot(float(piece.radius), float(piece.thickness) / 2)

    def _boxes(self) -> list:
        """The mat's boxes (x0, x1, y0, y1) that each moving disc's footprint and shadow may
        cover now (scene coordinates: the mat's)."""
        sc = self.scene
        plan = self.plan
        if plan is None:
            return []
        pieces = {p.id: p for p in sc.state.pieces} if sc.state is not None else {}
        (dx, dy), margin = self._reach()
        out = []
        for pid in plan.moving:
            node = sc.nodes.get(pid)
            if node is None or node.isStashed():
                continue
            p = node.getPos(sc.mat_root)
            r = self._radius(pieces.get(pid)) + margin
            top = max(p.z + r, 0.0)
            sx, sy = p.x + dx * top, p.y + dy * top
            out.append((min(p.x, sx) - r, max(p.x, sx) + r, min(p.y, sy) - r, max(p.y, sy) + r))
        return out

    def _place_patches(self, boxes) -> None:
        """One scissored instance of the mat, and of its labels, per screen rectangle (those
        that overlap much merged)."""
        rects = _merge(self._screen_rects(boxes))
        mat, labels = self.scene.mat_picture.mat, self.scene.label_root
        while len(self.holders) < len(rects):
            pair = (self.patch_root.attachNewNode("patch"),
                    self.label_patch_root.attachNewNode("label-patch"))
            mat.instanceTo(pair[0])
            labels.instanceTo(pair[1])
            self.holders.append(pair)
        for pair, (l, r, b, t) in zip(self.holders, rects):
            scissor = ScissorAttrib.make(l, r, b, t)
            for holder in pair:
                holder.setAttrib(scissor)
                if holder.isStashed():
                    holder.unstash()
        for pair in self.holders[len(rects):]:
            for holder in pair:
                if not holder.isStashed():
                    holder.stash()
        self.patches = len(rects)

    def _screen_rects(self, boxes) -> list:
        """The window's fractions (left, right, bottom, top) that boxes on the mat cover,
        padded (those off the screen left out)."""
        if not boxes:
            return []
        app, sc = self.app, self.scene
        box = np.asarray(boxes, dtype=np.float64)  # (n, 4): x0, x1, y0, y1
        n = len(box)
        corners = np.empty((n, 8, 4))
        k = 0
        for xi in (0, 1):
            for yi in (2, 3):
                for z in (-0.002, 0.0):
                    corners[:, k, 0] = box[:, xi]
                    corners[:, k, 1] = box[:, yi]
                    corners[:, k, 2] = z
                    corners[:, k, 3] = 1.0
                    k += 1
        m = (np.array(sc.mat_root.getMat(app.render)) @ np.array(app.render.getMat(app.cam))
             @ np.array(app.camLens.getProjectionMat()))  # Panda's row vectors
        clip = corners @ m
        w = clip[..., 3]
        behind = np.any(w <= 1e-6, axis=1)  # behind the camera, in part: the whole window
        ndc = clip[..., :2] / np.where(w > 1e-6, w, 1.0)[..., None]
        lo = (ndc.min(axis=1) + 1) / 2
        hi = (ndc.max(axis=1) + 1) / 2
        pad = np.array([PAD_PX / app.win.getXSize(), PAD_PX / app.win.getYSize()])
        lo = np.clip(lo - pad, 0.0, 1.0)
        hi = np.clip(hi + pad, 0.0, 1.0)
        lo[behind], hi[behind] = 0.0, 1.0
        keep = np.all(hi > lo, axis=1)
        return [(float(a[0]), float(b[0]), float(a[1]), float(b[1]))
                for a, b, ok in zip(lo, hi, keep) if ok]


def _area(a) -> float:
    return max(a[1] - a[0], 0.0) * max(a[3] - a[2], 0.0)


def _merge(rects: list) -> list:
    """Rectangles (l, r, b, t), two merged into their bounding one where that is no larger
    than the two apart (an overlap drawn twice costs what the bounding one adds)."""
    rects = list(rects)
    merged = True
    while merged and len(rects) > 1:
        merged = False
        for i in range(len(rects)):
            for j in range(i + 1, len(rects)):
                a, c = rects[i], rects[j]
                u = (min(a[0], c[0]), max(a[1], c[1]), min(a[2], c[2]), max(a[3], c[3]))
                if _area(u) <= _area(a) + _area(c):
                    rects[i] = u
                    del rects[j]
                    merged = True
                    break
            if merged:
                break
    return rects
