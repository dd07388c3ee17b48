"""What only Lurking Predators does, written against the card language:
:class:`RevealTopPutTypeOntoBattlefield`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import DecisionKind, Named, Zone
from manaweave.cards import Effect, Resolution
from manaweave.events import CardsRevealed, PermanentEntered


@dataclass(frozen=True, slots=True)
class RevealTopPutTypeOntoBattlefield(Effect):
    """ "Reveal the top card of your library. If it's a [type] card, put it onto the
    battlefield. Otherwise, you may put that card on the bottom of your library"
    (CR 701.20a, 608.2c): a card of another type stays on top unless its owner chooses."""

    card_type: str = "Creature"

    async def resolve(self, resolution: Resolution) -> None:

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        if not library:
            return
        top = library[-1]  # the last card of the list is the top one
        game.emit(CardsRevealed(rule="701.20a", player=player, cards=[top.name]))
        if self.card_type in top.card.types:
            await game.move(
                top, Zone.BATTLEFIELD, rule="701.20a", controller=player, event=PermanentEntered
            )
            return
        options = [Named("yes"), Named("no")]
        decision = game.decision(
            DecisionKind.MAY,
            player,
            options,
            f"you may put {top.name} on the bottom of your library",
            rule="608.2c",
        )
        choice = await game.ask(decision)
        if options[choice.indices[0]].word == "yes":
            await game.put_on_bottom(player, [top])
