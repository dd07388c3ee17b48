"""What only Mirror of Fate does, written against the card language:
:class:`ReplaceLibraryWithExiledCards`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import CardOption, DecisionKind, Zone
from manaweave.cards import Effect, Resolution
from manaweave.lowlevel import GameObject, ZoneMove


@dataclass(frozen=True, slots=True)
class ReplaceLibraryWithExiledCards(Effect):
    """ "Choose up to N face-up exiled cards you own. Exile all the cards from your
    library, then put the chosen cards on top of your library" (CR 701.13a, 406.3): the
    chosen cards go on top in the order chosen, the last one chosen on top."""

    count: int = 7

    async def resolve(self, resolution: Resolution) -> None:

        game, player = resolution.game, resolution.controller
        exiled = sorted(
            (c for c in game.exile if c.owner == player and not c.face_down),
            key=lambda c: (c.name, c.id),
        )
        chosen: list[GameObject] = []
        if exiled:
            options = [CardOption(c.id, c.name) for c in exiled]
            decision = game.decision(
                DecisionKind.CARD,
                player,
                options,
                f"choose up to {self.count} face-up exiled cards you own",
                min=0,
                max=min(self.count, len(options)),
                ordered=True,
            )
            choice = await game.ask(decision)
            chosen = [exiled[i] for i in choice.indices]
        await game.move_together(
            [ZoneMove(c, Zone.EXILE, rule="701.13a") for c in game.players[player].library]
        )
        for card_obj in chosen:
            if card_obj.zone is Zone.EXILE and card_obj.id in game.objects:
                await game.move(card_obj, Zone.LIBRARY, rule="406.3")
