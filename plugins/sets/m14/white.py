"""Magic 2014 (M14): the white cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    Mode,
    PumpAll,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Fortify",
        spell=SpellAbility(
            modes=(
                Mode("Creatures you control get +2/+0 until end of turn.", (PumpAll(2, 0),)),
                Mode("Creatures you control get +0/+2 until end of turn.", (PumpAll(0, 2),)),
            )
        ),
    ),
)
