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
        "{X}{R}",
        "Sorcery",
        "Banefire deals X damage to any target.\nIf X is 5 or more, this spell can't be "
        "countered and the damage can't be prevented.",
        spell=SpellAbility(
            targets=(ANY_TARGET,),
            effects=(DealDamage(X, unpreventable_if=XAtLeast(5)),),
            uncounterable_if=XAtLeast(5),
        ),
    ),
    card(
        "Thud",
        "{R}",
        "Sorcery",
        "As an additional cost to cast this spell, sacrifice a creature.\nThud deals damage "
        "equal to the sacrificed creature's power to any target.",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(SacrificedPower()),)),
    ),
    card(
        "Tormenting Voice",
        "{1}{R}",
        "Sorcery",
        "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
        additional_costs=(DiscardCards(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
)
