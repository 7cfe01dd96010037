"""Helpers for the real-window (Xvfb + xdotool) end-to-end tests."""
