"""Defender (CR 702.3): a creature with defender can't attack (702.3b), a restriction
on attacking (508.1c) through the core's :class:`~manaweave.cards.AttackRestriction`.
Multiple instances are redundant (702.3c). It can still block.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability, AttackRestriction

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Defender", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Defender(AttackRestriction):
    """ "Defender" (702.3a): a static ability."""

    text: str = "Defender"

    def forbids_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: int | tuple[str, int]
    ) -> bool:
        return creature.id == source.id


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Defender,)
