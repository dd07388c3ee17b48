"""Mill (CR 701.17): a player puts the top N cards of their library into their graveyard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave._engine._zones import Zone
from manaweave.events import CardsMilled
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

__all__ = ["MILL", "mill", "mw_keywords"]


async def mill(game: Game, player: int, count: int) -> list[GameObject]:
    """``player`` mills ``count`` cards, or as many as their library has (CR 701.17a).

    Milling is one event that moves the top ``count`` cards, all chosen as it begins: a
    replacement effect that keeps one of them in the library (614.6: "shuffle it into its
    owner's library instead") changes where that card goes, and no other card is milled
    in its place, nor is it milled again. Returns the milled cards as the objects they
    became, in the zones they went to (701.17c)."""
    library = game.players[player].library
    count = min(count, len(library))
    top = library[len(library) - count :][::-1]  # the top card is the list's last
    seq = game.emit(CardsMilled(rule="701.17a", player=player, count=count))
    milled: list[GameObject] = []
    with game.caused_by(seq):
        for card in top:
            if card.zone is Zone.LIBRARY and game.objects.get(card.id) is card:
                moved = await game.move(card, Zone.GRAVEYARD, rule="701.17a")
                if moved.zone is not Zone.LIBRARY:  # found where it went (701.17c)
                    milled.append(moved)
    return milled


MILL = KeywordAction("mill", "701.17a", mill)
"""The keyword action mill."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (MILL,)
