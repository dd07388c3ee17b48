"""Vigilance (CR 702.20): attacking doesn't cause a creature with vigilance to tap
(702.20b), through the core's :class:`~manaweave.cards.AttacksWithoutTapping`. Multiple
instances are redundant (702.20c).
"""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import hookimpl
from manaweave.cards import Ability, AttacksWithoutTapping

__all__ = ["Vigilance", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Vigilance(AttacksWithoutTapping):
    """ "Vigilance" (702.20a): a static ability that modifies the rules for the declare
    attackers step."""

    text: str = "Vigilance"


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Vigilance,)
