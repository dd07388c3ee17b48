"""Zones (CR 400)."""

from __future__ import annotations

import enum

__all__ = ["Zone"]


class Zone(enum.Enum):
    """The game's zones (CR 400.1). Library, hand and graveyard are one per player."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"

    @property
    def is_hidden(self) -> bool:
        """Libraries and hands are hidden zones (CR 400.2)."""
        return self in (Zone.LIBRARY, Zone.HAND)
