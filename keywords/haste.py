"""Haste (CR 702.10): a creature with haste can attack, and its controller can activate
its abilities with {T} or {Q} in their costs, even if they haven't controlled it
continuously since their most recent turn began (702.10b-c): the summoning-sickness
rule (302.6) doesn't apply to it.

Example::

    RAGING_GOBLIN = card(
        "Raging Goblin", "{R}", "Creature — Goblin Berserker", "Haste",
        pt=(1, 1), abilities=(Haste(),),
    )
"""

from __future__ import annotations

from dataclasses import dataclass, field

from manaweave import hookimpl
from manaweave.cards import Ability, SummoningSicknessExemption

__all__ = ["Haste", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Haste(SummoningSicknessExemption):
    """ "Haste" (CR 702.10a), a static ability. Multiple instances are redundant
    (702.10d): any one exempts the creature, and all are equal, so an effect that makes it
    lose haste takes every instance."""

    text: str = field(default="Haste", compare=False)


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Haste,)
