"""Menace (CR 702.111): an evasion ability. A creature with menace can't be blocked
except by two or more creatures (702.111b), a restriction on the whole declaration of
blockers (509.1b) through the core's :class:`~manaweave.cards.BlockRestriction`: a
declaration in which exactly one creature blocks it is illegal. Multiple instances are
redundant (702.111c).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability, BlockRestriction

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Menace", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Menace(BlockRestriction):
    """ "Menace" (702.111a): the creature that has it can't be blocked except by two or
    more creatures."""

    text: str = "Menace"

    def forbids_blockers(
        self, game: Game, source: GameObject, blocks: Mapping[int, tuple[int, ...]]
    ) -> bool:
        blockers = sum(1 for blocked in blocks.values() if source.id in blocked)
        return blockers == 1


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Menace,)
