"""What only Burning Inquiry does, written against the card language:
:class:`EachPlayerDiscardsAtRandom`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from manaweave.cards import Amount, Effect, Resolution


@dataclass(frozen=True, slots=True)
class EachPlayerDiscardsAtRandom(Effect):
    """ "Each player discards N cards at random" (CR 701.9b), in APNAP order (101.4)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("discard",)

    count: int | Amount

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        count = resolution.amount(self.count)
        for player in game.turn_order_from(game.active_player):
            hand = game.players[player].hand
            for card_obj in game.rng.sample(list(hand), min(count, len(hand))):
                await game.discard(card_obj, rule="701.9b")
