"""What only Sphinx Ambassador does, written against the card language:
:class:`SearchTheirLibraryUnlessTheyNameIt`. The card itself is defined with the others of
its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import DecisionKind, Named, Zone
from manaweave.cards import Effect, Recipient, Resolution, search_library_for_a_card
from manaweave.events import PermanentEntered


@dataclass(frozen=True, slots=True)
class SearchTheirLibraryUnlessTheyNameIt(Effect):
    """ "Search that player's library for a card, then that player chooses a card name.
    If you searched for a creature card that doesn't have that name, you may put it onto
    the battlefield under your control. Then that player shuffles" (CR 701.23a, 701.24a).
    With no stated quality, a card must be found if there is one (701.23b); only the
    searcher sees it. The names offered are those of every card the engine knows: naming
    any other card would work like naming one of those that the found card doesn't have."""

    player: Recipient = "that player"

    async def resolve(self, resolution: Resolution) -> None:

        recipient = resolution.recipient(self.player)
        if not isinstance(recipient, tuple):
            return
        game, searcher, owner = resolution.game, resolution.controller, recipient[1]
        found = await search_library_for_a_card(
            game, searcher, owner, f"search {game.players[owner].name}'s library for a card"
        )
        names = sorted(game.host.cards)
        named_options = [Named(n) for n in names]
        decision = game.decision(
            DecisionKind.CHOICE, owner, named_options, "choose a card name", rule="608.2d"
        )
        named = names[(await game.ask(decision)).indices[0]]
        if found is not None and "Creature" in found.card.types and found.name != named:
            answers = [Named("yes"), Named("no")]
            decision = game.decision(
                DecisionKind.MAY,
                searcher,
                answers,
                f"you may put {found.name} onto the battlefield under your control",
                rule="608.2d",
            )
            if answers[(await game.ask(decision)).indices[0]].word == "yes":
                await game.move(
                    found,
                    Zone.BATTLEFIELD,
                    rule="701.23a",
                    controller=searcher,
                    event=PermanentEntered,
                )
        game.shuffle(owner)
