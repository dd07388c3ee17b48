"""Magic 2012 (M12): the green cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    TARGET_CREATURE,
    ActivatedAbility,
    EnchantedGets,
    EnchantedHas,
    Regenerate,
    card,
)
from manaweave.keywords.enchant import Enchant

CARDS = (
    card(
        "Trollhide",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(2, 2, text="Enchanted creature gets +2/+2."),
            EnchantedHas(
                ActivatedAbility(
                    ManaCost.parse("{1}{G}"),
                    (Regenerate(SELF),),
                    text="{1}{G}: Regenerate this creature.",
                ),
                text='enchanted creature has "{1}{G}: Regenerate this creature."',
            ),
        ),
    ),
)
