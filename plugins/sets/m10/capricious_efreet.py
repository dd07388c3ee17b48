"""What only Capricious Efreet does, written against the card language:
:class:`DestroyOneAtRandom`. The card itself is defined with the others of its colour."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from manaweave.cards import Effect, Resolution


@dataclass(frozen=True, slots=True)
class DestroyOneAtRandom(Effect):
    """ "Destroy one of them at random" (CR 701.8a): one of the targets still legal as it
    resolves (608.2b), chosen at random."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("destroy",)

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        legal = [t for t in resolution.targets if isinstance(t, int)]
        if legal:
            await game.destroy(game.objects[game.rng.choice(legal)])
