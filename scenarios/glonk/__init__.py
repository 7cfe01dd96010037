"""Glonk scenarios and tutorials: the `.flick` files here, `goals` (the machine-checkable goals
a Glonk scenario may carry) and `make_tutorials.py` (writes the bundled tutorials)."""
