"""Helpers shared by several of the Magic 2010 colour modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    ActivatedAbility,
    PumpTarget,
)

if TYPE_CHECKING:
    from manaweave.lowlevel import Characteristics


def pumps_itself(cost: str, power: int, toughness: int) -> ActivatedAbility:
    """ "[cost]: [This] gets +P/+T until end of turn", the firebreathing shape (CR 602); its
    text is the card's paragraph for it."""
    return ActivatedAbility(ManaCost.parse(cost), (PumpTarget(power, toughness, target=SELF),))


def changes_nothing(chars: Characteristics) -> None:
    """The ``modify`` of a continuous effect that works through ``board_modify`` (its change
    needs the whole board, 613.4c)."""
