"""Core Set 2019 (M19): the black cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    DrawCards,
    GetsAsLongAs,
    IsAttacking,
    Sacrifice,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Blood Divination",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(effects=(DrawCards(3),)),
    ),
    card("Grasping Scoundrel", abilities=(GetsAsLongAs(1, 0, IsAttacking()),)),
)
