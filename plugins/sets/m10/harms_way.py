"""What only Harm's Way does, written against the card language:
:class:`RedirectNextDamageFromChosenSource`. The card itself is defined with the others of
its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.cards import (
    Effect,
    RedirectNextDamageFromSource,
    Resolution,
    choose_damage_source,
)


@dataclass(frozen=True, slots=True)
class RedirectNextDamageFromChosenSource(Effect):
    """ "The next N damage that a source of your choice would deal to you and/or permanents
    you control this turn is dealt to [the target at index ``target``] instead" (CR 614.9,
    614.2): the source is chosen as the effect is created, as the spell resolves (609.7a),
    among permanents and spells on the stack; the recipient was chosen as a target as the
    spell was cast (601.2c). A redirection shield counted 1 damage at a time (615.7), which
    may redirect part of one damage event
    (:class:`~manaweave.RedirectNextDamageFromSource`)."""

    amount: int
    target: int = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        recipient = resolution.targets[self.target]
        if recipient is None:
            return
        chosen = await choose_damage_source(game, resolution.controller, self.wording)
        if chosen is None:
            return
        game.add_replacement_effect(
            RedirectNextDamageFromSource(
                resolution.item.id,
                resolution.controller,
                self.wording,
                resolution.item.name,
                damage_source=chosen,
                protected=resolution.controller,
                to=recipient,
                remaining=self.amount,
            )
        )
