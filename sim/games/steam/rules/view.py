"""What a Steam bot decides from: everything is public but the future draws."""

from __future__ import annotations

from sim.core.view import shallow

from .state import SteamState


def view(state: SteamState, seat: int) -> SteamState:
    """The state without its rng (public parts shared, not copied)."""
    return shallow(state, rng=None)
