"""What only Coat of Arms does, written against the card language:
:class:`EachCreatureGetsPerSharedType`. The card itself is defined with the other
artifacts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import Zone
from manaweave.cards import CREATURE_TYPES, StaticAbility
from manaweave.lowlevel import Characteristics, ContinuousEffect, Layer

from ._helpers import changes_nothing

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject


@dataclass(frozen=True, slots=True)
class EachCreatureGetsPerSharedType(StaticAbility):
    """ "Each creature gets +1/+1 for each other creature on the battlefield that shares at
    least one creature type with it" (CR 611.3a, 613.4c, 205.3m): every creature, each by
    its own count, judged with the creature types the earlier layers left (613.1d)."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        known = frozenset(CREATURE_TYPES)

        def bonus(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            mine = known.intersection(target.subtypes)
            if not mine or target.power is None or target.toughness is None:
                return
            sharing = sum(
                1
                for other in board.values()
                if other is not target and other.is_creature and mine.intersection(other.subtypes)
            )
            target.power += sharing
            target.toughness += sharing

        # Each creature's count needs the whole board (613.4c): the effect works through
        # board_modify and its own modify changes nothing.
        return (
            ContinuousEffect(
                layer=Layer.PT_MODIFYING,
                timestamp=source.timestamp,  # a static ability's effect (613.7a)
                source=source.id,
                affected=None,  # every creature, each time it applies (611.3a)
                modify=changes_nothing,
                description=self.text,
                applies_to=lambda obj, chars: obj.zone is Zone.BATTLEFIELD and chars.is_creature,
                board_modify=bonus,
            ),
        )
