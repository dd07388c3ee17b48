"""Magic 2011 (M11): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import CardSet, DestroyAll, SpellAbility, card

SET_CODE = "M11"

CARDS = (
    card(
        "Day of Judgment",
        "{2}{W}{W}",
        "Sorcery",
        "Destroy all creatures.",
        spell=SpellAbility(effects=(DestroyAll(("Creature",)),)),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2011", CARDS)]
