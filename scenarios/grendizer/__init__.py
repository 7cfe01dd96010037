"""Grendizer XperienZ puzzles: the `.flick` files here, `editor` (a position and puzzle being
set up, without a window), `puzzle` (an opened puzzle's goal check and hints) and
`make_puzzles.py` (writes the bundled puzzles)."""
