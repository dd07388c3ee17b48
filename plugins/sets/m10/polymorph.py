"""What only Polymorph does, written against the card language:
:class:`ItsControllerRevealsUntilCreature`. The card itself is defined with the others of
its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import Zone
from manaweave.cards import Effect, Resolution
from manaweave.events import CardsRevealed, PermanentEntered
from manaweave.lowlevel import GameObject


@dataclass(frozen=True, slots=True)
class ItsControllerRevealsUntilCreature(Effect):
    """ "Its controller reveals cards from the top of their library until they reveal a
    creature card. The player puts that card onto the battlefield, then shuffles all
    other cards revealed this way into their library" (CR 701.20a, 701.24a): "its" is
    the target at index ``target``, known as it last existed if an earlier instruction
    moved it (608.2h). With no creature card, the whole library is revealed."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if not isinstance(chosen, int):
            return
        game = resolution.game
        its = game.objects.get(chosen) or resolution.last_known.get(chosen)
        if its is None:
            return
        player = its.controller
        revealed: list[GameObject] = []
        found: GameObject | None = None
        for card_obj in reversed(game.players[player].library):
            revealed.append(card_obj)
            if "Creature" in card_obj.card.types:
                found = card_obj
                break
        game.emit(CardsRevealed(rule="701.20a", player=player, cards=[c.name for c in revealed]))
        if found is not None:
            await game.move(
                found,
                Zone.BATTLEFIELD,
                rule="701.20a",
                controller=player,
                event=PermanentEntered,
            )
        # The other revealed cards never left the library (701.20b): shuffling it
        # shuffles them into it.
        game.shuffle(player)
