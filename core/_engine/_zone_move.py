"""One object's move in a batch of simultaneous zone changes (CR 603.6a, 603.10a, 101.4):
what :meth:`ZoneMoves.move_together <manaweave.lowlevel.ZoneMoves.move_together>` and
:meth:`Game.move_together <manaweave.lowlevel.Game.move_together>` carry out."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.events import ObjectMoved, ZoneChangeRecord

from ._objects import GameObject
from ._zones import Zone

__all__ = ["ZoneMove"]


@dataclass(frozen=True, slots=True)
class ZoneMove:
    """One object's move in a batch of simultaneous moves
    (:meth:`ZoneMoves.move_together <manaweave.lowlevel.ZoneMoves.move_together>`), with
    the options of :meth:`ZoneMoves.move <manaweave.lowlevel.ZoneMoves.move>`."""

    obj: GameObject
    to: Zone
    rule: str | None = None
    bottom: bool = False
    controller: int | None = None
    """Onto the battlefield or the stack: who controls it there (default: its owner)."""
    tapped: bool = False
    event: type[ZoneChangeRecord] = ObjectMoved
    """The kind of zone change logged."""
    destroy: bool = False
    """The move is the object being destroyed (701.8), which regeneration can replace."""
    regenerable: bool = True
    """False for "it can't be regenerated" (701.19c)."""
