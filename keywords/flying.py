"""Flying (CR 702.9): an evasion ability. A creature with flying can't be blocked except
by creatures with flying and/or reach (702.9b), a restriction on blocking (509.1b)
through the core's :class:`~manaweave.cards.BlockRestriction`. A creature with flying
can block creatures with or without it. Multiple instances are redundant (702.9c).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability, BlockRestriction
from manaweave.keywords.reach import Reach

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Flying", "has_flying", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Flying(BlockRestriction):
    """ "Flying" (702.9a): the creature that has it can't be blocked except by creatures
    with flying and/or reach."""

    text: str = "Flying"

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        if attacker.id != source.id:
            return False
        blocker_chars = game.characteristics(blocker)
        return not blocker_chars.abilities_of(Flying) and not blocker_chars.abilities_of(Reach)


def has_flying(game: Game, creature: GameObject) -> bool:
    """Whether ``creature`` has flying now, for abilities that ask ("can block only
    creatures with flying")."""
    return bool(game.characteristics(creature).abilities_of(Flying))


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Flying,)
