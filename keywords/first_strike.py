"""First strike (CR 702.7): a creature with first strike deals its combat damage in a
combat damage step of its own, before creatures without it (510.4).

The core's :class:`~manaweave.cards.CombatDamageStep` does the rest: if an attacking or
blocking creature has first strike or double strike as the combat damage step begins,
the phase gets a first combat damage step in which only those creatures assign combat
damage, and the others assign theirs in a second one (702.7b). A creature that had first
strike as the first step began doesn't assign damage in the second even if it loses
first strike; one that gains it after the first step still does (702.7c). Multiple
instances are redundant (702.7d): the step it deals damage in doesn't count them.

Example::

    WHITE_KNIGHT = card(
        "White Knight", "{W}{W}", "Creature — Human Knight", "First strike", pt=(2, 2),
        abilities=(FirstStrike(),),
    )
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from manaweave import hookimpl
from manaweave.cards import Ability, CombatDamageStep

__all__ = ["FirstStrike", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class FirstStrike(CombatDamageStep):
    """ "First strike" (702.7a): a static ability that modifies the rules for the combat
    damage step."""

    text: str = "First strike"
    in_first_step: ClassVar[bool] = True
    in_second_step: ClassVar[bool] = False


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (FirstStrike,)
