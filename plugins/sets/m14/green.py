"""Magic 2014 (M14): the green cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    CreateEmblem,
    CreaturesGet,
    LoyaltyAbility,
    MayPutFromHandOntoBattlefield,
    RevealTopPutTypeIntoHand,
    SearchLibraryOntoBattlefield,
    TriggeredAbility,
    WheneverCast,
    card,
)

CARDS = (
    card(
        "Garruk, Caller of Beasts",
        abilities=(
            LoyaltyAbility(
                effects=(RevealTopPutTypeIntoHand(5, "Creature"),),
                loyalty=1,
            ),
            LoyaltyAbility(
                effects=(MayPutFromHandOntoBattlefield("Creature", color="G"),), loyalty=-3
            ),
            LoyaltyAbility(
                effects=(
                    CreateEmblem(
                        (
                            TriggeredAbility(
                                WheneverCast(by="you", card_type="Creature"),
                                (SearchLibraryOntoBattlefield("Creature"),),
                                optional=True,
                                text="Whenever you cast a creature spell, you may search your "
                                "library for a creature card, put it onto the battlefield, "
                                "then shuffle.",
                            ),
                        ),
                        wording="Whenever you cast a creature spell, you may search your "
                        "library for a creature card, put it onto the battlefield, then "
                        "shuffle.",
                    ),
                ),
                loyalty=-7,
            ),
        ),
    ),
    card("Predatory Sliver", abilities=(CreaturesGet(1, 1, subtype="Sliver"),)),
)
