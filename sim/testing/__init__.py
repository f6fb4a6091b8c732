"""Helpers for tests of the toolkit itself (a tiny toy game, rank helpers)."""
