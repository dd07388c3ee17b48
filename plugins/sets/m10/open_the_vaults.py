"""What only Open the Vaults does, written against the card language:
:class:`ReturnAllCardsOfTypesFromGraveyards`. The card itself is defined with the others of
its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.cards import Effect, Resolution


@dataclass(frozen=True, slots=True)
class ReturnAllCardsOfTypesFromGraveyards(Effect):
    """The text "Return all [type] and [type] cards from all graveyards to the battlefield
    under their owners' control": all at once (CR 603.6a, 110.2). An Aura among them is
    not cast, so as it enters its owner chooses what it will enchant among the permanents
    already on the battlefield, not one entering with it (303.4f), and with nothing it
    could enchant it stays in its graveyard (303.4g): :meth:`Game.move_together` sees to
    both, owners choosing in turn order (101.4) before any card enters."""

    card_types: tuple[str, ...]

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        cards = [
            c
            for player in game.turn_order_from(game.active_player)
            for c in game.players[player].graveyard
            if any(t in c.card.types for t in self.card_types)
        ]
        await game.put_onto_battlefield_together(cards, rule="110.2")
