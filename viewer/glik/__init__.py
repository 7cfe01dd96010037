"""Glik in the viewer: its scene, its demo and its puzzle editor (the Glik house)."""
