"""Core Set 2019 (M19): the white cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    DestroyAll,
    Mode,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Cleansing Nova",
        spell=SpellAbility(
            modes=(
                Mode("Destroy all creatures.", (DestroyAll(("Creature",)),)),
                Mode(
                    "Destroy all artifacts and enchantments.",
                    (DestroyAll(("Artifact", "Enchantment")),),
                ),
            )
        ),
    ),
)
