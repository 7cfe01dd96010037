"""Flickbook's analysis engine: shot explorer, best robust shot, rollouts, win chances,
mistakes and luck, run as pure batches through any executor (docs/analysis.md)."""
