"""The table the game stands on: a large plane of green baize with a procedurally made texture."""
from __future__ import annotations

import numpy as np
from panda3d.core import NodePath, SamplerState, Texture

from viewer import geometry
from viewer.lighting import MATTE, Material, apply_material


def felt_texture(size: int = 256, seed: int = 7) -> Texture:
    """Dark green baize: fine fibre noise over a slow mottle (numpy, no files)."""
    rng = np.random.default_rng(seed)
    coarse = rng.random((size // 32, size // 32)).astype(np.float32)
    mottle = np.kron(coarse, np.ones((32, 32), dtype=np.float32))
    k = np.ones(15, dtype=np.float32) / 15  # soften the blocks (wraps, so it tiles)
    for axis in (0, 1):
        mottle = sum(np.roll(mottle, i - 7, axis=axis) * k[i] for i in range(15))
    fibre = rng.random((size, size)).astype(np.float32)
    v = 0.82 + 0.10 * mottle + 0.10 * fibre
    r, g, b = 0.13 * v, 0.33 * v, 0.22 * v
    img = (np.clip(np.stack([b, g, r], axis=-1), 0, 1) * 255).astype(np.uint8)  # BGR
    tex = Texture("felt")
    tex.setup2dTexture(size, size, Texture.T_unsigned_byte, Texture.F_rgb8)
    tex.setRamImage(np.ascontiguousarray(img[::-1]).tobytes())
    tex.setWrapU(SamplerState.WM_repeat)
    tex.setWrapV(SamplerState.WM_repeat)
    tex.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    tex.setMagfilter(SamplerState.FT_linear)
    return tex


def make_table(parent: NodePath, center, radius: float, z: float = 0.0, repeats: float = 6.0) -> NodePath:
    """A square table top of side 8 * radius, centred under the scene, just below `z`."""
    half = radius * 4.0
    m = geometry.MeshBuilder("table")
    cx, cy = center[0], center[1]
    u = repeats * 4
    m.quad([(cx - half, cy - half, z), (cx + half, cy - half, z), (cx + half, cy + half, z),
            (cx - half, cy + half, z)], (0, 0, 1), (1, 1, 1, 1), ((0, 0), (u, 0), (u, u), (0, u)))
    node = m.node()
    node.reparentTo(parent)
    node.setTexture(felt_texture())
    apply_material(node, Material(0.03, 6.0, textured=True))
    return node
