"""Light, shadow and materials: one hand-written GLSL shader with a shadow-mapped key light.

`setShaderAuto` does not work under software GL here (see shared FINDINGS), so the viewer
ships its own shaders. The shadow map is re-rendered only when the scene changed
(`mark_dirty`), since the light never moves: a still scene costs one pass a frame. While
pieces move continuously it may be redrawn every other frame (`throttle`; the extra pass
cost a third of the frame rate in software GL), and the frame after the last change always
gets a fresh map; a change marked `every_frame` (a sliding Glonk disc, whose shadow a frame
behind showed as a dark twin trailing it) is in that frame's map.

`split(nodes)` gives some casters a map of their own (a playback's moving discs,
viewer.glonk.playback_picture): that map alone is drawn each frame the lighting is marked
dirty, the other casters' map only on `redraw_static`, and shaders made by `two_map_shader`
read both (the others read the still casters' map alone meanwhile); `join()` ends it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from panda3d.core import (
    BitMask32,
    Camera,
    ColorWriteAttrib,
    CullFaceAttrib,
    FrameBufferProperties,
    GraphicsOutput,
    GraphicsPipe,
    LMatrix4f,
    NodePath,
    OrthographicLens,
    SamplerState,
    Shader,
    Texture,
    TransparencyAttrib,
    Vec2,
    Vec3,
    Vec4,
    WindowProperties,
)

from flickbook import resources

SHADER_DIR = resources.path("viewer", "shaders")
MAIN_BIT = 0
SHADOW_BIT = 1
MOVING_SHADOW_BIT = 5  # the moving casters' map's camera (Lighting.split)
SHADOW_NORMAL_OFFSET = 1.5  # map texels a receiver steps off its surface for the lookup
SHADOW_DEPTH_BIAS = 1.0  # map texels (in depth) a receiver counts as nearer the light


def load_shader(name: str) -> Shader:
    """The GLSL shader pair `name.vert` / `name.frag` from viewer/shaders."""
    shader = Shader.load(
        Shader.SL_GLSL,
        vertex=str(SHADER_DIR / f"{name}.vert"),
        fragment=str(SHADER_DIR / f"{name}.frag"),
    )
    if shader is None:
        raise RuntimeError(f"could not load shader {name}")
    return shader


def two_map_shader(vertex, fragment) -> Shader:
    """The GLSL pair at these paths with each lookup of `shadow_map` made the lesser of it and
    the same lookup of `shadow_moving`, the moving casters' map (Lighting.split): a pixel is
    as shadowed as the nearer caster of either map makes it. Where both maps' casters shadow
    the same texels a 2x2 filtered lookup may differ from one of a map holding both by a
    share of one filter tap (their shadows' overlapping edges)."""
    from pathlib import Path

    src = Path(fragment).read_text()
    out, n = re.subn(r"texture\(shadow_map, ([^;]+?)\);",
                     r"min(texture(shadow_map, \1), texture(shadow_moving, \1));", src)
    decl = "uniform sampler2DShadow shadow_map;"
    if n == 0 or decl not in out:
        raise RuntimeError(f"no shadow map lookup to double in {fragment}")
    out = out.replace(decl, decl + "\nuniform sampler2DShadow shadow_moving;", 1)
    shader = Shader.make(Shader.SL_GLSL, Path(vertex).read_text(), out)
    if shader is None:
        raise RuntimeError(f"could not make the two-map shader of {fragment}")
    return shader


@dataclass(frozen=True)
class Material:
    """Surface response: specular strength and shininess, textured or not, shadow receiver."""

    specular: float = 0.15
    shininess: float = 24.0
    textured: bool = False
    receives_shadow: bool = True

    def vec(self) -> Vec4:
        return Vec4(self.specular, self.shininess, 1.0 if self.textured else 0.0,
                    1.0 if self.receives_shadow else 0.0)


MATTE = Material(0.05, 8.0)
WOOD = Material(0.12, 16.0, textured=True)
STONE = Material(0.55, 48.0)
PLASTIC = Material(0.35, 32.0)


def apply_material(node: NodePath, material: Material) -> None:
    node.setShaderInput("material", material.vec())


class Lighting:
    """Key light with a shadow map, a fill light and ambient, applied to `scene_root`.

    `fit(center, radius)` aims the shadow camera so its map covers the scene tightly.
    """

    KEY_DIR = Vec3(-0.45, 0.55, -1.0)
    FILL_DIR = Vec3(0.6, -0.2, -0.5)

    def __init__(self, base, scene_root: NodePath, shadow_size: int = 1024):
        self.base = base
        self.root = scene_root
        self.shadow_size = shadow_size
        self._dirty = True
        #: counts the changes marked (viewer.still draws its picture again when it moves)
        self.changes = 0
        self._rendered_last = False
        self._now = False  # a change that must be in this frame's map (mark_dirty)
        #: redraw the map at most every other frame (windows; pictures and exports are exact)
        self.throttle = False
        self.lit = load_shader("lit")
        self.moving_buffer = None  # the moving casters' map (split), made when first asked
        self._split: list | None = None
        self._static_now = False
        self.flat = load_shader("flat")
        key = Vec3(self.KEY_DIR)
        key.normalize()
        fill = Vec3(self.FILL_DIR)
        fill.normalize()
        self.key_dir = key
        root = scene_root
        root.setShader(self.lit)
        root.setShaderInput("key_dir", key)
        self._key_color = Vec3(0.78, 0.75, 0.70)
        self._fill_dir = fill
        self._fill_color = Vec3(0.22, 0.24, 0.30)
        self._sky = Vec3(0.30, 0.31, 0.36)
        root.setShaderInput("key_color", self._key_color)
        root.setShaderInput("fill_dir", fill)
        root.setShaderInput("fill_color", self._fill_color)
        root.setShaderInput("sky_color", self._sky)
        root.setShaderInput("ground_color", Vec3(0.16, 0.14, 0.12))
        root.setShaderInput("cam_pos", Vec3(0, 0, 10))
        apply_material(root, MATTE)
        self._make_shadow_buffer()
        self.fit(Vec3(0, 0, 0), 10.0)
        base.frame.add("lighting", self._update, "flickbook-lighting")

    def _depth_buffer(self, name: str, texture: str, sort: int):
        """(buffer, depth texture) of a shadow map of `shadow_size` texels, cleared to the far
        plane, its texture compared in the lookup and white past its border (nothing shadows
        there); (None, None) when the pipe gives no offscreen buffer."""
        base, size = self.base, self.shadow_size
        fbp = FrameBufferProperties()
        fbp.setRgbColor(False)
        fbp.setRgbaBits(0, 0, 0, 0)
        fbp.setDepthBits(24)
        buf = base.graphicsEngine.makeOutput(
            base.pipe, name, sort, fbp, WindowProperties.size(size, size),
            GraphicsPipe.BFRefuseWindow, base.win.getGsg(), base.win)
        if buf is None:
            return None, None
        tex = Texture(texture)
        tex.setFormat(Texture.FDepthComponent)
        tex.setMinfilter(SamplerState.FT_shadow)
        tex.setMagfilter(SamplerState.FT_shadow)
        tex.setWrapU(SamplerState.WM_border_color)
        tex.setWrapV(SamplerState.WM_border_color)
        tex.setBorderColor(Vec4(1, 1, 1, 1))
        buf.addRenderTexture(tex, GraphicsOutput.RTMBindOrCopy, GraphicsOutput.RTPDepth)
        buf.setClearDepthActive(True)
        buf.setClearDepth(1.0)
        return buf, tex

    def _make_shadow_buffer(self) -> None:
        buf, tex = self._depth_buffer("flickbook-shadow", "shadow-map", -10)
        if buf is None:
            raise RuntimeError("could not create the shadow buffer")
        self.buffer = buf
        self.shadow_tex = tex
        lens = OrthographicLens()
        lens.setFilmSize(20, 20)
        lens.setNearFar(0.1, 100)
        self.lens = lens
        self.light_cam = base.makeCamera(buf, lens=lens, scene=self.root.getTop())
        self.light_cam.reparentTo(self.root.getTop())
        state = NodePath("shadow-state")
        state.setShader(load_shader("depth"), 100)
        state.setAttrib(ColorWriteAttrib.make(ColorWriteAttrib.COff), 100)
        # The map holds the casters' light-facing surfaces. (Their far sides were kept once,
        # against acne; but a piece's underside lies on what it stands on, so the ground
        # round every foot passed the depth test and showed lit: a pale crescent with the
        # shadow only a thin arc beyond it.) Acne is kept off by `shadow_bias` instead.
        state.setAttrib(CullFaceAttrib.make(CullFaceAttrib.MCullClockwise), 100)
        state.setTransparency(TransparencyAttrib.MNone, 100)
        self.light_cam.node().setInitialState(state.getState())
        # Only casters are drawn into the map; overlays and the table hide from the light cam.
        self.caster_mask = BitMask32.bit(SHADOW_BIT)
        self.light_cam.node().setCameraMask(self.caster_mask)
        base.cam.node().setCameraMask(BitMask32.bit(MAIN_BIT))
        self.root.setShaderInput("shadow_map", tex)

    # --- the moving casters' map ------------------------------------------------------
    def split(self, nodes) -> Texture:
        """Cast `nodes`' shadows into a map of their own (`shadow_moving`, drawn in every
        frame the lighting is marked dirty), while the map of every other caster is drawn
        now and then only when asked (`redraw_static`): what moves costs its own pass alone.
        Only shaders made by `two_map_shader` see the moving casters' shadows meanwhile.
        Raises RuntimeError where no second depth buffer can be made."""
        if self.moving_buffer is None:
            self._make_moving_buffer()
        self.join(redraw=False)
        moving = BitMask32.bit(MOVING_SHADOW_BIT)
        for node in nodes:
            node.hide(self.caster_mask)
            node.showThrough(moving)
        self._split = list(nodes)
        self.redraw_static()
        self.moving_buffer.setActive(True)
        return self.moving_tex

    def join(self, redraw: bool = True) -> None:
        """Every caster back in the one map (drawn in this frame), as before `split`."""
        if self._split is None:
            return
        for node in self._split:
            if not node.isEmpty():
                node.show(self.caster_mask | BitMask32.bit(MOVING_SHADOW_BIT))
        self._split = None
        self.moving_buffer.setActive(False)
        if redraw:
            self.mark_dirty(every_frame=True)
            self.buffer.setActive(True)
            self._rendered_last = True
            self._dirty = self._now = False

    @property
    def split_up(self) -> bool:
        return self._split is not None

    def redraw_static(self) -> None:
        """While split: draw the map of the casters that do not move in this frame."""
        if self._split is not None:
            self.buffer.setActive(True)

    def _make_moving_buffer(self) -> None:
        buf, tex = self._depth_buffer("flickbook-shadow-moving", "shadow-map-moving", -9)
        if buf is None:
            raise RuntimeError("could not create the moving casters' shadow buffer")
        buf.setActive(False)
        node = Camera("shadow-moving-cam", self.lens)  # the key light's own lens and place
        node.setCameraMask(BitMask32.bit(MOVING_SHADOW_BIT))
        node.setInitialState(self.light_cam.node().getInitialState())
        node.setScene(self.root.getTop())
        cam = self.light_cam.attachNewNode(node)
        buf.makeDisplayRegion().setCamera(cam)
        self.root.getTop().hide(BitMask32.bit(MOVING_SHADOW_BIT))
        self.moving_buffer, self.moving_tex, self.moving_cam = buf, tex, cam
        self.root.setShaderInput("shadow_moving", tex)

    def plane_light(self) -> Vec3:
        """The light a level, matte, unshadowed surface receives (to bake into unlit ones)."""
        up = Vec3(0, 0, 1)
        key = self._key_color * max(-self.key_dir.dot(up), 0.0)
        fill = self._fill_color * max(-self._fill_dir.dot(up), 0.0)
        return self._sky + key + fill

    def hide_from_shadow(self, node: NodePath) -> None:
        """Keep `node` out of the shadow map (it still receives shadows)."""
        node.hide(self.caster_mask)

    def fit(self, center: Vec3, radius: float) -> None:
        """Aim the key light's ortho camera at `center` so a sphere of `radius` fits."""
        d = self.key_dir
        cam = self.light_cam
        cam.setPos(Vec3(center) - d * radius * 3.0)
        cam.lookAt(Vec3(center), Vec3(0, 0, 1) if abs(d.z) < 0.99 else Vec3(0, 1, 0))
        self.lens.setFilmSize(radius * 2.1, radius * 2.1)
        self.lens.setNearFar(radius * 0.5, radius * 5.5)
        # world -> light clip -> [0,1] texture space. Panda uses row vectors: v * M.
        world_to_cam = LMatrix4f(cam.getMat(self.root.getTop()))
        world_to_cam.invertInPlace()
        vp = world_to_cam * LMatrix4f(self.lens.getProjectionMat())
        bias = LMatrix4f.scaleMat(0.5) * LMatrix4f.translateMat(0.5, 0.5, 0.5)
        self.root.setShaderInput("shadow_vp", vp * bias)
        # A lit surface looks its shadow up a little way off itself, along its normal, and a
        # little nearer the light: one map texel each, what the map's resolution and its 2x2
        # filter can get wrong. Far less than a piece's height, so shadows start at its foot.
        texel = self.lens.getFilmSize()[0] / self.shadow_size
        depth_span = self.lens.getFar() - self.lens.getNear()
        self.root.setShaderInput("shadow_bias", Vec2(SHADOW_NORMAL_OFFSET * texel,
                                                     SHADOW_DEPTH_BIAS * texel / depth_span))
        self.mark_dirty()

    def mark_dirty(self, every_frame: bool = False) -> None:
        """Something moved: re-render the shadow map soon (this frame or the next);
        `every_frame`: this frame, whatever the throttle (a disc whose shadow must stay
        under it while it slides, not trail it as a dark twin)."""
        self._dirty = True
        self.changes += 1
        self._now = self._now or every_frame
        wake = getattr(self.base, "wake", None)
        if wake is not None:
            wake()  # a window that sleeps while nothing changes draws this change

    def set_camera_pos(self, pos) -> None:
        self.root.setShaderInput("cam_pos", Vec3(pos))

    def _update(self, task):
        if self._split is not None:  # the moving casters' map alone, each frame marked dirty
            self.buffer.setActive(False)
            self.moving_buffer.setActive(self._dirty)
            self._dirty = self._now = False
            return task.cont
        render = self._dirty and (self._now or not (self.throttle and self._rendered_last))
        self.buffer.setActive(render)
        self._rendered_last = render
        if render:
            self._dirty = self._now = False
        return task.cont


def flat_overlay(node: NodePath, lighting: Lighting, textured: float = 0.0) -> None:
    """Make `node` unlit geometry that casts no shadow.

    `textured`: 0 colour only, 1 alpha from the texture (3D text), 2 colour times texture.
    """
    node.setShader(lighting.flat, 10)
    node.setShaderInput("flat_textured", float(textured))
    lighting.hide_from_shadow(node)
