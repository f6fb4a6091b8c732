"""Bots shared by every game."""
