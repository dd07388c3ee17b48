"""Magic 2012 (M12): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    ANY_TARGET,
    DealDamage,
    Sacrifice,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Goblin Grenade",
        additional_costs=(Sacrifice("sacrifice a Goblin", types=(), subtypes=("Goblin",)),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(5),)),
    ),
)
