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
        "{U}",
        "Creature — Human Artificer",
        "Gearsmith Prodigy gets +1/+0 as long as you control an artifact.",
        pt=(1, 2),
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
        "{1}{U}{U}",
        "Enchantment — Aura",
        "Enchant creature\nWhen Waterknot enters the battlefield, tap enchanted "
        "creature.\nEnchanted creature doesn't untap during its controller's untap step.",
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
