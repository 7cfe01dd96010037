"""The faces of Glik's small boards: their colours and textures (below the scene and the hand
tray, which both draw them)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from panda3d.core import SamplerState, Texture

from games.glik.kit import KIT, NEUTRAL, SIZE, rotate_rows

RGB = {
    "yellow": (0.96, 0.76, 0.08),
    "red": (0.83, 0.13, 0.11),
    "green": (0.10, 0.58, 0.22),
    "blue": (0.12, 0.33, 0.85),
    NEUTRAL: (0.16, 0.16, 0.18),
}
FIELD = (0.88, 0.85, 0.77)
FIELD_LINE = (0.62, 0.58, 0.50)
BROWN = (0.42, 0.25, 0.12)
TILE_EDGE = (0.72, 0.68, 0.60)
UNUSED_MIX = 0.55  # how far a colour not in play fades towards the field lines' grey


@lru_cache(maxsize=128)
def tile_image(board: int | None, rotation: int, px: int = 48, unused: bool = False) -> bytes:
    """RGB bytes (bottom row first, Panda's order) of one small board's face; `unused`: its
    colour is not in play, so its start and destination fields are drawn faded to grey."""
    n = SIZE
    rows = rotate_rows(KIT["boards"][board]["rows"], rotation) if board is not None else ("." * n,) * n
    colour = KIT["boards"][board].get("colour") if board is not None else None
    rgb = None if colour is None else np.array(RGB[colour])
    if rgb is not None and unused:
        rgb = UNUSED_MIX * np.array(FIELD_LINE) + (1 - UNUSED_MIX) * rgb.mean()
    size = n * px
    img = np.empty((size, size, 3), dtype=np.float32)
    img[:] = FIELD_LINE
    yy, xx = np.mgrid[0:px, 0:px].astype(np.float32) + 0.5
    d = np.hypot(xx - px / 2, yy - px / 2) / (px / 2)
    inner = (xx > 1.5) & (xx < px - 1.5) & (yy > 1.5) & (yy < px - 1.5)
    for r in range(n):
        for c in range(n):
            sym = rows[r][c]
            cell = np.empty((px, px, 3), dtype=np.float32)
            cell[:] = FIELD_LINE
            if sym == "#":
                base = np.array(BROWN)
                shade = 1.0 - 0.08 * ((xx + yy) % 6 < 3)
                cell[inner] = (base * shade[..., None])[inner]
            elif sym == "S":
                col = rgb
                cell[inner] = FIELD
                disc = inner & (d < 0.82)
                cell[disc] = col
                cell[inner & (d >= 0.82) & (d < 0.9)] = col * 0.7
            elif sym == "D":
                col = rgb
                cell[inner] = col
                ring = inner & (((d > 0.18) & (d < 0.30)) | ((d > 0.44) & (d < 0.56)))
                cell[ring] = (0.97, 0.96, 0.92)
            else:
                cell[inner] = FIELD
            img[r * px:(r + 1) * px, c * px:(c + 1) * px] = cell
    # a darker rim round the small board
    img[:2, :] = TILE_EDGE
    img[-2:, :] = TILE_EDGE
    img[:, :2] = TILE_EDGE
    img[:, -2:] = TILE_EDGE
    out = (np.clip(img, 0, 1) * 255).astype(np.uint8)[::-1, :, ::-1]  # bottom-up, BGR
    return np.ascontiguousarray(out).tobytes()


_textures: dict = {}


def tile_texture(board: int | None, rotation: int, unused: bool = False) -> Texture:
    key = (board, rotation, unused)
    tex = _textures.get(key)
    if tex is None:
        px = 48
        tex = Texture(f"board-{board}-{rotation}")
        tex.setup2dTexture(SIZE * px, SIZE * px, Texture.T_unsigned_byte, Texture.F_rgb8)
        tex.setRamImage(tile_image(board, rotation, px, unused))
        # no mipmaps: fields are 20-60 px on screen, and trilinear filtering is costly in
        # software GL (measured: about a quarter of the board's cost)
        tex.setMinfilter(SamplerState.FT_linear)
        tex.setMagfilter(SamplerState.FT_linear)
        tex.setWrapU(SamplerState.WM_clamp)
        tex.setWrapV(SamplerState.WM_clamp)
        _textures[key] = tex
    return tex
