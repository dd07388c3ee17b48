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
        "{3}{B}",
        "Sorcery",
        "As an additional cost to cast this spell, sacrifice a creature.\nDraw three cards.",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(effects=(DrawCards(3),)),
    ),
    card(
        "Grasping Scoundrel",
        "{B}",
        "Creature — Human Pirate",
        "Grasping Scoundrel gets +1/+0 as long as it's attacking.",
        pt=(1, 1),
        abilities=(GetsAsLongAs(1, 0, IsAttacking()),),
    ),
)
