"""Manifest (CR 701.40): put a card onto the battlefield face down as a 2/2 creature."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave._engine._zones import Zone
from manaweave.events import Manifested
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

__all__ = ["MANIFEST", "manifest", "mw_keywords"]


async def manifest(game: Game, card: GameObject, player: int) -> GameObject:
    """``player`` manifests ``card`` (CR 701.40a): it enters the battlefield face down
    under their control as a 2/2 creature, without entering abilities (708.3). Returns
    the permanent."""
    return game.moves.move_now(
        card,
        Zone.BATTLEFIELD,
        rule="701.40a",
        controller=player,
        event=Manifested,
        face_down=True,
        face_down_by="manifest",
    )


MANIFEST = KeywordAction("manifest", "701.40a", manifest)
"""The keyword action manifest."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (MANIFEST,)
