"""Flickbook's version (the one place it is written) and, in `flickbook.resources`, where the
program finds its own files. This package imports nothing else of the project, so every layer
may use it."""

__version__ = "0.1.0"
