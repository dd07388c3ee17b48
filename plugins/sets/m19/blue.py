"""Core Set 2019 (M19): the blue cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    TARGET_CREATURE,
    DoesntUntap,
    GetsAsLongAs,
    TapEnchanted,
    TriggeredAbility,
    WhenEnters,
    YouControlA,
    card,
)
from manaweave.keywords.enchant import Enchant

CARDS = (
    card(
        "Gearsmith Prodigy",
        abilities=(
            GetsAsLongAs(
                1,
                0,
                YouControlA("Artifact"),
            ),
        ),
    ),
    card(
        "Waterknot",
        abilities=(
            Enchant(TARGET_CREATURE),
            TriggeredAbility(
                WhenEnters(),
                (TapEnchanted(),),
            ),
            DoesntUntap(),
        ),
    ),
)
