"""Reach (CR 702.17): a creature with reach can block creatures with flying (702.17b).

Reach changes nothing by itself: flying's restriction on blocking
(:class:`manaweave.keywords.flying.Flying`) lets creatures with reach block. Multiple
instances are redundant (702.17c).
"""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import hookimpl
from manaweave.cards import Ability

__all__ = ["Reach", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Reach(Ability):
    """ "Reach" (702.17a): a static ability."""

    text: str = "Reach"


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Reach,)
