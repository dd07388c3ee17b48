"""Sacrifice (CR 701.21): a player moves a permanent they control to its owner's
graveyard; it is not destroyed, so regeneration and indestructible don't apply."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from manaweave._engine._zone_move import ZoneMove
from manaweave._engine._zones import Zone
from manaweave.events import Sacrificed
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

__all__ = ["SACRIFICE", "mw_keywords", "sacrifice", "sacrifice_all", "sacrificing"]


async def sacrifice(game: Game, permanent: GameObject, *, rule: str = "701.21a") -> GameObject:
    """Its controller sacrifices ``permanent`` (CR 701.21a): battlefield to its owner's
    graveyard, logged as ``sacrificed``. Returns the object it became."""
    return await game.move(permanent, Zone.GRAVEYARD, rule=rule, event=Sacrificed)


async def sacrifice_all(
    game: Game, permanents: Sequence[GameObject], *, rule: str = "701.21a"
) -> list[GameObject]:
    """Their controllers sacrifice ``permanents`` at once (CR 701.21a, 603.10a), every
    choice (the order of replacement effects, 616.1) made before any of them goes (101.4).
    Returns what each became."""
    return await game.move_together([sacrificing(game, p, rule=rule) for p in permanents])


def sacrificing(game: Game, permanent: GameObject, *, rule: str = "701.21a") -> ZoneMove:
    """The move that sacrifices ``permanent`` (CR 701.21a), logged as ``sacrificed``, for
    :meth:`Game.move_together <manaweave.lowlevel.Game.move_together>`; ``game`` is the
    game it happens in, as for every form of a keyword action."""
    return ZoneMove(permanent, Zone.GRAVEYARD, rule=rule, event=Sacrificed)


SACRIFICE = KeywordAction(
    "sacrifice",
    "701.21a",
    sacrifice,
    perform_together=sacrifice_all,
    zone_move=sacrificing,
)
"""The keyword action sacrifice."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (SACRIFICE,)
