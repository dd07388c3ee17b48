"""Helpers shared by several of the Magic 2010 colour modules."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    ActivatedAbility,
    PumpTarget,
)


def _pumps_itself(name: str, cost: str, power: int, toughness: int) -> ActivatedAbility:
    """ "[cost]: [This] gets +P/+T until end of turn", the firebreathing shape (CR 602)."""
    return ActivatedAbility(
        ManaCost.parse(cost),
        (PumpTarget(power, toughness, target=SELF),),
        text=f"{cost}: {name} gets +{power}/+{toughness} until end of turn.",
    )
