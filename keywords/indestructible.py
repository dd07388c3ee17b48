"""Indestructible (CR 702.12): a permanent with indestructible can't be destroyed
(702.12b). Effects that destroy it ("Destroy target creature", "Destroy all creatures")
do nothing to it, and it ignores the state-based actions that destroy a creature with
lethal damage or damage from a source with deathtouch (704.5g-h). It still goes to its
owner's graveyard when it is sacrificed (701.21a) or has toughness 0 or less (704.5f),
which don't destroy it.

Example::

    DARKSTEEL_MYR = card(
        "Darksteel Myr", "{3}", "Artifact Creature — Myr", "Indestructible",
        pt=(0, 1), abilities=(Indestructible(),),
    )
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from manaweave import hookimpl
from manaweave.cards import Ability, CantBeDestroyed

__all__ = ["Indestructible", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Indestructible(CantBeDestroyed):
    """ "Indestructible" (CR 702.12a), a static ability. Multiple instances are redundant
    (702.12c): any one keeps the permanent from being destroyed, and all are equal, so an
    effect that makes it lose indestructible takes every instance."""

    text: str = field(default="Indestructible", compare=False)
    rule: ClassVar[str] = "702.12b"


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Indestructible,)
