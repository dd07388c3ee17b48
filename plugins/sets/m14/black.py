"""Magic 2014 (M14): the black cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    ActivatedAbility,
    DrawCards,
    Regenerate,
    Sacrifice,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Altar's Reap", additional_costs=(Sacrifice(),), spell=SpellAbility(effects=(DrawCards(2),))
    ),
    card(
        "Vampire Warlord",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (Regenerate(SELF),),
                costs=(Sacrifice("sacrifice another creature", another=True),),
            ),
        ),
    ),
)
