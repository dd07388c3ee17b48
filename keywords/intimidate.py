"""Intimidate (CR 702.13): an evasion ability (702.13a). A creature with intimidate can't
be blocked except by artifact creatures and/or creatures that share a colour with it
(702.13b), a restriction on blocking (509.1b) through the core's
:class:`~manaweave.cards.BlockRestriction`. Both creatures' characteristics are those
they have as blockers are declared. Multiple instances are redundant (702.13c).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability, BlockRestriction

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Intimidate", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Intimidate(BlockRestriction):
    """ "Intimidate" (702.13a): the creature that has it can't be blocked except by
    artifact creatures and/or creatures that share a colour with it."""

    text: str = "Intimidate"

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        if attacker.id != source.id:
            return False
        blocking = game.characteristics(blocker)
        if "Artifact" in blocking.types:
            return False
        # A colourless creature shares a colour with nothing (105.2c).
        colors = game.characteristics(attacker).colors
        return not any(c in blocking.colors for c in colors)


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Intimidate,)
