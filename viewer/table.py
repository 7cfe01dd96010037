"""The table the game stands on: a large plane of green baize, mottled in vertex colours."""
from __future__ import annotations

import numpy as np
from panda3d.core import NodePath

from viewer import geometry
from viewer.lighting import MATTE, apply_material


def make_table(parent: NodePath, center, radius: float, z: float = 0.0, lighting=None,
               cells: int = 24, seed: int = 7) -> NodePath:
    """A square table of baize, side 8 * radius, centred under the scene, just below `z`.

    The cloth's mottle is in vertex colours on a grid (no texture), and with `lighting` the
    light a level surface receives is baked in and the cloth is drawn without a shader.
    It fills most of the screen, and Mesa's software rasteriser draws shader-free, texture-free
    geometry on a fast path; measured at 1280x720: a GLSL shader on the cloth cost about a
    third of the frame, a mipmapped texture another 10 ms of CPU per frame.
    """
    rng = np.random.default_rng(seed)
    half = radius * 4.0
    cx, cy = center[0], center[1]
    shade = 0.86 + 0.14 * rng.random((cells + 1, cells + 1))
    light = lighting.plane_light() if lighting is not None else (1.0, 1.0, 1.0)
    base = (0.13 * light[0], 0.33 * light[1], 0.22 * light[2])
    m = geometry.MeshBuilder("table")
    step = 2 * half / cells
    rows = []
    for j in range(cells + 1):
        row = []
        for i in range(cells + 1):
            v = float(shade[j, i])
            row.append(m.vertex((cx - half + i * step, cy - half + j * step, z), (0, 0, 1),
                                (base[0] * v, base[1] * v, base[2] * v, 1.0)))
        rows.append(row)
    for j in range(cells):
        for i in range(cells):
            a, b, c, d = rows[j][i], rows[j][i + 1], rows[j + 1][i + 1], rows[j + 1][i]
            m.tri(a, b, c)
            m.tri(a, c, d)
    node = m.node()
    node.reparentTo(parent)
    apply_material(node, MATTE)
    if lighting is not None:
        node.setShaderOff(20)
        lighting.hide_from_shadow(node)
    return node
