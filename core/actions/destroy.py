"""Destroy (CR 701.8): move a permanent from the battlefield to its owner's graveyard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave._zones import Zone
from manaweave.events import DestroyFailed
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._game import Game
    from manaweave._objects import GameObject

__all__ = ["DESTROY", "destroy", "mw_keywords"]


async def destroy(
    game: Game, permanent: GameObject, *, rule: str = "701.8a", regenerate: bool = True
) -> GameObject:
    """Destroy a permanent: it goes to its owner's graveyard (CR 701.8a), unless a
    regeneration shield replaces that (701.19a). ``regenerate=False``: "it can't be
    regenerated" (701.19c). A permanent that can't be destroyed (indestructible,
    702.12b) stays where it is, and its regeneration shields are not used. Returns the
    object it became."""
    stopper = game._destruction_stopper(permanent)
    if stopper is not None:
        game.emit(
            DestroyFailed(
                rule=stopper.rule,
                player=permanent.controller,
                object=permanent.id,
                card=permanent.public_name,
            )
        )
        return permanent
    return await game.move(
        permanent, Zone.GRAVEYARD, rule=rule, destroy=True, regenerable=regenerate
    )


DESTROY = KeywordAction("destroy", "701.8a", destroy)
"""The keyword action destroy."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (DESTROY,)
