"""Sacrifice (CR 701.21): a player moves a permanent they control to its owner's
graveyard; it is not destroyed, so regeneration and indestructible don't apply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave._zones import Zone
from manaweave.events import Sacrificed
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._game import Game
    from manaweave._objects import GameObject

__all__ = ["SACRIFICE", "mw_keywords", "sacrifice"]


async def sacrifice(game: Game, permanent: GameObject, *, rule: str = "701.21a") -> GameObject:
    """Its controller sacrifices ``permanent`` (CR 701.21a): battlefield to its owner's
    graveyard, logged as ``sacrificed``. Returns the object it became."""
    return await game.move(permanent, Zone.GRAVEYARD, rule=rule, event=Sacrificed)


SACRIFICE = KeywordAction("sacrifice", "701.21a", sacrifice)
"""The keyword action sacrifice."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (SACRIFICE,)
