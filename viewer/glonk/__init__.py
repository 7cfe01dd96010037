"""Glonk in the 3D viewer: the Galaxy mat, the discs, motion playback and flicking by mouse.

`scene.GlonkScene` is the pluggable scene (registered in `viewer.scenes`); `textures` makes the
mat and sticker images (committed under assets/glonk/); `meshes` builds the disc and sector
geometry; `aim` turns a slingshot drag into a flick and a reach estimate.
"""
