"""The still scene, drawn once: while only overlays change (a hand aiming a flick), the 3D
scene is kept as a picture and each frame shows that picture with the overlays over it.

Under software GL a Glonk frame's cost is its pixels (the mat's texture and shadow lookups,
the discs, the shadow pass), yet while a flick is aimed nothing in the scene moves but the aim
line, the ghost path and the reach marks. So, while `wanted()` (a drag that says
`still_scene`, or `force`), the still scene (all the 3D scene but the live nodes: the scene's
overlay, the direction notes) is drawn into an offscreen buffer by a camera that shares the
main camera's lens and place. The main camera then draws a full-window quad that copies that
picture texel for texel (cut by the main camera's scissor to the window's part the side panel
and the bar leave the 3D view, viewer.app `_clip_to_view`: about 4-5 ms of CPU a frame at
1280x720 even so, llvmpipe's fast 2D path not taking it: LP_PERF=no_rast_linear changes
nothing), the still scene's occluders (the scene's `still_occluders()`: Glonk's
discs; what lies flat under every overlay, the mat and the table, hides none of it) into the
depth buffer alone, and the live nodes over both: depth-tested as in a full frame.

Measured in a real window under Xvfb (llvmpipe, 2 cores, 1280x720): the quad costs about 5 ms
of CPU a frame (a full-window texture copy: glBlitFramebuffer costs the same, through Mesa's
blitter); writing the picture's depth too (gl_FragDepth) cost 4 ms more than drawing the discs'
depth again; a full Glonk frame costs 20-30 ms.

The picture is drawn again only when something it shows changed: the camera or its lens, the
window's size, the lighting (`Lighting.changes`: a shown position, a motion) or anything
below the still nodes (a node's bounds are made anew whenever a transform, a child, a state
or a geometry below it changes: the bounds objects kept are the fingerprint) or `changed()`.

A plan (`use_plan`) shows the picture too, with more nodes live and other occluders: a Glonk
flick's playback (viewer.glonk.playback_picture) keeps what its Motion never moves in the
picture and draws the moving discs, and the mat where their shadows fall, live. A plan says
whether the picture depends on the lighting's changes (a playback's does not: every shadow
that moves falls on something live).
"""
from __future__ import annotations

from panda3d.core import (
    BitMask32,
    ColorWriteAttrib,
    GeomVertexFormat,
    NodePath,
    OmniBoundingVolume,
    Shader,
    TransparencyAttrib,
)

from viewer.lighting import MAIN_BIT, load_shader
from viewer.picture_buffer import drop_picture_buffer, make_picture_buffer

STILL_BIT = 2  # the still camera's: every node but the live ones
LIVE_BIT = 3  # the main camera's while the still picture is shown: the quad and live nodes

# The picture's texel at each pixel's centre, (i + 0.5) / size, by its nearest filter: texel
# for texel, and cheaper under llvmpipe than a texelFetch at gl_FragCoord (6.3 against 7.6 ms
# of CPU a frame at 1280x720, measured in turn; the same pixels)
_VERT = """#version 150
in vec4 p3d_Vertex;
out vec2 v_uv;
void main() { gl_Position = vec4(p3d_Vertex.xy, 0.0, 1.0); v_uv = p3d_Vertex.xy * 0.5 + 0.5; }
"""
_FRAG = """#version 150
uniform sampler2D still_color;
in vec2 v_uv;
out vec4 frag;
void main() { frag = vec4(texture(still_color, v_uv).rgb, 1.0); }
"""


class StillScene:
    """The cached still picture of one app (see the module doc)."""

    def __init__(self, app):
        self.app = app
        #: show the still picture whether or not a drag asks for it (tests, benches)
        self.force = False
        self.live: list[NodePath] = []
        self.buffer = None
        self.cam = None
        self._size = None
        self._key = None
        self._held = None
        self._active = False
        #: frames shown from the still picture, and how many of them drew it again
        self.frames = 0
        self.redraws = 0
        self._changed = False
        #: set when no offscreen buffer can be made here (a GL without framebuffer objects):
        #: every frame is then drawn whole, as before
        self.unavailable = False
        app.render.hide(BitMask32.bit(LIVE_BIT))
        self.quad = self._make_quad()
        # the occluders' depth, drawn by the main camera while the picture is shown: instances
        # under a node of their own that writes depth only
        self.depth_root = app.render.attachNewNode("still-occluders")
        self.depth_root.hide(BitMask32.allOn())
        self.depth_root.showThrough(BitMask32.bit(LIVE_BIT))
        self.depth_root.setShader(load_shader("depth"), 1000)
        self.depth_root.setAttrib(ColorWriteAttrib.make(ColorWriteAttrib.COff), 1000)
        self.depth_root.setTransparency(TransparencyAttrib.MNone, 1000)
        self.depth_root.setDepthWrite(True, 1000)
        self.depth_root.setDepthTest(True, 1000)
        self.depth_root.setBin("opaque", 0, 1000)
        self._occluders: list = []
        self._still_occluders: list = []  # the occluders set for the still scene (no plan)
        #: a plan (a playback's: viewer.glonk.playback_picture): while set, the picture is
        #: shown with the plan's nodes live too, and its occluders in place of the scene's
        self.plan = None

    # --- what is live ------------------------------------------------------------------
    def add_live(self, node: NodePath) -> None:
        """`node` is drawn every frame over the still picture, never into it."""
        self.live = [n for n in self.live if not n.isEmpty() and n != node] + [node]
        node.hide(BitMask32.bit(STILL_BIT))
        node.showThrough(BitMask32.bit(LIVE_BIT))
        self.changed()

    def remove_live(self, node: NodePath) -> None:
        """`node` is drawn into the still picture again, as before `add_live`."""
        self.live = [n for n in self.live if not n.isEmpty() and n != node]
        if not node.isEmpty():
            node.show(BitMask32.bit(STILL_BIT) | BitMask32.bit(LIVE_BIT))
        self.changed()

    def set_occluders(self, nodes) -> None:
        """The still nodes that may hide a live one (their depth is drawn again each frame)."""
        self._still_occluders = list(nodes)
        self._set_occluders(self._still_occluders)

    def use_plan(self, plan) -> None:
        """Show the picture with `plan.live` drawn live too and `plan.occluders` as the
        occluders (None: the plan given before is undone). A plan says in `plan.lights` whether
        the picture depends on the lighting's changes (a playback's does not: what moves in it
        is live, and so is every place its shadows fall); `plan.drawn()` is called in each
        frame that draws the picture again."""
        if plan is self.plan:
            return
        old, self.plan = self.plan, plan
        if old is not None:
            for node in old.live:
                self.remove_live(node)
            self._set_occluders(self._still_occluders)
        if plan is not None:
            for node in plan.live:
                self.add_live(node)
            self._set_occluders(plan.occluders)

    def _set_occluders(self, nodes) -> None:
        self.depth_root.getChildren().detach()
        self._occluders = []
        for node in nodes:
            holder = self.depth_root.attachNewNode(f"at-{node.getName()}")
            node.instanceTo(holder)
            self._occluders.append((node, holder))
        self.changed()

    def _place_occluders(self) -> None:
        render = self.app.render
        self._occluders = [(n, h) for n, h in self._occluders if not n.isEmpty()]
        for node, holder in self._occluders:
            holder.setMat(node.getParent().getMat(render))

    def changed(self) -> None:
        """Something the still picture shows changed that no fingerprint sees."""
        self._changed = True

    def wanted(self) -> bool:
        if self.unavailable:
            return False
        if self.force or self.plan is not None:
            return True
        ctl = self.app.controller
        drag = getattr(ctl, "drag", None) if ctl is not None else None
        return bool(getattr(drag, "still_scene", False))

    # --- each frame ----------------------------------------------------------------------
    def frame(self, task=None):
        """Show the still picture (drawn again if it changed) or the full scene."""
        app = self.app
        if not self.wanted():
            if self._active:
                self._stop()
            return getattr(task, "cont", None)
        size = (app.win.getXSize(), app.win.getYSize())
        if self.buffer is None or size != self._size:
            try:
                self._make_buffer(size)
            except RuntimeError:
                self.unavailable = True
                if self._active:
                    self._stop()
                return getattr(task, "cont", None)
        key, held = self._fingerprint(size)
        redraw = self._changed or key != self._key or not self._active
        self._changed = False
        self._key, self._held = key, held
        self.buffer.setActive(redraw)
        if redraw:
            self.redraws += 1
            self._place_occluders()
            if self.plan is not None:
                self.plan.drawn()
        if not self._active:
            app.cam.node().setCameraMask(BitMask32.bit(LIVE_BIT))
            self._active = True
        self.frames += 1
        return getattr(task, "cont", None)

    @property
    def active(self) -> bool:
        return self._active

    def _stop(self) -> None:
        self._active = False
        self._key = self._held = None
        self.app.cam.node().setCameraMask(BitMask32.bit(MAIN_BIT))
        if self.buffer is not None:
            self.buffer.setActive(False)

    def _fingerprint(self, size):
        """What the still picture depends on. Panda objects are kept (not their addresses
        alone), so a changed one cannot be mistaken for one made at a freed one's address."""
        app = self.app
        cam = app.cam
        lens = app.camLens
        parts = [size, tuple(tuple(r) for r in cam.getMat(app.render)),
                 tuple(tuple(r) for r in lens.getProjectionMat()),
                 getattr(app.lighting, "changes", 0)
                 if self.plan is None or self.plan.lights else None]
        objs = []
        live = [n for n in self.live if not n.isEmpty()]
        self.live = live
        own = (self.quad, self.depth_root, app.camera)  # the camera: its place is in `parts`
        skip = {n.getKey() for n in live + list(own)}
        above = set()  # the live nodes' ancestors (keys: one a node path, found in a set)
        for n in live:
            n = n.getParent()
            while not n.isEmpty() and n.getKey() not in above:
                above.add(n.getKey())
                n = n.getParent()

        def walk(np_):
            key = np_.getKey()
            if key in skip:
                return
            if key in above:
                objs.append(np_.getState())
                objs.append(np_.getTransform())
                for child in np_.getChildren():
                    walk(child)
            else:
                objs.append(np_.node().getBounds())

        walk(app.render)
        return (parts, [o.this for o in objs]), objs

    # --- parts -------------------------------------------------------------------------
    def _make_quad(self) -> NodePath:
        from panda3d.core import Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexWriter

        vdata = GeomVertexData("still-quad", GeomVertexFormat.getV3(), Geom.UHStatic)
        w = GeomVertexWriter(vdata, "vertex")
        for x, y in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            w.addData3(x, y, 0)
        tris = GeomTriangles(Geom.UHStatic)
        tris.addVertices(0, 1, 2)
        tris.addVertices(0, 2, 3)
        geom = Geom(vdata)
        geom.addPrimitive(tris)
        gn = GeomNode("still-picture")
        gn.addGeom(geom)
        gn.setBounds(OmniBoundingVolume())
        gn.setFinal(True)
        quad = self.app.render.attachNewNode(gn)
        quad.setShader(Shader.make(Shader.SL_GLSL, _VERT, _FRAG), 1000)
        quad.setDepthTest(False, 1000)
        quad.setDepthWrite(False, 1000)
        quad.setTransparency(False, 1000)
        quad.setTwoSided(True, 1000)
        quad.setBin("background", 0, 1000)
        quad.hide(BitMask32.allOn())
        quad.showThrough(BitMask32.bit(LIVE_BIT))
        return quad

    def _make_buffer(self, size) -> None:
        app = self.app
        drop_picture_buffer(app, self.buffer, self.cam)
        self.buffer = None
        buf, self.cam, color = make_picture_buffer(app, "still", -5, size, STILL_BIT,
                                                   app.win.getClearColor())
        self.buffer, self._size, self._key = buf, size, None
        self.quad.setShaderInput("still_color", color)
