"""Destroy (CR 701.8): move a permanent from the battlefield to its owner's graveyard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from manaweave._engine._zone_move import ZoneMove
from manaweave._engine._zones import Zone
from manaweave.events import DestroyFailed
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

__all__ = ["DESTROY", "destroy", "destroy_all", "destruction", "mw_keywords"]


def destruction(
    game: Game, permanent: GameObject, *, rule: str = "701.8a", regenerate: bool = True
) -> ZoneMove | None:
    """The move that destroys ``permanent``: to its owner's graveyard (CR 701.8a), which
    a regeneration shield may replace (701.19a) unless ``regenerate`` is false (701.19c).
    ``None``, logged as ``destroy_failed``, if it can't be destroyed (indestructible,
    702.12b): it stays where it is, and its regeneration shields are not used."""
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
        return None
    return ZoneMove(permanent, Zone.GRAVEYARD, rule=rule, destroy=True, regenerable=regenerate)


async def destroy(
    game: Game, permanent: GameObject, *, rule: str = "701.8a", regenerate: bool = True
) -> GameObject:
    """Destroy a permanent: it goes to its owner's graveyard (CR 701.8a), unless a
    regeneration shield replaces that (701.19a). ``regenerate=False``: "it can't be
    regenerated" (701.19c). A permanent that can't be destroyed (indestructible,
    702.12b) stays where it is, and its regeneration shields are not used. Returns the
    object it became."""
    move = destruction(game, permanent, rule=rule, regenerate=regenerate)
    if move is None:
        return permanent
    return await game.move(
        permanent, Zone.GRAVEYARD, rule=rule, destroy=True, regenerable=regenerate
    )


async def destroy_all(
    game: Game,
    permanents: Sequence[GameObject],
    *,
    rule: str = "701.8a",
    regenerate: bool = True,
) -> list[GameObject]:
    """Destroy ``permanents`` at once ("destroy all creatures", CR 701.8a, 603.10a), as
    :func:`destroy` destroys one, every choice (the order of replacement effects, 616.1)
    made before any of them goes (101.4). Returns what each became."""
    moves = {p.id: destruction(game, p, rule=rule, regenerate=regenerate) for p in permanents}
    destroyed = iter(await game.move_together([m for m in moves.values() if m is not None]))
    return [
        permanent if moves[permanent.id] is None else next(destroyed) for permanent in permanents
    ]


DESTROY = KeywordAction(
    "destroy", "701.8a", destroy, perform_together=destroy_all, zone_move=destruction
)
"""The keyword action destroy."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (DESTROY,)
