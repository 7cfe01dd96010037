"""The mat's texture sampled once per camera: while the camera holds still, the Galaxy mat is
lit from a picture of its texture as that camera sees it.

Under software GL (llvmpipe) the mat is the costliest thing of a Glonk frame: measured at
1280x720, about 13 ms of CPU a frame, 10 of them its trilinear texture lookups (the 2048
texel print, mipmapped) and 3-4 its shadow lookup. The texture a pixel of the mat shows
depends only on the camera, so while the camera holds still the mat's texture, filtered as
the mat's own shader filters it, is drawn once into an offscreen picture the size of the
window, by a camera that shares the main camera's lens and place; the mat is then drawn
with `mat_picture.frag`: one texel fetch of that picture at the pixel, lit and shadowed as
`mat.frag` lights it, every frame (the discs move, their shadows with them). The picture is
drawn again when the camera, its lens or the window's size changes; while a window's camera
moves, the mat keeps its own shader (a picture a frame would cost more than it saves);
offscreen (renders, exports) the picture is drawn in the frame the camera changed, so no
frame's pixels depend on the frames before it.

The pixels are those of the mat's own shader but for the picture's 8-bit rounding of the
filtered texture (at most a level or two of 255).
"""
from __future__ import annotations

from panda3d.core import (
    BitMask32,
    NodePath,
    Vec4,
)

from viewer.picture_buffer import drop_picture_buffer, make_picture_buffer

PICTURE_BIT = 4  # the picture camera's: the mat's instance alone


class MatPicture:
    def __init__(self, app, mat: NodePath, direct_shader, picture_shader, texture_shader,
                 clear_rgb):
        self.app = app
        self.mat = mat
        self.direct = direct_shader
        self.lit = picture_shader
        #: False: the mat always keeps its own shader (a comparison, a test)
        self.enabled = True
        #: draw the picture in the very frame the camera changed (offscreen: a frame's pixels
        #: then never depend on the frames before it, so an export's helper processes film
        #: exactly what one process films); a window waits a frame, so an orbit costs no more
        self.eager = bool(getattr(app, "offscreen", False))
        self.unavailable = False  # no offscreen buffer could be made here
        self.buffer = None
        self.cam = None
        self._size = None
        self._key = None  # what the picture was drawn for
        self._seen = None  # the camera last frame
        self._using = False
        self.redraws = 0
        self._clear = Vec4(*clear_rgb, 1.0)
        # the mat again, beside itself, seen by the picture camera alone, drawn unlit
        app.render.hide(BitMask32.bit(PICTURE_BIT))
        self.holder = mat.getParent().attachNewNode("mat-picture")
        self.holder.hide(BitMask32.allOn())
        self.holder.showThrough(BitMask32.bit(PICTURE_BIT))
        self.holder.setShader(texture_shader, 1000)
        mat.instanceTo(self.holder)
        self.texture = None
        mat.setShader(self.direct, 20)

    @property
    def using(self) -> bool:
        """Whether the mat is drawn from its picture this frame."""
        return self._using

    def frame(self, task=None):
        app = self.app
        size = (app.win.getXSize(), app.win.getYSize())
        key = (size, tuple(tuple(r) for r in app.cam.getMat(app.render)),
               tuple(tuple(r) for r in app.camLens.getProjectionMat()))
        draw = False
        if not self.enabled or self.unavailable:
            use = False
        elif key == self._key:
            use = True
        elif key == self._seen or self.eager:  # the camera held still a frame: draw it now
            try:
                if self.buffer is None or size != self._size:
                    self._make_buffer(size)
                self._key = key
                draw = use = True
                self.redraws += 1
            except RuntimeError:  # no offscreen buffer here: the mat keeps its own shader
                self.unavailable = True
                use = False
        else:
            use = False
        self._seen = key
        if self.buffer is not None:
            self.buffer.setActive(draw)
        if use != self._using:
            self._using = use
            self.mat.setShader(self.lit if use else self.direct, 20)
        return getattr(task, "cont", None)

    def destroy(self) -> None:
        drop_picture_buffer(self.app, self.buffer, self.cam)
        self.buffer = None
        self.holder.removeNode()

    def _make_buffer(self, size) -> None:
        drop_picture_buffer(self.app, self.buffer, self.cam)
        self.buffer = None
        # the rim's colour as its clear colour: an edge pixel drawn a pixel off
        buf, self.cam, tex = make_picture_buffer(self.app, "mat-picture", -6, size, PICTURE_BIT,
                                                 self._clear)
        self.buffer, self._size, self.texture = buf, size, tex
        self.mat.setShaderInput("picture", tex)
