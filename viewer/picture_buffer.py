"""An offscreen picture of the main camera's view: a buffer of the window's size whose colour
lands texel for texel in a texture, drawn by a camera that shares the main lens and sees only
the nodes shown to `camera_bit`. The still scene (viewer.still) and Glonk's mat picture
(viewer.glonk.mat_picture) are two such pictures."""
from __future__ import annotations

from panda3d.core import (
    BitMask32, Camera, FrameBufferProperties, GraphicsOutput, GraphicsPipe, SamplerState,
    Texture, WindowProperties,
)


def make_picture_buffer(app, name: str, sort: int, size, camera_bit: int, clear_colour):
    """(buffer, camera node path, colour texture), the buffer inactive until asked to draw;
    raises RuntimeError when the graphics pipe gives no offscreen buffer."""
    w, h = size
    fbp = FrameBufferProperties()
    fbp.setRgbColor(True)
    fbp.setRgbaBits(8, 8, 8, 0)
    fbp.setDepthBits(24)
    buf = app.graphicsEngine.makeOutput(
        app.pipe, f"flickbook-{name}", sort, fbp, WindowProperties.size(w, h),
        GraphicsPipe.BFRefuseWindow, app.win.getGsg(), app.win)
    if buf is None:
        raise RuntimeError(f"could not create the {name} buffer")
    tex = Texture(f"{name}-color")
    tex.setMinfilter(SamplerState.FT_nearest)
    tex.setMagfilter(SamplerState.FT_nearest)
    tex.setWrapU(SamplerState.WM_clamp)
    tex.setWrapV(SamplerState.WM_clamp)
    buf.addRenderTexture(tex, GraphicsOutput.RTMBindOrCopy, GraphicsOutput.RTPColor)
    buf.setClearColorActive(True)
    buf.setClearColor(clear_colour)
    buf.setClearDepthActive(True)
    buf.setClearDepth(1.0)
    node = Camera(f"{name}-cam", app.camLens)
    node.setCameraMask(BitMask32.bit(camera_bit))
    node.setScene(app.render)
    cam = app.cam.attachNewNode(node)
    buf.makeDisplayRegion().setCamera(cam)
    buf.setActive(False)
    return buf, cam, tex


def drop_picture_buffer(app, buf, cam) -> None:
    """Give back a buffer made by make_picture_buffer (None: nothing to give back)."""
    if buf is not None:
        cam.removeNode()
        app.graphicsEngine.removeWindow(buf)
