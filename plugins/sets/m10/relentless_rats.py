"""What only Relentless Rats does, written against the card language:
:class:`GetsForEachOtherCreatureNamed`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave.cards import StaticAbility
from manaweave.lowlevel import Characteristics, ContinuousEffect, Layer

from ._helpers import changes_nothing

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject


@dataclass(frozen=True, slots=True)
class GetsForEachOtherCreatureNamed(StaticAbility):
    """ "[This] gets +P/+T for each other creature on the battlefield named [name]" (CR
    611.3a, 613.4c, 201.2): counted whenever the effect applies, by the names the earlier
    layers left (a copy effect changes a name in layer 1, 613.2a)."""

    name: str
    power: int = 1
    toughness: int = 1
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        name, power, toughness = self.name, self.power, self.toughness

        def bonus(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            count = sum(
                1
                for key, other in board.items()
                if key != source.id and other.is_creature and other.name == name
            )
            if target.power is not None and target.toughness is not None:
                target.power += power * count
                target.toughness += toughness * count

        # Counted with the whole board in view (613.4c), so the effect works through
        # board_modify and its own modify changes nothing.
        return (
            ContinuousEffect(
                layer=Layer.PT_MODIFYING,
                timestamp=source.timestamp,  # a static ability's effect (613.7a)
                source=source.id,
                affected=frozenset((source.id,)),
                modify=changes_nothing,
                description=self.text,
                board_modify=bonus,
            ),
        )
