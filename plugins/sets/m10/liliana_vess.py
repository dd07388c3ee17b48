"""What only Liliana Vess does, written against the card language:
:class:`ReturnAllCreatureCardsFromGraveyards`. The card itself is defined with the others of
its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.cards import Effect, Resolution


@dataclass(frozen=True, slots=True)
class ReturnAllCreatureCardsFromGraveyards(Effect):
    """The text "Put all creature cards from all graveyards onto the battlefield under
    your control": all at once (CR 603.6a, 110.2), every choice made as they enter (a
    copy's, 707.5; 614.12) before any of them enters (101.4)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        cards = [c for state in game.players for c in state.graveyard if "Creature" in c.card.types]
        await game.put_onto_battlefield_together(
            cards, rule="110.2", controller=resolution.controller
        )
