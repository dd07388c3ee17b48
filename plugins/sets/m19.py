"""Core Set 2019 (M19): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import CardSet, DestroyAll, Mode, SpellAbility, card

SET_CODE = "M19"

CARDS = (
    card(
        "Cleansing Nova",
        "{3}{W}{W}",
        "Sorcery",
        "Choose one —\n• Destroy all creatures.\n• Destroy all artifacts and enchantments.",
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


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Core Set 2019", CARDS)]
