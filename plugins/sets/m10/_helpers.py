"""Helpers shared by several of the Magic 2010 colour modules."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    ActivatedAbility,
    PumpTarget,
)


def pumps_itself(cost: str, power: int, toughness: int) -> ActivatedAbility:
    """ "[cost]: [This] gets +P/+T until end of turn", the firebreathing shape (CR 602); its
    text is the card's paragraph for it."""
    return ActivatedAbility(ManaCost.parse(cost), (PumpTarget(power, toughness, target=SELF),))
