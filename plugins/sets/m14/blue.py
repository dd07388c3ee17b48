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
