"""What only Haunting Echoes does, written against the card language:
:class:`ExileGraveyardAndNamesakes`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import CardOption, DecisionKind, Zone
from manaweave.cards import Effect, Resolution
from manaweave.lowlevel import ZoneMove


@dataclass(frozen=True, slots=True)
class ExileGraveyardAndNamesakes(Effect):
    """ "Exile all cards from target player's graveyard other than basic land cards. For
    each card exiled this way, search that player's library for all cards with the same
    name as that card and exile them. Then that player shuffles" (CR 701.13a, 701.23a,
    701.24a). The graveyard's cards are exiled at once; searching for cards of a stated
    quality, the controller need not find all of them (701.23b)."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:

        chosen = resolution.targets[self.target]
        if not isinstance(chosen, tuple):
            return
        game, player, searcher = resolution.game, chosen[1], resolution.controller
        state = game.players[player]
        names: list[str] = []
        graveyard = [
            c
            for c in state.graveyard
            if not ("Basic" in c.card.supertypes and "Land" in c.card.types)
        ]
        moves = [ZoneMove(c, Zone.EXILE, rule="701.13a") for c in graveyard]
        for card_obj, exiled in zip(graveyard, await game.move_together(moves), strict=True):
            if exiled.zone is Zone.EXILE and card_obj.name not in names:
                names.append(card_obj.name)
        namesakes = sorted(
            (c for c in state.library if c.name in names), key=lambda c: (c.name, c.id)
        )
        if namesakes:
            options = [CardOption(c.id, c.name) for c in namesakes]
            decision = game.decision(
                DecisionKind.SEARCH,
                searcher,
                options,
                f"search player {player}'s library for cards named {', '.join(names)}",
                min=0,
                max=len(options),
                rule="701.23b",
            )
            choice = await game.ask(decision)
            await game.move_together(
                [
                    ZoneMove(game.objects[options[i].object], Zone.EXILE, rule="701.13a")
                    for i in choice.indices
                ]
            )
        game.shuffle(player)
