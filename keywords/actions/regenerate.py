"""Regenerate (CR 701.19): the next time a permanent would be destroyed this turn, it
is instead tapped, its damage removed, and it is removed from combat. The shield that
replaces the destruction is :meth:`manaweave.lowlevel.Game.shield_from_destruction`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.events import PermanentRegenerated
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

__all__ = ["REGENERATE", "mw_keywords", "regenerate"]


async def regenerate(game: Game, permanent: GameObject, *, rule: str = "701.19a") -> None:
    """Regenerate ``permanent`` (CR 701.19a-b): remove all damage marked on it, its
    controller taps it, and it is removed from combat."""
    permanent.damage = 0
    if not permanent.tapped:
        await game.tap(permanent, rule=rule)
    game.remove_from_combat(permanent.id)
    game.emit(
        PermanentRegenerated(
            rule=rule,
            player=permanent.controller,
            object=permanent.id,
        )
    )


REGENERATE = KeywordAction("regenerate", "701.19a", regenerate)
"""The keyword action regenerate."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (REGENERATE,)
