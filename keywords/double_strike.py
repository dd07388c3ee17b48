"""Double strike (CR 702.4): a creature with double strike deals combat damage in both
combat damage steps (510.4).

Through the core's :class:`~manaweave.cards.CombatDamageStep`: a creature with double
strike as the combat damage step begins makes the phase have a first combat damage step
and assigns damage in it (702.4b); in the second step it assigns damage again if it
still has double strike (702.4c), and so does a creature that dealt first-strike damage
and has gained double strike since (702.4d). Multiple instances are redundant (702.4e).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from manaweave import hookimpl
from manaweave.cards import Ability, CombatDamageStep

__all__ = ["DoubleStrike", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class DoubleStrike(CombatDamageStep):
    """ "Double strike" (702.4a): a static ability that modifies the rules for the combat
    damage step."""

    text: str = "Double strike"
    in_first_step: ClassVar[bool] = True
    in_second_step: ClassVar[bool] = True


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (DoubleStrike,)
