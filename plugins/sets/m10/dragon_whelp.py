"""What only Dragon Whelp does, written against the card language:
:class:`IfActivatedThisTurnAtLeast`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.cards import Effect, Resolution
from manaweave.lowlevel import AbilityOnStack


@dataclass(frozen=True, slots=True)
class IfActivatedThisTurnAtLeast(Effect):
    """ "If this ability has been activated N or more times this turn, [effects]": checked
    as the ability resolves (608.2c), counting its activations from its source this turn,
    this one included."""

    times: int
    effects: tuple[Effect, ...]

    async def resolve(self, resolution: Resolution) -> None:

        item = resolution.item
        if not isinstance(item, AbilityOnStack):
            return
        source = resolution.game.objects.get(item.source) or item.source_snapshot
        turn, count = source.activation_counts.get(item.ability, (0, 0))
        if turn == resolution.game.turn and count >= self.times:
            for effect in self.effects:
                await effect.resolve(resolution)
