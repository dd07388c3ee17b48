"""Magic 2013 (M13): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    ActivatedAbility,
    DealDividedDamage,
    DiscardCards,
    DrawCards,
    GetsAsLongAs,
    Regenerate,
    SpellAbility,
    TargetKind,
    TargetSpec,
    YouControlA,
    card,
)

CARDS = (
    card(
        "Crimson Muckwader",
        abilities=(
            GetsAsLongAs(
                1,
                1,
                YouControlA("Land", subtype="Swamp"),
            ),
            ActivatedAbility(
                ManaCost.parse("{2}{B}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card(
        "Flames of the Firebrand",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.ANY, "one, two, or three targets", count=3, minimum=1),),
            effects=(DealDividedDamage(3),),
        ),
    ),
    card(
        "Wild Guess",
        additional_costs=(DiscardCards(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
)
