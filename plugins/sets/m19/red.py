"""Core Set 2019 (M19): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    ANY_TARGET,
    DealDamage,
    DiscardCards,
    DrawCards,
    Sacrifice,
    SacrificedPower,
    SpellAbility,
    X,
    XAtLeast,
    card,
)

CARDS = (
    card(
        "Banefire",
        spell=SpellAbility(
            targets=(ANY_TARGET,),
            effects=(DealDamage(X, unpreventable_if=XAtLeast(5)),),
            uncounterable_if=XAtLeast(5),
        ),
    ),
    card(
        "Thud",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(SacrificedPower()),)),
    ),
    card(
        "Tormenting Voice",
        additional_costs=(DiscardCards(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
)
