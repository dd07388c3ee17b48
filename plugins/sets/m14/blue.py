"""Magic 2014 (M14): the blue cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    TARGET_CREATURE,
    DoesntUntap,
    TapEnchanted,
    TriggeredAbility,
    WhenEnters,
    card,
)
from manaweave.keywords.enchant import Enchant

CARDS = (
    card(
        "Claustrophobia",
        "{1}{U}{U}",
        "Enchantment — Aura",
        "Enchant creature\nWhen Claustrophobia enters the battlefield, tap enchanted "
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
